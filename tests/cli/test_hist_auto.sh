#!/bin/sh
# test_hist_auto.sh: histogram axes of range "auto": each row's range is the extrema
# diagnostic's of the same step (the same pass), widened at the top by 1e-6 of the span; every
# particle is binned (the total weight is density x volume); the bins equal, bit for bit, those
# of a run with that range given as min and max; a 2D auto histogram's openPMD mesh says the range;
# launches on due steps only, one moments pass per step shared with the extrema diagnostic.
. "$(dirname "$0")/lib.sh"
need_venv
scratch hist_auto
cd "$dir" || exit 1
# a Maxwellian of 8 x 8 x 8 cells, 8 particles a cell: total weight 1e25 m^-3 x (8 um)^3 = 5.12e9
cat >auto.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 8, 8, 8 }, lower = { 0, 0, 0 }, upper = { 8e-6, 8e-6, 8e-6 }, max_box = { 8, 8, 8 } },
  steps = 4,
  species = { { name = "e", particle = "electron", density = 1e25, ppc = 2, u_th = 0.01 } },
  diagnostics = {
    extrema = { name = "ext", interval = 2, species = "e" },
    histograms = {
      { name = "ux", interval = 2, species = "e", axes = { quantity = "ux", bins = 16, range = "auto" } },
      { name = "energy", interval = 2, species = "e", axes = { quantity = "energy", bins = 8, range = "auto" } },
      { name = "phase", interval = 2, species = "e",
        axes = { { quantity = "x", bins = 4, min = 0, max = 8e-6 }, { quantity = "ux", bins = 8, range = "auto" } } } } },
}
LUA
if "$picl" run -v auto.lua --set diagnostics.output_dir=a >a.log 2>&1; then ok
else bad "the run failed:"; tail -n 5 a.log; exit 1; fi
# the fixed ranges of step 2, as given back by the run (%.17g: the same doubles)
eval "$("$root/.venv/bin/python" - <<'PY'
import csv
for n, lo, hi in (("ux", "ux_min", "ux_max"), ("energy", "energy_min_J", "energy_max_J")):
    r = [x for x in csv.DictReader(open("a/%s.csv" % n)) if x["step"] == "2"][0]
    print("%s_min=%s %s_max=%s" % (n, r[lo], n, r[hi]))
PY
)"
if "$picl" run -q auto.lua --set diagnostics.output_dir=b \
     --set "diagnostics.histograms.ux.axes={quantity='ux',bins=16,min=$ux_min,max=$ux_max}" \
     --set "diagnostics.histograms.energy.axes={quantity='energy',bins=8,min=$energy_min,max=$energy_max}" >b.log 2>&1; then ok
else bad "the run with fixed ranges failed:"; tail -n 5 b.log; fi
"$root/.venv/bin/python" - <<'PY' && ok || bad "the auto ranges"
import csv
import h5py, numpy as np
ext = {int(r["step"]): r for r in csv.DictReader(open("a/ext.csv"))}
for name, cols, lo, hi, mc2 in (("ux", ("ux_min", "ux_max"), "ux_min", "ux_max", 1),
                                ("energy", ("energy_min_J", "energy_max_J"), "gamma_min", "gamma_max", 9.1093837015e-31 * 299792458.0**2)):
    rows = list(csv.DictReader(open("a/%s.csv" % name)))
    fixed = [r for r in csv.DictReader(open("b/%s.csv" % name)) if r["step"] == "2"][0]
    assert [r["step"] for r in rows] == ["0", "2", "4"], [r["step"] for r in rows]
    for r in rows:
        e = ext[int(r["step"])]
        vmin, vmax = float(r[cols[0]]), float(r[cols[1]])
        want_lo = float(e[lo]) if name == "ux" else (float(e[lo]) - 1) * mc2
        want_hi = float(e[hi]) if name == "ux" else (float(e[hi]) - 1) * mc2
        # ux: the extrema's own double; energy: through gamma in the CSV (gamma - 1 ~ 1e-4 of gamma:
        # gamma's last bit is 2e-12 of gamma - 1), and m_e c^2 as this test writes it
        tol = 0 if name == "ux" else 1e-9 * abs(want_hi)
        assert abs(vmin - want_lo) <= tol, (name, vmin, want_lo)
        assert abs(vmax - (want_hi + 1e-6 * (want_hi - want_lo))) <= tol + 1e-15 * abs(want_hi), (name, vmax, want_hi)
        bins = [float(v) for k, v in r.items() if "=#" in k]
        assert len(bins) == (16 if name == "ux" else 8), len(bins)
        assert abs(sum(bins) - 5.12e9) <= 1e-12 * 5.12e9, (name, sum(bins))
        if r["step"] == "2":  # the same bins as the fixed range's
            fb = [float(v) for k, v in fixed.items() if "=" in k and k not in ("step", "time_s")]
            assert bins == fb, (name, bins, fb)
f = h5py.File("a/phase/openpmd_000002.h5")
H = f["data/2/meshes/phase"]
r = [x for x in csv.DictReader(open("a/ux.csv")) if x["step"] == "2"][0]
assert H.shape == (8, 4), H.shape
assert abs(H.attrs["gridGlobalOffset"][0] - float(r["ux_min"])) == 0, H.attrs["gridGlobalOffset"]
assert abs(H.attrs["gridSpacing"][0] * 8 - (float(r["ux_max"]) - float(r["ux_min"]))) < 1e-15, H.attrs["gridSpacing"]
assert abs(H[...].sum() - 5.12e9) <= 1e-12 * 5.12e9
print("auto ranges: the extrema's, every particle binned, the fixed range's bins bit for bit")
PY
"$root/.venv/bin/openPMD_check_h5" -i a/phase/openpmd_000002.h5 2>&1 | grep -q "Result: 0 Errors and 0 Warnings" && ok ||
    bad "openPMD_check_h5 a/phase/openpmd_000002.h5"
# launches: due at 0, 2, 4 of 4 steps; one moments pass per due step serves the extrema and both
# auto histograms (0.75 per step), and the same one pass without the extrema diagnostic; 3
# histograms x 3 (2.25); none on steps 1 and 3
launches() { awk -v k="$2" '$1 == k { print $NF }' "$1"; }
[ "$(launches a.log diag_moments_0)" = "0.75" ] && [ "$(launches a.log diag_histogram_0)" = "2.25" ] && ok ||
    bad "launches per step: diag_moments_0 $(launches a.log diag_moments_0), want 0.75; diag_histogram_0 $(launches a.log diag_histogram_0), want 2.25"
if "$picl" run -v auto.lua --set 'diagnostics.extrema={}' --set diagnostics.output_dir=c >c.log 2>&1 &&
   [ "$(launches c.log diag_moments_0)" = "0.75" ]; then ok
else bad "without the extrema diagnostic: diag_moments_0 $(launches c.log diag_moments_0) launches per step, want 0.75"; fi
out=$("$picl" check --no-build auto.lua --set "diagnostics.histograms.ux.axes={quantity='ux',bins=4,range='auto',min=0}" 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF 'min: given beside range = "auto"' && ok || bad "min beside range auto: $out"
summary
