# test_warpx_api.py: what WarpX's scripts write that the PICMI standard does not say, as picl_picmi
# takes it: one diagnostic from a FieldDiagnostic and a ParticleDiagnostic of one name, WarpX's
# period slices, field names and ReducedDiagnostic types, warpx_* arguments named in one ignored
# line, sim.initialize_inputs(), PlasmaLens, and one message (never a traceback) for a refusal.
import os
import subprocess
import re
import sys
import textwrap

import pytest

from check_report import read
from picl_picmi import picmi
from picl_picmi.diagnostics import interval
from picl_picmi.errors import PiclUnsupported

HEAD = """
from picl_picmi import picmi
grid = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-6] * 3,
                             lower_boundary_conditions=["periodic"] * 3,
                             upper_boundary_conditions=["periodic"] * 3, warpx_max_grid_size=32)
e = picmi.Species(particle_type="electron", name="electrons",
                  initial_distribution=picmi.UniformDistribution(density=1e24))
sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, cfl=0.9), max_steps=40,
                       warpx_current_deposition_algo="direct")
sim.add_species(e, layout=picmi.GriddedLayout(n_macroparticle_per_cell=[1, 1, 1], grid=grid))
"""


def script(tmp_path, body):
    path = tmp_path / "s.py"
    path.write_text(textwrap.dedent(HEAD) + textwrap.dedent(body.strip("\n") + "\n"))
    return subprocess.run([sys.executable, str(path)], cwd=tmp_path, capture_output=True, text=True, timeout=60)


def lua_of(tmp_path, body):
    run = script(tmp_path, textwrap.dedent(body) + '\nsim.write_input_file("in.lua")\n')
    assert run.returncode == 0, run.stderr
    return (tmp_path / "in.lua").read_text(), run.stderr


def test_one_name_two_diagnostics_are_one_series(tmp_path, picl):
    text, err = lua_of(tmp_path, """
        sim.add_diagnostic(picmi.FieldDiagnostic(name="diag1", grid=grid, period="::10", data_list=["Ex", "Jx"]))
        sim.add_diagnostic(picmi.ParticleDiagnostic(name="diag1", period=10, species=[e],
                                                    data_list=["weighting", "ux"]))
    """)
    assert text.count('name = "diag1"') == 1, text
    r = read(picl, tmp_path / "in.lua")
    assert list(r["full"]) == ["diag1"], r["full"]
    d = r["full"]["diag1"]
    assert d["interval"] == 10 and {"Ex", "Jx", "electrons"} <= set(d["names"]), d
    assert set(d["attributes"]) >= {"momentum", "weighting"}, d


def test_warpx_arguments_and_unknown_outputs_in_one_line(tmp_path):
    text, err = lua_of(tmp_path, """
        sim.add_diagnostic(picmi.FieldDiagnostic(name="d", grid=grid, period=5,
                                                 data_list=["Ex", "part_per_cell", "divE", "rho_electrons"]))
    """)
    lines = [l for l in err.splitlines() if "ignored" in l]
    assert len(lines) == 1, err
    for word in ("Simulation.warpx_current_deposition_algo", "Cartesian3DGrid.warpx_max_grid_size",
                 "'part_per_cell'", "'divE'"):
        assert word in lines[0], lines[0]
    assert "'rho_electrons'" not in lines[0]
    assert 'fields = {"Ex", "rho_electrons"}' in text, text
    assert lines[0] in text, "the ignored line is in the input's header too"


def test_warpx_attributes_assigned_are_its_arguments(tmp_path):
    # WarpX's Ohm-solver scripts assign WarpX's own attributes after construction
    # (simulation.current_deposition_algo = "direct", simulation.use_filter = True): taken as the
    # warpx_... argument of that name (python/picl_picmi/warpx_attributes.py), so an honoured one
    # changes the input as the argument does and the others are named in the ignored line
    text, err = lua_of(tmp_path, """
        sim.use_filter = True
        e.do_not_deposit = 1
    """)
    lines = [l for l in err.splitlines() if "ignored" in l]
    assert len(lines) == 1 and "Simulation.warpx_use_filter" in lines[0], err
    assert "warpx_do_not_deposit" not in lines[0], lines[0]
    assert "deposit = false" in text, text


