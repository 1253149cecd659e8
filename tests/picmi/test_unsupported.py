# test_unsupported.py: what picl cannot honour is refused, never dropped: the message names the
# PICMI object and argument and the closest picl key, and a script stops with a non-zero status.
import subprocess
import sys
import textwrap

import pytest

from picl_picmi import picmi
from picl_picmi.errors import PiclUnsupported


def grid(**kw):
    args = dict(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-6, 1e-6, 1e-6],
                lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
    args.update(kw)
    return picmi.Cartesian3DGrid(**args)


def grid2d():
    return picmi.Cartesian2DGrid(number_of_cells=[8, 8], lower_bound=[0, 0], upper_bound=[1e-6, 1e-6],
                                 lower_boundary_conditions=["periodic"] * 2, upper_boundary_conditions=["periodic"] * 2)


def grid1d():
    return picmi.Cartesian1DGrid(number_of_cells=[8], lower_bound=[0], upper_bound=[1e-6],
                                 lower_boundary_conditions=["periodic"], upper_boundary_conditions=["periodic"])


def simulation(g=None, solver=None, dist=None, layout=None, species=None, self_field=None, laser=None,
               diagnostic=None, **kw):
    g = g or grid()
    sim = picmi.Simulation(solver=solver or picmi.ElectromagneticSolver(grid=g), max_steps=2, **kw)
    if dist is not None or species is not None:
        sp = species or picmi.Species(particle_type="electron", name="e", initial_distribution=dist)
        sim.add_species(sp, layout=layout or picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1]),
                        initialize_self_field=self_field)
    if laser is not None:
        sim.add_laser(laser, picmi.LaserAntenna(position=[0, 0, 0.5e-6]))
    if diagnostic is not None:
        sim.add_diagnostic(diagnostic(g))
    return sim


def uniform(**kw):
    return picmi.UniformDistribution(density=1e24, **kw)


def gaussian_laser(**kw):
    args = dict(wavelength=0.8e-6, waist=2e-6, duration=5e-15, focal_position=[0, 0, 0.5e-6],
                centroid_position=[0, 0, 0], propagation_direction=[0, 0, 1], polarization_direction=[1, 0, 0],
                a0=1.0)
    args.update(kw)
    return picmi.GaussianLaser(**args)


