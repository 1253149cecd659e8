#!/bin/sh
# gpu_check.sh: picl on a GPU machine in one call (issue 25, docs/gpu.md). On a machine with an
# NVIDIA GPU and no package registry: finds NVIDIA's OpenCL library and registers it with the
# ICD loader, unpacks the Debian packages of gpu-bundle/ (make gpu-bundle) into a private prefix,
# builds picl from this tree against them, then runs, each stage under its own time limit and all
# inside GPU_CHECK_BUDGET seconds (540): picl devices, the unit tests on the GPU, picl bench
# --device-limits, the uniform benchmark (bench/uniform.sh: orders 3 and 1, double and float,
# global_atomics and local_tiles) at 64^3, picl tune for that class, inputs/lwfa.lua for 100
# steps, and the benchmark at 256^3 with what time is left. Everything lands in $OUT: summary.txt,
# gpu_check.log, logs.tar.gz (every log, CSV and the tuning file), tuning.lua, uniform_64.csv,
# uniform_256.csv, env.txt; the summary table ends the output.
#
#   tools/gpu_check.sh              on the GPU machine (the `run` call of docs/gpu.md)
#   tools/gpu_check.sh --rehearse   here: Oclgrind's ICD instead of NVIDIA's, tiny sizes, the same
#                                   .deb prefix (GPU_CHECK_REHEARSE=1 does the same)
# GPU_CHECK_SHORT=1 with --rehearse: the stages a CLI test can afford (no build: the tree's own
# bin/picl and build/tests run against the prefix's libraries; devices, one unit test, limits,
# one benchmark variant; tests/cli/test_gpu_check.sh).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
rehearse=${GPU_CHECK_REHEARSE:-0}
[ "${1:-}" = "--rehearse" ] && rehearse=1
short=${GPU_CHECK_SHORT:-0}
# the rehearsal's machine has 2 shared cores and a simulator: more time for the build and tune
if [ "$rehearse" = 1 ]; then budget=${GPU_CHECK_BUDGET:-1500} lim_build=600 lim_tune=500
else budget=${GPU_CHECK_BUDGET:-540} lim_build=200 lim_tune=170; fi
bundle=${GPU_CHECK_BUNDLE:-$root/gpu-bundle}
out=${OUT:-$root/build/gpu-check}
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/gpu_check.XXXXXX")
logs=$work/logs
mkdir -p "$out" "$logs"
summary=$work/summary.txt
: >"$summary"
jobs=$(nproc 2>/dev/null || echo 4)
exec 3>&1
exec >"$out/gpu_check.log" 2>&1
say() { echo "$@"; echo "$@" >&3; }

elapsed() { echo $(($(date +%s) - start)); }
# pack: every log so far into $OUT (after each stage: a run killed at its limit still returns them)
pack() {
    cp "$summary" "$out/summary.txt"
    [ -f "$work/tuning.lua" ] && cp "$work/tuning.lua" "$out/tuning.lua"
    [ -f "$work/bench64/uniform.csv" ] && cp "$work/bench64/uniform.csv" "$out/uniform_64.csv"
    [ -f "$work/bench256/uniform.csv" ] && cp "$work/bench256/uniform.csv" "$out/uniform_256.csv"
    tar -C "$work" -czf "$out/logs.tar.gz" logs summary.txt $(cd "$work" && ls -d bench64 bench256 tuning.lua 2>/dev/null)
}
# row STAGE STATUS SECONDS NOTE: one line of the summary table
row() { printf '%-14s %-9s %6s  %s\n' "$1" "$2" "$3" "$4" >>"$summary"; say "gpu_check: $1: $2 ($3 s) $4"; }
# stage NAME LIMIT COMMAND: COMMAND under sh, its output in logs/NAME.log, stopped after LIMIT
# seconds or when the budget (less 15 s to pack) runs out; sets $rc (124: stopped) and $secs
stage() {
    name=$1 limit=$2
    shift 2
    left=$((budget - $(elapsed) - 15))
    [ "$limit" -gt "$left" ] && limit=$left
    if [ "$limit" -lt 5 ]; then
        rc=125 secs=0
        return
    fi
    t0=$(date +%s)
    timeout -k 5 "$limit" sh -c "$*" >"$logs/$name.log" 2>&1
    rc=$?
    secs=$(($(date +%s) - t0))
}
verdict() { case $rc in 0) echo ok ;; 124|137) echo TIMEOUT ;; 125) echo skipped ;; *) echo "FAIL($rc)" ;; esac; }

