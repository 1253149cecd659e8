#!/bin/sh
# test_particle_fraction.sh: a full diagnostic's particle_fraction = 0.1: on 1 and 4 ranks the
# same particles, those whose id's draw is below 0.1 (tests/output/fraction.py), about a tenth
# of them (every attribute: openPMD-valid); without the key every particle.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
need_venv
scratch fraction
cd "$dir" || exit 1
# 4 boxes of 4 x 8 x 8 cells: one per rank on 4 ranks; 8192 particles (ppc 2 per axis), which move
# between boxes
cat >frac.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 16, 8, 8 }, lower = { 0, 0, 0 }, upper = { 16e-6, 8e-6, 8e-6 }, max_box = { 4, 8, 8 } },
  steps = 2,
  species = { { name = "e", particle = "electron", density = 1e25, ppc = 2, u_th = 0.05 } },
  diagnostics = { full = {
    { name = "all", interval = 2, fields = {}, species = { "e" }, attributes = { "id" } },
    { name = "tenth", interval = 2, fields = {}, species = { "e" },
      particle_fraction = 0.1, particle_seed = 7 } } },
}
LUA
for n in 1 4; do
    if mpirun --oversubscribe -np $n "$picl" run -q frac.lua --set diagnostics.output_dir=f$n >f$n.log 2>&1; then ok
    else bad "the run on $n rank(s) failed:"; tail -n 5 f$n.log; fi
done
"$root/.venv/bin/openPMD_check_h5" -i f4/tenth/openpmd_000002.h5 --EDPIC 2>&1 | grep -q "Result: 0 Errors and 0 Warnings" &&
    ok || bad "openPMD_check_h5 on the 4 ranks' tenth/"
"$root/.venv/bin/python" "$root/tests/output/fraction.py" f1/all/openpmd_000002.h5 2 0.1 7 \
    f1/tenth/openpmd_000002.h5 f4/tenth/openpmd_000002.h5 >py.log 2>&1 && ok ||
    { bad "the picked particles:"; cat py.log; }
cat py.log
"$root/.venv/bin/python" - <<'PY' && ok || bad "the full dump does not hold every particle on 1 and 4 ranks"
import h5py
a, b = (sorted(h5py.File(f)["data/2/particles/e/id"][...].tolist()) for f in ("f1/all/openpmd_000002.h5", "f4/all/openpmd_000002.h5"))
assert a == b and len(a) == 16 * 8 * 8 * 8, (len(a), len(b))
PY
summary
