#!/bin/sh
# test_first_step.sh: `picl check` compiles the run's kernels once, into PoCL's cache, and the run
# after it compiles none (docs/speed.md, "First step"). A count of the compiled kernels (the
# cache's .so files, the expression check's own kernels left out) in a fresh $POCL_CACHE_DIR:
# after check, every kernel of the program; after the run, not one more. With the user's
# POCL_WORK_GROUP_SPECIALIZATION=0 set (the opt-in); with PoCL's default (a compile per work-group size, which only a launch knows)
# check leaves the kernels to the run. Skipped where the default device is not PoCL's.
. "$(dirname "$0")/lib.sh"
scratch firststep
cd "$dir" || exit 1
if ! "$picl" devices 2>/dev/null | head -n 2 | grep -q "Portable Computing Language"; then
    echo "  skipped: the default device is not PoCL's"
    summary
    exit
fi
small="--set grid.cells={16,16,16} --set grid.max_box=8 --set steps=2"
compiled() { find "$1" -name '*.so' ! -name 'picl_check_*' | wc -l; }

export POCL_CACHE_DIR="$dir/cache"
export POCL_WORK_GROUP_SPECIALIZATION=0 # the opt-in (docs/cli.md)
# shellcheck disable=SC2086 # $small is a list of options
"$picl" check "$root/inputs/uniform_plasma.lua" $small >check.log 2>&1 || { bad "check failed:"; tail check.log; }
after_check=$(compiled "$POCL_CACHE_DIR")
# shellcheck disable=SC2086
run_input uniform_plasma.lua 2 "after check" -v $small
after_run=$(compiled "$POCL_CACHE_DIR")
first=$(sed -n 's/.*the first took \([0-9.]*\) s).*/\1/p' run.log)
if [ "$after_check" -ge 20 ] && [ "$after_run" -eq "$after_check" ]; then
    echo "  ok   check compiled $after_check kernels, the run after it none (its first step $first s)"; ok
else
    bad "check compiled $after_check kernels, the run $((after_run - after_check)) more (expected >= 20, then 0)"
fi

export POCL_CACHE_DIR="$dir/cache_specialised"
# shellcheck disable=SC2086
env -u POCL_WORK_GROUP_SPECIALIZATION "$picl" check "$root/inputs/uniform_plasma.lua" $small >check1.log 2>&1 ||
    { bad "check with PoCL's default failed:"; tail check1.log; }
n=$(compiled "$POCL_CACHE_DIR")
if [ "$n" -eq 0 ]; then
    echo "  ok   with PoCL's default (specialised, which picl keeps) check compiles no kernel (the run's launches do)"; ok
else
    bad "with PoCL's default check compiled $n kernels that the run cannot use"
fi

# With PoCL's default, a cold run compiles each guard kernel once: halo_local_plan, halo_fill
# and halo_sum, in work-groups of one size whatever the plan (a PEC face gives plans of several
# sizes; before: one kernel per exchange, compiled once per work-group size, 10 compiles here).
export POCL_CACHE_DIR="$dir/cache_cold"
# shellcheck disable=SC2086
env -u POCL_WORK_GROUP_SPECIALIZATION "$picl" run "$root/inputs/uniform_plasma.lua" -q $small \
    --set 'boundary.field={x="pec",y="periodic",z="periodic"}' >cold.log 2>&1 || { bad "cold run failed:"; tail cold.log; }
halos=$(find "$POCL_CACHE_DIR" -path '*/halo*' -name '*.so' | sed 's|.*/\(halo[^/]*\)\.so$|\1|' | sort | tr '\n' ' ')
if [ "$halos" = "halo_fill halo_local_plan halo_sum " ]; then
    echo "  ok   a cold run (PEC face) compiled the guard kernels once each: $halos"; ok
else
    bad "a cold run compiled these guard kernels (expected halo_fill halo_local_plan halo_sum, once each): $halos"
fi
summary
