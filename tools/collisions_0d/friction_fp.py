#!/usr/bin/env python3
"""friction_fp.py: the friction test's independent expectation (tests/unit/test_collisions.c, (e)).

A cold electron beam (1 keV along z) slowing down in electrons of 1e26 m^-3 at 10 eV, ln(Lambda)
10, as test particles in a fixed Maxwellian background: a Langevin (Monte-Carlo) integration of
the test-particle Fokker-Planck equation with the NRL formulary's coefficients (Huba, NRL Plasma
Formulary 2019, "Collisions and transport"; Rosenbluth, MacDonald and Judd, Phys. Rev. 107, 1,
1957, for a Maxwellian field; SI: e^2 -> e^2 / (4 pi eps0)). For a test particle a of speed v:

    <dv_par>/dt            = -nu_s v                 (along v: the drag)
    <(dv_par)^2>/dt        =  nu_par v^2             (along v: the diffusion)
    <(dv_perp)^2>/dt       =  nu_perp v^2            (across v, both directions together)
    nu_0    = n_b q_a^2 q_b^2 ln(Lambda) / (4 pi eps0^2 m_a^2 v^3),  x = m_b v^2 / (2 T_b)
    psi(x)  = erf(sqrt x) - 2 sqrt(x / pi) e^-x,  psi'(x) = 2 sqrt(x / pi) e^-x
    nu_s    = (1 + m_a / m_b) psi nu_0
    nu_par  = (psi / x) nu_0
    nu_perp = 2 [(1 - 1 / (2 x)) psi + psi'] nu_0

These are the first and second moments of the velocity kicks (the Fokker-Planck coefficients), so
the Ito stochastic equation dv = -nu_s v dt + sqrt(nu_par v^2 dt) xi_1 e_par + sqrt(nu_perp v^2
dt / 2) (xi_2 e_1 + xi_3 e_2), integrated by Euler-Maruyama, samples the beam's distribution
without any closure: it keeps the spread of speeds that the one-speed closure leaves out, and it
thermalises the beam at T_b (the equation's stationary state is the background's Maxwellian, m_a =
m_b here). Non-relativistic (the beam's gamma is 1.002). No picl code.

    .venv/bin/python tools/collisions_0d/friction_fp.py [N] [STEPS_PER_TAU]   (defaults 10000 10000: the table the test holds)

prints <v_z> / v0 at t / tau_s = 0, 0.05, ..., 1.5 (tau_s = 1 / nu_s(v0)) with its standard error,
as the C table that test_collisions.c holds (FRICTION_FP), and writes friction_fp.csv beside it.
"""
import math
import os
import sys

import numpy as np
from scipy.special import erf

QE, ME, EPS0, C = 1.602176634e-19, 9.1093837015e-31, 8.8541878128e-12, 299792458.0
N_B, T_B, LN_LAMBDA, E_BEAM = 1e26, 10 * QE, 10.0, 1000 * QE


def psi(x):
    """erf(sqrt x) - 2 sqrt(x / pi) e^-x, by its series below x = 1e-3 (the difference cancels)."""
    small = x < 1e-3
    xs = np.where(small, 1.0, x)
    big = erf(np.sqrt(xs)) - 2 * np.sqrt(xs / np.pi) * np.exp(-xs)
    ser = 2 / np.sqrt(np.pi) * (2 / 3 * x ** 1.5 - 2 / 5 * x ** 2.5 + x ** 3.5 / 7)
    return np.where(small, ser, big)


def coefficients(v):
    """nu_s v, nu_par v^2, nu_perp v^2 (m/s^2, m^2/s^3) at speed v (m_a = m_b = m_e)."""
    v = np.maximum(v, 1e-3)
    x = ME * v * v / (2 * T_B)
    nu0 = N_B * QE ** 4 * LN_LAMBDA / (4 * np.pi * EPS0 ** 2 * ME ** 2 * v ** 3)
    p, dp = psi(x), 2 * np.sqrt(x / np.pi) * np.exp(-x)
    return 2 * p * nu0 * v, p / x * nu0 * v * v, 2 * ((1 - 1 / (2 * x)) * p + dp) * nu0 * v * v


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    per_tau = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    g0 = 1 + E_BEAM / (ME * C * C)
    v0 = C * math.sqrt(g0 * g0 - 1) / g0  # picl's beam speed
    tau = 1 / (coefficients(np.array([v0]))[0][0] / v0)
    dt = tau / per_tau
    rng = np.random.default_rng(2026)
    v = np.zeros((n, 3))
    v[:, 2] = v0
    marks = [round(k * per_tau / 20) for k in range(31)]
    rows = [(0.0, 1.0, 0.0, 0.0)]
    for step in range(1, marks[-1] + 1):
        speed = np.sqrt(np.einsum("ij,ij->i", v, v))
        drag, dpar, dperp = coefficients(speed)
        e = v / np.maximum(speed, 1e-3)[:, None]
        # e1, e2 across e: e1 from the smallest component's axis, e2 = e x e1
        ref = np.zeros_like(v)
        ref[np.arange(n), np.argmin(np.abs(e), axis=1)] = 1
        e1 = np.cross(e, ref)
        e1 /= np.linalg.norm(e1, axis=1)[:, None]
        e2 = np.cross(e, e1)
        xi = rng.standard_normal((n, 3))
        v += (-drag * dt + np.sqrt(dpar * dt) * xi[:, 0])[:, None] * e + \
            (np.sqrt(dperp * dt / 2) * xi[:, 1])[:, None] * e1 + (np.sqrt(dperp * dt / 2) * xi[:, 2])[:, None] * e2
        if step in marks:
            t_b = ME * np.mean(np.sum(v ** 2, 1)) / 3 / QE
            rows.append((step * dt / tau, v[:, 2].mean() / v0, v[:, 2].std() / v0 / math.sqrt(n), t_b))
    print(f"# tau_s = {tau:.6g} s, v0 = {v0:.6g} m/s, {n} test particles, {per_tau} steps per tau_s")
    print("# t/tau_s  <v_z>/v0  standard error  beam T (eV, (1/3) m <v^2>)")
    for r in rows:
        print(f"{r[0]:.3f}  {r[1]:.5f}  {r[2]:.5f}  {r[3]:.3f}")
    print("static const double FRICTION_FP[31] = {" + ", ".join(f"{r[1]:.5f}" for r in rows) + "};")
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "friction_fp.csv")
    with open(out, "w") as f:
        f.write("t_over_tau,vz_over_v0,stderr,beam_T_eV\n")
        for r in rows:
            f.write("%.4f,%.6f,%.6f,%.4f\n" % r)
    print("wrote", out)


if __name__ == "__main__":
    main()
