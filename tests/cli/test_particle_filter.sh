#!/bin/sh
# test_particle_filter.sh: a full diagnostic's particle_filter (with stride 2): on 1 and 2 ranks
# the same particles, exactly those of the unfiltered dump for which the expression holds
# (tests/output/particle_filter.py, computed from the dump); a bad filter refused at load.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
need_venv
scratch pfilter
cd "$dir" || exit 1
# 4 boxes of 4 x 8 x 8 cells, 8192 particles that move between boxes; the filter uses a
# quantity, a user constant and both logical operators
cat >filt.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 16, 8, 8 }, lower = { 0, 0, 0 }, upper = { 16e-6, 8e-6, 8e-6 }, max_box = { 4, 8, 8 } },
  steps = 2,
  precision = "double",
  constants = { xcut = 4.3e-6 },
  species = { { name = "e", particle = "electron", density = 1e25, ppc = 2, u_th = 0.05 } },
  diagnostics = { full = {
    { name = "all", interval = 2, fields = {}, species = { "e" } },
    { name = "some", interval = 2, fields = {}, species = { "e" }, stride = 2,
      particle_filter = "(energy > 2.5e-16 && x > xcut) || uz < -0.06" } } },
}
LUA
for n in 1 2; do
    if mpirun --oversubscribe -np $n "$picl" run -q filt.lua --set diagnostics.output_dir=f$n >f$n.log 2>&1; then ok
    else bad "the run on $n rank(s) failed:"; tail -n 5 f$n.log; fi
done
"$root/.venv/bin/openPMD_check_h5" -i f2/some/openpmd_000002.h5 --EDPIC 2>&1 | grep -q "Result: 0 Errors and 0 Warnings" &&
    ok || bad "openPMD_check_h5 on the 2 ranks' some/"
"$root/.venv/bin/python" "$root/tests/output/particle_filter.py" f1/all/openpmd_000002.h5 2 2 \
    f1/some/openpmd_000002.h5 f2/some/openpmd_000002.h5 >py.log 2>&1 && ok ||
    { bad "the filtered particles:"; cat py.log; }
cat py.log
# a name outside the scope: refused at load (exit 2), naming the key, the line and the token
sed 's/uz < -0.06"/uz < -0.06 \&\& bogus > 0"/' filt.lua >bad.lua
"$picl" check --no-build bad.lua >bad.log 2>&1
rc=$?
[ $rc -eq 2 ] && ok || bad "a bad particle_filter: exit $rc, want 2"
grep -q "bad.lua:[0-9]*: diagnostics.full.*particle_filter.*bogus" bad.log && ok ||
    { bad "the message does not name the key and the token:"; cat bad.log; }
summary
