# probe_line.py: a line and a plane probe of a Yee plane wave along x (Ey, Bz; the input of
# tests/cli/test_probe_line.sh, as test_diag_probe's): every value within 1e-9 of the discrete
# eigenmode interpolated with the gather's shape (order 1, energy-conserving: Ey linear between
# nodes along x, Bz at the centre of the point's cell), and the amplitude and phase fitted over
# the line against the continuum wave within the solver's dispersion and the interpolation's error.
# usage: probe_line.py OUTPUT_DIR
import math
import sys

import h5py
import numpy as np

C = 299792458.0
NX, DX, E0, STEPS, EVERY = 32, 1e-6, 1e9, 20, 5
dt = 0.9 / (C * math.sqrt(3.0) / DX)
k = 2 * math.pi / (NX * DX)
K = 2 / DX * math.sin(k * DX / 2)
omega = 2 / dt * math.asin(C * dt * K / 2)
W = 2 / dt * math.sin(omega * dt / 2)
b = K * E0 / W * math.cos(omega * dt / 2)


def eigenmode(x, t):
    g = x / DX
    i0 = np.floor(g)
    f = g - i0
    ey = E0 * ((1 - f) * np.cos(k * i0 * DX - omega * t) + f * np.cos(k * (i0 + 1) * DX - omega * t))
    return ey, b * np.cos(k * (i0 + 0.5) * DX - omega * t)


out = sys.argv[1]
worst = worst_b = worst_amp = worst_phase = 0.0
for n in range(0, STEPS + 1, EVERY):
    t = n * dt
    f = h5py.File("%s/line/openpmd_%06d.h5" % (out, n))
    E, B = f["data/%d/meshes/E" % n], f["data/%d/meshes/B" % n]
    assert list(E.attrs["axisLabels"]) in ([b"x"], ["x"]), E.attrs["axisLabels"]
    x = E.attrs["gridGlobalOffset"][0] + E.attrs["gridSpacing"][0] * np.arange(E["y"].shape[0])
    ey, bz = eigenmode(x, t)
    worst = max(worst, np.abs(E["y"][...] - ey).max() / E0, np.abs(E["x"][...]).max() / E0, np.abs(E["z"][...]).max() / E0)
    worst_b = max(worst_b, np.abs(B["z"][...] - bz).max() / b, np.abs(B["x"][...]).max() / b)
    # least squares Ey = a cos(kx) + s sin(kx): amplitude hypot(a, s), phase atan2(s, a) = omega t
    M = np.stack([np.cos(k * x), np.sin(k * x)], axis=1)
    (a, s), *_ = np.linalg.lstsq(M, E["y"][...], rcond=None)
    amp, phase = math.hypot(a, s), math.atan2(s, a)
    worst_amp = max(worst_amp, abs(amp / E0 - 1))
    worst_phase = max(worst_phase, abs(phase - C * k * t))
    g = h5py.File("%s/plane/openpmd_%06d.h5" % (out, n))
    P = g["data/%d/meshes/E" % n]
    assert P["y"].shape == (4, 32), P["y"].shape  # y (the second axis) first: dataOrder C
    assert [str(v, "ascii") if isinstance(v, bytes) else v for v in P.attrs["axisLabels"]] == ["y", "x"]
    xp = P.attrs["gridGlobalOffset"][1] + P.attrs["gridSpacing"][1] * np.arange(32)
    worst = max(worst, np.abs(P["y"][...] - eigenmode(xp, t)[0][None, :]).max() / E0)
# the bounds: linear interpolation of a cosine loses at most (k dx)^2 / 8 of its amplitude; the
# Yee wave's phase lags the continuum's by (c k - omega) t
interp = (k * DX) ** 2 / 8
lag = (C * k - omega) * STEPS * dt
print("line and plane: within %.2e of E0 of the interpolated eigenmode, Bz %.2e; fitted amplitude %.2e "
      "from E0 (bound %.2e), phase %.2e rad from c k t (bound: the dispersion's lag %.2e + %.2e)"
      % (worst, worst_b, worst_amp, interp, worst_phase, lag, interp))
assert worst < 1e-9 and worst_b < 1e-9, (worst, worst_b)
assert worst_amp < interp, (worst_amp, interp)
assert worst_phase < lag + interp, (worst_phase, lag, interp)
