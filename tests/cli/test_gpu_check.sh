#!/bin/sh
# test_gpu_check.sh: the short rehearsal of tools/gpu_check.sh (docs/gpu.md) on Oclgrind: the
# .deb prefix of gpu-bundle/ unpacked, its libraries load picl (a one-step run under LD_DEBUG:
# nothing from outside the prefix but the C library and the driver), picl devices, a unit test,
# the device limits and one benchmark variant on the GPU-kind device, the summary table. Needs
# gpu-bundle/ (make gpu-bundle fetches it with apt-get download); without it the test says so
# and passes, as there is nothing to rehearse with.
. "$(dirname "$0")/lib.sh"
command -v oclgrind >/dev/null || { echo "FAIL: oclgrind not found (make deps installs it)"; exit 1; }
if ! ls "$root"/gpu-bundle/debs/*.deb >/dev/null 2>&1; then
    echo "  skip: no gpu-bundle/ (make gpu-bundle)"
    exit 0
fi
scratch gpu_check
OUT=$dir/out GPU_CHECK_SHORT=1 GPU_CHECK_BUDGET=300 sh "$root/tools/gpu_check.sh" --rehearse >"$dir/stdout" 2>&1
rc=$?
for stage in icd prefix libraries devices unit limits bench64; do
    line=$(grep "^$stage " "$dir/out/summary.txt" | head -n 1)
    case $line in
        *" ok "*) echo "  ok   $(echo "$line" | cut -c1-110)"; ok ;;
        *) bad "stage $stage: ${line:-missing}" ;;
    esac
done
[ $rc -eq 0 ] && ok || { bad "gpu_check.sh exit status $rc"; tail -n 20 "$dir/stdout"; }
for f in summary.txt gpu_check.log logs.tar.gz env.txt; do
    [ -s "$dir/out/$f" ] && ok || bad "no $f in \$OUT"
done
summary
