#!/usr/bin/env python3
"""plot_ionization_rates.py: tests/unit/test_ionization.c against the ADK rates.

    mkdir -p /tmp/ion && PICL_IONIZE_CSV_DIR=/tmp/ion build/tests/test_ionization
    .venv/bin/python tools/plot_ionization_rates.py /tmp/ion docs/images/ionization_tests.png

Left: the fraction of hydrogen atoms ionized in three static fields (32768 atoms each, every 5
steps) against 1 - exp(-w t), w the ADK rate. Right: nitrogen's charge states N0+ .. N6+ in 5e11
V/m (16384 atoms, every 10 steps) against the rate equations dn_k/dt = w_{k-1} n_{k-1} - w_k n_k.
The theory is computed in the test from its own copy of the ADK formula and NIST ASD's energies
(not picl's code) and written beside picl's values. Python is for plots only: picl never runs it.
"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    rows = list(csv.DictReader(open(path)))
    return {k: [float(r[k]) for r in rows] for k in rows[0]}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    h = read(os.path.join(sys.argv[1], "hydrogen.csv"))
    n = read(os.path.join(sys.argv[1], "nitrogen.csv"))
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4.3))
    t = [0.0] + [x * 1e15 for x in h["t_s"]]
    for k in range(1, 4):
        line, = ax.plot(t, [0.0] + h[f"theory{k}"], "-", lw=1)
        ax.plot(t, [0.0] + h[f"f{k}"], "o", ms=3.5, color=line.get_color(),
                label=f"E = {h[f'E{k}'][0]:.3g} V/m")
    ax.set_xlabel("t (fs)")
    ax.set_ylabel("fraction of H ionized")
    ax.set_title("hydrogen: picl (dots), 1 - exp(-w_ADK t) (lines)", fontsize=10)
    ax.legend(fontsize=8)
    t = [0.0] + [x * 1e18 for x in n["t_s"]]
    for k in range(7):
        if max(n[f"n{k}"] + n[f"theory{k}"]) < 1e-3:
            continue
        line, = bx.plot(t, [float(k == 0)] + n[f"theory{k}"], "-", lw=1)
        bx.plot(t, [float(k == 0)] + n[f"n{k}"], "o", ms=3.5, color=line.get_color(), label=f"N{k}+")
    bx.axvline(20, color="grey", lw=0.5, ls=":")
    bx.set_xlabel("t (as)   (a checkpoint at 20 as, continued bit for bit)")
    bx.set_ylabel("fraction of the atoms")
    bx.set_title("nitrogen in 5e11 V/m: picl (dots), ADK rate equations (lines)", fontsize=10)
    bx.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)
    print("wrote", sys.argv[2])


if __name__ == "__main__":
    main()