# --- the machine ---------------------------------------------------------------------------
{
    echo "date: $(date -u +%FT%TZ)  rehearsal: $rehearse  budget: $budget s"
    uname -a
    head -n 2 /etc/os-release 2>/dev/null
    ldd --version 2>&1 | head -n 1
    for t in cc gcc make pkg-config dpkg ar tar xz nvidia-smi; do printf '%-11s %s\n' "$t" "$(command -v $t || echo MISSING)"; done
    cc --version 2>&1 | head -n 1
    nvidia-smi -L 2>&1 | head -n 4
    echo "nproc: $jobs"
} >"$work/env.txt" 2>&1
cp "$work/env.txt" "$out/env.txt"
cat "$work/env.txt"

# --- the OpenCL driver: one search, one ICD file ---------------------------------------------
export OCL_ICD_VENDORS="$work/icd"
mkdir -p "$OCL_ICD_VENDORS"
if [ "$rehearse" = 1 ]; then
    lib=/usr/lib/oclgrind/liboclgrind-rt-icd.so
    export PICL_LIMITS_SCALE=1024 # Oclgrind: the roofs' kernels with a thousandth of the work
    [ -f "$lib" ] || lib=""
else
    lib=$(find /usr/local/nvidia /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /lib/x86_64-linux-gnu /lib64 \
              -maxdepth 3 -name 'libnvidia-opencl.so.1*' 2>/dev/null | head -n 1)
fi
if [ -n "$lib" ]; then
    echo "$lib" >"$OCL_ICD_VENDORS/gpu.icd"
    # the driver's own libraries (libcuda, the PTX compiler) sit beside it, not always in ld.so's paths
    driver_dir=$(dirname "$lib")
    row icd ok 0 "$lib"
else
    driver_dir=""
    { ls -la /usr/local/nvidia/lib64 /usr/local/nvidia/lib 2>&1; ldconfig -p 2>&1 | grep -i -e opencl -e nvidia; } >"$logs/icd.log"
    row icd FAIL 0 "no libnvidia-opencl.so.1 under /usr/local/nvidia or the library folders (logs/icd.log)"
fi

