#!/bin/sh
# test_geometry_elements.sh: applied-field elements in 2D (docs/geometry.md). A quadrupole about
# an axis at (x = 7.5 um, y = 0) is a slab lens in x: By = g (x - xc), Bx = 0 at y = 0. An electron
# at gamma 2 along z, x0 = 1 um off the axis, crosses it (L = 30 um, K = |q g / p| = 0.01 / L^2)
# and leaves with the thick lens' slope, x0 sqrt(K) sinh(sqrt(K) L) (g > 0: defocused) or
# -x0 sqrt(K) sin(sqrt(K) L) (g < 0: focused), to 1e-3 (the thin lens differs by K L^2 / 6 =
# 1.7e-3, so the test tells them apart); y and u_y stay 0. The 3D test is
# tests/unit/test_applied_fields.c; solenoids in 2D are refused by key. In 1D (x = y = 0) a
# solenoid's B_z and an off-axis quadrupole's uniform B (below).
. "$(dirname "$0")/lib.sh"
scratch geometry_elements
cd "$dir" || exit 1
cat >quad2d.lua <<'LUA'
local picl = require("picl")
local gamma = 2
local v = math.sqrt(1 - 1 / gamma ^ 2) * picl.c
local p = gamma * picl.m_e * v
local L = 30e-6
local K = 0.01 / L ^ 2
local g = K * p / picl.q_e       -- T/m
return picl.simulation {
  geometry = "2d",
  grid = { cells = { 16, 64 }, lower = { 0, 0 }, upper = { 16e-6, 64e-6 } },
  solver = { dt = 0.1e-6 / v }, steps = 465,     -- v dt = 0.1 um: from z = 3.5 um to 50 um
  applied_fields = { elements = { { kind = "quadrupole", gradient = g, z = { 10e-6, 40e-6 }, center = { 7.5e-6, 0 } } } },
  species = { { name = "e", particle = "electron", density = 1, ppc = 1,
                region = { lower = { 8.3e-6, 3.3e-6 }, upper = { 8.7e-6, 3.7e-6 } },
                u_drift = { 0, 0, math.sqrt(gamma ^ 2 - 1) } } },
  diagnostics = { output_dir = "g", extrema = { name = "x", interval = 5, species = "e" } },
}
LUA
# the gradient as a number: K p / q for K L^2 = 0.01 at gamma 2
g=$(python3 -c "import math; c=299792458.0; m=9.1093837015e-31; q=1.602176634e-19; v=math.sqrt(0.75)*c; print(repr(0.01/30e-6**2*2*m*v/q))")
for sign in + -; do
    if "$picl" run quad2d.lua --set "applied_fields.elements={{kind=\"quadrupole\", gradient=${sign#+}$g, z={10e-6, 40e-6}, center={7.5e-6, 0}}}" \
        --set diagnostics.output_dir=g$sign >q$sign.log 2>&1; then ok
    else bad "2D quadrupole ($sign) run failed"; tail -n 3 q$sign.log; continue; fi
    python3 - g$sign/x.csv $sign <<'PY' && ok || bad "2D quadrupole ($sign): the slope is not the thick lens'"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
last = rows[-1]
assert last["particles"] == "1" and float(last["z_max_m"]) > 40e-6, last
L, x0 = 30e-6, 1e-6
k = math.sqrt(0.01) / L
want = x0 * k * math.sinh(k * L) if sys.argv[2] == "+" else -x0 * k * math.sin(k * L)
thin = (1 if sys.argv[2] == "+" else -1) * x0 * k * k * L
slope = float(last["ux_max"]) / float(last["uz_max"])
assert all(float(r[c]) == 0 for r in rows for c in ("y_min_m", "y_max_m", "uy_min", "uy_max"))
print("  2d quadrupole (gradient %s): slope %.9e, thick lens %.9e (%+.1e), thin lens %+.1e off" % (sys.argv[2], slope, want,
      slope / want - 1, thin / want - 1))
