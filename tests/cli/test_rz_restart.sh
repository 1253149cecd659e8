#!/bin/sh
# test_rz_restart.sh: checkpoints and restart in geometry = "rz" (docs/rz.md, "Ranks and
# checkpoints"). inputs/rz_langmuir.lua made small and warm (16 x 32 cells in 4 boxes along z,
# M = 2, electrons at u_th = 0.05 c, so the m = 1 parts are not zero and particles cross the
# axis and the box edges) runs 20 steps with checkpoints at 10 and 20; a second run continues from
# the checkpoint of step 10. On 1 rank and on 2: the restarted run's checkpoint of step 20 (every
# field component with its 2M - 1 parts, every particle array) and its thetaMode file of step 20
# equal the straight run's to the bit, and its CSV equals the straight run's text for text. Then
# the checkpoints of step 10 continued on another number of ranks.
. "$(dirname "$0")/lib.sh"
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (make deps installs Open MPI)"; exit 1; }
need_venv
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
scratch rz_restart
input=$root/inputs/rz_langmuir.lua
small="--set grid.cells={16,32} --set grid.max_box={16,8} --set steps=20 --set modes=2
 --set species.electrons.u_th={0.05,0.05,0.05} --set diagnostics.reduced.rz_langmuir.interval=5
 --set diagnostics.full.fields.interval=10 --set checkpoint={interval=10,keep=5}"

# $1, $2: the diags folders of the straight and the restarted run; exit status 0 when they agree
compare() {
    "$root/.venv/bin/python" - "$1" "$2" <<'PY'
import sys, h5py, numpy as np
a, b = sys.argv[1], sys.argv[2]
ck = "/checkpoints/checkpoint_000020.h5"
A, B = h5py.File(a + ck, "r"), h5py.File(b + ck, "r")
names = []
A.visititems(lambda n, o: names.append(n) if isinstance(o, h5py.Dataset) else None)
assert "fields" in names and "species/electrons/x" in names, names
# FC_COUNT stored components per mode part (gen/layout.h: E, B, J, rho, phi, G0, the electrostatic
# solver's search direction), each with its 2M - 1 parts
assert A["fields"].shape[0] == 13 * 3, f"{A['fields'].shape[0]} field components stored, expected 13 x (2M - 1) = 39"
for n in names:
    assert np.array_equal(A[n][()], B[n][()]), f"checkpoint dataset {n} differs"
op = "/fields/openpmd_000020.h5"
A, B = h5py.File(a + op, "r"), h5py.File(b + op, "r")
m1 = 0.0
for rec in ("E", "B", "J"):
    for c in ("r", "t", "z"):
        x, y = A["data/20/meshes"][rec][c][()], B["data/20/meshes"][rec][c][()]
        assert x.shape == (3, 16, 32) and np.array_equal(x, y), f"{rec}_{c} at step 20 differs"
        m1 = max(m1, np.max(np.abs(x[1:])) / max(np.max(np.abs(x)), 1e-300))
assert m1 > 1e-3, f"the m = 1 parts are {m1:.1e} of the fields: nothing tested there"
print(f"{len(names)} checkpoint datasets and E, B, J bit for bit (m = 1 up to {m1:.2f} of the max)")
PY
}

for n in 1 2; do
    launch=""
    [ $n -gt 1 ] && launch="mpirun --oversubscribe -np $n"
    a=$dir/straight$n b=$dir/restart$n
    mkdir -p "$a" "$b/diags/checkpoints"
    if ! (cd "$a" && $launch "$picl" run -q "$input" $small >log 2>&1); then
        bad "RZ on $n ranks, 20 steps with checkpoints: $(tail -n 5 "$a/log")"
        continue
    fi
    cp "$a/diags/rz_langmuir.csv" "$b/diags/"
    cp "$a/diags/checkpoints/checkpoint_000010.h5" "$b/diags/checkpoints/"
    if ! (cd "$b" && $launch "$picl" run "$input" $small --restart latest >log 2>&1) ||
       ! grep -q "continuing from .* at step 10" "$b/log"; then
        bad "RZ restart on $n ranks from step 10: $(tail -n 5 "$b/log")"
        continue
    fi
    cmp -s "$a/diags/rz_langmuir.csv" "$b/diags/rz_langmuir.csv" && ok ||
        bad "RZ restart on $n ranks: the CSV differs from the straight run's"
    if out=$(compare "$a/diags" "$b/diags" 2>&1); then ok; else bad "RZ restart on $n ranks: $out"; fi
    echo "np $n: $out"
done

# On another number of ranks (2 -> 1, 1 -> 2): each rank reads its boxes of the new decomposition;
# the fields (the checkpoint's and the file's) equal the 1-rank straight run's to the bit, the CSV
# within 1e-12 relative (the energies are sums over ranks).
cross() {
    "$root/.venv/bin/python" - "$1" "$2" <<'PY'
import csv, sys, h5py, numpy as np
a, b = sys.argv[1], sys.argv[2]
ck = "/checkpoints/checkpoint_000020.h5"
assert np.array_equal(h5py.File(a + ck, "r")["fields"][()], h5py.File(b + ck, "r")["fields"][()]), "checkpoint fields differ"
op = "/fields/openpmd_000020.h5"
A, B = h5py.File(a + op, "r"), h5py.File(b + op, "r")
for rec in ("E", "B", "J"):
    for c in ("r", "t", "z"):
        assert np.array_equal(A["data/20/meshes"][rec][c][()], B["data/20/meshes"][rec][c][()]), f"{rec}_{c} differs"
ra, rb = list(csv.reader(open(a + "/rz_langmuir.csv"))), list(csv.reader(open(b + "/rz_langmuir.csv")))
assert ra[0] == rb[0] and len(ra) == len(rb) == 6, "different CSV shape"
rel = max(abs(float(x) - float(y)) / max(abs(float(x)), 1e-300) for r1, r2 in zip(ra[1:], rb[1:]) for x, y in zip(r1, r2))
assert rel <= 1e-12, f"CSV differs by {rel:.2e} relative"
print(f"fields bit for bit, CSV within {rel:.1e} relative")
PY
}
for pair in "2 1" "1 2"; do
    set -- $pair
    b=$dir/restart$1_$2
    mkdir -p "$b/diags/checkpoints"
    cp "$dir/straight$1/diags/rz_langmuir.csv" "$b/diags/"
    cp "$dir/straight$1/diags/checkpoints/checkpoint_000010.h5" "$b/diags/checkpoints/"
    launch=""
    [ "$2" -gt 1 ] && launch="mpirun --oversubscribe -np $2"
    if (cd "$b" && $launch "$picl" run "$input" $small --restart latest >log 2>&1) &&
       out=$(cross "$dir/straight1/diags" "$b/diags" 2>&1); then ok; else bad "RZ restart $1 -> $2 ranks: $out $(tail -n 3 "$b/log")"; fi
    echo "$1 -> $2 ranks: $out"
done
summary
