#!/bin/sh
# test_host_waits.sh: the host's blocking calls on the queue (clFinish, clWaitForEvents, blocking
# reads and writes) that `picl run -v` counts per step (docs/speed.md, "Host synchronisation").
# A count, not a timing: inside the step, exactly the two that docs/speed.md documents (the box
# tables' read, once per moving species, and the profiling events' wait), in the CPU's and the
# GPU's default strategies (simd_cells, global_atomics; deterministic and local_tiles count the
# same); the reduced diagnostic's reads fall around the steps, on the steps it is due only.
. "$(dirname "$0")/lib.sh"
scratch waits
cd "$dir" || exit 1
small="--set grid.cells={16,16,16} --set grid.max_box=8 --set steps=6 --set diagnostics.reduced.uniform_plasma.interval=3"
for strategy in simd_cells global_atomics; do
    # shellcheck disable=SC2086 # $small is a list of options
    run_input uniform_plasma.lua 6 "$strategy" -v $small --set deposition_strategy=$strategy
    per_step=$(sed -n 's/.*host waits: \([0-9.]*\) blocking calls per step inside the step.*/\1/p' run.log)
    around=$(sed -n 's/.*inside the step ([0-9]* steps; .*), \([0-9]*\) around the steps.*/\1/p' run.log)
    reasons=$(grep -c 'host waits: .* per step  ' run.log)
    # two reduced rows in the loop (steps 3 and 6), each: field energies, Gauss residual, kinetic
    # energy and the timers
    if [ "$per_step" = "2.00" ] && [ "$reasons" = 2 ] && grep -q 'per step  particles_check: the box tables' run.log &&
       grep -q 'per step  timers_collect' run.log && [ "$around" = 8 ]; then
        echo "  ok   $strategy: $per_step blocking calls per step in the step, $around around the steps"; ok
    else
        bad "$strategy: $per_step per step ($reasons reasons), $around around:"; grep 'host waits' run.log
    fi
done
summary
