#!/bin/sh
# test_oclgrind.sh: a second OpenCL implementation. Tiny cases (8^3 cells, one particle per cell
# and species, 4 steps) run on Oclgrind (a simulated GPU-like OpenCL 1.2 device with 32 KiB of
# local memory) under --data-races and --check-api, and on PoCL; their reduced diagnostics must
# agree. Any error Oclgrind reports (a data race, an access out of bounds, an uninitialised
# value, an OpenCL call it rejects) fails the case.
#
# Tolerances, and why: the same deposition strategy on both devices (deterministic unless the
# case is about a strategy), so only the compilers differ (OpenCL lets them contract a*b+c into
# an FMA): 1e-9 relative per value, and counts exact. The atomic strategies add into J in
# whatever order the items run: 1e-7 relative. A column whose values are all near zero (the
# magnetic energy of an electrostatic case, the charge residual) is compared to 1e-12 of its
# own largest value, and the charge residual (relative to the charge, or in V/m^2 where there is
# none, as in vacuum with a laser antenna) to 1e-9 absolute or TOL relative.
. "$(dirname "$0")/lib.sh"
command -v oclgrind >/dev/null || { echo "FAIL: oclgrind not found (make deps installs it)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch oclgrind
cd "$dir" || exit 1
# memory.device and memory.pinned: small arenas, because Oclgrind's race detector shadows every byte of every
# buffer at each launch (the default arena made each launch take seconds and 5 GB)
tiny="--set stop_time=nil --set steps=4 --set grid.cells={8,8,8} --set grid.max_box={8,8,8} --set memory.device=2MiB
      --set memory.pinned=1MiB
      --set diagnostics.full={} --set deposition_strategy=deterministic"
langmuir="--set species.electrons.ppc={1,1,1} --set species.ions.ppc={1,1,1}
          --set diagnostics.reduced.langmuir.interval=1"
laser="--set grid.cells={32,8,8} --set grid.max_box={16,8,8}
       --set grid.lower={0,-0.4e-6,-0.4e-6} --set grid.upper={1.6e-6,0.4e-6,0.4e-6} --set boundary.pml_cells=4
       --set diagnostics.reduced={{name=\"laser_energy\",interval=1}}"
ogr_errors='^Oclgrind - |[Dd]ata race|Invalid (read|write)|[Uu]ninitiali|divergence|Unaligned|OpenCL runtime error'

# compare NAME TOL A.csv B.csv: equal within TOL relative (see the header)
compare() {
    python3 - "$@" <<'PY'
import csv, sys
name, tol, a, b = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
ra, rb = list(csv.reader(open(a))), list(csv.reader(open(b)))
if ra[0] != rb[0] or len(ra) != len(rb) or len(ra) < 3:
    sys.exit(f"{name}: different columns or rows ({len(ra)} and {len(rb)} rows)")
worst = 0.0
for c, head in enumerate(ra[0]):
    x = [float(r[c]) for r in ra[1:]]
    y = [float(r[c]) for r in rb[1:]]
    scale = max(max(map(abs, x)), max(map(abs, y)))
    for i, (u, v) in enumerate(zip(x, y)):
        if head.startswith("particles") or head == "step":
            ok = u == v
        elif head == "charge_residual":
            ok = abs(u - v) <= max(1e-9, tol * max(abs(u), abs(v)))
        else:
            ok = abs(u - v) <= tol * max(abs(u), abs(v)) + 1e-12 * scale
            if max(abs(u), abs(v)) > 1e-6 * scale:
                worst = max(worst, abs(u - v) / max(abs(u), abs(v)))
        if not ok:
            sys.exit(f"{name}: {head} at row {i + 1}: PoCL {u!r}, Oclgrind {v!r} (tolerance {tol:g})")
print(f"  {name}: largest relative difference {worst:.1e} (tolerance {tol:g})")
PY
}

# case NAME TOL RANKS INPUT OPTIONS...: the run of inputs/INPUT.lua on PoCL, then on Oclgrind,
# then the comparison of their CSV (RANKS 2: both under mpirun); the case's options come after
# the tiny ones, so they win
case_() {
    name=$1 tol=$2 ranks=$3 input=$4 csv=$4
    [ "$input" = laser_focus ] && csv=laser_energy
    [ "$input" = ionization_nitrogen ] && csv=ionization
    shift 4
    launch=""
    [ "$ranks" -gt 1 ] && launch="timeout 900 mpirun --oversubscribe -np $ranks"
    # shellcheck disable=SC2086 # $launch and $tiny are lists of words
    $launch "$picl" run -q "$root/inputs/$input.lua" $tiny "$@" --set "diagnostics.output_dir=\"$dir/$name/pocl\"" >"$name.pocl.log" 2>&1 ||
        { bad "$name on PoCL:"; tail -n 5 "$name.pocl.log"; return; }
    # shellcheck disable=SC2086
    $launch oclgrind --data-races --check-api "$picl" run -q "$root/inputs/$input.lua" $tiny "$@" \
        --set "diagnostics.output_dir=\"$dir/$name/ogr\"" >"$name.ogr.log" 2>&1
    rc=$?
    if [ $rc -ne 0 ] || grep -qE "$ogr_errors" "$name.ogr.log"; then
        bad "$name on Oclgrind (exit $rc):"; grep -E -A6 "$ogr_errors|error" "$name.ogr.log" | head -n 16; return
    fi
    compare "$name" "$tol" "$dir/$name/pocl/$csv.csv" "$dir/$name/ogr/$csv.csv" && ok || bad "$name differs"
}

# shellcheck disable=SC2086 # the input and its options are lists of words
{
case_ deterministic_order1 1e-9 1 langmuir $langmuir --set shape_order=1
case_ deterministic_order2 1e-9 1 langmuir $langmuir --set shape_order=2
case_ deterministic_order3 1e-9 1 langmuir $langmuir --set shape_order=3
case_ simd_cells 1e-9 1 langmuir $langmuir --set deposition_strategy=simd_cells
case_ simd_cells_order2_two_boxes 1e-9 1 langmuir $langmuir --set deposition_strategy=simd_cells --set shape_order=2 \
    --set grid.max_box={4,8,8}
case_ simd_cells_order2_pml_reflecting 1e-9 1 langmuir $langmuir --set deposition_strategy=simd_cells --set shape_order=2 \
    --set "boundary={field={x='pml'},particles={x='reflecting'},pml_cells=2}"
case_ simd_cells_2d_order2 1e-9 1 langmuir_2d --set grid.cells={16,4} --set grid.max_box={8,4} \
    --set species.electrons.ppc={2,1} --set species.ions.ppc={2,1} --set diagnostics.reduced.langmuir_2d.interval=1 \
    --set deposition_strategy=simd_cells --set shape_order=2
case_ simd_cells_1d_order3 1e-9 1 langmuir_1d --set grid.cells={16} --set grid.max_box={8} \
    --set species.electrons.ppc=2 --set species.ions.ppc=2 --set diagnostics.reduced.langmuir_1d.interval=1 \
    --set deposition_strategy=simd_cells --set shape_order=3
# the lanes' charge states and applied fields: nitrogen ionizing in an applied field
case_ simd_cells_ionization 1e-9 1 ionization_nitrogen --set 'species.nitrogen.ppc={1,1,1}' \
    --set deposition_strategy=simd_cells --set diagnostics.reduced.ionization.interval=1 --set steps=8
case_ global_atomics 1e-7 1 langmuir $langmuir --set deposition_strategy=global_atomics
case_ local_tiles 1e-7 1 langmuir $langmuir --set deposition_strategy=local_tiles
case_ direct_deposition 1e-9 1 langmuir $langmuir --set deposition=direct --set shape_order=1
case_ momentum_gather 1e-9 1 langmuir $langmuir --set gather=momentum_conserving
case_ ckc 1e-9 1 langmuir $langmuir --set solver.name=ckc
case_ vay 1e-9 1 langmuir $langmuir --set pusher=vay
case_ higuera_cary 1e-9 1 langmuir $langmuir --set pusher=higuera_cary
case_ pec 1e-9 1 langmuir $langmuir \
    --set 'boundary={field={x="pec",y="periodic",z="periodic"}, particles={x="reflecting",y="periodic",z="periodic"}}'
case_ pml 1e-9 1 langmuir $langmuir \
    --set 'boundary={field={x="pml",y="periodic",z="periodic"}, particles={x="absorbing",y="periodic",z="periodic"}, pml_cells=2}'
case_ moving_window 1e-9 1 langmuir $langmuir \
    --set 'boundary={field={x="pec",y="periodic",z="periodic"}, particles={x="absorbing",y="periodic",z="periodic"}}' \
    --set 'moving_window={axis="x", speed=1.0, start=0}'
case_ laser 1e-9 1 laser_focus $laser
# an oblique antenna under CKC: its magnetic sheet on two planes of B (templates/laser.cl)
case_ laser_ckc_oblique 1e-9 1 laser_focus $laser --set solver=ckc --set 'lasers.drive.direction={0.8,0.6,0}' \
    --set 'lasers.drive.polarization={-0.6,0.8,0}'
# a boosted plasma: the streaming injection at the front and the back-transformed particles' kernel
case_ boosted_plasma 1e-9 1 boosted_plasma --set 'diagnostics.back_transformed.lab.times={300e-15}' \
    --set 'diagnostics.reduced={{name="boosted_plasma",interval=1}}' --set 'species.electrons.ppc={1,1,2}' \
    --set 'species.ions.ppc={1,1,2}' --set grid.cells={4,4,8} --set grid.max_box={4,4,4} --set steps=8 --set shape_order=1
case_ two_ranks 1e-9 2 langmuir $langmuir --set grid.max_box={4,8,8}
}

summary
