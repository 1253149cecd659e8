# picmi.py: picl's implementation of the PICMI standard (picmistandard): `from picl_picmi import
# picmi`. The classes are picmistandard's with picl's own arguments (prefix picl_); Simulation
# writes a picl Lua input (translate.py) and runs bin/picl on it. Nothing here is on picl's run path.
#
# A class picl cannot honour at all (the magnetostatic solver, flux and plane injection,
# mirrors and field files) exists so that scripts import, and refuses to be made, naming the
# closest picl feature; a name picl_picmi lacks (another code's class) is refused on access.
# Arguments picl cannot honour are refused when the input is written (translate.py), each naming
# the object, the argument and the closest picl key; other codes' arguments (warpx_...) are
# recorded here and named in one "ignored" line, but for those picl honours (warpx_collisions,
# warpx_do_not_deposit: translate.py's HONOURED). WarpX's own classes that scripts use
# (TimeAveragedFieldDiagnostic, PlasmaLens, CoulombCollisions) and calls (initialize_inputs) are
# here too. A refusal ends a script with one line on stderr (the excepthook at the end), never a
# traceback.

import difflib
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Literal

import picmistandard
from pydantic import ConfigDict, Field, PrivateAttr, ValidationError

from .errors import PiclRunFailed, PiclUnsupported
from .warpx_attributes import warpx_argument
from . import translate
from .after_run import Extension

picmistandard.register_codename("picl")


class constants:
    """Physical constants, SI, CODATA 2018: the values of picl's base/constants.h and lua/constants.lua."""
    c = translate.C
    ep0 = translate.EPS0
    mu0 = translate.MU0
    q_e = translate.Q_E
    m_e = translate.M_E
    m_p = translate.M_P
    hbar = translate.HBAR
    kb = translate.K_B


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


class CylindricalGrid(picmistandard.PICMI_CylindricalGrid):
    """geometry = "rz" (docs/rz.md): the grid's axes are r and z, n_azimuthal_modes is picl's modes;
    the lower r face is the axis ('none'). What picl's RZ does not run yet is refused by picl's own
    check, passed through (docs/rz.md, "Not done"). picl arguments as Cartesian3DGrid's, with 2
    numbers for picl_max_box."""
    picl_max_box: int | list[int] | None = Field(default=None, description="grid.max_box: cells per box")
    picl_moving_window_start: float | None = Field(default=None, description="moving_window.start [s]")


class ElectromagneticSolver(picmistandard.PICMI_ElectromagneticSolver):
    """method 'Yee' (the default), 'CKC' or 'PSATD': solver.name; cfl: solver.cfl; galilean_velocity
    (m/s, PSATD only): solver.v_galilean (units of c)."""


class BinomialSmoother(picmistandard.PICMI_BinomialSmoother):
    """As ElectromagneticSolver's source_smoother: n_pass is filter.passes."""


class ElectrostaticSolver(picmistandard.PICMI_ElectrostaticSolver):
    """solver.name = 'electrostatic' (docs/electrostatic.md): Poisson's equation in the lab frame by
    conjugate gradients whatever the method ('Multigrid' or 'FFT' give the same phi to the
    tolerance); required_precision: solver.required_precision; maximum_iterations:
    solver.max_iterations. The grid's warpx_potential_lo_x ... (numbers or expressions of t) are
    solver.potential_x_lo ...; WarpX's relativistic solver (warpx_relativistic) is refused."""


MagnetostaticSolver = _refused(picmistandard.PICMI_MagnetostaticSolver,
                               "picl has no magnetostatic solver; closest: ElectrostaticSolver (solver.name)")


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


class AnalyticInitialField(picmistandard.PICMI_AnalyticAppliedField):
    """WarpX's initial fields on the grid (pywarpx.picmi.AnalyticInitialField, given to
    add_applied_field): fields.Ex ... fields.Bz, the expressions in x, y, z (t = 0), the keyword
    arguments as constants; components not given start at zero. lower_bound / upper_bound, which
    WarpX does not use either, and its divergence cleaning are named in the ignored line."""


