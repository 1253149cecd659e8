# test_psatd.py: PICMI's method "PSATD" is picl's solver.name = "psatd", galilean_velocity (m/s) its
# v_galilean (units of c); what picl's PSATD cannot do yet is refused by picl's own check, whose
# one-line message the script passes through (docs/psatd.md).
import os
import subprocess
import sys
import textwrap

import pytest

from picl_picmi import picmi
from picl_picmi.errors import PiclUnsupported

C = 299792458.0


def simulation(boundary="periodic", deposition="direct", **solver):
    g = picmi.Cartesian2DGrid(number_of_cells=[16, 16], lower_bound=[0, 0], upper_bound=[1e-5, 1e-5],
                              lower_boundary_conditions=[boundary] * 2, upper_boundary_conditions=[boundary] * 2)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, method="PSATD", **solver), max_steps=2,
                           picl_deposition=deposition)
    sim.add_species(picmi.Species(particle_type="electron", name="e",
                                  initial_distribution=picmi.UniformDistribution(density=1e24,
                                                                                 directed_velocity=[0, 0, -0.99 * C])),
                    layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1]))
    return sim


def solver_line(text):
    return next(line for line in text.splitlines() if line.strip().startswith("solver ="))


def test_psatd_is_picl_psatd():
    line = solver_line(simulation(cfl=0.5).input_text())
    assert "name = \"psatd\"" in line and "cfl = 0.5" in line and "v_galilean" not in line, line


def test_galilean_velocity_in_units_of_c():
    line = solver_line(simulation(galilean_velocity=[0, 0, -0.99498743710662 * C]).input_text())
    assert "v_galilean = {0.0, 0.0, -0.99498743710662}" in line, line


@pytest.mark.parametrize("solver, words", [
    (dict(galilean_velocity=[0, 0, 1e8, 0]), ["ElectromagneticSolver.galilean_velocity", "3 numbers"]),
    (dict(stencil_order=[16, 16, 16]), ["ElectromagneticSolver.stencil_order", "exact k"]),
])
def test_refused_here(solver, words):
    with pytest.raises(PiclUnsupported) as e:
        simulation(**solver).input_text()
    for w in words:
        assert w in str(e.value), str(e.value)


def test_yee_with_a_galilean_velocity_is_refused():
    g = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-6] * 3,
                              lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, galilean_velocity=[0, 0, 1e8]), max_steps=2)
    with pytest.raises(PiclUnsupported, match="galilean_velocity.*closest picl key: solver.v_galilean"):
        sim.input_text()


def run_script(tmp_path, body):
    script = tmp_path / "psatd.py"
    script.write_text(textwrap.dedent("""
        import sys
        sys.path.insert(0, %r)
        from test_psatd import simulation, C
    """ % os.path.dirname(__file__)) + textwrap.dedent(body))
    env = dict(os.environ, PICL_PICMI_CHECK="1")
    return subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, env=env)


@pytest.mark.parametrize("body, words", [
    # PML faces: picl's PSATD is one periodic box so far
    ("simulation(boundary='open').step()", ["boundary.field", "PSATD"]),
    # Esirkepov's current in the moving grid would be J - vg rho
    ("simulation(deposition='esirkepov', galilean_velocity=[0, 0, -0.99 * C]).step()", ["deposition", "direct"]),
    # along z only, as the boost
    ("simulation(galilean_velocity=[0, 0.5 * C, 0]).step()", ["solver.v_galilean", "along z"]),
])
def test_picls_refusal_passes_through(tmp_path, body, words):
    run = run_script(tmp_path, body)
    assert run.returncode != 0
    print(run.stderr)
    for w in words:
        assert w in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_galilean_run_passes_picls_check(tmp_path):
    run = run_script(tmp_path, "simulation(galilean_velocity=[0, 0, -0.99 * C]).step()")
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("arg, value, words", [
    ("warpx_psatd_JRhom", "LL2", ["multi-J"]),
    ("warpx_psatd_do_time_averaging", 1, ["time-averaged"]),
])
def test_warpxs_psatd_variants_are_refused(arg, value, words):
    with pytest.raises(PiclUnsupported) as e:
        simulation(**{arg: value}).input_text()
    assert f"ElectromagneticSolver.{arg} = {value!r}" in str(e.value), str(e.value)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_warpxs_rho_form_and_collocated_grid_map():
    sim = simulation(warpx_psatd_update_with_rho=1)
    sim.grid_type = "collocated"             # WarpX's attribute, as its scripts assign it
    line = solver_line(sim.input_text())
    assert "update_with_rho = true" in line and "grid = \"collocated\"" in line, line
    line = solver_line(simulation().input_text())
    assert "update_with_rho" not in line and "grid =" not in line, line
    # WarpX's default with a Galilean velocity is the rho form; 0 keeps J only
    line = solver_line(simulation(galilean_velocity=[0, 0, -0.5 * C]).input_text())
    assert "update_with_rho = true" in line, line
    line = solver_line(simulation(galilean_velocity=[0, 0, -0.5 * C], warpx_psatd_update_with_rho=0).input_text())
    assert "update_with_rho" not in line, line


def test_warpxs_hybrid_grid_is_refused():
    sim = simulation()
    sim.grid_type = "hybrid"
    with pytest.raises(PiclUnsupported, match="warpx_grid_type.*closest picl key: solver.grid"):
        sim.input_text()


def test_a_collocated_rho_form_run_passes_picls_check(tmp_path):
    run = run_script(tmp_path, """
        sim = simulation(galilean_velocity=[0, 0, -0.99 * C], warpx_psatd_update_with_rho=1)
        sim.grid_type = "collocated"
        sim.step()
    """)
    assert run.returncode == 0, run.stderr


def test_warpxs_current_correction_maps():
    # warpx_current_correction (WarpX's attribute psatd_current_correction) is solver.current_correction;
    # left out, picl's check takes WarpX's default (on with direct deposition)
    line = solver_line(simulation(warpx_current_correction=0).input_text())
    assert "current_correction = false" in line, line
    line = solver_line(simulation(warpx_current_correction=1).input_text())
    assert "current_correction = true" in line, line
    assert "current_correction" not in solver_line(simulation().input_text())
