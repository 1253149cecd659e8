#!/bin/sh
# test_rz_window.sh: the moving window along z in geometry = "rz" (docs/rz.md, "Moving window").
# inputs/rz_window.lua: a cold plasma (M = 2, 16 x 64 cells in 4 boxes along z, 40 steps, 23
# shifts) with a standing electrostatic pattern in modes 0 and 1 that stays put in the lab.
# Checked: the particles of each species and their total weight per unit length stay exactly
# those of the load (28672, the sum of weights equal to 1e-12; the plasma is cold, so every shift
# removes one layer of 448 particles and injects one), and no particle lies behind the window; the
# pattern of E_z in mode 0 and in mode 1's cos part sits, in the window's cells, where the lab
# pattern is after the shifts: the fitted offset (a least-squares cos/sin fit along z, in cells)
# equals the whole shifts floor(c t / dz) to 0.05 cell (3e-4 and 5e-3 measured at steps 20 and
# 40; 7.7e-4 and 1.1e-2 for mode 1), mode 1's sin part stays at round-off (4e-13 of
# the cos part; bound 1e-10); the file's gridGlobalOffset is the shifts' distance;
# Gauss's law per mode (charge_residual) below 1e-12 at every row (2.5e-15 measured). Then the
# same plasma and window with the binomial filter along z (2 passes): charge_residual below 1e-12; the refusals of a window along r and of the filter along r; a laser with the
# window accepted (its antenna stays at its lab z: tests/cli/test_rz_window_laser.sh). PMLs along z
# with the window: below, before the refusals.
. "$(dirname "$0")/lib.sh"
need_venv
scratch rz_window
cd "$dir" || exit 1
run_input rz_window.lua 40 "the RZ moving window"
"$root/.venv/bin/python" - diags <<'PY'
import csv, glob, sys
import h5py
import numpy as np
from scipy.constants import c
k0, cells = 2 * np.pi / 8e-6, 16  # the pattern's wavelength, in cells
ok = True
rows = list(csv.DictReader(open(sys.argv[1] + "/rz_window.csv")))
res = max(float(r["charge_residual"]) for r in rows)
for sp in ("electrons", "ions"):
    n = {int(r["particles_" + sp]) for r in rows}
    moved = int(rows[-1]["window_removed_" + sp]), int(rows[-1]["window_injected_" + sp])
    print(f"{sp}: counts {sorted(n)}, removed and injected by the window {moved}")
    ok &= n == {28672} and moved[0] == moved[1] == 23 * 448  # 23 layers of 14 x 2 radii x 8 angles x 2
weights = {}
for name in sorted(glob.glob(sys.argv[1] + "/fields/openpmd_*.h5")):
    it = list(h5py.File(name)["data"].values())[0]
    t = it.attrs["time"] * it.attrs["timeUnitSI"]
    E = it["meshes/E"]
    dz = E.attrs["gridSpacing"][1]
    shifts = int(np.floor(c * t / dz + 1e-9))
    z0 = E.attrs["gridGlobalOffset"][1]
    ok &= abs(z0 - shifts * dz) < 1e-6 * dz
    for sp in ("electrons", "ions"):
        p = it["particles/" + sp]
        weights.setdefault(sp, []).append(p["weighting"][:].sum())
        ok &= p["position/z"][:].min() >= z0
    Ez = E["z"][:]
    if shifts == 0:
        continue
    zw = (np.arange(Ez.shape[2]) + E["z"].attrs["position"][1]) * dz  # from the window's back
    sel = slice(4, 44)  # away from the back wall and from the front, where fresh plasma enters
    A = np.vstack([np.cos(k0 * zw[sel]), np.sin(k0 * zw[sel])]).T
    for part, label in ((0, "m = 0"), (1, "m = 1 (cos)")):
        co = np.linalg.lstsq(A, Ez[part, 3, sel], rcond=None)[0]
        # the lab pattern is -cos(k0 z): in the window's cells it sits at shifts + half a wavelength
        off = np.arctan2(-co[1], co[0]) / (k0 * dz)
        d = (off - (shifts + cells / 2) + cells / 2) % cells - cells / 2  # wrapped to [-8, 8)
        print(f"{name.split('/')[-1]}: c t / dz = {c * t / dz:.3f}, {shifts} shifts; E_z {label} offset off by {d:+.2e} cell")
        ok &= abs(d) < 0.05
    sin1 = abs(Ez[2]).max() / abs(Ez[1]).max()
    print(f"  mode 1's sin part {sin1:.1e} of its cos part")
    ok &= sin1 < 1e-10
