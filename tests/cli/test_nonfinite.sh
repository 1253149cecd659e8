#!/bin/sh
# test_nonfinite.sh: values no run can hold (docs/input.md, "Bounds on values"). Momenta, cell
# sizes, charge over mass and laser fields that would overflow are refused at input with
# FILE:LINE: KEY (exit 2, nothing written); a from_file particle with a weighting or momentum that
# is no number or out of range likewise; a particle the push sends to a position that is no number
# stops the run (exit 1) naming species and particle, where it once crashed push_deposit (139);
# a reduced diagnostic's energy or a field maximum that is no number stops the run (exit 1)
# naming step and column, the .partial kept, where the run once ended 0 with a CSV of NaN.
. "$(dirname "$0")/lib.sh"
need_venv
py=$root/.venv/bin/python
scratch nonfinite
cd "$dir" || exit 1

# every key on a line of its own, so each mistake has one line to be reported at
cat >base.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = {
    cells = {8, 8, 8},
    lower = {0, 0, 0},
    upper = {1e-6, 1e-6, 1e-6},
    max_box = 4,
  },
  precision = "double",
  solver = { name = "yee", cfl = 0.9 },
  steps = 2,
  species = {
    {
      name = "electrons",
      particle = "electron",
      density = 1e24,
      ppc = 1,
    },
  },
  diagnostics = { reduced = { name = "energy", interval = 1 } },
}
LUA

n=0
# expect NAME STATUS MESSAGE COMMAND SED [picl options]: base.lua edited by SED in a folder of its
# own, `picl COMMAND bad.lua` there: the status, one error line holding MESSAGE. With status 2
# nothing may be written; with 1 the reduced CSV stays .partial.
expect() {
    name=$1 status=$2 message=$3 cmd=$4 edit=$5
    shift 5
    n=$((n + 1))
    mkdir case$n
    sed "$edit" base.lua >case$n/bad.lua
    (cd case$n && timeout 120 "$picl" $cmd bad.lua "$@" >../out 2>../err; echo $? >../rc)
    rc=$(cat rc)
    if [ "$rc" -ne "$status" ]; then bad "$name: exit status $rc, expected $status: $(tail -3 err)"
    elif [ "$(grep -c '^picl: error:' err)" -ne 1 ]; then bad "$name: expected one error line: $(cat err)"
    elif ! grep -qF -- "$message" err; then bad "$name: expected '$message', got: $(cat err)"
    elif [ "$status" -eq 2 ] && [ "$(ls -A case$n)" != bad.lua ]; then bad "$name: left $(ls -A case$n)"
    elif [ "$status" -eq 1 ] && [ -e case$n/diags/energy.csv ]; then bad "$name: the CSV was completed"
    else ok; fi
}

# -- at input: constants, expressions and derived literals (once: segfaults or "a picl bug")
expect "u_drift 1e300" 2 "bad.lua:14: species.electrons.u_drift: component 1 is 1e+300; expected a finite number (gamma v / c) with |u| <= 1e+10" \
    run 's/ppc = 1,/ppc = 1, u_drift = {1e300, 0, 0},/'
expect "u_th 1e300" 2 "bad.lua:14: species.electrons.u_th: component 1 is 1e+300" run 's/ppc = 1,/ppc = 1, u_th = 1e300,/'
expect "u_drift expression" 2 "species.electrons.u_drift.1: is 1e+300 at (x, y, z) = (5.625e-07" \
    run 's/ppc = 1,/ppc = 1, u_drift = {"1e300*(x > 5e-7)", 0, 0},/'
expect "cell size 0" 2 "bad.lua:6: grid.upper: the cell size along x is 0 m ((upper - lower) / cells); expected 1e-12 .. 1e12 m" \
    "check --no-build" 's/upper = {1e-6, 1e-6, 1e-6}/upper = {5e-324, 1e-6, 1e-6}/'
expect "cell size 1e-301" 2 "grid.upper: the cell size along y is 1.25e-301 m" run 's/upper = {1e-6, 1e-6, 1e-6}/upper = {1e-6, 1e-300, 1e-6}/'
expect "cell size 1e299" 2 "grid.upper: the cell size along z is 1.25e+299 m" run 's/upper = {1e-6, 1e-6, 1e-6}/upper = {1e-6, 1e-6, 1e300}/'
expect "charge over mass" 2 "bad.lua:14: species.electrons.charge: charge 1e+300 C over mass 1e-300 kg is inf C/kg" \
    run 's/particle = "electron",/charge = 1e300, mass = 1e-300,/'
