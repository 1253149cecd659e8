#!/bin/sh
# uniform_2d.sh: the 2D uniform-plasma benchmark of issue #20 beside the 3D one (docs/geometry.md):
# 2D 1024 x 1024 cells, 16 particles per cell (16.8 M), boxes of 256^2; 3D 64^3 cells, 8 per cell
# (2.1 M), boxes of 32^3; both order 3, Yee, Esirkepov, Boris, one binomial filter pass, 100 steps,
# double and float, the same deposition strategy. Prints bench/uniform.sh's table for each, then
# ns per particle per step, FOM and the 2D / 3D cost ratio per particle side by side.
# Usage: bench/uniform_2d.sh [extra --set options...]   (RUNS=3 STEPS=100 STRATEGIES=deterministic:
# 3D's auto is simd_cells, which 2D has not, so the default compares like with like)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build/bench}
export RUNS=${RUNS:-3} STEPS=${STEPS:-100} ORDERS=3 STRATEGIES=${STRATEGIES:-deterministic} OUT=$out
echo "== 2D: 1024 x 1024 cells, 16 per cell, $STEPS steps"
GEOMETRY=2d CSV=uniform_2d "$root/bench/uniform.sh" --set filter.passes=1 "$@"
echo "== 3D: 64^3 cells, 8 per cell, $STEPS steps"
GEOMETRY=3d CSV=uniform_3d "$root/bench/uniform.sh" --set filter.passes=1 "$@"
echo "== 2D / 3D (medians of $RUNS runs, $STEPS steps)"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-15s %-7s %12s %12s %12s %12s %8s\n' strategy real "2D ns/p/s" "2D FOM" "3D ns/p/s" "3D FOM" "2D/3D"
for strategy in $STRATEGIES; do
    for precision in ${PRECISIONS:-double float}; do
        pick() { grep "^$strategy,3,$precision," "$out/$1.csv" | cut -d, -f"$2" | median; }
        ns2=$(pick uniform_2d 5); fom2=$(pick uniform_2d 6); ns3=$(pick uniform_3d 5); fom3=$(pick uniform_3d 6)
        printf '%-15s %-7s %12.1f %12.3e %12.1f %12.3e %8.2f\n' "$strategy" "$precision" "$ns2" "$fom2" "$ns3" "$fom3" \
            "$(echo "$ns2 $ns3" | awk '{ print $1 / $2 }')"
    done
done
