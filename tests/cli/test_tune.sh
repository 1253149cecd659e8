#!/bin/sh
# test_tune.sh: `picl tune` on PoCL (8^3 cells, 1 particle per cell, 1 + 4 steps per variant)
# writes a tuning file (a temporary path) with the winner, which passed the correctness gate, and
# the device's limits; `picl run` reads the file, says which settings it took, and they take
# effect (the sort kernel's launches per step follow sort.interval); a key the input or --set
# gives wins; `tuning = false` ignores the file; another problem class gets picl's defaults; a
# damaged file is one message naming file and line, and is left as it was; the run summary
# places the hot kernels under the roofline, with the hand-counted work of the push (and of
# maxwell_push_B_half when it is hot enough to be listed).
. "$(dirname "$0")/lib.sh"
scratch tune
cd "$dir" || exit 1
unset PICL_TUNING
tf=$dir/cache/tuning.lua

cat >tiny.lua <<LUA
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },
  steps = 4, shape_order = 1,
  species = { { name = "electrons", particle = "electron", density = 1e25, ppc = 1, u_th = 0.05, seed = 2 } },
  diagnostics = { output_dir = "$dir/diags" },
}
LUA
sed 's/steps = 4,/steps = 4, sort = { interval = 4 },/' tiny.lua >own.lua

# -- picl tune writes the file (its folder created), every variant that ran passed the gate
"$picl" tune tiny.lua --tuning "$tf" --warmup 1 --steps 4 --repeats 1 >tune.out 2>tune.err
rc=$?
sed 's/^/  /' tune.out
tuned=$(grep -c '^tuned {.*class = "double/order1/ppc1"' "$tf" 2>/dev/null)
limits=$(grep -c '^limits {.*bandwidth_GBs = ' "$tf" 2>/dev/null)
if [ $rc -eq 0 ] && [ "$tuned" = 1 ] && [ "$limits" = 1 ] && grep -q "^tune: written to $tf" tune.out; then ok
else bad "tune (rc $rc, $tuned tuned, $limits limits lines): $(cat tune.err)"; fi
# rows: "  LABEL ms min max setup gate"; errors only for strategies this picl lacks
if grep -q "FAILED" tune.out; then bad "a variant failed the gate: $(grep FAILED tune.out)"; else ok; fi
if grep -E '^  (defaults|deposition_strategy|work_group|sort)' tune.out | grep -v "not implemented" | grep -q " error: "; then
    bad "a variant did not run: $(grep ' error: ' tune.out)"
else ok; fi
if ls "$dir/cache" | grep -q tmp; then bad "temporary file left: $(ls "$dir/cache")"; else ok; fi

# -- picl run takes the tuned entry and says so, naming the file's line
"$picl" run tiny.lua --tuning "$tf" >run.out 2>run.err
rc=$?
line=$(grep -n '^tuned' "$tf" | cut -d: -f1)
if [ $rc -eq 0 ] && grep -q "^picl: tuning: $tf:$line for .*, class double/order1/ppc1: deposition_strategy=" run.err; then ok
else bad "run with the tune's file (rc $rc): $(cat run.err)"; fi
grep "tuning:" run.err | sed 's/^/  /'

# -- a file with known settings: they take effect (particles_bin runs every sort.interval steps)
vendor=$(sed -n 's/^tuned { vendor = "\([^"]*\)".*/\1/p' "$tf")
device=$(sed -n 's/^tuned {.* device = "\([^"]*\)".*/\1/p' "$tf")
driver=$(sed -n 's/^tuned {.* driver = "\([^"]*\)".*/\1/p' "$tf")
known=$dir/known.lua
{
    grep '^limits' "$tf"
    echo "tuned { vendor = \"$vendor\", device = \"$device\", driver = \"$driver\", class = \"double/order1/ppc1\","
    echo "  deposition_strategy = \"deterministic\", work_group = { cells = {4, 4, 4}, particles = 0 },"
    echo "  sort = { interval = 2, bin_size = {2, 2, 2} } }"
} >"$known"
# the kernel time table of --profile (launches per step in column 5), not the roofline below it
bin_rate() { awk '$1 == "particles_bin" { print $5; exit }' "$1"; }
"$picl" run tiny.lua --profile --tuning "$known" >k.out 2>k.err
rc=$?
if [ $rc -eq 0 ] && grep -q "tuning: $known:2 .*: deposition_strategy=deterministic work_group.cells={4,4,4} sort.interval=2 sort.bin_size={2,2,2}$" k.err &&
    [ "$(bin_rate k.out)" = "0.50" ]; then ok
else bad "known file (rc $rc, particles_bin $(bin_rate k.out) per step): $(grep tuning k.err)"; fi

# -- the input's own key wins, from the script and from --set
"$picl" run own.lua --profile --tuning "$known" >o.out 2>o.err
rc=$?
if [ $rc -eq 0 ] && grep -q "tuning: .*sort.bin_size={2,2,2}; the input's own sort.interval=4" o.err && [ "$(bin_rate o.out)" = "0.25" ]; then ok
else bad "input key (rc $rc, particles_bin $(bin_rate o.out)): $(grep tuning o.err)"; fi
"$picl" run tiny.lua --profile --tuning "$known" --set sort.interval=0 >s.out 2>s.err
rc=$?
if [ $rc -eq 0 ] && grep -q "the input's own sort.interval=0" s.err && [ -z "$(bin_rate s.out)" ]; then ok
else bad "--set key (rc $rc, particles_bin $(bin_rate s.out)): $(grep tuning s.err)"; fi

