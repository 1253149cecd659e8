# picmi.py: picl's implementation of the PICMI standard (picmistandard): `from picl_picmi import
# picmi`. The classes are picmistandard's with picl's own arguments (prefix picl_); Simulation
# writes a picl Lua input (translate.py) and runs bin/picl on it. Nothing here is on picl's run path.
#
# A class picl cannot honour at all (RZ grids, electrostatic solvers,
# flux and plane injection, mirrors and field files, boosted-frame diagnostics) exists so that scripts
# import, and refuses to be made, naming the closest picl feature. Arguments picl cannot honour are
# refused when the input is written (translate.py), each naming the object, the argument and the
# closest picl key.

import os
import subprocess
import sys
from pathlib import Path
from typing import Literal

import picmistandard
from pydantic import Field, PrivateAttr

from .errors import PiclUnsupported
from . import translate

picmistandard.register_codename("picl")


class constants:
    """Physical constants, SI, CODATA 2018: the values of picl's base/constants.h and lua/constants.lua."""
    c = translate.C
    ep0 = 8.8541878128e-12
    mu0 = 1.25663706212e-6
    q_e = translate.Q_E
    m_e = translate.M_E
    m_p = translate.M_P
    hbar = 1.054571817e-34
    kb = 1.380649e-23


picmistandard.register_constants(constants)


# class name -> why picl cannot honour it, and what is closest
_REFUSALS = {}


class _Refused:
    """Mixin of the classes picl cannot honour: making one raises PiclUnsupported."""

    def model_post_init(self, context):
        raise PiclUnsupported(f"{type(self).__name__}: {_REFUSALS[type(self).__name__]}")


def _refused(base, why):
    name = base.__name__.removeprefix("PICMI_")
    _REFUSALS[name] = why
    return type(base)(name, (_Refused, base), {"__module__": __name__, "__qualname__": name,
                                               "__doc__": f"Not supported by picl: {why}"})


# --- grids and solvers

class Cartesian3DGrid(picmistandard.PICMI_Cartesian3DGrid):
    """picl arguments: picl_max_box (cells per box, one number or 3: grid.max_box);
    picl_moving_window_start (s, when the window of moving_window_velocity starts: moving_window.start)."""
    picl_max_box: int | list[int] | None = Field(default=None, description="grid.max_box: cells per box")
    picl_moving_window_start: float | None = Field(default=None, description="moving_window.start [s]")


class Cartesian2DGrid(picmistandard.PICMI_Cartesian2DGrid):
    """geometry = "2d": the grid's two axes are picl's x and z (WarpX's 2D convention; PICMI names
    them nx, ny). picl arguments as Cartesian3DGrid's, with 2 numbers for picl_max_box."""
    picl_max_box: int | list[int] | None = Field(default=None, description="grid.max_box: cells per box")
    picl_moving_window_start: float | None = Field(default=None, description="moving_window.start [s]")


class Cartesian1DGrid(picmistandard.PICMI_Cartesian1DGrid):
    """geometry = "1d": the grid's one axis is picl's z (WarpX's 1D convention; PICMI names it nx).
    picl arguments as Cartesian3DGrid's."""
    picl_max_box: int | list[int] | None = Field(default=None, description="grid.max_box: cells per box")
    picl_moving_window_start: float | None = Field(default=None, description="moving_window.start [s]")


CylindricalGrid = _refused(picmistandard.PICMI_CylindricalGrid,
                           "picl has no RZ (azimuthal mode) geometry; closest: a Cartesian3DGrid (grid.cells)")


class ElectromagneticSolver(picmistandard.PICMI_ElectromagneticSolver):
    """method 'Yee' (the default) or 'CKC': solver.name; cfl: solver.cfl."""


class BinomialSmoother(picmistandard.PICMI_BinomialSmoother):
    """As ElectromagneticSolver's source_smoother: n_pass is filter.passes."""


ElectrostaticSolver = _refused(picmistandard.PICMI_ElectrostaticSolver,
                               "picl is electromagnetic only; closest: ElectromagneticSolver (solver.name)")
