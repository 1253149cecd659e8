# test_species_mapping.py: the species side of WarpX's PICMI scripts on picl: field ionization,
# Coulomb collisions, species that start empty, charge and mass as text, a random layout as a
# lattice, a plasma open ahead of a moving window; each read back from what `picl check` resolves
# (check_report.py), and the window's plasma counted at the end of a short 1D run.
import csv
import math
import re
import subprocess

from check_report import read
from picl_picmi import picmi

Q_E, M_E, M_P = 1.602176634e-19, 9.1093837015e-31, 1.67262192369e-27
U = 1.66053906660e-27


def grid2d(**kw):
    args = dict(number_of_cells=[8, 16], lower_bound=[0, 0], upper_bound=[4e-6, 8e-6],
                lower_boundary_conditions=["periodic", "pec"], upper_boundary_conditions=["periodic", "pec"])
    args.update(kw)
    return picmi.Cartesian2DGrid(**args)


def checked(sim, picl, tmp_path):
    lua_file = tmp_path / "input.lua"
    sim.write_input_file(str(lua_file))
    return read(picl, lua_file), lua_file.read_text()


def numbers(text):
    return [float(v) for v in re.findall(r"[-+]?\d[\d.e+-]*", text)]


def test_ionization_product_and_collisions(picl, tmp_path):
    # WarpX's field-ionization example's species: nitrogen from charge state 2, its electrons a
    # species with no distribution (a GriddedLayout of 0 per cell), and the collisions of WarpX's
    # collision example, one given to warpx_collisions and one to add_interaction
    g = grid2d()
    electrons = picmi.Species(particle_type="electron", name="electrons")
    ions = picmi.Species(particle_type="N", name="ions", charge_state=2,
                         initial_distribution=picmi.UniformDistribution(density=1e24))
    ei = picmi.CoulombCollisions(name="ei", species=[electrons, ions], CoulombLog=15.9)
    ii = picmi.CoulombCollisions(name="ii", species=[ions], ndt=4)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9), max_steps=4,
                           warpx_collisions=[ei])
    sim.add_species(electrons, layout=picmi.GriddedLayout(n_macroparticle_per_cell=[0, 0]))
    sim.add_species(ions, layout=picmi.GriddedLayout(n_macroparticle_per_cell=[2, 1]))
    sim.add_interaction(picmi.FieldIonization(model="ADK", ionized_species=ions, product_species=electrons))
    sim.add_interaction(ii)
    r, text = checked(sim, picl, tmp_path)
    n = r["species"]["ions"]
    assert n["ionization"].startswith("N (Z = 7) from charge state 2, ADK, electrons to electrons"), n
    # per charge state: e; the mass N's standard atomic weight 14.007 u
    assert math.isclose(numbers(n["charge, mass"])[0], Q_E, rel_tol=1e-8)
    assert math.isclose(numbers(n["charge, mass"])[1], 14.007 * U, rel_tol=1e-8)
    e = r["species"]["electrons"]
    assert float(e["density (m^-3)"].split()[0]) == 0.0 and e["ppc"] == "1 x 1 x 1"
    assert "the product of a FieldIonization: the species starts empty" in text
    lines = [ln for ln in r["text"].splitlines() if ln.startswith("collisions ")]
    assert len(lines) == 2, lines
    got = {ln.split()[1]: ln for ln in lines}
    assert "ei: electrons with ions, ln(Lambda) 15.9, every 1 steps" in got["ei:"]
    assert "ii: ions with ions, ln(Lambda) auto (per cell), every 4 steps" in got["ii:"]


def test_charge_and_mass_as_text_and_an_ion_without_ionization(picl, tmp_path):
    g = grid2d()
    dist = picmi.UniformDistribution(density=1e24)
    species = [picmi.Species(particle_type="H", name="light", charge="q_e", mass="5*m_e", initial_distribution=dist),
               picmi.Species(name="heavy", charge="-q_e", mass="m_p*1836", initial_distribution=dist),
               picmi.Species(particle_type="Ar", name="argon", charge_state=3, initial_distribution=dist),
               picmi.Species(particle_type="electron", name="spare")]
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9, stencil_order=[4, 4]), max_steps=4)
    for sp in species:
        sim.add_species(sp, layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1]))
    r, text = checked(sim, picl, tmp_path)
    want = {"light": (Q_E, 5 * M_E), "heavy": (-Q_E, M_P * 1836), "argon": (3 * Q_E, 39.948 * U),
            "spare": (-Q_E, M_E)}
    for name, (q, m) in want.items():
        got = numbers(r["species"][name]["charge, mass"])
        assert math.isclose(got[0], q, rel_tol=1e-8) and math.isclose(got[1], m, rel_tol=1e-8), (name, got)
    assert float(r["species"]["spare"]["density (m^-3)"].split()[0]) == 0.0
    assert "no initial_distribution: the species starts empty" in text
    # stencil_order belongs to spectral solvers: with Yee it is ignored, as WarpX does, and said so
    assert r["solver"] == "yee" and "ElectromagneticSolver.stencil_order" in text.splitlines()[3], text.splitlines()[3]


