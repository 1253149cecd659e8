#!/bin/sh
# callgrind_push.sh: instructions per particle per step of each particle kernel, counted by
# valgrind's callgrind on PoCL with one thread (counts do not drift with the machine's load,
# as timings do). A small uniform plasma (CELLS^3 cells, boxes of CELLS/2, 8 particles per
# cell, STEPS steps) runs once to fill PoCL's kernel cache, then under callgrind.
# START=s counts steps s+1..STEPS only (the run of STEPS steps less one of s steps, both counted):
# the mixed steady state that the first steps hide (docs/speed.md, "Steady state"), e.g.
# CELLS=16 START=150 STEPS=160.
# Usage: bench/callgrind_push.sh [--set ...]   (ORDER=3 CELLS=8 STEPS=4 START=0 by default)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=${PICL:-$root/bin/picl}
order=${ORDER:-3} cells=${CELLS:-8} steps=${STEPS:-4} start=${START:-0}
[ "$start" -lt "$steps" ] || { echo "bench/callgrind_push.sh: START=$start must be below STEPS=$steps" >&2; exit 2; }
dir=$(mktemp -d /tmp/picl_callgrind_XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
export POCL_MAX_PTHREAD_COUNT=1
"$picl" run "$root/inputs/uniform_plasma.lua" -q --set "grid.cells={$cells,$cells,$cells}" \
    --set "grid.max_box=$((cells / 2))" --set "shape_order=$order" --set "steps=$steps" \
    --set "diagnostics.reduced.uniform_plasma.interval=$steps" "$@" >/dev/null
# inclusive counts of the kernels' work-group functions (PoCL names them _pocl_kernel_<name>...)
counted() { # steps [--set ...] -> "name count" lines
    k=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$dir/cg$k.out" "$picl" run "$root/inputs/uniform_plasma.lua" -q \
        --set "grid.cells={$cells,$cells,$cells}" --set "grid.max_box=$((cells / 2))" --set "shape_order=$order" \
        --set "steps=$k" --set "diagnostics.reduced.uniform_plasma.interval=$steps" "$@" >/dev/null 2>"$dir/vg.log"
    callgrind_annotate --inclusive=yes --threshold=100 "$dir/cg$k.out" 2>/dev/null | awk '
        /_pocl_kernel_/ && !/_workgroup_fast/ { gsub(",", "", $1); name = $0; sub(/.*_pocl_kernel_/, "", name); sub(/[ _]workgroup.*/, "", name); sub(/ .*/, "", name)
            if (!(name in seen)) { seen[name] = 1; print name, $1 } }'
}
particles=$((cells * cells * cells * 8))
counted "$steps" "$@" | sed 's/^/end /' >"$dir/counts.txt"
if [ "$start" -gt 0 ]; then
    counted "$start" "$@" | sed 's/^/start /' >>"$dir/counts.txt"
fi
awk -v n="$particles" -v s="$((steps - start))" '$1 == "end" { order[++k] = $2; c[$2] = $3 } $1 == "start" { c[$2] -= $3 }
    END { for (i = 1; i <= k; i++) printf "%-28s %12.0f instructions per particle per step\n", order[i], c[order[i]] / (n * s) }' "$dir/counts.txt"

