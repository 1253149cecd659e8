#!/bin/sh
# test_rz_beam.sh: a Gaussian bunch in geometry = "rz" (docs/rz.md, "Beams"). inputs/rz_beam.lua:
# 20000 electrons, 10 pC, gamma = 100, off the axis at (0.6, -0.4) um and elliptical (rms 0.5,
# 0.7, 1.0 um), M = 2, 32 x 128 cells in 4 boxes along z, 60 steps. Checked from the particle
# output at steps 0 and 60: the charge (sum of weights x q) equal to total_charge to 1e-12, every
# id once; the centroid within 4 standard errors (rms / sqrt(N)) of the input's (z moved by the
# bunch's mean v t at step 60); the rms sizes within 4 standard errors of a variance's (rms /
# sqrt(2 N): 2%) of the input's; the mean u_z at load within 1e-3 of sqrt(gamma^2 - 1) (by step
# 60 it has lost 3.3e-3 to the field the bunch forms). Gauss's law per mode (charge_residual)
# below 1e-12 at every row; the total energy within 1e-3 of the start. The field's mode 1 (E_r's
# cos and sin parts where it peaks along z, at r = 3, 4, 5, 6 um) points at the bunch's offset
# angle, turned by pi (a negative charge), within 2 degrees. The same run on 2 ranks: particles
# and E, J, rho at step 60 bit for bit, particles sent between the ranks. The rho record: the charge
# from its mode 0 and Gauss's law per mode from the file's E and rho. With the moving window: the
# count, Gauss's law and the centroid. Then the refusals: a bunch
# along x, a bunch reaching past r_max, a centroid of two entries, each by its key (exit 2).
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
need_venv
scratch rz_beam
cd "$dir" || exit 1
run_input rz_beam.lua 60 "a bunch in RZ"
if "$root/.venv/bin/python" - diags <<'PY'; then ok; else bad "the RZ bunch's load, Gauss's law or mode 1"; fi
import csv, sys
import h5py
import numpy as np
from scipy.constants import c, m_e
ok = True
N, Q, gamma = 20000, -10e-12, 100.0
c0, rms0 = np.array([0.6e-6, -0.4e-6, 8e-6]), np.array([0.5e-6, 0.7e-6, 1.0e-6])
rows = list(csv.DictReader(open(sys.argv[1] + "/rz_beam.csv")))
res = max(float(r["charge_residual"]) for r in rows)
print(f"charge_residual at most {res:.2e} over {len(rows)} rows (bound 1e-12)")
ok &= res < 1e-12 and len(rows) == 7
W = [float(r["total_energy_J"]) for r in rows]
print(f"total energy (field + kinetic) within {max(abs(v / W[0] - 1) for v in W):.1e} of the start (bound 1e-3)")
ok &= max(abs(v / W[0] - 1) for v in W) < 1e-3
for step in (0, 60):
    it = list(h5py.File(f"{sys.argv[1]}/fields/openpmd_{step:06d}.h5")["data"].values())[0]
    p = it["particles/beam"]
    w, q = p["weighting"][:], p["charge"].attrs["value"]
    r = np.array([p["position/" + a][:] for a in "xyz"])
    t = it.attrs["time"] * it.attrs["timeUnitSI"]
    uz = p["momentum/z"][:] / (m_e * c)
    expect = c0 + [0, 0, np.average(uz / np.sqrt(1 + uz**2), weights=w) * c * t]
    cen = np.array([np.average(v, weights=w) for v in r])
    rms = np.array([np.sqrt(np.average((v - m) ** 2, weights=w)) for v, m in zip(r, cen)])
    charge = (w * q).sum()
    print(f"step {step}: charge {charge:.15e} C ({charge / Q - 1:+.1e}), ids {len(set(p['id'][:]))}")
    print(f"  centroid off by {(cen - expect) / (rms0 / np.sqrt(N))} standard errors")
    print(f"  rms / input - 1 {rms / rms0 - 1} (bound {4 / np.sqrt(2 * N):.3f})")
    print(f"  <u_z> / sqrt(gamma^2 - 1) - 1 = {np.average(uz, weights=w) / np.sqrt(gamma**2 - 1) - 1:+.1e}")
    ok &= abs(charge / Q - 1) < 1e-12 and len(set(p["id"][:])) == N == len(w)
    ok &= bool(np.all(abs(cen - expect) < 4 * rms0 / np.sqrt(N)))
    ok &= bool(np.all(abs(rms / rms0 - 1) < 4 / np.sqrt(2 * N)))
    ok &= step > 0 or abs(np.average(uz, weights=w) / np.sqrt(gamma**2 - 1) - 1) < 1e-3
    if step == 60:
        Er = it["meshes/E/r"][:]
        want = np.degrees(np.arctan2(cen[1], cen[0])) + 180  # the field of a negative charge
        for i in (12, 16, 20, 24):  # r = i dr + dr/2, dr = 0.25 um
            k = np.argmax(np.hypot(Er[1, i], Er[2, i]))
            ang = np.degrees(np.arctan2(Er[2, i, k], Er[1, i, k]))
            d = (ang - want + 180) % 360 - 180
            print(f"  mode 1 of E_r at r = {(i + 0.5) * 0.25:.2f} um: angle {ang:.2f} deg, the bunch's + 180 {want:.2f} ({d:+.2f})")
            ok &= abs(d) < 2 and np.hypot(Er[1, i, k], Er[2, i, k]) > 1e-3 * abs(Er[0]).max()
