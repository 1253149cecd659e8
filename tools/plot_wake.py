#!/usr/bin/env python3
"""plot_wake.py: draws a plasma wake from a picl run's openPMD output, as one PNG.

    bin/picl run inputs/lwfa.lua && .venv/bin/python tools/plot_wake.py diags/lwfa
    .venv/bin/python tools/plot_wake.py diags/lwfa --iteration 360 -o wake.png

At the chosen iteration (the last by default) it draws, against the lab-frame z (the files'
gridGlobalOffset holds the moving window's distance):
  - top: Ez on the axis (x = y = 0), and the laser's Ex there, faint, for where the pulse is;
  - bottom: the x-z plane through the axis of the electron density: -rho_electrons / e when the
    run wrote it (fields = {"rho_electrons"}), otherwise -rho / e, which is the electron density
    less the ions' (the wake's density perturbation where the ions are a uniform background).
    Its colour range is symmetric, and never narrower than 1e-3 of a plasma density: --density
    when given, else the lowest density whose plasma wavelength fits the window's length (a wake
    the window holds has at least that density). So a neutral plasma at rest (iteration 0) is
    drawn white, not as stripes of round-off (1e9 m^-3 against 1e25 m^-3 in double precision).
The PNG goes to DIR/wake_ITERATION.png unless -o names it. It needs E (or Ez) and a rho record in
the files; it reads them with h5py (tools/openpmd_read.py). Python is for plots only: picl never
runs it.
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openpmd_read as pmd  # noqa: E402


def records(path, iteration):
    """Names of the mesh records (and of E's components) in one iteration."""
    import h5py

    with h5py.File(path, "r") as f:
        meshes = f[f"data/{iteration}"][pmd.text(f.attrs["meshesPath"]).rstrip("/")]
        return {name: (list(meshes[name].keys()) if isinstance(meshes[name], h5py.Group) else None)
                for name in meshes.keys()}


def density_record(names, species):
    """(record, label) of the density to draw: the species' own rho if written, else all of rho."""
    if f"rho_{species}" in names:
        return f"rho_{species}", f"n_{species} = -rho_{species} / e"
    if "rho" in names:
        return "rho", "-rho / e (electrons less ions)"
    return None, None


def field(names, path, iteration, comp):
    """A component of E, whether written as the record E or as a single-component record Ez."""
    if "E" in names and comp in (names["E"] or []):
        return pmd.mesh(path, iteration, "E", comp)
    if f"E{comp}" in names:
        return pmd.mesh(path, iteration, f"E{comp}")
    return None


def density_floor(z, density):
    """1e-3 of the plasma density (m^-3) to scale the colours of -rho / e by: the given one, else
    the density whose plasma wavelength 2 pi c / omega_p is the window's length along z."""
    if density is None:
        omega = 2 * np.pi * pmd.C / max(z[-1] - z[0], 1e-300)
        density = pmd.EPS0 * pmd.M_E * omega**2 / pmd.Q_E**2
    return 1e-3 * density


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("folder", help="a full diagnostic's folder of openpmd_*.h5 files (e.g. diags/lwfa)")
    p.add_argument("--iteration", type=int, help="iteration to draw (default: the last)")
    p.add_argument("--species", default="electrons", help="species whose rho_<species> to draw if written")
    p.add_argument("--density", type=float, help="the plasma density (m^-3) that scales the colours of -rho / e")
    p.add_argument("-o", "--out", help="the PNG (default FOLDER/wake_ITERATION.png)")
    args = p.parse_args(argv)
    files = pmd.series(args.folder)
    if not files:
        print(f"plot_wake: no openPMD files in {args.folder}", file=sys.stderr)
        return 1
    it = args.iteration if args.iteration is not None else list(files)[-1]
    if it not in files:
        print(f"plot_wake: {args.folder} has no iteration {it} (it has {list(files)})", file=sys.stderr)
        return 1
    path = files[it]
    names = records(path, it)
    ez = field(names, path, it, "z")
    rho_name, rho_label = density_record(names, args.species)
    if ez is None or rho_name is None:
        print(f"plot_wake: iteration {it} needs Ez and rho (it has {sorted(names)}); "
              "add fields = {\"E\", \"rho\"} to the full diagnostic", file=sys.stderr)
        return 1
    data, coords, time = ez
    z, ez_axis = pmd.on_axis(data, coords)
    rho, rc, _ = pmd.mesh(path, it, rho_name)
    density = -rho[:, pmd.axis_index(rc, "y"), :] / pmd.Q_E  # [z][x]

    fig, (ax0, ax1) = plt.subplots(2, 1, figsize=(9, 6.5), sharex=True)
    fig.subplots_adjust(left=0.09, right=0.84, top=0.92, bottom=0.09, hspace=0.08)
    ax0.plot(z * 1e6, ez_axis * 1e-9, lw=1.3, color="C0", label="Ez on axis")
    ex = field(names, path, it, "x")
    if ex is not None:
        zx, ex_axis = pmd.on_axis(ex[0], ex[1])
        scale = np.abs(ez_axis).max() / (np.abs(ex_axis).max() or 1.0)
        ax0.plot(zx * 1e6, ex_axis * scale * 1e-9, lw=0.6, color="0.6", label=f"Ex on axis x {scale:.2g}")
    ax0.set_ylabel("E (GV/m)")
    ax0.grid(alpha=0.3)
    ax0.legend(fontsize=8, loc="lower left")
    vmax = np.percentile(np.abs(density), 99.5) or 1.0
    if rho_name == "rho":  # a perturbation about zero: symmetric, and no narrower than the floor
        vmax = max(vmax, density_floor(rc["z"], args.density))
    lo = 0.0 if rho_name != "rho" else -vmax
    im = ax1.imshow(density.T, origin="lower", aspect="auto", cmap="viridis" if lo == 0 else "RdBu_r", vmin=lo,
                    vmax=vmax, extent=[rc["z"][0] * 1e6, rc["z"][-1] * 1e6, rc["x"][0] * 1e6, rc["x"][-1] * 1e6])
    cax = ax1.inset_axes([1.02, 0.0, 0.025, 1.0])  # beside the slice, so both panels keep one z axis
    fig.colorbar(im, cax=cax, label=f"{rho_label} (m^-3)")
    ax1.set_xlabel("z, lab frame (um)")
    ax1.set_ylabel(f"x (um), y = {rc['y'][pmd.axis_index(rc, 'y')] * 1e6:.2g}")
    fig.suptitle(f"{os.path.basename(os.path.normpath(args.folder))}: iteration {it}, t = {time * 1e15:.2f} fs")
    out = args.out or os.path.join(args.folder, f"wake_{it:06d}.png")
    fig.savefig(out, dpi=100)
    plt.close(fig)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
