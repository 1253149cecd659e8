"""btd_beam.py: the back-transformed beam of tests/cli/test_btd_particles.sh against its lab-frame
flight. usage: btd_beam.py LAB_RUN_FILE BTD_DIR

LAB_RUN_FILE: the bunch as the lab-frame run loads it (a full diagnostic at step 0: gamma 50,
1% energy spread, u_th 0.1 across, 4000 particles, a charge of -1e-20 C, so its own field is
nothing); BTD_DIR: the same input run boosted by gamma 2, snapshots at 880 and 900 fs. In vacuum
each particle flies straight: at lab time T it is at x0 + v T with its u. Each snapshot must hold
every particle (by id) there, to 1e-12 m, with its u to 1e-8 c, and the snapshot's moments file
(moments_beam.csv, the columns of the reduced moments) must give the moments of those predicted
particles: charge and count exactly, means and rms to 1e-9 of their scale, gamma_mean and
energy_rms to 1e-9 relative."""
import csv
import sys

import h5py
import numpy as np

C = 299792458.0
TIMES = [880e-15, 900e-15]


def read(path, it):
    f = h5py.File(path, "r")
    g = f["data/%d/particles/beam" % it]
    m = g["mass"].attrs["value"]
    p = {a: g["position/" + a][:] for a in "xyz"}
    p.update({"u" + a: g["momentum/" + a][:] / m for a in "xyz"})
    p["id"] = g["id"][:]
    p["w"] = g["weighting"][:] if "weighting" in g and isinstance(g["weighting"], h5py.Dataset) else None
    return p, g["charge"].attrs["value"], m


def main():
    lab, q, m = read(sys.argv[1], 0)
    rows = list(csv.DictReader(open(sys.argv[2] + "/moments_beam.csv")))
    gam = np.sqrt(1 + (lab["ux"] ** 2 + lab["uy"] ** 2 + lab["uz"] ** 2) / C**2)
    w = lab["w"] if lab["w"] is not None else np.full(len(gam), 1e-20 / abs(q) / len(gam))
    bad = 0
    for it, T in enumerate(TIMES):
        bt, _, _ = read("%s/openpmd_%06d.h5" % (sys.argv[2], it), it)
        ia, ib = np.argsort(lab["id"]), np.argsort(bt["id"])
        same = np.array_equal(lab["id"][ia], bt["id"][ib])
        pred = {a: lab[a] + lab["u" + a] / gam * T for a in "xyz"}
        dpos = max(abs(pred[a][ia] - bt[a][ib]).max() for a in "xyz") if same else np.inf
        du = max(abs(lab["u" + a][ia] - bt["u" + a][ib]).max() / C for a in "xyz") if same else np.inf
        r = {k: float(v) for k, v in rows[it].items()}
        W = w.sum()
        mean = {a: np.sum(w * pred[a]) / W for a in "xyz"}
        rms = {a: np.sqrt(np.sum(w * (pred[a] - mean[a]) ** 2) / W) for a in "xyz"}
        gmean = np.sum(w * gam) / W
        erms = m * C**2 * np.sqrt(np.sum(w * (gam - gmean) ** 2) / W)
        errs = [abs(r["charge_C"] - q * W) / abs(q * W), abs(r["gamma_mean"] - gmean) / gmean,
                abs(r["energy_rms_J"] - erms) / erms]
        errs += [abs(r[a + "_mean_m"] - mean[a]) / rms[a] for a in "xyz"]
        errs += [abs(r[a + "_rms_m"] - rms[a]) / rms[a] for a in "xyz"]
        worst = max(errs)
        print("  T = %.0f fs: %d of %d particles by id; positions off by %.1e m, u by %.1e c at worst; moments file "
              "gamma_mean %.12f (flight %.12f), z_mean %.9e m, worst relative error of its moments %.1e"
              % (T * 1e15, len(bt["id"]), len(lab["id"]), dpos, du, r["gamma_mean"], gmean, r["z_mean_m"], worst))
        ok = (same and dpos < 1e-12 and du < 1e-8 and worst < 1e-9 and r["particles"] == len(lab["id"])
              and abs(r["time_s"] - T) < 1e-20 and int(r["step"]) == it)
        bad += not ok
    sys.exit(1 if bad else 0)


main()
