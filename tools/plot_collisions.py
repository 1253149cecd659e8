#!/usr/bin/env python3
"""plot_collisions.py: each test of tests/unit/test_collisions.c against its theory.

    mkdir -p /tmp/col && PICL_COLLIDE_CSV_DIR=/tmp/col build/tests/test_collisions
    .venv/bin/python tools/plot_collisions.py /tmp/col docs/images

The test writes one CSV a test into the folder (picl's values every 10 or 20 steps and the theory
integrated beside them in the test itself, from the same start); this draws, for each CSV found,
docs/images/collisions_NAME.png:

- relaxation: electron and ion temperatures against the NRL formulary's e-i relaxation (RK4);
- two_populations: two electron populations against the NRL rate (exp(-2 nu t) for T_h - T_c);
- isotropisation: T_perp and T_par against the NRL isotropisation rate (RK4);
- friction: a cold beam's <v_z> against the test-particle Fokker-Planck equation (Langevin with the
  NRL coefficients, tools/collisions_0d/friction_fp.py) and the one-speed closure, and the beam's
  temperature as it thermalises on the background.

Python is for tests and plots only: picl never runs it.
"""
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    rows = list(csv.DictReader(open(path)))
    return {k: [float(r[k]) for r in rows] for k in rows[0]}


def two_temperatures(d, keys, labels, title, out):
    t = [x * 1e12 for x in d["t_s"]]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for key, label, colour in zip(keys, labels, ("tab:blue", "tab:red")):
        ax.plot(t, d[key + "_eV"], "o", ms=3.5, color=colour, label=label + ", picl")
        ax.plot(t, d[key + "_theory_eV"], "-", color=colour, label=label + ", NRL rate")
    ax.set_xlabel("t (ps)")
    ax.set_ylabel("temperature (eV)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    print("wrote", out)


def friction(d, out):
    t = d["t_over_tau"]
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, 4.2))
    ax.plot(t, d["vz_over_v0"], "o", ms=3.5, color="tab:blue", label="picl (32768 beam electrons)")
    ax.plot(t, d["fp_over_v0"], "-", color="k", label="Fokker-Planck, NRL coefficients (Langevin)")
    cl = [(x, y) for x, y in zip(t, d["closure_over_v0"]) if not math.isnan(y)]
    ax.plot([x for x, _ in cl], [y for _, y in cl], "--", color="tab:red", label="one-speed closure")
    ax.set_xlabel("t / tau_s   (tau_s = 1 / nu_s(v0) = 4.07 ps)")
    ax.set_ylabel("<v_z> / v0")
    ax.set_title("1 keV electron beam in electrons at 10 eV, 1e26 m^-3, ln(Lambda) 10", fontsize=10)
    ax.legend(fontsize=8)
    bx.semilogy(t[1:], d["beam_T_eV"][1:], "o", ms=3.5, color="tab:blue", label="beam, (1/3) m c^2 <u^2/gamma>")
    bx.semilogy(t[1:], d["background_T_eV"][1:], "-", color="tab:green", label="background")
    bx.set_xlabel("t / tau_s")
    bx.set_ylabel("temperature (eV)")
    bx.set_title("the beam thermalises on the background", fontsize=10)
    bx.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    print("wrote", out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]

    def have(name):
        return os.path.exists(os.path.join(src, name + ".csv"))

    if have("relaxation"):
        two_temperatures(read(os.path.join(src, "relaxation.csv")), ("Te", "Ti"), ("electrons", "ions (10 m_e)"),
                         "e-i temperature relaxation, ln(Lambda) 10 (e-i), 1000 (e-e, i-i), n = 1e26 m^-3",
                         os.path.join(dst, "collisions_relaxation.png"))
    if have("two_populations"):
        two_temperatures(read(os.path.join(src, "two_populations.csv")), ("Th", "Tc"), ("hot", "cold"),
                         "two electron populations, ln(Lambda) 10 (between), 1000 (within), 1e26 m^-3 each",
                         os.path.join(dst, "collisions_two_populations.png"))
    if have("isotropisation"):
        two_temperatures(read(os.path.join(src, "isotropisation.csv")), ("Tperp", "Tpar"), ("T_perp", "T_par"),
                         "isotropisation of electrons, ln(Lambda) 10, 1e26 m^-3",
                         os.path.join(dst, "collisions_isotropisation.png"))
    if have("friction"):
        friction(read(os.path.join(src, "friction.csv")), os.path.join(dst, "collisions_friction.png"))


if __name__ == "__main__":
    main()