for sp, w in weights.items():
    drift = max(abs(np.array(w) / w[0] - 1))
    print(f"{sp}: sum of weights within {drift:.1e} of the load's")
    ok &= drift < 1e-12
print(f"charge_residual at most {res:.2e}")
sys.exit(0 if ok and res < 1e-12 else 1)
PY
if [ $? -eq 0 ]; then ok; else bad "RZ moving window: particles, fields' shift or Gauss's law"; fi

# the binomial filter along z per mode (docs/rz.md, "Filter") in the moving window: filtered J and
# filtered rho keep Gauss's law per mode away from the window's faces (1.7e-15 measured; 1.9e-3
# when rz_reduce_gauss counted the back's nodes, where particles leave without their current)
run_input rz_window.lua 40 "the RZ plasma with the filter along z" --set 'filter.passes={0,2}' \
    --set diagnostics.output_dir=filtered
"$root/.venv/bin/python" - filtered/rz_window.csv <<'PY'
import csv, sys
res = max(float(r["charge_residual"]) for r in csv.DictReader(open(sys.argv[1])))
print(f"filter passes {{0, 2}}: charge_residual at most {res:.2e}")
sys.exit(0 if res < 1e-12 else 1)
PY
if [ $? -eq 0 ]; then ok; else bad "RZ filter along z: Gauss's law"; fi

# PMLs along z (10 cells each end) with the window (issue #38; docs/rz.md, "Moving window"): the
# plasma lies, enters and leaves outside the layers (before the fix it was loaded into them and
# push_deposit crashed). Checked: 44 of the 64 cells hold plasma, so 19712 particles per species
# at every row, removed = injected = 23 layers of 448, no particle within a layer in the files,
# the sum of weights of the files at steps 0, 20, 40 equal to 1e-12, and charge_residual below
# 1e-12 (1.9e-15 measured; 1.5e-2 when the reference and the counted nodes ignored the layers).
run_input rz_window.lua 40 "the RZ window with PMLs along z" --set 'boundary.field={"pec",{"pml","pml"}}' \
    --set diagnostics.output_dir=pmlz
"$root/.venv/bin/python" - pmlz <<'PY'
import csv, glob, sys
import h5py
import numpy as np
rows = list(csv.DictReader(open(sys.argv[1] + "/rz_window.csv")))
res = max(float(r["charge_residual"]) for r in rows)
ok = res < 1e-12
for sp in ("electrons", "ions"):
    n = {int(r["particles_" + sp]) for r in rows}
    moved = int(rows[-1]["window_removed_" + sp]), int(rows[-1]["window_injected_" + sp])
    print(f"PML along z: {sp}: counts {sorted(n)}, removed and injected {moved}")
    ok &= n == {19712} and moved[0] == moved[1] == 23 * 448
    w = []
    for name in sorted(glob.glob(sys.argv[1] + "/fields/openpmd_*.h5")):
        it = list(h5py.File(name)["data"].values())[0]
        E = it["meshes/E"]
        dz, z0 = E.attrs["gridSpacing"][1], E.attrs["gridGlobalOffset"][1]
        z = it["particles/" + sp + "/position/z"][:]
        ok &= z.min() >= z0 + 10 * dz and z.max() <= z0 + 54 * dz
        w.append(it["particles/" + sp + "/weighting"][:].sum())
    drift = max(abs(np.array(w) / w[0] - 1))
    print(f"  {len(w)} files, outside the layers; sum of weights within {drift:.1e} of the load's")
    ok &= len(w) == 3 and drift < 1e-12