def test_random_layout_is_a_lattice_of_as_many(picl, tmp_path, capfd):
    g = picmi.Cartesian3DGrid(number_of_cells=[4, 4, 4], lower_bound=[0] * 3, upper_bound=[1e-6] * 3,
                              lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9), max_steps=4)
    sim.add_species(picmi.Species(particle_type="electron", name="e",
                                  initial_distribution=picmi.UniformDistribution(density=1e24)),
                    layout=picmi.PseudoRandomLayout(n_macroparticles_per_cell=200, seed=7))
    r, _ = checked(sim, picl, tmp_path)
    assert r["species"]["e"]["ppc"] == "8 x 5 x 5" and r["species"]["e"]["seed"] == "7"
    assert "as a lattice" in capfd.readouterr().err


def test_laser_fill_in_is_ignored(picl, tmp_path):
    g = picmi.Cartesian1DGrid(number_of_cells=[32], lower_bound=[0], upper_bound=[16e-6],
                              lower_boundary_conditions=["pec"], upper_boundary_conditions=["pec"])
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9), max_steps=4)
    laser = picmi.GaussianLaser(wavelength=0.8e-6, waist=1e10, duration=5e-15, focal_position=[0, 0, 2e-6],
                                centroid_position=[0, 0, 2e-6 - 3e8 * 15e-15], propagation_direction=[0, 0, 1],
                                polarization_direction=[1, 0, 0], a0=1.0, fill_in=False)
    sim.add_laser(laser, injection_method=picmi.LaserAntenna(position=[0, 0, 2e-6], normal_vector=[0, 0, 1]))
    r, _ = checked(sim, picl, tmp_path)
    assert r["lasers"]["laser1"]["direction"] == "+z"


def test_plasma_streams_in_ahead_of_the_window(picl, tmp_path):
    # WarpX's 1D plasma-acceleration example (Examples/Physics_applications/plasma_acceleration),
    # its plasma from z = 0 with an open upper bound: after the window has moved past the whole
    # initial domain the plasma fills it, 64 cells x 10 = 640 particles (WarpX's count at step
    # 1000). Cut at the initial domain's face it would be 0 here.
    g = picmi.Cartesian1DGrid(number_of_cells=[64], lower_bound=[-200e-6], upper_bound=[200e-6],
                              lower_boundary_conditions=["dirichlet"], upper_boundary_conditions=["dirichlet"],
                              lower_boundary_conditions_particles=["absorbing"],
                              upper_boundary_conditions_particles=["absorbing"],
                              moving_window_velocity=[picmi.constants.c])
    plasma = picmi.Species(particle_type="electron", name="plasma", initial_distribution=picmi.UniformDistribution(
        density=1e22, lower_bound=[None, None, 0.0], upper_bound=[None, None, None], fill_in=True))
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.999), max_steps=100,
                           picl_input_file=str(tmp_path / "window.lua"))
    sim.add_species(plasma, layout=picmi.GriddedLayout(grid=g, n_macroparticle_per_cell=[10]))
    sim.add_diagnostic(picmi.ReducedDiagnostic(name="counts", period=50, write_dir=str(tmp_path / "diags")))
    r, _ = checked(sim, picl, tmp_path)
    assert numbers(r["species"]["plasma"]["region"])[-1] >= 1e30
    run = subprocess.run([picl, "run", str(tmp_path / "input.lua"), "-q"], cwd=tmp_path, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(open(tmp_path / "diags" / "counts.csv")))
    assert int(rows[0]["particles_plasma"]) == 320          # z >= 0 of the initial domain
    assert int(rows[-1]["step"]) == 100 and int(rows[-1]["particles_plasma"]) == 640, rows[-1]
    assert int(rows[-1]["window_injected_plasma"]) > 640


