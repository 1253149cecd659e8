#!/bin/sh
# test_diags.sh: the physicist's reduced diagnostics of inputs/beam_diagnostics.lua (moments,
# extrema, histograms, probes, field maxima) on 1, 2 and 4 ranks: the same files, every value within 1e-12 of the
# column's scale (the boxes are summed in another order on two ranks; the moments combine the
# boxes in global order on every rank); each diagnostic's kernel is launched on its due steps
# only (the summary's table: launches per step); the 2D histogram's openPMD files; a restart
# keeps the rows; input mistakes, a filter outside the expression language.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch diags
cd "$dir" || exit 1
input=$root/inputs/beam_diagnostics.lua
# one rank, two ranks, and two ranks whose boxes move between them every 3 steps (load balancing
# rebuilds the program and the arena: the diagnostics' kernels and buffers are made anew)
lb="--set parallel.balance_interval=3 --set parallel.balance_threshold=0 --set parallel.distribution=round_robin"
if "$picl" run -v "$input" --set diagnostics.output_dir=one >one.log 2>&1 &&
   mpirun --oversubscribe -np 2 "$picl" run -q "$input" --set diagnostics.output_dir=two >two.log 2>&1 &&
   mpirun --oversubscribe -np 2 "$picl" run "$input" $lb --set diagnostics.output_dir=moved >moved.log 2>&1 &&
   mpirun --oversubscribe -np 4 "$picl" run -q "$input" --set diagnostics.output_dir=four >four.log 2>&1 &&
   grep -q "load balance at step 3" moved.log; then ok
else bad "the runs failed:"; tail -n 20 one.log two.log moved.log four.log; exit 1; fi
for f in bunch_moments bunch_core bunch_extrema spectrum phase_space probe field_max \
         moved/bunch_moments moved/bunch_core moved/spectrum moved/phase_space moved/probe moved/field_max \
         four/bunch_moments four/bunch_core four/bunch_extrema four/spectrum four/phase_space; do
    case $f in moved/* | four/*) other=$f f=${f#*/} ;; *) other=two/$f ;; esac
    if python3 - "one/$f.csv" "$other.csv" <<'PY'
import csv, sys
a = list(csv.reader(open(sys.argv[1]))); b = list(csv.reader(open(sys.argv[2])))
assert a[0] == b[0], "headers differ"
assert len(a) == len(b) == 6, "rows: %d and %d, want 5 each" % (len(a) - 1, len(b) - 1)
cols = list(zip(*[[float(x) for x in r] for r in a[1:]]))
for ra, rb in zip(a[1:], b[1:]):
    for c, (h, x, y) in enumerate(zip(a[0], ra, rb)):
        x, y = float(x), float(y)
        scale = max(abs(v) for v in cols[c]) or 1.0
        assert abs(x - y) <= 1e-12 * scale, (h, x, y)
PY
    then ok; else bad "$f.csv differs between 1 rank and $other.csv"; fi
done
# 16 steps, every 4: due at 0, 4, 8, 12, 16, so 5 launches: 0.31 per step; the moments kernel of
# the bunch serves its moments and its extrema, one launch for both
for k in diag_moments_2 diag_histogram_0 diag_histogram_2 field_probe reduce_field_max; do
    n=$(awk -v k="$k" '$1 == k { print $NF }' one.log)
    [ "$n" = "0.31" ] && ok || bad "$k: $n launches per step, want 0.31 (5 in 16 steps)"
done
# the 2D histogram's openPMD files: valid (openPMD_check_h5) and read by openPMD-viewer as the CSV's rows
need_venv
for f in one/phase_space/openpmd_*.h5; do
    out=$("$root/.venv/bin/openPMD_check_h5" -i "$f" 2>&1)
    echo "$out" | grep -q "Result: 0 Errors and 0 Warnings" && ok || bad "openPMD_check_h5 $f: $out"
