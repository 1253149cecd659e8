"""btd_particles.py: the back-transformed particles of tests/cli/test_btd_particles.sh against the
lab-frame plasma its input asks for. usage: btd_particles.py LAB_DIR OTHER_LAB_DIR

The input: electrons and protons at rest in the lab, density n(z) = n0 (1 + 0.5 cos(2 pi z /
10 um)), 4 x 4 x 128 cells over 8 x 8 x 40 um, one column of 16 per cell, run in a frame boosted
by gamma 2 with a window at c. At lab time T the snapshot's lab window is [c T, c T + 40 um]; its
particles must be the lab plasma there:
- at rest: |u| below 1e-12 c (the boosted plasma streams at -beta c, so the back-transformation
  cancels gamma beta c to round-off);
- the lattice of the load, fixed in the lab: along z each column's spacing is gamma k dz / 16
  (k = gamma (1 + beta)), to 1e-9 of it, with no gap, over the window but its first lab cell
  (which the window drops before the snapshot's time reaches it) and its last two (the boosted
  window shifts by whole cells, up to a cell and a step behind the lab window's image there);
- the density: the cumulative weight from the window's lower edge against the integral of n over
  the 8 x 8 um section, at every particle, within one lattice plane's weight (the lattice's own
  discreteness), and the total within the same;
- ids unique; OTHER_LAB_DIR (2 ranks) holds the same particles, by id, to 1e-12 of the window.
openPMD-viewer reads them at the snapshot's lab time. The same input in 2D (x, z: 4 x 128 cells,
16 a cell along z; no y position in the files, weights per metre in y) and in 1D (128 cells;
weights per square metre) passes the same checks."""
import math
import sys

import h5py
import numpy as np

C = 299792458.0
GAMMA = 2.0
BETA = math.sqrt(1 - 1 / GAMMA**2)
K = GAMMA * (1 + BETA)
L, NZ, PPC, AREA = 40e-6, 128, 16, 8e-6 * 8e-6
N0, LM = 1e24, 10e-6
DZ = L / NZ
SPACING = GAMMA * K * DZ / PPC
TIMES = [880e-15, 900e-15]


def density_integral(z0, z, area):
    """integral of n from z0 to z (m^-2), times the section"""
    f = lambda x: N0 * (x + 0.5 * LM / (2 * np.pi) * np.sin(2 * np.pi * x / LM))
    return area * (f(z) - f(z0))


def species(path, it, name):
    f = h5py.File(path, "r")
    g = f["data/%d/particles/%s" % (it, name)]
    m = g["mass"].attrs["value"]
    d = {a: g["position/" + a][:] for a in "xyz" if a in g["position"]}
    for a in "xy":  # 2D: no y, 1D: no x either; the section is then 8 um x 1 m, or 1 m^2
        d.setdefault(a, np.zeros_like(d["z"]))
    d.update({"u" + a: g["momentum/" + a][:] / m for a in "xyz"})
    d["w"], d["id"] = g["weighting"][:], g["id"][:]
    d["time"] = f["data/%d" % it].attrs["time"]
    return d


def main():
    lab, other = sys.argv[1], sys.argv[2]
    bad = 0
    for it, T in enumerate(TIMES):
        for name in ("electrons", "ions"):
            path = "%s/openpmd_%06d.h5" % (lab, it)
            p = species(path, it, name)
            kept = h5py.File(path, "r")["data/%d/particles/%s/position" % (it, name)]
            area = AREA if "y" in kept else 8e-6 if "x" in kept else 1.0
            lo, hi = C * T, C * T + L
            n = len(p["z"])
            umax = max(abs(p[k]).max() for k in ("ux", "uy", "uz")) / C
            inside = (p["z"] >= lo + DZ) & (p["z"] < hi - 2 * DZ)
            # each column along z: a lattice of the load's spacing, no gap
            worst = 0.0
            for x, y in set(zip(p["x"].round(12), p["y"].round(12))):
                col = np.sort(p["z"][inside & (abs(p["x"] - x) < 1e-12) & (abs(p["y"] - y) < 1e-12)])
                worst = max(worst, abs(np.diff(col) / SPACING - 1).max())
            # the cumulative weight against the profile's integral
            order = np.argsort(p["z"][inside])
            z, w = p["z"][inside][order], p["w"][inside][order]
            plane = N0 * 1.5 * area * SPACING
            cum = np.cumsum(w) - density_integral(lo + DZ, z, area)
            dev = abs(cum).max() / plane
            total = (w[z < hi - 2 * DZ].sum() - density_integral(lo + DZ, hi - 2 * DZ, area)) / plane
            unique = len(np.unique(p["id"])) == n
            q = species("%s/openpmd_%06d.h5" % (other, it), it, name)
            same = len(q["id"]) == n and np.array_equal(np.sort(q["id"]), np.sort(p["id"]))
            if same:
                a, b = np.argsort(p["id"]), np.argsort(q["id"])
                same = all(abs(p[k][a] - q[k][b]).max() <= 1e-12 * L for k in "xyz")
            print("  T = %.0f fs %s: %d particles, z in [%.3f, %.3f] um (window [%.3f, %.3f]); max |u| / c %.1e; "
                  "lattice spacing off by %.1e; cumulative weight off by %.2f of a lattice plane at worst, total %.2f; "
                  "ids unique %s; 2 ranks the same %s"
                  % (T * 1e15, name, n, p["z"].min() * 1e6, p["z"].max() * 1e6, lo * 1e6, hi * 1e6, umax, worst,
                     dev, total, unique, same))
            ok = (abs(p["time"] - T) < 1e-20 and n > 0 and umax < 1e-12 and worst < 1e-9 and dev <= 1.0
                  and abs(total) <= 1.0 and unique and same and p["z"].min() >= lo and p["z"].max() < hi)
            bad += not ok
    from openpmd_viewer import OpenPMDTimeSeries
    ts = OpenPMDTimeSeries(lab)
    z, w = ts.get_particle(["z", "w"], species="electrons", iteration=1)
    ok = abs(ts.t[1] - TIMES[1]) < 1e-20 and len(z) > 0 and z.min() >= C * TIMES[1] - 1e-12  # SI: metres
    print("  openPMD-viewer: %d electrons at t = %.0f fs, z from %.3f um" % (len(z), ts.t[1] * 1e15, z.min() * 1e6))
    bad += not ok
    sys.exit(1 if bad else 0)


main()
