#!/bin/sh
# callgrind_push.sh: instructions per particle per step of each particle kernel, counted by
# valgrind's callgrind on PoCL with one thread (counts do not drift with the machine's load,
# as timings do). A small uniform plasma (CELLS^3 cells, boxes of CELLS/2, 8 particles per
# cell, STEPS steps) runs once to fill PoCL's kernel cache, then under callgrind.
# Usage: bench/callgrind_push.sh [--set ...]   (ORDER=3 CELLS=8 STEPS=4 by default)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=${PICL:-$root/bin/picl}
order=${ORDER:-3} cells=${CELLS:-8} steps=${STEPS:-4}
dir=$(mktemp -d /tmp/picl_callgrind_XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
export POCL_MAX_PTHREAD_COUNT=1
"$picl" run "$root/inputs/uniform_plasma.lua" -q --set "grid.cells={$cells,$cells,$cells}" \
    --set "grid.max_box=$((cells / 2))" --set "shape_order=$order" --set "steps=$steps" \
    --set "diagnostics.reduced.uniform_plasma.interval=$steps" "$@" >/dev/null
valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" "$picl" run "$root/inputs/uniform_plasma.lua" -q \
    --set "grid.cells={$cells,$cells,$cells}" --set "grid.max_box=$((cells / 2))" --set "shape_order=$order" \
    --set "steps=$steps" --set "diagnostics.reduced.uniform_plasma.interval=$steps" "$@" >/dev/null 2>"$dir/vg.log"
particles=$((cells * cells * cells * 8))
# inclusive counts of the kernels' work-group functions (PoCL names them _pocl_kernel_<name>...)
callgrind_annotate --inclusive=yes --threshold=100 "$dir/cg.out" 2>/dev/null | awk -v n="$particles" -v s="$steps" '
    /_pocl_kernel_/ && !/_workgroup_fast/ { gsub(",", "", $1); name = $0; sub(/.*_pocl_kernel_/, "", name); sub(/[ _]workgroup.*/, "", name); sub(/ .*/, "", name)
        if (!(name in seen)) { seen[name] = 1; printf "%-28s %12.0f instructions per particle per step\n", name, $1 / (n * s) } }'
