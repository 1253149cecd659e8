#!/bin/sh
# test_expr_device.sh: a density that is negative at one cell of a 256^3 grid, between the points
# of the host's thinned check: `picl check --no-build` (host only) passes it, `picl run` refuses it
# with exit 2, the key and the position, and writes nothing (the device's check runs first).
. "$(dirname "$0")/lib.sh"
scratch exprdev
cd "$dir" || exit 1
cat >one_bad.lua <<'LUA'
local picl = require("picl")
local dx = 1e-6
return picl.simulation {
  grid = { cells = {256, 256, 256}, lower = {0, 0, 0}, upper = {256*dx, 256*dx, 256*dx}, max_box = 64 },
  steps = 1,
  constants = { n0 = 1e24, X1 = 1.5*dx, Y1 = 100.5*dx, Z1 = 37.5*dx, h = 0.25*dx },
  species = {
    { name = "electrons", particle = "electron", ppc = {1, 1, 1},
      density = "(fabs(x - X1) < h && fabs(y - Y1) < h && fabs(z - Z1) < h) ? -1 : n0" },
  },
  diagnostics = { reduced = { name = "one_bad", interval = 1 } },
  checkpoint = { interval = 1, dir = "ckpt" },
}
LUA
out=$("$picl" check --no-build one_bad.lua 2>&1)
rc=$?
if [ $rc -eq 0 ]; then ok; else bad "check --no-build (the host's thinned check) refused it (rc $rc): $out"; fi
out=$("$picl" run one_bad.lua 2>&1)
rc=$?
want="one_bad.lua:9: species.electrons.density: is negative at (x, y, z) = (1.5e-06, 0.0001005, 3.75e-05) m (the first such point)"
if [ $rc -eq 2 ] && echo "$out" | grep -qF "$want" && [ "$(echo "$out" | grep -c 'error:')" -eq 1 ]; then ok
else bad "run (rc $rc): $out"; fi
if [ ! -e diags ] && [ ! -e ckpt ] && [ "$(ls)" = "one_bad.lua" ]; then ok; else bad "run wrote: $(ls)"; fi
summary
