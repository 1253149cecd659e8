#!/usr/bin/env python3
"""plot_beam_rms.py: the rms sizes of a bunch along its path, from a picl run's openPMD particles.

    bin/picl run inputs/quadrupole_channel.lua && .venv/bin/python tools/plot_beam_rms.py diags/channel
    .venv/bin/python tools/plot_beam_rms.py diags/channel --species beam -o envelope.png

For every file of the series it prints the bunch's mean z and its rms x and y (positions are
position + positionOffset, each times its unitSI) and draws rms x and y against the mean z, as one
PNG (DIR/beam_rms.png unless -o names it). Python is for plots only: picl never runs it.
"""
import argparse
import glob
import os

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def component(group, record, axis):
    """One component of a particle record in SI: a dataset, or a constant (attribute value)."""
    d = group[record][axis]
    value = d[()] if isinstance(d, h5py.Dataset) else d.attrs["value"]
    return np.asarray(value, dtype=float) * d.attrs["unitSI"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--species", default="beam")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    rows = []
    for path in sorted(glob.glob(os.path.join(args.folder, "*.h5"))):
        with h5py.File(path, "r") as f:
            if "data" not in f:
                continue
            for it in f["data"].keys():
                g = f["data"][it]["particles"][args.species]
                r = [component(g, "position", a) + component(g, "positionOffset", a) for a in "xyz"]
                rows.append((int(it), np.mean(r[2]), np.std(r[0]), np.std(r[1]), len(r[0])))
    rows.sort()
    for it, z, sx, sy, n in rows:
        print(f"iteration {it:6d}: {n} particles, mean z {z * 1e3:8.3f} mm, rms x {sx * 1e6:8.2f} um, "
              f"rms y {sy * 1e6:8.2f} um")
    if not rows:
        raise SystemExit(f"no openPMD files with species '{args.species}' in {args.folder}")
    z = np.array([r[1] for r in rows]) * 1e3
    plt.plot(z, [r[2] * 1e6 for r in rows], "o-", label="rms x")
    plt.plot(z, [r[3] * 1e6 for r in rows], "s-", label="rms y")
    plt.xlabel("mean z (mm)")
    plt.ylabel("rms size (um)")
    plt.legend()
    out = args.output or os.path.join(args.folder, "beam_rms.png")
    plt.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