# --- the packages: dpkg -x into a private prefix ---------------------------------------------
prefix=$work/prefix
mkdir -p "$prefix"
t0=$(date +%s)
n=0
for deb in "$bundle"/debs/*.deb; do
    [ -f "$deb" ] || continue
    if command -v dpkg >/dev/null; then
        dpkg -x "$deb" "$prefix" || echo "dpkg -x $deb failed"
    else # no dpkg: the data member of the ar archive (Debian 12's are xz)
        ar p "$deb" data.tar.xz | xz -dc | tar -x -C "$prefix" -f - || echo "unpacking $deb failed"
    fi
    n=$((n + 1))
done >"$logs/prefix.log" 2>&1
multi=$prefix/usr/lib/x86_64-linux-gnu
# what the packages' scripts would have made: the mpi.pc alternative
[ -e "$multi/pkgconfig/ompi.pc" ] && ln -sf ompi.pc "$multi/pkgconfig/mpi.pc"
libdirs=$(find "$prefix" -name '*.so*' \( -type f -o -type l \) -printf '%h\n' 2>/dev/null | sort -u | tr '\n' ':')
export PKG_CONFIG_LIBDIR="$multi/pkgconfig:$prefix/usr/share/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$prefix"
# the packages' own pkg-config (pkgconf), first on the PATH, through a wrapper that gives it its
# library: the same on every machine, whether it has a pkg-config or not
mkdir -p "$work/bin"
printf '#!/bin/sh\nLD_LIBRARY_PATH="%s" exec "%s" "$@"\n' "$multi" "$prefix/usr/bin/pkgconf" >"$work/bin/pkg-config"
chmod +x "$work/bin/pkg-config"
PATH="$work/bin:$PATH"
export PATH
# a machine with gcc but no cc
command -v cc >/dev/null || { command -v gcc >/dev/null && export CC=gcc; }
# pkg-config drops /usr/include and /usr/lib/x86_64-linux-gnu as system folders: name them
export CFLAGS="-idirafter $prefix/usr/include -idirafter $prefix/usr/include/x86_64-linux-gnu"
export LDFLAGS="-L$multi -L$prefix/lib/x86_64-linux-gnu $(echo "$libdirs" | sed 's/:$//; s/:/ /g; s/[^ ][^ ]*/-Wl,-rpath-link,&/g')"
# Open MPI and PMIx find their components under the prefix; a single process needs no daemon
export OPAL_PREFIX="$prefix/usr" PMIX_INSTALL_PREFIX="$prefix/usr"
export OMPI_MCA_mca_base_component_path="$multi/openmpi/lib/openmpi3"
export PMIX_MCA_mca_base_component_path="$multi/pmix2/lib/pmix"
export OMPI_MCA_ess_singleton_isolated=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# hwloc's plugins (X11, GL, PCI, OpenCL) stay unloaded: an empty folder for them
mkdir -p "$work/no-hwloc-plugins"
export HWLOC_PLUGINS_PATH="$work/no-hwloc-plugins"
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_osc=^ucx OMPI_MCA_mca_base_component_show_load_errors=0
run_libs="${libdirs}${driver_dir}"
pc=$(pkg-config --cflags --libs lua5.4 OpenCL mpi hdf5-openmpi 2>&1)
echo "pkg-config: $pc" >>"$logs/prefix.log"
case $pc in *"$prefix"*lua5.4*) pc_ok=1 ;; *) pc_ok=0 ;; esac
row prefix "$([ "$n" -gt 0 ] && [ $pc_ok = 1 ] && echo ok || echo FAIL)" $(($(date +%s) - t0)) \
    "$n .deb files unpacked into the prefix ($(du -sm "$prefix" | cut -f1) MiB); pkg-config $([ $pc_ok = 1 ] && echo finds them || echo "fails: logs/prefix.log")"

# --- the tree to build: here, a copy (as the GPU machine gets one); there, the tree itself ----
if [ "$rehearse" = 1 ] && [ "$short" = 1 ]; then
    tree=$root
elif [ "$rehearse" = 1 ]; then
    tree=$work/tree
    mkdir -p "$tree"
    (cd "$root" && { git ls-files; git ls-files --others --exclude-standard; } | grep -v '^gpu-bundle/' |
        tar -cf - -T - 2>/dev/null) | tar -xf - -C "$tree"
else
    tree=$root
fi
cd "$tree" || exit 1
export PICL_TUNING="$work/tuning.lua"

# --- build ---------------------------------------------------------------------------------
build_how=""
if [ "$rehearse" = 1 ] && [ "$short" = 1 ]; then
    rc=0 secs=0 build_how="not built (short rehearsal): the tree's own bin/picl"
else
    stage build $lim_build "make -j$jobs all unit"
    first=$(verdict)
fi
if [ -n "$build_how" ]; then
    :
elif [ $rc -eq 0 ]; then
    build_how="built here"
else
    cp "$logs/build.log" "$logs/build-werror.log"
    stage build $lim_build "make -j$jobs WERROR= all unit" # another compiler's new warnings
    [ $rc -eq 0 ] && build_how="built on a second try without -Werror: the first ended $first (logs/build-werror.log)"
fi
if [ -z "$build_how" ] && [ -f "$bundle/prebuilt.tar.xz" ]; then
    mkdir -p bin build/tests
    xz -dc "$bundle/prebuilt.tar.xz" | tar -xf - && rc=0 && build_how="did not build (logs/build.log): the prebuilt picl of commit $(cat COMMIT 2>/dev/null)"
