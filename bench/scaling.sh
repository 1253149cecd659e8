#!/bin/sh
# scaling.sh: weak and strong scaling of the uniform plasma over MPI ranks (make bench-scaling,
# docs/parallel.md). Weak: 32^3 cells with 8 particles per cell per rank (the domain grows along x);
# strong: 64 x 32 x 32 cells shared by all. Ranks 1, 2 and 4 (4 oversubscribed on a 2-core
# machine: for the record). Medians of RUNS runs (default 3) of the wall time per step; the
# paper's efficiencies: weak E = T(1) / T(N), strong E = T(1) / (N T(N)); and the share of the
# step spent in guard exchanges between ranks (rank 0's wall time in exchanges, waits for the other
# ranks included, over its loop; both from step 2 on).
# Usage: bench/scaling.sh [extra --set options...]   (RUNS=3 STEPS=30 RANKS="1 2 4")
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=$root/bin/picl
runs=${RUNS:-3}
steps=${STEPS:-30}
ranks=${RANKS:-1 2 4}
out=${OUT:-$root/build/bench}
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
csv=$out/scaling.csv
echo "kind,ranks,run,s_per_step,exchange_s,loop_s" >"$csv"

# one run: prints "s_per_step exchange_s loop_s"
run_one() {
    n=$1 cells=$2 log=$3
    shift 3
    (cd "$out" && mpirun --oversubscribe -np "$n" "$picl" run "$root/inputs/uniform_plasma.lua" -q --profile \
        --set "grid.cells=$cells" --set "grid.max_box=16" --set "steps=$steps" \
        --set "species.electrons.ppc=2" --set "diagnostics.reduced.uniform_plasma.interval=$steps" "$@") >"$log" 2>&1
    awk -v steps="$steps" '
        /s per step \(wall/ { for (i = 1; i <= NF; i++) if ($i == "s" && $(i + 1) == "per") sps = $(i - 1) }
        /wall in exchanges/ { for (i = 1; i <= NF; i++) if ($i == "s" && $(i + 1) == "wall") ex = $(i - 1) }
        END { printf "%s %s %s\n", sps, (ex == "" ? 0 : ex), sps * (steps - 1) }' "$log"
}

printf '%-7s %6s %12s %12s %14s\n' kind ranks "s/step" efficiency "exchange share"
for kind in weak strong; do
    t1=""
    for n in $ranks; do
        if [ "$kind" = weak ]; then cells="{$((32 * n)),32,32}"; else cells="{64,32,32}"; fi
        for run in $(seq "$runs"); do
            set -- $(run_one "$n" "$cells" "$out/scaling_${kind}_${n}_$run.log")
            echo "$kind,$n,$run,$1,$2,$3" >>"$csv"
        done
        rows=$(grep "^$kind,$n," "$csv")
        sps=$(echo "$rows" | cut -d, -f4 | median)
        share=$(echo "$rows" | awk -F, '{ print ($6 > 0 ? $5 / $6 : 0) }' | median)
        [ -n "$t1" ] || t1=$sps
        if [ "$kind" = weak ]; then eff=$(awk -v a="$t1" -v b="$sps" 'BEGIN { print a / b }')
        else eff=$(awk -v a="$t1" -v b="$sps" -v n="$n" 'BEGIN { print a / (n * b) }'); fi
        printf '%-7s %6s %12.4f %12.2f %13.1f%%\n' "$kind" "$n" "$sps" "$eff" "$(awk -v s="$share" 'BEGIN { print 100 * s }')"
    done
done
echo "raw figures: $csv (logs: $out/scaling_*.log)"