laser='steps = 2, lasers = { { name = "l", position = {0.5e-6, 0.5e-6, 0.5e-6}, direction = "+x", polarization = {0, 1, 0}, waist = 2e-7, fwhm = 3e-15, t_peak = 6e-15,'
expect "laser a0" 2 "bad.lua:11: lasers.l.a0: a0 1e+300 is a peak field E0 of inf V/m" run "s/steps = 2,/$laser wavelength = 0.8e-6, a0 = 1e300 } },/"
expect "laser wavelength" 2 "bad.lua:11: lasers.l.wavelength: 1e-300 m; expected a finite wavelength >= 1e-15 m" \
    run "s/steps = 2,/$laser wavelength = 1e-300, a0 = 1 } },/"

# -- in the run: the push's guard (float: the applied 1e300 V/m is inf, the momentum then too),
# without the reduced diagnostic that would stop it first
expect "a position that is no number" 1 "species electrons: the particle in slot" run \
    's/precision = "double",/precision = "float", applied_fields = { E = {"1e300", 0, 0} },/; /reduced = /d'
grep -qF "went to a position that is no number or lies beyond its box" err || bad "the push's guard: $(cat err)"
for strategy in deterministic global_atomics local_tiles simd_cells; do # each has a push of its own
    expect "a position that is no number, $strategy" 1 "went to a position that is no number" run \
        's/precision = "double",/precision = "float", applied_fields = { E = {"1e300", 0, 0} },/; /reduced = /d' \
        --set "deposition_strategy=\"$strategy\""
done
expect "energy NaN" 1 "step 0: the reduced diagnostic's kinetic_energy_electrons_J is -nan: the run went non-finite" run \
    's/precision = "double",/precision = "double", applied_fields = { E = {"1e300", 0, 0} },/'
[ -s case$n/diags/energy.csv.partial ] || bad "energy NaN: no energy.csv.partial"
expect "field maximum inf" 1 "step 0: field_maxima fm: Ex_max_V_m is inf: the fields went non-finite" run \
    's/precision = "double",/precision = "float", fields = { Ex = "1e300*(x > 5e-7)" },/; s/reduced = { name = "energy", interval = 1 }/field_maxima = { name = "fm", interval = 1 }/'

# -- from_file: a bunch picl wrote, one value edited with h5py, read back
cat >write.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 1e-6}, max_box = 4 },
  solver = { name = "yee", cfl = 0.9 },
  steps = 1,
  species = { { name = "beam", particle = "electron", beam = { total_charge = -1e-15, particles = 100,
    centroid = {5e-7, 5e-7, 5e-7}, rms = {1e-7, 1e-7, 1e-7}, gamma = 2 } } },
  diagnostics = { output_dir = "w", full = { name = "b", interval = {0}, fields = {}, species = { "beam" },
    attributes = { "position", "momentum", "weighting", "id" } } },
}
LUA
sed -e 's|beam = { total_charge.*|from_file = { path = "b.h5", species = "beam" } } },|' -e '/centroid = /d' \
    -e 's/output_dir = "w"/output_dir = "r"/' write.lua >read.lua
"$picl" run -q write.lua >write.log 2>&1 || bad "the bunch was not written: $(tail -3 write.log)"
# refuse NAME PYTHON MESSAGE: the bunch edited by PYTHON (h5py, the particles as p) is refused
# with read.lua:6: species.beam.from_file MESSAGE (MESSAGE: the rest, from its key on)
refuse() {
    rm -f b.h5 && cp w/b/openpmd_000000.h5 b.h5
    "$py" -c "import h5py; f = h5py.File('b.h5', 'r+'); p = f['data/0/particles/beam']; $2; f.close()" ||
        { bad "$1: the edit failed"; return; }
    timeout 120 "$picl" run -q read.lua >out 2>err
    rc=$?
    if [ $rc -ne 2 ]; then bad "$1: exit status $rc, expected 2: $(tail -3 err)"
    elif ! grep -qF -- "read.lua:6: species.beam.from_file$3" err; then bad "$1: expected '$3', got: $(cat err)"
    elif [ -e r ]; then bad "$1: output written"
    else ok; fi
}
refuse "momentum NaN" "p['momentum/x'][3] = float('nan')" ": particle 3 of 'b.h5' (and maybe others) has momentum x of nan"
refuse "momentum inf" "p['momentum/y'][4] = float('inf')" ": particle 4 of 'b.h5' (and maybe others) has momentum y of inf"
refuse "momentum 1e300" "p['momentum/z'][5] = 1e300" ": particle 5 of 'b.h5' (and maybe others) has momentum z of"
refuse "weighting NaN" "p['weighting'][6] = float('nan')" ": particle 6 of 'b.h5' (and maybe others) has weighting nan"
refuse "weighting 1e300" "p['weighting'][7] = 1e300" ": particle 7 of 'b.h5' (and maybe others) has weighting 1e+300"
refuse "weighting negative" "p['weighting'][8] = -p['weighting'][8]" ": particle 8 of 'b.h5' (and maybe others) has weighting -"
refuse "momentum unitSI inf" "p['momentum/x'].attrs['unitSI'] = float('inf')" ".species: record momentum/x has unitSI inf; expected a finite number"
summary
