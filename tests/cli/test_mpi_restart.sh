#!/bin/sh
# test_mpi_restart.sh: checkpoints written on N ranks and continued on M (2 -> 1, 2 -> 2, 2 -> 4,
# 1 -> 2), SIGTERM to one rank, a damaged checkpoint under MPI; the checks are in
# tests/output/test_mpi_restart.py, run with the pinned Python of .venv.
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -x "$root/.venv/bin/python" ]; then
    "$root/tools/venv.sh" || { echo "FAIL: no Python environment for the output tests (make venv)"; exit 1; }
fi
exec "$root/.venv/bin/python" "$root/tests/output/test_mpi_restart.py"
