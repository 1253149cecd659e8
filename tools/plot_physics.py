#!/usr/bin/env python3
"""plot_physics.py: pictures of picl's reduced diagnostics: energies, beam moments, extrema,
histograms, probes and field maxima.

    .venv/bin/python tools/plot_physics.py diags            # PNGs into diags/plots/
    .venv/bin/python tools/plot_diags.py diags              # the same, beside the fields and energies

Each CSV is recognised by its header (docs/output.md): the energies (each energy column, and the
charge residual on a log scale, against time), moments (emittance, rms sizes and energy
spread against time), extrema (the ranges against time), a 1D histogram (the last row's
spectrum, and every row faint behind it), a 2D histogram (the last row as an image over its
bin centres), probes (each point's nonzero components against time), field maxima (against time).
Python is for tests and plots only: picl never runs it.
"""
import argparse
import csv
import glob
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def save(fig, png):
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


def read(path):
    """The header and the rows (floats) of a CSV."""
    with open(path) as f:
        rows = list(csv.reader(f))
    if len(rows) < 2:
        return rows[0] if rows else [], np.zeros((0, 0))
    return rows[0], np.array([[float(x) for x in r] for r in rows[1:]])


def kind(header):
    if "total_energy_J" in header:
        return "energies"
    if "emittance_x_m" in header:
        return "moments"
    if "gamma_min" in header:
        return "extrema"
    if "B_max_T" in header:
        return "field_max"
    if len(header) > 2 and header[2].startswith("p0_Ex"):
        return "probe"
    if len(header) > 2 and "=" in header[2]:
        return "histogram"
    return None


def bin_axes(header):
    """Names (with units) and the sorted bin centres of each axis of a histogram's columns."""
    cols = [dict(part.split("=") for part in h.split(";")) for h in header[2:]]
    names = list(cols[0].keys())
    centres = [sorted({float(c[n]) for c in cols}) for n in names]
    return names, centres


def label(name):
    """x_m -> x (m), ux -> u_x, energy_J -> energy (J)."""
    base, _, unit = name.rpartition("_") if name.endswith(("_m", "_J")) else (name, "", "")
    base = {"ux": "$u_x$", "uy": "$u_y$", "uz": "$u_z$", "gamma": r"$\gamma$"}.get(base, base)
    return f"{base} ({unit})" if unit else base


def plot_moments(name, header, v, out):
    t = v[:, 1] * 1e15
    col = {h: v[:, i] for i, h in enumerate(header)}
    fig, ax = plt.subplots(3, 1, figsize=(7, 8), sharex=True)
    for a in "xyz":
        ax[0].plot(t, col[f"emittance_{a}_m"] * 1e6, label=f"$\\epsilon_{{n,{a}}}$")
        ax[1].plot(t, col[f"{a}_rms_m"] * 1e6, label=f"$\\sigma_{a}$")
    ax[0].set_ylabel("normalised rms emittance (mm mrad)")
    ax[1].set_ylabel("rms size (um)")
    ax[2].plot(t, col["energy_rms_J"] / col["energy_mean_J"] * 100)
    ax[2].set_ylabel("rms energy spread (%)")
    ax[2].set_xlabel("t (fs)")
    for a in ax:
        a.grid(alpha=0.3)
    ax[0].legend(fontsize=8)
    ax[1].legend(fontsize=8)
    fig.suptitle(f"{name}: mean energy {col['energy_mean_J'][-1] / 1.602176634e-13:.4g} MeV at the last row")
    return save(fig, os.path.join(out, f"moments_{name}.png"))


def plot_extrema(name, header, v, out):
    t = v[:, 1] * 1e15
    col = {h: v[:, i] for i, h in enumerate(header)}
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    for a in "xyz":
        ax[0].fill_between(t, col[f"{a}_min_m"] * 1e6, col[f"{a}_max_m"] * 1e6, alpha=0.3, label=a)
    ax[0].set_ylabel("range (um)")
    ax[1].fill_between(t, col["gamma_min"], col["gamma_max"], alpha=0.3)
    ax[1].set_ylabel(r"$\gamma$ range")
    for a in ax:
        a.set_xlabel("t (fs)")
        a.grid(alpha=0.3)
    ax[0].legend(fontsize=8)
    fig.suptitle(f"{name}: extrema")
    return save(fig, os.path.join(out, f"extrema_{name}.png"))


