#!/bin/sh
# test_psatd_charge_residual.sh: with solver = "psatd" the reduced CSV's charge_residual is Gauss's
# law in PSATD's spectral divergence (docs/psatd.md, "The charge_residual column"): a drifting
# thermal plasma with direct deposition reads round-off over 50 steps with current correction (on by
# default) and a large residual with solver.current_correction = false.
. "$(dirname "$0")/lib.sh"
scratch psatd_cr
cd "$dir" || exit 1
# electrons (u_th 0.05 c, Debye length one cell, drifting) and cold protons on one lattice: rho = 0
# and E = 0 at the start; c dt = dx/2; as tests/unit/test_psatd_current_correction.c
cat >plasma.lua <<'LUA'
local picl = require("picl")
local dx = 1e-6
local wp = 0.05 * picl.c / dx
local n0 = wp * wp * picl.eps0 * picl.m_e / picl.q_e ^ 2
return picl.simulation{
  geometry = "2d",
  grid = { cells = {32, 32}, lower = {0, 0}, upper = {32e-6, 32e-6} },
  boundary = { field = "periodic", particles = "periodic" },
  solver = { name = "psatd", dt = 0.5 * dx / picl.c }, steps = 50,
  precision = "double", shape_order = 2, deposition = "direct",
  species = {
    { name = "electrons", particle = "electron", density = n0, ppc = {2, 2}, u_th = 0.05, u_drift = {0.1, 0, 0.05} },
    { name = "protons", particle = "proton", density = n0, ppc = {2, 2} },
  },
  diagnostics = { output_dir = "diags", reduced = { name = "energy", interval = 10 } },
}
LUA
# the largest charge_residual of diags/energy.csv over its rows
column_max() {
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "charge_residual") c = i; next }
             c { v = $c + 0; if (v > m) m = v; n++ } END { if (n >= 6) printf "%.3e\n", m; else print "none" }' \
        diags/energy.csv
}
check_run() { # usage: check_run WHAT TEST(awk condition on m) [picl run options...]
    what=$1 cond=$2
    shift 2
    rm -rf diags
    if ! "$picl" run plasma.lua "$@" >run.log 2>&1; then
        bad "$what: the run failed:"
        tail -n 10 run.log
        return
    fi
    m=$(column_max)
    echo "  $what: max charge_residual over steps 0..50 = $m"
    if [ "$m" != none ] && awk -v m="$m" "BEGIN { exit !($cond) }"; then ok; else bad "$what: $m, expected $cond"; fi
}
check_run "current correction (default with direct deposition)" "m < 1e-12"
check_run "solver.current_correction = false" "m > 1e-3" --set solver.current_correction=false
summary
