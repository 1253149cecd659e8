"""btd_restart.py: a back-transformed diagnostic continued from a checkpoint against the run that
went through. usage: btd_restart.py WHOLE_DIR CONTINUED_DIR EXACT(1|0)

Both hold <dir>/lab/openpmd_00000{0,1}.h5 and moments_<species>.csv of inputs/boosted_plasma.lua.
Every mesh dataset equal bit for bit; the particles equal bit for bit by id (a continued run's rank
0 writes what every rank of the checkpoint's run held, so the order differs); the moments files
equal byte for byte when EXACT, else (another number of ranks: sums in another order) each value
to 1e-12 relative."""
import csv
import sys

import h5py
import numpy as np


def datasets(path):
    out = {}
    h5py.File(path, "r").visititems(lambda n, o: out.__setitem__(n, o[()]) if isinstance(o, h5py.Dataset) else None)
    return out


def main():
    whole, cont, exact = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
    bad = []
    for i in (0, 1):
        a = datasets("%s/lab/openpmd_%06d.h5" % (whole, i))
        b = datasets("%s/lab/openpmd_%06d.h5" % (cont, i))
        for k in a:
            if "/particles/" not in k and (k not in b or not np.array_equal(a[k], b[k])):
                bad.append(k)
        for sp in ("electrons", "ions"):
            g = "data/%d/particles/%s/" % (i, sp)
            ia, ib = np.argsort(a[g + "id"]), np.argsort(b[g + "id"])
            for q in ("position/x", "position/y", "position/z", "momentum/x", "momentum/y", "momentum/z", "weighting"):
                if len(ia) != len(ib) or not np.array_equal(a[g + q][ia], b[g + q][ib]):
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
