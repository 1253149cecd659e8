#!/bin/sh
# test_input_errors.sh: `picl check` on inputs, as a user meets it: a good input with --set
# prints its resolved form; a bad one exits 2 with FILE:LINE: KEY: message; scripts are sandboxed.
. "$(dirname "$0")/lib.sh"
scratch cli

cat >"$dir/good.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 1e-6}, max_box = 8 },
  steps = 3,
  species = { { name = "electrons", particle = "electron", density = 1e24, ppc = 2 } },
}
LUA
out=$("$picl" check --no-build "$dir/good.lua" --set species.electrons.u_th=0.25 --set solver=ckc 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "0.25, 0.25, 0.25" && echo "$out" | grep -q "^solver  *ckc"; then ok
else bad "good input with --set (rc $rc): $out"; fi

sed 's/cells = {16/cels = {16/' "$dir/good.lua" >"$dir/typo.lua"
out=$("$picl" check --no-build "$dir/typo.lua" 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF "typo.lua:3: grid.cels: unknown key; did you mean 'cells'?"; then ok
else bad "misspelt key (rc $rc): $out"; fi

out=$("$picl" check --no-build "$dir/good.lua" --set grid.cels=3 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF -- "--set: grid.cels: unknown key; did you mean 'cells'?"; then ok
else bad "misspelt --set key (rc $rc): $out"; fi

printf 'os.execute("touch %s/pwned")\n' "$dir" >"$dir/evil.lua"
out=$("$picl" check --no-build "$dir/evil.lua" 2>&1)
rc=$?
if [ $rc -eq 2 ] && [ ! -e "$dir/pwned" ] && echo "$out" | grep -qF "evil.lua:1: os.execute is not available to input scripts"; then ok
else bad "os.execute in a script (rc $rc): $out"; fi

out=$("$picl" check --no-build "$dir/missing.lua" 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF "cannot open input '$dir/missing.lua': No such file or directory"; then ok
else bad "missing input (rc $rc): $out"; fi

summary