# (what, a function that makes it and writes the input, what the message must say)
CASES = [
    ("PSTD", lambda: simulation(solver=picmi.ElectromagneticSolver(grid=grid(), method="PSTD")),
     ["ElectromagneticSolver.method = 'PSTD'", "spectral solver is PSATD", "closest picl key: solver.name"]),
    ("mesh refinement", lambda: (g := grid(), g.add_refined_region(1, [0, 0, 0], [5e-7, 5e-7, 5e-7]),
                                 simulation(g))[2],
     ["Cartesian3DGrid.refined_regions", "mesh refinement", "closest picl key: grid.cells"]),
    # a CylindricalGrid is picl's geometry "rz"; its lower r face is the axis
    ("RZ grid without its axis", lambda: simulation(g=picmi.CylindricalGrid(
        number_of_cells=[8, 8], lower_bound=[0, 0], upper_bound=[1, 1],
        lower_boundary_conditions=["pec", "periodic"], upper_boundary_conditions=["pec", "periodic"])),
     ["CylindricalGrid.lower_boundary_conditions", "is the axis", "boundary.field"]),
    # 2D and 1D grids are picl's geometry "2d" (x, z) and "1d" (z): what has no axis there is refused
    ("2D laser along y", lambda: simulation(g=grid2d(), laser=gaussian_laser(propagation_direction=[0, 1, 0],
                                                                             polarization_direction=[1, 0, 0])),
     ["GaussianLaser.propagation_direction", "2D grid has no y axis", "lasers[i].direction"]),
    ("2D ppc of 3", lambda: simulation(g=grid2d(), dist=uniform(),
                                       layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1])),
     ["GriddedLayout.n_macroparticles_per_cell", "expected 1 or 2 numbers on a 2D grid", "species.ppc"]),
    ("1D plasma off y = 0", lambda: simulation(g=grid1d(), dist=uniform(lower_bound=[None, 1e-7, None]),
                                               layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1])),
     ["UniformDistribution.lower_bound", "sit at y = 0", "species.region"]),
    ("magnetostatic", lambda: picmi.MagnetostaticSolver(grid=grid()), ["MagnetostaticSolver", "solver.name"]),
    ("Silver-Mueller", lambda: simulation(grid(lower_boundary_conditions=["absorbing_silver_mueller", "periodic",
                                                                          "periodic"],
                                               upper_boundary_conditions=["absorbing_silver_mueller", "periodic",
                                                                          "periodic"])),
     ["Cartesian3DGrid.lower_boundary_conditions", "absorbing_silver_mueller", "boundary.field"]),
    ("thermal particles", lambda: simulation(grid(lower_boundary_conditions_particles=["thermal", "periodic",
                                                                                       "periodic"])),
     ["lower_boundary_conditions_particles", "thermal", "boundary.particles"]),
    ("momentum expression's name", lambda: simulation(dist=picmi.AnalyticDistribution(
        density_expression="n0", n0=1e24, momentum_expressions=["u0*x", None, "q*x"], u0=1.0)),
     ["momentum_expressions[2]", "unknown name 'q'"]),
    ("self field", lambda: simulation(dist=uniform(), self_field=True),
     ["initialize_self_field=True", "Poisson", "closest picl key: fields"]),
    ("random plasma by count", lambda: simulation(dist=uniform(), layout=picmi.PseudoRandomLayout(n_macroparticles=40)),
     ["PseudoRandomLayout.n_macroparticles", "lattice", "species.ppc"]),
    ("Li pusher", lambda: simulation(species=picmi.Species(particle_type="electron", name="e", method="Li",
                                                           initial_distribution=uniform())),
     ["Species.method = 'Li'", "pusher"]),
    ("NGP", lambda: simulation(dist=uniform(), particle_shape="NGP"),
     ["Simulation.particle_shape = 'NGP'", "shape_order"]),
    ("two pushers", lambda: (s := simulation(species=picmi.Species(particle_type="electron", name="e", method="Vay",
                                                                   initial_distribution=uniform())),
                             s.add_species(picmi.Species(particle_type="proton", name="p", method="Boris",
                                                         initial_distribution=uniform()),
                                           picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1])), s)[2],
     ["one pusher for every species", "pusher"]),
    ("chirp", lambda: simulation(laser=gaussian_laser(phi2=1e-30)), ["GaussianLaser.phi2", "lasers[i].profile"]),
    ("tilted laser", lambda: simulation(laser=gaussian_laser(propagation_direction=[0, 1, 1],
                                                             polarization_direction=[1, 0, 0])),
     ["GaussianLaser.propagation_direction", "along an axis", "lasers[i].direction"]),
    ("analytic laser off an axis", lambda: simulation(laser=picmi.AnalyticLaser(
        field_expression="E0*cos(t)", E0=1.0, wavelength=1e-6, propagation_direction=[1, 0, 1],
        polarization_direction=[0, 1, 0], Emax=1.0)),
     ["AnalyticLaser.propagation_direction", "lasers[i].direction"]),
    ("time-averaged fields", lambda: simulation(diagnostic=lambda g: picmi.TimeAveragedFieldDiagnostic(
        grid=g, period=10, warpx_time_average_mode="fixed_start", warpx_average_period_steps=5)),
     ["TimeAveragedFieldDiagnostic.warpx_time_average_mode", "time-averaged", "diagnostics.full"]),
    ("mirror", lambda: picmi.Mirror(z_front_location=1e-7), ["Mirror", "mirrors"]),
    ("applied field file", lambda: picmi.LoadAppliedField(read_fields_from_path="f.h5"),
     ["LoadAppliedField", "fields.Ex"]),
    ("applied field's name", lambda: (s := simulation(),
                                      s.add_applied_field(picmi.AnalyticAppliedField(Bz_expression="B0*x")), s)[2],
     ["AnalyticAppliedField 1: Bz_expression", "unknown name 'B0'"]),
    ("ionization model", lambda: (s := simulation(species=(n := picmi.Species(
        particle_type="N", charge_state=0, name="n", initial_distribution=uniform()))),
        s.add_species(e := picmi.Species(particle_type="electron", name="e"), None),
        s.add_interaction(picmi.FieldIonization(model="BSI", ionized_species=n, product_species=e)), s)[3],
     ["FieldIonization.model = 'BSI'", "ADK", "species.ionization.model"]),
    ("ionized element", lambda: (s := simulation(species=(n := picmi.Species(
        particle_type="U", charge_state=0, name="u", charge=0, mass=4e-25, initial_distribution=uniform()))),
        s.add_species(e := picmi.Species(particle_type="electron", name="e"), None),
        s.add_interaction(picmi.FieldIonization(model="ADK", ionized_species=n, product_species=e)), s)[3],
     ["Species.particle_type = 'U'", "H to Kr", "species.ionization.element"]),
    ("charge text", lambda: simulation(species=picmi.Species(name="i", charge="q_e*", mass="m_p",
                                                             initial_distribution=uniform())),
     ["Species.charge = 'q_e*'", "q_e", "species.charge"]),
    ("divergence cleaning", lambda: simulation(solver=picmi.ElectromagneticSolver(grid=grid(), divE_cleaning=True)),
     ["ElectromagneticSolver.divE_cleaning", "deposition"]),
    ("no steps", lambda: picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid())),
     ["Simulation.max_steps", "steps or stop_time"]),
    # a reduced diagnostic's argument picl needs and the script left out: refused, not a traceback
    ("histogram without bins", lambda: (s := simulation(dist=uniform()), s.add_diagnostic(picmi.ReducedDiagnostic(
        diag_type="ParticleHistogram", name="h", species=s.species[0], bin_min=0, bin_max=1,
        histogram_function="ux")), s)[2],
     ["ReducedDiagnostic.bin_number = None", "diagnostics.histograms.axes"]),
    ("histogram of a MultiSpecies", lambda: (s := simulation(species=(m := picmi.MultiSpecies(
        particle_types=["electron", "positron"], names=["e", "p"], initial_distribution=uniform()))),
        s.add_diagnostic(picmi.ReducedDiagnostic(diag_type="ParticleHistogram", name="h", species=m, bin_number=4,
                                                 bin_min=0, bin_max=1, histogram_function="ux")), s)[2],
     ["ReducedDiagnostic.species", "not a MultiSpecies of 2", "diagnostics.histograms.species"]),
    ("probe without y in 3D", lambda: (s := simulation(), s.add_diagnostic(picmi.ReducedDiagnostic(
        diag_type="FieldProbe", name="p", probe_geometry="Point", x_probe=0, z_probe=0)), s)[2],
     ["ReducedDiagnostic.y_probe = None", "diagnostics.probes.points"]),
    ("line probe without its end", lambda: (s := simulation(g=grid2d()), s.add_diagnostic(picmi.ReducedDiagnostic(
        diag_type="FieldProbe", name="p", probe_geometry="Line", x_probe=0, z_probe=0, x1_probe=1e-7,
        resolution=4)), s)[2],
     ["ReducedDiagnostic.z1_probe", "diagnostics.probes.end"]),
]