# -- tuning = false, another class, no file: picl's defaults (sort every 16 steps: none in 4)
"$picl" run tiny.lua --profile --tuning "$known" --set tuning=false >f.out 2>f.err
if grep -q "tuning: not used (the input sets tuning = false)" f.err && [ -z "$(bin_rate f.out)" ]; then ok
else bad "tuning = false: $(grep tuning f.err)"; fi
"$picl" run tiny.lua --tuning "$known" --set precision=float >c.out 2>c.err
if grep -q "tuning: $known has no entry for .*, class float/order1/ppc1; picl's defaults" c.err; then ok
else bad "another class: $(grep tuning c.err)"; fi
"$picl" run tiny.lua --tuning "$dir/none.lua" >n.out 2>n.err
if grep -q "tuning: no tuning file $dir/none.lua; picl's defaults" n.err; then ok
else bad "no file: $(grep tuning n.err)"; fi

# -- a damaged file: exit 2, one message with file, line and key; nothing rewritten
sed 's/interval = 2/interval = -2/' "$known" >damaged.lua
cp damaged.lua damaged.orig
"$picl" run tiny.lua --tuning damaged.lua >d.out 2>d.err
rc=$?
if [ $rc -eq 2 ] && grep -q "error: tuning file: damaged.lua:2: tuned.sort.interval: expected a non-negative integer" d.err &&
    [ ! -s d.out ]; then ok
else bad "damaged file (rc $rc): $(cat d.err)"; fi
printf 'tuned { vendor = "x" device = "y" }\n' >syntax.lua
"$picl" tune tiny.lua --tuning syntax.lua >t2.out 2>t2.err
rc=$?
if [ $rc -eq 2 ] && grep -q "error: tuning file: syntax.lua:1: .*expected" t2.err && cmp -s damaged.lua damaged.orig; then ok
else bad "tune with a damaged file (rc $rc): $(cat t2.err)"; fi
cat d.err t2.err | sed 's/^/  /'

# -- the roofline of the run. By hand, from maxwell_yee.cl: the B half step is 3 x (2
# differences, 2 products, a subtraction, the update) = 18 flops over E and B read and B written,
# 9 x 8 bytes (checked when its share of the time puts it in the table); the push of order 1
# (energy-conserving gather 92, Boris 60, move 29, Esirkepov 131) is 312 flops per particle. A
# fraction of the roof above 150% would mean the model counts work the kernel does not do.
if grep -q "^roofline: .*roofs [0-9.]* GB/s, [0-9.]* GFlop/s double" k.out &&
    awk '/^roofline:/ { r = 1 } r && $1 == "maxwell_push_B_half" { bad = !($3 == "18.0" && $4 == "72.0" && $5 == "0.250" && $9 + 0 > 0) }
         END { exit bad }' k.out &&
    awk '/^roofline:/ { r = 1 } r && $1 == "push_deposit_0" { f = $9 + 0; good = $3 == "312.0" && f > 0 && f < 150 }
         END { exit !good }' k.out; then ok
else bad "roofline table: $(sed -n '/^roofline/,$p' k.out)"; fi
sed -n '/^roofline/,$p' k.out | sed 's/^/  /'

# -- 2D: a class of its own (a 3D tuning never applies), every variant runs with the bins of
# the kept axes ({x, z}) and passes the gate, and picl run takes the 2D entry
cat >tiny2d.lua <<LUA
local picl = require("picl")
return picl.simulation {
  geometry = "2d",
  grid = { cells = {16, 16}, lower = {0, 0}, upper = {16e-6, 16e-6}, max_box = 8 },
  steps = 4, shape_order = 1,
  species = { { name = "electrons", particle = "electron", density = 1e25, ppc = 1, u_th = 0.05, seed = 2 } },
  diagnostics = { output_dir = "$dir/diags2d" },
}
LUA
tf2=$dir/tuning2d.lua
"$picl" tune tiny2d.lua --tuning "$tf2" --warmup 1 --steps 4 --repeats 1 >tune2d.out 2>tune2d.err
rc=$?
measured=$(sed -n 's/^tune: \([0-9]*\) variants measured, \([0-9]*\) passed the gate$/\1 \2/p' tune2d.out)
if [ $rc -eq 0 ] && grep -q '^tuned {.*class = "2d/double/order1/ppc1"' "$tf2" && [ -n "$measured" ] &&
    [ "${measured% *}" = "${measured#* }" ] && ! grep -q " error: " tune2d.out; then ok
else bad "2D tune (rc $rc, measured/passed: $measured): $(grep ' error: ' tune2d.out | head -3) $(cat tune2d.err)"; fi
grep -E '^tune: (picl|the fastest|[0-9]+ variants)' tune2d.out | sed 's/^/  2d: /'
"$picl" run tiny2d.lua --tuning "$tf2" >run2d.out 2>run2d.err
rc=$?
if [ $rc -eq 0 ] && grep -q "^picl: tuning: $tf2:[0-9]* for .*, class 2d/double/order1/ppc1" run2d.err; then ok
else bad "2D run with the 2D tuning (rc $rc): $(grep tuning run2d.err)"; fi
"$picl" run tiny2d.lua --tuning "$tf" >run2d3.out 2>run2d3.err
if grep -q "tuning: .*class 2d/double/order1/ppc1" run2d3.err && ! grep -q "tuning: $tf:[0-9]* for" run2d3.err; then ok
else bad "2D run with the 3D tuning: $(grep tuning run2d3.err)"; fi
grep "tuning:" run2d.err run2d3.err | sed 's/^/  /'

summary
