# test_applied_momenta.py: AnalyticDistribution's momentum_expressions and
# momentum_spread_expressions (species.u_drift, species.u_th) and ConstantAppliedField /
# AnalyticAppliedField (applied_fields), read back from what `picl check --no-build` resolves and
# evaluated against the PICMI objects' own expressions; and one run: an electron gyrating in a
# ConstantAppliedField Bz at the relativistic cyclotron frequency.
import glob
import math
import re

import numpy as np

from check_report import read
from picl_picmi import picmi

C = 299792458.0
Q_E, M_E = 1.602176634e-19, 9.1093837015e-31
POINTS = [(1e-6, 2e-6, 3e-6), (7.5e-6, 0.5e-6, 4.5e-6), (3e-6, 9e-6, 8e-6)]
TIMES = [0.0, 1e-14, 3.7e-13]


def grid():
    return picmi.Cartesian3DGrid(number_of_cells=[8, 8, 8], lower_bound=[0, 0, 0], upper_bound=[1e-5] * 3,
                                 lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)


def picmi_value(text, kw, x, y, z, t=0.0):
    """A PICMI (Python-syntax) expression's value, from the PICMI object's text and keywords."""
    names = dict(math.__dict__, c=C, x=x, y=y, z=z, t=t, **kw)
    return eval(str(text), {"__builtins__": {}}, names)


def picl_value(text, constants, x, y, z, t=0.0):
    """The value of the text picl printed (C syntax): pow, fabs and the conditional (cond) ? a : b."""
    py = text.split("    [")[0].replace("&&", " and ")
    py = re.sub(r"\(([^()]*)\) \? ([^:()]+|\([^()]*\)) : ([-+\w.]+)", r"(\2 if (\1) else \3)", py)
    names = dict(math.__dict__, fabs=abs, c=C, x=x, y=y, z=z, t=t, **constants)
    return eval(py, {"__builtins__": {}}, names)


def test_momentum_expressions_round_trip(picl, tmp_path):
    dist = picmi.AnalyticDistribution(
        density_expression="n0", n0=1e24, u0=0.01, L=1e-5,
        momentum_expressions=["u0*c*sin(2*pi*x/L)", None, "1e5*(1 + y/L)**2"],
        momentum_spread_expressions=[None, "1e3*(1 + x/L)", None],
        directed_velocity=[0, 2e6, 0], rms_velocity=[3e5, 0, 4e5])
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid(), cfl=0.9), max_steps=2)
    sim.add_species(picmi.Species(particle_type="electron", name="e", initial_distribution=dist),
                    layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1]))
    r = read(picl, sim.write_input_file(str(tmp_path / "momenta.lua")))
    got = r["species"]["e"]
    drift, th = (np.array([float(v) for v in s.split(",")]) for s in re.findall(r"\{(.*?)\}", got["u_drift, u_th"]))
    # picl's numbers: the components without an expression (an expression's component prints 0)
    assert np.allclose(drift, [0, 2e6 / C, 0], rtol=1e-5, atol=0)  # 6 digits printed
    assert np.allclose(th, [3e5 / C, 0, 4e5 / C], rtol=1e-5, atol=0)  # 6 digits printed
    for key, exprs in (("u_drift", dist.momentum_expressions), ("u_th", dist.momentum_spread_expressions)):
        for a, text in enumerate(exprs):
            label = f"{key} {'xyz'[a]} (u/c)"
            if text is None:
                assert label not in got, label
                continue
            assert f"[species.e.{key}.{a + 1}," in got[label]
            for x, y, z in POINTS:
                want = picmi_value(text, dist.user_defined_kw, x, y, z) / C
                assert math.isclose(picl_value(got[label], r["constants"], x, y, z), want, rel_tol=1e-12), label


