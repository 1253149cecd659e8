#!/bin/sh
# test_boost_geometry.sh: the boosted frame in 2D and 1D (issues #20, #21; docs/boosted_frame.md).
# inputs/boosted_plasma.lua in 2D (4 x 128 cells) and in 1D (128 cells), 1 and 2 ranks: the lab
# snapshots hold the lab plasma (tests/output/btd_particles.py: at rest, the load's lattice, the
# input's density within one lattice plane, the same on 2 ranks) and pass openPMD_check_h5 with
# 2D (z, x) and 1D (z) datasets. The numerical Cherenkov instability in 2D (inputs/nci_drift.lua
# on 16 x 64 cells, 2 x 2 per cell): the field energy grows at 0.032 per step over steps 300 to
# 700 without the Godfrey filter and at least 10 times slower with it (measured 0.0027), and a
# 2D boost with CKC and the energy-conserving gather switches the filter on by default.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
need_venv
scratch boost_geometry
cd "$dir" || exit 1
grid3='  grid = { cells = { 4, 4, 128 }, lower = { 0, 0, 0 }, upper = { 8e-6, 8e-6, 40e-6 }, max_box = { 4, 4, 64 } },'
sed "s|^$grid3|  geometry = \"2d\",\n  grid = { cells = { 4, 128 }, lower = { 0, 0 }, upper = { 8e-6, 40e-6 }, max_box = { 4, 64 } },|; s/ppc = { 1, 1, 16 }/ppc = { 1, 16 }/g" \
    "$root/inputs/boosted_plasma.lua" >p2d.lua
sed "s|^$grid3|  geometry = \"1d\",\n  grid = { cells = { 128 }, lower = { 0 }, upper = { 40e-6 }, max_box = { 64 } },|; s/ppc = { 1, 1, 16 }/ppc = { 16 }/g" \
    "$root/inputs/boosted_plasma.lua" >p1d.lua
for g in 2d 1d; do
    grep -q "geometry = \"$g\"" p$g.lua || { bad "the $g input was not made (inputs/boosted_plasma.lua changed?)"; continue; }
    for n in 1 2; do
        mpirun --oversubscribe -np $n "$picl" run p$g.lua --set diagnostics.output_dir=$g$n >$g$n.log 2>&1 && ok ||
            { bad "the $g boosted plasma on $n rank(s) failed:"; tail -n 3 $g$n.log; }
    done
    "$root/.venv/bin/python" "$root/tests/output/btd_particles.py" ${g}1/lab ${g}2/lab >py$g.log 2>&1 && ok ||
        { bad "the $g lab snapshots' particles are not the lab plasma:"; cat py$g.log; }
    "$root/.venv/bin/openPMD_check_h5" -i ${g}1/lab/openpmd_000001.h5 2>&1 | grep -q "Result: 0 Errors and 0 Warnings" && ok ||
        bad "openPMD_check_h5 of the $g snapshot: $("$root/.venv/bin/openPMD_check_h5" -i ${g}1/lab/openpmd_000001.h5 2>&1 | tail -3)"
done
# the numerical Cherenkov instability in 2D, without and with the Godfrey filter
u=29.983328701129 # gamma 30
nci="--set geometry=\"2d\" --set grid.cells={16,64} --set grid.lower={0,0} --set grid.upper={16e-6,64e-6}
     --set filter.passes={1,1} --set species.electrons.ppc={2,2} --set species.protons.ppc={2,2}
     --set species.electrons.u_drift={0,0,$u} --set species.protons.u_drift={0,0,$u} --set steps=700"
for f in true false; do
    # shellcheck disable=SC2086 # $nci is a list of options
    "$picl" run "$root/inputs/nci_drift.lua" $nci --set filter.godfrey=$f --set diagnostics.output_dir=nci_$f \
        >nci_$f.log 2>&1 && ok || { bad "the 2D drifting plasma (godfrey $f) failed:"; tail -n 3 nci_$f.log; }
done
"$root/.venv/bin/python" - nci_true/nci_drift.csv nci_false/nci_drift.csv <<'PY' >nci.log 2>&1 && ok || { bad "2D NCI:"; cat nci.log; }
import csv, sys
import numpy as np
rates = []
for path in sys.argv[1:]:
    rows = list(csv.DictReader(open(path)))
    s = np.array([int(r["step"]) for r in rows])
    w = np.array([float(r["field_energy_J"]) for r in rows])
    m = (s >= 300) & (s <= 700)
    rates.append(np.polyfit(s[m], np.log(w[m]), 1)[0])
on, off = rates
print("  2D drift at gamma 30, field energy growth per step over steps 300..700: %.4g without the Godfrey filter, "
      "%.4g with it (%.1f times slower)" % (off, on, off / on))
sys.exit(0 if off > 0.02 and on < off / 10 else 1)
PY
"$picl" check p2d.lua --set solver.name=\"ckc\" --set gather=\"energy_conserving\" >check.log 2>&1
grep -q "on by default with the boost" check.log && ok ||
    bad "a 2D boost with CKC and the energy-conserving gather did not switch the Godfrey filter on: $(grep -i godfrey check.log)"
sed -n 's/^  //p' py2d.log | head -1
sed -n 's/^  //p' py1d.log | head -1
sed -n 's/^  //p' nci.log
summary