def test_element_weights_are_picls():
    # the ion masses of a species given by particle_type and charge_state are lua/elements.lua's
    from conftest import ROOT
    from picl_picmi.translate import ELEMENTS
    text = (ROOT / "lua" / "elements.lua").read_text()
    lua = {m.group(1): float(m.group(2)) for m in re.finditer(r'symbol = "(\w+)", z = \d+, name = "\w+", weight = ([\d.]+)', text)}
    assert lua == ELEMENTS


def test_particle_lists_of_one_species_are_listed_particles(picl, tmp_path):
    # WarpX's plasma-lens example gives one species two ParticleListDistributions of one particle
    c = picmi.constants.c
    g = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[-1, -1, -1], upper_bound=[1, 1, 1],
                              lower_boundary_conditions=["dirichlet"] * 3, upper_boundary_conditions=["dirichlet"] * 3)
    lists = [picmi.ParticleListDistribution(x=[0.5], y=[0.0], z=[0.25], ux=[0.0], uy=[0.0], uz=[0.5 * c], weight=[1.0]),
             picmi.ParticleListDistribution(x=0.0, y=0.4, z=0.25, ux=0.1 * c, uy=0.0, uz=0.5 * c, weight=2.0)]
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.5), max_steps=4)
    sim.add_species(picmi.Species(particle_type="electron", name="electrons", initial_distribution=lists), layout=None)
    sim.add_diagnostic(picmi.ReducedDiagnostic(name="counts", period=4, write_dir=str(tmp_path / "diags")))
    r, text = checked(sim, picl, tmp_path)
    assert r["species"]["electrons"]["particles"] == "2 listed, the first at {0.5, 0, 0.25} m, u {0, 0, 0.5}, weight 1"
    assert "{ position = {0.0, 0.4, 0.25}, u = {0.1, 0.0, 0.5}, weight = 2.0 }" in text
    run = subprocess.run([picl, "run", str(tmp_path / "input.lua"), "-q"], cwd=tmp_path, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    row = list(csv.DictReader(open(tmp_path / "diags" / "counts.csv")))[0]
    # (gamma - 1) m c^2 w of each: u = 0.5 with weight 1, u = (0.1, 0, 0.5) with weight 2
    mc2 = M_E * c * c
    want = (math.sqrt(1.25) - 1) * mc2 + 2 * (math.sqrt(1.26) - 1) * mc2
    assert int(row["particles_electrons"]) == 2
    assert math.isclose(float(row["kinetic_energy_electrons_J"]), want, rel_tol=1e-12)


def test_a_particle_list_outside_the_domain_is_refused(picl, tmp_path):
    import pytest
    from picl_picmi.errors import PiclUnsupported
    g = grid2d()
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9), max_steps=4)
    sim.add_species(picmi.Species(particle_type="electron", name="e", initial_distribution=picmi.ParticleListDistribution(
        x=[1e-6], y=[0.0], z=[9e-6], ux=[0.0], uy=[0.0], uz=[0.0], weight=[1.0])), layout=None)
    with pytest.raises(PiclUnsupported, match=r"ParticleListDistribution.z .*outside the domain along z"):
        sim.input_text()
    # picl's own check of a listed position, for inputs written by hand
    lua_file = tmp_path / "hand.lua"
    lua_file.write_text('local picl = require("picl")\nreturn picl.simulation { geometry = "2d",\n'
                        '  grid = { cells = {8, 16}, lower = {0, 0}, upper = {4e-6, 8e-6} },\n'
                        '  boundary = { field = { x = "periodic", z = "pec" } }, steps = 1,\n'
                        '  species = { { name = "e", particle = "electron",\n'
                        '    particles = { { position = {1e-6, 9e-6}, weight = 1 } } } } }\n')
    run = subprocess.run([picl, "check", str(lua_file)], capture_output=True, text=True)
    assert run.returncode != 0 and "species.e.particles.1.position: {1e-06, 0, 9e-06} m lies outside" in run.stderr


def window_during_the_pulse(method, tmp_path):
    # a window at c from t = 0 while the antenna emits (WarpX's laser-acceleration examples)
    g = picmi.Cartesian2DGrid(number_of_cells=[16, 32], lower_bound=[-8e-6, 0], upper_bound=[8e-6, 16e-6],
                              lower_boundary_conditions=["periodic", "pec"],
                              upper_boundary_conditions=["periodic", "pec"],
                              moving_window_velocity=[0, picmi.constants.c])
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9, method=method), max_steps=4,
                           picl_input_file=str(tmp_path / "window.lua"))
    laser = picmi.GaussianLaser(wavelength=0.8e-6, waist=1e10, duration=5e-15, focal_position=[0, 0, 2e-6],
                                centroid_position=[0, 0, 2e-6 - 3e8 * 15e-15], propagation_direction=[0, 0, 1],
                                polarization_direction=[1, 0, 0], a0=1.0, fill_in=False)
    sim.add_laser(laser, injection_method=picmi.LaserAntenna(position=[0, 0, 2e-6], normal_vector=[0, 0, 1]))
    return sim