class PlasmaLens(picmistandard.base.PICMI_AppliedField):
    """WarpX's lattice of plasma lenses (pywarpx.picmi.PlasmaLens): lens i spans z from starts[i] +
    i period to that plus lengths[i], where Ex = strengths_E[i] x, Ey = strengths_E[i] y, Bx =
    strengths_B[i] y, By = -strengths_B[i] x: each lens an applied_fields.elements entry of kind
    "plasma_lens", whose hard edges the push weighs by the fraction of each step spent inside, as
    WarpX does (docs/input.md, elements)."""
    period: float = Field(description="m: the lattice period (lab frame)")
    starts: list[float] = Field(description="m: each lens' start within its period")
    lengths: list[float] = Field(description="m: each lens' length")
    strengths_E: list[float] | None = Field(default=None, description="V/m^2")
    strengths_B: list[float] | None = Field(default=None, description="T/m")


Mirror = _refused(picmistandard.PICMI_Mirror, "picl has no mirrors; closest: none")
LoadAppliedField = _refused(picmistandard.PICMI_LoadAppliedField,
                            "picl reads no field files; closest: fields.Ex ... (expressions)")
LoadGriddedField = _refused(picmistandard.PICMI_LoadGriddedField,
                            "picl reads no field files; closest: fields.Ex ... (expressions)")


# --- diagnostics

# WarpX's periods: a number of steps, or slices "a:b:c" (steps a to b every c), comma-separated
PERIOD = int | str


class FieldDiagnostic(picmistandard.PICMI_FieldDiagnostic):
    """diagnostics.full[i] with fields (data_list); a ParticleDiagnostic of the same name joins it
    (one openPMD series with meshes and particles, as WarpX writes it). period: steps, or WarpX's
    slices ("::10", "0:100:10,200:")."""
    period: PERIOD = Field(description="steps between outputs, or WarpX's slice string")


class TimeAveragedFieldDiagnostic(FieldDiagnostic):
    """WarpX's class: with warpx_time_average_mode "none" (its default) a FieldDiagnostic; picl
    writes no time-averaged fields, so another mode is refused."""


class ParticleDiagnostic(picmistandard.PICMI_ParticleDiagnostic):
    """diagnostics.full[i] with species and attributes (data_list); joins the FieldDiagnostic of
    the same name. period as FieldDiagnostic's."""
    period: PERIOD = Field(description="steps between outputs, or WarpX's slice string")


class ReducedDiagnostic(picmistandard.PICMI_Diagnostic):
    """A CSV row every period steps. Without diag_type: picl's energies, charge residual and
    particle counts (diagnostics.reduced[i], docs/output.md). With WarpX's diag_type: FieldEnergy,
    ParticleEnergy, ParticleNumber -> diagnostics.reduced; BeamRelevant -> moments; ParticleExtrema
    -> extrema; ParticleHistogram -> histograms; FieldProbe (Point) -> probes; FieldMaximum ->
    field_maxima; LoadBalanceCosts -> costs; any other type is named in the "ignored" line."""
    model_config = ConfigDict(extra="allow")
    diag_type: str | None = Field(default=None, description="WarpX's reduced diagnostic type")
    name: str | None = Field(default=None, description="the CSV file's base name")
    period: PERIOD = Field(default=1, description="steps between rows")
    write_dir: str | None = Field(default=None, description="diagnostics.output_dir")
    path: str | None = Field(default=None, description="WarpX's folder of the CSV (diagnostics.output_dir)")
    species: object = Field(default=None, description="the species of BeamRelevant, ParticleExtrema, ParticleHistogram")
    bin_number: int | None = Field(default=None, description="histograms.axes.bins")
    bin_min: float | None = Field(default=None, description="histograms.axes.min")
    bin_max: float | None = Field(default=None, description="histograms.axes.max")
    histogram_function: str | None = Field(default=None, description="histograms.axes.expression")
    filter_function: str | None = Field(default=None, description="histograms.filter")
    probe_geometry: str | None = Field(default=None, description="'Point': probes")
    x_probe: float | None = Field(default=None, description="probes.points")
    y_probe: float | None = Field(default=None, description="probes.points")
    z_probe: float | None = Field(default=None, description="probes.points")


ElectrostaticFieldDiagnostic = _refused(picmistandard.PICMI_ElectrostaticFieldDiagnostic,
                                        "picl is electromagnetic only; closest: FieldDiagnostic (diagnostics.full)")
ParticleBoundaryScrapingDiagnostic = _refused(picmistandard.PICMI_ParticleBoundaryScrapingDiagnostic,
                                              "picl does not keep absorbed particles; closest: the absorbed_* "
                                              "counts of a ReducedDiagnostic (diagnostics.reduced)")