sys.exit(0 if ok else 1)
PY
# the rho record (thetaMode, every mode; docs/rz.md "Running RZ") at steps 0 and 60: the charge
# from mode 0 over the solver's control volumes equal to total_charge to 1e-12, and Gauss's law per
# mode and part from the file's E and rho (the bunch starts without its field, so eps0 div E - rho
# at step 60 must equal its step-0 value, -rho(0)) to 1e-12 of max |rho| (6.6e-15 measured)
if "$root/.venv/bin/python" - diags <<'PY'; then ok; else bad "the RZ rho record: charge or Gauss's law per mode"; fi
import sys
import h5py
import numpy as np
epsilon_0 = 8.8541878128e-12  # picl's (base/constants.h, CODATA 2018; scipy may have 2022's)
ok = True
Q = -10e-12
res0 = None
for step in (0, 60):
    it = list(h5py.File(f"{sys.argv[1]}/fields/openpmd_{step:06d}.h5")["data"].values())[0]
    rho, E = it["meshes/rho"], it["meshes/E"]
    dr, dz = rho.attrs["gridSpacing"]
    rho, Er, Et, Ez = rho[:], E["r"][:], E["t"][:], E["z"][:]
    nr = rho.shape[1]
    # the solver's control volumes: 2 pi i dr^2 dz, the disc pi (dr/2)^2 dz on the axis
    V = 2 * np.pi * np.arange(nr) * dr * dr * dz
    V[0] = np.pi * (dr / 2) ** 2 * dz
    charge = (rho[0] * V[:, None]).sum()
    print(f"step {step}: charge from rho's mode 0 {charge:.15e} C ({charge / Q - 1:+.1e})")
    ok &= abs(charge / Q - 1) < 1e-12
    # Gauss's law per mode and part (templates/rz_fields.cl, rz_div_E) at the nodes 1 <= i < nr,
    # 1 <= k < nz, and on the axis for m = 0
    res = np.zeros_like(rho)
    i = np.arange(1, nr)[:, None]
    for p in range(rho.shape[0]):
        m = (p + 1) // 2
        q = 0 if p == 0 else (p + 1 if p % 2 else p - 1)  # the other part of the same mode
        sm = 0 if p == 0 else (m if p % 2 else -m)
        dEz = (Ez[p, :, 1:] - Ez[p, :, :-1]) / dz
        div = np.zeros_like(rho[p])
        div[1:, 1:] = ((i + 0.5) * Er[p, 1:, 1:] - (i - 0.5) * Er[p, :-1, 1:] + sm * Et[q, 1:, 1:]) / (i * dr) + dEz[1:]
        div[0, 1:] = 4 * Er[p, 0, 1:] / dr + dEz[0] if m == 0 else 0
        res[p] = epsilon_0 * div - (rho[p] if m == 0 else np.where(np.arange(nr)[:, None] > 0, rho[p], 0))
        res[p, :, 0] = 0
    if res0 is None:
        res0 = res
        print(f"  eps0 div E - rho at step 0: {abs(res).max():.3e} (E = 0: -rho)")
    else:
        d = abs(res - res0).max() / abs(rho).max()
        print(f"  (eps0 div E - rho) at step 60 minus step 0 per mode: {d:.2e} of max |rho| (bound 1e-12)")
        print("  max |rho| per part " + ", ".join(f"{abs(v).max():.3e}" for v in rho) + " C/m^3")
        ok &= min(abs(v).max() for v in rho) > 0.1 * abs(rho).max()
        ok &= d < 1e-12
