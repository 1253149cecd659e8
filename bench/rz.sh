#!/bin/sh
# rz.sh: `make bench-rz`, the cost of an LWFA stage in RZ beside the same stage in 3D at the same
# resolution (issue #38; docs/rz.md, docs/bench.md): inputs/rz_lwfa.lua (M = 2, 32 x 380 cells)
# at 4, 8 and 75 particles per (r, z) cell and species (the cases below) and bench/rz_lwfa_3d.lua
# (64 x 64 x 380 cells, 1 per cell and species), all with the plasma filling the window from step 0 (constants.z0 = 0: the stage's
# state once the wake fills the window, so the particle count is constant), STEPS steps, the
# reduced diagnostic only at the last step. Prints, per case, the median over RUNS runs of the
# wall time per step after the warm-up (picl's summary: steps 2..STEPS), ns per particle per step,
# the particles and cells, the CPU time per step (user + sys of the process, a run of STEPS steps
# less one of 1 step, over STEPS - 1: on shared cores the wall time counts the other jobs' load,
# the CPU time the work of picl's threads), and the 3D / RZ cost ratios per step of each RZ case (short
# runs of the whole problem, not extrapolated).
# Usage: bench/rz.sh [extra --set options for both...]   (RUNS=3 STEPS=20 by default)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=$root/bin/picl
runs=${RUNS:-3}
steps=${STEPS:-20}
out=${OUT:-$root/build/bench}
mkdir -p "$out"
csv=$out/rz.csv
echo "geometry,run,s_per_step,ns_per_particle_step,particles,cells,cpu_s_per_step" >"$csv"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# cpu STEPS LOG [--set ...]: runs $input for STEPS steps, its output in LOG; prints user + sys seconds
cpu() {
    n=$1 l=$2
    shift 2
    (cd "$out" && /usr/bin/time -f "cpu %U %S" -o "$l.time" "$picl" run "$input" -q --profile --set "steps=$n" \
        --set constants.z0=0 --set "diagnostics.reduced.$red.interval=$n" --set "diagnostics.full={}" "$@") >"$l"
    awk '{ print $2 + $3 }' "$l.time"
}

# The cases (name, input, ppc of both species): RZ as WarpX's RZ examples load it (n_r, n_theta,
# n_z = 1, 4, 1: 4 particles per (r, z) cell), RZ at picl's default 4 M = 8 angles, 3D at 1
# particle per cell, and RZ at 3D's particle density (75 angles: RZ's plasma cells, 24 x 380, then
# hold 3D's count, 685520 per species, within 1%).
cases="rz4 rz8 3d rz75"
for g in $cases; do
    case $g in
    3d) input=$root/bench/rz_lwfa_3d.lua red=rz_lwfa_3d set= ;;
    rz*) input=$root/inputs/rz_lwfa.lua red=rz_lwfa set="{1,${g#rz},1}" ;;
    esac
    # a warm-up run, not counted: the case's kernels are built and cached (PoCL), so that the
    # 1-step run below does not carry the compilation that the STEPS-step run then skips
    if [ -n "$set" ]; then
        cpu 1 "$out/rz_${g}_warm.log" --set "species.electrons.ppc=$set" --set "species.ions.ppc=$set" "$@" >/dev/null
    else
        cpu 1 "$out/rz_${g}_warm.log" "$@" >/dev/null
    fi
    for run in $(seq "$runs"); do
        log=$out/rz_${g}_$run.log
        if [ -n "$set" ]; then
            c1=$(cpu 1 "$log.1" --set "species.electrons.ppc=$set" --set "species.ions.ppc=$set" "$@")
            cs=$(cpu "$steps" "$log" --set "species.electrons.ppc=$set" --set "species.ions.ppc=$set" "$@")
        else
            c1=$(cpu 1 "$log.1" "$@")
            cs=$(cpu "$steps" "$log" "$@")
        fi
        awk -v g="$g" -v r="$run" -v c1="$c1" -v cs="$cs" -v n="$steps" '
            /^summary: [0-9]+ steps/ { cells = $4; parts = $6 }
            /ns per particle per step/ { for (i = 1; i <= NF; i++) { if ($i == "ns") ns = $(i - 1); if ($i == "per" && $(i+1) == "step" && !sps) sps = $(i - 2) } }
            END { printf "%s,%s,%s,%s,%s,%s,%.4f\n", g, r, sps, ns, parts, cells, (cs - c1) / (n - 1) }' "$log" >>"$csv"
    done
done
pick() { grep "^$1," "$csv" | cut -d, -f"$2" | median; }
ratio() { echo "$(pick "$1" "$3") $(pick "$2" "$3")" | awk '{ printf "%.1f", $1 / $2 }'; }
echo "# LWFA stage (inputs/rz_lwfa.lua, bench/rz_lwfa_3d.lua), plasma filling the window, $steps steps, median of $runs runs"
printf '%-5s %10s %12s %10s %10s %12s\n' case s/step ns/particle particles cells cpu_s/step
for g in $cases; do
    printf '%-5s %10.4f %12.1f %10s %10s %12.4f\n' "$g" "$(pick $g 3)" "$(pick $g 4)" "$(pick $g 5)" "$(pick $g 6)" "$(pick $g 7)"
done
for g in rz4 rz8 rz75; do
    echo "3D / $g cost per step: wall $(ratio 3d $g 3), CPU $(ratio 3d $g 7)"
done
echo "raw figures: $csv"
