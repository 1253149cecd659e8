# coarsen.py: a full diagnostic's sub-region and coarsened records against the whole grid's
# record of the same step: the slice exactly, and each coarse value the mean of its block.
# usage: coarsen.py WHOLE.h5 SUB.h5 COARSE.h5 STEP
import sys

import h5py
import numpy as np

whole, sub, coarse, step = h5py.File(sys.argv[1]), h5py.File(sys.argv[2]), h5py.File(sys.argv[3]), sys.argv[4]
records = ["E/x", "E/y", "E/z", "B/x", "B/y", "B/z", "rho"]


def block_means(a, f):
    """Block means over blocks of f = (fz, fy, fx) cells, summed z, then y, then x offsets from
    0.0 and divided once: picl's order (io/coarsen.c), so equal to the last bit in double."""
    m = [n // k for n, k in zip(a.shape, f)]
    s = np.zeros(m)
    for dk in range(f[0]):
        for dj in range(f[1]):
            for di in range(f[2]):
                s = s + a[dk::f[0], dj::f[1], di::f[2]][: m[0], : m[1], : m[2]]
    return s / float(f[0] * f[1] * f[2])


# sub: cells x 3 .. 15, y 1 .. 10, z all, not coarsened: the slice, bit for bit
sl = (slice(0, 8), slice(1, 11), slice(3, 16))
# coarse: cells x 3 .. 14 (blocks of 2), y 1 .. 9 (blocks of 3), z 0 .. 7 (blocks of 2)
cs, f = (slice(0, 8), slice(1, 10), slice(3, 15)), (2, 3, 2)
for r in records:
    a = whole["data/%s/meshes/%s" % (step, r)][...]
    assert a.dtype == np.float64, a.dtype
    assert np.array_equal(a[sl], sub["data/%s/meshes/%s" % (step, r)][...]), "sub " + r
    got, want = coarse["data/%s/meshes/%s" % (step, r)][...], block_means(a[cs], f)
    assert got.shape == (4, 3, 6), (r, got.shape)
    assert np.array_equal(got, want), "coarse %s: largest difference %g" % (r, np.abs(got - want).max())
    assert np.abs(want).max() > 0 or r in ("E/z", "B/x", "B/z"), "coarse %s is all zero: the test shows nothing" % r
E, Ex, By, rho = (coarse["data/%s/meshes/%s" % (step, r)] for r in ("E", "E/x", "B/y", "rho"))
assert np.allclose(E.attrs["gridSpacing"], [2e-6, 3e-6, 2e-6], rtol=1e-12), E.attrs["gridSpacing"]
assert np.allclose(E.attrs["gridGlobalOffset"], [0, 1e-6, -5e-6], rtol=0, atol=1e-18), E.attrs["gridGlobalOffset"]
# position (z, y, x) is the mean of the block's fine positions, ((n - 1) / 2 + stagger) / n coarse
# cells: Ex (staggered by 1/2 along x) z (0.5 + 0) / 2, y (1 + 0) / 3, x (0.5 + 0.5) / 2
assert np.allclose(Ex.attrs["position"], [0.25, 1 / 3, 0.5], rtol=1e-15), Ex.attrs["position"]
# By (staggered by 1/2 along z and x) and rho (on the nodes)
assert np.allclose(By.attrs["position"], [0.5, 1 / 3, 0.5], rtol=1e-15), By.attrs["position"]
assert np.allclose(rho.attrs["position"], [0.25, 1 / 3, 0.25], rtol=1e-15), rho.attrs["position"]
print("sub-region and coarsened records: the slice and the block means of the whole grid's, bit for bit")
