#!/usr/bin/env python3
"""plot_btd.py: draws a back-transformed snapshot of a boosted run (docs/boosted_frame.md), as one PNG.

    .venv/bin/python tools/plot_btd.py diags/lab --iteration 1 -o btd_wake.png
    .venv/bin/python tools/plot_btd.py diags/lab --iteration 1 --lab diags/f/openpmd_000215.h5

At the snapshot's lab time it draws, against the lab-frame z:
  - top: E_z on the axis (x = y = 0); with --lab, the same from a lab-frame run's file beside it;
  - bottom: E_z in the x-z plane through the axis, and the snapshot's particles (every species it
    holds, x against z) over it.
The PNG goes to DIR/btd_ITERATION.png unless -o names it. It reads the files with h5py. Python is
for plots only: picl never runs it.
"""
import argparse
import os

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def ez_of(path):
    """E_z (z, y, x), the z and x of its nodes (m), and the file's time."""
    f = h5py.File(path, "r")
    it = list(f["data"].keys())[0]
    g = f["data/%s/meshes/E" % it]
    ez = g["z"][:]
    off, d = g.attrs["gridGlobalOffset"], g.attrs["gridSpacing"]
    pos = g["z"].attrs["position"]
    z = off[0] + (np.arange(ez.shape[0]) + pos[0]) * d[0]
    x = off[2] + (np.arange(ez.shape[2]) + pos[2]) * d[2]
    return ez, z, x, f["data/%s" % it].attrs["time"], f["data/%s" % it]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", help="the back-transformed diagnostic's folder")
    ap.add_argument("--iteration", type=int, default=0, help="the snapshot's index (default 0)")
    ap.add_argument("--lab", help="a lab-frame run's openPMD file with E_z at about the same time")
    ap.add_argument("-o", "--output", help="the PNG (default DIR/btd_ITERATION.png)")
    a = ap.parse_args()
    ez, z, x, t, it = ez_of(os.path.join(a.dir, "openpmd_%06d.h5" % a.iteration))
    mid_y, mid_x = ez.shape[1] // 2, ez.shape[2] // 2
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6.5), sharex=True)
    top.plot(z * 1e6, ez[:, mid_y, mid_x] / 1e9, label="boosted run, back-transformed (t = %.0f fs)" % (t * 1e15))
    if a.lab:
        ezl, zl, _, tl, _ = ez_of(a.lab)
        top.plot(zl * 1e6, ezl[:, ezl.shape[1] // 2, ezl.shape[2] // 2] / 1e9, "--",
                 label="lab-frame run (t = %.0f fs)" % (tl * 1e15))
    top.set_ylabel("E_z on axis (GV/m)")
    top.legend(loc="lower left", fontsize=8)
    lim = abs(ez[:, mid_y, :]).max() / 1e9 or 1
    im = bottom.pcolormesh(z * 1e6, x * 1e6, ez[:, mid_y, :].T / 1e9, cmap="RdBu_r", vmin=-lim, vmax=lim,
                           shading="nearest")
    fig.colorbar(im, ax=bottom, label="E_z (GV/m)", orientation="horizontal", fraction=0.05, pad=0.18)
    if "particles" in it:
        for name in it["particles"]:
            p = it["particles/" + name]
            bottom.plot(p["position/z"][:] * 1e6, p["position/x"][:] * 1e6, ".", ms=1, alpha=0.5, label=name)
        bottom.legend(loc="upper left", fontsize=8, markerscale=8)
    bottom.set_xlabel("z (um, lab frame)")
    bottom.set_ylabel("x (um)")
    fig.suptitle("lab-frame snapshot of a boosted run at t = %.0f fs" % (t * 1e15))
    fig.tight_layout()
    out = a.output or os.path.join(a.dir, "btd_%06d.png" % a.iteration)
    fig.savefig(out, dpi=110)
    print(out)


main()
