# lib.sh: the start every CLI test shares, sourced as `. "$(dirname "$0")/lib.sh"`: $root and
# $picl (built, or the test fails at once), the pass and fail counts (ok, bad, summary), a scratch
# folder (scratch NAME) and the Python environment of the output tests (need_venv).
root=$(cd "$(dirname "$0")/../.." && pwd)
picl=${PICL_BIN:-$root/bin/picl} # PICL_BIN: another build of picl to test
[ -x "$picl" ] || { echo "FAIL: $picl is not built (make all)"; exit 1; }
failed=0
passed=0
pid=""
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
summary() {
    echo "  $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# $dir: a new folder /tmp/picl_NAME_XXXXXX, removed at exit, with the process $pid if a test
# left one running.
scratch() {
    dir=$(mktemp -d "/tmp/picl_$1_XXXXXX")
    trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
}

need_venv() {
    [ -x "$root/.venv/bin/python" ] ||
        "$root/tools/venv.sh" || { echo "FAIL: no Python environment for the output tests (make venv)"; exit 1; }
}

# `picl run inputs/INPUT [options]` in the current folder, output in run.log, from $start (the
# date in seconds): the test stops here unless it ran its STEPS steps to the summary line. WHAT
# names the run in the message.   usage: run_input INPUT STEPS WHAT [picl run options...]
run_input() {
    input=$1 steps=$2 what=$3
    shift 3
    start=$(date +%s)
    "$picl" run "$root/inputs/$input" "$@" >run.log 2>&1
    rc=$?
    if [ $rc -ne 0 ] || ! grep -q "^summary: $steps steps" run.log; then
        echo "FAIL: inputs/$input ($what) did not run to its end (rc $rc):"
        tail -n 20 run.log
        exit 1
    fi
}
