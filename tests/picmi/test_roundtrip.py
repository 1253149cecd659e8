# test_roundtrip.py: every key that picl_picmi writes, read back from what `picl check` resolves
# (check_report.py), against the arguments of the PICMI objects themselves: the expected values
# here come from the PICMI objects, not from the translator.
#
# `picl check` does not print deposition_strategy or filter. The strategy is read from the program
# that `picl gen` writes for the input (its header comment names it); the filter's passes are in
# neither (only in the runtime and the openPMD currentSmoothing attribute), so only the Lua text's
# filter key is checked.
import math
import re
import subprocess

import pytest

from check_report import read
from conftest import script_objects
from picl_picmi import picmi

C = 299792458.0
Q_E, M_E = 1.602176634e-19, 9.1093837015e-31
# vectors are printed with 6 digits, scalars with 9
REL6 = 2e-6


def close(a, b, rel=REL6, scale=None):
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b), (a, b)
        s = max(abs(v) for v in b) if scale is None else scale
        return all(close(x, y, rel, s) for x, y in zip(a, b))
    return math.isclose(a, b, rel_tol=rel, abs_tol=rel * (scale or 0) + 1e-300)


def check_grid(r, grid):
    assert r["cells"] == list(grid.number_of_cells)
    assert close(r["lower"], grid.lower_bound) and close(r["upper"], grid.upper_bound)
    box = grid.picl_max_box
    if box is None:
        box = r["grid_cells"]                  # picl's default: one box (with PMLs outside, the layers too)
    assert r["max_box"] == ([box] * 3 if isinstance(box, int) else list(box))
    names = {"periodic": "periodic", "open": "pml", "pec": "pec", "dirichlet": "pec"}
    pnames = {"periodic": "periodic", "absorbing": "absorbing", "reflect": "reflecting"}
    for a, axis in enumerate("xyz"):
        lo, hi = grid.lower_boundary_conditions[a], grid.upper_boundary_conditions[a]
        assert r["field"][axis][0] == [names[lo], names[hi]], axis
        plo, phi = grid.lower_boundary_conditions_particles[a], grid.upper_boundary_conditions_particles[a]
        # not given, PICMI's particle boundaries follow the field's: picl absorbs at a pec or open face
        assert r["particles"][axis][0] == [pnames.get(plo, "absorbing"), pnames.get(phi, "absorbing")], axis
        if grid.pml_cells is not None:
            want = [grid.pml_cells[a] if b == "open" else 0 for b in (lo, hi)]
            assert r["field"][axis][1] == want, axis


def check_solver(r, sim):
    s = sim.solver
    assert r["solver"] == (s.method or "Yee").lower()
    if sim.time_step_size is not None:
        assert close(r["dt"], sim.time_step_size, 1e-8) and r["cfl"] is None
    else:
        assert close(r["cfl"], s.cfl) and close(r["dt"], s.cfl * r["dt_limit"], 1e-8)
    if sim.max_steps is not None:
        assert r["steps"] == sim.max_steps
    else:
        assert close(r["stop_time"], sim.max_time, 1e-8)
        assert r["steps"] == math.ceil(sim.max_time / r["dt"] - 1e-9)
    shapes = {"linear": 1, "quadratic": 2, "cubic": 3}
    assert r["shape_order"] == shapes.get(sim.particle_shape, sim.particle_shape)
    methods = {sp.method for sp in sim.species if sp.method}
    assert r["pusher"] == {"Boris": "boris", "Vay": "vay", "Higuera-Cary": "higuera_cary"}[methods.pop()
                                                                                            if methods else "Boris"]
    assert r["precision"] == (sim.picl_precision or "double")
    assert r["gather"] == (sim.picl_gather or "energy_conserving")
    assert r["deposition"] == (sim.picl_deposition or "esirkepov")
    if sim.picl_progress_interval:
        assert r["progress_interval"] == sim.picl_progress_interval
    assert r.get("checkpoint_interval") == sim.picl_checkpoint_interval


def charge_mass(sp):
    table = {"electron": (-Q_E, M_E), "positron": (Q_E, M_E), "proton": (Q_E, 1.67262192369e-27)}
    q, m = table.get(sp.particle_type, (None, None))
    return (sp.charge if sp.charge is not None else q), (sp.mass if sp.mass is not None else m)


