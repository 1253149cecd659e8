# test_langmuir_lowdim.py: the 2D and 1D Langmuir cases of langmuir_lowdim.py (PICMI's
# Cartesian2DGrid and Cartesian1DGrid, picl's geometry "2d" and "1d"), run by picl from the PICMI
# script, against the cold-plasma theory of test_langmuir.py: inside the plasma the field along
# the drift is (q_e n0 v / (eps0 omega_pe)) sin(omega t), uniform; outside it, 0. omega is the
# leapfrog's frequency, sin(omega dt / 2) = omega_pe dt / 2: 2D's time step is sqrt(3/2) of 3D's,
# and against omega_pe itself its phase error over 40 steps would be 4e-3 of the amplitude.
import glob
import math

import h5py
import numpy as np
import pytest

from conftest import run_script

Q_E, M_E, EPS0, C = 1.602176634e-19, 9.1093837015e-31, 8.8541878128e-12, 299792458.0
N0, U = 1.0e25, 0.01
# the cubic shape's smoothing across the plasma's edge at 1 um from the cells compared (measured:
# 2D 6.5e-3, 1D 1.1e-3)
TOLERANCE = 0.01


def read_mesh(path, record, component, labels):
    """(array in the file's axis order, time, lower corner and spacing by axis label)."""
    with h5py.File(path, "r") as f:
        (it,) = list(f["data"])
        g = f["data"][it]
        mesh = g["meshes"][record]
        got = [s.decode() for s in mesh.attrs["axisLabels"]]
        assert got == labels, f"{path}: axisLabels {got}, expected {labels}"
        lower = dict(zip(got, mesh.attrs["gridGlobalOffset"]))
        spacing = dict(zip(got, mesh.attrs["gridSpacing"]))
        return mesh[component][()], float(g.attrs["time"]), lower, spacing


@pytest.mark.parametrize("dims,axis,labels", [(2, "x", ["z", "x"]), (1, "z", ["z"])])
def test_langmuir_lowdim_field_follows_theory(tmp_path, dims, axis, labels):
    run = run_script("langmuir_lowdim.py", tmp_path, "--dims", str(dims))
    assert run.returncode == 0, run.stdout + run.stderr
    lua = (tmp_path / f"langmuir_{dims}d.lua").read_text()
    assert f'geometry = "{dims}d"' in lua, lua
    v = U * C / math.sqrt(1 + U * U)
    omega_pe = math.sqrt(N0 * Q_E ** 2 / (EPS0 * M_E))
    amplitude = Q_E * N0 * v / (EPS0 * omega_pe)        # 3.0e9 V/m
    files = sorted(glob.glob(str(tmp_path / "diags" / "diag1" / "openpmd_*.h5")))
    assert len(files) == 5, files
    worst = 0.0
    for path in files[1:]:
        e, t, lower, d = read_mesh(path, "E", axis, labels)
        assert e.ndim == dims, e.shape
        n = e.shape[-1] if axis == "x" else e.shape[0]
        s = lower[axis] + (np.arange(n) + 0.5) * d[axis]        # staggered along its own axis
        inside = (s > -4e-6) & (s < -1e-6)
        outside = (s > 1e-6) & (s < 4e-6)
        along = (lambda m: e[..., m]) if axis == "x" else (lambda m: e[m])
        dt = t / int(path[-9:-3])                          # openpmd_%06d.h5
        omega = 2 / dt * math.asin(omega_pe * dt / 2)
        theory = amplitude * math.sin(omega * t)
        error = np.abs(along(inside) - theory).max() / amplitude
        worst = max(worst, error)
        assert error < TOLERANCE, f"{path}: E{axis} inside the plasma is off theory by {error:.2e} of the amplitude"
        assert np.abs(along(outside)).max() < 1e-6 * amplitude, f"{path}: a field outside the plasma"
    print(f"{dims}D: worst |E{axis} - theory| / amplitude {worst:.2e}")
