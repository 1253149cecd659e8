#!/bin/sh
# stage.sh: the paper's boosted-frame stage benchmark (inputs/pwfa_boosted.lua: 64 x 64 x 512 cells,
# gamma_boost 30, moving window, e+p 1 per cell, driver and witness, Godfrey, Vay, CKC, order 3).
# Prints the median over RUNS runs of the wall time per step after the warm-up (picl's summary:
# steps 2..STEPS, the first step, which builds the kernels and loads the plasma, left out), the
# paper's figure of merit FOM = cells * (0.1 + 0.9 ppc) / (time per step), ns per particle per
# step, and the kernel shares of the median run (docs/bench.md).
# Usage: bench/stage.sh [extra --set options...]   (RUNS=3 STEPS=10 by default)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=$root/bin/picl
runs=${RUNS:-3}
steps=${STEPS:-10}
out=${OUT:-$root/build/bench}
mkdir -p "$out"
csv=$out/stage.csv
echo "run,s_per_step,fom,ns_per_particle_step,arena_MiB,rss_MiB" >"$csv"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "# inputs/pwfa_boosted.lua, $steps steps (time per step over steps 2-$steps), median of $runs runs"
for run in $(seq "$runs"); do
    log=$out/stage_$run.log
    (cd "$out" && "$picl" run "$root/inputs/pwfa_boosted.lua" -q --profile --set "steps=$steps" \
        --set "diagnostics.reduced.energy.interval=$steps" "$@") >"$log"
    awk -v r="$run" '
        /ns per particle per step/ { for (i = 1; i <= NF; i++) { if ($i == "ns") ns = $(i - 1); if ($i == "FOM") fom = $(i + 1); if ($i == "per" && $(i+1) == "step" && !sps) sps = $(i - 2) } }
        /device arena peak/ { arena = $5; rss = $(NF - 1) }
        END { printf "%s,%s,%s,%s,%s,%s\n", r, sps, fom, ns, arena, rss }' "$log" >>"$csv"
done
rows=$(tail -n +2 "$csv")
sps=$(echo "$rows" | cut -d, -f2 | median)
fom=$(echo "$rows" | cut -d, -f3 | median)
ns=$(echo "$rows" | cut -d, -f4 | median)
printf '%-10s %12s %14s %10s\n' "s/step" FOM "ns/particle" "runs"
printf '%-10.4f %12.3e %14.1f %10s\n' "$sps" "$fom" "$ns" "$(echo "$rows" | cut -d, -f2 | tr '\n' ' ')"
best=$(echo "$rows" | awk -F, -v m="$sps" '{ d = $2 - m; if (d < 0) d = -d; if (!n++ || d < bd) { bd = d; r = $1 } } END { print r }')
sed -n '/^kernel/,/^all kernels/p' "$out/stage_$best.log" | head -12 | sed 's/^/    /'
echo "raw figures: $csv"