def check_species(r, sim):
    grid = sim.solver.grid
    assert list(r["species"]) == [sp.name for sp in sim.species]
    for sp, layout in zip(sim.species, sim.layouts):
        got = r["species"][sp.name]
        q, m = charge_mass(sp)
        cm = [float(v) for v in re.findall(r"[-+]?\d[\d.e+-]*", got["charge, mass"])]
        assert close(cm, [q, m], 1e-8, scale=1) and close(cm[0], q, 1e-8) and close(cm[1], m, 1e-8)
        assert got["frozen"] == bool(sp.picl_frozen)
        dist = sp.initial_distribution
        if isinstance(dist, picmi.GaussianBunchDistribution):
            beam = got["beam"]
            total = float(beam.split(" C")[0])
            assert close(total, dist.n_physical_particles * q, 1e-8)
            assert f"in {layout.n_macroparticles} particles" in beam
            centroid, rms = re.findall(r"\{(.*?)\}", beam)
            assert close([float(v) for v in centroid.split(",")], dist.centroid_position)
            assert close([float(v) for v in rms.split(",")], dist.rms_bunch_size)
            mom = got["beam momentum"]
            axis = "xyz"[[v != 0 for v in dist.centroid_velocity].index(True)]
            assert close(float(mom.split()[2]), dist.centroid_velocity["xyz".index(axis)] / C, 1e-8)
            assert f"along {axis}" in mom
            (u_th,) = re.findall(r"\{(.*?)\}", mom)
            assert close([float(v) for v in u_th.split(",")], [v / C for v in dist.rms_velocity])
            if layout.seed is not None:
                assert int(got["seed"]) == layout.seed
            continue
        density = got["density (m^-3)"].split("    [")[0]
        if isinstance(dist, picmi.UniformDistribution):
            assert close(float(density), dist.density * (sp.density_scale or 1), 1e-12)
        else:
            # the text is picl's own copy of what picl_picmi wrote; test_expressions.py checks
            # the translation's values. Here: every keyword constant is in it, with its value
            for name, value in dist.user_defined_kw.items():
                assert re.search(rf"\b{name}\b", density), (name, density)
                assert close(r["constants"][name], value, 1e-14)
        lower = [grid.lower_bound[a] if v is None else max(v, grid.lower_bound[a]) for a, v in enumerate(dist.lower_bound)]
        upper = [grid.upper_bound[a] if v is None else v for a, v in enumerate(dist.upper_bound)]
        window_axis = [v != 0 for v in (grid.moving_window_velocity or [0, 0, 0])]
        upper = [v if window_axis[a] else min(v, grid.upper_bound[a]) for a, v in enumerate(upper)]
        if any(v is not None for v in list(dist.lower_bound) + list(dist.upper_bound)):
            lo, hi = re.findall(r"\{(.*?)\}", got["region"])
            assert close([float(v) for v in lo.split(",")], lower, scale=1e-6)
            assert close([float(v) for v in hi.split(",")], upper, scale=1e-6)
        else:
            assert "region" not in got
        ppc = list(layout.n_macroparticles_per_cell)
        assert got["ppc"] == " x ".join(str(n) for n in (ppc * 3 if len(ppc) == 1 else ppc))
        drift, th = re.findall(r"\{(.*?)\}", got["u_drift, u_th"])
        assert close([float(v) for v in drift.split(",")], [v / C for v in dist.directed_velocity], scale=1)
        assert close([float(v) for v in th.split(",")], [v / C for v in dist.rms_velocity], scale=1)


def check_lasers(r, sim):
    assert len(r["lasers"]) == len(sim.lasers)
    for laser, antenna in zip(sim.lasers, sim.laser_injection_methods):
        got = r["lasers"][laser.name]
        if isinstance(laser, picmi.AnalyticLaser):
            assert close(got["position"], antenna.position, scale=1e-6)
            assert "profile (V/m)" in got and float(got["wavelength"].split()[0]) == laser.wavelength
            continue
        a = [abs(v) > 0 for v in laser.propagation_direction].index(True)
        sign = 1 if laser.propagation_direction[a] > 0 else -1
        assert got["direction"] == ("+" if sign > 0 else "-") + "xyz"[a]
        want_pos = [antenna.position[b] if b == a else laser.focal_position[b] for b in range(3)]
        assert close(got["position"], want_pos, scale=1e-6)
        norm = math.sqrt(sum(v * v for v in laser.polarization_direction))
        assert close(got["polarization"], [v / norm for v in laser.polarization_direction], scale=1)
        m = re.match(r"(\S+) m, E0 (\S+) V/m \(a0 (\S+)\)", got["wavelength"])
        assert close(float(m.group(1)), laser.wavelength, 1e-8)
        assert close(float(m.group(2)), laser.E0, 1e-8) and close(float(m.group(3)), laser.a0, 1e-5)
        waist, focus = (float(v) for v in re.findall(r"(\S+) m", got["waist, focus"]))
        assert close(waist, laser.waist, 1e-8)
        assert close(focus, sign * (laser.focal_position[a] - antenna.position[a]), 1e-8)
        tau, _, t_peak = (float(v) for v in re.findall(r"(\S+) s", got["tau, fwhm, t_peak"]))
        assert close(tau, laser.duration, 1e-8)
        assert close(t_peak, sign * (antenna.position[a] - laser.centroid_position[a]) / C, 1e-8)


