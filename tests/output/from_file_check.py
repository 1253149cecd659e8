"""from_file_check.py: the particles a run loaded from an openPMD file (its step-0 dump) against
the file's, bit for bit (test_from_file.sh). usage: from_file_check.py SOURCE LOADED [SPECIES]

SOURCE is the file picl wrote; LOADED the dump of a run that read it with from_file. The loaded
particle with id i is particle i of the source (pfile.c gives each its index in the file), so
after sorting by id every position, momentum and weight must equal the source's exactly, and
the count must be the source's."""
import sys

import h5py
import numpy as np


def species(path, name):
    f = h5py.File(path, "r")
    it = list(f["data"].keys())[0]
    return f["data"][it]["particles"][name]


src = species(sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else "beam")
got = species(sys.argv[2], "beam")
ids = got["id"][()]
n = len(src["position/x"])
assert len(ids) == n, f"count: {len(ids)} loaded, {n} in the file"
assert np.array_equal(np.sort(ids), np.arange(n)), "ids are not the file's indices 0 .. n-1"
order = np.argsort(ids)
for rec in ["position/x", "position/y", "position/z", "momentum/x", "momentum/y", "momentum/z", "weighting"]:
    a, b = src[rec][()], got[rec][()][order]
    differ = int(np.sum(a.view(np.uint64) != b.view(np.uint64)))
    assert differ == 0, f"{rec}: {differ} of {n} differ (largest {np.max(np.abs(a - b))})"
print(f"{n} particles identical bit for bit")
