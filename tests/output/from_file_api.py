"""from_file_api.py: the openPMD side of test_from_file.sh, written by openpmd-api as another code
would write it. usage: from_file_api.py write FILE | check FILE LOADED

`write` stores 500 electrons at iteration 3 of FILE: positions in micrometres (unitSI 1e-6)
split into position and a constant positionOffset of 0.5 um, momenta macro-weighted
(macroWeighted = 1, weightingPower = 1: the momentum of all w physical particles of a
macro-particle) in units of m_e c (unitSI m_e c), weights from 1e3 to 2e3. `check` compares
the step-0 dump of a run that read it (from_file with offset {0, 0, 1e-7} m and a region that
keeps x < 0) against the particles those rules give, computed here from the arrays written."""
import sys

import h5py
import numpy as np

M_E, C = 9.1093837139e-31, 299792458.0
OFFSET = np.array([0, 0, 1e-7])


def bunch():
    rng = np.random.default_rng(7)
    n = 500
    pos = np.stack([rng.uniform(-1.5, 1.3, n), rng.uniform(-0.5, 2.3, n), rng.uniform(0.0, 5.0, n)])  # um
    u = rng.normal(0.0, 0.5, (3, n)) + np.array([[0], [0], [3.0]])  # gamma v / c
    w = rng.uniform(1e3, 2e3, n)
    return pos, u, w


def write(path):
    import openpmd_api as io
    pos, u, w = bunch()
    s = io.Series(path, io.Access.create)
    e = s.iterations[3].particles["e"]
    for rec, data, unit, dim in [("position", pos - 0.5, 1e-6, {io.Unit_Dimension.L: 1}),
                                 ("momentum", u * w, M_E * C,
                                  {io.Unit_Dimension.L: 1, io.Unit_Dimension.M: 1, io.Unit_Dimension.T: -1})]:
        e[rec].unit_dimension = dim
        for a, name in enumerate("xyz"):
            comp = e[rec][name]
            comp.reset_dataset(io.Dataset(np.dtype("float64"), [len(w)]))
            comp.store_chunk(np.ascontiguousarray(data[a]))
            comp.unit_SI = unit
    e["momentum"].set_attribute("macroWeighted", np.uint32(1))
    e["momentum"].set_attribute("weightingPower", 1.0)
    e["positionOffset"].unit_dimension = {io.Unit_Dimension.L: 1}
    for name in "xyz":
        comp = e["positionOffset"][name]
        comp.reset_dataset(io.Dataset(np.dtype("float64"), [len(w)]))
        comp.make_constant(0.5)
        comp.unit_SI = 1e-6
    wc = e["weighting"][io.Record_Component.SCALAR]
    wc.reset_dataset(io.Dataset(np.dtype("float64"), [len(w)]))
    wc.store_chunk(w)
    wc.unit_SI = 1.0
    s.flush()
    s.close()


def check(loaded):
    pos, u, w = bunch()
    x = pos * 1e-6 + OFFSET[:, None]
    keep = x[0] < 0
    f = h5py.File(loaded, "r")
    g = f["data/0/particles/e"]
    ids = g["id"][()]
    assert np.array_equal(np.sort(ids), np.flatnonzero(keep)), \
        f"{len(ids)} particles loaded, expected the {keep.sum()} with x < 0 (their indices)"
    o = np.argsort(ids)
    worst = 0.0
    for a, name in enumerate("xyz"):
        # positions: rounding of (x - lower) / dx and back, a few ulps of the domain's size
        got = g["position"][name][()][o]
        err = np.max(np.abs(got - x[a][keep]))
        assert err <= 1e-15 * 6e-6 * 4, f"position {name}: off by {err} m"
        # momentum per physical particle: the file's p / w, as m_e u
        p = M_E * C * u[a][keep]
        got = g["momentum"][name][()][o]
        rel = np.max(np.abs(got - p)) / np.max(np.abs(p))
        assert rel <= 1e-14, f"momentum {name}: relative error {rel}"
        worst = max(worst, rel)
    wgot = g["weighting"][()][o]
    assert np.max(np.abs(wgot - w[keep]) / w[keep]) <= 1e-15, "weights differ"
    print(f"{len(ids)} of {len(w)} particles (x < 0) loaded; momenta within {worst:.1e} relative")


if __name__ == "__main__":
    write(sys.argv[2]) if sys.argv[1] == "write" else check(sys.argv[3])
