"""btd_restart.py: a back-transformed diagnostic continued from a checkpoint against the run that
went through. usage: btd_restart.py WHOLE_DIR CONTINUED_DIR EXACT(1|0)

Both hold <dir>/lab/openpmd_00000{0,1}.h5 and moments_<species>.csv of inputs/boosted_plasma.lua.
When EXACT (the same number of ranks): every mesh dataset equal bit for bit, the particles bit for
bit by id (a continued run's rank 0 writes what every rank of the checkpoint's run held, so the
order differs) and the moments files byte for byte. Else (another number of ranks) each to
round-off, as docs/output.md states: the guard cells' sums add the boxes' currents in another order
where a box's neighbour sits on another rank, which moves the last bit of J at the nodes next to a
box face; meshes and particle records to 1e-12 of the record's largest value, moments to 1e-12
relative."""
import csv
import sys

import h5py
import numpy as np


def datasets(path):
    out = {}
    h5py.File(path, "r").visititems(lambda n, o: out.__setitem__(n, o[()]) if isinstance(o, h5py.Dataset) else None)
    return out


def same(x, y, exact):
    """Bit for bit, or to 1e-12 of the larger record's largest magnitude."""
    if np.shape(x) != np.shape(y):
        return False
    if exact or np.size(x) == 0:
        return np.array_equal(x, y)
    scale = max(np.max(np.abs(x)), np.max(np.abs(y)))
    return bool(np.max(np.abs(np.asarray(x, float) - np.asarray(y, float))) <= 1e-12 * scale)


def main():
    whole, cont, exact = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
    bad = []
    for i in (0, 1):
        a = datasets("%s/lab/openpmd_%06d.h5" % (whole, i))
        b = datasets("%s/lab/openpmd_%06d.h5" % (cont, i))
        for k in a:
            if "/particles/" not in k and (k not in b or not same(a[k], b[k], exact)):
                bad.append(k)
        for sp in ("electrons", "ions"):
            g = "data/%d/particles/%s/" % (i, sp)
            ia, ib = np.argsort(a[g + "id"]), np.argsort(b[g + "id"])
            if not np.array_equal(a[g + "id"][ia], b[g + "id"][ib]):
                bad.append(g + "id")
                continue
            for q in ("position/x", "position/y", "position/z", "momentum/x", "momentum/y", "momentum/z", "weighting"):
                if not same(a[g + q][ia], b[g + q][ib], exact):
                    bad.append(g + q)
    worst = 0.0
    for sp in ("electrons", "ions"):
        ta = open("%s/lab/moments_%s.csv" % (whole, sp)).read()
        tb = open("%s/lab/moments_%s.csv" % (cont, sp)).read()
        if exact and ta != tb:
            bad.append("moments_%s.csv" % sp)
        ra, rb = list(csv.reader(ta.splitlines())), list(csv.reader(tb.splitlines()))
        if len(ra) != len(rb) or ra[0] != rb[0]:
            bad.append("moments_%s.csv rows" % sp)
            continue
        for x, y in zip(ra[1:], rb[1:]):
            for u, v in zip(map(float, x), map(float, y)):
                worst = max(worst, abs(u - v) / max(abs(u), abs(v), 1e-300))
    if worst > 1e-12:
        bad.append("moments beyond 1e-12 (%.1e)" % worst)
    print("  continued from a checkpoint%s: %s; moments differ by %.1e at most"
          % ("" if exact else " on 2 ranks", "the same snapshots" if not bad else "differences in " + ", ".join(bad[:6]),
             worst))
    sys.exit(1 if bad else 0)


main()