sys.exit(0 if ok else 1)
PY
# the same run on 2 ranks (boxes 0, 1 and 2, 3): the bunch starts on rank 0 and half of it crosses
# to rank 1; the particles (by id) and E, J, rho at step 60 equal to the 1-rank run's to the bit
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
if mpirun --oversubscribe -np 2 "$picl" run "$root/inputs/rz_beam.lua" --set diagnostics.output_dir=np2 >np2.log 2>&1 &&
    "$root/.venv/bin/python" - diags np2 <<'PY'; then ok; else bad "the RZ bunch on 2 ranks against 1 rank"; tail -n 5 np2.log; fi
import sys
import h5py
import numpy as np
got = []
for d in sys.argv[1:]:
    it = list(h5py.File(f"{d}/fields/openpmd_000060.h5")["data"].values())[0]
    p = it["particles/beam"]
    o = np.argsort(p["id"][:])
    got.append([p[r + "/" + a][:][o] for r in ("position", "momentum") for a in "xyz"]
               + [it[f"meshes/{f}/{a}"][:] for f in "EJ" for a in "rtz"] + [it["meshes/rho"][:]])
same = all(np.array_equal(a, b) for a, b in zip(*got))
print(f"2 ranks: particles and E, J, rho at step 60 {'bit for bit' if same else 'DIFFER'} against 1 rank")
sys.exit(0 if same else 1)
PY
sent=$(sed -n 's/^particles: species beam: rank 0 sent \([0-9]*\) .*/\1/p' np2.log)
echo "2 ranks: rank 0 sent ${sent:-0} beam particles"
[ "${sent:-0}" -gt 0 ] && ok || bad "the RZ bunch on 2 ranks: no particle sent between ranks"
# with the moving window (at c from t = 0: the bunch, at 0.99995 c, stays in it; bunches are never
# injected): all 20000 particles at every row, charge_residual below 1e-12, the centroid at step
# 60 within 4 standard errors of the input's moved by v t (the positions are the lab's)
if "$picl" run "$root/inputs/rz_beam.lua" --set 'moving_window={axis="z",speed=1.0}' \
    --set diagnostics.output_dir=win >win.log 2>&1 && "$root/.venv/bin/python" - win <<'PY'; then ok; else bad "the RZ bunch with the moving window"; tail -n 5 win.log; fi
import csv, sys
import h5py
import numpy as np
from scipy.constants import c, m_e
rows = list(csv.DictReader(open(sys.argv[1] + "/rz_beam.csv")))
res = max(float(r["charge_residual"]) for r in rows)
counts = {int(r["particles_beam"]) for r in rows}
it = list(h5py.File(f"{sys.argv[1]}/fields/openpmd_000060.h5")["data"].values())[0]
p = it["particles/beam"]
w, uz = p["weighting"][:], p["momentum/z"][:] / (m_e * c)
t = it.attrs["time"] * it.attrs["timeUnitSI"]
zc = np.average(p["position/z"][:], weights=w)
off = (zc - 8e-6 - np.average(uz / np.sqrt(1 + uz**2), weights=w) * c * t) / (1e-6 / np.sqrt(20000))
z0 = it["meshes/E"].attrs["gridGlobalOffset"][1]
print(f"moving window: counts {sorted(counts)}, charge_residual at most {res:.2e}, window at {z0 * 1e6:.2f} um, "
      f"z centroid off by {off:+.2f} standard errors")
sys.exit(0 if counts == {20000} and res < 1e-12 and abs(off) < 4 and z0 > 0 else 1)
PY
# refusals, each by its key
sed 's/gamma = 100,/gamma = 100, axis = "x",/' "$root/inputs/rz_beam.lua" >axis.lua
sed 's/centroid = { 0.6e-6, -0.4e-6, 8e-6 }/centroid = { 4e-6, 3e-6, 8e-6 }/' "$root/inputs/rz_beam.lua" >far.lua
sed 's/centroid = { 0.6e-6, -0.4e-6, 8e-6 }/centroid = { 0.6e-6, 8e-6 }/' "$root/inputs/rz_beam.lua" >two.lua
for case in "axis.lua:species.beam.beam.axis: geometry = \"rz\": a bunch moving along x" \
    "far.lua:species.beam.beam.centroid: the bunch reaches r = " \
    "two.lua:species.beam.beam.centroid: expected 3 numbers (x, y, z) in geometry = \"rz\""; do
    file=${case%%:*} want=${case#*:}
    "$picl" check "$file" >check.log 2>&1
    rc=$?
    if [ $rc -eq 2 ] && grep -qF "$want" check.log; then ok; else bad "$file: rc $rc, expected exit 2 and '$want':"; cat check.log; fi
done
summary
