# particle_filter.py: a full diagnostic's particle_filter: the particles of the run's whole dump
# whose id is a multiple of STRIDE and for which the test's filter holds, computed here from the
# dump's positions and momenta (not from picl's evaluator), the same set in every file given.
# The filter is tests/cli/test_particle_filter.sh's, written again in Python:
#   (energy > 2.5e-16 && x > xcut) || uz < -0.06, xcut = 4.3e-6
# usage: particle_filter.py ALL.h5 STEP STRIDE FILTERED.h5 [FILTERED.h5 ...]
import sys

import h5py
import numpy as np

C = 299792458.0
XCUT = 4.3e-6

step, stride = sys.argv[2], int(sys.argv[3])
e = h5py.File(sys.argv[1])["data/%s/particles/e" % step]
ids = e["id"][...]
x = e["position/x"][...].astype(np.float64) + e["positionOffset/x"].attrs["value"]
m = e["mass"].attrs["value"]
u = [e["momentum/" + a][...].astype(np.float64) / (m * C) for a in "xyz"]  # p = m u: gamma v / c
u2 = u[0] ** 2 + u[1] ** 2 + u[2] ** 2
gamma = np.sqrt(1 + u2)
energy = m * C * C * (gamma - 1)
holds = ((energy > 2.5e-16) & (x > XCUT)) | (u[2] < -0.06)
want = {int(i) for i, h in zip(ids, holds) if h and int(i) % stride == 0}
n = len(ids)
assert 0 < len(want) < n // (2 * stride), (len(want), n)  # neither none nor nearly all of them
for path in sys.argv[4:]:
    got = h5py.File(path)["data/%s/particles/e/id" % step][...].tolist()
    assert len(got) == len(set(got)), path + ": an id twice"
    got = set(got)
    assert got == want, "%s: %d written, %d expected, %d in common" % (path, len(got), len(want), len(want & got))
print("%d of %d particles pass the filter and stride %d, the same in %d files" % (len(want), n, stride,
                                                                                   len(sys.argv) - 4))