class LabFrameFieldDiagnostic(picmistandard.PICMI_LabFrameFieldDiagnostic):
    """With Simulation.gamma_boost: diagnostics.back_transformed[i], E and B at the lab times
    time_start + i dt_snapshots (i < num_snapshots); a LabFrameParticleDiagnostic of the same name
    joins it (docs/boosted_frame.md)."""


class LabFrameParticleDiagnostic(picmistandard.PICMI_LabFrameParticleDiagnostic):
    """With Simulation.gamma_boost: diagnostics.back_transformed[i].species, at the lab times of
    LabFrameFieldDiagnostic's; picl's snapshots hold E and B too."""


# --- the simulation

def _picl_binary():
    """bin/picl of the checkout this package lies in (an editable install), else $PICL, else `picl`."""
    if os.environ.get("PICL"):
        return os.environ["PICL"]
    here = Path(__file__).resolve().parents[2] / "bin" / "picl"
    return str(here) if here.exists() else "picl"


class Simulation(picmistandard.PICMI_Simulation):
    """write_input_file(name) writes picl's Lua input; step(n) (or step() / run() for max_steps or
    max_time) writes it and runs bin/picl on it, its progress on standard error as it goes (with
    the environment variable PICL_PICMI_CHECK=1, `picl check` instead: a dry run).

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
    _ran: tuple | None = PrivateAttr(default=None)      # (output folder, last step or None) after a run
    _said_ignored: list = PrivateAttr(default_factory=list)

    def input_text(self, steps=None):
        """The picl Lua input of this simulation, as text (steps: run that many instead of
        max_steps or max_time)."""
        return translate.simulation_lua(self, steps)

    def write_input_file(self, file_name, steps=None):
        """Writes picl's Lua input; what was left out (other codes' arguments, outputs picl does
        not write) is named in one line on stderr, and in the file's header."""
        ignored = []
        text = translate.simulation_lua(self, steps, ignored)
        if ignored and ignored != self._said_ignored:     # once, though a script writes twice
            sys.stderr.write(translate.ignored_line(ignored) + "\n")
            self._said_ignored = ignored
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
        self._check(file_name)
        # PICL_PICMI_CHECK=1: a dry run, `picl check` (its report on stdout) instead of `picl run`
        dry = os.environ.get("PICL_PICMI_CHECK", "") not in ("", "0")
        command = [self.picl_binary or _picl_binary(), "check" if dry else "run", file_name]
        if dry:
            command.append("--no-build")
        elif self.picl_device:
            command += ["--device", self.picl_device]
        if self.verbose is not None and not dry:
            command += ["-q"] if self.verbose <= 0 else (["-v"] if self.verbose >= 2 else [])
        command += [] if dry else (self.picl_args or [])
        self._stepped = True
        sys.stdout.flush()
        sys.stderr.flush()
        # stdout and stderr are this process's own: picl's progress streams as it runs
        rc = subprocess.call(command)
        if rc != 0:
            raise PiclRunFailed(f"picl run {file_name} failed with exit status {rc} (picl's message above)")
        if dry:
            self._ran = "dry"
        else:
            dirs = [getattr(d, "write_dir", None) or getattr(d, "path", None) for d in self.diagnostics]
            last = nsteps if nsteps is not None else self.max_steps
            self._ran = (os.path.abspath(next((d for d in dirs if d), "diags")),
                         None if last is None else int(last))

    @property
    def extension(self):
        """WarpX's libwarpx after step(): `extension.warpx.gett_new(0)`, the time of the last step,
        and `extension.warpx.multifab_register()`, the fields (after_run.py)."""
        return Extension(self)

    @property
    def fields(self):
        """WarpX's `sim.fields` after step(): `fields.get("Efield_aux", dir="r", level=0)` is the
        last step's field from picl's openPMD output (after_run.py)."""
        return self.extension.warpx.multifab_register()

    def run(self):
        self.step()

    def _check(self, file_name):
        """picl's own validation of the written input (`picl check --no-build`, ~0.1 s), its
        refusal said at the PICMI level: the picl key and the PICMI objects behind it, not a line
        of the generated file."""
        check = subprocess.run([self.picl_binary or _picl_binary(), "check", "--no-build", file_name],
                               capture_output=True, text=True)
        if check.returncode != 2:
            return                      # valid, or a failure that picl run will report itself
        lines = [l for l in check.stderr.splitlines() if l.strip()]
        message = lines[0] if lines else "picl refused the input"
        message = re.sub(r"^picl: error: ", "", message)
        message = re.sub(r"^" + re.escape(file_name) + r":\d+: ", "", message)
        key = message.split(":", 1)[0].split(".")[0]
        behind = translate.PICMI_OF_KEY.get(key, "the simulation")
        raise PiclUnsupported(f"{behind}: picl cannot run this: {message} (picl key {key})")

    def initialize_inputs(self):
        """WarpX's: make the inputs. picl_picmi translates the script here (its refusals and the
        "ignored" line come now) and writes picl_input_file; step() runs it."""
        self.write_input_file(self.picl_input_file or "picl_input.lua")

    def initialize_warpx(self, mpi_comm=None):
        """WarpX's: start the code. picl starts at step(); this translates, as initialize_inputs."""
        self.initialize_inputs()


