#!/bin/sh
# run_all.sh: runs every unit test binary in BUILD/tests and every CLI test in tests/cli,
# then prints one closing line "N passed, N failed". PICL_TESTS="test_arena cli/test_plot_tools
# ...": only the tests of that list, by the names this script prints (make test-quick).
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
# the tests' own tuning file (docs/bench.md): never the user's ~/.cache/picl/tuning.lua
export PICL_TUNING="$build/test-logs/tuning.lua"
mkdir -p "$build/test-logs"
rm -f "$PICL_TUNING"
passed=0
failed=0
failures=""
run_one() {
    name=$1
    shift
    case " $PICL_TESTS " in
    "  " | *" $name "*) ;;
    *) return 0 ;;
    esac
    log=$build/test-logs/$name.log
    mkdir -p "$(dirname "$log")"
    start=$(date +%s)
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        printf 'ok   %-40s %3ss  %s\n' "$name" $(($(date +%s) - start)) "$(grep -E '^  ' "$log" | head -3 | tr -s ' ' | tr '\n' ';')"
    else
        failed=$((failed + 1))
        failures="$failures $name"
        printf 'FAIL %-40s (log: %s)\n' "$name" "$log"
        tail -n 25 "$log" | sed 's/^/     /'
    fi
}
# the layers of the C sources (docs/architecture.md): no include upward, no circle
run_one check_layers python3 "$here/../tools/check_layers.py"
for t in "$build"/tests/test_*; do
    [ -x "$t" ] || continue
    run_one "$(basename "$t")" "$t"
done
if [ -z "$PICL_UNIT_ONLY" ]; then
    for t in "$here"/cli/test_*.sh; do
        [ -f "$t" ] || continue
        run_one "cli/$(basename "$t" .sh)" sh "$t"
    done
fi
[ -n "$failures" ] && echo "failed:$failures"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