def plot_histogram(name, header, v, out):
    names, centres = bin_axes(header)
    if len(names) == 1:
        fig, ax = plt.subplots(figsize=(7, 4))
        x = np.array(centres[0])
        for k in range(len(v) - 1):
            ax.step(x, v[k, 2:], where="mid", color="0.75", lw=0.8)
        ax.step(x, v[-1, 2:], where="mid", lw=1.5, label=f"step {int(v[-1, 0])}")
        ax.set_xlabel(label(names[0]))
        ax.set_ylabel("weight per bin")
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    elif len(names) == 2:
        fig, ax = plt.subplots(figsize=(7, 5))
        h = v[-1, 2:].reshape(len(centres[1]), len(centres[0]))  # [second axis][first axis]
        im = ax.pcolormesh(centres[0], centres[1], h, shading="nearest", cmap="viridis")
        fig.colorbar(im, ax=ax, label="weight per bin")
        ax.set_xlabel(label(names[0]))
        ax.set_ylabel(label(names[1]))
    else:
        return None  # 3D: the openPMD files, for a viewer that slices
    fig.suptitle(f"{name} at step {int(v[-1, 0])}")
    return save(fig, os.path.join(out, f"histogram_{name}.png"))


def plot_probe(name, header, v, out):
    t = v[:, 1] * 1e15
    points = (len(header) - 2) // 6
    fig, ax = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for p in range(points):
        for k, comp in enumerate(["Ex", "Ey", "Ez", "Bx", "By", "Bz"]):
            y = v[:, 2 + 6 * p + k]
            if np.any(y != 0):
                ax[k // 3].plot(t, y, label=f"point {p} {comp}", lw=1)
    ax[0].set_ylabel("E (V/m)")
    ax[1].set_ylabel("B (T)")
    ax[1].set_xlabel("t (fs)")
    for a in ax:
        a.grid(alpha=0.3)
        if a.lines:
            a.legend(fontsize=7)
    fig.suptitle(f"{name}: probe traces")
    return save(fig, os.path.join(out, f"probe_{name}.png"))


def plot_field_max(name, header, v, out):
    t = v[:, 1] * 1e15
    col = {h: v[:, i] for i, h in enumerate(header)}
    fig, ax = plt.subplots(2, 1, figsize=(7, 5), sharex=True)
    ax[0].plot(t, col["E_max_V_m"])
    ax[0].set_ylabel("max |E| (V/m)")
    ax[1].plot(t, col["B_max_T"])
    ax[1].set_ylabel("max |B| (T)")
    ax[1].set_xlabel("t (fs)")
    for a in ax:
        a.grid(alpha=0.3)
    fig.suptitle(f"{name}: field maxima")
    return save(fig, os.path.join(out, f"field_max_{name}.png"))


def plot_energies(name, header, v, out):
    """The run's own reduced CSV (diagnostics.reduced): energies, and the charge residual."""
    t = v[:, 1] * 1e15
    energies = [i for i, h in enumerate(header) if h.endswith("_J")]
    residual = header.index("charge_residual") if "charge_residual" in header else None
    fig, axes = plt.subplots(2 if residual is not None else 1, 1, figsize=(8, 6), sharex=True, squeeze=False)
    ax = axes[0][0]
    for i in energies:
        ax.plot(t, v[:, i], label=header[i][:-2].replace("_", " "), lw=1.2)
    ax.set_ylabel("energy (J)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    if residual is not None:
        ax = axes[1][0]
        shown = v[:, residual] > 0  # zero at the reference step: nothing to draw on a log scale
        ax.semilogy(t[shown], v[shown, residual], lw=1.2)
        ax.set_ylabel("charge residual (relative)")
        ax.grid(alpha=0.3)
    axes[-1][0].set_xlabel("t (fs)")
    fig.suptitle(f"reduced diagnostic {name}")
    return save(fig, os.path.join(out, f"reduced_{name}.png"))


PLOTS = {"energies": plot_energies, "moments": plot_moments, "extrema": plot_extrema, "histogram": plot_histogram, "probe": plot_probe,
         "field_max": plot_field_max}


def plot_csv(path, out):
    """The picture of one of these CSVs, or None for a CSV of another kind (or without rows)."""
    header, v = read(path)
    k = kind(header)
    if k is None or v.size == 0:
        return None
    return PLOTS[k](os.path.splitext(os.path.basename(path))[0], header, v, out)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("diags", help="the diagnostics folder (diagnostics.output_dir)")
    p.add_argument("-o", "--out", help="folder of the pictures (default DIAGS/plots)")
    args = p.parse_args(argv)
    out = args.out or os.path.join(args.diags, "plots")
    os.makedirs(out, exist_ok=True)
    made = [png for png in (plot_csv(f, out) for f in sorted(glob.glob(os.path.join(args.diags, "*.csv")))) if png]
    for png in made:
        print(png)
    if not made:
        print(f"plot_physics: no CSV of a reduced diagnostic in {args.diags} (docs/output.md)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