def check_diagnostics(r, sim):
    species = [sp.name for sp in sim.species]
    for d in sim.diagnostics:
        assert r["output_dir"] == (d.write_dir or "diags")
        if isinstance(d, picmi.ReducedDiagnostic):
            assert r["reduced"][d.name] == d.period
            continue
        got = r["full"][d.name]
        # and the last step, as WarpX writes it (dump_last_timestep)
        last = sim.max_steps  # None (max_time): picl_picmi does not know the last step, and names it
        if last is None:
            assert got["interval"] == d.period
        elif d.step_min is None and d.step_max is None:
            assert got["interval"] == (d.period if last % d.period == 0 else list(range(0, last + 1, d.period)) + [last])
        else:
            at = list(range(d.step_min, d.step_max + 1, d.period))
            assert got["interval"] == at + ([last] if last not in at else [])
        if isinstance(d, picmi.FieldDiagnostic):
            expand = {"E": ["Ex", "Ey", "Ez"], "B": ["Bx", "By", "Bz"], "J": ["Jx", "Jy", "Jz"]}
            want = [c for f in (d.data_list or ["E", "B", "J", "rho"]) for c in expand.get(f, [f])]
            assert got["names"] == want and got["attributes"] is None
        else:
            chosen = d.species if isinstance(d.species, list) else ([d.species] if d.species else sim.species)
            assert got["names"] == [sp.name for sp in chosen if sp.name in species]
            names = {"x": "position", "y": "position", "z": "position", "ux": "momentum", "uy": "momentum",
                     "uz": "momentum", "w": "weighting"}
            want = {names.get(v, v) for v in (d.data_list or ["position", "momentum", "weighting", "id"])}
            # picl always writes position, positionOffset, charge and mass (docs/input.md)
            assert want <= set(got["attributes"]), (want, got["attributes"])


