#!/bin/sh
# test_electrostatic.sh: solver = "electrostatic" (docs/electrostatic.md) as `picl check` prints it
# (tolerance, iterations, the faces' potentials); what it does not do refused by key (FILE:LINE:
# KEY, exit 2): RZ, a boost, a moving window, a PML face, a potential on a periodic axis or one
# that does not parse or is not finite at some step, its keys and the phi diagnostic with another
# solver. Then a run on 2 MPI ranks (4 boxes, a frozen sine charge between a grounded and a 2 V
# face) writes the phi of the 1-rank run within 1e-12 V (7.5e-15 V measured of 1.98 V): the dot products summed over ranks, p's guards exchanged.
. "$(dirname "$0")/lib.sh"
need_venv
scratch cli
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

cat >"$dir/es.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  geometry = "2d",
  grid = { cells = {32, 16}, lower = {0, 0}, upper = {32e-6, 16e-6} },
  boundary = { field = { x = "pec", z = "periodic" }, particles = { x = "absorbing", z = "periodic" } },
  solver = { name = "electrostatic", dt = 1e-14, potential_x_hi = "10*sin(1e12*t)" },
  diagnostics = { full = { name = "f", interval = 2, fields = { "phi", "E" } } },
  steps = 3,
}
LUA
out=$("$picl" check --no-build "$dir/es.lua" 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "^solver  *electrostatic, dt = 1e-14 s" &&
    echo "$out" | grep -qF "Poisson by conjugate gradients to |r| <= 1e-10 |b|, at most 10000 iterations" &&
    echo "$out" | grep -qF "potential_x_hi     10*sin(1e12*t)    [solver.potential_x_hi, $dir/es.lua:6]"; then ok
else bad "electrostatic input (rc $rc): $out"; fi

# name, --set ..., expected text (after FILE:LINE:)
check_refusal() {
    name=$1 want=$2
    shift 2
    out=$("$picl" check --no-build "$dir/es.lua" "$@" 2>&1)
    rc=$?
    if [ $rc -eq 2 ] && echo "$out" | grep -qF -- "$want"; then ok
    else bad "$name (rc $rc): $out"; fi
}
check_refusal "pml" "boundary.field: \"pml\" on the lower face of x with solver \"electrostatic\"" \
    --set 'boundary.field={x="pml",z="periodic"}'
check_refusal "window" "moving_window: given with solver \"electrostatic\", which does not support a moving window" \
    --set 'moving_window={axis="x",speed=1}'
check_refusal "boost" "boost: given with solver \"electrostatic\"" --set 'boost={gamma=2,axis="z"}' \
    --set 'boundary={field="pec",particles="absorbing"}'
check_refusal "periodic potential" "solver.potential_z_lo: given, but the z faces are periodic" \
    --set 'solver.potential_z_lo=1'
check_refusal "dropped axis" "solver.potential_y_lo: given, but 2d has no axis y" --set 'solver.potential_y_lo=1'
check_refusal "yee keys" "solver.potential_x_hi: given with solver \"yee\"" --set 'solver.name=yee'
check_refusal "phi with yee" "diagnostics.full.f.fields: \"phi\" with solver \"yee\"" \
    --set 'solver={name="yee"}'
check_refusal "rz" "solver.name" --set 'geometry=rz' --set 'boundary={field={x="pec",z="periodic"},particles={x="absorbing",z="periodic"}}'
check_refusal "float precision" "solver.required_precision: 1e-08 with precision \"float\"" --set precision=float \
    --set solver.required_precision=1e-8
out=$("$picl" check --no-build "$dir/es.lua" --set precision=float 2>&1)
if echo "$out" | grep -qF "Poisson by conjugate gradients to |r| <= 1e-05 |b|"; then ok; else bad "float's default: $out"; fi
# the potentials are checked before the run: they parse, and are finite at every step
check_refusal "unknown name" "solver.potential_x_hi: 'foo' at character 1: unknown name" --set 'solver.potential_x_hi="foo*t"'
check_refusal "infinite" "solver.potential_x_hi: inf at t = 2e-14 s (step 2); expected a finite potential in V" \
    --set 'solver.potential_x_hi="1/(t-2e-14)"'
# in the file: FILE:LINE: KEY
sed 's/potential_x_hi = /potential_z_hi = 2, potential_x_hi = /' "$dir/es.lua" >"$dir/es_z.lua"
out=$("$picl" check --no-build "$dir/es_z.lua" 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF "$dir/es_z.lua:6: solver.potential_z_hi: given, but the z faces are periodic"; then ok
else bad "periodic potential in the file (rc $rc): $out"; fi

# 2 ranks against 1
cat >"$dir/mpi.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  geometry = "1d",
  grid = { cells = { 64 }, lower = { 0 }, upper = { 1e-3 }, max_box = { 16 } },
  boundary = { field = "pec", particles = "absorbing" },
  solver = { name = "electrostatic", dt = 1e-12, required_precision = 1e-12, potential_z_hi = 2 },
  constants = { n0 = 1e14, L = 1e-3 },
  shape_order = 1,
  species = { { name = "ions", particle = "proton", density = "n0*sin(pi*z/L)", ppc = 16, frozen = true } },
  steps = 1,
  diagnostics = { full = { { name = "f", interval = 1, fields = { "phi" } } } },
}
LUA
if command -v mpirun >/dev/null &&
   "$picl" run -q "$dir/mpi.lua" --set diagnostics.output_dir="$dir/one" >"$dir/one.log" 2>&1 &&
   timeout 300 mpirun --oversubscribe -np 2 "$picl" run -q "$dir/mpi.lua" --set diagnostics.output_dir="$dir/two" \
       >"$dir/two.log" 2>&1 &&
   "$root/.venv/bin/python" - "$dir" <<'PY'
import sys, h5py
d = sys.argv[1]
a = h5py.File(d + "/one/f/openpmd_000001.h5")["data/1/meshes/phi"][()]
b = h5py.File(d + "/two/f/openpmd_000001.h5")["data/1/meshes/phi"][()]
diff = abs(a - b).max()
print(f"phi on 2 ranks vs 1: max difference {diff:.2e} V of {abs(a).max():.3g} V")
sys.exit(0 if diff < 1e-12 and abs(a).max() > 1 else 1)
PY
then ok; else bad "2 ranks vs 1: $(tail -3 "$dir/two.log")"; fi
summary
