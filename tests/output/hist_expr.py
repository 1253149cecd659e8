# hist_expr.py: histograms over a user expression, and weighted by one, against the same
# histograms computed here from the particles of the run's full dump at that step.
# usage: hist_expr.py DIAGS_DIR STEP
import csv
import math
import sys

import h5py
import numpy as np

out, step = sys.argv[1], int(sys.argv[2])
M_E, C = 9.1093837015e-31, 299792458.0
f = h5py.File("%s/parts/openpmd_%06d.h5" % (out, step))
e = f["data/%d/particles/e" % step]
x = e["position/x"][...] * e["position/x"].attrs["unitSI"]
u = [e["momentum/" + a][...] * e["momentum/" + a].attrs["unitSI"] / (M_E * C) for a in "xyz"]
w = e["weighting"][...]
gamma = np.sqrt(1 + u[0] ** 2 + u[1] ** 2 + u[2] ** 2)


def row(name):
    r = [r for r in csv.DictReader(open("%s/%s.csv" % (out, name))) if int(r["step"]) == step][0]
    return np.array([float(v) for k, v in r.items() if k not in ("step", "time_s")])


# "ux*ux + uy*uy" in 10 bins over [0, 0.01); particles within 1e-12 of an edge would be binned by
# the kernel's rounding, not this one's: the test says how many there are (none expected)
q = u[0] ** 2 + u[1] ** 2
t = (q - 0) * 10 / 0.01
near = np.abs(t - np.round(t)) < 1e-9
want = np.zeros(10)
inside = (t >= 0) & (t < 10)
np.add.at(want, np.floor(t[inside]).astype(int), w[inside])
got = row("u2")
assert near.sum() == 0, "%d particles at a bin edge" % near.sum()
assert got.shape == (10,) and np.abs(got - want).max() <= 1e-12 * w.sum(), (got, want)
assert got.sum() > 0.5 * w.sum(), "the range holds too few particles to show anything"
# x in 4 bins over the domain, each particle counting weight x gamma
t = x * 4 / 8e-6
want = np.zeros(4)
np.add.at(want, np.clip(np.floor(t).astype(int), 0, 3), w * gamma)
got = row("xg")
assert np.abs(got - want).max() <= 1e-12 * (w * gamma).sum(), (got, want)
assert np.abs(got.sum() - w.sum()) > 1e-6 * w.sum(), "gamma made no difference"
print("expression axis: %d of %d particles binned, every bin within 1e-12 of the dump's; weight x gamma "
      "within 1e-12 (sum %.6g vs weight %.6g)" % (inside.sum(), len(w), got.sum(), w.sum()))
