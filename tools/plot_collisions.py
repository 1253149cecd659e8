#!/usr/bin/env python3
"""plot_collisions.py: the temperature relaxation of tests/unit/test_collisions.c against theory.

    PICL_COLLIDE_CSV=relax.csv build/tests/test_collisions
    .venv/bin/python tools/plot_collisions.py relax.csv docs/images/collisions_relaxation.png

The CSV (t_s, Te_eV, Ti_eV, Te_theory_eV, Ti_theory_eV) holds picl's electron and ion temperatures
every 10 steps and the NRL formulary's relaxation equations integrated beside them (RK4) from the
same start, in the test itself. Python is for tests and plots only: picl never runs it.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    t = [float(r["t_s"]) * 1e12 for r in rows]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for key, label, colour in (("Te", "electrons", "tab:blue"), ("Ti", "ions (10 m_e)", "tab:red")):
        ax.plot(t, [float(r[key + "_eV"]) for r in rows], "o", ms=3.5, color=colour, label=label + ", picl")
        ax.plot(t, [float(r[key + "_theory_eV"]) for r in rows], "-", color=colour, label=label + ", NRL rate")
    ax.set_xlabel("t (ps)")
    ax.set_ylabel("temperature (eV)")
    ax.set_title("e-i temperature relaxation, ln(Lambda) = 10 (e-i), 200 (e-e, i-i), n = 1e26 m^-3", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)
    print("wrote", sys.argv[2])


if __name__ == "__main__":
    main()