fi
row build "$( [ -n "$build_how" ] && echo ok || echo FAIL)" "$secs" "$build_how"
export LD_LIBRARY_PATH="$run_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
picl=$tree/bin/picl
[ -x "$picl" ] || { row all FAIL 0 "no bin/picl: nothing to run"; pack; cat "$summary" >&3; exit 1; }

# which files a run loads (MPI's components too), and from where: the prefix, the driver, the C
# library, nothing else; a one-step run of 8^3 cells also proves MPI starts without a daemon
mkdir -p "$work/tiny"
stage libraries 60 "cd '$work/tiny' && LD_DEBUG=files '$picl' run -q '$tree/inputs/langmuir.lua' --set stop_time=nil --set steps=1 \
    --set 'grid.cells={8,8,8}' --set 'grid.max_box={8,8,8}' --set 'diagnostics.full={}' \
    --set 'species.electrons.ppc={1,1,1}' --set 'species.ions.ppc={1,1,1}' --set 'diagnostics.output_dir=\"$work/tiny\"'"
lib_rc=$rc
# the driver's own dependencies come from the machine, as they must
ldd "$lib" 2>/dev/null | awk '/=>/ { print $3 }' | grep . >"$work/driver_deps.txt"
echo "$lib" >>"$work/driver_deps.txt"
foreign=$(grep 'calling init: ' "$logs/libraries.log" | awk '{ print $NF }' | sort -u | grep -v -x -F -f "$work/driver_deps.txt" |
          grep -v -e "^$prefix" -e '/libc\.so' -e '/libm\.so' -e '/ld-linux' -e '/libgcc_s' -e '/libstdc++' \
                  -e '/libpthread' -e '/libdl\.so' -e '/librt\.so' -e '/libresolv\.so' ${driver_dir:+-e "^$driver_dir"} -e oclgrind -e nvidia -e cuda |
          sort -u | tr '\n' ' ')
loaded=$(grep 'calling init: ' "$logs/libraries.log" | awk '{ print $NF }' | sort -u | wc -l)
status=$(rc=$lib_rc; verdict)
[ "$status" = ok ] && [ -n "$foreign" ] && status=WARN
row libraries "$status" "$secs" \
    "$loaded libraries loaded; ${foreign:+from outside the prefix: $foreign}${foreign:-each from the prefix, the driver or the C library}"

# --- the device ----------------------------------------------------------------------------
stage devices 30 "'$picl' devices"
row devices "$(verdict)" "$secs" "$(grep -m 1 '^\[' "$logs/devices.log" | grep -i gpu || echo 'no GPU listed')"
export PICL_DEVICE=gpu

# --- the unit tests on the GPU (each its own process; several at once) --------------------------
if [ "$rehearse" = 1 ]; then
    tests=${GPU_CHECK_TESTS:-test_plan test_arena}
    [ "$short" = 1 ] && tests=${GPU_CHECK_TESTS:-test_plan}
    parallel=2 each=120
else
    tests=${GPU_CHECK_TESTS:-$(cd build/tests && ls test_* 2>/dev/null)}
    parallel=8 each=100
fi
mkdir -p "$logs/unit"
echo "$tests" | tr ' ' '\n' | grep . >"$work/tests.txt"
stage unit 200 "PICL_TUNING='$work/tests-tuning.lua' xargs -P $parallel -I @@ sh -c \
    'timeout --foreground -k 5 $each build/tests/@@ >\"$logs/unit/@@.log\" 2>&1; echo \"@@ \$?\"' <'$work/tests.txt'"
passed=$(awk '$2 == 0' "$logs/unit.log" | wc -l)
total=$(wc -l <"$work/tests.txt")
failed=$(awk '$2 != 0 { printf "%s(%s) ", $1, $2 }' "$logs/unit.log")
[ $rc -eq 0 ] && [ "$passed" -ne "$total" ] && rc=1
row unit "$(verdict)" "$secs" "$passed of $total passed on the GPU${failed:+; failed: $failed}"
pack

# --- the device's roofs --------------------------------------------------------------------
stage limits 60 "'$picl' bench --device-limits"
row limits "$(verdict)" "$secs" "$(grep -o -e 'bandwidth: [0-9.]* GB/s' -e 'flops [a-z]*: [0-9.]* GFlop/s' "$logs/limits.log" | tr '\n' ';')"
pack