def test_a_window_during_the_pulse_is_the_cores_to_judge(picl, tmp_path, monkeypatch):
    # an antenna along the window's axis stays in the lab frame (docs/input.md, moving_window),
    # Yee's and CKC's alike: picl check takes both with the window from t = 0
    monkeypatch.setenv("PICL", str(picl))
    for method in ("Yee", "CKC"):
        r, lua_text = checked(window_during_the_pulse(method, tmp_path), picl, tmp_path)
        assert r["lasers"]["laser1"]["direction"] == "+z"
        assert r["solver"] == method.lower(), r["solver"]
        assert "moving_window" in lua_text and "start" not in lua_text.split("moving_window", 1)[1].split("}")[0]


def test_from_file_reads_the_species_back(picl, tmp_path):
    # a file picl wrote (the listed particles' openPMD output at step 0) read back by
    # FromFileDistribution: the same particles, so the same kinetic energy
    c = picmi.constants.c

    def simulation(dist, out):
        g = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[-1, -1, -1], upper_bound=[1, 1, 1],
                                  lower_boundary_conditions=["dirichlet"] * 3, upper_boundary_conditions=["dirichlet"] * 3)
        sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.5), max_steps=1)
        sp = picmi.Species(particle_type="electron", name="e", initial_distribution=dist)
        sim.add_species(sp, layout=None)
        sim.add_diagnostic(picmi.ReducedDiagnostic(name="counts", period=1, write_dir=str(tmp_path / out)))
        sim.add_diagnostic(picmi.ParticleDiagnostic(name="parts", period=1, species=[sp], write_dir=str(tmp_path / out)))
        lua_file = tmp_path / f"{out}.lua"
        sim.write_input_file(str(lua_file))
        run = subprocess.run([picl, "run", str(lua_file), "-q"], cwd=tmp_path, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        return read(picl, lua_file), list(csv.DictReader(open(tmp_path / out / "counts.csv")))[0]

    listed = picmi.ParticleListDistribution(x=[0.1, -0.3, 0.5], y=[0.0, 0.2, -0.4], z=[0.25, 0.0, -0.5],
                                            ux=[0.0, 0.2 * c, 0.0], uy=[0.0, 0.0, -0.3 * c], uz=[0.5 * c, 0.0, 0.0],
                                            weight=[1.0, 2.0, 3.0])
    _, first = simulation(listed, "a")
    files = sorted((tmp_path / "a" / "parts").glob("*.h5"))
    r, again = simulation(picmi.FromFileDistribution(file_path=str(files[0])), "b")
    assert r["species"]["e"]["from file"].startswith(f"species e of iteration 0 of {files[0]}")
    assert int(again["particles_e"]) == 3
    assert math.isclose(float(again["kinetic_energy_e_J"]), float(first["kinetic_energy_e_J"]), rel_tol=1e-12)


def test_do_not_deposit_makes_no_field(picl, tmp_path):
    # WarpX's warpx_do_not_deposit=1 (its collision example): pushed, deposits nothing. A drifting
    # electron plasma with nothing to neutralise its current makes a field; with it, none
    def field_energy(**species_args):
        out = tmp_path / ("off" if species_args else "on")
        g = picmi.Cartesian1DGrid(number_of_cells=[16], lower_bound=[0], upper_bound=[16e-6],
                                  lower_boundary_conditions=["periodic"], upper_boundary_conditions=["periodic"])
        sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9), max_steps=10)
        sp = picmi.Species(particle_type="electron", name="e", initial_distribution=picmi.UniformDistribution(
            density=1e24, directed_velocity=[0, 0, 1e7]), **species_args)
        sim.add_species(sp, layout=picmi.GriddedLayout(n_macroparticles_per_cell=[2]))
        sim.add_diagnostic(picmi.ReducedDiagnostic(name="counts", period=10, write_dir=str(out)))
        lua_file = tmp_path / f"{out.name}.lua"
        sim.write_input_file(str(lua_file))
        r = read(picl, lua_file)
        run = subprocess.run([picl, "run", str(lua_file), "-q"], cwd=tmp_path, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        rows = list(csv.DictReader(open(out / "counts.csv")))
        return r, float(rows[-1]["field_energy_J"]), float(rows[-1]["kinetic_energy_e_J"]), float(rows[0]["kinetic_energy_e_J"])

    r, field, kinetic, kinetic0 = field_energy(warpx_do_not_deposit=1)
    assert "species            e (no deposition)" in r["text"]
    assert field == 0.0 and kinetic == kinetic0
    _, field, kinetic, _ = field_energy()
    assert field > 1e-6 * kinetic


def test_field_ionization_of_nitrogen_meets_warpx_criterion(picl, tmp_path):
    # The set-up of WarpX's Examples/Tests/field_ionization/inputs_test_2d_ionization_picmi.py
    # (Chen et al., JCP 236, 220 (2013), fig. 2): a plane wave of a0 = 1.8 through N2+ leaves
    # ~32% of the ions N5+; WarpX's analysis.py accepts 7% of 0.32 (picl: 0.3227 measured)
    import h5py
    import numpy as np
    c = picmi.constants.c
    g = picmi.Cartesian2DGrid(number_of_cells=[16, 800], lower_bound=[-5e-6, 0], upper_bound=[5e-6, 20e-6],
                              lower_boundary_conditions=["periodic", "open"],
                              upper_boundary_conditions=["periodic", "open"])
    electrons = picmi.Species(particle_type="electron", name="electrons")
    ions = picmi.Species(particle_type="N", name="ions", charge_state=2, initial_distribution=picmi.UniformDistribution(
        density=1, lower_bound=[None, None, 5e-6], upper_bound=[None, None, 15e-6], fill_in=True))
    laser = picmi.GaussianLaser(wavelength=0.8e-6, waist=1e10, duration=26.685e-15, focal_position=[0, 0, 3e-6],
                                centroid_position=[0, 0, 3e-6 - c * 60e-15], propagation_direction=[0, 0, 1],
                                polarization_direction=[1, 0, 0], a0=1.8, fill_in=False)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, method="CKC", cfl=0.999), max_steps=1600,
                           particle_shape="linear")
    sim.add_species(electrons, layout=picmi.GriddedLayout(grid=g, n_macroparticle_per_cell=[0, 0]))
    sim.add_species(ions, layout=picmi.GriddedLayout(grid=g, n_macroparticle_per_cell=[2, 1]))
    sim.add_interaction(picmi.FieldIonization(model="ADK", ionized_species=ions, product_species=electrons))
    sim.add_laser(laser, injection_method=picmi.LaserAntenna(position=[0, 0, 3e-6], normal_vector=[0, 0, 1]))
    sim.add_diagnostic(picmi.ParticleDiagnostic(name="ions", period=1600, species=[ions], write_dir=str(tmp_path)))
    lua_file = tmp_path / "ionization.lua"
    sim.write_input_file(str(lua_file))
    run = subprocess.run([picl, "run", str(lua_file), "-q"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    with h5py.File(tmp_path / "ions" / "openpmd_001600.h5") as f:
        charge = f["data/1600/particles/ions/charge"]
        level = np.rint(charge[()] * charge.attrs["unitSI"] / Q_E).astype(int)
    assert level.size == 12800 and level.min() >= 2
    assert abs(np.mean(level == 5) - 0.32) < 0.07 * 0.32, np.bincount(level)


def test_velocity_divergence_is_the_beams_divergence(picl, tmp_path):
    # GaussianBunchDistribution.velocity_divergence (m/s per m) -> species.beam.divergence (1/m),
    # read back from picl check's beam line
    g = picmi.Cartesian3DGrid(number_of_cells=[16, 16, 16], lower_bound=[-2, -2, -2], upper_bound=[2, 2, 2],
                              lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g, cfl=0.9), max_steps=1)
    c = picmi.constants.c
    beam = picmi.GaussianBunchDistribution(n_physical_particles=1e10, rms_bunch_size=[0.25] * 3,
                                           velocity_divergence=[-0.04 * c, 0.0, 0.5 * c])
    sim.add_species(picmi.Species(particle_type="electron", name="e", initial_distribution=beam),
                    layout=picmi.PseudoRandomLayout(n_macroparticles=100))
    r, _ = checked(sim, picl, tmp_path)
    line = next(l for l in r["text"].splitlines() if l.strip().startswith("beam divergence"))
    assert [round(v, 12) for v in numbers(line)[:3]] == [-0.04, 0.0, 0.5], line
