# picl_picmi: the PICMI front end of picl; `from picl_picmi import picmi` (README.md, "PICMI").
# pywarpx's other modules (callbacks, libwarpx, ...) are here too, each refusing its first use
# with one message (warpx_api.py), so that a WarpX script's import line is all that changes.

import sys as _sys

from . import warpx_api as _warpx_api

_warpx_api.install(_sys.modules[__name__])
