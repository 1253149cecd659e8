#!/bin/sh
# test_full_region.sh: a full diagnostic restricted to a sub-region, and one coarsened, on 1 and 2
# ranks: each record the slice, or the block means, of the whole grid's record (bit for bit in
# double, tests/output/coarsen.py), and openPMD-valid; a region that no whole number of blocks tiles.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
need_venv
scratch region
cd "$dir" || exit 1
# boxes of 8 x 4 x 4 cells: the coarse blocks of 3 along y (cells 7 .. 9) and of 2 along x (cells 7, 8)
# straddle boxes, and on 2 ranks boxes of both ranks
cat >sub.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 16, 12, 8 }, lower = { -8e-6, 0, 0 }, upper = { 8e-6, 12e-6, 8e-6 }, max_box = { 8, 4, 4 } },
  precision = "double",
  steps = 2,
  species = { { name = "e", particle = "electron", density = 1e25, ppc = 1, u_th = 0.01 } },
  fields = { Ex = "1e9 * sin(2 * pi * x / 16e-6)", By = "cos(2 * pi * y / 12e-6)" },
  diagnostics = { full = {
    { name = "all", interval = 2, fields = { "E", "B", "rho" }, species = {} },
    { name = "sub", interval = 2, fields = { "E", "B", "rho" }, species = {},
      lower = { -5e-6, 1e-6, 0 }, upper = { 7.5e-6, 11e-6, 8e-6 } },
    { name = "coarse", interval = 2, fields = { "E", "B", "rho" }, species = {},
      lower = { -5e-6, 1e-6, 0 }, upper = { 7e-6, 10e-6, 8e-6 }, coarsening = { 2, 3, 2 } } } },
}
LUA
for n in 1 2; do
    out=sub$n
    if mpirun --oversubscribe -np $n "$picl" run -q sub.lua --set diagnostics.output_dir=$out >$out.log 2>&1; then
        for d in sub coarse; do
            "$root/.venv/bin/openPMD_check_h5" -i $out/$d/openpmd_000002.h5 --EDPIC 2>&1 |
                grep -q "Result: 0 Errors and 0 Warnings" && ok || bad "openPMD_check_h5 on $n rank(s): $d/"
        done
        "$root/.venv/bin/python" "$root/tests/output/coarsen.py" $out/all/openpmd_000002.h5 $out/sub/openpmd_000002.h5 \
            $out/coarse/openpmd_000002.h5 2 >$out.py.log 2>&1 && ok ||
            { bad "on $n rank(s) the sub-region or the coarsened records are not the whole grid's slice and means:"; cat $out.py.log; }
    else bad "the run on $n rank(s) failed:"; tail -n 5 $out.log; fi
done
out=$("$picl" check --no-build sub.lua --set 'diagnostics.full.sub.upper={7.5e-6,99,8e-6}' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "diagnostics.full.sub.upper: the region along y is 1e-06 to 99 m" && ok ||
    bad "a region beyond the grid: $out"
out=$("$picl" check --no-build sub.lua --set 'diagnostics.full.coarse.upper={7.5e-6,10e-6,8e-6}' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "diagnostics.full.coarse.coarsening: the region holds 13 cells along x, not a multiple of the coarsening 2" &&
    ok || bad "a region of 13 cells coarsened by 2: $out"
summary
