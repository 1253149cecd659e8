# translate.py: a PICMI Simulation as picl's Lua input (docs/input.md), commented, SI throughout.
# Every argument is either written as the picl key that means the same, refused with
# PiclUnsupported naming the object, the argument and the closest picl key, or (another code's
# argument, an output picl does not write, an argument WarpX ignores too: stencil_order with Yee)
# named in the "ignored" line; none is dropped silently. A laser's fill_in (WarpX's continuous
# injection) means nothing for picl's antenna and is left out, as the Lua's comment says.
# The diagnostics are diagnostics.py's.
# picl's own validation (lua/schema.lua) then checks the values, as for any input.

import math
import os
import re
import sys

import picmistandard

from .errors import PiclUnsupported
from .expressions import RESERVED, translate as expression
from . import diagnostics

C = 299792458.0
Q_E = 1.602176634e-19
M_E = 9.1093837015e-31
M_P = 1.67262192369e-27
EPS0 = 8.8541878128e-12
MU0 = 1.25663706212e-6
HBAR = 1.054571817e-34
K_B = 1.380649e-23

AXES = ("x", "y", "z")
GRIDS = (picmistandard.PICMI_Cartesian3DGrid, picmistandard.PICMI_Cartesian2DGrid,
         picmistandard.PICMI_Cartesian1DGrid, picmistandard.PICMI_CylindricalGrid)


def is_rz(grid):
    """A CylindricalGrid: picl's geometry "rz", r in x's place (docs/rz.md)."""
    return isinstance(grid, picmistandard.PICMI_CylindricalGrid)


def kept(grid):
    """picl's axes (0 x, 1 y, 2 z) that the grid's vectors list, in order: a Cartesian2DGrid's two
    axes are x and z and a Cartesian1DGrid's one is z (WarpX's convention, and picl's geometry
    "2d" and "1d"); a CylindricalGrid's r and z are x and z too (picl's "rz", and WarpX's RZ reads a
    distribution's x bounds as r's); vectors that PICMI keeps 3D everywhere (positions, velocities, a distribution's
    bounds) are x, y, z in every geometry."""
    return {3: (0, 1, 2), 2: (0, 2), 1: (2,)}[grid.number_of_dimensions]


def on_grid(grid, vector):
    """The kept axes' entries of a 3-vector (x, y, z)."""
    return [vector[a] for a in kept(grid)]

# PICMI's field boundary names -> picl's (WarpX reads "open" as a PML, as picl does here)
FIELD_BOUNDARIES = {"periodic": "periodic", "open": "pml", "pec": "pec", "dirichlet": "pec"}
PARTICLE_BOUNDARIES = {"periodic": "periodic", "absorbing": "absorbing", "reflect": "reflecting",
                       "reflecting": "reflecting"}
SHAPES = {"linear": 1, "quadratic": 2, "cubic": 3, 1: 1, 2: 2, 3: 3}
PUSHERS = {"Boris": "boris", "Vay": "vay", "Higuera-Cary": "higuera_cary"}
PARTICLES = {"electron": ("electron", -Q_E, M_E), "positron": ("positron", Q_E, M_E),
             "proton": ("proton", Q_E, M_P)}

# picl's top-level keys -> the PICMI objects and arguments that make them (a refusal of picl's
# own validation is reported against these, not against a line of the generated Lua)
PICMI_OF_KEY = {
    "grid": "the grid (number_of_cells, lower_bound, upper_bound)",
    "boundary": "the grid's lower_/upper_boundary_conditions (and moving_window_velocity)",
    "moving_window": "the grid's moving_window_velocity",
    "solver": "ElectromagneticSolver (method, cfl, galilean_velocity) or Simulation.time_step_size",
    "filter": "ElectromagneticSolver.source_smoother",
    "species": "a Species or its initial_distribution",
    "lasers": "a laser and its LaserAntenna",
    "applied_fields": "the applied fields (add_applied_field)",
    "diagnostics": "the diagnostics (add_diagnostic)",
    "steps": "Simulation.max_steps", "stop_time": "Simulation.max_time",
}


def _name(obj):
    return type(obj).__name__


def refuse(obj, arg, why, closest):
    value = getattr(obj, arg, None) if arg else None
    if value is None and arg:
        value = _warpx(obj, arg)        # another code's argument (warpx_...), or None
    shown = f"{_name(obj)}.{arg} = {value!r}" if arg else _name(obj)
    name = getattr(obj, "name", None)
    if isinstance(name, str):
        shown += f" ({_name(obj)} '{name}')"
    raise PiclUnsupported(f"{shown}: {why}; closest picl key: {closest}")


def given(obj, arg):
    """Whether arg differs from its PICMI default (picmistandard's own test of a user's value)."""
    return obj._is_given(arg)


def refuse_given(obj, args, why, closest):
    for arg in args:
        if given(obj, arg):
            refuse(obj, arg, why, closest)


def identifier(text):
    out = re.sub(r"\W", "_", str(text))
    return out if re.match(r"[A-Za-z_]", out) else "_" + out


# --- Lua text

LUA_KEYWORDS = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"}


def _lua_key(key):
    """A table key as Lua reads it: a keyword (a probe's `end`) bracketed."""
    return f'["{key}"]' if key in LUA_KEYWORDS else key


