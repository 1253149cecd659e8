#!/bin/sh
# test_psatd_refusals.sh: solver = "psatd" runs periodic fields (any boxes, any ranks) so far; `picl check`
# refuses the rest (FILE:LINE: KEY, exit 2) naming what is missing, and accepts a dt above any
# FDTD limit (PSATD has none), and solver.grid = "collocated" with PSATD and direct deposition only.
# docs/psatd.md.
. "$(dirname "$0")/lib.sh"
scratch cli

cat >"$dir/psatd.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  geometry = "2d",
  grid = { cells = {32, 32}, lower = {0, 0}, upper = {32e-6, 32e-6} },
  solver = "psatd",
  steps = 3,
}
LUA
out=$("$picl" check --no-build "$dir/psatd.lua" 2>&1)
rc=$?
# WarpX's default for PSATD: dt = 0.999 min(dx) / c = 3.3323e-15 s here
if [ $rc -eq 0 ] && echo "$out" | grep -q "^solver  *psatd" && echo "$out" | grep -qF "dt = 3.33230531e-15 s (cfl 0.999 of min(dx)/c = 3.33564095e-15 s; PSATD has no limit)"; then ok
else bad "psatd input (rc $rc): $out"; fi

out=$("$picl" check --no-build "$dir/psatd.lua" --set solver.dt=1e-14 2>&1)
rc=$?
if [ $rc -eq 0 ]; then ok; else bad "psatd with dt three times min(dx)/c (rc $rc): $out"; fi

# key, --set, expected text
check_refusal() {
    out=$("$picl" check --no-build "$dir/psatd.lua" $2 2>&1)
    rc=$?
    if [ $rc -eq 2 ] && echo "$out" | grep -qF -- "$3"; then ok
    else bad "$1 (rc $rc): $out"; fi
}
# several boxes on one rank: one FFT of the whole domain (docs/psatd.md, "Several boxes and ranks")
out=$("$picl" check --no-build "$dir/psatd.lua" --set grid.max_box=16 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "^max_box  *16 x 1 x 16 cells (4 boxes)"; then ok; else bad "four boxes (rc $rc): $out"; fi
check_refusal "pec" "--set boundary.field=pec --set boundary.particles=absorbing" \
    "boundary.field: \"pec\" on the lower face of x with solver \"psatd\"; PSATD has periodic field boundaries only"
check_refusal "pml" "--set boundary.field=pml --set boundary.particles=absorbing" \
    "boundary.field: \"pml\" on the lower face of x"
# solver.grid = "collocated" (all components at the nodes): PSATD with direct deposition only
out=$("$picl" check --no-build "$dir/psatd.lua" --set solver.grid=collocated --set deposition=direct 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "^solver  *psatd on the collocated grid with current correction (on by default"; then ok
else bad "collocated psatd (rc $rc): $out"; fi
# and its openPMD files put every component at the nodes (position 0), the staggered ones at Yee's
sed 's/solver = "psatd",/solver = { name = "psatd", grid = "collocated" }, deposition = "direct",\
  diagnostics = { full = { name = "openpmd", interval = 2, fields = { "E", "B" } } },/; s/steps = 3,/steps = 2,/' \
    "$dir/psatd.lua" >"$dir/colloc.lua"
sed 's/grid = "collocated"/grid = "staggered"/' "$dir/colloc.lua" >"$dir/stag.lua"
positions() {
    (cd "$dir" && rm -rf diags && "$picl" run "$1.lua" >"$1.log" 2>&1) &&
        "$root/.venv/bin/python" - "$dir/diags/openpmd/openpmd_000002.h5" <<'PY'
import sys, h5py
m = h5py.File(sys.argv[1])["data/2/meshes"]
print(" ".join("%s%s=%g,%g" % ((r, c) + tuple(m[r][c].attrs["position"])) for r in "EB" for c in "xyz"))
PY
}
p=$(positions colloc)
if [ "$p" = "Ex=0,0 Ey=0,0 Ez=0,0 Bx=0,0 By=0,0 Bz=0,0" ]; then ok; else bad "collocated openPMD positions: $p"; fi
p=$(positions stag)
if [ "$p" = "Ex=0,0.5 Ey=0,0 Ez=0.5,0 Bx=0.5,0 By=0.5,0.5 Bz=0,0.5" ]; then ok; else bad "staggered openPMD positions: $p"; fi
check_refusal "collocated with esirkepov" "--set solver.grid=collocated" \
    "deposition: \"esirkepov\" with solver.grid = \"collocated\"; Esirkepov's current sits at Yee's staggered"
check_refusal "collocated with yee" "--set solver.name=yee --set solver.grid=collocated" \
    "solver.grid: \"collocated\" with solver \"yee\", whose finite differences need the staggered (Yee) grid"
check_refusal "update_with_rho with yee" "--set solver.name=yee --set solver.update_with_rho=true" \
    "solver.update_with_rho: true with solver \"yee\"; the rho form is PSATD's"
check_refusal "current_correction with yee" "--set solver.name=yee --set solver.current_correction=true" \
    "solver.current_correction: true with solver \"yee\"; the correction is made in PSATD's k-space"
out=$("$picl" check --no-build "$dir/psatd.lua" --set solver.current_correction=true 2>&1)
if echo "$out" | grep -q "^solver  *psatd with current correction, dt"; then ok; else bad "current correction line: $out"; fi
# WarpX's default: current correction on with PSATD and direct deposition, off with Esirkepov's
# charge-conserving current; an explicit false wins; Yee with direct deposition has none
cc_line() {
    out=$("$picl" check --no-build "$dir/psatd.lua" $2 2>&1)
    if echo "$out" | grep -q "^solver  *$3"; then ok; else bad "$1: $out"; fi
}
cc_line "default with direct" "--set deposition=direct" \
    "psatd with current correction (on by default with direct deposition; solver.current_correction = false turns it off), dt"
cc_line "direct, explicit false" "--set deposition=direct --set solver.current_correction=false" \
    "psatd without current correction, dt"
cc_line "default with esirkepov" "" "psatd without current correction, dt"
cc_line "yee with direct" "--set deposition=direct --set solver.name=yee" "yee, dt"
check_refusal "collocated with ckc" "--set solver.name=ckc --set solver.grid=collocated" \
    "solver.grid: \"collocated\" with solver \"ckc\""
sed 's/steps = 3,/steps = 3, boost = { gamma = 10, axis = "z" },\
  boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },/' "$dir/psatd.lua" >"$dir/boost.lua"
out=$("$picl" check --no-build "$dir/boost.lua" 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF "boost.lua:6: boost: given with solver \"psatd\", which does not support a boosted frame"; then ok
else bad "boost (rc $rc): $out"; fi
summary
