"""from_file_bulk.py: a file of more particles than one chunk (runtime/pfile.h: PFILE_CHUNK =
65536), written with h5py in the openPMD layout by hand (test_from_file.sh), so that chunk edges
are crossed. usage: from_file_bulk.py write FILE | check LOADED

70000 protons: position a float32 dataset (m), positionOffset a float64 dataset (m, the
particle's 1/8-um corner), momentum per physical particle (macroWeighted = 0, unitSI 1, kg m/s),
weighting an openPMD constant (value 3e4, shape N). `check`: every particle loaded once (ids
0 .. N-1), positions within 4 ulps of the domain's size (6e-6 m), momenta within 2 ulps."""
import sys

import h5py
import numpy as np

N = 70000
M_P = 1.67262192595e-27


def bunch():
    rng = np.random.default_rng(3)
    corner = np.floor(np.stack([rng.uniform(-1.9e-6, 1.9e-6, N), rng.uniform(-0.9e-6, 2.9e-6, N),
                                rng.uniform(0.1e-6, 5.9e-6, N)]) / 0.125e-6) * 0.125e-6
    pos = rng.uniform(0, 0.125e-6, (3, N)).astype(np.float32)
    p = rng.normal(0, 1e-20, (3, N))
    return corner, pos, p


def write(path):
    corner, pos, p = bunch()
    f = h5py.File(path, "w")
    for k, v in {"openPMD": "1.1.0", "basePath": "/data/%T/", "particlesPath": "particles/",
                 "iterationEncoding": "groupBased", "iterationFormat": "/data/%T/"}.items():
        f.attrs[k] = np.bytes_(v)
    f.attrs["openPMDextension"] = np.uint32(0)
    g = f.create_group("data/0/particles/p")
    length, momentum = [1.0, 0, 0, 0, 0, 0, 0], [1.0, 1, -1, 0, 0, 0, 0]
    for rec, data, dim in [("position", pos, length), ("positionOffset", corner, length), ("momentum", p, momentum)]:
        r = g.create_group(rec)
        r.attrs["unitDimension"] = np.array(dim)
        r.attrs["timeOffset"] = 0.0
        for a, name in enumerate("xyz"):
            d = r.create_dataset(name, data=data[a])
            d.attrs["unitSI"] = 1.0
    g["momentum"].attrs["macroWeighted"] = np.uint32(0)
    g["momentum"].attrs["weightingPower"] = 1.0
    w = g.create_group("weighting")
    w.attrs["value"] = 3e4
    w.attrs["shape"] = np.array([N], dtype=np.uint64)
    w.attrs["unitSI"] = 1.0
    w.attrs["unitDimension"] = np.zeros(7)
    w.attrs["macroWeighted"] = np.uint32(1)
    w.attrs["weightingPower"] = 1.0
    f.close()


def check(loaded):
    corner, pos, p = bunch()
    x = pos.astype(np.float64) + corner
    g = h5py.File(loaded, "r")["data/0/particles/p"]
    ids = g["id"][()]
    assert np.array_equal(np.sort(ids), np.arange(N)), f"{len(ids)} particles loaded, expected ids 0 .. {N - 1}"
    o = np.argsort(ids)
    for a, name in enumerate("xyz"):
        err = np.max(np.abs(g["position"][name][()][o] - x[a]))
        assert err <= 4 * np.spacing(6e-6), f"position {name}: off by {err} m"
        rel = np.max(np.abs(g["momentum"][name][()][o] - p[a]) / np.abs(p[a]))
        assert rel <= 2 * 2.0**-52, f"momentum {name}: relative error {rel}"
    assert np.all(g["weighting"][()] == 3e4), "weights differ from the constant 3e4"
    print(f"{N} particles over {(N + 65535) // 65536} chunks loaded once each")


if __name__ == "__main__":
    write(sys.argv[2]) if sys.argv[1] == "write" else check(sys.argv[2])
