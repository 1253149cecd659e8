#!/bin/sh
# test_mpi_config.sh: ranks that resolve different configurations (issue #42) are refused before
# anything is allocated, with one message naming what differs and exit 2 on every rank, not a
# hang in a collective; and math.random gives every rank the same numbers, so an input that
# draws one (an output folder, a seed) is the same run on each.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpirun="timeout 120 mpirun --oversubscribe"
scratch mpi_config
cd "$dir" || exit 1

# a small run whose RANK_STEPS, RANK_SEED and RANK_PROGRESS lines the cases below fill in
# (r is the rank, from Open MPI's environment)
input() {
    cat >"$1.lua" <<LUA
local picl = require("picl")
local r = tonumber(os.getenv("OMPI_COMM_WORLD_RANK") or "0")
$2
return picl.simulation {
  grid = { cells = { 16, 16, 8 }, lower = { -1e-5, -1e-5, -1e-5 }, upper = { 1e-5, 1e-5, 1e-5 }, max_box = 8 },
  solver = { name = "yee", cfl = 1.0 },
  steps = steps or 2,
  species = { { name = "electrons", particle = "electron", density = 1e25, ppc = { 1, 1, 1 }, u_th = 0.01,
                seed = seed or 7 } },
  diagnostics = { output_dir = out or "$dir/out", reduced = { name = "r", interval = 1 } },
  progress_interval = progress or 20,
}
LUA
}

# -- rank-dependent steps: refused on both ranks before any kernel is built, naming steps
input steps 'steps = 2 + r'
$mpirun -np 2 "$picl" run steps.lua >steps.log 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "different configurations.*steps differs between rank 0 ('steps 2,.*) and rank 1 ('steps 3," steps.log &&
   [ "$(grep -c 'different configurations' steps.log)" -eq 1 ] && ! grep -q "rank 1:" steps.log; then ok
else bad "rank-dependent steps: exit $rc (2 expected, 124 is a hang): $(tail -5 steps.log)"; fi

# -- an indented line is named with its heading: a species' seed
input seed 'seed = 7 + r'
$mpirun -np 2 "$picl" run seed.lua >seed.log 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "species electrons: seed differs between rank 0 ('seed *7') and rank 1 ('seed *8')" seed.log; then ok
else bad "rank-dependent seed: exit $rc: $(tail -5 seed.log)"; fi

# -- math.random gives every rank the same numbers (seeded from the input), and math.randomseed()
#    without a seed takes the input's, not the time: the output folders agree, so what differs is
#    the progress interval, printed after them (no kernel is built to learn this)
input random "math.randomseed(); out = '$dir/o' .. math.random(1, 1000000); progress = 20 + r"
$mpirun -np 2 "$picl" run random.lua >random.log 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "progress differs between rank 0" random.log; then ok
else bad "math.random differs between ranks: exit $rc: $(grep -m1 'differs' random.log || tail -5 random.log)"; fi
# ... and in every run of that input: picl check shows the same folder twice
a=$("$picl" check --no-build random.lua | grep '^output')
b=$("$picl" check --no-build random.lua | grep '^output')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "math.random differs between two checks: '$a' '$b'"

summary
