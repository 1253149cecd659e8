#!/bin/sh
# test_rz_cavity.sh: geometry = "rz" through `picl run` (docs/rz.md). inputs/rz_cavity.lua's TM010
# and TM011 modes of a closed cylinder (32 x 32 cells, 4 boxes along z, 2 modes, 600 steps; TM011
# varies along z, so it needs the guard exchange between the boxes; and in 2 x 4 boxes, which must
# give the same fields to the bit): the reduced
# diagnostic's field energy (r dr dtheta dz, mode 0 weighted 2 pi; all in field_energy_m0_J, mode 1's
# column exactly 0) is the analytic one at the
# start to 1e-3, stays within 2e-3 of it (B at whole steps: O((omega dt)^2)) with no growth (the largest deviation of the second
# half of the run within 1% of the first half's), and its electric part oscillates at 2 omega
# with omega = c sqrt((j01 / R)^2 + kz^2) within 5e-4 (the unit test's bound at 32 cells, tests/unit/
# test_rz_maxwell.c). What RZ does not run yet is refused by key: FILE:LINE: KEY, exit 2.
. "$(dirname "$0")/lib.sh"
need_venv
scratch rz_cavity
cd "$dir" || exit 1
check_mode() { # CSV, kz (1/m): the energy and frequency checks of the header
    "$root/.venv/bin/python" - "$1" "$2" <<'PY'
import csv, sys
import numpy as np
rows = list(csv.reader(open(sys.argv[1])))
kz = float(sys.argv[2])
d = np.array([[float(x) for x in r] for r in rows[1:]])
t, we, w = d[:, 1], d[:, 2], d[:, 4]
dt = t[1] - t[0]
R, L, E0, j01, j1 = 0.01, 0.01, 1e6, 2.404825557695773, 0.5191474972894669  # J1(j01)
eps0, c = 8.8541878128e-12, 299792458.0
kr = j01 / R
# eps0/2 int (Ez^2 + Er^2): int_0^R J0^2 r dr = int_0^R J1^2 r dr = R^2 J1(j01)^2 / 2; along z, 1
# for kz = 0, else 1/2 of L for each of cos^2 and sin^2
w_exact = 0.5 * eps0 * E0**2 * np.pi * R**2 * j1**2 * L * (1 if kz == 0 else (1 + (kz / kr) ** 2) / 2)
dev = w / w_exact - 1
half = len(w) // 2
# W_E - const is a pure cosine at 2 omega: its step differences s obey s(n+1) + s(n-1) = 2 cos(2 omega dt) s(n)
s = np.diff(we)
a, b = s[1:-1], s[2:] + s[:-2]
omega = np.arccos(np.dot(a, b) / np.dot(a, a) / 2) / dt / 2
err = omega / (c * np.hypot(kr, kz)) - 1
print(f"kz {kz:g}: W(0) / analytic - 1 = {dev[0]:.3e}, max |W / analytic - 1| = {abs(dev).max():.3e} "
      f"(halves {abs(dev[:half]).max():.4e}, {abs(dev[half:]).max():.4e}), omega / analytic - 1 = {err:.3e}")
# the reported W takes B at whole steps, off the scheme's conserved E^n^2 + B^(n-1/2) B^(n+1/2) by
# O((omega dt)^2): 4.7e-4 peak to peak for TM010 (omega dt 0.043), 1.1e-3 for TM011 (0.071)
# the per-mode columns: mode 0 holds it all, mode 1 (not excited) exactly nothing
head = rows[0]
m0, m1 = d[:, head.index("field_energy_m0_J")], d[:, head.index("field_energy_m1_J")]
print(f"kz {kz:g}: field energy of mode 1 at most {abs(m1).max():g} J, mode 0 / total - 1 at most {abs(m0 / w - 1).max():.1e}")
ok = not m1.any() and abs(m0 / w - 1).max() < 1e-14
ok &= abs(dev[0]) < 1e-3 and abs(dev).max() < 2e-3 and abs(dev[half:]).max() < 1.01 * abs(dev[:half]).max() and abs(err) < 5e-4
sys.exit(0 if ok else 1)
PY
}
# The openPMD thetaMode files (every 25 steps): Ez of mode 0 projected on the mode's shape
# J0(kr r) cos(kz z) at Ez's positions (h5py, from the files' attributes), its amplitudes a_n
# obeying a_(n+1) + a_(n-1) = 2 cos(omega 25 dt) a_n; mode 1 exactly 0; openPMD-viewer's
# reconstruction at theta = 0 and 1 equal to mode 0 on both sides of the axis.
check_files() { # DIR, kz (1/m)
    "$root/.venv/bin/python" - "$1" "$2" <<'PY'
import glob, sys
import h5py
import numpy as np
from scipy.special import j0
kz = float(sys.argv[2])
R, j01, c = 0.01, 2.404825557695773, 299792458.0
kr = j01 / R
amps, times, ok = [], [], True
for name in sorted(glob.glob(sys.argv[1] + "/fields/openpmd_*.h5")):
    with h5py.File(name, "r") as f:
        (it,) = f["data"].values()
        E = it["meshes/E"]
        assert E.attrs["geometry"] == b"thetaMode" and E.attrs["geometryParameters"] == b"m=2;imag=+"
        assert list(E.attrs["axisLabels"]) == [b"r", b"z"] and E["z"].shape == (3, 32, 32)
        dr, dz = E.attrs["gridSpacing"]
        pr, pz = E["z"].attrs["position"]
        ez = E["z"][()]
        ok &= not ez[1:].any() and not E["r"][1:].any() and not E["t"][()].any()
        r = (np.arange(ez.shape[1]) + pr) * dr
        z = E.attrs["gridGlobalOffset"][1] + (np.arange(ez.shape[2]) + pz) * dz
        shape = np.outer(j0(kr * r), np.cos(kz * z))
        amps.append(np.sum(ez[0] * shape) / np.sum(shape * shape))
        times.append(it.attrs["time"] * it.attrs["timeUnitSI"])
a, t = np.array(amps), np.array(times)
omega = np.arccos(np.dot(a[1:-1], a[2:] + a[:-2]) / np.dot(a[1:-1], a[1:-1]) / 2) / (t[1] - t[0])
err = omega / (c * np.hypot(kr, kz)) - 1
from openpmd_viewer import OpenPMDTimeSeries
ts = OpenPMDTimeSeries(sys.argv[1] + "/fields", check_all_files=False)
it = ts.iterations[3]
full0, _ = ts.get_field("E", "z", iteration=it, m="all", theta=0)
full1, _ = ts.get_field("E", "z", iteration=it, m="all", theta=1.0)
m0, _ = ts.get_field("E", "z", iteration=it, m=0, theta=0)
view = np.array_equal(full0, m0) and np.array_equal(full1, m0) and np.array_equal(m0[:32], m0[32:][::-1])
print(f"kz {kz:g}: {len(a)} files, a(0) / E0 = {a[0] / 1e6:.6f}, omega / analytic - 1 = {err:.3e}; "
      f"modes >= 1 and Et zero: {bool(ok)}; openPMD-viewer at theta 0, 1 = mode 0: {view}")
sys.exit(0 if ok and view and abs(err) < 5e-4 and abs(a[0] / 1e6 - 1) < 1e-6 else 1)
PY
}
run_input rz_cavity.lua 600 "the TM010 cavity" --set diagnostics.output_dir=d0
if check_mode d0/rz_cavity_energy.csv 0; then ok; else bad "TM010 in RZ: energy or frequency"; fi
if check_files d0 0; then ok; else bad "TM010 in RZ: the thetaMode files"; fi
run_input rz_cavity.lua 600 "the TM011 cavity" --set diagnostics.output_dir=d1 --set constants.kz=314.1592653589793
if check_mode d1/rz_cavity_energy.csv 314.1592653589793; then ok; else bad "TM011 in RZ: energy or frequency"; fi
if check_files d1 314.1592653589793; then ok; else bad "TM011 in RZ: the thetaMode files"; fi
# boxes along r too (2 x 4): every record of the last file equal to the run above to the bit
run_input rz_cavity.lua 600 "TM011 in boxes along r" --set diagnostics.output_dir=d2 --set constants.kz=314.1592653589793 \
    --set 'grid.max_box={16,8}'
