#!/bin/sh
# test_output.sh: openPMD output (validator, openPMD-viewer), checkpoints, restart and SIGTERM;
# the checks are in tests/output/test_output.py, run with the pinned Python of .venv.
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -x "$root/.venv/bin/python" ]; then
    "$root/tools/venv.sh" || { echo "FAIL: no Python environment for the output tests (make venv)"; exit 1; }
fi
exec "$root/.venv/bin/python" "$root/tests/output/test_output.py"