def lua(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PiclUnsupported(f"the value {value} is not finite; picl takes finite numbers")
        # 15 digits: what the arithmetic of a PICMI script (c * t_peak ...) means, without its round-off
        return repr(float(f"{value:.15g}"))
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, (list, tuple)):
        return "{" + ", ".join(lua(v) for v in value) + "}"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_lua_key(k)} = {lua(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no Lua form for {value!r}")


class _Writer:
    def __init__(self):
        self.lines = []
        self.depth = 0

    def put(self, text):
        self.lines.append("  " * self.depth + text)

    def comment(self, text):
        self.put("-- " + text)

    def field(self, key, value, note=None):
        self.put(f"{key} = {lua(value)}," + (f"  -- {note}" if note else ""))

    def open(self, key=None, note=None):
        self.put((f"{key} = {{" if key else "{") + (f"  -- {note}" if note else ""))
        self.depth += 1

    def close(self):
        self.depth -= 1
        self.put("},")


class _Constants:
    """The constants table: the user's names (user_defined_kw, picl_constants), renamed where picl
    reserves the name or where two objects give one name different values."""

    def __init__(self):
        self.values = {}

    def add(self, name, value, where):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise PiclUnsupported(f"{where}: the constant {name} = {value!r} is not a finite number; "
                                  "picl's constants are numbers (constants)")
        base = identifier(name)
        if base in RESERVED:
            base += "_u"
        picl_name, n = base, 1
        while picl_name in self.values and self.values[picl_name] != float(value):
            n += 1
            picl_name = f"{base}_{n}"
        self.values[picl_name] = float(value)
        return picl_name

    def names(self, user, where):
        return {name: self.add(name, value, where) for name, value in (user or {}).items()}


# --- the sections

def _grid(sim, ignored):
    solver = sim.solver
    if solver is None:
        refuse(sim, "solver", "picl needs the grid, which the solver carries", "solver, grid")
    if not isinstance(solver, (picmistandard.PICMI_ElectromagneticSolver, picmistandard.PICMI_ElectrostaticSolver)):
        refuse(sim, "solver", "picl's solvers are electromagnetic or electrostatic", "solver.name")
    grid = solver.grid
    if not isinstance(grid, GRIDS):
        refuse(solver, "grid", "picl's grids are Cartesian or cylindrical",
               "grid (a Cartesian3DGrid, 2DGrid or 1DGrid, or a CylindricalGrid)")
    if grid.refined_regions:
        refuse(grid, "refined_regions", "picl has no mesh refinement", "grid.cells (a finer grid everywhere)")
    if given(grid, "guard_cells"):
        # WarpX's is a minimum for its Python field access; picl sizes its own (picl check prints them)
        ignored.append(f"{_name(grid)}.guard_cells (picl sizes the guard cells from the shape order and the solver)")
    for arg, field in (("lower_bound_particles", "lower_bound"), ("upper_bound_particles", "upper_bound")):
        if list(getattr(grid, arg)) != list(getattr(grid, field)):
            refuse(grid, arg, "picl's particle boundaries are the domain's faces (or a PML's inner edge)",
                   "boundary.particles")
    return grid


def _boundaries(grid):
    field, particles = {}, {}
    n = grid.number_of_dimensions
    rz = is_rz(grid)
    for i, a in enumerate(kept(grid)):
        axis = AXES[a]
        faces_f, faces_p = [], []
        for side, arg_f, arg_p in (("min", "lower_boundary_conditions", "lower_boundary_conditions_particles"),
                                   ("max", "upper_boundary_conditions", "upper_boundary_conditions_particles")):
            bc = (getattr(grid, arg_f) or [None] * n)[i]
            if rz and i == 0:
                if side == "min":
                    # the axis: no condition (WarpX's 'none'); picl's r = 0 is the axis whatever
                    # its entry says, so the r_max entry is written for both faces below
                    if bc not in (None, "none"):
                        refuse(grid, arg_f, f"the lower r face of a CylindricalGrid is the axis (got '{bc}')",
                               "boundary.field (r = 0 is the axis)")
                    bp = (getattr(grid, arg_p) or [None] * n)[i]
                    if bp not in (None, "none"):
                        refuse(grid, arg_p, f"the lower r face of a CylindricalGrid is the axis (got '{bp}')",
                               "boundary.particles (r = 0 is the axis)")
                    continue
                if bc == "none":
                    # WarpX applies no condition at r_max (its guard cells stay 0); picl's one wall
                    # there is PEC (Et, Ez 0 on the node r_max), the nearest
                    bc = "pec"
            if bc is None:
                refuse(grid, arg_f, f"the field boundary at {axis}{side} is not given", "boundary.field")
            if bc not in FIELD_BOUNDARIES:
                refuse(grid, arg_f, f"picl has no field boundary '{bc}' (at {axis}{side}); picl's are periodic, "
                       "pec ('pec', 'dirichlet') and pml ('open')", "boundary.field")
            bp = (getattr(grid, arg_p) or [None] * n)[i]
            # PICMI names a 2D grid's axes x, y, a cylindrical one's r, z
            picmi_axis = ("r", "z")[i] if rz else AXES[i] if n < 3 else axis
            given_p = arg_p in grid.model_fields_set or f"bc_{picmi_axis}{side}_particles" in grid.model_fields_set
            if bp is None or (not given_p and bp not in PARTICLE_BOUNDARIES):
                # PICMI's particle boundaries follow the field's when not given; picl's (and WarpX's)
                # default at a face that is not periodic absorbs them
                bp = "periodic" if bc == "periodic" else "absorbing"
            if bp not in PARTICLE_BOUNDARIES:
                refuse(grid, arg_p, f"picl has no particle boundary '{bp}' (at {axis}{side}); picl's are periodic, "
                       "absorbing and reflecting ('reflect')", "boundary.particles")
            faces_f.append(FIELD_BOUNDARIES[bc])
            faces_p.append(PARTICLE_BOUNDARIES[bp])
        if len(faces_f) == 1:       # RZ's r: the axis takes r_max's entry
            faces_f, faces_p = faces_f * 2, faces_p * 2
        field[axis] = faces_f[0] if faces_f[0] == faces_f[1] else faces_f
        particles[axis] = faces_p[0] if faces_p[0] == faces_p[1] else faces_p
    has_pml = any("pml" in (v if isinstance(v, list) else [v]) for v in field.values())
    pml = None
    if grid.pml_cells is not None:
        if not has_pml:
            refuse(grid, "pml_cells", "no face is 'open' (a PML)", "boundary.pml_cells")
        if len(grid.pml_cells) != n:
            refuse(grid, "pml_cells", f"expected {n} numbers, one per axis", "boundary.pml_cells")
        # picl takes pml_cells only along axes with a PML face
        pml = {axis: int(c) for axis, c in zip([AXES[a] for a in kept(grid)], grid.pml_cells)
               if "pml" in (field[axis] if isinstance(field[axis], list) else [field[axis]])}
    return field, particles, pml


def _window(grid):
    v = grid.moving_window_velocity
    if v is None or not any(v):
        if getattr(grid, "picl_moving_window_start", None) is not None:
            refuse(grid, "picl_moving_window_start", "there is no moving window (moving_window_velocity)",
                   "moving_window.start")
        return None
    if len(v) != grid.number_of_dimensions:
        refuse(grid, "moving_window_velocity", f"expected {grid.number_of_dimensions} numbers, one per axis",
               "moving_window.axis, moving_window.speed")
    moving = [i for i in range(len(v)) if v[i] != 0]
    if len(moving) != 1 or v[moving[0]] < 0:
        refuse(grid, "moving_window_velocity", "picl's window moves along one axis, towards its upper face",
               "moving_window.axis, moving_window.speed")
    window = {"axis": AXES[kept(grid)[moving[0]]], "speed": v[moving[0]] / C}
    if getattr(grid, "picl_moving_window_start", None) is not None:
        window["start"] = float(getattr(grid, "picl_moving_window_start", None))
    return window


# WarpX's potential arguments of a grid -> picl's solver keys (WarpX's 2D axes are x and z, its 1D z)
POTENTIALS = {f"warpx_potential_{side}_{a}": f"potential_{a}_{side}" for a in "xyz" for side in ("lo", "hi")}


def _electrostatic(sim, w):
    s = sim.solver
    if _warpx(s, "warpx_relativistic"):
        refuse(s, "warpx_relativistic", "picl's electrostatic solver is the lab frame's (no relativistic "
               "space-charge solver)", "solver.name = 'electrostatic'")
    solver = {"name": "electrostatic"}
    if s.required_precision is not None:
        solver["required_precision"] = float(s.required_precision)
    if s.maximum_iterations is not None:
        solver["max_iterations"] = int(s.maximum_iterations)
    if sim.time_step_size is None:
        refuse(sim, "time_step_size", "picl's electrostatic solver takes dt as given (no light-wave limit)",
               "solver.dt")
    solver["dt"] = float(sim.time_step_size)
    grid = s.grid
    for arg, key in POTENTIALS.items():
        v = _warpx(grid, arg)
        if v is None:
            continue
        if key[len("potential_")] not in [AXES[a] for a in kept(grid)]:
            refuse(grid, arg, "the grid has no such axis", "solver." + key)
        try:
            solver[key] = float(v)
        except (TypeError, ValueError):
            solver[key] = expression(v, f"{_name(grid)}: {arg}", {})
    note = f"ElectrostaticSolver method '{s.method}': picl's conjugate gradients" if s.method else None
    w.field("solver", solver, note)


def _solver(sim, w, ignored):
    s = sim.solver
    if isinstance(s, picmistandard.PICMI_ElectrostaticSolver):
        return _electrostatic(sim, w)
    method = s.method or "Yee"
    names = {"Yee": "yee", "CKC": "ckc", "PSATD": "psatd"}
    if method not in names:
        closest = "solver.name = 'ckc'" if method == "Lehe" else "solver.name ('yee', 'ckc' or 'psatd')"
        why = {"PSTD": "picl's spectral solver is PSATD", "GPSTD": "picl's spectral solver is PSATD",
               "Lehe": "picl has no Lehe solver", "DS": "picl has no directional-splitting solver",
               "ECT": "picl has no enlarged-cell solver"}[method]
        refuse(s, "method", why, closest)
    spectral = method == "PSATD"
    if given(s, "stencil_order"):
        if not spectral:
            # WarpX reads stencil_order for its spectral solvers only
            ignored.append(f"ElectromagneticSolver.stencil_order (the {method} solver has no stencil order to choose)")
        elif any(o != -1 for o in s.stencil_order):
            # a finite order changes the solver's dispersion: never dropped silently
            refuse(s, "stencil_order", "picl's PSATD uses the exact k (infinite order, -1 on every axis)",
                   "solver.name = 'psatd'")
    refuse_given(s, ["subcycling"], "picl has no subcycling", "solver.dt")
    if given(s, "galilean_velocity") and not spectral:
        refuse(s, "galilean_velocity", "picl's Galilean frame is PSATD's", "solver.v_galilean with solver.name = 'psatd'")
    for arg in ("divE_cleaning", "divB_cleaning", "pml_divE_cleaning", "pml_divB_cleaning"):
        if getattr(s, arg):
            refuse(s, arg, "picl has no divergence cleaning (Esirkepov's deposition keeps Gauss's law)",
                   "deposition = 'esirkepov'")
    if s.field_smoother is not None:
        refuse(s, "field_smoother", "picl smooths the current only", "filter.passes")
    if spectral:
        # WarpX's PSATD variants change the scheme, so they are refused rather than left to WarpX
        if _warpx(s, "warpx_psatd_JRhom") is not None:
            refuse(s, "warpx_psatd_JRhom", "picl's PSATD has no multi-J (JRhom) scheme", "solver.name = 'psatd'")
        if _warpx(s, "warpx_psatd_do_time_averaging"):
            refuse(s, "warpx_psatd_do_time_averaging", "picl's PSATD has no time-averaged scheme", "solver.name = 'psatd'")
    solver = {"name": names[method]}
    # WarpX's rho form and grid type: picl's own check refuses them with Yee or CKC, by key. WarpX
    # takes the rho form by default where a Galilean velocity is given (docs/psatd.md).
    with_rho = _warpx(s, "warpx_psatd_update_with_rho")
    if with_rho is None:
        with_rho = spectral and any(v != 0 for v in (s.galilean_velocity or []))
    if with_rho:
        solver["update_with_rho"] = True
    # WarpX's current correction (its attribute psatd_current_correction): left unset, picl's check
    # resolves WarpX's own default (on for PSATD with direct deposition); Yee or CKC refuse true
    correction = _warpx(s, "warpx_current_correction")
    if correction is not None:
        solver["current_correction"] = bool(correction)
    grid_type = _warpx(sim, "warpx_grid_type")
    if grid_type is not None:
        if grid_type not in ("staggered", "collocated"):
            refuse(sim, "warpx_grid_type", f"picl's grids are 'staggered' and 'collocated', not {grid_type!r}",
                   "solver.grid")
        if grid_type == "collocated" or spectral:
            solver["grid"] = grid_type
    if spectral and given(s, "galilean_velocity"):
        # PICMI's is in m/s, picl's (as WarpX's psatd.v_galilean) in units of c; what picl's PSATD
        # cannot do with it (another direction, |v| >= c, Esirkepov) picl's own check refuses
        vg = list(s.galilean_velocity)
        if len(vg) != 3:
            refuse(s, "galilean_velocity", "expected 3 numbers (x, y, z) in m/s", "solver.v_galilean")
        if any(v != 0 for v in vg):
            solver["v_galilean"] = [float(v) / C for v in vg]
    if s.cfl is not None and sim.time_step_size is not None:
        refuse(sim, "time_step_size", "give the time step or the solver's cfl, not both", "solver.dt or solver.cfl")
    if s.cfl is not None:
        solver["cfl"] = float(s.cfl)
    if sim.time_step_size is not None:
        solver["dt"] = float(sim.time_step_size)
    note = None if s.method else "PICMI leaves the default solver to the code: picl's is Yee"
    w.field("solver", solver, note)
    if s.source_smoother is not None:
        sm = s.source_smoother
        refuse_given(sm, ["stride", "alpha"], "picl's filter is the plain binomial (1/4, 1/2, 1/4)", "filter.passes")
        if sm.compensation and any(sm.compensation):
            refuse(sm, "compensation", "picl's filter has no compensation pass yet", "filter.passes")
        dims = s.grid.number_of_dimensions
        passes = [int(n) for n in (sm.n_pass or [1] * dims)]
        if len(passes) != dims:
            refuse(sm, "n_pass", f"expected {dims} numbers, one per axis", "filter.passes")
        w.field("filter", {"passes": passes}, "binomial passes of J per axis (source_smoother)")


def _steps(sim, steps, w):
    if steps is not None:
        w.field("steps", int(steps), "step(n)")
        return
    if sim.max_steps is not None and sim.max_time is not None:
        refuse(sim, "max_time", "give max_steps or max_time, not both", "steps or stop_time")
    if sim.max_steps is not None:
        if int(sim.max_steps) == 0:
            refuse(sim, "max_steps", "WarpX's max_steps = 0 only loads the particles and writes step 0; picl runs "
                   "at least one step", "steps (1)")
        w.field("steps", int(sim.max_steps))
    elif sim.max_time is not None:
        w.field("stop_time", float(sim.max_time), "s")
    else:
        refuse(sim, "max_steps", "picl needs the number of steps: max_steps, max_time, or step(n)",
               "steps or stop_time")


def _members(sp):
    """A Species, or the species a MultiSpecies made."""
    if isinstance(sp, picmistandard.PICMI_MultiSpecies):
        return list(sp.species_instances_list)
    return [sp]


def _flat_species(sim):
    """(species, layout, initialize_self_field, injection plane) of every species, a MultiSpecies'
    members each with its layout."""
    return [(member, layout, self_field, plane)
            for sp, layout, self_field, plane in zip(sim.species, sim.layouts, sim.initialize_self_fields,
                                                     sim.injection_plane_positions)
            for member in _members(sp)]


def _shape(sim):
    """shape_order: the species' particle_shape, else the simulation's (PICMI's default: linear)."""
    order = {}
    species = [sp for sp, *_ in _flat_species(sim)]
    for obj in [sim, *species]:
        shape = obj.particle_shape
        if shape is None:
            continue
        if shape not in SHAPES:
            refuse(obj, "particle_shape", "picl's shapes are linear, quadratic and cubic (orders 1 to 3)",
                   "shape_order")
        order[obj] = SHAPES[shape]
    default = order.get(sim, 1)
    used = {order.get(sp, default) for sp in species} or {default}
    if len(used) > 1:
        odd = next(sp for sp in species if order.get(sp, default) != order.get(species[0], default))
        refuse(odd, "particle_shape", "picl has one particle shape for every species", "shape_order")
    return used.pop()


def _pusher(sim):
    species = [sp for sp, *_ in _flat_species(sim)]
    methods = {sp.method for sp in species if sp.method is not None}
    for sp in species:
        if sp.method is not None and sp.method not in PUSHERS:
            refuse(sp, "method", "picl's pushers are Boris, Vay and Higuera-Cary", "pusher")
    if len(methods) > 1:
        refuse(species[0], "method", "picl has one pusher for every species; the species give "
               + ", ".join(sorted(methods)), "pusher")
    return PUSHERS[methods.pop()] if methods else None


# The elements picl ionizes (lua/elements.lua, written by tools/ion_energies.py): symbol -> standard
# atomic weight, for the mass of an ion species given by particle_type and charge_state alone.
ELEMENTS = dict(
    H=1.008, He=4.002602, Li=6.94, Be=9.0121831, B=10.81, C=12.011, N=14.007, O=15.999, F=18.99840316,
    Ne=20.1797, Na=22.98976928, Mg=24.305, Al=26.9815385, Si=28.085, P=30.973762, S=32.06, Cl=35.45,
    Ar=39.948, K=39.0983, Ca=40.078, Sc=44.955908, Ti=47.867, V=50.9415, Cr=51.9961, Mn=54.938044,
    Fe=55.845, Co=58.933194, Ni=58.6934, Cu=63.546, Zn=65.38, Ga=69.723, Ge=72.63, As=74.921595,
    Se=78.971, Br=79.904, Kr=83.798)
ATOMIC_MASS_UNIT = 1.66053906660e-27  # kg, CODATA 2018 (lua/schema.lua's)
# the names a charge or a mass given as text may use (WarpX's parser's constants)
NUMBER_NAMES = {"q_e": Q_E, "m_e": M_E, "m_p": M_P, "m_u": ATOMIC_MASS_UNIT, "c": C, "clight": C,
                "pi": math.pi, "ep0": EPS0, "eps0": EPS0, "mu0": MU0, "kb": K_B, "hbar": HBAR}


def _number(obj, arg, value):
    """A number given as a number or as text of numbers and NUMBER_NAMES with + - * / ** and
    parentheses (WarpX reads charge='q_e', mass='5*m_e' so)."""
    import ast
    if value is None or isinstance(value, (int, float)):
        return None if value is None else float(value)

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
                and not isinstance(node.value, bool):
            return float(node.value)
        if isinstance(node, ast.Name) and node.id in NUMBER_NAMES:
            return NUMBER_NAMES[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
            v = ev(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        ops = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
               ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: a ** b}
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            return ops[type(node.op)](ev(node.left), ev(node.right))
        raise ValueError(ast.dump(node))

    try:
        out = ev(ast.parse(str(value).replace("^", "**"), mode="eval"))
    except (SyntaxError, ValueError, ZeroDivisionError, OverflowError):
        refuse(obj, arg, "expected a number, or text of numbers and the constants "
               + ", ".join(NUMBER_NAMES) + " with + - * / ** ( )", f"species.{arg}")
    if not math.isfinite(out):
        refuse(obj, arg, "the value is not finite", f"species.{arg}")
    return out


def _ionization(interactions):
    """{id(ionized species): FieldIonization} of the simulation's and the species' interactions."""
    out = {}
    for io in interactions:
        if not isinstance(io, picmistandard.PICMI_FieldIonization):
            continue
        if str(io.model).upper() != "ADK":
            refuse(io, "model", "picl's field ionization is ADK", "species.ionization.model = 'adk'")
        if id(io.ionized_species) in out:
            refuse(io, "ionized_species", f"species '{io.ionized_species.name}' is ionized twice",
                   "species.ionization (one per species)")
        out[id(io.ionized_species)] = io
    return out


def _ionizable(sp, io, product_name):
    """picl's ionization table of an ionizable species (docs/input.md, species.ionization): the
    element is particle_type, the initial level charge_state, the product the electrons' species."""
    element = sp.particle_type
    if element not in ELEMENTS:
        refuse(sp, "particle_type", "an ionizable species is an element picl knows, H to Kr "
               "(its ionization energies)", "species.ionization.element")
    level = sp.charge_state or 0
    if level != int(level) or not 0 <= level < list(ELEMENTS).index(element) + 1:
        refuse(sp, "charge_state", f"expected an integer charge state from 0 to Z - 1 of {element}",
               "species.ionization.initial_level")
    charge = _number(sp, "charge", sp.charge)
    if charge is not None and abs(charge - level * Q_E) > 1e-6 * Q_E:
        refuse(sp, "charge", f"an ionizable species' charge is its charge state times q_e ({level * Q_E:.9g} C)",
               "species.ionization.initial_level")
    product = io.product_species
    if product.particle_type not in (None, "electron") or \
            (product.particle_type is None and (_number(product, "charge", product.charge) != -Q_E or
                                                _number(product, "mass", product.mass) != M_E)):
        refuse(io, "product_species", f"species '{product.name}' is not an electron species; picl's "
               "ionization adds electrons", "species.ionization.product")
    return {"element": element, "initial_level": int(level), "product": product_name}


def _charge_mass(sp):
    """(particle or None, charge, mass) of a species; charge and mass may be text (_number), an
    element's ion (particle_type 'N', charge_state 2) has charge_state q_e and the element's mass."""
    kind = sp.particle_type
    charge, mass = _number(sp, "charge", sp.charge), _number(sp, "mass", sp.mass)
    if kind in ELEMENTS and kind not in PARTICLES:
        if sp.charge_state is None and charge is None:
            refuse(sp, "charge_state", f"an ion of {kind} needs its charge state (or charge)", "species.charge")
        return (None, charge if charge is not None else float(sp.charge_state) * Q_E,
                mass if mass is not None else ELEMENTS[kind] * ATOMIC_MASS_UNIT)
    if sp.charge_state is not None:
        refuse(sp, "charge_state", "picl's species are electrons, positrons, protons, ions of H to Kr, or given "
               "by charge and mass", "species.charge, species.mass")
    if kind is not None and kind not in PARTICLES and (charge is None or mass is None):
        refuse(sp, "particle_type", "picl knows electron, positron, proton and the elements H to Kr; give charge "
               "and mass for others", "species.particle or species.charge and species.mass")
    if kind in PARTICLES and charge is None and mass is None:
        return PARTICLES[kind]
    base = PARTICLES.get(kind, (None, None, None))
    charge = charge if charge is not None else base[1]
    mass = mass if mass is not None else base[2]
    if charge is None or mass is None:
        refuse(sp, "charge" if charge is None else "mass", "picl needs a particle type or both charge and mass",
               "species.charge, species.mass")
    return None, charge, mass


# a region's open ends along a moving window's axis, m: beyond any domain (gen/species_defs.c)
WINDOW_OPEN = (-1e30, 1e30)


def _region(dist, grid, window):
    lower = list(dist.lower_bound)
    upper = list(dist.upper_bound)
    if all(v is None for v in lower + upper):
        return None, None
    along = AXES.index(window["axis"]) if window else None
    clipped, opened = [], []
    for i, a in enumerate(kept(grid)):
        glo, ghi = grid.lower_bound[i], grid.upper_bound[i]
        if a == along:
            # along the window's axis a region is the lab frame's, and an open bound is WarpX's
            # plasma without end: the window meets it as it moves (the generator's own +-1e30
            # for a species without a region), never cut at the initial domain's face
            if lower[a] is None or upper[a] is None:
                opened.append(AXES[a])
            lower[a] = WINDOW_OPEN[0] if lower[a] is None else float(lower[a])
            upper[a] = WINDOW_OPEN[1] if upper[a] is None else float(upper[a])
            continue
        lo = glo if lower[a] is None else float(lower[a])
        hi = ghi if upper[a] is None else float(upper[a])
        # picl refuses a region beyond the domain across a window's axis; the plasma beyond it
        # would never be loaded anyway
        if lo < glo or hi > ghi:
            clipped.append(AXES[a])
            lo, hi = max(lo, glo), min(hi, ghi)
        lower[a], upper[a] = lo, hi
    notes = [f"clipped to the domain along {', '.join(clipped)}"] if clipped else []
    if opened:
        notes.append(f"open along {opened[0]}, the window's axis: 1e30 m, so the plasma streams in as the window moves")
    note = "; ".join(notes) or None
    if is_rz(grid) and (lower[1] is not None or upper[1] is not None):
        # WarpX's RZ reads the x bounds as r's and fills every angle; a y bound has no meaning there
        refuse(dist, "lower_bound" if lower[1] is not None else "upper_bound",
               "a CylindricalGrid's plasma fills every angle: its x bounds are r's, y takes None",
               "species.region (r, z)")
    for a in range(3):
        # picl's 2D and 1D particles sit at 0 along a dropped axis: a bound there either holds
        # every particle or none, and picl's region has no entry for it
        if a not in kept(grid) and ((lower[a] is not None and lower[a] > 0) or
                                    (upper[a] is not None and upper[a] < 0)):
            refuse(dist, "lower_bound" if lower[a] is not None and lower[a] > 0 else "upper_bound",
                   f"the particles of a {grid.number_of_dimensions}D grid sit at {AXES[a]} = 0, outside the "
                   "bounds", "species.region")
    return {"lower": on_grid(grid, lower), "upper": on_grid(grid, upper)}, note


def foil_density(dist, axis, sign):
    """A FoilDistribution's density as a picl expression: u = sign (s - front) is the depth past the
    front surface along the propagation (s the coordinate along axis); the foil is 0 <= u <= thickness,
    n exp(u / L_pre) before it (down to -cutoff_pre), n exp(-(u - thickness) / L_post) after it
    (up to thickness + cutoff_post); without a length, no plasma there."""
    n, d = lua(float(dist.density)), float(dist.thickness)
    front = float(dist.front)
    u = f"({axis} - {lua(front)})" if sign > 0 else f"({lua(front)} - {axis})"

    def ramp(length, cutoff, depth, inside):
        if length is None:
            if cutoff is not None:
                raise PiclUnsupported(f"FoilDistribution: a cutoff without its exponential length ({inside}); "
                                      "closest picl key: species.density")
            return "0.0"
        exp = f"{n} * exp({depth} / {lua(float(length))})"
        return exp if cutoff is None else f"({inside} ? {exp} : 0.0)"

    pre = ramp(dist.exponential_pre_plasma_length, dist.exponential_pre_plasma_cutoff, u,
               f"{u} >= {lua(-float(dist.exponential_pre_plasma_cutoff or 0))}")
    post = ramp(dist.exponential_post_plasma_length, dist.exponential_post_plasma_cutoff,
                f"-({u} - {lua(d)})", f"{u} <= {lua(d + float(dist.exponential_post_plasma_cutoff or 0))}")
    return f"{u} < 0.0 ? {pre} : ({u} <= {lua(d)} ? {n} : {post})"


def _foil_axis(sim, dist):
    """(axis, sign) of a foil: picl_axis, else the propagation of the simulation's one laser."""
    axis = getattr(dist, "picl_axis", None)      # picmistandard's own class has none
    if axis:
        return axis[-1], (-1.0 if axis.startswith("-") else 1.0)
    if len(sim.lasers) == 1:
        d = sim.lasers[0].propagation_direction
        a = max(range(3), key=lambda b: abs(d[b]))
        return AXES[a], (1.0 if d[a] > 0 else -1.0)
    refuse(dist, "picl_axis", "a foil lies across the propagation direction, which picl takes from the one "
           "laser, and there is not one", "FoilDistribution(picl_axis='+z') (species.density)")


def _plasma(sp, dist, layout, grid, window, constants, w, sim=None, ignored=None):
    where = f"{_name(dist)} of species '{sp.name}'"
    if isinstance(dist, picmistandard.PICMI_UniformDistribution):
        density = float(dist.density)
        note = "m^-3 (UniformDistribution)"
    elif isinstance(dist, picmistandard.PICMI_FoilDistribution):
        axis, sign = _foil_axis(sim, dist)
        density = foil_density(dist, axis, sign)
        note = f"m^-3 (FoilDistribution, across {'+' if sign > 0 else '-'}{axis})"
    else:
        names = constants.names(dist.user_defined_kw, where)
        density = expression(dist.density_expression, f"{where}: density_expression", names)
        note = "m^-3 (AnalyticDistribution.density_expression)"
    if sp.density_scale is not None:
        density = density * sp.density_scale if isinstance(density, float) else \
            f"{lua(float(sp.density_scale))} * ({density})"
        note += ", times density_scale"
    if dist.fill_in is False and window:
        refuse(dist, "fill_in", "picl's moving window always fills the new cells with the plasma species",
               "moving_window")
    dims = grid.number_of_dimensions
    ppc_note = "GriddedLayout.n_macroparticles_per_cell"
    if isinstance(layout, picmistandard.PICMI_PseudoRandomLayout) and layout.n_macroparticles_per_cell:
        ppc = _lattice(layout.n_macroparticles_per_cell, dims)
        ppc_note = (f"PseudoRandomLayout.n_macroparticles_per_cell = {layout.n_macroparticles_per_cell} "
                    "as a lattice: picl loads a plasma on a lattice of particles per cell")
        print(f"picl_picmi: species '{sp.name}': {ppc_note} ({' x '.join(map(str, ppc))})", file=sys.stderr)
        if layout.seed is not None:
            w.field("seed", int(layout.seed), "PseudoRandomLayout.seed (the momenta's random stream)")
    elif not isinstance(layout, picmistandard.PICMI_GriddedLayout):
        closest = "species.ppc (a GriddedLayout, or a PseudoRandomLayout's n_macroparticles_per_cell)"
        if isinstance(layout, picmistandard.PICMI_PseudoRandomLayout):
            refuse(layout, "n_macroparticles", "picl loads a plasma on a regular lattice of particles per cell",
                   closest)
        raise PiclUnsupported(f"species '{sp.name}': a {_name(dist)} needs a GriddedLayout; "
                              f"closest picl key: {closest}")
    else:
        ppc = [int(n) for n in layout.n_macroparticles_per_cell]
    if layout.grid is not None and layout.grid is not grid:
        refuse(layout, "grid", "picl has one grid", "species.ppc")
    if len(ppc) == 1:
        ppc = ppc * dims
    if is_rz(grid) and len(ppc) == 3:
        # WarpX's RZ takes (r, theta, z), as picl's RZ ppc = {n_r, n_theta, n_z} (docs/rz.md, "Loading")
        ppc_note += " (r, theta, z)"
    elif len(ppc) != dims:
        refuse(layout, "n_macroparticles_per_cell", f"expected 1 or {dims} numbers on a {dims}D grid", "species.ppc")
    w.field("density", density, note)
    region, region_note = _region(dist, grid, window)
    if region:
        w.field("region", region, "m (lower_bound, upper_bound)" + (f"; {region_note}" if region_note else ""))
    w.field("ppc", ppc, ppc_note)
    u_drift, u_th = _momenta(dist, where, constants)
    w.field("u_drift", u_drift[0], u_drift[1])
    w.field("u_th", u_th[0], u_th[1])


def _lattice(n, dims):
    """n particles per cell as a lattice of dims factors, as near one another as n allows
    (200 in 2D: 20 x 10; in 3D: 8 x 5 x 5), so that the product is exactly n."""
    if dims == 1:
        return [n]
    best = None
    for a in range(1, n + 1):
        if n % a:
            continue
        rest = _lattice(n // a, dims - 1)
        cand = sorted([a] + rest, reverse=True)
        if best is None or cand[0] / cand[-1] < best[0] / best[-1]:
            best = cand
    return best


def _momenta(dist, where, constants):
    """((u_drift, note), (u_th, note)): gamma v / c per component; an AnalyticDistribution's
    momentum_expressions (and momentum_spread_expressions), gamma v in m/s, become expressions
    divided by c, the components without one directed_velocity / c (rms_velocity / c)."""
    drift = [v / C for v in dist.directed_velocity]
    spread = [v / C for v in dist.rms_velocity]
    notes = ["gamma v / c (directed_velocity / c)", "gamma v / c (rms_velocity / c)"]
    if isinstance(dist, picmistandard.PICMI_AnalyticDistribution):
        names = constants.names(dist.user_defined_kw, where)
        for arg, values, i in (("momentum_expressions", drift, 0), ("momentum_spread_expressions", spread, 1)):
            exprs = list(getattr(dist, arg) or [])
            if not any(e is not None for e in exprs):
                continue
            if len(exprs) != 3:
                refuse(dist, arg, "expected 3 expressions (or None), one per axis", "species.u_drift, species.u_th")
            for a, e in enumerate(exprs):
                if e is not None:
                    values[a] = f"{_group(expression(e, f'{where}: {arg}[{a}]', names))} / c"
            fallback = "directed_velocity / c" if i == 0 else "rms_velocity / c"
            notes[i] = f"gamma v / c: {arg} / c, the others {fallback}"
    return (drift, notes[0]), (spread, notes[1])


def _bunch(sp, dist, layout, grid, charge, w):
    if not isinstance(layout, picmistandard.PICMI_PseudoRandomLayout) or layout.n_macroparticles is None:
        raise PiclUnsupported(f"species '{sp.name}': a GaussianBunchDistribution needs a PseudoRandomLayout "
                              "with n_macroparticles; closest picl key: species.beam.particles")
    if layout.grid is not None and layout.grid is not grid:
        refuse(layout, "grid", "picl has one grid", "species.beam")
    moving = [a for a in range(3) if dist.centroid_velocity[a] != 0]
    if len(moving) > 1:
        refuse(dist, "centroid_velocity", "picl's bunch moves along one axis", "species.beam.axis, species.beam.u")
    a = moving[0] if moving else 2
    if a not in kept(grid):
        refuse(dist, "centroid_velocity", f"a {grid.number_of_dimensions}D grid has no {AXES[a]} axis",
               "species.beam.axis")
    if sp.density_scale is not None:
        refuse(sp, "density_scale", "a bunch has its charge from n_physical_particles", "species.beam.total_charge")
    # RZ's particles, and so its bunch, are Cartesian (x, y from the axis): all three entries
    cartesian = (lambda v: list(v)) if is_rz(grid) else (lambda v: on_grid(grid, v))
    beam = {
        "total_charge": float(dist.n_physical_particles) * charge,
        "particles": int(layout.n_macroparticles),
        "centroid": cartesian([float(v) for v in dist.centroid_position]),
        "rms": cartesian([float(v) for v in dist.rms_bunch_size]),
        "axis": AXES[a],
        "u": dist.centroid_velocity[a] / C,
        "u_th": [v / C for v in dist.rms_velocity],
        "divergence": cartesian([v / C for v in dist.velocity_divergence]),
    }
    dropped = [a for a in range(3) if a not in kept(grid) and dist.velocity_divergence[a] and not is_rz(grid)]
    if dropped:
        refuse(dist, "velocity_divergence", f"a {grid.number_of_dimensions}D grid has no {AXES[dropped[0]]} axis",
               "species.beam.divergence")
    w.open("beam", "GaussianBunchDistribution")
    w.field("total_charge", beam["total_charge"], "C: n_physical_particles times the charge" +
            ("" if grid.number_of_dimensions == 3 or is_rz(grid) else " (per metre in y in 2D, per m^2 in 1D)"))
    w.field("particles", beam["particles"], "PseudoRandomLayout.n_macroparticles")
    w.field("centroid", beam["centroid"], "m" + (" (x, y, z: Cartesian in RZ)" if is_rz(grid) else ""))
    w.field("rms", beam["rms"], "m (rms_bunch_size)")
    w.field("axis", beam["axis"])
    w.field("u", beam["u"], "gamma v / c along axis (centroid_velocity / c)")
    w.field("u_th", beam["u_th"], "gamma v / c (rms_velocity / c)")
    if any(dist.velocity_divergence):
        w.field("divergence", beam["divergence"], "1/m (velocity_divergence / c): u grows with the distance "
                "from the centroid")
    w.close()
    if layout.seed is not None:
        w.field("seed", int(layout.seed), "PseudoRandomLayout.seed")


# WarpX's arguments picl honours (the others are named in the "ignored" line): they change the physics
HONOURED = {"warpx_collisions", "warpx_do_not_deposit", "warpx_dump_last_timestep", "warpx_do_pml_in_domain",
            "warpx_pml_ncell", "warpx_psatd_JRhom", "warpx_psatd_do_time_averaging", "warpx_psatd_update_with_rho",
            "warpx_grid_type", "warpx_current_correction", "warpx_relativistic", *POTENTIALS}


def _warpx(obj, arg):
    """A WarpX argument of obj (picmistandard drops them; picmi.py's OTHER_CODES records them)."""
    from .picmi import OTHER_CODES  # here: picmi.py imports this module
    return OTHER_CODES.get(id(obj), (None, {}))[1].get(arg)


def _interactions(sim):
    """The simulation's interactions (add_interaction, and WarpX's warpx_collisions) and the species'."""
    species = [sp for sp, *_ in _flat_species(sim)]
    extra = list(_warpx(sim, "warpx_collisions") or [])
    every = list(sim.interactions) + extra + [io for sp in species for io in (sp.interactions or [])]
    return list({id(io): io for io in every}.values())


def _species_names(sim):
    names = []
    for i, (sp, *_) in enumerate(_flat_species(sim)):
        name = identifier(sp.name or sp.particle_type or f"species{i + 1}")
        while name in names:
            name += "_2"
        names.append(name)
    return names


def _species(sim, grid, window, constants, w, ignored=None):
    if not sim.species:
        return []
    names = _species_names(sim)
    picl_names = {id(sp): n for (sp, *_), n in zip(_flat_species(sim), names)}
    ionized = _ionization(_interactions(sim))
    products = {id(io.product_species) for io in ionized.values()}
    for io in ionized.values():
        for arg in ("ionized_species", "product_species"):
            if id(getattr(io, arg)) not in picl_names:
                refuse(io, arg, f"species '{getattr(io, arg).name}' is not in the simulation (add_species)",
                       "species.ionization")
    w.open("species")
    for i, (sp, layout, self_field, plane) in enumerate(_flat_species(sim)):
        if isinstance(layout, list):
            refuse(sim, "layouts", "picl takes one layout per species", "species.ppc")
        if self_field:
            raise PiclUnsupported(f"Simulation.add_species(initialize_self_field=True) for species '{sp.name}': "
                                  "picl solves no Poisson equation at start-up; closest picl key: fields (initial "
                                  "fields as expressions: Simulation(picl_fields={...}))")
        if plane is not None:
            raise PiclUnsupported(f"Simulation.add_species_through_plane for species '{sp.name}': picl has no "
                                  "injection through a plane; closest picl key: species.density")
        dist = sp.initial_distribution
        if isinstance(dist, list) and dist and all(isinstance(d, picmistandard.PICMI_ParticleListDistribution)
                                                   for d in dist):
            dist = dist if len(dist) > 1 else dist[0]     # lists of one species join (_listed)
        elif isinstance(dist, list):
            refuse(sp, "initial_distribution", "picl takes one distribution per species (or several "
                   "ParticleListDistributions)", "one species per distribution (species)")
        name = names[i]
        w.open(note=f"Species '{sp.name}'" if sp.name else f"Species {i + 1}")
        w.field("name", name)
        if id(sp) in ionized:
            io = ionized[id(sp)]
            table = _ionizable(sp, io, picl_names[id(io.product_species)])
            w.field("ionization", table, f"FieldIonization (ADK): particle_type, charge_state, product_species")
            mass = _number(sp, "mass", sp.mass)
            if mass is not None:
                w.field("mass", mass, "kg (without it, picl takes the element's atomic weight)")
            charge = None
        else:
            particle, charge, mass = _charge_mass(sp)
            if particle:
                w.field("particle", particle)
            else:
                if charge == 0:
                    refuse(sp, "charge_state" if sp.charge_state is not None else "charge",
                           "picl's species are charged (a neutral species does nothing)", "species.charge")
                w.field("charge", charge, "C")
                w.field("mass", mass, "kg")
        if dist is None:
            why = "the product of a FieldIonization" if id(sp) in products else "no initial_distribution"
            w.field("density", 0.0, f"{why}: the species starts empty")
            w.field("ppc", 1)
        elif isinstance(dist, (picmistandard.PICMI_UniformDistribution, picmistandard.PICMI_AnalyticDistribution,
                               picmistandard.PICMI_FoilDistribution)):
            _plasma(sp, dist, layout, grid, window, constants, w, sim, ignored)
        elif isinstance(dist, picmistandard.PICMI_FromFileDistribution):
            if charge is None:
                refuse(sp, "initial_distribution", "an ionizable species is a plasma in picl",
                       "species.density (a UniformDistribution or AnalyticDistribution)")
            if sp.density_scale is not None:
                refuse(sp, "density_scale", "a file's particles carry their weights", "species.from_file")
            in_file = getattr(dist, "picl_species", None) or sp.name or name
            w.field("from_file", {"path": dist.file_path, "species": in_file},
                    "FromFileDistribution: file_path; species: picl_species, else the species' name")
        elif isinstance(dist, (list, picmistandard.PICMI_ParticleListDistribution)):
            if charge is None:
                refuse(sp, "initial_distribution", "an ionizable species is a plasma in picl",
                       "species.density (a UniformDistribution or AnalyticDistribution)")
            _listed(sp, dist if isinstance(dist, list) else [dist], grid, w)
        elif isinstance(dist, picmistandard.PICMI_GaussianBunchDistribution):
            if charge is None:
                refuse(sp, "initial_distribution", "an ionizable species is a plasma in picl",
                       "species.density (a UniformDistribution or AnalyticDistribution)")
            _bunch(sp, dist, layout, grid, charge, w)
        else:
            refuse(sp, "initial_distribution", f"picl has no {_name(dist)}", "species.density or species.beam")
        if getattr(sp, "picl_frozen", None):
            w.field("frozen", True, "picl_frozen: never pushed, deposits no current")
        if _warpx(sp, "warpx_do_not_deposit"):
            w.field("deposit", False, "warpx_do_not_deposit: pushed, deposits neither J nor rho")
        w.close()
    w.close()
    return names


MAX_PARTICLES_LISTED = 64  # picl's species.particles holds at most this many (CFG_MAX_LIST)


def _listed(sp, dists, grid, w):
    """species.particles: the particles of one or more ParticleListDistributions, u = (ux, uy, uz) / c;
    on a 2D or 1D grid the dropped axes' positions are dropped, as WarpX does."""
    if sp.density_scale is not None:
        refuse(sp, "density_scale", "listed particles carry their weights", "species.particles[i].weight")
    rows = []
    for d in dists:
        weights = d.weight if isinstance(d.weight, list) else [d.weight] * len(d.x)
        for i in range(len(d.x)):
            if not weights[i] > 0:
                refuse(d, "weight", "picl's weights are positive", "species.particles[i].weight")
            position = on_grid(grid, [float(d.x[i]), float(d.y[i]), float(d.z[i])])
            for j, a in enumerate(kept(grid)):
                if not grid.lower_bound[j] <= position[j] < grid.upper_bound[j]:
                    refuse(d, AXES[a], f"particle {i + 1} lies outside the domain along {AXES[a]} "
                           f"({position[j]:.9g} m)", "species.particles[i].position")
            rows.append({"position": position,
                         "u": [float(d.ux[i]) / C, float(d.uy[i]) / C, float(d.uz[i]) / C],
                         "weight": float(weights[i])})
    if len(rows) > MAX_PARTICLES_LISTED:
        refuse(dists[0], "x", f"{len(rows)} particles; picl lists at most {MAX_PARTICLES_LISTED} a species",
               "species.from_file (an openPMD file)")
    w.open("particles", "ParticleListDistribution: position m, u = gamma v / c (ux / c ...), weight")
    for row in rows:
        w.put(lua(row) + ",")
    w.close()


def _collisions(sim, names, w):
    """collisions: WarpX's CoulombCollisions (warpx_collisions or add_interaction), one entry each."""
    from .picmi import CoulombCollisions  # here: picmi.py imports this module
    picl_names = {id(sp): n for (sp, *_), n in zip(_flat_species(sim), names)}
    entries = []
    for c in _interactions(sim):
        if isinstance(c, picmistandard.PICMI_FieldIonization):
            continue
        if not isinstance(c, CoulombCollisions):
            refuse(c, None, f"picl has no {_name(c)}", "species.ionization or collisions")
        if not 1 <= len(c.species) <= 2:
            refuse(c, "species", "expected 1 or 2 species", "collisions[i].species")
        for sp in c.species:
            if id(sp) not in picl_names:
                refuse(c, "species", f"species '{sp.name}' is not in the simulation (add_species)",
                       "collisions[i].species")
        entry = {"name": identifier(c.name), "species": [picl_names[id(sp)] for sp in c.species]}
        entry["coulomb_log"] = "auto" if c.CoulombLog is None else float(c.CoulombLog)
        if c.ndt is not None:
            entry["interval"] = int(c.ndt)
        entries.append(entry)
    if not entries:
        return
    w.open("collisions", "CoulombCollisions: coulomb_log = CoulombLog ('auto' when not given), interval = ndt")
    for entry in entries:
        w.put(lua(entry) + ",")
    w.close()


def _analytic_laser(laser, antenna, name, a, sign, constants, w, grid):
    """An AnalyticLaser: its field_expression in X, Y (the antenna plane's coordinates from
    LaserAntenna.position, X along the polarization, Y along propagation x polarization, as WarpX
    reads them) and t, as picl's profile in x, y, z on the plane."""
    where = f"AnalyticLaser '{laser.name or name}'"
    p = [float(v) for v in laser.polarization_direction]
    norm = math.sqrt(sum(v * v for v in p))
    if norm == 0 or abs(p[a]) > 1e-12 * norm:
        refuse(laser, "polarization_direction", "the polarization must be perpendicular to the propagation",
               "lasers[i].polarization")
    p = [v / norm for v in p]
    n = [sign if b == a else 0.0 for b in range(3)]
    q = [n[1] * p[2] - n[2] * p[1], n[2] * p[0] - n[0] * p[2], n[0] * p[1] - n[1] * p[0]]

    def along(u):
        terms = []
        for b in range(3):
            if abs(u[b]) < 1e-15:
                continue
            offset = float(antenna.position[b])
            coord = AXES[b] if offset == 0 else f"({AXES[b]} - {lua(offset)})"
            terms.append(coord if u[b] == 1 else f"-{coord}" if u[b] == -1 else f"{lua(u[b])} * {coord}")
        if len(terms) == 1 and (terms[0] in AXES or terms[0].startswith("(x") or terms[0].startswith("(y")
                                or terms[0].startswith("(z")):
            return terms[0]
        return "(" + " + ".join(terms).replace("+ -", "- ") + ")"

    names = constants.names(laser.user_defined_kw, where)
    names.update({"X": along(p), "Y": along(q)})
    profile = expression(laser.field_expression, f"{where}: field_expression", names)
    w.open(note="AnalyticLaser through a LaserAntenna")
    w.field("name", name)
    w.field("position", on_grid(grid, [float(v) for v in antenna.position]),
            "m: the antenna plane (LaserAntenna.position)")
    w.field("direction", ("+" if sign > 0 else "-") + AXES[a], "propagation_direction")
    w.field("polarization", p, "polarization_direction")
    w.field("wavelength", float(laser.wavelength), "m: sets the antenna's delay (docs/input.md, lasers)")
    w.field("profile", profile, f"V/m: field_expression, X and Y on the antenna plane; its peak is "
            f"Emax = {laser.Emax:.6g} V/m (amax {laser.amax:.6g})")
    w.close()


def _lasers(sim, grid, constants, w):
    if not sim.lasers:
        return
    w.open("lasers")
    for i, (laser, antenna) in enumerate(zip(sim.lasers, sim.laser_injection_methods)):
        if not isinstance(laser, (picmistandard.PICMI_GaussianLaser, picmistandard.PICMI_AnalyticLaser)):
            refuse(laser, None, f"picl has no {_name(laser)}", "lasers[i] (Gaussian) or lasers[i].profile")
        if not isinstance(antenna, picmistandard.PICMI_LaserAntenna):
            raise PiclUnsupported(f"Simulation.add_laser: laser {i + 1} needs a LaserAntenna (picl injects lasers "
                                  "through an antenna plane); closest picl key: lasers[i].position")
        # fill_in is WarpX's continuous injection (an antenna the window reaches later): picl's antenna
        # along the window's axis stays in the lab frame, as WarpX's does, so either value emits the
        # same pulse; it is ignored
        d = laser.propagation_direction
        norm = math.sqrt(sum(v * v for v in d))
        axes = [a for a in range(3) if abs(d[a]) > 1e-12 * norm]
        if len(axes) != 1:
            refuse(laser, "propagation_direction", "picl's lasers propagate along an axis", "lasers[i].direction")
        a = axes[0]
        if a not in kept(grid):
            refuse(laser, "propagation_direction", f"a {grid.number_of_dimensions}D grid has no {AXES[a]} axis",
                   "lasers[i].direction")
        sign = 1.0 if d[a] > 0 else -1.0
        if antenna.normal_vector is not None:
            n = antenna.normal_vector
            if [abs(v) > 1e-12 for v in n] != [b == a for b in range(3)]:
                refuse(antenna, "normal_vector", "picl's antenna plane is normal to the propagation direction",
                       "lasers[i].direction")
        name = identifier(laser.name or f"laser{i + 1}")
        if isinstance(laser, picmistandard.PICMI_AnalyticLaser):
            _analytic_laser(laser, antenna, name, a, sign, constants, w, grid)
            continue
        for arg in ("zeta", "beta", "phi2"):
            if getattr(laser, arg):
                refuse(laser, arg, "picl's Gaussian pulse has no chirp or angular dispersion", "lasers[i].profile")
        if laser.phi0:
            refuse(laser, "phi0", "picl's carrier phase is 0 (a cosine) at the focus at the envelope's peak",
                   "lasers[i].profile")
        focus, centroid = laser.focal_position, laser.centroid_position
        for i, b in enumerate(kept(grid)):
            if b == a:
                continue
            scale = grid.upper_bound[i] - grid.lower_bound[i]
            if abs(centroid[b] - focus[b]) > 1e-9 * scale:
                refuse(laser, "centroid_position", "picl's pulse travels along its axis through the focus: the "
                       "centroid and the focus differ only along the propagation direction", "lasers[i].position")
        # RZ: the grid's x is r; a beam's axis is the axis r = 0, so y (which no RZ vector keeps)
        # must be 0 too, or the beam is off the axis (picl's check refuses an x off it)
        if is_rz(grid):
            for arg, v in (("focal_position", focus), ("centroid_position", centroid)):
                if v[1]:
                    refuse(laser, arg, f"picl's RZ laser travels on the axis (y = {v[1]} m; expected 0)",
                           "lasers[i].position")
        position = [float(focus[b]) if b != a else float(antenna.position[a]) for b in kept(grid)]
        t_peak = sign * (antenna.position[a] - centroid[a]) / C
        focal_distance = sign * (focus[a] - antenna.position[a])
        # a window that starts during the pulse is the core's to judge (an antenna along the window's
        # axis stays in the lab, Yee's and CKC's; an oblique CKC one, which PICMI does not make here,
        # moves with the window and is refused there, in one line naming moving_window.start)
        w.open(note="GaussianLaser through a LaserAntenna")
        w.field("name", name)
        w.field("position", position, "m: the antenna plane (LaserAntenna.position) on the beam's axis")
        w.field("direction", ("+" if sign > 0 else "-") + AXES[a], "propagation_direction")
        w.field("polarization", [float(v) for v in laser.polarization_direction], "polarization_direction")
        w.field("wavelength", float(laser.wavelength), "m")
        if "E0" in laser.model_fields_set:
            w.field("E0", float(laser.E0), "V/m")
        else:
            w.field("a0", float(laser.a0))
        w.field("waist", float(laser.waist), "m, 1/e radius of the field at the focus")
        w.field("tau", float(laser.duration), "s, 1/e half-duration of the field (duration)")
        w.field("t_peak", t_peak, "s: the envelope's peak, at centroid_position at t = 0, crosses the antenna")
        w.field("focal_distance", focal_distance, "m: focal_position ahead of the antenna")
        w.close()
    w.close()


def _group(value):
    """A number or an expression as an operand: parenthesised unless a number or a name."""
    text = lua(value) if isinstance(value, float) else value
    return text if re.fullmatch(r"[-+]?[\w.]+", text) else f"({text})"


APPLIED = (("E", ("Ex", "Ey", "Ez")), ("B", ("Bx", "By", "Bz")))
MAX_ELEMENTS = 16                       # base/config.h, CFG_MAX_ELEMENTS


def _box_mask(field):
    """The condition, in x, y, z, that a point lies within an applied field's lower_bound and
    upper_bound (None: unbounded on that side), or None when no bound is given."""
    terms = []
    for a, axis in enumerate(AXES):
        lo = (field.lower_bound or [None] * 3)[a]
        hi = (field.upper_bound or [None] * 3)[a]
        if lo is not None:
            terms.append(f"{axis} >= {lua(float(lo))}")
        if hi is not None:
            terms.append(f"{axis} <= {lua(float(hi))}")
    return " && ".join(terms) or None


def _plasma_lens(lens):
    """WarpX's repeated plasma lens as picl's elements: lens i a "plasma_lens" from starts[i] +
    i period to that plus lengths[i], E = strengths_E[i] (x, y, 0), B = strengths_B[i] (y, -x, 0),
    its hard edges weighed by the fraction of each step spent inside (docs/input.md, elements)."""
    n = len(lens.starts)
    for arg in ("lengths", "strengths_E", "strengths_B"):
        v = getattr(lens, arg)
        if v is not None and len(v) != n:
            refuse(lens, arg, f"expected {n} numbers, one per lens (starts)", "applied_fields.elements")
    if lens.strengths_E is None and lens.strengths_B is None:
        refuse(lens, "strengths_E", "give strengths_E or strengths_B", "applied_fields.elements")
    elements = []
    for i in range(n):
        element = {"kind": "plasma_lens"}
        for arg, key in (("strengths_E", "strength_E"), ("strengths_B", "strength_B")):
            strengths = getattr(lens, arg)
            if strengths is not None and strengths[i] != 0:
                element[key] = float(strengths[i])
        if len(element) == 1:
            continue                    # a lens of zero strength acts on nothing
        if lens.lengths[i] <= 0:
            refuse(lens, "lengths", f"lens {i + 1} has length {lens.lengths[i]!r}: expected > 0",
                   "applied_fields.elements[i].z")
        z0 = float(lens.starts[i] + i * lens.period)
        element["z"] = [z0, z0 + float(lens.lengths[i])]
        elements.append(element)
    return elements


def _initial_fields(sim, constants, w, ignored):
    """fields: the initial fields of Simulation(picl_fields=...) or of WarpX's AnalyticInitialField
    (given to add_applied_field, as WarpX's scripts do); one component given twice is refused,
    as WarpX would keep only the last."""
    given = {}
    if sim.picl_fields:
        names = constants.names(sim.picl_constants, "Simulation.picl_constants")
        for key, value in sim.picl_fields.items():
            if key not in FIELD_KEYS:
                refuse(sim, "picl_fields", f"no field '{key}'; expected Ex, Ey, Ez, Bx, By, Bz", "fields")
            given[key] = (expression(value, f"Simulation.picl_fields['{key}']", names), "picl_fields")
    elif sim.picl_constants:
        refuse(sim, "picl_constants", "they name numbers for picl_fields, which is not given", "constants")
    for i, field in enumerate(sim.applied_fields or []):
        if _name(field) != "AnalyticInitialField":
            continue
        where = f"AnalyticInitialField {i + 1}"
        names = constants.names(field.user_defined_kw, where)
        for key in FIELD_KEYS:
            text = getattr(field, f"{key}_expression")
            if text is None:
                continue
            if key in given:
                refuse(field, f"{key}_expression", f"{key} is given twice (also by {given[key][1]})", "fields")
            given[key] = (expression(text, f"{where}: {key}_expression", names), f"{where}: {key}_expression")
        ignored += [f"AnalyticInitialField.{arg}" for arg in ("lower_bound", "upper_bound")
                    if any(v is not None for v in getattr(field, arg) or [])]
    if not given:
        return
    w.open("fields", "initial fields, V/m and T (zero where not given)")
    for key in FIELD_KEYS:
        if key in given:
            w.field(key, given[key][0], given[key][1])
    w.close()


FIELD_KEYS = ("Ex", "Ey", "Ez", "Bx", "By", "Bz")


def _applied_fields(sim, constants, w):
    """applied_fields.E and .B: the sum of the ConstantAppliedField and AnalyticAppliedField
    objects, each component a number or an expression; a box (lower_bound, upper_bound) becomes a
    mask: (inside ? value : 0.0)."""
    if not [f for f in sim.applied_fields or [] if _name(f) != "AnalyticInitialField"]:
        return
    total = {key: [0.0, 0.0, 0.0] for key, _ in APPLIED}
    notes, elements = [], []
    for i, field in enumerate(sim.applied_fields):
        where = f"{_name(field)} {i + 1}"
        if _name(field) == "AnalyticInitialField":
            continue                    # initial fields on the grid: _initial_fields
        if isinstance(field, picmistandard.PICMI_ConstantAppliedField):
            parts = {comp: (None if getattr(field, comp) is None else float(getattr(field, comp)))
                     for _, comps in APPLIED for comp in comps}
        elif isinstance(field, picmistandard.PICMI_AnalyticAppliedField):
            names = constants.names(field.user_defined_kw, where)
            parts = {}
            for _, comps in APPLIED:
                for comp in comps:
                    text = getattr(field, f"{comp}_expression")
                    parts[comp] = None if text is None else \
                        expression(text, f"{where}: {comp}_expression", names)
        elif _name(field) == "PlasmaLens":
            elements += _plasma_lens(field)
            notes.append(f"PlasmaLens ({len(field.starts)} lenses as elements)")
            continue
        else:
            refuse(field, None, f"picl has no {_name(field)}", "applied_fields.E, applied_fields.B (expressions)")
        mask = _box_mask(field)
        for key, comps in APPLIED:
            for a, comp in enumerate(comps):
                value = parts[comp]
                if value is None or value == 0.0:
                    continue
                if mask:
                    value = f"({mask}) ? {_group(value)} : 0.0"
                old = total[key][a]
                if isinstance(old, float) and isinstance(value, float):
                    total[key][a] = old + value
                elif isinstance(old, float) and old == 0.0:
                    total[key][a] = value
                else:
                    total[key][a] = f"{_group(old)} + {_group(value)}"
        notes.append(_name(field) + (" (within lower_bound, upper_bound)" if mask else ""))
    if all(v == 0.0 for key, _ in APPLIED for v in total[key]) and not elements:
        w.comment("applied fields: " + ", ".join(notes) + ", all zero")
        return
    if len(elements) > MAX_ELEMENTS:
        refuse(sim.applied_fields[-1], None, f"{len(elements)} lenses: picl takes at most {MAX_ELEMENTS} elements",
               "applied_fields.elements")
    w.open("applied_fields", "act on particles only: " + ", ".join(notes))
    for key, _ in APPLIED:
        if any(v != 0.0 for v in total[key]):
            w.field(key, total[key], "V/m" if key == "E" else "T")
    if elements:
        w.open("elements", "hard-edged along z (lab frame), weighed by the fraction of each step inside")
        for element in elements:
            w.open()
            for key, value in element.items():
                w.field(key, value, {"strength_E": "V/m^2", "strength_B": "T/m", "z": "m: start, end"}.get(key))
            w.close()
        w.close()
    w.close()


def _top_level(sim, w):
    for arg, key, note in (("picl_precision", "precision", None), ("picl_gather", "gather", None),
                           ("picl_deposition", "deposition", None),
                           ("picl_deposition_strategy", "deposition_strategy", None),
                           ("picl_progress_interval", "progress_interval", "steps between progress lines")):
        value = getattr(sim, arg)
        if value is not None:
            w.field(key, value, note or arg)


def _label(obj):
    name = getattr(obj, "name", None)
    return f" '{name}'" if isinstance(name, str) else ""


def _objects(sim):
    """Every PICMI object of the simulation, each once, in the order of the script's calls."""
    seen, out = set(), []

    def visit(obj):
        if isinstance(obj, list):
            for o in obj:
                visit(o)
        elif isinstance(obj, picmistandard.base._PICMIModel) and id(obj) not in seen:
            seen.add(id(obj))
            out.append(obj)
            for name in type(obj).model_fields:
                visit(getattr(obj, name, None))
    visit(sim)
    return out


def ignored_line(ignored):
    """The one log line of what the translation left out (PICMI: another code's arguments are
    ignored), or None."""
    return ("picl_picmi: ignored (picl has no counterpart): " + ", ".join(ignored)) if ignored else None


def simulation_lua(sim, steps=None, ignored=None):
    """The Lua text; what was left out is appended to ignored (a list) and written in its header."""
    from .picmi import OTHER_CODES  # here: picmi.py imports this module
    ignored = [] if ignored is None else ignored
    refuse_given(sim, ["load_balancing"], "picl's load balancing is its own", "parallel.balance_interval")
    grid = _grid(sim, ignored)
    window = _window(grid)
    constants = _Constants()

    body = _Writer()
    body.depth = 1
    dims = grid.number_of_dimensions
    if is_rz(grid):
        body.field("geometry", "rz", "a CylindricalGrid: axes r, z, azimuthal modes (docs/rz.md)")
        body.field("modes", int(grid.n_azimuthal_modes or 1), "n_azimuthal_modes (WarpX's default 1)")
        body.open("grid", "CylindricalGrid (r, z)")
    else:
        if dims < 3:
            body.field("geometry", f"{dims}d", f"a Cartesian{dims}DGrid: axes " + ", ".join(AXES[a] for a in kept(grid)))
        body.open("grid", f"Cartesian{dims}DGrid" + (" (x, z)" if dims == 2 else " (z)" if dims == 1 else ""))
    body.field("cells", [int(n) for n in grid.number_of_cells], "number_of_cells")
    body.field("lower", [float(v) for v in grid.lower_bound], "m")
    body.field("upper", [float(v) for v in grid.upper_bound], "m")
    if getattr(grid, "picl_max_box", None) is not None:
        body.field("max_box", getattr(grid, "picl_max_box", None), "picl_max_box: cells per box")
    body.close()
    field, particles, pml = _boundaries(grid)
    pml_axes = [axis for axis, v in field.items() if "pml" in (v if isinstance(v, list) else [v])]
    ncell = _warpx(sim.solver, "warpx_pml_ncell")
    if pml is None and ncell is not None and pml_axes:
        pml = {axis: int(ncell) for axis in pml_axes}
    body.open("boundary", "lower_ and upper_boundary_conditions ('open' is a PML)" +
              ("; r: the axis, then r_max ('none' there: picl's PEC wall, WarpX's guard cells held at 0)"
               if is_rz(grid) else ""))
    body.field("field", field)
    body.field("particles", particles)
    if pml:
        body.field("pml_cells", pml, None if grid.pml_cells is not None else "ElectromagneticSolver.warpx_pml_ncell")
    if pml_axes and not is_rz(grid):     # RZ: picl's own check refuses the PML, by its face
        # WarpX's default (warpx.do_pml_in_domain = 0): the layers lie beyond the user's domain
        inside = bool(_warpx(sim.solver, "warpx_do_pml_in_domain"))
        body.field("pml_outside", not inside, "warpx_do_pml_in_domain = True: the layers take the domain's last "
                   "cells" if inside else "WarpX's default: the layers are added beyond the domain")
    body.close()
    if window:
        body.field("moving_window", window, "moving_window_velocity / c")
    if sim.gamma_boost is not None and sim.gamma_boost != 1:
        # WarpX boosts along z (its boost_direction), every input in the lab frame, as picl's boost
        body.field("boost", {"gamma": float(sim.gamma_boost), "axis": "z"}, "gamma_boost: inputs stay in the lab frame")
    _solver(sim, body, ignored)
    _steps(sim, steps, body)
    body.field("shape_order", _shape(sim), "particle_shape")
    pusher = _pusher(sim)
    if pusher:
        body.field("pusher", pusher, "Species.method")
    _top_level(sim, body)
    if sim.picl_checkpoint_interval is not None:
        body.field("checkpoint", {"interval": int(sim.picl_checkpoint_interval)}, "picl_checkpoint_interval")
    _initial_fields(sim, constants, body, ignored)
    _applied_fields(sim, constants, body)
    species_names = _species(sim, grid, window, constants, body, ignored)
    _collisions(sim, species_names, body)
    _lasers(sim, grid, constants, body)
    diagnostics.write(sim, species_names, steps if steps is not None else sim.max_steps, body, ignored, OTHER_CODES)
    ignored[:0] = [f"{_name(obj)}{_label(obj)}.{arg}" for obj in _objects(sim)
                   for arg in OTHER_CODES.get(id(obj), (None, {}))[1] if arg not in HONOURED]

    head = _Writer()
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "a PICMI script"
    head.comment(f"picl input written by picl_picmi (python/picl_picmi) from {script}: SI units throughout;")
    head.comment("the comments give units and the PICMI arguments behind the values.")
    head.comment("Run it with `bin/picl run FILE`; `bin/picl check FILE` prints what picl makes of it (docs/input.md).")
    if ignored:
        head.comment(ignored_line(ignored))
    head.put('local picl = require("picl")')
    head.put("")
    head.put("return picl.simulation {")
    if constants.values:
        head.depth = 1
        head.open("constants", "the keyword arguments of the PICMI expressions (user_defined_kw)")
        for name, value in constants.values.items():
            head.field(name, value)
        head.close()
    return "\n".join(head.lines + body.lines + ["}", ""])
