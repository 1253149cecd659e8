#!/bin/sh
# test_probe_line.sh: line and plane probes (diagnostics.probes, kind "line" and "plane") of a Yee
# plane wave on 1 and 2 ranks: the values against the interpolated eigenmode and the fitted
# amplitude and phase against the continuum wave (tests/output/probe_line.py); every file passes
# openPMD_check_h5 and openPMD-viewer reads it; the probe kernel is launched on due steps only.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
need_venv
scratch probe_line
cd "$dir" || exit 1
# test_diag_probe's wave: 32 x 4 x 4 cells of 1 um, dt 0.9 of Yee's limit, k = 2 pi / 32 um; the
# line's 63 points half a cell apart, none on a node; the plane 32 x 4 points in z = 2.2 um
cat >wave.lua <<'LUA'
local picl = require("picl")
local dx, c = 1e-6, 299792458.0
local dt = 0.9 / (c * math.sqrt(3.0) / dx)
local k = 2 * math.pi / (32 * dx)
local K = 2 / dx * math.sin(k * dx / 2)
local omega = 2 / dt * math.asin(c * dt * K / 2)
local W = 2 / dt * math.sin(omega * dt / 2)
return picl.simulation {
  grid = { cells = { 32, 4, 4 }, lower = { 0, 0, 0 }, upper = { 32 * dx, 4 * dx, 4 * dx }, max_box = { 8, 4, 4 } },
  solver = { name = "yee", dt = dt }, shape_order = 1, steps = 20,
  constants = { k = k, e0 = 1e9, b0 = K * 1e9 / W * math.cos(omega * dt / 2) },
  fields = { Ey = "e0*cos(k*x)", Bz = "b0*cos(k*x)" },
  diagnostics = { probes = {
    { name = "line", interval = 5, kind = "line", start = { 0.3 * dx, 1.7 * dx, 2.2 * dx },
      ["end"] = { 31.3 * dx, 1.7 * dx, 2.2 * dx }, count = 63 },
    { name = "plane", interval = 5, kind = "plane", start = { 0.3 * dx, 0.2 * dx, 2.2 * dx },
      ["end"] = { 31.3 * dx, 3.2 * dx, 2.2 * dx }, count = { 32, 4 } } } },
}
LUA
for n in 1 2; do
    if mpirun --oversubscribe -np $n "$picl" run -v wave.lua --set diagnostics.output_dir=w$n >w$n.log 2>&1; then ok
    else bad "the run on $n rank(s) failed:"; tail -n 5 w$n.log; continue; fi
    "$root/.venv/bin/python" "$root/tests/output/probe_line.py" w$n >w$n.py.log 2>&1 && ok ||
        bad "the probes on $n rank(s) are not the wave:"
    cat w$n.py.log
    for f in w$n/line/openpmd_000020.h5 w$n/plane/openpmd_000000.h5; do
        "$root/.venv/bin/openPMD_check_h5" -i $f 2>&1 | grep -q "Result: 0 Errors and 0 Warnings" && ok ||
            { bad "openPMD_check_h5 $f:"; "$root/.venv/bin/openPMD_check_h5" -i $f 2>&1 | grep -i "error\|warn" | head -5; }
    done
done
# 2 probes due at 0, 5, 10, 15, 20: 10 launches of field_probe in 20 steps, 0.50 per step
n=$(awk '$1 == "field_probe" { print $NF }' w1.log)
[ "$n" = "0.50" ] && ok || bad "field_probe: $n launches per step, want 0.50 (10 in 20 steps)"
"$root/.venv/bin/python" - <<'PY' && ok || bad "openPMD-viewer does not read the line and plane probes"
from openpmd_viewer import OpenPMDTimeSeries
ts = OpenPMDTimeSeries("w1/line", check_all_files=False)
ey, info = ts.get_field("E", "y", iteration=20)
assert ey.shape == (63,) and abs(info.x[0] - 0.3e-6) < 1e-18 and abs(info.x[1] - info.x[0] - 0.5e-6) < 1e-18, info.x[:2]
ts = OpenPMDTimeSeries("w1/plane", check_all_files=False)
ey, info = ts.get_field("E", "y", iteration=0)
assert ey.shape == (4, 32), ey.shape
PY
out=$("$picl" check --no-build wave.lua --set 'diagnostics.probes.line.end={31.3e-6,2e-6,2.2e-6}' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "a line probe spans 1 axis(es): start and end differ along 2" && ok ||
    bad "a line that is not along an axis: $out"
summary