MagnetostaticSolver = _refused(picmistandard.PICMI_MagnetostaticSolver,
                               "picl is electromagnetic only; closest: ElectromagneticSolver (solver.name)")


# --- particles

class Species(picmistandard.PICMI_Species):
    """charge and mass: numbers, or text of numbers and constants as WarpX reads them ('q_e',
    '5*m_e'); particle_type an element H .. Kr with charge_state: an ion (the element's atomic
    weight), ionizable by a FieldIonization. No initial_distribution: the species starts empty.
    WarpX's warpx_do_not_deposit=1 is species.deposit = false (pushed, deposits nothing).
    picl arguments: picl_frozen (never pushed, no current: species.frozen)."""
    charge: float | str | None = Field(default=None, description="C, a number or text such as '-q_e'")
    mass: float | str | None = Field(default=None, description="kg, a number or text such as '5*m_e'")
    picl_frozen: bool | None = Field(default=None, description="species.frozen")
    _picl_no_deposit: bool = PrivateAttr(default=False)

    def __init__(self, *args, **kwargs):
        # WarpX's warpx_do_not_deposit (picmistandard drops another code's arguments before
        # validation) changes the physics, so it is kept: species.deposit = false
        no_deposit = bool(kwargs.get("warpx_do_not_deposit"))
        super().__init__(*args, **kwargs)
        self._picl_no_deposit = no_deposit


class UniformDistribution(picmistandard.PICMI_UniformDistribution):
    """species.density (a number), region, u_drift, u_th."""


class AnalyticDistribution(picmistandard.PICMI_AnalyticDistribution):
    """species.density (an expression, with the keyword arguments as constants), region, u_drift, u_th;
    momentum_expressions and momentum_spread_expressions (gamma v, m/s) become u_drift and u_th
    expressions (divided by c) per component."""


class GaussianBunchDistribution(picmistandard.PICMI_GaussianBunchDistribution):
    """species.beam: with a PseudoRandomLayout of n_macroparticles (beam.particles)."""


class GriddedLayout(picmistandard.PICMI_GriddedLayout):
    """species.ppc."""


class PseudoRandomLayout(picmistandard.PICMI_PseudoRandomLayout):
    """For a GaussianBunchDistribution: n_macroparticles is beam.particles, seed species.seed."""


class MultiSpecies(picmistandard.PICMI_MultiSpecies):
    """One picl species per member, each with the distribution (proportions: density_scale) and the
    layout given to add_species."""


picmistandard.PICMI_MultiSpecies.Species_class = Species
class FoilDistribution(picmistandard.PICMI_FoilDistribution):
    """species.density: the foil and its exponential ramps across the propagation direction, which is
    picl_axis ("+x" ... "-z"), else that of the simulation's one laser."""
    picl_axis: Literal["+x", "-x", "+y", "-y", "+z", "-z"] | None = Field(
        default=None, description="the propagation direction the foil lies across")
AnalyticFluxDistribution = _refused(picmistandard.PICMI_AnalyticFluxDistribution,
                                    "picl has no injection through a surface; closest: species.density")
class ParticleListDistribution(picmistandard.PICMI_ParticleListDistribution):
    """species.particles: x, y, z (m), ux, uy, uz (gamma v, m/s: u = ux / c), weight; up to 64
    particles a species, several lists of one species joined."""
class FromFileDistribution(picmistandard.PICMI_FromFileDistribution):
    """species.from_file: file_path is path; the particle species read is picl_species, else the
    species' own name (WarpX reads a file's one species; picl names it)."""
    picl_species: str | None = Field(default=None, description="from_file.species: the species' name in the file")
ParticleDistributionPlanarInjector = _refused(picmistandard.PICMI_ParticleDistributionPlanarInjector,
                                              "picl has no injection through a plane; closest: species.density")


class FieldIonization(picmistandard.PICMI_FieldIonization):
    """species.ionization of ionized_species: model 'ADK', element particle_type, initial_level
    charge_state, product product_species (an electron species, empty if it has no distribution)."""