STANDING_WAVE = """
import math
from picl_picmi import picmi
c = picmi.constants.c
nz, L, E0 = 32, 1.0, 1.0e3
dt = math.sin(math.pi / 80) / math.sin(math.pi / nz) * (L / nz) / c   # omega dt = pi / 40 on Yee's grid
grid = picmi.Cartesian1DGrid(number_of_cells=[nz], lower_bound=[0], upper_bound=[L],
                             lower_boundary_conditions=["periodic"], upper_boundary_conditions=["periodic"])
sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid), time_step_size=dt, max_steps=40)
sim.add_applied_field(picmi.AnalyticInitialField(Ey_expression="E0*sin(2*pi*z/L)", E0=E0, L=L,
                                                 warpx_do_initial_div_cleaning=True))
sim.add_diagnostic(picmi.FieldDiagnostic(name="f", grid=grid, period=20, data_list=["Ey"]))
sim.step()
"""


def test_analytic_initial_field_is_picls_initial_fields(tmp_path, picl):
    # WarpX's AnalyticInitialField (add_applied_field; its Ohm-solver and divergence-cleaner
    # scripts) sets the grid's fields at t = 0, picl's `fields`: a standing wave Ey = E0 sin(k z)
    # in 1D vacuum, with dt such that the Yee grid's omega dt = pi / 40, is 0 at step 20 and
    # -E0 sin(k z) at step 40, to 1e-9 E0 (measured 1.3e-15 and 7e-16); WarpX's divergence
    # cleaning is named in the ignored line
    import h5py
    import numpy as np
    path = tmp_path / "s.py"
    path.write_text(STANDING_WAVE)
    run = subprocess.run([sys.executable, str(path)], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PICL=picl))
    assert run.returncode == 0, run.stderr
    assert "AnalyticInitialField.warpx_do_initial_div_cleaning" in run.stderr, run.stderr
    for step, sign in ((0, 1), (20, 0), (40, -1)):
        with h5py.File(tmp_path / "diags" / "f" / f"openpmd_{step:06d}.h5") as f:
            mesh = f[f"data/{step}/meshes/E"]
            ey = mesh["y"][()] * mesh["y"].attrs["unitSI"]
            z = mesh.attrs["gridGlobalOffset"][0] + (np.arange(ey.size) + mesh["y"].attrs["position"][0]) \
                * mesh.attrs["gridSpacing"][0]
        assert np.abs(ey - sign * 1e3 * np.sin(2 * np.pi * z)).max() < 1e-9 * 1e3, (step, ey)


def test_analytic_initial_field_given_twice_is_refused(tmp_path):
    # one component from picl_fields and an AnalyticInitialField: WarpX would keep one, picl refuses
    run = script(tmp_path, """
        sim.picl_fields = {"Bz": "1.0"}
        sim.add_applied_field(picmi.AnalyticInitialField(Bz_expression="B0", B0=2.0, lower_bound=[0, None, None]))
        sim.write_input_file("in.lua")
    """)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert "AnalyticInitialField.Bz_expression = 'B0': Bz is given twice (also by picl_fields)" in run.stderr


@pytest.mark.parametrize("period, steps, want", [
    (10, 40, 10), ("10", 40, 10), ("::10", 40, 10), ("0::5", 40, 5), ("5:20:5", 40, [5, 10, 15, 20]),
    ("::20,3:3", 40, [0, 3, 20, 40]), ("30:", 33, [30, 31, 32, 33]),
])
def test_period_slices(period, steps, want):
    d = picmi.FieldDiagnostic(grid=picmi.Cartesian1DGrid(number_of_cells=[8], lower_bound=[0], upper_bound=[1],
                                                         lower_boundary_conditions=["periodic"],
                                                         upper_boundary_conditions=["periodic"]),
                              period=period)
    assert interval(d, d.period, steps) == want


