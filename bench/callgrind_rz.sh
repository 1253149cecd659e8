#!/bin/sh
# callgrind_rz.sh: instructions per pushed particle per step of RZ's push_deposit (gather, push,
# charge-conserving deposit per mode), counted by valgrind's callgrind on PoCL with one thread,
# beside bench/callgrind_push.sh's 3D figure at the same order. inputs/rz_langmuir.lua on 16 x 32
# cells (boxes of 16 x 16), MODES modes (n_theta = 4 M angles per (r, z) position), STEPS steps,
# after a run that fills PoCL's kernel cache; its ions are frozen, so the electrons (half the
# particles) are the pushed ones. docs/rz.md, "Cost per particle".
# Usage: bench/callgrind_rz.sh [--set ...]   (MODES=2 ORDER=1 STEPS=4 by default)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=${PICL:-$root/bin/picl}
modes=${MODES:-2} order=${ORDER:-1} steps=${STEPS:-4}
dir=$(mktemp -d /tmp/picl_callgrind_rz_XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
export POCL_MAX_PTHREAD_COUNT=1
"$picl" run "$root/inputs/rz_langmuir.lua" -q --set "modes=$modes" --set "shape_order=$order" \
    --set 'grid.cells={16,32}' --set 'grid.max_box={16,16}' --set "steps=$steps" \
    --set "diagnostics.reduced.rz_langmuir.interval=$steps" --set 'diagnostics.full={}' >/dev/null
valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" "$picl" run "$root/inputs/rz_langmuir.lua" -q --profile \
    --set "modes=$modes" --set "shape_order=$order" --set 'grid.cells={16,32}' --set 'grid.max_box={16,16}' \
    --set "steps=$steps" --set "diagnostics.reduced.rz_langmuir.interval=$steps" --set 'diagnostics.full={}' "$@" \
    >"$dir/run.log" 2>"$dir/vg.log"
particles=$(awk '/^summary: [0-9]+ steps/ { print $6 }' "$dir/run.log")
callgrind_annotate --inclusive=yes --threshold=100 "$dir/cg.out" 2>/dev/null | awk -v n="$particles" -v s="$steps" '
    /_pocl_kernel_push_deposit_0_workgroup / && !done { gsub(",", "", $1); done = 1
        printf "push_deposit (RZ) %12.0f instructions per pushed particle per step (%d electrons, %d steps)\n", $1 / (n / 2 * s), n / 2, s }'
