#!/bin/sh
# test_rz_pml.sh: the absorbing boundaries of geometry = "rz" (docs/rz.md, "Boundaries"): the
# Cartesian CPML (templates/pml.cl) run over every stored part of every mode, along z and at r_max.
# inputs/rz_pml.lua (64 x 128 cells, 4 boxes along z, 300 steps, about 2 s each): a mode-0 donut
# (TE and TM, B = 0) splitting into two beams along z, and a ring short in z running out in r.
# The field energy of the reduced diagnostic after 300 steps, over its start:
#   donut, PML along z (10 cells), PEC at r_max: < 1e-4 (the control, PEC along z: > 0.9)
#   ring, PML along z and at r_max: < 1e-4 (the control, PEC at r_max: > 0.1); the same with
#   the layers outside the domain (pml_outside, 16 cells; the grid grows at r_max, not at the axis)
# What is left is the static field of the start's discrete divergence (the expressions are
# divergence-free to O(dr^2) only), the same with 10 or 16 cells: no wave stays.
# Gauss's law: div E (maxwell_rz.cl's, the axis disc included) on the nodes outside the layers is
# the same at step 300 as at step 0 to 1e-12 of max |E_r| / dr at the start (the PML never touches
# them), while deeper in the layers it changed by more than 1e-8 (the check sees them).
# inputs/rz_laser.lua shortened to 15 um (70 x 300 cells, M = 2, 600 steps, about 6 s): the m = 1
# laser's energy left after it ran into the PML along z, over its largest: < 1e-6. Focused harder
# (w0 = 1 um) in r_max = 4 um, 600 steps, layers outside: < 1e-6 with a PML at r_max, > 1e-5 with
# PEC there (the m = 1 field reflected at r_max).
# Refused: r_max "periodic" (exit 2, by the key; "--set: KEY" here; a PML along z with the
# moving window runs: tests/cli/test_rz_window.sh). inputs/rz_window.lua with a 4-cell PML at r_max: charge_residual < 1e-12.
. "$(dirname "$0")/lib.sh"
need_venv
scratch rz_pml
cd "$dir" || exit 1

# CSV, what, max or min, bound: W(end) / W(0), or W(end) / max W where what says "laser"
energy() {
    "$root/.venv/bin/python" - "$@" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))[1:]
w = [float(r[4]) for r in rows]
what, kind, bound = sys.argv[2], sys.argv[3], float(sys.argv[4])
ratio = w[-1] / (max(w) if "laser" in what else w[0])
print(f"  {what}: field energy at the end / {'its largest' if 'laser' in what else 'at the start'} = {ratio:.3e}")
sys.exit(0 if (ratio < bound if kind == "max" else ratio > bound) else 1)
PY
}

# FOLDER, PML cells along z (both ends), at r_max: Gauss's law from the first and last files
gauss() {
    "$root/.venv/bin/python" - "$@" <<'PY'
import glob, sys
import h5py
import numpy as np
def div(name):
    with h5py.File(name, "r") as f:
        (it,) = f["data"].values()
        E = it["meshes/E"]
        dr, dz = E.attrs["gridSpacing"]
        er, ez = E["r"][0], E["z"][0]
    nr, nz = er.shape
    G = np.zeros((nr, nz))
    i = np.arange(1, nr)[:, None]
    G[1:, 1:] = ((i + 0.5) * er[1:, 1:] - (i - 0.5) * er[:-1, 1:]) / (i * dr)
    G[0, 1:] = 4 * er[0, 1:] / dr  # the axis disc
    G[:, 1:] += (ez[:, 1:] - ez[:, :-1]) / dz
    return G, np.abs(er).max() / dr
files = sorted(glob.glob(sys.argv[1] + "/openpmd_*.h5"))
(G0, scale), (G1, _) = div(files[0]), div(files[-1])
nz_pml, nr_pml = int(sys.argv[2]), int(sys.argv[3])
nr, nz = G0.shape
d = np.abs(G1 - G0) / scale
inside = np.zeros_like(d, dtype=bool)
inside[: nr - nr_pml + 1, nz_pml : nz - nz_pml + 1] = True  # the layers' inner edges count
inside[:, 0] = False                                           # z = 0 has no Ez below it in the file
out, deep = d[inside].max(), d[~inside][1:].max()
print(f"  Gauss's law outside the layers: max |G(end) - G(0)| = {out:.3e} of max |E_r| / dr; in the layers {deep:.3e}")
sys.exit(0 if out < 1e-12 and deep > 1e-8 else 1)
PY
}