def test_applied_fields_round_trip(picl, tmp_path):
    fields = [picmi.ConstantAppliedField(Bz=1.5, Ex=2.0e3),
              picmi.ConstantAppliedField(Bz=0.5, Ey=-1e3, lower_bound=[None, None, 2e-6],
                                         upper_bound=[None, 6e-6, 5e-6]),
              picmi.AnalyticAppliedField(Ey_expression="E0*sin(w*t)", Bx_expression="g0*(y - 5e-6)",
                                         Ez_expression="E0*x/L*(t < 1e-13)", E0=1e3, w=1e13, g0=10.0, L=1e-5)]
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid(), cfl=0.9), max_steps=2)
    for f in fields:
        sim.add_applied_field(f)
    r = read(picl, sim.write_input_file(str(tmp_path / "applied.lua")))
    got = r["applied"]
    for key, unit in (("E", "V/m"), ("B", "T")):
        for a, axis in enumerate("xyz"):
            comp = key + axis
            label = f"{comp} ({unit})"
            for (x, y, z) in POINTS:
                for t in TIMES:
                    want = 0.0
                    for f in fields:
                        if isinstance(f, picmi.ConstantAppliedField):
                            value = getattr(f, comp) or 0.0
                        else:
                            text = getattr(f, f"{comp}_expression")
                            value = 0.0 if text is None else picmi_value(text, f.user_defined_kw, x, y, z, t)
                        inside = all((lo is None or p >= lo) and (hi is None or p <= hi)
                                     for p, lo, hi in zip((x, y, z), f.lower_bound, f.upper_bound))
                        want += value if inside else 0.0
                    if label not in got:
                        assert want == 0.0, (label, x, y, z, t)
                        continue
                    assert f"[applied_fields.{key}.{a + 1}," in got[label]
                    value = picl_value(got[label], r["constants"], x, y, z, t)
                    assert math.isclose(value, want, rel_tol=1e-12, abs_tol=1e-300), (label, x, y, z, t, value, want)
    assert "Bz (T)" in got and "By (T)" not in got


def test_gyration_in_a_constant_applied_field(picl, tmp_path, monkeypatch):
    """Electrons of u = gamma v / c = 1 (gamma = sqrt 2) across a ConstantAppliedField Bz, so
    sparse (1e6 m^-3) that their own fields do nothing: their momentum turns about +z at
    omega = e B / (gamma m_e); the phase of (ux, uy) against time, fitted, gives the period."""
    monkeypatch.chdir(tmp_path)
    B, u = 1.0, 1.0
    gamma = math.sqrt(1 + u * u)
    omega = Q_E * B / (gamma * M_E)
    period = 2 * math.pi / omega
    dt = period / 200                                   # Boris' phase error (omega dt)^2 / 12 = 8e-5
    g = picmi.Cartesian3DGrid(number_of_cells=[4, 4, 4], lower_bound=[0, 0, 0], upper_bound=[4e-3] * 3,
                              lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
    sim = picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=g), time_step_size=dt, max_steps=300,
                           verbose=0, picl_input_file="gyration.lua")
    sim.add_species(picmi.Species(particle_type="electron", name="e",
                                  initial_distribution=picmi.UniformDistribution(density=1e6,
                                                                                 directed_velocity=[u * C, 0, 0])),
                    layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1]))
    sim.add_applied_field(picmi.ConstantAppliedField(Bz=B))
    sim.add_diagnostic(picmi.ParticleDiagnostic(name="parts", period=20, species=[sim.species[0]],
                                                data_list=["momentum"]))
    sim.step()
    import h5py
    times, phases, sizes = [], [], []
    for path in sorted(glob.glob(str(tmp_path / "diags" / "parts" / "openpmd_*.h5"))):
        with h5py.File(path, "r") as f:
            (it,) = list(f["data"])
            grp = f["data"][it]
            mom = grp["particles"]["e"]["momentum"]
            ux, uy, uz = (np.asarray(mom[c][()], dtype=float) for c in "xyz")
            times.append(float(grp.attrs["time"]))
            phases.append(math.atan2(uy.mean(), ux.mean()))
            sizes.append(np.hypot(ux, uy).std() / np.hypot(ux, uy).mean() if ux.size > 1 else 0.0)
            assert np.abs(uz).max() <= 1e-12 * np.hypot(ux, uy).max(), path
    assert len(times) == 16, times                      # steps 0, 20, ..., 300: 1.5 periods
    slope = np.polyfit(np.array(times), np.unwrap(phases), 1)[0]
    assert slope > 0, "an electron turns counter-clockwise about +z"
    measured = 2 * math.pi / slope
    # Boris turns (omega dt)^2 / 12 = 8e-5 slow per step here (measured 8.2e-5)
    print(f"gyration: period {measured:.9e} s, theory {period:.9e} s, relative error {measured / period - 1:.2e}")
    assert abs(measured / period - 1) < 0.01, f"period {measured:.6e} s vs 2 pi gamma m / (e B) = {period:.6e} s"
    assert max(sizes) < 1e-9, "every electron turns alike"
