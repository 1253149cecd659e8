#!/bin/sh
# test_mpi.sh: picl over MPI ranks (mpirun --oversubscribe: CI has 2 cores). The physics and
# counts are in tests/mpi/test_mpi.c, run here on 1, 2 and 4 ranks; this script adds what a user
# sees: `picl check --ranks`, a run on 2 ranks whose reduced diagnostics match the 1-rank run,
# and a failure on one rank that stops every rank with a non-zero status instead of a hang.
. "$(dirname "$0")/lib.sh"
prog=$root/${BUILD:-build}/tests-mpi/test_mpi
[ -x "$prog" ] || { echo "FAIL: $prog is not built (make unit)"; exit 1; }
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
# Open MPI refuses root unless told; CI runs as root
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpirun="mpirun --oversubscribe"
scratch mpi
cd "$root" || exit 1

# -- the physics on 1, 2 and 4 ranks against the 1-rank run
for n in 1 2 4; do
    if timeout 1500 $mpirun -np $n "$prog" >"$dir/np$n.log" 2>&1; then
        ok
        grep -E '^  ' "$dir/np$n.log" | sed "s/^/np $n:/"
    else
        bad "test_mpi on $n ranks:"
        tail -n 30 "$dir/np$n.log"
    fi
done

# -- picl check --ranks N: boxes and particles per rank
out=$("$picl" check --no-build inputs/uniform_plasma.lua --ranks 3 2>&1)
if echo "$out" | grep -q "^ranks: 3, sfc distribution" && [ "$(echo "$out" | grep -cE '^ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$')" -eq 3 ]; then ok
else bad "picl check --ranks 3: $out"; fi
out=$("$picl" check --no-build inputs/uniform_plasma.lua --ranks 0 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "positive number of ranks" && ok || bad "--ranks 0 accepted: $out"
out=$("$picl" check --no-build inputs/uniform_plasma.lua --set parallel.distribution=hilbert 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "parallel.distribution" && ok || bad "a bad distribution accepted: $out"

# -- a run on 2 ranks writes what the 1-rank run writes (rank 0 alone writes files)
input=inputs/uniform_plasma.lua
common="--set steps=6 --set grid.cells={32,32,16} --set grid.max_box=16 --set diagnostics.reduced.uniform_plasma.interval=3"
if "$picl" run -q $input $common --set diagnostics.output_dir="$dir/one" >"$dir/one.log" 2>&1 &&
   $mpirun -np 2 "$picl" run -q $input $common --set diagnostics.output_dir="$dir/two" >"$dir/two.log" 2>&1; then
    one=$(ls "$dir/one"/*.csv 2>/dev/null | head -1)
    two=$dir/two/$(basename "$one")
    if [ -f "$one" ] && [ -f "$two" ] && python3 - "$one" "$two" <<'PY'
import csv, sys
a = list(csv.reader(open(sys.argv[1]))); b = list(csv.reader(open(sys.argv[2])))
assert a[0] == b[0] and len(a) == len(b) and len(a) > 2, "different shape"
for ra, rb in zip(a[1:], b[1:]):
    for h, x, y in zip(a[0], ra, rb):
        x, y = float(x), float(y)
        assert abs(x - y) <= 1e-10 * max(abs(x), 1e-300) or (h == "charge_residual" and abs(x - y) < 1e-12), (h, x, y)
PY
    then ok; else bad "reduced diagnostics of 2 ranks differ from 1 rank ($one, $two)"; fi
    grep -q "summary: 2 ranks" "$dir/two.log" || [ -s "$dir/two.log" ] || true
else
    bad "runs failed: $(tail -5 "$dir/one.log" "$dir/two.log")"
fi

# -- field ionization on 2 ranks split across the field (the electrons cross between ranks, with
#    their charge states in the migration records): the same events and counts as on 1 rank
cat >"$dir/ionize.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 4, 4}, lower = {0, 0, 0}, upper = {8e-9, 4e-9, 4e-9}, max_box = 4 },
  solver = { name = "yee", dt = 2e-19 }, steps = 60, shape_order = 1,
  applied_fields = { E = { 5e11, 0, 0 } },
  species = {
    { name = "e", particle = "electron", density = 0, ppc = 1 },
    { name = "N", ionization = { element = "N", product = "e" }, density = 1e12, ppc = {2, 4, 4} },
  },
  diagnostics = { reduced = { name = "ionize", interval = 20 } },
}
LUA
if "$picl" run -q "$dir/ionize.lua" --set diagnostics.output_dir="$dir/ione" >"$dir/ione.log" 2>&1 &&
   $mpirun -np 2 "$picl" run -q "$dir/ionize.lua" --set diagnostics.output_dir="$dir/itwo" >"$dir/itwo.log" 2>&1; then
    if python3 - "$dir/ione/ionize.csv" "$dir/itwo/ionize.csv" <<'PY'
import csv, sys
a = list(csv.reader(open(sys.argv[1]))); b = list(csv.reader(open(sys.argv[2])))
assert a[0] == b[0] and len(a) == len(b) and len(a) > 2, "different shape"
assert float(a[-1][a[0].index("particles_e")]) > 0, "no ionization"
for ra, rb in zip(a[1:], b[1:]):
    for h, x, y in zip(a[0], ra, rb):
        x, y = float(x), float(y)
        if h.startswith("particles_"):
            assert x == y, (h, x, y)
        assert abs(x - y) <= 1e-10 * max(abs(x), 1e-300) or (h == "charge_residual" and abs(x - y) < 1e-12), (h, x, y)
PY
    then ok; else bad "field ionization: 2 ranks differ from 1 rank"; fi
else
    bad "field ionization runs failed: $(tail -5 "$dir/ione.log" "$dir/itwo.log")"
fi

# -- one rank fails (too little device memory for its boxes): all stop, non-zero, no hang
start=$(date +%s)
timeout 300 $mpirun -np 2 "$picl" run -q $input $common --set memory.device=200KiB --set diagnostics.output_dir="$dir/bad" >"$dir/bad.log" 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q "memory.device" "$dir/bad.log" && [ ! -e "$dir/bad/$(basename "${one:-x.csv}")" ]; then ok
else bad "a failing rank: rc $rc after $(($(date +%s) - start)) s: $(tail -5 "$dir/bad.log")"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