def check_generated(picl, lua_file, sim, tmp_path):
    """deposition_strategy, which `picl check` does not print, from `picl gen`."""
    out = tmp_path / "gen"
    run = subprocess.run([picl, "gen", str(lua_file), "-o", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    header = (out / "picl.cl").read_text()[:20000]
    strategy = sim.picl_deposition_strategy
    if strategy and strategy != "auto":
        m = re.search(r"\* particles .* deposition \w+ \((\w+)\)", header)
        assert m and m.group(1) == strategy, "deposition_strategy in the program's header"


def check_all(picl, lua_file, sim, tmp_path):
    r = read(picl, lua_file)
    check_grid(r, sim.solver.grid)
    check_solver(r, sim)
    check_species(r, sim)
    check_lasers(r, sim)
    check_diagnostics(r, sim)
    check_generated(picl, lua_file, sim, tmp_path)
    grid = sim.solver.grid
    if grid.moving_window_velocity:
        a = [v != 0 for v in grid.moving_window_velocity].index(True)
        assert r["window"]["axis"] == "xyz"[a]
        assert close(r["window"]["speed"], grid.moving_window_velocity[a] / C, 1e-8)
        assert close(r["window"]["start"], grid.picl_moving_window_start or 0.0, 1e-8)
    else:
        assert "window" not in r
    return r


@pytest.mark.parametrize("script", ["langmuir_3d.py", "laser_acceleration_3d.py"])
def test_scripts_round_trip(picl, tmp_path, script):
    objects = script_objects(script, tmp_path)
    lua_file = tmp_path / objects["sim"].picl_input_file
    assert lua_file.exists()
    check_all(picl, lua_file, objects["sim"], tmp_path)


def test_other_keys_round_trip(picl, tmp_path):
    """The keys the two scripts leave out: PMLs, reflecting faces, dt, max_time, Vay, charge and
    mass, density_scale, frozen, float, the gather, direct deposition, initial fields, checkpoints."""
    grid = picmi.Cartesian3DGrid(
        number_of_cells=[16, 12, 24], lower_bound=[0, -3e-6, -6e-6], upper_bound=[4e-6, 3e-6, 6e-6],
        lower_boundary_conditions=["open", "pec", "periodic"],
        upper_boundary_conditions=["open", "pec", "periodic"],
        lower_boundary_conditions_particles=["absorbing", "reflect", "periodic"],
        upper_boundary_conditions_particles=["absorbing", "absorbing", "periodic"],
        pml_cells=[4, 4, 4], picl_max_box=[8, 12, 12])
    solver = picmi.ElectromagneticSolver(grid=grid, source_smoother=picmi.BinomialSmoother(n_pass=[1, 2, 0]))
    ions = picmi.Species(name="ions", charge=2 * Q_E, mass=4 * 1.67262192369e-27, method="Vay",
                         density_scale=0.5, picl_frozen=True,
                         initial_distribution=picmi.UniformDistribution(
                             density=1e24, lower_bound=[1e-6, None, None], upper_bound=[3e-6, None, None],
                             rms_velocity=[1e-3 * C] * 3))
    electrons = picmi.Species(particle_type="electron", name="electrons", method="Vay",
                              initial_distribution=picmi.AnalyticDistribution(
                                  density_expression="n0*(1 + eps*cos(2*pi*z/lam))**2", n0=1e24, eps=0.1, lam=12e-6,
                                  directed_velocity=[0, 0, 0.05 * C]))
    sim = picmi.Simulation(solver=solver, time_step_size=2e-17, max_time=1e-15, particle_shape=2,
                           picl_precision="float", picl_gather="momentum_conserving", picl_deposition="direct",
                           picl_checkpoint_interval=25, picl_fields={"Ey": "E1*sin(2*pi*z/lam)"},
                           picl_constants={"E1": 1e9, "lam": 12e-6},
                           picl_deposition_strategy="global_atomics")
    sim.add_species(ions, layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 2]))
    sim.add_species(electrons, layout=picmi.GriddedLayout(n_macroparticles_per_cell=2))
    sim.add_diagnostic(picmi.ParticleDiagnostic(name="parts", period=10, write_dir="out"))
    sim.add_diagnostic(picmi.FieldDiagnostic(name="fields", grid=grid, period=7, data_list=["B", "rho_ions"],
                                             write_dir="out"))
    # X along the polarization (x), Y along propagation x polarization (z x x = y), from the antenna
    sim.add_laser(picmi.AnalyticLaser(name="probe", field_expression="E1*exp(-(X**2 + 2*Y**2)/lam**2)*sin(t/tau)",
                                      tau=1e-15, E1=1e9, lam=12e-6, wavelength=0.8e-6, Emax=1e9,
                                      propagation_direction=[0, 0, 1], polarization_direction=[1, 0, 0]),
                  picmi.LaserAntenna(position=[2e-6, 0.0, 0.0]))
    lua_file = sim.write_input_file(str(tmp_path / "other.lua"))
    r = check_all(picl, lua_file, sim, tmp_path)
    profile = r["lasers"]["probe"]["profile (V/m)"].split("    [")[0]
    assert profile == "E1 * exp(-(pow((x - 2e-06), 2.0) + 2.0 * pow(y, 2.0)) / pow(lam, 2.0)) * sin(t / tau)"
    assert r["fields"]["Ey"].startswith("E1 * sin(2.0 * pi * z / lam)")
    assert close(r["constants"]["E1"], 1e9, 1e-14) and close(r["constants"]["lam"], 12e-6, 1e-14)
    text = open(lua_file).read()
    assert 'filter = { passes = {1, 2, 0} }' in text
    # 'open' is a PML beyond the domain, as WarpX's default: the grid adds 4 + 4 cells along x
    # (picl_max_box 8 divides 24), and the field diagnostic writes the script's 16 cells
    assert r["pml_outside"] and r["grid_cells"] == [24, 12, 24]
    assert r["full"]["fields"]["cells"] == [[4, 20], [0, 12], [0, 24]]


