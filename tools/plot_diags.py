#!/usr/bin/env python3
"""plot_diags.py: turns a picl diagnostics folder into PNG pictures.

    .venv/bin/python tools/plot_diags.py diags            # pictures into diags/plots/
    .venv/bin/python tools/plot_diags.py diags -o figs --iteration 100

For every full diagnostic (a folder of openpmd_%06T.h5 files) it draws, at the chosen iteration
(the last by default):
  - a field slice: the first field component in the file, in the x-y plane through the middle of
    the domain in z, beside its line-out along x through the centre;
  - a particle phase space: x against u_x = gamma v_x / c for each species, weighted;
and for every reduced diagnostic (NAME.csv) the energies and the charge-conservation residual
against time; the beam moments, extrema, histograms, probes and field maxima through
plot_physics.py. It reads openPMD with h5py only and honours the file's own metadata (axisLabels,
gridSpacing, gridGlobalOffset, position, unitSI), so it works on any openPMD 1.1 Cartesian file;
openPMD-viewer reads the same files (docs/output.md). Python is for tests and plots only: picl
never runs it.
"""
import argparse
import glob
import os
import sys

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from openpmd_read import C, mesh_axes, particle_record, series, text  # noqa: E402
import plot_physics  # noqa: E402


def save(fig, png):
    """Lays fig out, writes it to png at the resolution of every figure here, and closes it."""
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


# openPMD's unitDimension (powers of L, M, T, I, theta, N, J) of the records picl writes
UNITS = {(1, 1, -3, -1, 0, 0, 0): "V/m", (0, 1, -2, -1, 0, 0, 0): "T", (-2, 0, 0, 1, 0, 0, 0): "A/m^2",
         (-3, 0, 1, 1, 0, 0, 0): "C/m^3"}


def unit(rec):
    """The SI unit of a mesh record, from its unitDimension."""
    dims = tuple(int(round(d)) for d in rec.attrs.get("unitDimension", ()))
    if dims in UNITS:
        return UNITS[dims]
    names = ("m", "kg", "s", "A", "K", "mol", "cd")
    return " ".join(f"{n}^{d}" if d != 1 else n for n, d in zip(names, dims) if d) or "1"


def first_component(meshes):
    """(name, h5py dataset, record) of the first field component in a meshes group."""
    for name in sorted(meshes.keys(), key=lambda n: ("EBJ".find(n[0]) % 9, n)):
        rec = meshes[name]
        if isinstance(rec, h5py.Dataset):
            return name, rec, rec
        for comp in sorted(rec.keys()):
            return f"{name}{comp}", rec[comp], rec
    return None, None, None


def plot_field(path, iteration, out, tag):
    with h5py.File(path, "r") as f:
        base = f"data/{iteration}"
        meshes_path = text(f.attrs.get("meshesPath", b""))
        if not meshes_path or meshes_path.rstrip("/") not in f[base]:
            return None
        name, dset, rec = first_component(f[base][meshes_path.rstrip("/")])
        if dset is None:
            return None
        data = dset[...] * float(dset.attrs["unitSI"])
        labels, coords = mesh_axes(dset, rec)
        label = f"{name} ({unit(rec)})"
        time = float(f[base].attrs["time"]) * float(f[base].attrs["timeUnitSI"])
    order = [labels.index(a) for a in ("z", "y", "x")]
    data = np.transpose(data, order)  # now [z][y][x]
    x, y = coords["x"] * 1e6, coords["y"] * 1e6
    nz, ny, nx = data.shape
    plane = data[nz // 2]
    fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(11, 4), gridspec_kw={"width_ratios": [1.2, 1]})
    vmax = np.abs(plane).max() or 1.0
    im = ax0.imshow(plane, origin="lower", aspect="auto", cmap="RdBu_r", vmin=-vmax, vmax=vmax,
                    extent=[x[0], x[-1], y[0], y[-1]])
    fig.colorbar(im, ax=ax0, label=label)
    ax0.set_xlabel("x (um)")
    ax0.set_ylabel("y (um)")
    ax0.set_title(f"{name} at z = {coords['z'][nz // 2] * 1e6:.3g} um")
    ax1.plot(x, plane[ny // 2], lw=1.2)
    ax1.set_xlabel("x (um)")
    ax1.set_ylabel(label)
    ax1.set_title(f"line-out at y = {y[ny // 2]:.3g} um")
    ax1.grid(alpha=0.3)
    fig.suptitle(f"{tag}: iteration {iteration}, t = {time * 1e15:.3f} fs")
    return save(fig, os.path.join(out, f"field_{tag}_{name}_{iteration:06d}.png"))


def plot_phase(path, iteration, out, tag):
    pngs = []
    with h5py.File(path, "r") as f:
        base = f"data/{iteration}"
        particles_path = text(f.attrs.get("particlesPath", b""))
        if not particles_path or particles_path.rstrip("/") not in f[base]:
            return pngs
        group = f[base][particles_path.rstrip("/")]
        for name in group.keys():
            sp = group[name]
            if "momentum" not in sp or len(sp["position"]["x"].shape) == 0:
                continue
            x = (particle_record(sp, "position", "x") + particle_record(sp, "positionOffset", "x")) * 1e6
            ux = particle_record(sp, "momentum", "x") / (particle_record(sp, "mass") * C)
            w = particle_record(sp, "weighting") if "weighting" in sp else np.ones_like(x)
            if x.size == 0 or np.ptp(ux) == 0:
                continue  # a frozen species has no phase space to show
            fig, ax = plt.subplots(figsize=(7, 4.5))
            h = ax.hist2d(x, ux, bins=(min(256, max(16, int(np.sqrt(x.size)))), 128), weights=w, cmap="viridis",
                          cmin=w.min() * 0.5)
            fig.colorbar(h[3], ax=ax, label="physical particles per bin")
            ax.set_xlabel("x (um)")
            ax.set_ylabel("u_x = gamma v_x / c")
            ax.set_title(f"{tag}/{name}: phase space at iteration {iteration}")
            pngs.append(save(fig, os.path.join(out, f"phase_{tag}_{name}_{iteration:06d}.png")))
    return pngs


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("diags", help="the diagnostics folder (diagnostics.output_dir)")
    p.add_argument("-o", "--out", help="folder of the pictures (default DIAGS/plots)")
    p.add_argument("--iteration", type=int, help="iteration to draw (default: the last of each diagnostic)")
    args = p.parse_args(argv)
    out = args.out or os.path.join(args.diags, "plots")
    os.makedirs(out, exist_ok=True)
    made = []
    for folder in sorted(glob.glob(os.path.join(args.diags, "*", ""))):
        files = series(folder)
        if not files:
            continue
        tag = os.path.basename(os.path.normpath(folder))
        if os.path.exists(os.path.join(args.diags, tag + ".csv")):
            continue  # a histogram's openPMD files: its CSV is drawn below (plot_physics)
        it = args.iteration if args.iteration is not None else max(files)
        if it not in files:
            print(f"plot_diags: {tag} has no iteration {it} (it has {list(files)})", file=sys.stderr)
            continue
        png = plot_field(files[it], it, out, tag)
        made += [png] if png else []
        made += plot_phase(files[it], it, out, tag)
    for path in sorted(glob.glob(os.path.join(args.diags, "*.csv"))):
        png = plot_physics.plot_csv(path, out)
        made += [png] if png else []
    for png in made:
        print(png)
    if not made:
        print(f"plot_diags: nothing to draw in {args.diags}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
