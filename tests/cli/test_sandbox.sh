#!/bin/sh
# test_sandbox.sh: what an input script cannot do (docs/sandbox.md), met as an attacker meets it.
# Each case is a finding of issue #42 that main got wrong: text of the script's choice in the
# generated OpenCL program (through the strings' shared metatable), a finalizer that never ends,
# reads that never end (standard input, a FIFO opened as a file, a FIFO given to --restart).
# Each must exit 2 with one "picl: error:" line naming the cause, within a `timeout` (a hang is
# a failure, never a stuck CI), and leave the folder as it was.
. "$(dirname "$0")/lib.sh"
scratch sandbox

cat >"$dir/base.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 1e-6}, max_box = 4 },
  solver = { name = "yee", cfl = 0.9 },
  steps = 2,
  constants = { n0 = 1e24 },
  species = { { name = "electrons", particle = "electron", density = "n0", ppc = 1 } },
}
LUA

# A FIFO with a writer that never writes (this shell holds it open read-write): opening it
# succeeds and a read of it waits for ever.
mkfifo "$dir/fifo"
exec 3<>"$dir/fifo"
# And one nobody opens for writing: opening it for reading waits for ever.
mkfifo "$dir/lonely"

n=0
# refuse NAME PRELUDE MESSAGE COMMAND [ARGS]: bad.lua is PRELUDE (Lua put before the input's
# `return`) and base.lua, with constants = {...} replaced by $CONSTANTS when set; runs `picl
# COMMAND bad.lua ARGS` in an empty folder, standard input from the FIFO, under timeout.
refuse() {
    name=$1 prelude=$2 message=$3
    shift 3
    n=$((n + 1))
    work=$dir/case$n
    mkdir "$work"
    { printf '%s\n' "$prelude"
      if [ -n "$CONSTANTS" ]; then sed "s|constants = { n0 = 1e24 }|constants = $CONSTANTS|" "$dir/base.lua"
      elif [ -n "$EDIT" ]; then sed "$EDIT" "$dir/base.lua"
      else cat "$dir/base.lua"; fi; } >"$work/bad.lua"
    cmd=$1
    shift
    (cd "$work" && timeout -k 5 60 "$picl" "$cmd" bad.lua "$@" <"$dir/fifo" >"$dir/out" 2>"$dir/err"
     echo $? >"$dir/rc")
    rc=$(cat "$dir/rc")
    errors=$(grep -c '^picl: error:' "$dir/err")
    left=$(cd "$work" && ls -A | tr '\n' ' ')
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        bad "$name: picl hung (stopped by timeout after 60 s)"
    elif [ "$rc" -ne 2 ]; then
        bad "$name: exit status $rc, expected 2; stderr: $(cat "$dir/err")"
    elif [ "$errors" -ne 1 ]; then
        bad "$name: $errors error lines, expected 1: $(cat "$dir/err")"
    elif ! grep -qF -- "$message" "$dir/err"; then
        bad "$name: expected the message '$message', got: $(cat "$dir/err")"
    elif [ "$left" != "bad.lua " ]; then
        bad "$name: the folder holds '$left' afterwards; a refused input must write nothing"
    else
        ok
    fi
}

# -- 1. code injection: the strings' metatable, then the C side on its own
payload='*(volatile __global int *)16 = 42'
evil='local mt = getmetatable("")
mt.__index.match = function(s) return s end'
CONSTANTS="{ n0 = 1e24, [\"k; $payload; //\"] = 1 }"
refuse "string metatable, check" "$evil" \
    "bad.lua:2: attempt to index a nil value (local 'mt')" check --no-build
CONSTANTS="{ n0 = 1e24, [\"k; $payload; //\"] = 1 }"
refuse "string metatable, gen" "$evil" \
    "bad.lua:2: attempt to index a nil value (local 'mt')" gen -o out
refuse "string metatable through a method" 'local s = ("").match; getmetatable("x").__index.find = s' \
    "bad.lua:1: attempt to index a nil value" check --no-build
refuse "a file's metatable" 'getmetatable(io.open("bad.lua")).__gc = function() while true do end end' \
    "bad.lua:1: attempt to index a nil value" check --no-build
# nothing of the payload anywhere the generator writes, nor in anything left behind
if grep -rqF "$payload" "$dir"/case*/ --exclude=bad.lua 2>/dev/null; then
    bad "injection: the payload reached a file picl wrote"
else ok; fi
# a constant that is a macro of the generated program: refused, never pasted (it used to
# become `const double 8 = 1` and a build failure reported as a picl bug)
CONSTANTS="{ n0 = 1e24, NX = 1 }"
refuse "constant named as a generated macro" "" \
    "constants.NX: 'NX' is a macro of the generated program; expected another name" gen -o out
