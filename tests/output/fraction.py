# fraction.py: a full diagnostic's particle_fraction selection: the particles of the run's
# whole dump whose splitmix64 draw (written here from the paper, not from io/pick.c) is below
# the fraction, the same on every file given, and about fraction of them (3 binomial sigmas).
# usage: fraction.py ALL.h5 STEP FRACTION SEED PICKED.h5 [PICKED.h5 ...]
import math
import sys

import h5py
import numpy as np

M = (1 << 64) - 1


def uniform(i, seed):
    z = (i + seed * 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    z ^= z >> 31
    return (z >> 11) / 2.0**53


step, fraction, seed = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
ids = h5py.File(sys.argv[1])["data/%s/particles/e/id" % step][...]
want = {int(i) for i in ids if uniform(int(i), seed) < fraction}
n = len(ids)
sigma = math.sqrt(n * fraction * (1 - fraction))
assert abs(len(want) - fraction * n) < 3 * sigma, (len(want), fraction * n, sigma)
for path in sys.argv[5:]:
    got = h5py.File(path)["data/%s/particles/e/id" % step][...]
    assert len(got) == len(set(got.tolist())), path + ": an id twice"
    assert set(got.tolist()) == want, "%s: %d picked, %d expected, %d in common" % (
        path, len(got), len(want), len(want & set(got.tolist())))
print("%d of %d particles picked (%.4f, want %g +- %.4f), the same in %d files" % (
    len(want), n, len(want) / n, fraction, 3 * sigma / n, len(sys.argv) - 5))
