"""boost_equivalence.py: the lab-frame run and the boosted run of tests/cli/test_boost_equivalence.sh.
usage: boost_equivalence.py LAB_DIR BOOSTED_DIR LAB_LOG BOOSTED_LOG

The on-axis E_z of the lab run at step 215 (1001 fs; the wake stands still in the window, so the
1 fs is 0.3 um of a 33 um wake) and of the back-transformed snapshot at 1000 fs: their peaks of
|E_z| within 5%. The witness's mean gamma: the lab run's moments (every step, interpolated to
500 and 1000 fs) and the snapshots' moments at 500 and 1000 fs: the gains within 5%. Prints the
steps and wall times of both runs, and the speed-up's bound (1 + beta)^2 gamma^2."""
import csv
import math
import re
import sys

import h5py
import numpy as np

TOL = 0.05
GAMMA = 2.0


def summary(log):
    text = open(log).read()
    steps = int(re.search(r"^summary: (\d+) steps", text, re.M).group(1))
    per = float(re.search(r"^summary: ([0-9.e+-]+) s per step", text, re.M).group(1))
    return steps, per


def main():
    lab, boosted = sys.argv[1], sys.argv[2]
    f = h5py.File(lab + "/f/openpmd_000215.h5", "r")
    ez_lab = f["data/215/meshes/E/z"][:]
    g = h5py.File(boosted + "/lab/openpmd_000001.h5", "r")
    ez_btd = g["data/1/meshes/E/z"][:]
    axis = lambda e: e[:, e.shape[1] // 2, e.shape[2] // 2]
    peak_lab, peak_btd = abs(axis(ez_lab)).max(), abs(axis(ez_btd)).max()
    rows = list(csv.DictReader(open(lab + "/witness.csv")))
    t = np.array([float(r["time_s"]) for r in rows])
    gm = np.array([float(r["gamma_mean"]) for r in rows])
    g500, g1000 = np.interp(500e-15, t, gm), np.interp(1000e-15, t, gm)
    snaps = list(csv.DictReader(open(boosted + "/lab/moments_witness.csv")))
    b500, b1000 = float(snaps[0]["gamma_mean"]), float(snaps[1]["gamma_mean"])
    gain_lab, gain_btd = g1000 - g500, b1000 - b500
    d_field = peak_btd / peak_lab - 1
    d_gain = gain_btd / gain_lab - 1
    sl, pl = summary(sys.argv[3])
    sb, pb = summary(sys.argv[4])
    beta = math.sqrt(1 - 1 / GAMMA**2)
    print("  on-axis |E_z| peak: lab %.4g GV/m, back-transformed %.4g GV/m (%+.1f%%, tolerance 5%%)"
          % (peak_lab / 1e9, peak_btd / 1e9, 100 * d_field))
    print("  witness gamma 500 -> 1000 fs: lab %.4f -> %.4f (gain %.4f), boosted %.4f -> %.4f (gain %.4f, %+.1f%%)"
          % (g500, g1000, gain_lab, b500, b1000, gain_btd, 100 * d_gain))
    print("  steps: lab %d (%.4f s each), boosted %d (%.4f s each): %.2fx fewer steps, %.2fx less wall time; "
          "the bound (1 + beta)^2 gamma^2 = %.1f is for a stage much longer than its window"
          % (sl, pl, sb, pb, sl / sb, sl * pl / (sb * pb), (1 + beta) ** 2 * GAMMA**2))
    sys.exit(0 if abs(d_field) < TOL and abs(d_gain) < TOL and gain_lab > 0.5 else 1)


main()
