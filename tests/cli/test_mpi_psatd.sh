#!/bin/sh
# test_mpi_psatd.sh: PSATD on 2 ranks (each rank's boxes gathered into one FFT of the whole
# domain) gives the 1-rank run's E and B to round-off; the checks are in tests/mpi/test_mpi_psatd.c
# (docs/psatd.md, "Several boxes and ranks").
. "$(dirname "$0")/lib.sh"
prog=$root/${BUILD:-build}/tests-mpi/test_mpi_psatd
[ -x "$prog" ] || { echo "FAIL: $prog is not built (make unit)"; exit 1; }
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
# Open MPI refuses root unless told; CI runs as root
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch mpi_psatd
cd "$root" || exit 1
if timeout 600 mpirun --oversubscribe -np 2 "$prog" >"$dir/np2.log" 2>&1; then
    ok
    grep -E '^  ' "$dir/np2.log" | grep -v "MiB\|^  (a"
else
    bad "test_mpi_psatd on 2 ranks:"
    tail -n 30 "$dir/np2.log"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
