#!/bin/sh
# uniform.sh: the uniform-plasma benchmark (the paper's section 4, docs/speed.md): 64^3 cells,
# 8 particles per cell, boxes of 32^3, 200 steps, shape orders 3 and 1, double and float.
# Prints the median over RUNS runs of ns per particle per step and of the figure of merit over
# steps 2-100 (WarpX's convention: the first 100 steps less the first; all steps if fewer), the
# time per step of the transient (steps 6-15: every cell one full batch, nobody leaves) and of
# the steady state (steps 151-200: the plasma mixed, docs/speed.md "Steady state") and their
# ratio, the kernel shares of the median run (all its steps), and peak memory. Timings here are
# wall-clock medians; the windows are read off the run's progress lines (every 5 steps). Each run
# makes 5 steps more than STEPS: its last step writes the reduced diagnostics (and compiles their
# kernels, 0.4 s at 16^3), which would land in the last window.
# Usage: bench/uniform.sh [extra --set options...]   (RUNS=3 STEPS=200 CELLS=64 by default)
# Axes: STRATEGIES (deposition_strategy values, default "auto": the device's choice), e.g.
# STRATEGIES="deterministic global_atomics local_tiles"; ORDERS (default "3 1"); PRECISIONS
# (default "double float"); GEOMETRY (default 3d; 2d: inputs/uniform_plasma_2d.lua on CELLS^2
# cells, default 1024, boxes of BOX = CELLS / 4, 16 per cell; bench/uniform_2d.sh compares the two).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=${PICL:-$root/bin/picl} # PICL: another build to time
runs=${RUNS:-3}
steps=${STEPS:-200}
geometry=${GEOMETRY:-3d}
case $geometry in
    3d) cells=${CELLS:-64}; box=${BOX:-$((cells / 2))}; input=uniform_plasma.lua; grid="{$cells,$cells,$cells}" ;;
    2d) cells=${CELLS:-1024}; box=${BOX:-$((cells / 4))}; input=uniform_plasma_2d.lua; grid="{$cells,$cells}" ;;
    *) echo "bench/uniform.sh: GEOMETRY=$geometry: expected 3d or 2d" >&2; exit 2 ;;
esac
strategies=${STRATEGIES:-auto}
orders=${ORDERS:-3 1}
precisions=${PRECISIONS:-double float}
out=${OUT:-$root/build/bench}
mkdir -p "$out"
csv=$out/${CSV:-uniform}.csv
echo "strategy,order,precision,run,ns_per_particle_step,fom,s_per_step,arena_MiB,rss_MiB,s_transient,s_steady" >"$csv"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

"$picl" bench --device-limits 2>/dev/null | sed 's/^/# /' || true
printf '%-15s %-6s %-7s %14s %12s %10s %10s %8s %10s %10s %8s\n' strategy order real "ns/particle" FOM "s/step" "arena MiB" \
    "RSS MiB" "s 6-15" "s 151-200" "steady/"
for strategy in $strategies; do
    for order in $orders; do
        for precision in $precisions; do
            tag=${strategy}_o${order}_${precision}
            for run in $(seq "$runs"); do
                log=$out/uniform_${geometry}_${tag}_$run.log
                (cd "$out" && "$picl" run "$root/inputs/$input" --profile --set progress_interval=5 \
                    --set "grid.cells=$grid" --set "grid.max_box=$box" \
                    --set "shape_order=$order" --set "precision=$precision" --set "steps=$((steps + 5))" \
                    --set "deposition_strategy=$strategy" \
                    --set "diagnostics.reduced.${input%.lua}.interval=$((steps + 5))" "$@") >"$log" 2>&1
                # "step S/N ... R steps/s": R counts the steps after the first, so the wall time
                # from the end of step 1 to the end of step S is (S - 1) / R
                awk -v s="$strategy" -v o="$order" -v p="$precision" -v r="$run" '
                    / steps\/s / { for (i = 1; i <= NF; i++) { if ($i == "step") { split($(i + 1), q, "/"); k = q[1] } if ($i == "steps/s" && $(i - 1) > 0) e[k] = (k - 1) / $(i - 1) } }
                    /^summary: .* particles \(/ { cells = $4; n = $6 }
                    /ns per particle per step/ { for (i = 1; i <= NF; i++) { if ($i == "ns") ns = $(i - 1); if ($i == "FOM") fom = $(i + 1); if ($i == "per" && $(i+1) == "step" && !sps) sps = $(i - 2) } }
                    /device arena peak/ { arena = $5; rss = $(NF - 1) }
                    END { if (100 in e) { sps = e[100] / 99; ns = 1e9 * sps / n; fom = cells * (0.1 + 0.9 * n / cells) / sps }
                        tr = (5 in e && 15 in e) ? (e[15] - e[5]) / 10 : "nan"; st = (150 in e && 200 in e) ? (e[200] - e[150]) / 50 : "nan"
                        printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", s, o, p, r, ns, fom, sps, arena, rss, tr, st }' "$log" >>"$csv"
            done
            rows=$(grep "^$strategy,$order,$precision," "$csv")
            ns=$(echo "$rows" | cut -d, -f5 | median)
            fom=$(echo "$rows" | cut -d, -f6 | median)
            sps=$(echo "$rows" | cut -d, -f7 | median)
            arena=$(echo "$rows" | cut -d, -f8 | median)
            rss=$(echo "$rows" | cut -d, -f9 | median)
            tr=$(echo "$rows" | cut -d, -f10 | median)
            st=$(echo "$rows" | cut -d, -f11 | median)
            printf '%-15s %-6s %-7s %14.1f %12.3e %10.4f %10.1f %8.1f %10.4f %10.4f %8.2f\n' "$strategy" "$order" "$precision" \
                "$ns" "$fom" "$sps" "$arena" "$rss" "$tr" "$st" "$(echo "$st $tr" | awk '{ print $1 / $2 }')"
            # the kernel shares of the run closest to the median
            best=$(echo "$rows" | awk -F, -v m="$ns" '{ d = $5 - m; if (d < 0) d = -d; if (!n++ || d < bd) { bd = d; r = $4 } } END { print r }')
            sed -n '/^kernel/,/^all kernels/p' "$out/uniform_${geometry}_${tag}_$best.log" | head -8 | sed 's/^/    /'
        done
    done
done
echo "raw figures: $csv"
