#!/bin/sh
# test_btd_particles.sh: back-transformed particles (docs/boosted_frame.md). In
# inputs/boosted_plasma.lua a plasma at rest in the lab (electrons and protons, n0 (1 + 0.5
# cos(2 pi z / 10 um)), 16 a cell along z) runs in a frame boosted by gamma 2 with a window at
# c; its lab snapshots at 880 and 900 fs hold the lab
# plasma of their windows: at rest to 1e-12 c, on the load's lattice (no gap: the plasma enters
# through the boosted domain's front at every step), with the input's density (the cumulative
# weight within one lattice plane), ids unique, the same on 1 and 2 ranks
# (tests/output/btd_particles.py); valid openPMD with particle patches, read in openPMD-viewer.
# And a bunch in vacuum: each particle where its lab-frame flight puts it, and the snapshots'
# lab-frame moments file the moments of that flight (tests/output/btd_beam.py). Continued from
# checkpoints (1 and 2 ranks), the same snapshots (tests/output/btd_restart.py).
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
need_venv
scratch btd_particles
cd "$dir" || exit 1
cp "$root/inputs/boosted_plasma.lua" plasma.lua
for n in 1 2; do
    if mpirun --oversubscribe -np $n "$picl" run plasma.lua --set diagnostics.output_dir=r$n >r$n.log 2>&1 &&
        grep -q "^summary: 81 steps" r$n.log; then ok
    else bad "the boosted plasma on $n rank(s) did not run to its end:"; tail -n 5 r$n.log; exit 1; fi
done
# the boosted domain keeps its particles: as many enter at the front as leave at the back
grep -q "^summary: 81 steps, 2048 cells, 65536 particles" r1.log && ok ||
    bad "the boosted plasma did not keep 65536 particles: $(grep '^summary: 81' r1.log)"
"$root/.venv/bin/python" "$root/tests/output/btd_particles.py" r1/lab r2/lab >py.log 2>&1 && ok ||
    { bad "the lab snapshots' particles are not the lab plasma:"; cat py.log; }
for f in r1/lab/openpmd_000000.h5 r2/lab/openpmd_000001.h5; do
    "$root/.venv/bin/openPMD_check_h5" -i $f 2>&1 | grep -q "Result: 0 Errors and 0 Warnings" && ok ||
        bad "openPMD_check_h5 $f: $("$root/.venv/bin/openPMD_check_h5" -i $f 2>&1 | grep -i 'error\|warn' | head -3)"
done
# a checkpoint at step 40 and at 80 (snapshot 0 written, 1 half filled): continued from either, on
# 1 rank, the same snapshots bit for bit (particles by id) and the same moments files; from 40 on
# 2 ranks, the snapshots and the moments to round-off (tests/output/btd_restart.py; the guard sums
# add the boxes' currents in another order across ranks, docs/output.md)
mkdir whole && cp plasma.lua whole/ && (cd whole && "$picl" run plasma.lua --set 'checkpoint={interval=40, keep=5}' \
    >run.log 2>&1) && ok || { bad "the run with checkpoints failed:"; tail -n 3 whole/run.log; }
for from in 40 80; do
    mkdir c$from && cp plasma.lua c$from/ && cp -r whole/diags c$from/ && rm -f c$from/diags/lab/openpmd_000001.h5
    [ $from = 40 ] && rm -f c$from/diags/lab/openpmd_000000.h5
    (cd c$from && "$picl" run plasma.lua --set 'checkpoint={interval=40, keep=5}' \
        --restart diags/checkpoints/checkpoint_0000$from.h5 >run.log 2>&1) &&
        "$root/.venv/bin/python" "$root/tests/output/btd_restart.py" whole/diags c$from/diags 1 >>restart.log 2>&1 && ok ||
        { bad "continued from step $from, the snapshots differ:"; tail -n 3 c$from/run.log restart.log; }
done
mkdir m2 && cp plasma.lua m2/ && cp -r whole/diags m2/ && rm -f m2/diags/lab/openpmd_00000*.h5
(cd m2 && mpirun --oversubscribe -np 2 "$picl" run plasma.lua --set 'checkpoint={interval=40, keep=5}' \
    --restart diags/checkpoints/checkpoint_000040.h5 >run.log 2>&1) &&
    "$root/.venv/bin/python" "$root/tests/output/btd_restart.py" whole/diags m2/diags 0 >>restart.log 2>&1 && ok ||
    { bad "continued on 2 ranks, the snapshots differ:"; tail -n 3 m2/run.log restart.log; }
# species = {}: fields only, no particles group
"$picl" run plasma.lua --set 'diagnostics.back_transformed.lab.species={}' --set diagnostics.output_dir=f \
    --set stop_time=880e-15 --set 'diagnostics.back_transformed.lab.times={880e-15}' >f.log 2>&1 &&
    "$root/.venv/bin/python" - f/lab/openpmd_000000.h5 <<'PY' && ok || bad "species = {} still wrote particles"
import sys, h5py
f = h5py.File(sys.argv[1], "r")
sys.exit(0 if "particles" not in f["data/0"] and "particlesPath" not in f.attrs and "meshes" in f["data/0"] else 1)
PY
# a bunch in vacuum (gamma 50, 1% spread, -1e-20 C: no field of its own): every particle of it in
# the lab snapshots where its straight flight from the lab-frame load puts it, and the moments
# file of the snapshots (moments_beam.csv) the moments of that flight (tests/output/btd_beam.py)
cat >beam.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 16, 16, 128 }, lower = { -8e-6, -8e-6, 0 }, upper = { 8e-6, 8e-6, 40e-6 }, max_box = { 16, 16, 64 } },
  precision = "double",
  boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },
  solver = "yee",
  boost = { gamma = 2, axis = "z" },
  moving_window = { axis = "z", speed = 1, start = 0 },
  stop_time = 900e-15,
  species = {
    { name = "beam", particle = "electron", seed = 7,
      beam = { total_charge = -1e-20, particles = 4000, centroid = { 0, 0, 20e-6 }, rms = { 1e-6, 1e-6, 2e-6 },
               axis = "z", gamma = 50, energy_spread = 0.01, u_th = { 0.1, 0.1, 0 }, truncate = 3 } },
  },
  diagnostics = { output_dir = "b", back_transformed = { { name = "lab", times = { 880e-15, 900e-15 } } } },
}
LUA
"$picl" run beam.lua >beam.log 2>&1 && ok || { bad "the boosted bunch did not run:"; tail -n 3 beam.log; }
"$picl" run beam.lua --set boost=nil --set stop_time=nil --set steps=1 \
    --set 'diagnostics={output_dir="l", full={name="f", interval={0}, fields={}, species={"beam"}}}' >lab.log 2>&1 && ok ||
    { bad "the bunch's lab-frame load did not run:"; tail -n 3 lab.log; }
"$root/.venv/bin/python" "$root/tests/output/btd_beam.py" l/f/openpmd_000000.h5 b/lab >beam_py.log 2>&1 && ok ||
    { bad "the back-transformed bunch is not its lab-frame flight:"; cat beam_py.log; }
sed -n 's/^  //p' py.log | head -4
sed -n 's/^  //p' beam_py.log restart.log
summary
