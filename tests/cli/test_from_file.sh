#!/bin/sh
# test_from_file.sh: species.from_file. A bunch picl wrote (a full diagnostic of a beam at step
# 0) read back into a run on 1, 2 and 4 ranks: the run's own step-0 dump holds the same particles,
# bit for bit in double, the count exact (tests/output/from_file_check.py); in float within its
# rounding. A file openpmd-api
# wrote (units in um and m_e c, macro-weighted momenta, a constant positionOffset) loads with
# its values through offset and region (tests/output/from_file_api.py); one of two chunks'
# particles, written with h5py, loads on 2 ranks (tests/output/from_file_bulk.py). Bad files are refused
# with FILE:LINE: KEY and nothing written.
. "$(dirname "$0")/lib.sh"
need_venv
py=$root/.venv/bin/python
scratch from_file
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
cd "$dir" || exit 1

# a relativistic bunch with spreads, 8 boxes of 4^3 cells, so that 2 and 4 ranks split it
cat >write.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 8}, lower = {-2e-6, -1e-6, 0}, upper = {2e-6, 3e-6, 6e-6}, max_box = 4 },
  precision = "double",
  solver = { name = "yee", cfl = 0.9 },
  steps = 1,
  species = {
    { name = "beam", particle = "electron",
      beam = { total_charge = -1e-15, particles = 3000, centroid = {0, 1e-6, 3e-6}, rms = {4e-7, 4e-7, 7e-7},
               gamma = 5, u_th = {0.3, 0.2, 0}, energy_spread = 0.05 } },
  },
  diagnostics = { output_dir = "w", full = { name = "bunch", interval = {0}, fields = {}, species = { "beam" },
    attributes = { "position", "momentum", "weighting", "id" } } },
}
LUA
# the same run with the bunch from the file
sed -e 's|beam = { total_charge.*|from_file = { path = "w/bunch/openpmd_000000.h5", species = "beam", iteration = 0 } },|' \
    -e '/centroid = {0, 1e-6/d' -e '/gamma = 5, u_th/d' -e 's/output_dir = "w"/output_dir = OUT/' \
    -e 's/^local picl = require("picl")/local picl = require("picl")\nlocal OUT = "r"/' write.lua >read.lua
src=w/bunch/openpmd_000000.h5

if "$picl" run -q write.lua >write.log 2>&1 && [ -f $src ]; then ok; else bad "the bunch was not written: $(tail -3 write.log)"; fi
for n in 1 2 4; do
    sed "s/^local OUT = \"r\"/local OUT = \"r$n\"/" read.lua >read$n.lua
    if [ $n -eq 1 ]; then "$picl" run -q read$n.lua >r$n.log 2>&1
    else timeout 600 mpirun --oversubscribe -np $n "$picl" run -q read$n.lua >r$n.log 2>&1; fi
    if [ $? -ne 0 ]; then bad "$n ranks: the run from the file failed: $(tail -3 r$n.log)"; continue; fi
    if out=$("$py" "$root/tests/output/from_file_check.py" $src r$n/bunch/openpmd_000000.h5 2>&1); then ok
    else bad "$n ranks: $out"; fi
done

# the same in single precision: the count exact, values within float rounding
sed -e 's/precision = "double"/precision = "float"/' -e 's/^local OUT = "r"/local OUT = "rf"/' read.lua >readf.lua
if ! "$picl" run -q readf.lua >rf.log 2>&1; then bad "float: the run from the file failed: $(tail -3 rf.log)"
elif out=$("$py" "$root/tests/output/from_file_check.py" $src rf/bunch/openpmd_000000.h5 float 2>&1); then ok
else bad "float: $out"; fi

# -- a file of another code (openpmd-api), with offset and region
cat >api.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 8}, lower = {-2e-6, -1e-6, 0}, upper = {2e-6, 3e-6, 6e-6}, max_box = 4 },
  precision = "double",
  solver = { name = "yee", cfl = 0.9 },
  steps = 1,
  species = {
    { name = "e", particle = "electron",
      from_file = { path = "api.h5", species = "e", iteration = 3, offset = {0, 0, 1e-7},
                    region = { lower = {-2e-6, -1e-6, 0}, upper = {0, 3e-6, 6e-6} } } },
  },
  diagnostics = { output_dir = "a", full = { name = "e", interval = {0}, fields = {}, species = { "e" },
    attributes = { "position", "momentum", "weighting", "id" } } },
}
LUA
if ! out=$("$py" "$root/tests/output/from_file_api.py" write api.h5 2>&1); then
    bad "openpmd-api could not write the file: $out"