CONSTANTS="{ n0 = 1e24, gamma = 1 }"
refuse "constant named as a filter quantity" "" \
    "constants.gamma: 'gamma' is reserved" check --no-build

CONSTANTS=

# -- 2. finalizers
refuse "endless finalizer" 'setmetatable({}, {__gc = function() while true do end end})' \
    "bad.lua:1: setmetatable: __gc (a finalizer) is not available to input scripts" check --no-build

# -- 3. reads that never end
refuse "standard input" 'assert(io.open("/dev/stdin")):read("a")' \
    "/dev/stdin: not a regular file" check --no-build
refuse "a FIFO opened as a file" "assert(io.open(\"$dir/fifo\")):read(\"a\")" \
    "fifo: not a regular file (a FIFO); input scripts read regular files only" check --no-build
refuse "a FIFO through io.lines" "for l in io.lines(\"$dir/fifo\") do end" \
    "fifo: not a regular file (a FIFO)" check --no-build
refuse "a FIFO through dofile" "dofile(\"$dir/fifo\")" "fifo: not a regular file (a FIFO)" check --no-build
refuse "a FIFO given to --restart" "" "--restart: '$dir/lonely' is a FIFO, not a regular file" run --restart "$dir/lonely"
refuse "a directory given to --restart" "" "--restart: '$dir' is a directory, not a regular file" run --restart "$dir"
# a FIFO given as a from_file particle file: HDF5 would wait in open() for a writer
EDIT="s|{ name = \"electrons\", particle = \"electron\", density = \"n0\", ppc = 1 }|{ name = \"beam\", particle = \"electron\", from_file = { path = \"$dir/lonely\", species = \"beam\" } }|" \
    refuse "a FIFO given as from_file" "" "from_file.path: '$dir/lonely' is a FIFO, not a regular file" run
EDIT="s|{ name = \"electrons\", particle = \"electron\", density = \"n0\", ppc = 1 }|{ name = \"beam\", particle = \"electron\", from_file = { path = \"$dir\", species = \"beam\" } }|" \
    refuse "a directory given as from_file" "" "'$dir' is a directory, not a regular file" run

# -- the paths a run writes to, checked at set-up (exit 2, before any kernel is built, nothing
#    written) where they were found at the first file (exit 1, MPI_ERR_OTHER for a checkpoint)
: >"$dir/afile"
refuse "checkpoint.dir that is a file" "" "checkpoint.dir: '$dir/afile' is a file, not a folder" \
    run --set "checkpoint.dir=\"$dir/afile\""
refuse "checkpoint.dir inside a file" "" "checkpoint.dir: '$dir/afile' is a file, not a folder" \
    run --set "checkpoint.dir=\"$dir/afile/ck\""
refuse "diagnostics.output_dir that is a file" "" "diagnostics.output_dir: '$dir/afile' is a file, not a folder" \
    run --set "diagnostics.output_dir=\"$dir/afile\""
refuse "gen -o a file" "" "gen -o: '$dir/afile' is a file, not a folder" gen -o "$dir/afile"
# math.maxinteger cells: the per-axis limit, not max_box (which would divide nothing)
EDIT="s|cells = {8, 8, 8}|cells = {math.maxinteger, 8, 8}|" \
    refuse "math.maxinteger cells" "" "grid.cells: 9223372036854775807 cells along x; expected at most 2^30" check --no-build
# a coroutine that never yields is stopped by the CPU limit like any other loop
PICL_LUA_LIMITS=1,64
export PICL_LUA_LIMITS
refuse "endless coroutine" 'coroutine.wrap(function() while true do end end)()' \
    "bad.lua: the script ran for more than 1 s of CPU time" check --no-build
unset PICL_LUA_LIMITS

# -- what a script may still do: strings' methods, its own metatables, regular files
good=$dir/good
mkdir "$good"
printf 'n1 = 2\n' >"$good/params.lua"
{ cat <<'LUA'
local t = setmetatable({}, {__index = function(_, k) return #k end})
assert(t.abc == 3 and getmetatable(t) ~= nil and getmetatable("") == nil)
assert(("a,b"):find(",") == 2 and ("x"):rep(3) == "xxx")
local lines = 0
for _ in io.lines("params.lua") do lines = lines + 1 end
local f = assert(io.open("params.lua"))
assert(f:read("a") == "n1 = 2\n" and lines == 1)
f:close()
dofile("params.lua")
assert(n1 == 2)
LUA
cat "$dir/base.lua"; } >"$good/good.lua"
if out=$(cd "$good" && timeout -k 5 60 "$picl" check --no-build good.lua 2>&1 </dev/null); then ok
else bad "an ordinary script (string methods, own metatables, regular files) was refused: $out"; fi

exec 3>&-
summary
