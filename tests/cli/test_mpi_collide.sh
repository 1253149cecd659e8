#!/bin/sh
# test_mpi_collide.sh: binary collisions on 2 ranks (by space-filling curve and by round robin)
# give the 1-rank run's momenta bit for bit, by particle id; the checks are in
# tests/mpi/test_mpi_collide.c (docs/collisions.md, "Random numbers and reproducibility").
. "$(dirname "$0")/lib.sh"
prog=$root/${BUILD:-build}/tests-mpi/test_mpi_collide
[ -x "$prog" ] || { echo "FAIL: $prog is not built (make unit)"; exit 1; }
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
# Open MPI refuses root unless told; CI runs as root
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch mpi_collide
cd "$root" || exit 1
if timeout 600 mpirun --oversubscribe -np 2 "$prog" >"$dir/np2.log" 2>&1; then
    ok
    grep -E '^  ' "$dir/np2.log"
else
    bad "test_mpi_collide on 2 ranks:"
    tail -n 30 "$dir/np2.log"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