done
if "$root/.venv/bin/python" - one <<'PY'
import sys, numpy as np
from openpmd_viewer import OpenPMDTimeSeries
ts = OpenPMDTimeSeries(sys.argv[1] + "/phase_space", check_all_files=False)
rows = np.loadtxt(sys.argv[1] + "/phase_space.csv", delimiter=",", skiprows=1)
assert list(ts.iterations) == [0, 4, 8, 12, 16], ts.iterations
for k, it in enumerate(ts.iterations):
    H, info = ts.get_field("phase_space", iteration=it)
    assert np.array_equal(H, rows[k, 2:].reshape(32, 32)), it
assert info.axes == {0: "uz", 1: "z"}, info.axes
assert abs(info.z[0] - 0.5e-6) < 1e-18 and abs(info.uz[0] - (97 + 6 / 64)) < 1e-12, (info.z[0], info.uz[0])
PY
then ok; else bad "openPMD-viewer does not read phase_space/ as phase_space.csv holds it"; fi
# a run continued from its checkpoint at step 8 writes the same files as one that never stopped
# (rows up to 8 kept from the earlier run's files, 12 and 16 computed again), bit for bit
ck="--set checkpoint={interval=8,at_end=false} --set diagnostics.output_dir=restart"
if "$picl" run -q "$input" $ck >ck1.log 2>&1 && cp -r restart whole &&
   "$picl" run -q "$input" $ck --restart restart/checkpoints/checkpoint_000008.h5 >ck2.log 2>&1; then
    for f in bunch_moments bunch_core bunch_extrema spectrum phase_space probe field_max; do
        cmp -s "whole/$f.csv" "restart/$f.csv" && ok || bad "$f.csv after a restart differs from the uninterrupted run's"
    done
else bad "the checkpointed or the continued run failed:"; tail -n 5 ck1.log ck2.log; fi
# (a full diagnostic's sub-region and coarsening: tests/cli/test_full_region.sh)
# input mistakes, each reported against its key with what was expected
# the pictures: one per CSV
n=$("$root/.venv/bin/python" "$root/tools/plot_physics.py" one -o plots 2>&1 | grep -c '\.png$')
[ "$n" -eq 7 ] && ok || bad "tools/plot_physics.py drew $n pictures, want 7"
check_error() {
    out=$("$picl" check --no-build "$input" --set "$1" 2>&1)
    [ $? -eq 2 ] && echo "$out" | grep -qF "$2" && ok || bad "--set $1: want '$2', got: $out"
}
check_error diagnostics.moments.bunch_moments.species=bunh "unknown species 'bunh'; did you mean 'bunch'?"
check_error 'diagnostics.probes.probe.points={{0,0,99}}' "point 1 lies outside the domain along z"
check_error 'diagnostics.histograms.spectrum.axes={quantity="energy",bins=4,min=1,max=0}' "axes.1.max: 0 is not above min = 1"
check_error 'diagnostics.histograms.spectrum.axes={quantity="enrgy",bins=4,min=0,max=1}' "did you mean 'energy'?"
check_error 'diagnostics.histograms.spectrum.axes={{quantity="x",bins=2048,min=0,max=1},{quantity="y",bins=1024,min=0,max=1}}' "2097152 bins in all; expected at most 1048576"
check_error 'diagnostics.full={name="phase_space",interval=8}' "the folder phase_space/ is also diagnostics.full.phase_space's"
check_error diagnostics.field_maxima.field_max.name=probe "the file probe.csv is also diagnostics.probes.probe's"
# a filter outside the expression language: the parser's message against the key, the token
# named, before any build (gen/expr_parse.c); an unknown name likewise
out=$("$picl" check --no-build "$input" --set 'diagnostics.moments.bunch_moments.filter=gamma >>' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "diagnostics.moments.bunch_moments.filter: '>' at character 8: unexpected" &&
    ok || bad "a filter that does not parse: $out"
out=$("$picl" check --no-build "$input" --set 'diagnostics.moments.bunch_moments.filter=t > 0' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "diagnostics.moments.bunch_moments.filter: 't'" &&
    ok || bad "a filter naming t: $out"
summary
