#!/usr/bin/env python3
"""test_lwfa_wake.py: the laser wake of a small inputs/lwfa.lua run, measured from its openPMD output.

Run by tests/cli/test_lwfa_wake.sh (which made the run) with the pinned Python of .venv:
    test_lwfa_wake.py RUN_DIR N0 Z_PLATEAU FWHM IT1 IT2 [NAME]
RUN_DIR holds diags/NAME.csv and diags/NAME/openpmd_*.h5 (NAME lwfa unless given; 2D or 3D
files) with E at iterations IT1 < IT2, both
while the window moves; N0 (m^-3) is the plateau's density, which starts at Z_PLATEAU (m, lab
frame); FWHM (s) is the laser's duration. Every check prints one line; the last line says how many passed.

  - the files' lab frame: E's gridGlobalOffset along z has moved by the reduced CSV's
    window_offset_m of the same step;
  - the wake wavelength at IT2: Ez on the axis crosses zero every half wavelength behind the
    pulse (from 1.5 c FWHM behind the laser's centroid, Ex^2 on the axis, back to 3 um ahead of
    the window's back face and of the plateau's start); twice the mean spacing from the first to the last
    crossing is 2 pi c / omega_p at N0, to 5%;
  - the wake's phase velocity: each of those crossings at IT1 (still behind the pulse and on the
    plateau) is found again at IT2 (the crossing nearest to where a feature moving at c would be;
    the window moves at c, so that is about the same place in the window); its lab-frame
    displacement over the time between them is the laser's group velocity c sqrt(1 - n/n_c), the
    linear theory's phase velocity, to 5%.
The crossings are interpolated linearly between cells (tools/openpmd_read.py).
"""
import csv
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import openpmd_read as pmd  # noqa: E402
from checks import Checks  # noqa: E402

LAMBDA_LASER = 0.8e-6  # inputs/lwfa.lua
TOLERANCE = 0.05
# Ez on the axis is the field of the charges within about a waist of it: the crossings measured
# keep that far from the plateau's start (the ramp's wake) and from the window's back face.
EDGE = 3e-6
check = Checks(indent="  ")


def snapshot(files, it):
    """Ez and Ex on the axis (lab z), the time, and the window's back face (lab z)."""
    ez, coords, t = pmd.mesh(files[it], it, "E", "z")
    ex, xcoords, _ = pmd.mesh(files[it], it, "E", "x")
    z, ez_axis = pmd.on_axis(ez, coords)
    zx, ex_axis = pmd.on_axis(ex, xcoords)
    pulse = np.sum(zx * ex_axis ** 2) / np.sum(ex_axis ** 2)  # the laser's centroid on the axis
    back = z[0] - 0.5 * (z[1] - z[0])
    return {"z": z, "ez": ez_axis, "t": t, "pulse": pulse, "back": back, "dz": z[1] - z[0]}


def wake_crossings(s, z_from, pulse_length):
    """Ez's zero crossings on the axis behind the pulse, lab z from z_from to the pulse's trailing
    edge (1.5 pulse lengths behind its centroid)."""
    tail = s["pulse"] - 1.5 * pulse_length
    sel = (s["z"] > z_from) & (s["z"] < tail)
    return pmd.zero_crossings(s["z"][sel], s["ez"][sel])


def window_offsets(csv_path):
    with open(csv_path) as f:
        return {int(r["step"]): float(r["window_offset_m"]) for r in csv.DictReader(f)}


def main():
    run, n0, z_plateau, fwhm = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    it1, it2 = int(sys.argv[5]), int(sys.argv[6])
    name = sys.argv[7] if len(sys.argv) > 7 else "lwfa"
    pulse_length = pmd.C * fwhm
    files = pmd.series(os.path.join(run, "diags", name))
    check(it1 in files and it2 in files, f"openPMD files of iterations {it1} and {it2} written", str(list(files)))
    if check.failed:
        return 1
    lambda_p = pmd.plasma_wavelength(n0)
    n_c = pmd.EPS0 * pmd.M_E * (2 * np.pi * pmd.C / LAMBDA_LASER) ** 2 / pmd.Q_E ** 2
    v_group = pmd.C * np.sqrt(1 - n0 / n_c)

    # the files' offsets against the CSV's window distance
    offsets = window_offsets(os.path.join(run, "diags", name + ".csv"))
    s1, s2 = snapshot(files, it1), snapshot(files, it2)
    _, c0, _ = pmd.mesh(files[min(files)], min(files), "E", "z")
    for it, s in ((it1, s1), (it2, s2)):
        moved = s["back"] - (c0["z"][0] - 0.5 * s["dz"])
        check(it in offsets and abs(moved - offsets[it]) < 1e-6 * s["dz"] and moved > 0,
              f"iteration {it}: the files' z offset moved {moved * 1e6:.4f} um, the CSV's window_offset_m "
              f"{offsets.get(it, float('nan')) * 1e6:.4f} um", "the window must move before both iterations")

    # (a) the wavelength behind the pulse at IT2
    z_from = max(z_plateau, s2["back"]) + EDGE
    cr2 = wake_crossings(s2, z_from, pulse_length)
    print(f"  iteration {it2}: laser centroid at z = {s2['pulse'] * 1e6:.3f} um (lab); Ez on axis crosses zero at "
          f"{np.round(cr2 * 1e6, 3)} um; peak {np.abs(s2['ez']).max():.3e} V/m")
    if len(cr2) >= 3:
        wavelength = 2 * (cr2[-1] - cr2[0]) / (len(cr2) - 1)
        check(abs(wavelength / lambda_p - 1) < TOLERANCE,
              f"wake wavelength {wavelength * 1e6:.3f} um vs 2 pi c / omega_p = {lambda_p * 1e6:.3f} um at "
              f"n0 = {n0:.4g} m^-3 (relative {wavelength / lambda_p - 1:+.4f}, tolerance {TOLERANCE})")
    else:
        check(False, "Ez crosses zero at least 3 times behind the pulse on the plateau", str(cr2))

    # (b) the phase velocity: the crossings of IT1 found again at IT2
    dt = s2["t"] - s1["t"]
    cr1 = wake_crossings(s1, max(z_plateau, s1["back"]) + EDGE, pulse_length)
    tracked = 0
    for z1 in cr1:
        guess = z1 + pmd.C * dt
        if guess < z_from or len(cr2) == 0:
            continue  # it has left the measured part of the window
        z2 = cr2[np.argmin(np.abs(cr2 - guess))]
        if abs(z2 - guess) > lambda_p / 4:
            continue  # no crossing of IT2 is this one
        v = (z2 - z1) / dt
        tracked += 1
        check(abs(v / v_group - 1) < TOLERANCE,
              f"crossing at z = {z1 * 1e6:.3f} um (t = {s1['t'] * 1e15:.2f} fs) -> {z2 * 1e6:.3f} um "
              f"(t = {s2['t'] * 1e15:.2f} fs): phase velocity {v / pmd.C:.4f} c vs c sqrt(1 - n/n_c) = "
              f"{v_group / pmd.C:.4f} c (relative {v / v_group - 1:+.4f}, tolerance {TOLERANCE})")
    check(tracked >= 1, f"{tracked} wake crossing(s) followed from iteration {it1} to {it2}", str(cr1))
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
