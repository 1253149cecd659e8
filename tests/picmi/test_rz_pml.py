# test_rz_pml.py: PICMI's 'open' (a PML) on a CylindricalGrid (docs/rz.md, "Boundaries"): at r_max
# and along z it is picl's RZ PML, the layer at r_max only (picl_picmi writes r = "pml" for both
# faces; the lower one is the axis). picl check --no-build of the written input (0.1 s).
import subprocess

from picl_picmi import picmi


def test_open_at_r_max_and_along_z(picl, tmp_path):
    grid = picmi.CylindricalGrid(number_of_cells=[32, 64], lower_bound=[0.0, 0.0], upper_bound=[32e-6, 64e-6],
                                 n_azimuthal_modes=2, lower_boundary_conditions=["none", "open"],
                                 upper_boundary_conditions=["open", "open"])
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, cfl=0.9), max_steps=10, verbose=0)
    lua = tmp_path / "rz_open.lua"
    sim.write_input_file(str(lua))
    out = subprocess.run([picl, "check", "--no-build", str(lua)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "field x:pec/pml(10) y:periodic z:pml(10)" in out.stdout, out.stdout
