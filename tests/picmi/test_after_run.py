# test_after_run.py: WarpX's post-run field access (sim.fields.get, sim.extension.warpx.gett_new;
# picl_picmi/after_run.py) on Cartesian grids, 2D and 3D (test_warpx_rz.py covers RZ). Runs
# after_run_fields.py, whose own analysis asserts Ex and Ez (static, curl-free initial fields in
# vacuum) against their formula to 1e-5 of E0 (measured: 2.4e-16, rounding), and checks here what
# the script read against the run's openPMD file and its time. About 5 s each.
import os
import re
import runpy
import sys

import h5py
import numpy as np
import pytest

from conftest import HERE, run_script


@pytest.fixture(scope="module", params=[2, 3], ids=["2d", "3d"])
def done(request, tmp_path_factory, picl):
    workdir = tmp_path_factory.mktemp(f"after_run_{request.param}d")
    return request.param, workdir, run_script("after_run_fields.py", workdir, "--dims", str(request.param))


def test_the_scripts_own_analysis(done):
    dims, _, out = done
    assert out.returncode == 0, out.stdout + out.stderr[-2000:]
    errors = dict(re.findall(r"^Max error (E[xz]) (\S+)$", out.stdout, re.M))
    assert set(errors) == {"Ex", "Ez"}, out.stdout
    print(f"{dims}D: max |E - formula| / E0: Ex {errors['Ex']}, Ez {errors['Ez']}")
    assert float(errors["Ex"]) < 1e-5 and float(errors["Ez"]) < 1e-5


def test_what_the_script_read_is_the_file(done):
    # the arrays of sim.fields.get are the file's (openPMD C order z [, y], x) reversed to WarpX's
    # x [, y], z with a component axis, and gett_new is the file's time: the last step's
    dims, workdir, out = done
    assert out.returncode == 0, out.stderr[-2000:]
    path = workdir / "diags" / "diag1" / "openpmd_000006.h5"
    with h5py.File(path, "r") as f:
        g = f["data"]["6"]
        t_file = float(g.attrs["time"])
        ex_file = g["meshes"]["E"]["x"][()]
        dt = float(g.attrs["dt"])
    assert ex_file.shape == ((10, 6, 12) if dims == 3 else (10, 12))
    t_script = float(re.search(r"^time (\S+)$", out.stdout, re.M).group(1))
    assert t_script == pytest.approx(t_file, rel=1e-6)
    assert t_file == pytest.approx(6 * dt, rel=1e-9)

    # the script's objects, read again here after its run (in this process)
    argv, cwd = sys.argv, os.getcwd()
    sys.argv = ["after_run_fields.py", "--dims", str(dims), "--dir", str(workdir / "again")]
    try:
        objects = runpy.run_path(str(HERE / "after_run_fields.py"), run_name="__main__")
    finally:
        sys.argv = argv
        os.chdir(cwd)
    ex = objects["sim"].fields.get("Efield_aux", dir="x", level=0)[...]
    np.testing.assert_array_equal(ex[..., 0], ex_file.T)