# WarpX's own classes (pywarpx.picmi) that picl has no counterpart for: what each is in picl's
# terms, and the closest picl feature
WARPX_CLASSES = {
    "EmbeddedBoundary": "picl has no embedded boundaries; closest: the domain's boundaries (grid boundary conditions)",
    "ThetaImplicitEMEvolveScheme": "picl's time stepping is explicit; closest: ElectromagneticSolver (solver.name)",
    "SemiImplicitEMEvolveScheme": "picl's time stepping is explicit; closest: ElectromagneticSolver (solver.name)",
    "GMRESLinearSolver": "picl has no implicit solver, so no linear solver; closest: ElectromagneticSolver (explicit)",
    "PETScKSPLinearSolver": "picl has no implicit solver, so no linear solver; closest: ElectromagneticSolver (explicit)",
    "NewtonNonlinearSolver": "picl has no implicit solver; closest: ElectromagneticSolver (explicit)",
    "PicardNonlinearSolver": "picl has no implicit solver; closest: ElectromagneticSolver (explicit)",
    "CurlCurlMLMGPreconditioner": "picl has no implicit solver; closest: ElectromagneticSolver (explicit)",
    "JacobiPreconditioner": "picl has no implicit solver; closest: ElectromagneticSolver (explicit)",
    "PETScPreconditioner": "picl has no implicit solver; closest: ElectromagneticSolver (explicit)",
    "HybridPICSolver": "picl has no hybrid (Ohm's law) solver, only the full electromagnetic one; "
                       "closest: ElectromagneticSolver (solver.name)",
    "LoadInitialField": "picl reads no field files; closest: AnalyticInitialField (expressions; fields.Ex ...)",
    "LoadInitialFieldFromPython": "picl runs in its own process, so Python cannot set its fields; closest: "
                                  "AnalyticInitialField (expressions; fields.Ex ...)",
    "MCCCollisions": "picl has no Monte Carlo collisions with a background gas; closest: CoulombCollisions (collisions)",
    "DSMCCollisions": "picl has no DSMC collisions; closest: CoulombCollisions (collisions)",
    "InverseBremsstrahlungCollisions": "picl has no inverse bremsstrahlung; closest: CoulombCollisions (collisions)",
    "UniformFluxDistribution": "picl_picmi does not map flux injection; closest: UniformDistribution (species.density)",
    "Checkpoint": "picl_picmi takes checkpoints as Simulation(picl_checkpoint_interval=n) (checkpoint.interval)",
    "ParticleFieldDiagnostic": "picl has no fields computed from particle expressions; closest: ParticleDiagnostic "
                               "(diagnostics.full.species)",
}


def __getattr__(name):
    """A class another code's picmi has and picl's has not (WarpX's EmbeddedBoundary,
    GMRESLinearSolver, ...): one message, not an AttributeError from deep in a script."""
    if name.startswith("__"):
        raise AttributeError(name)
    if name in WARPX_CLASSES:
        raise PiclUnsupported(f"picmi.{name} (WarpX's): {WARPX_CLASSES[name]}")
    raise PiclUnsupported(f"picmi.{name}: picl_picmi has no {name} (another code's class, or not a PICMI name); "
                          "closest: none (README.md, PICMI, lists picl_picmi's classes)")


# --- what every class shares: other codes' arguments recorded, one message for a bad value

# id(object) -> (object, {argument: value}) of the arguments prefixed with another code's name
# (warpx_..., fbpic_...), which PICMI says a code ignores: translate.py names them in one line
OTHER_CODES = {}