@pytest.mark.parametrize("what, make, words", CASES, ids=[c[0] for c in CASES])
def test_refused_with_the_closest_key(what, make, words):
    with pytest.raises(PiclUnsupported) as refusal:
        made = make()
        made.input_text()
    for word in words:
        assert word in str(refusal.value), f"{what}: {word!r} not in: {refusal.value}"


def test_unknown_picl_argument_is_an_error():
    with pytest.raises(Exception, match="picl_max_boxes"):
        grid(picl_max_boxes=8)


def test_other_codes_arguments_are_left_to_them():
    # PICMI's rule: warpx_ arguments are for WarpX; a script for both codes runs on picl
    assert "max_box" not in simulation(grid(warpx_max_grid_size=32)).input_text()


def test_a_script_stops_with_a_message_and_a_nonzero_status(tmp_path):
    script = tmp_path / "pstd.py"
    script.write_text(textwrap.dedent("""
        from picl_picmi import picmi
        grid = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-6] * 3,
                                     lower_boundary_conditions=["periodic"] * 3,
                                     upper_boundary_conditions=["periodic"] * 3)
        sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, method="PSTD"), max_steps=10)
        sim.write_input_file("pstd.lua")
    """))
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode != 0
    assert "PiclUnsupported: ElectromagneticSolver.method = 'PSTD'" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "closest picl key: solver.name" in run.stderr
    assert not (tmp_path / "pstd.lua").exists(), "nothing written"


def test_a_run_that_picl_refuses_fails_the_script(tmp_path):
    # a value only picl's own validation knows to refuse (max_box must divide the cells): picl's
    # message on stderr, its status 2, and the script stops
    script = tmp_path / "bad_box.py"
    script.write_text(textwrap.dedent("""
        from picl_picmi import picmi
        grid = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-6] * 3,
                                     lower_boundary_conditions=["periodic"] * 3,
                                     upper_boundary_conditions=["periodic"] * 3, picl_max_box=3)
        sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid), max_steps=10)
        sim.step()
    """))
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode != 0
    # said at the PICMI level (picl check before the run): the picl key, the PICMI objects behind
    # it, one line, and never a line number of the generated Lua
    assert "grid.max_box" in run.stderr and "the grid (number_of_cells" in run.stderr, run.stderr
    assert "picl_input.lua:" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_simulation_steps_once():
    sim = simulation()
    sim._stepped = True               # as after a step(): picl runs a simulation in one go
    with pytest.raises(PiclUnsupported, match="Simulation.step: picl runs a simulation in one go"):
        sim.step(1)


def test_another_codes_attribute_is_refused_in_one_line():
    # WarpX's scripts assign WarpX's own attributes (simulation.current_deposition_algo = "direct",
    # its Ohm-solver examples): taken as the warpx_... argument (test_warpx_api.py); an attribute
    # that is neither PICMI's nor WarpX's is refused in one line, a near miss of PICMI's named
    sim = simulation()
    sim.max_steps = 7
    assert sim.max_steps == 7
    sim.current_deposition_algo = "direct"
    with pytest.raises(PiclUnsupported) as e:
        sim.deposition_scheme = "direct"
    assert str(e.value).startswith("Simulation.deposition_scheme = 'direct': not a PICMI attribute")
    assert "closest: Simulation(warpx_deposition_scheme=...)" in str(e.value)
    assert "pydantic" not in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(PiclUnsupported, match="did you mean max_steps"):
        sim.max_step = 7
    d = picmi.ReducedDiagnostic(diag_type="FieldReduction", name="fr", period=1, reduction_type="Maximum")
    d.reduced_function = "Ez"   # WarpX's ReducedDiagnostic takes any argument (picl names the unused)
    assert d.model_extra["reduced_function"] == "Ez"