assert abs(slope / want - 1) < 1e-3, slope / want - 1
PY
done
expect() { # expect WHAT PATTERN picl-args...
    what=$1 pattern=$2
    shift 2
    if "$picl" check --no-build "$@" >e.log 2>&1; then bad "$what: accepted"; return; fi
    if grep -q -- "$pattern" e.log; then ok; else bad "$what: unexpected message:"; cat e.log; fi
}
expect "a solenoid in 2d" 'applied_fields.elements.1.kind: geometry = "2d": a solenoid is a field about its axis' \
    quad2d.lua --set 'applied_fields.elements={{kind="solenoid", B=1, z={1e-6, 5e-6}}}'
expect "an off-plane quadrupole in 2d" 'applied_fields.elements.1.center: geometry = "2d": the particles sit at y = 0' \
    quad2d.lua --set 'applied_fields.elements={{kind="quadrupole", gradient=1, z={1e-6, 5e-6}, center={0, 1e-6}}}'
# 1D: the particle sits at x = y = 0. A solenoid's field there is B_z(z) (its B_r vanishes on its
# axis): an electron with u = (0.5, 0, uz) at gamma 2 leaves a 1 T solenoid (30 um, 4 um edges,
# the integral of B_z 1 T x 30 um) with its transverse u turned by e B L / (gamma m v_z) and
# |u_perp| kept. A quadrupole about an axis at (1 um, 0) is there a uniform B_y = -g x_c over
# its 30 um: the electron along z leaves it bent by sin(theta) = e g x_c L / p, towards -x for
# g > 0. Both to 1e-6 (the Boris push's rotation is exact to (omega dt)^2 / 12).
sed 's/geometry = "2d"/geometry = "1d"/; s/cells = { 16, 64 }, lower = { 0, 0 }, upper = { 16e-6, 64e-6 }/cells = { 64 }, lower = { 0 }, upper = { 64e-6 }/; s/lower = { 8.3e-6, 3.3e-6 }, upper = { 8.7e-6, 3.7e-6 }/lower = { 3.3e-6 }, upper = { 3.7e-6 }/' quad2d.lua >quad1d.lua
"$picl" run quad1d.lua --set 'applied_fields.elements={{kind="solenoid", B=1, z={10e-6, 40e-6}, fringe=4e-6}}' \
    --set 'species.e.u_drift={0.5, 0, 1.6583123951776999}' --set diagnostics.output_dir=s1 >s1.log 2>&1 && ok ||
    { bad "1D solenoid run failed"; tail -n 3 s1.log; }
"$picl" run quad1d.lua --set 'applied_fields.elements={{kind="quadrupole", gradient=1e4, z={10e-6, 40e-6}, center={1e-6, 0}}}' \
    --set diagnostics.output_dir=q1 >q1.log 2>&1 && ok || { bad "1D quadrupole run failed"; tail -n 3 q1.log; }
python3 - s1/x.csv q1/x.csv <<'PY' && ok || bad "1D elements: the turn or the bend is not the theory's"
import csv, math, sys
c, m, e = 299792458.0, 9.1093837015e-31, 1.602176634e-19
s = list(csv.DictReader(open(sys.argv[1])))[-1]
ux, uy, uz = float(s["ux_max"]), float(s["uy_max"]), float(s["uz_max"])
vz = uz / 2 * c  # gamma 2: v = u c / gamma
want = e * 1.0 * 30e-6 / (2 * m * vz)
turn = math.atan2(uy, ux)
q = list(csv.DictReader(open(sys.argv[2])))[-1]
qx, qz = float(q["ux_max"]), float(q["uz_max"])
p = m * c * math.sqrt(3)  # gamma 2: u = sqrt(3)
bend = qx / math.hypot(qx, qz)
want_bend = -e * 1e4 * 1e-6 * 30e-6 / p
print("  1d solenoid: transverse u turned by %.9e rad (theory %.9e, %+.1e), |u_perp| %.12f (0.5)" % (turn, want, turn / want - 1,
      math.hypot(ux, uy)))
print("  1d quadrupole off its axis: sin(bend) %.9e (theory %.9e, %+.1e)" % (bend, want_bend, bend / want_bend - 1))
assert abs(turn / want - 1) < 1e-6 and abs(math.hypot(ux, uy) - 0.5) < 1e-12 and abs(bend / want_bend - 1) < 1e-6
PY
summary
