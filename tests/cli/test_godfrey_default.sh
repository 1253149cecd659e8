#!/bin/sh
# test_godfrey_default.sh: filter.godfrey defaults to true with a boost along z when the solver
# (CKC) and the gather (energy-conserving) allow it, and the summary says so; an explicit false
# wins; without a boost, or with Yee, it stays off (docs/filters.md).
. "$(dirname "$0")/lib.sh"
scratch cli

write() { # write FILE SOLVER EXTRA
    cat >"$1" <<LUA
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 16}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 2e-6}, max_box = {8, 8, 16} },
  boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },
  solver = { name = "$2" },
  steps = 2,
  $3
}
LUA
}
fails=0
check() { # check NAME FILE WANT(on|off|default)
    out=$(cd "$dir" && "$picl" check "$2" 2>&1)
    line=$(printf '%s\n' "$out" | grep '^filter  *Godfrey' || true)
    case $3 in
    default) case $line in *"on by default with the boost"*) ok=1 ;; *) ok=0 ;; esac ;;
    on) case $line in "") ok=0 ;; *"by default"*) ok=0 ;; *) ok=1 ;; esac ;;
    off) [ -z "$line" ] && ok=1 || ok=0 ;;
    esac
    if [ $ok = 1 ]; then echo "ok   $1"; else echo "FAIL $1: got '$line'"; printf '%s\n' "$out" | tail -5; fails=$((fails + 1)); fi
}
write "$dir/a.lua" ckc "boost = { gamma = 3 },"
check "boost + CKC: on by default" a.lua default
write "$dir/b.lua" ckc "boost = { gamma = 3 }, filter = { godfrey = false },"
check "explicit false wins" b.lua off
write "$dir/c.lua" ckc ""
check "no boost: off" c.lua off
write "$dir/d.lua" yee "boost = { gamma = 3 },"
check "boost + Yee: off (the coefficients are CKC's)" d.lua off
write "$dir/e.lua" ckc "boost = { gamma = 3 }, filter = { godfrey = true },"
check "explicit true: on, not by default" e.lua on
[ $fails = 0 ] || exit 1
echo "test_godfrey_default: 5 passed"
