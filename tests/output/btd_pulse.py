"""btd_pulse.py: the back-transformed snapshots of tests/cli/test_btd.sh against the lab-frame
pulse its input asks for. usage: btd_pulse.py LAB_DIR BOOSTED_FILE OTHER_LAB_DIR

A Gaussian plane-wave pulse E_y = E0 exp(-((z - zc) / (c tau))^2) cos(2 pi (z - zc) / lambda + phi),
c B_x = -E_y, with zc = z_a + c (T - t_peak) at lab time T (vacuum: it moves at c). Each snapshot
is fitted to that form; the fit must give the input's lambda, tau and E0 within TOL (2%), and the
centre within 0.25 lambda. The boosted frame's own field (BOOSTED_FILE, a full diagnostic) read as
if it were the lab's must fail the same check (it has lambda k, tau k, E0 / k, k = gamma (1 + beta)),
which shows that the check sees the transformation. OTHER_LAB_DIR (the 2-rank run) must agree to
round-off (1e-12 of the peak). openPMD-viewer reads the snapshots at their lab times and positions.
The same for a 2D run (datasets (z, x))."""
import math
import os
import sys

import h5py
import numpy as np
from scipy.optimize import curve_fit

C = 299792458.0
LAMBDA, E0, FWHM, T_PEAK, Z_A = 0.8e-6, 1e12, 5e-15, 13e-15, 4 * 0.8e-6 / 16
TAU = FWHM / math.sqrt(2 * math.log(2))
TIMES = [240e-15, 280e-15]
GAMMA = 2.0
K = GAMMA * (1 + math.sqrt(1 - 1 / GAMMA**2))
TOL = 0.02


def model(z, a, z0, length, lam, phi):
    return a * np.exp(-(((z - z0) / length) ** 2)) * np.cos(2 * np.pi * (z - z0) / lam + phi)


def fit(z, f, lam0):
    """A, centre, c tau, lambda of the best of 8 starting phases, and the rms residual / rms."""
    i = int(np.argmax(abs(f)))
    wide = z[abs(f) > 0.05 * abs(f).max()]
    best = None
    for phi in np.linspace(0, 2 * np.pi, 8, endpoint=False):
        try:
            p, _ = curve_fit(model, z, f, p0=[f[i], z[i], (wide[-1] - wide[0]) / 4, lam0, phi], maxfev=20000)
        except RuntimeError:
            continue
        r = float(np.sum((model(z, *p) - f) ** 2))
        if best is None or r < best[0]:
            best = (r, p)
    r, p = best
    return abs(p[0]), p[1], abs(p[2]), abs(p[3]), math.sqrt(r / float(np.sum(f * f)))


def line(it, rec, comp):
    m = it["meshes"][rec]
    d = m[comp][()]
    dz = m.attrs["gridSpacing"][0]
    z = m.attrs["gridGlobalOffset"][0] + dz * (np.arange(d.shape[0]) + m[comp].attrs["position"][0])
    return z, d.reshape(d.shape[0], -1).mean(axis=1), d  # 3D (z, y, x), 2D (z, x)


def iteration(path):
    f = h5py.File(path, "r")
    key = list(f["data"].keys())[0]
    return f, f["data"][key]


def check(label, got, want, tol):
    err = abs(got / want - 1)
    print(f"  {label}: {got:.6g} (want {want:.6g}, {100 * err:.3f}% off, tolerance {100 * tol:g}%)")
    return err <= tol