if "$root/.venv/bin/python" - <<'PY'; then ok; else bad "TM011 in RZ: boxes along r change the fields"; fi
import sys
import h5py
import numpy as np
a, b = h5py.File("d1/fields/openpmd_000600.h5"), h5py.File("d2/fields/openpmd_000600.h5")
diff = max(np.abs(a[f"data/600/meshes/{r}/{c}"][()] - b[f"data/600/meshes/{r}/{c}"][()]).max()
           for r in "EB" for c in "rtz")
print(f"boxes along r: largest difference of E, B after 600 steps {diff:g}")
sys.exit(0 if diff == 0 else 1)
PY

# refused: one line added to a small RZ input, the message naming the key
refuse() {
    key=$1 line=$2
    cat >bad.lua <<LUA
local picl = require("picl")
return picl.simulation {
  geometry = "rz", modes = 2,
  grid = { cells = { 8, 8 }, lower = { 0, 0 }, upper = { 1e-2, 1e-2 } },
  boundary = { field = { "pec", "pec" } },
  steps = 2,
  $line
}
LUA
    out=$("$picl" check --no-build bad.lua 2>&1)
    rc=$?
    if [ $rc -eq 2 ] && echo "$out" | grep -q "bad.lua:[0-9]*: $key: geometry = \"rz\""; then ok
    else bad "RZ did not refuse $key ($line): rc $rc: $out"; fi
}
refuse sort.interval 'species = { { name = "e", particle = "electron", density = 1e20, ppc = 1 } }, sort = { interval = 4 },'
refuse filter.godfrey 'filter = { godfrey = true },'
refuse solver.name 'solver = { name = "ckc" },'
refuse filter.passes 'filter = { passes = 1 },'
refuse diagnostics.full.1.fields 'diagnostics = { full = { { name = "f", interval = 1, fields = { "E", "Ex" } } } },'
refuse fields.Ex 'fields = { Ex = 1 },'
refuse grid.lower 'grid = { cells = { 8, 8 }, lower = { 1e-3, 0 }, upper = { 1e-2, 1e-2 } },'
out=$(printf 'local picl = require("picl")\nreturn picl.simulation {\n  geometry = "2d", modes = 2,\n  grid = { cells = { 8, 8 }, lower = { 0, 0 }, upper = { 1, 1 } },\n  steps = 2,\n}\n' >m.lua; "$picl" check --no-build m.lua 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -q 'm.lua:3: modes: is for geometry = "rz"'; then ok; else bad "modes with 2d: $out"; fi
summary