def _pydantic_message(cls, error):
    """A ValidationError as one line: the object, the argument, the value, what PICMI expects (the
    alternatives of a union, which pydantic reports one error each, said once)."""
    groups = {}
    for e in error.errors():
        arg, alternatives = [], []
        for p in (str(p) for p in e["loc"]):
            plain = re.fullmatch(r"\w+", p) and not p.startswith("PICMI_") and p not in (
                "int", "float", "str", "bool", "list", "dict", "none")
            (arg if plain else alternatives).append(p.removeprefix("PICMI_"))
        key = ".".join(arg) or "(arguments)"
        entry = groups.setdefault(key, {"type": e["type"], "input": e.get("input"), "msgs": [], "alts": []})
        entry["msgs"].append(e["msg"])
        entry["alts"] += alternatives
    lines = []
    for arg, g in groups.items():
        if g["type"] == "extra_forbidden":
            known = [f for f in getattr(cls, "model_fields", {}) if not f.startswith("_")]
            near = difflib.get_close_matches(arg, known, n=1)
            lines.append(f"{cls.__name__}.{arg}: no such argument" + (f"; did you mean {near[0]}?" if near else ""))
        elif g["type"] == "missing":
            lines.append(f"{cls.__name__}.{arg}: required")
        elif len(g["msgs"]) > 1 and g["alts"]:
            lines.append(f"{cls.__name__}.{arg} = {g['input']!r}: expected " + " or ".join(dict.fromkeys(g["alts"])))
        else:
            lines.append(f"{cls.__name__}.{arg} = {g['input']!r}: {g['msgs'][0]}")
    return "; ".join(lines)


def _picl_init(cls):
    base_init = cls.__init__

    def __init__(self, *args, **kw):
        other = {k: v for k, v in kw.items()
                 if k.split("_")[0] in picmistandard.base.supported_codes and k.split("_")[0] != "picl"}
        try:
            base_init(self, *args, **kw)
        except ValidationError as e:
            raise PiclUnsupported(_pydantic_message(type(self), e)) from None
        if other:
            OTHER_CODES[id(self)] = (self, other)
    __init__.__doc__ = base_init.__doc__
    cls.__init__ = __init__
    if cls.model_config.get("extra") == "forbid":
        cls.__setattr__ = _picl_setattr(cls.__setattr__)


def _picl_setattr(base_setattr):
    """An attribute PICMI does not define: WarpX's own (its scripts assign some, such as
    simulation.current_deposition_algo = "direct") taken as the warpx_... argument behind it, which
    translate.py honours or names in the "ignored" line; any other refused in one line, not in
    pydantic's words."""
    def __setattr__(self, name, value):
        cls = type(self)
        if not name.startswith("_") and cls._field_of_alias.get(name, name) not in cls.model_fields:
            arg = warpx_argument(cls.__name__, name)
            if arg is not None:
                OTHER_CODES.setdefault(id(self), (self, {}))[1][arg] = value
                return
            known = [f for f in cls.model_fields if not f.startswith("_")]
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.8)
            raise PiclUnsupported(
                f"{cls.__name__}.{name} = {value!r}: not a PICMI attribute (another code's, such as WarpX's own); "
                "picl_picmi takes another code's settings as arguments only" +
                (f"; did you mean {near[0]}?" if near else
                 f"; closest: {cls.__name__}(warpx_{name}=...), which picl ignores or honours and names in one line"))
        base_setattr(self, name, value)
    return __setattr__


for _cls in list(globals().values()):
    if isinstance(_cls, type) and _cls.__module__ == __name__ and issubclass(_cls, picmistandard.base._PICMIModel):
        _picl_init(_cls)


def _excepthook(kind, value, tb, previous=sys.excepthook):
    """A script stopped by picl_picmi: one line on stderr, no traceback (exit status 1)."""
    if isinstance(value, (PiclUnsupported, PiclRunFailed)):
        sys.stderr.write(f"picl_picmi: {kind.__name__}: {value}\n")
    elif isinstance(value, ValidationError):
        # an assignment pydantic refused (sim.add_diagnostic(...) of a wrong object ...)
        sys.stderr.write(f"picl_picmi: PiclUnsupported: {_pydantic_message(type(value.title, (), {}), value)}\n")
    else:
        previous(kind, value, tb)


sys.excepthook = _excepthook