elif ! "$picl" run -q api.lua >api.log 2>&1; then
    bad "the openpmd-api file did not load: $(tail -3 api.log)"
elif out=$("$py" "$root/tests/output/from_file_api.py" check api.h5 a/e/openpmd_000000.h5 2>&1); then ok
else bad "openpmd-api file: $out"; fi

# -- more particles than one chunk (PFILE_CHUNK), h5py's own openPMD layout (a constant
# weighting, float32 positions, positionOffset datasets), on 2 ranks
cat >bulk.lua <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 8}, lower = {-2e-6, -1e-6, 0}, upper = {2e-6, 3e-6, 6e-6}, max_box = 4 },
  precision = "double",
  solver = { name = "yee", cfl = 0.9 },
  steps = 1,
  species = { { name = "p", particle = "proton", from_file = { path = "bulk.h5", species = "p" } } },
  diagnostics = { output_dir = "b", full = { name = "p", interval = {0}, fields = {}, species = { "p" },
    attributes = { "position", "momentum", "weighting", "id" } } },
}
LUA
if ! out=$("$py" "$root/tests/output/from_file_bulk.py" write bulk.h5 2>&1); then bad "h5py could not write the file: $out"
elif ! timeout 600 mpirun --oversubscribe -np 2 "$picl" run -q bulk.lua >bulk.log 2>&1; then
    bad "the file of two chunks did not load on 2 ranks: $(tail -3 bulk.log)"
elif out=$("$py" "$root/tests/output/from_file_bulk.py" check b/p/openpmd_000000.h5 2>&1); then ok
else bad "two chunks: $out"; fi

# -- bad files: FILE:LINE: KEY, exit 2, nothing written. refuse NAME PYTHON MESSAGE: a copy of
# the bunch edited by PYTHON (h5py, the file as f) is read by read.lua.
refuse() {
    name=$1 edit=$2 message=$3
    rm -rf case && mkdir -p case/w/bunch && cp $src case/w/bunch/ && cp read1.lua case/read.lua
    "$py" -c "import h5py; f = h5py.File('case/w/bunch/openpmd_000000.h5', 'r+'); $edit; f.close()" ||
        { bad "$name: the edit failed"; return; }
    (cd case && "$picl" run -q read.lua >../out 2>../err; echo $? >../rc)
    if [ "$(cat rc)" -ne 2 ]; then bad "$name: exit status $(cat rc), expected 2: $(cat err)"
    elif ! grep -q "^picl: error: read.lua:[0-9]*: species.beam.from_file" err; then bad "$name: no FILE:LINE: KEY: $(cat err)"
    elif ! grep -qF -- "$message" err; then bad "$name: expected '$message', got: $(cat err)"
    elif [ -e case/r1 ]; then bad "$name: output written"
    else ok; fi
}
refuse "no such species" "f.move('data/0/particles/beam', 'data/0/particles/other')" \
    "from_file.species: iteration 0 of 'w/bunch/openpmd_000000.h5' has no particle species 'beam' (it has 'other')"
refuse "no such iteration" "f.move('data/0', 'data/7')" "from_file.iteration: 'w/bunch/openpmd_000000.h5' holds no iteration 0 (it holds '7')"
refuse "a record missing" "del f['data/0/particles/beam/momentum']" "has no record momentum"
refuse "momentum in the wrong unit" \
    "f['data/0/particles/beam/momentum'].attrs['unitDimension'] = [1.0, 0, -1, 0, 0, 0, 0]" \
    "record momentum has unitDimension (1, 0, -1, 0, 0, 0, 0); expected that of a momentum"
refuse "position not a length" \
    "f['data/0/particles/beam/position'].attrs['unitDimension'] = [0.0, 0, 0, 0, 0, 0, 0]" \
    "record position has unitDimension (0, 0, 0, 0, 0, 0, 0); expected that of a length"
refuse "no unitSI" "del f['data/0/particles/beam/position/x'].attrs['unitSI']" "record position/x has no unitSI"
refuse "a particle outside the domain" "f['data/0/particles/beam/position/x'][5] = 1.0" \
    "from_file.region: particle 5 of 'w/bunch/openpmd_000000.h5' (and maybe others) lies outside the domain"
refuse "not openPMD" "del f.attrs['basePath']" "is no openPMD particle file"
summary
