#!/bin/sh
# test_geometry_balance.sh: load balancing (docs/parallel.md) in 2D and 1D. A thermal plasma in
# part of the domain only, its boxes dealt round robin so that the ranks' costs differ: in 2D a
# corner (a quarter of the boxes), in 1D boxes 0 and 2 of 8, which round robin deals both to
# rank 0 (the costs are measured kernel times: boxes dealt one to each rank would leave only
# timing noise to balance). Rebalanced every 4 steps: on 4 ranks
# (2D) and 2 ranks (1D) boxes move (the run says so) and the physics is 1 rank's to round-off:
# the same particle counts at every row, total energies within 1e-10 of 1 rank's, charge
# residual < 1e-11. (Few steps: 4 ranks oversubscribing 2 cores make each exchange slow.)
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch geometry_balance
cd "$dir" || exit 1
# 32 x 32 cells in 16 boxes of 8^2; the plasma in x, z < 16 um: 4 boxes of the 16 (plus the
# particles that leave them), Debye length ~ one cell so electrons cross box edges
cat >lb2d.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  geometry = "2d",
  grid = { cells = { 32, 32 }, lower = { 0, 0 }, upper = { 32e-6, 32e-6 }, max_box = 8 },
  steps = 12, shape_order = 2,
  parallel = { distribution = "round_robin", balance_interval = 4, balance_threshold = 0 },
  species = {
    { name = "e", particle = "electron", density = "x < 16e-6 && z < 16e-6 ? 7.86e23 : 0.0", ppc = 4, u_th = 0.05 },
    { name = "p", particle = "proton", density = "x < 16e-6 && z < 16e-6 ? 7.86e23 : 0.0", ppc = 1, frozen = true },
  },
  diagnostics = { output_dir = "d", reduced = { name = "r", interval = 2 } },
}
LUA
sed 's/geometry = "2d"/geometry = "1d"/; s/cells = { 32, 32 }, lower = { 0, 0 }, upper = { 32e-6, 32e-6 }/cells = { 64 }, lower = { 0 }, upper = { 64e-6 }/; s/x < 16e-6 \&\& z < 16e-6/z < 8e-6 || (z >= 16e-6 \&\& z < 24e-6)/g; s/ppc = 4,/ppc = 16,/' lb2d.lua >lb1d.lua
for g in 2d 1d; do
    ranks="1 4"
    [ $g = 1d ] && ranks="1 2"
    for n in $ranks; do
        if mpirun -np $n "$picl" run lb$g.lua --set diagnostics.output_dir=d$g$n >$g$n.log 2>&1; then ok
        else bad "$g on $n rank(s) failed:"; tail -n 5 $g$n.log; continue; fi
        if [ $n -gt 1 ]; then
            if grep -q "load balance at step" $g$n.log; then ok; else bad "$g on $n ranks: no box moved"; fi
            grep -m 1 "load balance at step" $g$n.log | sed "s/^/  $g, $n ranks: /"
        fi
    done
    python3 - $g $(for n in $ranks; do echo d$g$n/r.csv; done) <<'PY' && ok || bad "$g: balanced runs differ from 1 rank's"
import csv, sys
runs = [list(csv.DictReader(open(p))) for p in sys.argv[2:]]
worst_e = 0
for rows in runs:
    assert len(rows) == 7, len(rows)
    worst = max(float(r["charge_residual"]) for r in rows)
    assert worst < 1e-11, worst
for other in runs[1:]:
    for x, y in zip(runs[0], other):
        assert x["particles_e"] == y["particles_e"], (x["step"], x["particles_e"], y["particles_e"])
        t, u = float(x["total_energy_J"]), float(y["total_energy_J"])
        worst_e = max(worst_e, abs(t - u) / abs(t))
assert worst_e <= 1e-10, worst_e
print("  %s: worst charge residual %s (1 and %s ranks); total energies vs 1 rank's within %.1e" % (sys.argv[1],
      ", ".join("%.2e" % max(float(r["charge_residual"]) for r in rows) for rows in runs), sys.argv[3][3:].split("/")[0], worst_e))
PY
done
summary