failed = []
lab, boosted, other = sys.argv[1], sys.argv[2], sys.argv[3]
for n, T in enumerate(TIMES):
    path = os.path.join(lab, f"openpmd_{n:06d}.h5")
    f, it = iteration(path)
    print(f"{path}: lab time {it.attrs['time']:.6g} s")
    if abs(it.attrs["time"] - T) > 1e-25:
        failed.append(f"{path}: time {it.attrs['time']} s, expected {T}")
    z, ey, _ = line(it, "E", "y")
    a, zc, length, lam, res = fit(z, ey, LAMBDA)
    ok = [check("lambda (m)", lam, LAMBDA, TOL), check("tau (s)", length / C, TAU, TOL),
          check("E0 (V/m)", a, E0, TOL)]
    zb, bx, _ = line(it, "B", "x")
    ab, _, _, _, _ = fit(zb, -C * bx, LAMBDA)
    ok.append(check("c B_x peak (V/m)", ab, E0, TOL))
    want_zc = Z_A + C * (T - T_PEAK)
    print(f"  centre {zc:.6g} m (want {want_zc:.6g} m: {(zc - want_zc) / LAMBDA:+.3f} lambda), fit residual {res:.2e}")
    ok.append(abs(zc - want_zc) < 0.25 * LAMBDA and res < 0.01)
    for rec, comp in (("E", "x"), ("E", "z"), ("B", "y"), ("B", "z")):
        _, _, d = line(it, rec, comp)
        scale = 1.0 if rec == "E" else C
        ok.append(abs(d).max() * scale < 1e-6 * E0)
    if not all(ok):
        failed.append(f"{path}: the lab pulse is not the input's (checks {ok})")
    # the 2-rank run's snapshot, to round-off
    g, it2 = iteration(os.path.join(other, f"openpmd_{n:06d}.h5"))
    for rec in "EB":
        for comp in "xyz":
            x, y = it["meshes"][rec][comp][()], it2["meshes"][rec][comp][()]
            peak = max(abs(x).max(), 1e-300)
            if x.shape != y.shape or abs(x - y).max() > 1e-12 * peak:
                failed.append(f"{path}: {rec}{comp} on 2 ranks differs by {abs(x - y).max() / peak:.3g} of its peak")

# the boosted field read as the lab's must fail the check; it is the boosted pulse instead
f, it = iteration(boosted)
z, ey, _ = line(it, "E", "y")
a, zc, length, lam, res = fit(z, ey, K * LAMBDA)
print(f"{boosted} (the boosted frame's field, k = {K:.4f}): lambda {lam:.4g} m, tau {length / C:.4g} s, E0 {a:.4g} V/m")
naive = [abs(lam / LAMBDA - 1) <= TOL, abs(length / C / TAU - 1) <= TOL, abs(a / E0 - 1) <= TOL]
if any(naive):
    failed.append(f"an unboosted reading of the boosted field passes the lab checks {naive}: the check is blind")
boost_ok = [abs(lam / (K * LAMBDA) - 1) <= TOL, abs(length / C / (K * TAU) - 1) <= TOL, abs(a * K / E0 - 1) <= TOL]
if not all(boost_ok):
    failed.append(f"the boosted frame's pulse is not lambda k, tau k, E0 / k: {boost_ok}")

# openPMD-viewer: the snapshots at their lab times, E_y on the lab axis
from openpmd_viewer import OpenPMDTimeSeries

ts = OpenPMDTimeSeries(lab, check_all_files=True)
if list(ts.iterations) != [0, 1] or not np.allclose(ts.t, TIMES, rtol=1e-12, atol=0):
    failed.append(f"openPMD-viewer: iterations {list(ts.iterations)} at {ts.t}, expected 0, 1 at {TIMES}")
field, info = ts.get_field("E", "y", iteration=1)
f, it = iteration(os.path.join(lab, "openpmd_000001.h5"))
z, _, d = line(it, "E", "y")
want_axes = {0: "z", 1: "y", 2: "x"} if d.ndim == 3 else {0: "z", 1: "x"}
if info.axes != want_axes or not np.array_equal(field, d):
    failed.append(f"openPMD-viewer: E_y on axes {info.axes} is not the file's {tuple(want_axes.values())} array")
dz = z[1] - z[0]
if len(info.z) != len(z) or abs(info.z[0] - z[0]) > 0.51 * dz or abs(info.z[1] - info.z[0] - dz) > 1e-9 * dz:
    failed.append(f"openPMD-viewer: the lab z axis starts at {info.z[0]} m, the file's E_y at {z[0]} m")
for m in failed:
    print("FAIL:", m)
sys.exit(1 if failed else 0)
