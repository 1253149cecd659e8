# test_warpx_rz.py: WarpX's RZ Langmuir PICMI script (tests/picmi/warpx/inputs_test_rz_langmuir_multi_picmi.py,
# unchanged but the import; test_warpx_examples.py checks that and runs it through picl check) run
# to the end through picl_picmi: a CylindricalGrid of 3 modes, 64 x 200 cells, 40 steps, electrons
# with modes 0, 1, 2 excited and protons (64 particles per cell and species: the script's 16
# angles, its n_macroparticle_per_cell = [2, 16, 2], as picl's ppc = {2, 16, 2}). Its own analysis, after the run, reads the fields with WarpX's sim.fields.get and
# sim.extension.warpx.gett_new (picl_picmi: the last step's openPMD file) and asserts both E_r and
# E_z within 2% of the formula at theta = 0. picl meets it (E_r 5.3e-3, E_z 2.1e-3 of their max;
# E_r was off by 2.5% at the first half node r = dr / 2 before the deposit's density-conserving
# radial weights, docs/rz.md "Radial weights"), and the script exits 0.
# One run: 180 s wall on the shared 2 cores under load (with the 16 angles; 40 s of CPU with 12). The errors are those of picl's
# former 12 angles to 4 digits: both sums over the angles are exact for modes 0 to 2.
import math
import re
from pathlib import Path

import h5py
import numpy as np
import pytest

from test_warpx_examples import C, M_E, Q_E, run

NAME = "inputs_test_rz_langmuir_multi_picmi.py"
EPS0 = 8.8541878128e-12


@pytest.fixture(scope="module")
def done(tmp_path_factory, picl):
    workdir = tmp_path_factory.mktemp("rz_langmuir")
    return workdir, run(NAME, workdir, check=False)


def test_the_script_runs_to_its_analysis(done):
    workdir, out = done
    assert "picl_picmi: PiclUnsupported" not in out.stderr, out.stderr
    assert "summary: 40 steps, 12800 cells" in out.stdout + out.stderr, out.stdout + out.stderr
    errors = dict(re.findall(r"^Max error (E[rz]) (\S+)$", out.stdout, re.M))
    assert set(errors) == {"Er", "Ez"}, out.stdout + out.stderr
    er, ez = float(errors["Er"]), float(errors["Ez"])
    print(f"RZ Langmuir (WarpX's script): max |error| / max |field|: Er {er:.3e}, Ez {ez:.3e}")
    assert ez < 0.02, f"E_z off by {ez:.3e} of its max (WarpX's bound 2%)"
    assert er < 0.01, f"E_r off by {er:.3e} of its max (5.3e-3 measured; 2.5e-2 at r = dr / 2 before rz_shape_r)"
    # the angles the script asks for, [2, 16, 2] (r, theta, z), are picl's ppc = {2, 16, 2}
    assert "n_macroparticles_per_cell[1]" not in out.stderr, out.stderr
    lua = (workdir / "picl_input.lua").read_text()
    assert re.search(r"ppc = \{ ?2, 16, 2 ?\}", lua), re.findall(r"ppc = .*", lua)
    assert (workdir / "langmuir_multi_rz_multimode_analysis_Ez.png").exists()


def test_the_scripts_own_assert(done):
    _, out = done
    assert out.returncode == 0, out.stderr[-2000:]


def test_er_off_the_axis_and_the_particles(done):
    # E_r from the file as the script reads it (theta = 0: mode 0 plus the cos parts), without the
    # first half node; the formula is the script's (k0 = 3 waves over 40 um, w0 = 5 um, eps = 1e-3)
    workdir, _ = done
    path = Path(workdir) / "diags" / "diag1" / "openpmd_000040.h5"
    with h5py.File(path, "r") as f:
        g = f["data"]["40"]
        t = float(g.attrs["time"])
        mesh = g["meshes"]["E"]
        er = mesh["r"][()]
        dr, dz = mesh.attrs["gridSpacing"]
        p = g["particles"]["electrons"]
        x, y, z = (p["position"][a][()] for a in "xyz")
        w = p["weighting"][()]
    n0, w0, k0 = 2e24, 5e-6, 2 * math.pi * 3 / 40e-6
    wp = math.sqrt(n0 * Q_E ** 2 / (M_E * EPS0))
    r = (np.arange(er.shape[1]) + 0.5)[:, None] * dr
    zz = np.arange(er.shape[2])[None, :] * dz
    eps = 1e-3 * C                        # the script's epsilon0 .. 2 (0.001 c, in m/s)
    shape = M_E * C / Q_E * np.exp(-r ** 2 / w0 ** 2) * np.sin(k0 * zz) * math.sin(wp * t)
    theory = shape * (eps * 2 * r / w0 ** 2 - eps * 2 / w0 + eps * 4 * r ** 2 / w0 ** 3 - eps * 8 * r / w0 ** 2
                      + eps * 8 * r ** 3 / w0 ** 4)
    sim = er[0] + er[1::2].sum(axis=0)
    off_axis = np.abs(sim[1:] - theory[1:]).max() / np.abs(theory).max()
    print(f"E_r from r = 3 dr / 2 on: {off_axis:.3e} of its max")
    assert off_axis < 0.02, f"E_r off the first half node off by {off_axis:.3e} (WarpX's 2%)"
    # the particle records of RZ: Cartesian x, y, z inside the plasma's r < 18 um, and the weights
    # of the rings loaded at r < 57.5 dr (the last radius inside 18 um: 57.25 cells)
    assert np.hypot(x, y).max() < 18e-6 and z.min() >= 0 and z.max() < 40e-6
    assert np.unique(np.round(np.arctan2(y, x), 2)).size > 100, "the electrons fill every angle"
    expected = n0 * math.pi * (57.5 * dr) ** 2 * 40e-6
    assert abs(w.sum() / expected - 1) < 1e-9, w.sum() / expected - 1
