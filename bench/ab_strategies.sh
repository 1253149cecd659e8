#!/bin/sh
# ab_strategies.sh: interleaved A/B of two deposition strategies on a shared machine. Each of RUNS
# repetitions runs A then B back to back (so load drifts hit both alike); prints one line per
# run (ns per particle per step, push_deposit_0 and particles_tile_bin ms per step), then the
# medians and the ratio A / B. Usage: bench/ab_strategies.sh INPUT [--set ...]
#   A=deterministic B=simd_cells RUNS=3 STEPS=20 bench/ab_strategies.sh inputs/uniform_plasma.lua \
#     --set 'grid.cells={32,32,32}' --set grid.max_box=16 --set shape_order=2
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
picl=${PICL:-$root/bin/picl}
a=${A:-deterministic} b=${B:-simd_cells} runs=${RUNS:-3} steps=${STEPS:-20}
input=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
dir=$(mktemp -d /tmp/picl_ab_XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
log=$dir/runs
for _ in $(seq "$runs"); do
    for s in "$a" "$b"; do
        out=$("$picl" run "$input" -q --profile --set "steps=$steps" "$@" --set "deposition_strategy=$s" 2>&1)
        ns=$(echo "$out" | sed -n 's/.* \([0-9.]*\) ns per particle per step.*/\1/p')
        push=$(echo "$out" | awk '/^push_deposit_0 /{print $4; exit}')
        bin=$(echo "$out" | awk '/^particles_tile_bin /{print $4; exit}')
        echo "$s $ns ${push:-0} ${bin:-0}" | tee -a "$log"
    done
done
python3 - "$log" "$a" "$b" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
med = {s: [statistics.median(float(r[i]) for r in rows if r[0] == s) for i in (1, 2, 3)] for s in sys.argv[2:]}
a, b = sys.argv[2], sys.argv[3]
for s in (a, b):
    print(f"median {s}: {med[s][0]:.1f} ns/particle/step, push {med[s][1]:.2f} ms, listing {med[s][2]:.2f} ms")
print(f"ratio {a}/{b}: step {med[a][0] / med[b][0]:.2f}x, push {med[a][1] / med[b][1]:.2f}x")
PY
