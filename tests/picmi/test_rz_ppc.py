# test_rz_ppc.py: the angles per (r, z) position of an RZ plasma (docs/rz.md, "Loading"): picl's
# ppc = {n_r, n_theta, n_z} gives them, ppc = {n_r, n_z} (or one number) leaves them at 4 x modes;
# and PICMI's n_macroparticle_per_cell = [nr, ntheta, nz] on a CylindricalGrid, as WarpX reads it,
# is that key: a run loads exactly nr x ntheta x nz particles in every cell of the plasma (the
# openPMD particle count, exact). picl check --no-build for the keys (0.1 s each), two 1-step runs
# of 8 x 8 cells for the counts (about 2 s each).
import re
import subprocess

import h5py
import pytest

from conftest import ROOT
from picl_picmi import picmi

RZ_INPUT = ROOT / "inputs" / "rz_langmuir.lua"


def checked_ppc(picl, *sets):
    """The `ppc` line of the electrons in `picl check --no-build` of inputs/rz_langmuir.lua."""
    args = [picl, "check", "--no-build", str(RZ_INPUT)]
    for s in sets:
        args += ["--set", s]
    out = subprocess.run(args, capture_output=True, text=True)
    text = out.stdout + out.stderr
    return out.returncode, (re.findall(r"^\s*ppc\s+(.*)$", text, re.M) or [text.strip()])[0]


def test_the_lua_key(picl):
    assert checked_ppc(picl) == (0, "2 x 4 x 2")                                     # {r, z}: 4 x modes
    assert checked_ppc(picl, "modes=2") == (0, "2 x 8 x 2")
    assert checked_ppc(picl, "species.electrons.ppc={2,5,3}") == (0, "2 x 5 x 3")     # {r, theta, z}
    assert checked_ppc(picl, "species.electrons.ppc={2,5,3}", "modes=3") == (0, "2 x 5 x 3")
    assert checked_ppc(picl, "species.electrons.ppc=3") == (0, "3 x 4 x 3")
    rc, text = checked_ppc(picl, "species.electrons.ppc={2,0,3}")
    assert rc == 2 and "species.electrons.ppc: expected {n_r, n_theta, n_z}, each a positive integer" in text, text


def test_three_entries_stay_refused_in_2d(picl, tmp_path):
    lua = tmp_path / "two_d.lua"
    lua.write_text(RZ_INPUT.read_text().replace('geometry = "rz"', 'geometry = "2d"').replace("  modes = 1,", ""))
    out = subprocess.run([picl, "check", "--no-build", str(lua), "--set", "species.electrons.ppc={2,5,3}"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "species.electrons.ppc" in out.stderr and "2 entries" in out.stderr, out.stderr


def simulation(workdir, per_cell, modes=1):
    grid = picmi.CylindricalGrid(number_of_cells=[8, 8], lower_bound=[0.0, 0.0], upper_bound=[8e-6, 8e-6],
                                 n_azimuthal_modes=modes, lower_boundary_conditions=["none", "periodic"],
                                 upper_boundary_conditions=["none", "periodic"],
                                 lower_boundary_conditions_particles=["none", "periodic"],
                                 upper_boundary_conditions_particles=["absorbing", "periodic"])
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, cfl=0.9), max_steps=1, verbose=0,
                           picl_input_file=str(workdir / "rz_ppc.lua"))
    electrons = picmi.Species(particle_type="electron", name="electrons",
                              initial_distribution=picmi.UniformDistribution(density=1e20))
    sim.add_species(electrons, layout=picmi.GriddedLayout(n_macroparticle_per_cell=per_cell, grid=grid))
    sim.add_diagnostic(picmi.ParticleDiagnostic(name="parts", period=1, species=[electrons],
                                                write_dir=str(workdir / "diags")))
    return sim


def loaded(workdir):
    with h5py.File(workdir / "diags" / "parts" / "openpmd_000001.h5", "r") as f:
        return f["data"]["1"]["particles"]["electrons"]["weighting"].shape[0]


@pytest.mark.parametrize("per_cell, modes, lua, count", [
    ([2, 6, 3], 1, "{ 2, 6, 3 }", 2 * 6 * 3),      # WarpX's [nr, ntheta, nz]: ntheta angles
    ([2, 3], 2, "{ 2, 3 }", 2 * 8 * 3),            # [nr, nz]: picl's 4 x modes angles
], ids=["r_theta_z", "r_z"])
def test_picmi_angles_are_the_particles_per_cell(tmp_path, picl, per_cell, modes, lua, count):
    sim = simulation(tmp_path, per_cell, modes)
    text = sim.input_text()
    assert re.search(r"ppc = " + re.escape(lua).replace(r"\ ", " ?"), text), re.findall(r"ppc = .*", text)
    assert "n_macroparticle" not in text.split("ignored", 1)[-1].split("\n", 1)[0]
    sim.step()
    assert loaded(tmp_path) == 8 * 8 * count     # every cell of the uniform plasma, none absorbed yet

