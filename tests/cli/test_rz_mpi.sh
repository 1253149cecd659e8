#!/bin/sh
# test_rz_mpi.sh: geometry = "rz" over MPI ranks (docs/rz.md, "Ranks and checkpoints").
# inputs/rz_langmuir.lua made small (16 x 32 cells in 4 boxes along z, M = 2, 20 steps) and warm
# (u_th = 0.05 c, so electrons cross the box edges, the ranks' edges and the axis, and the m = 1
# parts are not zero) on 1, 2 and 4 ranks: every E, B, J record of the thetaMode files equal to
# the 1-rank run's to the bit (the same deposits and exchanges, in the same order per cell), the
# reduced diagnostics within 1e-12 relative (the energies are sums over ranks: another order of
# additions), charge_residual to the bit, the electrons written at step 20 the same set to the
# bit, and particles sent between ranks.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
need_venv
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpirun="mpirun --oversubscribe"
scratch rz_mpi
cd "$root" || exit 1
small="--set grid.cells={16,32} --set grid.max_box={16,8} --set steps=20 --set modes=2
 --set species.electrons.u_th={0.05,0.05,0.05} --set diagnostics.reduced.rz_langmuir.interval=5
 --set diagnostics.full.fields.interval=10 --set diagnostics.full.fields.species={'electrons'}"

# $1: the folder of the reference run, $2: the other run's, $3 (any word): compare the electrons
# written at step 20 too; exit status 0 when they agree
compare() {
    "$root/.venv/bin/python" - "$@" <<'PY'
import csv, glob, os, sys
import h5py, numpy as np
a_dir, b_dir = sys.argv[1], sys.argv[2]
a = list(csv.reader(open(a_dir + "/rz_langmuir.csv"))); b = list(csv.reader(open(b_dir + "/rz_langmuir.csv")))
assert a[0] == b[0] and len(a) == len(b) == 6, "different shape"
rel = 0.0
for ra, rb in zip(a[1:], b[1:]):
    for h, x, y in zip(a[0], ra, rb):
        x, y = float(x), float(y)
        if h == "charge_residual":
            assert x == y, (h, x, y)
        else:
            rel = max(rel, abs(x - y) / max(abs(x), 1e-300))
assert rel <= 1e-12, f"reduced diagnostics differ by {rel:.2e} relative"
files = sorted(glob.glob(a_dir + "/fields/*.h5"))
assert len(files) == 3, files
m1 = 0.0
for fa in files:
    A, B = h5py.File(fa, "r"), h5py.File(os.path.join(b_dir, "fields", os.path.basename(fa)), "r")
    for it in A["data"]:
        for rec in ("E", "B", "J"):
            ga, gb = A["data"][it]["meshes"][rec], B["data"][it]["meshes"][rec]
            assert gb.attrs["geometry"] == b"thetaMode" or gb.attrs["geometry"] == "thetaMode"
            for c in ("r", "t", "z"):
                x, y = ga[c][()], gb[c][()]
                assert x.shape == y.shape == (3, 16, 32), (rec, c, x.shape, y.shape)
                assert np.array_equal(x, y), f"{rec}_{c} at step {it}: off by {np.max(np.abs(x - y)):.3e}"
                m1 = max(m1, np.max(np.abs(x[1:])) / max(np.max(np.abs(x)), 1e-300))
assert m1 > 1e-3, f"the m = 1 parts are {m1:.1e} of the fields: nothing tested there"
# the electrons written at step 20 (each rank its own): the same set, to the bit
def table(f):
    p = h5py.File(f, "r")["data/20/particles/electrons"]
    cols = [p[r][c][()] for r in ("position", "momentum") for c in ("x", "y", "z")] + [p["weighting"][()]]
    t = np.array(cols).T
    return t[np.lexsort(t.T[::-1])]
parts = ""
if len(sys.argv) > 3:
    pa, pb = (table(d + "/fields/openpmd_000020.h5") for d in (a_dir, b_dir))
    assert len(pa) > 0 and pa.shape == pb.shape and np.array_equal(pa, pb), "the electrons written at step 20 differ"
    parts = f", {len(pa)} electrons in the file bit for bit"
print(f"reduced within {rel:.1e} relative, E B J bit for bit (m = 1 up to {m1:.2f} of the max){parts}")
PY
}

"$picl" run -q inputs/rz_langmuir.lua $small --set diagnostics.output_dir="$dir/np1" >"$dir/np1.log" 2>&1 ||
    { bad "RZ on 1 rank failed: $(tail -n 5 "$dir/np1.log")"; summary; exit 1; }