def test_pml_in_domain_as_warpx_asks(picl, tmp_path):
    """warpx_do_pml_in_domain=True: the layers take the domain's last cells (warpx_pml_ncell of
    them); not given, they are added beyond it (test_other_keys_round_trip)."""
    def lua(**kw):
        grid = picmi.Cartesian2DGrid(number_of_cells=[16, 32], lower_bound=[0, 0], upper_bound=[1e-6, 2e-6],
                                     lower_boundary_conditions=["periodic", "open"],
                                     upper_boundary_conditions=["periodic", "open"])
        sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, **kw), max_steps=3)
        sim.add_diagnostic(picmi.FieldDiagnostic(name="f", grid=grid, period=1, data_list=["E"], write_dir="out",
                                                 lower_bound=[0, 0.5e-6], upper_bound=[1e-6, 1.5e-6]))
        return read(picl, sim.write_input_file(str(tmp_path / "pml.lua")))
    r = lua(warpx_do_pml_in_domain=True, warpx_pml_ncell=6)
    assert "pml_outside" not in r and r["grid_cells"] == [16, 1, 32] and r["field"]["z"] == (["pml", "pml"], [6, 6])
    assert r["full"]["f"]["cells"] == [[0, 16], [0, 1], [8, 24]]       # a 2D grid's sub-region (x, z)
    r = lua(warpx_pml_ncell=6)
    assert r["pml_outside"] and r["grid_cells"] == [16, 1, 44] and r["cells"] == [16, 1, 32]
    assert r["full"]["f"]["cells"] == [[0, 16], [0, 1], [14, 30]]


def test_multispecies_round_trip(picl, tmp_path):
    """A MultiSpecies: one picl species per member, its proportion times the distribution's density."""
    grid = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-6] * 3,
                                 lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
    multi = picmi.MultiSpecies(particle_types=["electron", "positron"], names=["e1", "p1"], proportions=[0.25, 0.75],
                               initial_distribution=picmi.UniformDistribution(density=1e24))
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid), max_steps=3)
    sim.add_species(multi, layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 2, 1]))
    sim.add_diagnostic(picmi.ParticleDiagnostic(name="parts", period=1, species=[multi]))
    r = read(picl, sim.write_input_file(str(tmp_path / "multi.lua")))
    assert list(r["species"]) == ["e1", "p1"]
    for name, q, share in (("e1", -Q_E, 0.25), ("p1", Q_E, 0.75)):
        got = r["species"][name]
        assert close(float(got["density (m^-3)"].split()[0]), share * 1e24, 1e-12)
        assert close(float(got["charge, mass"].split()[0]), q, 1e-8)
        assert got["ppc"] == "1 x 2 x 1"
    assert r["full"]["parts"]["names"] == ["e1", "p1"]


def test_foil_round_trip(picl, tmp_path):
    """A FoilDistribution across the one laser's propagation: its density expression as picl keeps it."""
    from picl_picmi.translate import foil_density
    grid = picmi.Cartesian3DGrid(number_of_cells=[8, 8, 32], lower_bound=[-1e-6, -1e-6, 0], upper_bound=[1e-6, 1e-6, 4e-6],
                                 lower_boundary_conditions=["periodic", "periodic", "pec"],
                                 upper_boundary_conditions=["periodic", "periodic", "pec"], picl_max_box=[8, 8, 32])
    foil = picmi.FoilDistribution(density=1e27, front=2e-6, thickness=5e-7, exponential_pre_plasma_length=1e-7,
                                  exponential_pre_plasma_cutoff=5e-7)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid), max_steps=3)
    sim.add_species(picmi.Species(particle_type="electron", name="e", initial_distribution=foil),
                    layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1]))
    sim.add_laser(picmi.GaussianLaser(wavelength=0.8e-6, waist=1e-6, duration=5e-15, a0=0.1,
                                      focal_position=[0, 0, 1e-6], centroid_position=[0, 0, -1e-6],
                                      propagation_direction=[0, 0, 1], polarization_direction=[1, 0, 0]),
                  picmi.LaserAntenna(position=[0, 0, 0.5e-6]))
    r = read(picl, sim.write_input_file(str(tmp_path / "foil.lua")))
    check_grid(r, grid)
    assert r["particles"]["z"][0] == ["absorbing", "absorbing"], "PICMI's default: the field's pec, absorbing"
    assert r["species"]["e"]["density (m^-3)"].split("    [")[0] == foil_density(foil, "z", 1.0)