class CoulombCollisions(picmistandard.PICMI_Interaction):
    """WarpX's binary Coulomb collisions (pywarpx.picmi.CoulombCollisions, given to
    Simulation(warpx_collisions=[...]) or add_interaction): collisions[i] with species (1 or 2),
    coulomb_log = CoulombLog ("auto" when not given) and interval = ndt."""
    name: str = Field(description="collisions[i].name")
    species: list[picmistandard.PICMI_Species] = Field(description="collisions[i].species: 1 or 2 species")
    CoulombLog: float | None = Field(default=None, description="collisions[i].coulomb_log; None: auto")
    ndt: int | None = Field(default=None, ge=1, description="collisions[i].interval: steps between collisions")


# --- lasers

class GaussianLaser(picmistandard.PICMI_GaussianLaser):
    """lasers[i]: the Gaussian pulse (wavelength, waist, tau = duration, a0 or E0, t_peak and
    focal_distance from centroid_position and focal_position)."""


class LaserAntenna(picmistandard.PICMI_LaserAntenna):
    """lasers[i].position: the antenna plane."""


class AnalyticLaser(picmistandard.PICMI_AnalyticLaser):
    """lasers[i].profile: field_expression in X, Y (on the antenna plane, from LaserAntenna.position:
    X along polarization_direction, Y along propagation_direction x polarization_direction) and t."""


# --- applied fields

class ConstantAppliedField(picmistandard.PICMI_ConstantAppliedField):
    """applied_fields.E, applied_fields.B (numbers; with lower_bound / upper_bound, an expression
    that is the field inside the box and 0 outside). Several applied fields add up."""


class AnalyticAppliedField(picmistandard.PICMI_AnalyticAppliedField):
    """applied_fields.E, applied_fields.B: the expressions in x, y, z, t (lab frame), the keyword
    arguments as constants; lower_bound / upper_bound as for ConstantAppliedField."""


Mirror = _refused(picmistandard.PICMI_Mirror, "picl has no mirrors; closest: none")
LoadAppliedField = _refused(picmistandard.PICMI_LoadAppliedField,
                            "picl reads no field files; closest: fields.Ex ... (expressions)")
LoadGriddedField = _refused(picmistandard.PICMI_LoadGriddedField,
                            "picl reads no field files; closest: fields.Ex ... (expressions)")


# --- diagnostics

class FieldDiagnostic(picmistandard.PICMI_FieldDiagnostic):
    """diagnostics.full[i] with fields (data_list) and no species."""


class ParticleDiagnostic(picmistandard.PICMI_ParticleDiagnostic):
    """diagnostics.full[i] with species and attributes (data_list) and no fields."""


class ReducedDiagnostic(picmistandard.PICMI_Diagnostic):
    """picl's reduced diagnostic (no counterpart in the standard): energies, charge residual, particle
    counts, one CSV row every period steps (diagnostics.reduced[i], docs/output.md)."""
    name: str = Field(description="diagnostics.reduced[i].name: also the CSV file's base name")
    period: int = Field(ge=1, description="diagnostics.reduced[i].interval: steps between rows")
    write_dir: str | None = Field(default=None, description="diagnostics.output_dir")


ElectrostaticFieldDiagnostic = _refused(picmistandard.PICMI_ElectrostaticFieldDiagnostic,
                                        "picl is electromagnetic only; closest: FieldDiagnostic (diagnostics.full)")
ParticleBoundaryScrapingDiagnostic = _refused(picmistandard.PICMI_ParticleBoundaryScrapingDiagnostic,
                                              "picl does not keep absorbed particles; closest: the absorbed_* "
                                              "counts of a ReducedDiagnostic (diagnostics.reduced)")
LabFrameFieldDiagnostic = _refused(picmistandard.PICMI_LabFrameFieldDiagnostic,
                                   "picl has no boosted frame; closest: FieldDiagnostic (diagnostics.full)")
LabFrameParticleDiagnostic = _refused(picmistandard.PICMI_LabFrameParticleDiagnostic,
                                      "picl has no boosted frame; closest: ParticleDiagnostic (diagnostics.full)")


# --- the simulation

