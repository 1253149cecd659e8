#!/bin/sh
# test_mpi_messages.sh: a failure under mpirun is told once (docs/parallel.md): rank 0 prints the
# message, other ranks only a message that differs from rank 0's; when every rank failed alike,
# the ranks finalize normally (no MPI_Abort banner) and mpirun exits with picl's status.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch mpimsg
cd "$dir" || exit 1
input=$root/inputs/langmuir.lua

# once NAME STATUS PATTERN [picl run arguments...]: 2 ranks, exit STATUS, PATTERN on exactly
# one line, one "error:" line in all, no abort
once() {
    name=$1 want=$2 pattern=$3
    shift 3
    out=$(timeout 300 mpirun --oversubscribe -np 2 "$picl" run "$input" "$@" 2>&1)
    rc=$?
    if [ $rc -eq "$want" ] && [ "$(echo "$out" | grep -c "$pattern")" -eq 1 ] &&
       [ "$(echo "$out" | grep -c '^picl: error:')" -eq 1 ] && ! echo "$out" | grep -q MPI_ABORT &&
       ! echo "$out" | grep -q "errors\? generated"; then ok
    else bad "$name: exit $rc ($want expected), one message expected:"; echo "$out" | grep -v '^-\|^ *$' | tail -n 8; fi
}

# a bad value: the input's key, once
once "a bad --set value" 2 "steps: expected a positive integer" --set steps=abc
# a stray argument (found before MPI starts: ranks other than 0 keep quiet)
once "a stray argument" 2 "unexpected argument" grid.cells=32
# too little device memory for the boxes, on both ranks alike
once "too little device memory" 2 "raise memory.device" --set stop_time=nil --set steps=2 --set "grid.max_box={16,4,4}" --set memory.device=100KiB
# a bad key in a table
once "an unknown key" 2 "grid.cellz" --set "grid.cellz={8,8,8}"
# an expression that does not build: the key, once, without PoCL's "1 error generated."
once "an expression that does not build" 2 "^picl: error:.*species.electrons.density" --set stop_time=nil --set steps=2 \
    --set "grid.max_box={16,4,4}" --set 'species.electrons.density="n0*(1+delta*cos(k*x)) + undefined_thing"'
# no checkpoint to continue from: every rank looks, each finds none, one message
once "--restart latest without a checkpoint" 2 "no checkpoint" --set stop_time=nil --set steps=2 \
    --set "grid.max_box={16,4,4}" --set "checkpoint={dir=\"$dir/none\"}" --restart latest

summary