run_input rz_pml.lua 300 "donut, PML along z"
if energy diags/rz_pml.csv "donut, PML along z" max 1e-4 && gauss diags/fields 10 0; then ok; else bad "donut into the PML along z"; fi
rm -rf diags
run_input rz_pml.lua 300 "donut, PEC along z" --set 'boundary.field={"pec","pec"}'
if energy diags/rz_pml.csv "donut, PEC along z (the control)" min 0.9; then ok; else bad "the PEC control kept no energy"; fi
rm -rf diags
# r = "pml" for both faces (PICMI's 'open' at r_max) is the layer at r_max only, the axis stays
run_input rz_pml.lua 300 "ring, PML along z and at r_max" --set constants.ring=1 --set 'boundary.field={"pml","pml"}'
if energy diags/rz_pml.csv "ring, PML along z and at r_max" max 1e-4 && gauss diags/fields 10 10; then ok
else bad "ring into the PML at r_max"; fi
rm -rf diags
# the layers beyond the domain (pml_outside, 16 cells): the grid grows at r_max and along z only
set -- --set constants.ring=1 --set 'boundary.field={"pml","pml"}' --set boundary.pml_outside=true \
    --set boundary.pml_cells=16 --set 'grid.max_box={16,32}'
run_input rz_pml.lua 300 "ring, PML outside" "$@"
"$picl" check "$root/inputs/rz_pml.lua" "$@" >check.log 2>&1
if energy diags/rz_pml.csv "ring, PML outside (16 cells, boxes along r too)" max 1e-4 &&
    grep -q "^grid  *80 x 1 x 160 cells, lower {0, -0.5, -1.6e-05} m" check.log; then ok
else bad "ring into the PML outside the domain: $(grep "^grid" check.log)"; fi
rm -rf diags
run_input rz_pml.lua 300 "ring, PEC at r_max" --set constants.ring=1
if energy diags/rz_pml.csv "ring, PEC at r_max (the control)" min 0.1; then ok; else bad "the PEC r_max control kept no energy"; fi
rm -rf diags
run_input rz_laser.lua 600 "laser into the PML along z" --set 'grid.cells={70,300}' --set 'grid.upper={14e-6,15e-6}' \
    --set 'grid.max_box={70,75}' --set 'boundary.field={"pec","pml"}' --set steps=600 --set diagnostics.full.fields.interval=600
if energy diags/rz_laser_energy.csv "laser (m = 1) into the PML along z" max 1e-6; then ok; else bad "laser into the PML along z"; fi
rm -rf diags
# m = 1 at r_max: the same laser focused harder (w0 = 1 um, 3 um ahead: it spreads at 0.32 rad) in
# r_max = 4 um (20 cells) with 10-cell layers beyond it and along z: what is left after 600 steps,
# over the peak, with a PML at r_max against PEC there (the control)
for rb in pml pec; do
    run_input rz_laser.lua 600 "diverging laser, $rb at r_max" --set 'grid.cells={20,300}' --set 'grid.upper={4e-6,15e-6}' \
        --set "boundary.field={{\"pec\",\"$rb\"},{\"pml\",\"pml\"}}" --set boundary.pml_outside=true \
        --set 'grid.max_box={10,300}' --set steps=600 --set diagnostics.full.fields.interval=600 \
        --set lasers.beam.waist=1e-6 --set lasers.beam.focal_distance=3e-6
    if [ $rb = pml ]; then set -- max 1e-6; else set -- min 1e-5; fi
    if energy diags/rz_laser_energy.csv "diverging laser (m = 1), $rb at r_max" "$@"; then ok
    else bad "diverging laser, $rb at r_max"; fi
    rm -rf diags
done

