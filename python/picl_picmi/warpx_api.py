# warpx_api.py: pywarpx's modules other than picmi (callbacks, libwarpx, fields,
# particle_containers, LoadThirdParty), so that a WarpX script whose import line names them
# (`from pywarpx import callbacks, picmi` -> `from picl_picmi import callbacks, picmi`) imports,
# and stops with one message at its first use of what picl cannot offer.
#
# These are WarpX's Python API into a running simulation (functions called between steps, arrays
# of the fields and particles in memory). picl runs a simulation in one go in its own process
# (Simulation.step), so nothing of a run is reachable from the script while it runs.

import sys
import types

from .errors import PiclUnsupported
from . import picmi  # noqa: F401 (its excepthook: a refusal is one line, not a traceback)

# module -> the closest picl feature
MODULES = {
    "callbacks": "picl's outputs at chosen steps (FieldDiagnostic, ParticleDiagnostic, ReducedDiagnostic)",
    "libwarpx": "picl's outputs (docs/output.md); Simulation.step(n) runs n steps in one go",
    "fields": "a FieldDiagnostic (openPMD files of E, B, J, rho)",
    "particle_containers": "a ParticleDiagnostic (openPMD files of the particles)",
    "extensions": "none",
}


class _Module(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        short = self.__name__.rsplit(".", 1)[-1]
        raise PiclUnsupported(f"pywarpx.{short}.{attr}: WarpX's Python API into a running simulation; picl runs "
                              f"a simulation in one go in its own process, so a script cannot reach into it; "
                              f"closest: {MODULES[short]}")


def _load_cupy():
    """WarpX's LoadThirdParty.load_cupy on a machine without WarpX's GPU: numpy, no warning."""
    import numpy
    return numpy, None


def install(package):
    """Registers the modules as package.callbacks, ... (sys.modules and package attributes)."""
    for short in MODULES:
        module = _Module(f"{package.__name__}.{short}")
        sys.modules[module.__name__] = module
        setattr(package, short, module)
    third = types.ModuleType(f"{package.__name__}.LoadThirdParty")
    third.load_cupy = _load_cupy
    sys.modules[third.__name__] = third
    package.LoadThirdParty = third