def test_reduced_diagnostic_types(tmp_path, picl):
    text, err = lua_of(tmp_path, """
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="FieldEnergy", name="fe", period=5))
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="ParticleEnergy", name="pe", period=5))
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="BeamRelevant", name="beam", period=4, species=e))
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="FieldProbe", name="probe", period=1,
                                                   probe_geometry="Point", x_probe=5e-7, y_probe=5e-7, z_probe=5e-7))
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="ParticleHistogram", name="hist", period=8, species=e,
                                                   bin_number=10, bin_min=0, bin_max=1e-6, histogram_function="x"))
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="FieldMaximum", name="fmax", period=10))
        sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="Timestep", name="dt", period=10))
    """)
    assert "ReducedDiagnostic 'dt' (diag_type 'Timestep'" in err, err
    check = subprocess.run([picl, "check", "--no-build", str(tmp_path / "in.lua")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr + text
    for key in ("reduced = {", "moments = {", "probes = {", "histograms = {", "field_maxima = {"):
        assert key in text, (key, text)
    assert 'name = "fe"' in text and 'name = "pe"' not in text, "energies are one CSV in picl"


def test_initialize_inputs_writes_the_input(tmp_path):
    run = script(tmp_path, """
        sim.picl_input_file = "mine.lua"
        sim.initialize_inputs()
        sim.initialize_warpx()
    """)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "mine.lua").exists()
    assert len([l for l in run.stderr.splitlines() if "ignored" in l]) == 1, run.stderr


def test_plasma_lens_is_picls_elements(tmp_path, picl):
    text, err = lua_of(tmp_path, """
        sim.add_applied_field(picmi.PlasmaLens(period=0.5, starts=[0.1, 0.11], lengths=[0.01, 0.02],
                                               strengths_E=[600e6, 800e6], strengths_B=[0.0, 0.0]))
    """)
    # each lens an element of picl's, whose hard edges are weighed by the fraction of the step inside
    lenses = re.findall(r'kind = "plasma_lens",\s*strength_E = ([^,]+),.*?\n\s*z = \{([^}]*)\}', text, re.S)
    assert lenses == [("600000000.0", "0.1, 0.11"), ("800000000.0", "0.61, 0.63")], text    # lens 2 at 0.11 + 0.5
    assert "strength_B" not in text and "B = " not in text, "strengths_B all zero: no B"
    check = subprocess.run([picl, "check", "--no-build", str(tmp_path / "in.lua")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    read_back = re.findall(r"plasma lens\s+(\S+) V/m\^2, (\S+) T/m from z = (\S+) to (\S+) m", check.stdout)
    assert read_back == [("600000000", "0", "0.1", "0.11"), ("800000000", "0", "0.61", "0.63")], check.stdout


@pytest.mark.parametrize("body, words", [
    ("picmi.FieldDiagnostic(grid=grid, period=[1, 2])", ["FieldDiagnostic.period", "[1, 2]"]),
    ("picmi.ElectromagneticSolver(grid=grid, metod='Yee')", ["ElectromagneticSolver.metod: no such argument",
                                                             "did you mean method"]),
    ("picmi.MagnetostaticSolver(grid=grid)", ["MagnetostaticSolver", "closest: ElectrostaticSolver"]),
    ("picmi.Simulation(solver=picmi.ElectrostaticSolver(grid=grid, warpx_relativistic=True), time_step_size=1e-15, "
     "max_steps=2).write_input_file('x.lua')", ["ElectrostaticSolver.warpx_relativistic", "lab frame"]),
    # what picl's RZ does not do yet is refused by picl's own check, in one line (CKC in RZ)
    ("g = picmi.CylindricalGrid(number_of_cells=[8, 8], lower_bound=[0, 0], upper_bound=[1, 1], "
     "lower_boundary_conditions=['none', 'periodic'], upper_boundary_conditions=['dirichlet', 'periodic'])\n"
     "picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, method='CKC'), max_steps=2).step()",
     ["solver.name", '"ckc"', "not yet supported in RZ"]),
    ("picmi.EmbeddedBoundary(implicit_function='x')", ["picmi.EmbeddedBoundary", "no embedded boundaries", "closest"]),
    ("picmi.NoSuchClass()", ["picmi.NoSuchClass", "picl_picmi has no"]),
    ("from picl_picmi import callbacks\ncallbacks.installafterstep(print)", ["pywarpx.callbacks.installafterstep", "closest"]),
    ("grid.refined_regions.append([1, [0, 0, 0], [5e-7] * 3]); sim.write_input_file('x.lua')",
     ["refined_regions", "mesh refinement"]),
])
def test_one_message_no_traceback(tmp_path, body, words):
    run = script(tmp_path, body + "\n")
    assert run.returncode != 0
    assert "Traceback" not in run.stderr and "pydantic" not in run.stderr, run.stderr
    (line,) = [l for l in run.stderr.splitlines() if "PiclUnsupported" in l]
    for word in words:
        assert word in line, (word, line)


def test_stencil_order_with_yee_and_guard_cells_are_ignored(tmp_path):
    # WarpX reads stencil_order for its spectral solvers only
    text, err = lua_of(tmp_path, """
        sim.solver.stencil_order = [3, 3, 3]
        grid.guard_cells = [4, 4, 4]
    """)
    assert "ElectromagneticSolver.stencil_order" in err and "Cartesian3DGrid.guard_cells" in err, err


BOOSTED = """
from picl_picmi import picmi
grid = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 32], lower_bound=[-4e-6, -4e-6, -16e-6],
                             upper_bound=[4e-6, 4e-6, 0], lower_boundary_conditions=["periodic", "periodic", "pec"],
                             upper_boundary_conditions=["periodic", "periodic", "pec"],
                             moving_window_velocity=[0, 0, picmi.constants.c])
e = picmi.Species(particle_type="electron", name="electrons",
                  initial_distribution=picmi.UniformDistribution(density=1e24, lower_bound=[None, None, -8e-6]))
sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, cfl=0.99), max_steps=20, gamma_boost=2.0)
sim.add_species(e, layout=picmi.GriddedLayout(n_macroparticle_per_cell=[1, 1, 1], grid=grid))
sim.add_diagnostic(picmi.LabFrameFieldDiagnostic(name="lab", grid=grid, num_snapshots=2, dt_snapshots=50e-15,
                                                 time_start=40e-15, data_list=["Ex", "rho"]))
sim.add_diagnostic(picmi.LabFrameParticleDiagnostic(name="lab", grid=grid, num_snapshots=2, dt_snapshots=50e-15,
                                                    time_start=40e-15, species=[e], data_list=["x", "ux"]))
sim.write_input_file("in.lua")
"""


def test_lab_frame_diagnostics_with_a_boost(tmp_path, picl):
    (tmp_path / "s.py").write_text(BOOSTED)
    run = subprocess.run([sys.executable, "s.py"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    text = (tmp_path / "in.lua").read_text()
    assert 'boost = { gamma = 2.0, axis = "z" }' in text, text
    assert '{ name = "lab", times = {4e-14, 9e-14}, species = {"electrons"} }' in text, text
    assert "LabFrameFieldDiagnostic 'lab'.data_list 'rho'" in run.stderr, run.stderr
    check = subprocess.run([picl, "check", "--no-build", str(tmp_path / "in.lua")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr + text
    assert re.search(r"boost.*gamma 2", check.stdout), check.stdout


def test_write_dir_of_a_namesake_is_shared(tmp_path):
    # WarpX's 2024 scripts: write_dir='.' on the FieldDiagnostic only; pywarpx writes diag1 there
    text, err = lua_of(tmp_path, """
        sim.add_diagnostic(picmi.FieldDiagnostic(name="diag1", grid=grid, period=10, write_dir="."))
        sim.add_diagnostic(picmi.ParticleDiagnostic(name="diag1", period=10, species=[e]))
        sim.add_diagnostic(picmi.ParticleDiagnostic(name="other", period=10, species=[e]))
    """)
    assert 'output_dir = ".",' in text, text
    assert "ParticleDiagnostic 'other'.write_dir (default diags/: written in . with the others)" in err, err
    assert "'diag1'.write_dir" not in err, err


def test_a_wrong_object_is_one_short_line(tmp_path):
    run = script(tmp_path, 'sim.add_diagnostic("diag1")\n')
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    (line,) = run.stderr.strip().splitlines()
    assert line.startswith("picl_picmi: PiclUnsupported: Simulation.diagnostics.0 = 'diag1': expected FieldDiagnostic or"), line


def test_number_of_cells_is_coarsening(tmp_path):
    # WarpX's coarsening ratio: the grid's cells over the diagnostic's, per axis (8 / 4, 8 / 8, 8 / 2)
    lua, _ = lua_of(tmp_path, 'sim.add_diagnostic(picmi.FieldDiagnostic(name="d", grid=grid, period=10, '
                              'number_of_cells=[4, 8, 2]))')
    assert re.search(r"coarsening = \{\s*2,\s*1,\s*4\s*\}", lua), lua
    run = script(tmp_path, 'sim.add_diagnostic(picmi.FieldDiagnostic(name="d", grid=grid, period=10, '
                           'number_of_cells=[3, 8, 8]))\nsim.write_input_file("in.lua")\n')
    assert run.returncode != 0 and "FieldDiagnostic.number_of_cells" in run.stderr and "multiple of 3" in run.stderr, \
        run.stderr


def test_probes_in_2d(tmp_path, picl):
    # WarpX's 2D probes name x and z (y_probe absent); its Line takes `resolution` points from
    # (x_probe, z_probe) to (x1_probe, z1_probe); picl's points are {x, z} in 2D
    grid = picmi.Cartesian2DGrid(number_of_cells=[8, 8], lower_bound=[0, 0], upper_bound=[1e-6, 1e-6],
                                 lower_boundary_conditions=["periodic"] * 2, upper_boundary_conditions=["periodic"] * 2)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid), max_steps=4)
    sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="FieldProbe", name="pt", period=1, probe_geometry="Point",
                                               x_probe=2e-7, z_probe=5e-7))
    sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="FieldProbe", name="line", period=2, probe_geometry="Line",
                                               x_probe=0.0, z_probe=5e-7, x1_probe=1e-6, z1_probe=5e-7,
                                               resolution=11, integrate=0))
    path = tmp_path / "in.lua"
    sim.write_input_file(str(path))
    text = path.read_text()
    assert "points = {{2e-07, 5e-07}}" in text, text
    assert 'kind = "line", count = 11, start = {0.0, 5e-07}, ["end"] = {1e-06, 5e-07}' in text, text
    check = subprocess.run([picl, "check", "--no-build", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr + text
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid), max_steps=4)
    sim.add_diagnostic(picmi.ReducedDiagnostic(diag_type="FieldProbe", name="p", probe_geometry="Point",
                                               x_probe=0, z_probe=0, integrate=1))
    with pytest.raises(PiclUnsupported, match="integrate = 1.*time integral"):
        sim.write_input_file(str(path))


@pytest.mark.parametrize("period, steps, other, want, named", [
    (10, 40, {}, 10, False),                             # the last step is one of the period's
    (10, 35, {}, [0, 10, 20, 30, 35], False),            # WarpX's dump_last_timestep adds it
    (10, 35, {"warpx_dump_last_timestep": 0}, 10, False),
    (1, 100, {}, 1, False),
    (3, 200, {}, 3, True),                               # 68 listed steps > picl's 64: named
    (10, None, {}, 10, True),                            # max_time alone: the last step is unknown
])
def test_full_diagnostics_write_the_last_step_as_warpx(period, steps, other, want, named):
    from picl_picmi.diagnostics import _with_last
    d = picmi.FieldDiagnostic(grid=picmi.Cartesian1DGrid(number_of_cells=[8], lower_bound=[0], upper_bound=[1],
                                                         lower_boundary_conditions=["periodic"],
                                                         upper_boundary_conditions=["periodic"]),
                              period=period, name="d")
    ignored = []
    assert _with_last(d, interval(d, d.period, steps), steps, other, ignored) == want
    assert bool(ignored) == named and all("'d' at the last step" in i for i in ignored), ignored