for n in 2 4; do
    if $mpirun -np $n "$picl" run inputs/rz_langmuir.lua $small --set diagnostics.output_dir="$dir/np$n" \
        >"$dir/np$n.log" 2>&1; then
        out=$(compare "$dir/np1" "$dir/np$n" particles 2>&1) && ok || bad "RZ on $n ranks against 1 rank: $out"
        echo "np $n: $out"
        sent=$(sed -n 's/^particles: species electrons: rank 0 sent \([0-9]*\) .*/\1/p' "$dir/np$n.log")
        [ "${sent:-0}" -gt 0 ] && ok || bad "RZ on $n ranks: no electron sent between ranks"
        echo "np $n: rank 0 sent ${sent:-0} electrons"
    else
        bad "RZ on $n ranks failed: $(tail -n 5 "$dir/np$n.log")"
    fi
done

# In vacuum boxes may lie along r too: inputs/rz_cavity.lua's TM011 in 2 x 4 boxes, 50 steps, on
# 1 and 4 ranks (round_robin: the two boxes along r on different ranks); the E and B records of the last
# file equal to the bit.
cav="--set constants.kz=314.159265358979 --set grid.max_box={16,8} --set steps=50
 --set diagnostics.reduced.rz_cavity_energy.interval=50 --set diagnostics.full.fields.interval=50
 --set parallel.distribution=round_robin"
if "$picl" run -q inputs/rz_cavity.lua $cav --set diagnostics.output_dir="$dir/cav1" >"$dir/cav1.log" 2>&1 &&
   $mpirun -np 4 "$picl" run -q inputs/rz_cavity.lua $cav --set diagnostics.output_dir="$dir/cav4" >"$dir/cav4.log" 2>&1; then
    out=$("$root/.venv/bin/python" - "$dir/cav1/fields/openpmd_000050.h5" "$dir/cav4/fields/openpmd_000050.h5" 2>&1 <<'PY'
import sys, h5py, numpy as np
A, B = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
for rec in ("E", "B"):
    for c in ("r", "t", "z"):
        x, y = A["data/50/meshes"][rec][c][()], B["data/50/meshes"][rec][c][()]
        assert x.shape == y.shape and np.array_equal(x, y), f"{rec}_{c} differs by {np.max(np.abs(x - y)):.3e}"
print(f"cavity in 2 x 4 boxes on 4 ranks: E, B bit for bit (max |Ez| {np.max(np.abs(A['data/50/meshes/E/z'][()])):.3e})")
PY
) && ok || bad "RZ cavity on 4 ranks against 1 rank: $out"
    echo "$out"
else
    bad "RZ cavity runs failed: $(tail -n 5 "$dir/cav1.log" "$dir/cav4.log")"
fi

# Load balancing moves boxes between ranks with all their stored components (sim/rebalance.c):
# the plasma in the lower half of z only (8 boxes of 4 cells, u_th = 0.01 c), round_robin on 2
# ranks, a rebalance every 5 steps; the files equal the 1-rank run's to the bit.
lb="--set grid.cells={16,32} --set grid.max_box={16,4} --set steps=20 --set modes=2
 --set species.electrons.u_th={0.01,0.01,0.01} --set species.electrons.region.upper={18e-6,0}
 --set diagnostics.reduced.rz_langmuir.interval=5 --set diagnostics.full.fields.interval=10"
if "$picl" run -q inputs/rz_langmuir.lua $lb --set diagnostics.output_dir="$dir/lb1" >"$dir/lb1.log" 2>&1 &&
   $mpirun -np 2 "$picl" run inputs/rz_langmuir.lua $lb --set diagnostics.output_dir="$dir/lb2" \
       --set parallel.balance_interval=5 --set parallel.balance_threshold=0 --set parallel.distribution=round_robin \
       >"$dir/lb2.log" 2>&1; then
    moves=$(grep -c "^picl: load balance at step .* boxes move" "$dir/lb2.log")
    out=$(compare "$dir/lb1" "$dir/lb2" 2>&1) && [ "$moves" -gt 0 ] && ok ||
        bad "RZ with load balancing on 2 ranks ($moves rebalances): $out"
    echo "load balancing, $moves rebalances: $out"
else
    bad "RZ load-balancing runs failed: $(tail -n 5 "$dir/lb1.log" "$dir/lb2.log")"
fi
summary