# A warm plasma (tests/cli/test_rz_langmuir.sh's: u_th 0.05 c, M = 2; 24 x 24 cells, 4-cell PMLs,
# 300 steps, about 5 s a run). Particles never enter a layer: their boundary acts at its inner
# edge, as in Cartesian runs (docs/input.md). (1) PMLs along z with reflecting particles, PEC at
# r_max: the charge_residual (Gauss's law per mode on the nodes outside the layers) stays below
# 1e-12 of max |rho / eps0|, and electrons are absorbed at r_max. (2) A PML at r_max: electrons
# are absorbed at its inner edge, r = 20 cells, and none of the last file's lies beyond it (an
# absorbed particle's charge stays on the edge's nodes, as at a Cartesian PML's edge, so the
# charge_residual is not checked there).
warm() { # NAME, field boundaries, particle boundaries
    cat >"$1.lua" <<LUA
local picl = require("picl")
return picl.simulation {
  geometry = "rz", modes = 2, shape_order = 1,
  grid = { cells = { 24, 24 }, lower = { 0, 0 }, upper = { 6e-6, 6e-6 }, max_box = { 24, 8 } },
  boundary = { field = $2, particles = $3, pml_cells = 4 },
  steps = 300, precision = "double",
  species = {
    { name = "e", particle = "electron", density = 1e24, ppc = { 2, 2 }, u_th = { 0.05, 0.05, 0.05 } },
    { name = "i", particle = "proton", density = 1e24, ppc = { 2, 2 }, u_th = { 0.002, 0.002, 0.002 } },
  },
  diagnostics = { output_dir = "$1", reduced = { name = "warm", interval = 20 },
                  full = { { name = "parts", interval = 300, fields = { "E" }, species = { "e" } } } },
}
LUA
    "$picl" run "$1.lua" >"$1.log" 2>&1 || { bad "warm RZ plasma $1 did not run: $(tail -n 5 "$1.log")"; return 1; }
    "$root/.venv/bin/python" - "$1" <<'PY'
import csv, glob, sys
import h5py
import numpy as np
name = sys.argv[1]
rows = list(csv.DictReader(open(name + "/warm.csv")))
res = max(float(r["charge_residual"]) for r in rows)
lost = {k: int(float(v)) for k, v in rows[-1].items() if k.startswith("absorbed") and float(v) > 0}
with h5py.File(sorted(glob.glob(name + "/parts/openpmd_*.h5"))[-1], "r") as f:
    (it,) = f["data"].values()
    e = it["particles/e/position"]
    r = np.hypot(e["x"][()] * e["x"].attrs["unitSI"], e["y"][()] * e["y"].attrs["unitSI"])
print(f"  warm plasma, {name}: charge_residual at most {res:.2e} over 300 steps; absorbed {lost}; "
      f"largest r of the last file's electrons {r.max() / 0.25e-6:.4f} cells")
pml_r = name == "pml_r"
ok = lost.get("absorbed_e_x_hi", 0) > 0 and r.max() <= (20 if pml_r else 24) * 0.25e-6 * (1 + 1e-12)
ok &= pml_r or (res < 1e-12 and "absorbed_e_z_lo" not in lost)
sys.exit(0 if ok else 1)
PY
}
if warm pml_z '{ "pec", "pml" }' '{ "absorbing", "reflecting" }'; then ok; else bad "warm RZ plasma, PMLs along z"; fi
if warm pml_r '{ "pml", "periodic" }' '{ "absorbing", "periodic" }'; then ok; else bad "warm RZ plasma, PML at r_max"; fi

# the moving window (inputs/rz_window.lua, 40 steps) with a 4-cell PML at r_max: the window shifts
# every part's psi (window.cl); Gauss's law per mode holds (charge_residual < 1e-12)
rm -rf diags
run_input rz_window.lua 40 "the moving window with a PML at r_max" --set 'boundary.field={"pml","pec"}' \
    --set boundary.pml_cells=4
if "$root/.venv/bin/python" - diags/*.csv <<'PY'; then ok; else bad "the moving window with a PML at r_max"; fi
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
res = max(float(r["charge_residual"]) for r in rows)
print(f"  moving window, PML at r_max: charge_residual at most {res:.2e} over 40 steps")
sys.exit(0 if res < 1e-12 else 1)
PY

refused() { # input, message, --set ...: exit 2 and "KEY: ...message"
    in=$1 msg=$2
    shift 2
    "$picl" check "$root/inputs/$in" "$@" >check.log 2>&1
    rc=$?
    if [ $rc -eq 2 ] && grep -q ": boundary.field: .*$msg" check.log; then ok
    else bad "expected exit 2 and '$msg', got rc $rc: $(cat check.log)"; fi
}
refused rz_pml.lua '"periodic" at r_max; expected "pec" or "pml"' --set 'boundary.field={{"periodic","periodic"},{"pml","pml"}}'
summary
