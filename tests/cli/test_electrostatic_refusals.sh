#!/bin/sh
# test_electrostatic_refusals.sh: solver = "electrostatic" (docs/electrostatic.md) as `picl check`
# prints it (tolerance, iterations, the faces' potentials), and what it does not do refused by
# key (FILE:LINE: KEY, exit 2): RZ, a boost, a moving window, lasers, a PML face, a potential on a
# periodic axis, its keys with another solver, and the phi diagnostic with another solver.
. "$(dirname "$0")/lib.sh"
scratch cli

cat >"$dir/es.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  geometry = "2d",
  grid = { cells = {32, 16}, lower = {0, 0}, upper = {32e-6, 16e-6} },
  boundary = { field = { x = "pec", z = "periodic" }, particles = { x = "absorbing", z = "periodic" } },
  solver = { name = "electrostatic", dt = 1e-14, potential_x_hi = "10*sin(1e12*t)" },
  diagnostics = { full = { name = "f", interval = 2, fields = { "phi", "E" } } },
  steps = 3,
}
LUA
out=$("$picl" check --no-build "$dir/es.lua" 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "^solver  *electrostatic, dt = 1e-14 s" &&
    echo "$out" | grep -qF "Poisson by conjugate gradients to |r| <= 1e-10 |b|, at most 10000 iterations" &&
    echo "$out" | grep -qF "potential_x_hi     10*sin(1e12*t)    [solver.potential_x_hi, $dir/es.lua:6]"; then ok
else bad "electrostatic input (rc $rc): $out"; fi

# name, --set ..., expected text (after FILE:LINE:)
check_refusal() {
    name=$1 want=$2
    shift 2
    out=$("$picl" check --no-build "$dir/es.lua" "$@" 2>&1)
    rc=$?
    if [ $rc -eq 2 ] && echo "$out" | grep -qF -- "$want"; then ok
    else bad "$name (rc $rc): $out"; fi
}
check_refusal "pml" "boundary.field: \"pml\" on the lower face of x with solver \"electrostatic\"" \
    --set 'boundary.field={x="pml",z="periodic"}'
check_refusal "window" "moving_window: given with solver \"electrostatic\", which does not support a moving window" \
    --set 'moving_window={axis="x",speed=1}'
check_refusal "boost" "boost: given with solver \"electrostatic\"" --set 'boost={gamma=2,axis="z"}' \
    --set 'boundary={field="pec",particles="absorbing"}'
check_refusal "periodic potential" "solver.potential_z_lo: given, but the z faces are periodic" \
    --set 'solver.potential_z_lo=1'
check_refusal "dropped axis" "solver.potential_y_lo: given, but 2d has no axis y" --set 'solver.potential_y_lo=1'
check_refusal "yee keys" "solver.potential_x_hi: given with solver \"yee\"" --set 'solver.name=yee'
check_refusal "phi with yee" "diagnostics.full.f.fields: \"phi\" with solver \"yee\"" \
    --set 'solver={name="yee"}'
check_refusal "rz" "solver.name" --set 'geometry=rz' --set 'boundary={field={x="pec",z="periodic"},particles={x="absorbing",z="periodic"}}'
# in the file: FILE:LINE: KEY
sed 's/potential_x_hi = /potential_z_hi = 2, potential_x_hi = /' "$dir/es.lua" >"$dir/es_z.lua"
out=$("$picl" check --no-build "$dir/es_z.lua" 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF "$dir/es_z.lua:6: solver.potential_z_hi: given, but the z faces are periodic"; then ok
else bad "periodic potential in the file (rc $rc): $out"; fi
summary
