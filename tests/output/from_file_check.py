"""from_file_check.py: the particles a run loaded from an openPMD file (its step-0 dump) against
the file's, bit for bit (test_from_file.sh). usage: from_file_check.py SOURCE LOADED [float]

SOURCE is the file picl wrote; LOADED the dump of a run that read it with from_file. The loaded
particle with id i is particle i of the source (pfile.c gives each its index in the file), so
after sorting by id every position, momentum and weight must equal the source's exactly, and
the count must be the source's. `float`: the run held them in single precision: each momentum and
weight within 2^-23 of its value (one rounding to float), each position within 2^-22 of the
largest (the rounding of its cell coordinate, below 8 cells of 5e-7 m, and of lower + x dx)."""
import sys

import h5py
import numpy as np


def species(path, name):
    f = h5py.File(path, "r")
    it = list(f["data"].keys())[0]
    return f["data"][it]["particles"][name]


single = len(sys.argv) > 3 and sys.argv[3] == "float"
src = species(sys.argv[1], "beam")
got = species(sys.argv[2], "beam")
ids = got["id"][()]
n = len(src["position/x"])
assert len(ids) == n, f"count: {len(ids)} loaded, {n} in the file"
assert np.array_equal(np.sort(ids), np.arange(n)), "ids are not the file's indices 0 .. n-1"
order = np.argsort(ids)
for rec in ["position/x", "position/y", "position/z", "momentum/x", "momentum/y", "momentum/z", "weighting"]:
    a, b = src[rec][()], got[rec][()][order].astype(np.float64)
    if single:
        limit = 2.0**-22 * np.max(np.abs(a)) if rec.startswith("position") else 2.0**-23 * np.abs(a)
        assert np.all(np.abs(a - b) <= limit), f"{rec}: off by up to {np.max(np.abs(a - b))} (float)"
        continue
    differ = int(np.sum(a.view(np.uint64) != b.view(np.uint64)))
    assert differ == 0, f"{rec}: {differ} of {n} differ (largest {np.max(np.abs(a - b))})"
print(f"{n} particles " + ("within float rounding" if single else "identical bit for bit"))