print(f"PML along z: charge_residual at most {res:.2e}")
sys.exit(0 if ok else 1)
PY
if [ $? -eq 0 ]; then ok; else bad "RZ window with PMLs along z: particles or Gauss's law"; fi

# A pulse's reflection off the back PML with the window (issue #38): inputs/rz_pml.lua's mode-0
# donut (16 cells a wavelength, 10-cell PMLs along z), the window at 0.5 c from t = 0 (at c what
# comes back rides with the back face, as in tests/cli/test_window_pml.sh), 120 steps (77 cells of
# light): the backward half has entered the back layer (its centre 51 cells behind the domain) and
# the forward half is at cell 102. The field energy (sum of (E^2 + c^2 B^2) r) in cells 10 to 60
# along z, which only a reflection off the back reaches, over the start's whole: below 1e-3 with
# the PML (6.8e-5 measured; 2D's moving layer 5.9e-5), above 1e-2 with a PEC back (6.3e-2).
for back in pml pec; do
    run_input rz_pml.lua 120 "the RZ pulse into the back $back with the window" --set steps=120 \
        --set "boundary.field={\"pec\",\"$back\"}" --set 'moving_window={axis="z",speed=0.5}' \
        --set 'diagnostics.full.fields.interval=120' --set "diagnostics.output_dir=back_$back"
done
"$root/.venv/bin/python" - <<'PY'
import glob, sys
import h5py
import numpy as np
from scipy.constants import c
def energy(name, lo, hi):
    with h5py.File(name, "r") as f:
        (it,) = f["data"].values()
        E, B = it["meshes/E"], it["meshes/B"]
        u = sum(E[a][0] ** 2 for a in "rtz") + c * c * sum(B[a][0] ** 2 for a in "rtz")
    r = np.arange(u.shape[0]) + 0.5
    return (u[:, lo:hi] * r[:, None]).sum()
ratio = {}
for back in ("pml", "pec"):
    files = sorted(glob.glob(f"back_{back}/fields/openpmd_*.h5"))
    ratio[back] = energy(files[-1], 10, 60) / energy(files[0], 0, None)
    print(f"window at 0.5 c, back {back}: energy in cells 10..60 at step 120 / the start's = {ratio[back]:.2e}")
sys.exit(0 if ratio["pml"] < 1e-3 and ratio["pec"] > 1e-2 else 1)
PY
if [ $? -eq 0 ]; then ok; else bad "RZ window: reflection off the back PML"; fi

cat >bad.lua <<LUA
local picl = require("picl")
return picl.simulation {
  geometry = "rz", modes = 2, shape_order = 1,
  grid = { cells = { 8, 8 }, lower = { 0, 0 }, upper = { 1e-2, 1e-2 } },
  boundary = { field = { "pec", "pec" } },
  species = { { name = "e", particle = "electron", density = 1e20, ppc = 1 } },
  steps = 2,
  moving_window = { axis = "x" },
}
LUA
out=$("$picl" check --no-build bad.lua 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -q "bad.lua:[0-9]*: moving_window.axis: geometry = \"rz\""; then ok; else
    bad "a window along r not refused by key: $out"; fi
sed -i 's|moving_window = { axis = "x" },|filter = { passes = { 1, 0 } },|' bad.lua
out=$("$picl" check --no-build bad.lua 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -q "bad.lua:[0-9]*: filter.passes: geometry = \"rz\": the binomial filter along r"; then
    ok; else bad "the filter along r not refused by key: $out"; fi
# a laser with the window: accepted (the antenna stays at its lab z, test_rz_window_laser.sh)
out=$("$picl" check --no-build "$root/inputs/rz_laser.lua" --set 'moving_window={axis="z"}' 2>&1)
if [ $? -eq 0 ]; then ok; else bad "a laser with the window refused: $out"; fi
summary