# --- the uniform benchmark -----------------------------------------------------------------
# bench_note DIR: the table's rows (strategy order precision ns/particle FOM) in one line
bench_note() { awk '$1 ~ /^(global_atomics|local_tiles|deterministic|auto)$/ && NF >= 5 { printf "%s/o%s/%s %s ns; ", $1, $2, substr($3, 1, 1), $4 }' "$1"; }
if [ "$rehearse" = 1 ]; then
    # Oclgrind takes seconds per step of 4096 particles: one particle per cell
    one="--set 'species.electrons.ppc={1,1,1}'"
    bench="bench/uniform.sh $one"
    b64="CELLS=8 STEPS=1 RUNS=1"
    [ "$short" = 1 ] && b64="CELLS=8 STEPS=1 RUNS=1 ORDERS=1 PRECISIONS=float STRATEGIES=local_tiles"
    b256="CELLS=8 STEPS=2 RUNS=1 ORDERS=1 PRECISIONS=float"
    tune_opts="--warmup 1 --steps 2 --repeats 1 --set grid.cells={8,8,8} --set grid.max_box=4 $one"
    lwfa_opts="--set steps=1 --set grid.cells={8,8,24} --set grid.max_box={8,8,24} --set boundary.pml_cells=2"
else
    bench="make -s bench-uniform"
    b64="CELLS=64 STEPS=50 RUNS=3"
    b256="CELLS=256 STEPS=20 RUNS=1"
    tune_opts="--set grid.cells={64,64,64} --set grid.max_box=32"
    lwfa_opts="--set steps=100"
fi
strategies="STRATEGIES=\"global_atomics local_tiles\""
[ "$short" = 1 ] && strategies=""
# uniform.sh writes into $OUT: its own folder, not the run's
stage bench64 200 "env $strategies $b64 OUT='$work/bench64' $bench"
row bench64 "$(verdict)" "$secs" "$(bench_note "$logs/bench64.log")"
pack

# --- tuning for the benchmark's class ------------------------------------------------------
if [ "$short" != 1 ]; then
    stage tune $lim_tune "'$picl' tune inputs/uniform_plasma.lua --tuning '$work/tuning.lua' $tune_opts"
    row tune "$(verdict)" "$secs" "$(grep -m 1 'tune: the fastest' "$logs/tune.log" | cut -c1-200)"
    pack
fi

# --- LWFA, 100 steps -----------------------------------------------------------------------
if [ "$short" != 1 ]; then
mkdir -p "$work/lwfa"
stage lwfa 90 "cd '$work/lwfa' && '$picl' run '$tree/inputs/lwfa.lua' $lwfa_opts --set 'diagnostics.output_dir=\"$work/lwfa\"'"
cp "$work/lwfa"/*.csv "$logs/" 2>/dev/null
row lwfa "$(verdict)" "$secs" "$(grep -m 1 'ns per particle' "$logs/lwfa.log" | sed 's/^summary: //')"
pack
fi

# --- the uniform benchmark at 256^3, with what is left ---------------------------------------
if [ "$short" != 1 ]; then
    stage bench256 600 "env $strategies $b256 OUT='$work/bench256' $bench"
    row bench256 "$(verdict)" "$secs" "$(bench_note "$logs/bench256.log")"
fi
row total "-" "$(elapsed)" "of a budget of $budget s; results in $out"
pack
{
    echo
    echo "gpu_check summary ($( [ "$rehearse" = 1 ] && echo "rehearsal on Oclgrind" || echo "GPU"))"
    printf '%-14s %-9s %6s  %s\n' stage status seconds note
    cat "$summary"
} | tee -a "$out/summary.txt" >&3
# a rehearsal's folder (its prefix and tree: 150 MiB) goes; $OUT holds what it found
[ "$rehearse" = 1 ] && [ -z "${GPU_CHECK_KEEP:-}" ] && rm -rf "$work"
# the exit status: 0 when every stage that ran passed
! grep -qE '^[a-z0-9]+ +(FAIL|TIMEOUT)' "$summary"
