#!/usr/bin/env python3
"""plot_ionization.py: the charge-state populations of an ionizing species against the rate
equations of the ADK rates, from a picl run's openPMD particles (docs/input.md, species.ionization).

    bin/picl run inputs/ionization_nitrogen.lua && .venv/bin/python tools/plot_ionization.py diags/ions
    .venv/bin/python tools/plot_ionization.py diags/ions --species nitrogen --field 5e11 -o pops.png

For every file of the series it reads each particle's charge (the per-particle `charge` record:
level x e) and counts the atoms in each charge state; the theory is dn_k/dt = w_{k-1} n_{k-1} -
w_k n_k from n_0 = 1, with w_k the ADK rate (PPT prefactor, l = m = 0; the form of Smilei and WarpX)
written here from its formula and NIST ASD's energies, for a static field of --field V/m. It prints
both and draws them as one PNG (DIR/ionization.png unless -o names it). Python is for plots only:
picl never runs it.
"""
import argparse
import glob
import math
import os

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

Q_E = 1.602176634e-19
U_H, E_A, W_A = 13.605693122994, 5.14220674763e11, 4.134137333518e16  # eV, V/m, 1/s (atomic units)
NIST = {  # eV, physics.nist.gov/asd
    "H": [13.598434599702],
    "N": [14.53413, 29.60125, 47.4453, 77.4735, 97.8901, 552.06741, 667.0461377],
}


def adk(u, z_after, e):
    n = z_after * math.sqrt(U_H / u)
    c2 = 2 ** (2 * n) / (n * math.gamma(2 * n))
    return (W_A * c2 * u / (2 * U_H) * (2 * (u / U_H) ** 1.5 * E_A / e) ** (2 * n - 1)
            * math.exp(-2 / 3 * (u / U_H) ** 1.5 * E_A / e))


def rate_equations(w, times):
    """n_k(t) from n_0 = 1: the exact solution of the linear chain, by its matrix exponential."""
    m = len(w) + 1
    a = np.zeros((m, m))
    for k, wk in enumerate(w):
        a[k, k] -= wk
        a[k + 1, k] += wk
    vals, vecs = np.linalg.eig(a)
    c = np.linalg.solve(vecs, np.eye(m)[:, 0])
    return np.array([np.real(vecs @ (c * np.exp(vals * t))) for t in times])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", help="the full diagnostic's folder (diags/NAME)")
    ap.add_argument("--species", default="nitrogen")
    ap.add_argument("--element", default="N", choices=sorted(NIST))
    ap.add_argument("--field", type=float, default=5e11, help="V/m, the static field of the run")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    times, pops = [], []
    for path in sorted(glob.glob(os.path.join(args.dir, "openpmd_*.h5"))):
        with h5py.File(path, "r") as f:
            for it, g in f["data"].items():
                sp = g["particles"][args.species]
                q = sp["charge"]
                charge = q[()] if isinstance(q, h5py.Dataset) else np.full(1, q.attrs["value"])
                level = np.rint(np.asarray(charge) * q.attrs["unitSI"] / Q_E).astype(int)
                times.append(float(g.attrs["time"]) * float(g.attrs["timeUnitSI"]))
                pops.append(np.bincount(level, minlength=len(NIST[args.element]) + 1) / len(level))
    if not times:
        raise SystemExit(f"no openPMD files in {args.dir}")
    energies = NIST[args.element]
    w = [adk(u, k + 1, args.field) for k, u in enumerate(energies)]
    pops = np.array(pops)
    t_fine = np.linspace(0, max(times), 400)
    theory = rate_equations(w, t_fine)
    at = rate_equations(w, times)
    shown = [k for k in range(pops.shape[1]) if pops[:, k].max() > 1e-3 or at[:, k].max() > 1e-3]
    print("t (s)       " + "  ".join(f"{args.element}{k}+ run / rate eq." for k in shown))
    for i, t in enumerate(times):
        print(f"{t:.3e}  " + "  ".join(f"{pops[i, k]:.4f} / {at[i, k]:.4f}   " for k in shown))
    print("largest difference: %.4f" % np.abs(pops[:, shown] - at[:, shown]).max())
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for k in shown:
        line, = ax.plot(t_fine * 1e18, theory[:, k], lw=1)
        ax.plot(np.array(times) * 1e18, pops[:, k], "o", color=line.get_color(), label=f"{args.element}{k}+")
    ax.set_xlabel("t (as)")
    ax.set_ylabel("fraction of the atoms")
    ax.set_title(f"{args.element} in {args.field:.3g} V/m: picl (dots), ADK rate equations (lines)")
    ax.legend()
    out = args.output or os.path.join(args.dir, "ionization.png")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print("wrote", out)


if __name__ == "__main__":
    main()
