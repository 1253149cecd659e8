#!/usr/bin/env python3
"""test_wake.py: inputs/beam_driven.lua at a small size, measured from its openPMD output.

Run by tests/cli/test_beam_driven.sh (which made the run) with the pinned Python of .venv:
    test_wake.py DIAGS_DIR N0
Every check prints one line; the last line says how many passed.

  - the files pass openPMD_check_h5 --EDPIC (0 errors, 0 warnings);
  - the moving window (at c from t = 0): Ez's gridGlobalOffset along z is grid.lower plus a whole
    number of cells, within one cell behind c t (0 <= c t - offset < dz); the bunch's centroid,
    in the lab frame, is where it started plus beta c t (to a cell);
  - the wake: Ez on the axis behind the bunch (from 8 um to 68 um behind its centroid, lab
    positions on the density plateau) crosses zero every half wavelength; the wavelength from the
    first to the last crossing is the linear plasma wavelength 2 pi c / omega_p of the plateau
    density N0, to 5% (the run gives about 2%: the particle shape and the filter smooth the
    wake's transverse structure and lower the plasma frequency the grid sees).
"""
import glob
import os
import subprocess
import sys

import h5py
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import openpmd_read as pmd  # noqa: E402
from checks import Checks  # noqa: E402

C, M_E = pmd.C, pmd.M_E
BIN = os.path.dirname(sys.executable)
check = Checks(indent="  ")

def main():
    diags, n0 = sys.argv[1], float(sys.argv[2])
    files = sorted(glob.glob(os.path.join(diags, "wake", "openpmd_*.h5")))
    check(len(files) >= 2, "openPMD files written", str(files))
    for path in (files[0], files[-1]):
        r = subprocess.run([os.path.join(BIN, "openPMD_check_h5"), "-i", path, "--EDPIC"], capture_output=True,
                           text=True)
        check(r.returncode == 0 and "Result: 0 Errors and 0 Warnings." in r.stdout,
              f"openPMD_check_h5 --EDPIC {os.path.basename(path)}: 0 errors, 0 warnings", r.stdout[-600:])

    f0, f1 = h5py.File(files[0], "r"), h5py.File(files[-1], "r")
    d0, d = f0["data"][list(f0["data"].keys())[0]], f1["data"][list(f1["data"].keys())[0]]
    t = d.attrs["time"]
    E = d["meshes/E"]
    spacing, offset = E.attrs["gridSpacing"], E.attrs["gridGlobalOffset"]  # z, y, x
    dz, z_lower = spacing[0], d0["meshes/E"].attrs["gridGlobalOffset"][0]
    moved = offset[0] - z_lower
    check(0 <= C * t - moved + 1e-9 * dz and C * t - moved < dz,
          f"window offset {moved * 1e6:.6f} um within a cell behind c t = {C * t * 1e6:.6f} um (t = {t:.6e} s)",
          f"dz = {dz}")
    check(abs(moved / dz - round(moved / dz)) < 1e-6, f"the offset is {round(moved / dz)} whole cells", str(moved / dz))

    zb0 = d0["particles/driver/position/z"][:].mean()
    zb = d["particles/driver/position/z"][:].mean()
    uz = d["particles/driver/momentum/z"][:].mean() / (M_E * C)
    beta = uz / np.sqrt(1 + uz * uz)
    check(abs(zb - zb0 - beta * C * t) < dz,
          f"bunch centroid (lab frame) moved {(zb - zb0) * 1e6:.3f} um, beta c t = {beta * C * t * 1e6:.3f} um",
          f"{zb0} -> {zb}")

    ez, coords, _ = pmd.mesh(files[-1], int(list(f1["data"].keys())[0]), "E", "z")
    z, axis = pmd.on_axis(ez, coords)  # x = y = 0 is a node: Ez lies on the axis
    xi = z - zb
    sel = (xi < -8e-6) & (xi > -68e-6)
    es = axis[sel]
    crossings = pmd.zero_crossings(z[sel], es)
    lambda_p = pmd.plasma_wavelength(n0)
    if len(crossings) >= 3:
        wavelength = 2 * (crossings[-1] - crossings[0]) / (len(crossings) - 1)
        print(f"  Ez on axis crosses zero at {np.round((np.array(crossings) - zb) * 1e6, 2)} um from the bunch; "
              f"peak {np.abs(es).max():.3e} V/m")
        check(abs(wavelength / lambda_p - 1) < 0.05,
              f"wake wavelength {wavelength * 1e6:.3f} um vs 2 pi c / omega_p = {lambda_p * 1e6:.3f} um "
              f"(relative {wavelength / lambda_p - 1:+.4f}, tolerance 0.05)")
    else:
        check(False, "the wake crosses zero at least 3 times behind the bunch", str(crossings))
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
