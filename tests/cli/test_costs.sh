#!/bin/sh
# test_costs.sh: diagnostics.costs on 1 and 2 ranks: every due step has one row per box, each box
# once, with the rank that owns it (its particles add up to that rank's count in the same row);
# particles per box sum to the 8192 loaded (periodic: none lost); the kernel times are >= 0 and
# the boxes' shares add up to their rank's time; and it launches nothing (the run's kernel table
# is the same without it).
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch costs
cd "$dir" || exit 1
# 4 boxes of 4 x 8 x 8 cells, 8 particles a cell (ppc 2 per axis): 8192, moving between boxes
cat >costs.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 16, 8, 8 }, lower = { 0, 0, 0 }, upper = { 16e-6, 8e-6, 8e-6 }, max_box = { 4, 8, 8 } },
  steps = 4,
  species = { { name = "e", particle = "electron", density = 1e25, ppc = 2, u_th = 0.05 } },
  diagnostics = { costs = { name = "costs", interval = 2 } },
}
LUA
for n in 1 2; do
    if mpirun --oversubscribe -np $n "$picl" run -v costs.lua --set diagnostics.output_dir=c$n >c$n.log 2>&1; then ok
    else bad "the run on $n rank(s) failed:"; tail -n 5 c$n.log; continue; fi
    python3 - c$n/costs.csv $n <<'PY' && ok || bad "costs.csv on $n rank(s)"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ranks = int(sys.argv[2])
steps = sorted({int(r["step"]) for r in rows})
assert steps == [0, 2, 4], steps
for s in steps:
    at = [r for r in rows if int(r["step"]) == s]
    assert sorted(int(float(r["box"])) for r in at) == [0, 1, 2, 3], (s, [r["box"] for r in at])
    assert sum(float(r["particles"]) for r in at) == 8192, (s, [r["particles"] for r in at])
    owners = {int(float(r["rank"])) for r in at}
    assert owners == set(range(ranks)), (s, owners)
    for q in owners:
        mine = [r for r in at if int(float(r["rank"])) == q]
        assert sum(float(r["particles"]) for r in mine) == float(mine[0]["rank_particles"]), (s, q)
        for col, total in (("particle_kernel_s", "rank_particle_kernel_s"), ("field_kernel_s", "rank_field_kernel_s")):
            part, whole = sum(float(r[col]) for r in mine), float(mine[0][total])
            assert whole >= 0 and abs(part - whole) <= 1e-12 + 1e-12 * whole, (s, q, col, part, whole)
        for r in mine:
            # the sum's rounding, relative: a first run's kernel times include PoCL's compile (seconds)
            assert abs(float(r["cost_s"]) - float(r["particle_kernel_s"]) - float(r["field_kernel_s"])) <= \
                1e-15 + 1e-15 * float(r["cost_s"]), r
    assert s == 0 or max(float(r["cost_s"]) for r in at) > 0, (s, "no time measured")
print("%d rank(s): boxes" % ranks, {int(float(r["box"])): int(float(r["rank"])) for r in rows if r["step"] == "2"})
PY
done
# no launch of its own: the kernel table (name, launches per step) is the one without costs
if "$picl" run -v costs.lua --set 'diagnostics.costs={}' --set diagnostics.output_dir=none >none.log 2>&1; then
    # (log lines on stderr may land inside the table: they are not kernels)
    table() { awk '$1 == "all" { on = 0 } on && $1 != "picl:" { print $1, $NF } $NF == "launches/step" { on = 1 }' "$1" | sort; }
    [ -n "$(table none.log)" ] && [ "$(table none.log)" = "$(table c1.log)" ] && ok ||
        { bad "the kernel table differs with the costs diagnostic"; table none.log >a; table c1.log >b; diff a b; }
else bad "the run without costs failed:"; tail -n 5 none.log; fi
summary