def _picl_binary():
    """bin/picl of the checkout this package lies in (an editable install), else $PICL, else `picl`."""
    if os.environ.get("PICL"):
        return os.environ["PICL"]
    here = Path(__file__).resolve().parents[2] / "bin" / "picl"
    return str(here) if here.exists() else "picl"


class Simulation(picmistandard.PICMI_Simulation):
    """write_input_file(name) writes picl's Lua input; step(n) (or step() / run() for max_steps or
    max_time) writes it and runs bin/picl on it, its progress on standard error as it goes.

    picl arguments (the picl keys of docs/input.md): picl_precision ("double", "float"),
    picl_gather ("energy_conserving", "momentum_conserving"), picl_deposition ("esirkepov", "direct"),
    picl_deposition_strategy ("auto", "deterministic", "global_atomics", "local_tiles", "simd_cells"),
    picl_fields (initial fields: {"Ex": expression, ...}, with picl_constants), picl_constants
    (names for picl_fields), picl_progress_interval, picl_checkpoint_interval; and for running:
    picl_input_file (default "picl_input.lua"), picl_binary (default bin/picl of this checkout),
    picl_device (picl's --device), picl_args (more options of `picl run`)."""
    picl_precision: str | None = Field(default=None, description="precision")
    picl_gather: str | None = Field(default=None, description="gather")
    picl_deposition: str | None = Field(default=None, description="deposition")
    picl_deposition_strategy: str | None = Field(default=None, description="deposition_strategy")
    picl_fields: dict[str, str | float] | None = Field(default=None, description="fields: initial Ex ... Bz")
    picl_constants: dict[str, float] | None = Field(default=None, description="constants of picl_fields")
    picl_progress_interval: int | None = Field(default=None, description="progress_interval")
    picl_checkpoint_interval: int | None = Field(default=None, description="checkpoint.interval")
    picl_input_file: str | None = Field(default=None, description="the Lua input that step() writes")
    picl_binary: str | None = Field(default=None, description="the picl executable")
    picl_device: str | None = Field(default=None, description="picl run --device")
    picl_args: list[str] | None = Field(default=None, description="more options of picl run")
    _stepped: bool = PrivateAttr(default=False)
    _picl_collisions: list = PrivateAttr(default_factory=list)

    def __init__(self, *args, **kwargs):
        # WarpX's collisions come as warpx_collisions, which picmistandard drops as another code's
        # argument before validation: kept here for translate.py's collisions
        collisions = kwargs.get("warpx_collisions")
        super().__init__(*args, **kwargs)
        self._picl_collisions = list(collisions or [])

    def input_text(self, steps=None):
        """The picl Lua input of this simulation, as text (steps: run that many instead of
        max_steps or max_time)."""
        return translate.simulation_lua(self, steps)

    def write_input_file(self, file_name, steps=None):
        text = self.input_text(steps)
        with open(file_name, "w") as f:
            f.write(text)
        return file_name

    def step(self, nsteps=None):
        """Write the input and run picl on it: nsteps steps, or without nsteps max_steps or
        max_time. picl runs a simulation in one go, so a Simulation steps once."""
        if self._stepped:
            raise PiclUnsupported("Simulation.step: picl runs a simulation in one go and this one has run; "
                                  "closest: one step(n) call, or a checkpoint and `picl run --restart` "
                                  "(picl_checkpoint_interval)")
        file_name = self.picl_input_file or "picl_input.lua"
        self.write_input_file(file_name, steps=nsteps)
        command = [self.picl_binary or _picl_binary(), "run", file_name]
        if self.picl_device:
            command += ["--device", self.picl_device]
        if self.verbose is not None:
            command += ["-q"] if self.verbose <= 0 else (["-v"] if self.verbose >= 2 else [])
        command += self.picl_args or []
        self._stepped = True
        sys.stdout.flush()
        sys.stderr.flush()
        # stdout and stderr are this process's own: picl's progress streams as it runs
        rc = subprocess.call(command)
        if rc != 0:
            raise RuntimeError(f"picl run {file_name} failed with exit status {rc}")

    def run(self):
        self.step()
