# conftest.py: what the PICMI tests share: the checkout, bin/picl, and running a PICMI script of
# this folder (as a subprocess, as a user would, or in this process to reach its objects).
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PICL = ROOT / "bin" / "picl"
HERE = Path(__file__).resolve().parent

# tests/run_all.sh gives the tests' tuning file relative to the checkout; the scripts run picl in
# their own folders
if os.environ.get("PICL_TUNING") and not os.path.isabs(os.environ["PICL_TUNING"]):
    os.environ["PICL_TUNING"] = os.path.abspath(os.environ["PICL_TUNING"])


@pytest.fixture(scope="session")
def picl():
    if not PICL.exists():
        pytest.fail(f"{PICL} is not built (make all)")
    return str(PICL)


def run_script(name, workdir, *options):
    """Runs tests/picmi/NAME in WORKDIR with this Python; returns the CompletedProcess (output
    captured, so that a failing test shows picl's messages)."""
    return subprocess.run([sys.executable, str(HERE / name), "--dir", str(workdir), *options],
                          capture_output=True, text=True, env=dict(os.environ, PICL=str(PICL)))


def script_objects(name, workdir):
    """Runs tests/picmi/NAME --write-only in this process and returns its globals: the PICMI
    objects the script made."""
    argv, cwd = sys.argv, os.getcwd()
    sys.argv = [name, "--write-only", "--dir", str(workdir)]
    try:
        return runpy.run_path(str(HERE / name), run_name="__main__")
    finally:
        sys.argv = argv
        os.chdir(cwd)


def read_field(path, record, component):
    """(array [z, y, x], time, lower corner [x, y, z], spacing [x, y, z]) of one openPMD file's mesh."""
    import h5py
    with h5py.File(path, "r") as f:
        (it,) = list(f["data"])
        g = f["data"][it]
        mesh = g["meshes"][record]
        labels = [s.decode() for s in mesh.attrs["axisLabels"]]
        assert labels == ["z", "y", "x"], labels
        return (mesh[component][()], float(g.attrs["time"]), mesh.attrs["gridGlobalOffset"][::-1],
                mesh.attrs["gridSpacing"][::-1])


# Runs too long for `make test` (a 3D script at WarpX's full size): marked slow, run with
# PICL_SLOW=1 (tests/picmi/test_warpx_examples.py says which and how long each took).
def pytest_configure(config):
    config.addinivalue_line("markers", "slow: too long for make test; PICL_SLOW=1 runs it")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("PICL_SLOW", "") not in ("", "0"):
        return
    skip = pytest.mark.skip(reason="slow: PICL_SLOW=1 runs it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
