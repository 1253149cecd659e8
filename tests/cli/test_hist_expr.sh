#!/bin/sh
# test_hist_expr.sh: a histogram axis that is a user expression ("ux*ux + uy*uy") and a weight
# that is one ("gamma"), against the histograms of the same step's particle dump
# (tests/output/hist_expr.py); launches on due steps only; an expression outside the language is
# reported against its key by the parser that reads the filters (gen_diag_filter_parse).
. "$(dirname "$0")/lib.sh"
need_venv
scratch hist_expr
cd "$dir" || exit 1
cat >expr.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = { 8, 8, 8 }, lower = { 0, 0, 0 }, upper = { 8e-6, 8e-6, 8e-6 }, max_box = { 4, 8, 8 } },
  steps = 4,
  species = { { name = "e", particle = "electron", density = 1e25, ppc = 1, u_th = 0.05 } },
  diagnostics = {
    full = { name = "parts", interval = 2, fields = {} },
    histograms = {
      { name = "u2", interval = 2, species = "e", axes = { expression = "ux*ux + uy*uy", bins = 10, min = 0, max = 0.01 } },
      { name = "xg", interval = 2, species = "e", axes = { quantity = "x", bins = 4, min = 0, max = 8e-6 },
        weight_expression = "gamma" } } },
}
LUA
if "$picl" run -v expr.lua --set diagnostics.output_dir=d >run.log 2>&1; then ok
else bad "the run failed:"; tail -n 5 run.log; exit 1; fi
"$root/.venv/bin/python" "$root/tests/output/hist_expr.py" d 2 >py.log 2>&1 && ok || bad "the expression histograms:"
cat py.log
# each histogram's own kernel copy: due at 0, 2, 4 of 4 steps, 0.75 launches per step, none between
for k in diag_histogram_0_h0 diag_histogram_0_h1; do
    n=$(awk -v k="$k" '$1 == k { print $NF }' run.log)
    [ "$n" = "0.75" ] && ok || bad "$k: $n launches per step, want 0.75 (3 in 4 steps)"
done
# an expression outside the language: the parser's message against the key, before any build
out=$("$picl" check --no-build expr.lua --set 'diagnostics.histograms.xg.weight_expression=gama*2' 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "diagnostics.histograms.xg.weight_expression: 'gama' at character 1: unknown name" &&
    ok || bad "a weight expression with an unknown name: $out"
out=$("$picl" check --no-build expr.lua --set "diagnostics.histograms.u2.axes={expression='ux*uy+zz',bins=2,min=0,max=1}" 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF "diagnostics.histograms.u2.axes.1.expression: 'zz' at character 7: unknown name" &&
    ok || bad "an axis expression with an unknown name: $out"
out=$("$picl" check --no-build expr.lua --set "diagnostics.histograms.u2.axes={expression='ux',bins=2,range='auto'}" 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -qF 'an expression axis needs min and max' && ok || bad "auto beside an expression: $out"
summary
