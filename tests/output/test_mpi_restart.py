#!/usr/bin/env python3
"""test_mpi_restart.py: checkpoints written on N ranks, restarts on M ranks, and SIGTERM under MPI.

Run by tests/cli/test_mpi_restart.sh with the pinned Python of .venv and Open MPI's mpirun
(--oversubscribe: CI has 2 cores). The input is a plasma of two species between conducting walls
along x that absorb particles, periodic across: 32 x 16 x 16 cells in 16 boxes of 8^3, 40 steps,
checkpoints every 20. Electrons are hot (u_th = 0.2 c), so particles cross box and rank edges and
leave through the walls every step; the absorbed-particle counters are part of what must survive.
Ions fill the lower half in x only and are slow (u_th = 0.02 c), so the boxes of the upper half
hold none of them at the checkpoint (a box loaded empty keeps room for 64 particles: few enough
arrive by step 40).

References and tolerances:
  - restart of the 2-rank checkpoint at step 20 on 1 and 4 ranks, and of the 1-rank one on 2
    ranks, against the uninterrupted 1-rank run at step 40: every cell of E, B, J and rho to
    1e-10 of the component's largest value (the order of summation differs between
    decompositions: measured 6e-15 to 1e-14); particle counts and ids exact; positions, momenta
    and weights (matched by id) to 1e-10 of the largest; the reduced CSV's particle counts and
    absorbed counters exact in every row, energies to 1e-10 relative.
  - restart of the 2-rank checkpoint on 2 ranks against the uninterrupted 2-rank run: bit for
    bit (the final checkpoint's every dataset and the openPMD dump).
  - SIGTERM sent to rank 1 alone: both ranks stop after the same step, write one checkpoint of
    it and exit 0; `--restart latest` on 2 ranks ends bit for bit with the uninterrupted run.
  - a checkpoint damaged in rank 1's particles: the restart on 2 ranks stops with exit code 2
    and rank 1's message naming the box, without hanging.
  - PMLs on the x faces with a laser that enters the upper one around the checkpoint (and a hot
    plasma whose fields fill both): the 2-rank checkpoint holds the whole layers once (/pml, the
    ranks' parts summed), and continued on 1 and 4 ranks, and the 1-rank one on 2, it ends as the
    uninterrupted 1-rank run, fields and particles to 1e-10 of the largest value.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np
from checks import Checks  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PICL = os.path.join(ROOT, "bin", "picl")
STEPS = 40
INPUT = f"""local picl = require("picl")
return picl.simulation {{
  grid = {{ cells = {{32, 16, 16}}, lower = {{0, 0, 0}}, upper = {{16e-6, 8e-6, 8e-6}}, max_box = {{8, 8, 8}} }},
  boundary = {{ field = {{ x = "pec" }}, particles = {{ x = "absorbing" }} }},
  steps = {STEPS}, shape_order = 2, progress_interval = 1,
  species = {{
    {{ name = "electrons", charge = -picl.q_e, mass = picl.m_e, density = 1e25, ppc = 1, u_th = 0.2 }},
    {{ name = "ions", charge = picl.q_e, mass = 100 * picl.m_e, density = 1e25, ppc = 1, u_th = 0.02,
       region = {{ lower = {{0, 0, 0}}, upper = {{8e-6, 8e-6, 8e-6}} }} }},
  }},
  diagnostics = {{ reduced = {{ name = "walls", interval = 1 }}, full = {{ {{ name = "dump", interval = {STEPS} }} }} }},
  checkpoint = {{ interval = 20, keep = 5 }},
}}
"""
# PMLs across x (each rank holds the layers' auxiliary fields of its own boxes), a laser that is
# in the upper layer at step 20, reflecting particles at the layers' inner edges.
PML_INPUT = f"""local picl = require("picl")
return picl.simulation {{
  grid = {{ cells = {{32, 16, 16}}, lower = {{0, 0, 0}}, upper = {{16e-6, 8e-6, 8e-6}}, max_box = {{8, 8, 8}} }},
  boundary = {{ field = {{ x = "pml" }}, particles = {{ x = "reflecting" }}, pml_cells = 6 }},
  steps = {STEPS}, shape_order = 2, progress_interval = 1,
  species = {{ {{ name = "electrons", charge = -picl.q_e, mass = picl.m_e, density = 1e25, ppc = 1, u_th = 0.2 }} }},
  lasers = {{ {{ position = {{10e-6, 4e-6, 4e-6}}, direction = "+x", polarization = {{0, 1, 0}}, wavelength = 2e-6,
               E0 = 1e11, waist = 1, tau = 4e-15, t_peak = 8e-15 }} }},
  diagnostics = {{ reduced = {{ name = "walls", interval = 1 }}, full = {{ {{ name = "dump", interval = {STEPS} }} }} }},
  checkpoint = {{ interval = 20, keep = 5 }},
}}
"""
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")

check = Checks()

def command(ranks, *extra):
    return ["mpirun", "--oversubscribe", "-np", str(ranks), PICL, "run", "walls.lua"] + list(extra)


def run(cwd, ranks, *extra, timeout=900):
    return subprocess.run(command(ranks, *extra), cwd=cwd, env=ENV, capture_output=True, text=True, timeout=timeout)


def fresh(tmp, name, start_from=None, step=None, text=INPUT):
    """A run folder with the input (text); start_from: a run whose CSV and checkpoint of `step` it copies
    (so the restart continues that run's CSV, as it would in place)."""
    d = os.path.join(tmp, name)
    os.makedirs(os.path.join(d, "diags", "checkpoints"))
    with open(os.path.join(d, "walls.lua"), "w") as f:
        f.write(text)
    if start_from:
        src = os.path.join(start_from, "diags")
        shutil.copy(os.path.join(src, "walls.csv"), os.path.join(d, "diags", "walls.csv"))
        ck = f"checkpoint_{step:06d}.h5"
        shutil.copy(os.path.join(src, "checkpoints", ck), os.path.join(d, "diags", "checkpoints", ck))
    return d


def dump(d):
    return os.path.join(d, "diags", "dump", f"openpmd_{STEPS:06d}.h5")


def final_checkpoint(d):
    return os.path.join(d, "diags", "checkpoints", f"checkpoint_{STEPS:06d}.h5")


def openpmd(path):
    out = {}
    with h5py.File(path, "r") as f:
        g = f["data"][str(STEPS)]
        g.visititems(lambda n, o: out.__setitem__(n, o[...])
                     if isinstance(o, h5py.Dataset) and o.shape != () and "particlePatches" not in n else None)
    return out


def compare_openpmd(a, b, tol):
    """Largest difference relative to the largest value, over every mesh and particle record
    (particles matched by id); raises on a count, id or tolerance failure."""
    A, B = openpmd(a), openpmd(b)
    if sorted(A) != sorted(B):
        raise AssertionError(f"different records: {sorted(set(A) ^ set(B))}")
    worst = 0.0
    for k in A:
        if k.startswith("meshes/"):
            d = np.max(np.abs(A[k] - B[k])) / max(np.max(np.abs(A[k])), 1e-300)
            worst = max(worst, d)
            if not d <= tol:
                raise AssertionError(f"{k}: {d:.2e}")
    for s in sorted({k.split("/")[1] for k in A if k.startswith("particles/")}):
        p = f"particles/{s}/"
        ia, ib = A[p + "id"], B[p + "id"]
        if len(ia) != len(ib):
            raise AssertionError(f"{s}: {len(ia)} particles vs {len(ib)}")
        oa, ob = np.argsort(ia), np.argsort(ib)
        if not np.array_equal(ia[oa], ib[ob]):
            raise AssertionError(f"{s}: the ids differ")
        for k in A:
            if k.startswith(p) and not k.endswith("/id") and len(ia):
                d = np.max(np.abs(A[k][oa] - B[k][ob])) / max(np.max(np.abs(A[k])), 1e-300)
                worst = max(worst, d)
                if not d <= tol:
                    raise AssertionError(f"{k}: {d:.2e}")
    return worst


def same_datasets(a, b):
    def load(path):
        out = {}
        with h5py.File(path, "r") as f:
            f.visititems(lambda n, o: out.__setitem__(n, o[...]) if isinstance(o, h5py.Dataset) else None)
        return out
    da, db = load(a), load(b)
    if sorted(da) != sorted(db):
        return False, f"different datasets: {sorted(set(da) ^ set(db))}"
    for k in da:
        if da[k].shape != db[k].shape or da[k].tobytes() != db[k].tobytes():
            return False, f"{k} differs"
    return True, f"{len(da)} datasets"


def csv_rows(d):
    with open(os.path.join(d, "diags", "walls.csv")) as f:
        head = f.readline().strip().split(",")
        return head, [dict(zip(head, map(float, line.split(",")))) for line in f]


def compare_csv(ref, d):
    head, a = csv_rows(ref)
    _, b = csv_rows(d)
    if [r["step"] for r in a] != [r["step"] for r in b]:
        return False, f"steps {[r['step'] for r in b]}"
    for ra, rb in zip(a, b):
        for h in head:
            x, y = ra[h], rb[h]
            exact = h.startswith("particles_") or h.startswith("absorbed_") or h == "step"
            if h == "charge_residual":
                ok = abs(x - y) < 1e-12
            else:
                ok = x == y if exact else abs(x - y) <= 1e-10 * max(abs(x), 1e-300)
            if not ok:
                return False, f"step {int(ra['step'])}, {h}: {x!r} vs {y!r}"
    return True, f"{len(a)} rows"


def rank_pids(mpirun_pid):
    """The ranks mpirun started, by rank (from Open MPI's environment of each child)."""
    ranks = {}
    kids = subprocess.run(["pgrep", "-P", str(mpirun_pid)], capture_output=True, text=True).stdout.split()
    for pid in kids:
        try:
            env = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
        except OSError:
            continue
        for e in env:
            if e.startswith(b"OMPI_COMM_WORLD_RANK="):
                ranks[int(e.split(b"=")[1])] = int(pid)
    return ranks


def test_restarts(tmp):
    one, two = fresh(tmp, "one"), fresh(tmp, "two")
    r = run(one, 1)
    if not check(r.returncode == 0, "1 rank, 40 steps, checkpoints at 20 and 40", r.stderr[-1500:]):
        return None
    r = run(two, 2)
    if not check(r.returncode == 0, "2 ranks, 40 steps, checkpoints at 20 and 40", r.stderr[-1500:]):
        return None
    with h5py.File(os.path.join(two, "diags", "checkpoints", "checkpoint_000020.h5"), "r") as f:
        e = f["species"]["electrons"]
        counts, offsets, total = e["box_count"][...], e["box_offset"][...], int(e.attrs["particles"])
        order = np.argsort(offsets)
        tiled = offsets[order][0] == 0 and np.all(offsets[order][1:] == (offsets + counts)[order][:-1]) and \
            counts.sum() == total == len(e["id"])
        check(f.attrs["ranks"] == 2 and f["fields"].shape[1] == 16 and tiled,
              "the 2-rank checkpoint holds 16 boxes; box_offset and box_count tile the particle arrays")
        lost = int(e["box_lost"][...].sum())
        empty = int(np.sum(f["species"]["ions"]["box_count"][...] == 0))
    check(empty >= 4, f"{empty} of 16 boxes hold no ions at step 20 (their checksums are of no data)")
    _, rows = csv_rows(two)
    at20 = [x for x in rows if x["step"] == 20][0]
    absorbed = sum(v for k, v in at20.items() if k.startswith("absorbed_electrons"))
    check(lost > 0 and lost == absorbed, f"{lost} electrons absorbed by step 20, in the checkpoint's box_lost "
          f"and the CSV ({absorbed:.0f})")
    worst = compare_openpmd(dump(one), dump(two), 1e-10)
    print(f"  2 ranks vs 1 rank uninterrupted, step {STEPS}: {worst:.1e}")

    cases = [("2 -> 1", two, 1, one), ("2 -> 4", two, 4, one), ("1 -> 2", one, 2, one)]
    for label, source, ranks, ref in cases:
        d = fresh(tmp, f"restart_{label.replace(' -> ', '_')}", source, 20)
        r = run(d, ranks, "--restart", "latest")
        if not check(r.returncode == 0 and "continuing from" in r.stderr, f"restart {label} ranks from step 20 ends",
                     r.stderr[-1500:]):
            continue
        try:
            worst = compare_openpmd(dump(ref), dump(d), 1e-10)
            check(True, f"restart {label} vs 1 rank uninterrupted at step {STEPS}: fields and particles "
                  f"{worst:.1e} (1e-10), counts and ids exact")
            print(f"  restart {label}: {worst:.1e} of the largest value, worst record")
        except AssertionError as why:
            check(False, f"restart {label} vs 1 rank uninterrupted at step {STEPS}", why)
        ok, why = compare_csv(ref, d)
        check(ok, f"restart {label}: CSV rows 0-{STEPS} equal the 1-rank run's (counts, absorbed exact; "
              f"energies 1e-10)", why)

    d = fresh(tmp, "restart_2_2", two, 20)
    r = run(d, 2, "--restart", "latest")
    if check(r.returncode == 0, "restart 2 -> 2 ranks from step 20 ends", r.stderr[-1500:]):
        for a, b in ((final_checkpoint(two), final_checkpoint(d)), (dump(two), dump(d))):
            ok, why = same_datasets(a, b)
            check(ok, f"restart 2 -> 2 vs 2 ranks uninterrupted: {os.path.relpath(b, d)} bit for bit ({why})", why)
        ok, why = compare_csv(two, d)
        check(ok and open(os.path.join(two, "diags", "walls.csv")).read() ==
              open(os.path.join(d, "diags", "walls.csv")).read(), "restart 2 -> 2: the CSV equals, text for text",
              why)
    return two


def test_sigterm(tmp, two):
    d = fresh(tmp, "signalled")
    log = os.path.join(d, "stderr.txt")
    with open(log, "w") as err:
        p = subprocess.Popen(command(2), cwd=d, env=ENV, stdout=subprocess.DEVNULL, stderr=err)
        started = False
        deadline = time.time() + 600
        while time.time() < deadline and p.poll() is None and not started:
            started = "step 3/40" in open(log).read()
            time.sleep(0.01)
        ranks = rank_pids(p.pid) if started else {}
        if 1 in ranks:
            os.kill(ranks[1], signal.SIGTERM)  # rank 1 alone: rank 0 must learn it from rank 1
        rc = p.wait(timeout=600)
    text = open(log).read()
    stopped = [x for x in text.splitlines() if "SIGTERM: stopped after step" in x]
    if not check(started and 1 in ranks and rc == 0 and stopped,
                 f"SIGTERM to rank 1 of 2: exit 0 with a checkpoint ({stopped[:1]})",
                 f"rc {rc}, started {started}, ranks {ranks}: {text[-800:]}"):
        return
    step = int(stopped[0].split("after step ")[1].split()[0])
    written = sorted(os.listdir(os.path.join(d, "diags", "checkpoints")))
    check(step < STEPS and f"checkpoint_{step:06d}.h5" in written,
          f"both ranks stopped after step {step} and wrote its checkpoint ({written})")
    r = run(d, 2, "--restart", "latest")
    check(r.returncode == 0 and f"at step {step}" in r.stderr, "--restart latest on 2 ranks finishes the run",
          r.stderr[-800:])
    ok, why = same_datasets(final_checkpoint(two), final_checkpoint(d))
    check(ok, f"after SIGTERM at step {step} and restart: final checkpoint bit for bit with the uninterrupted "
          f"2-rank run ({why})", why)
    print(f"  SIGTERM to rank 1 at step {step} of {STEPS}: both ranks stopped there; restarted, bit for bit")


def test_damaged(tmp, two):
    d = fresh(tmp, "damaged", two, 20)
    path = os.path.join(d, "diags", "checkpoints", "checkpoint_000020.h5")
    with h5py.File(path, "r") as f:
        at = f["species"]["electrons"]["ux"].id.get_offset() + 8 * (len(f["species"]["electrons"]["ux"]) - 10)
    with open(path, "r+b") as f:  # near the end of the array: rank 1's boxes
        f.seek(at)
        data = bytearray(f.read(4))
        f.seek(at)
        f.write(bytes(x ^ 0xFF for x in data))
    start = time.time()
    try:
        r = run(d, 2, "--restart", "latest", timeout=300)
        rc, text = r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        rc, text = "timeout", ""
    msg = [x for x in text.splitlines() if "rank 1:" in x and "corrupt data" in x]
    check(rc == 2 and msg and "electrons in box" in msg[0],
          f"damaged particles of rank 1: every rank stops, exit 2, in {time.time() - start:.0f} s",
          f"rc {rc}: {text[-800:]}")
    if msg:
        print(f"  {msg[0][:200]}")


def test_pml(tmp):
    one, two = fresh(tmp, "pml_one", text=PML_INPUT), fresh(tmp, "pml_two", text=PML_INPUT)
    for d, ranks in ((one, 1), (two, 2)):
        r = run(d, ranks)
        if not check(r.returncode == 0, f"PMLs and a laser on {ranks} rank(s), checkpoints at 20 and 40",
                     r.stderr[-1500:]):
            return
    with h5py.File(os.path.join(two, "diags", "checkpoints", "checkpoint_000020.h5"), "r") as f:
        psi = f["pml"][...]
    check(np.count_nonzero(psi) > 0, f"the 2-rank checkpoint holds the layers' auxiliary fields "
          f"({np.count_nonzero(psi)} of {psi.size} values non-zero)")
    for label, source, ranks in (("2 -> 1", two, 1), ("2 -> 4", two, 4), ("1 -> 2", one, 2)):
        d = fresh(tmp, f"pml_restart_{label.replace(' -> ', '_')}", source, 20, text=PML_INPUT)
        r = run(d, ranks, "--restart", "latest")
        if not check(r.returncode == 0 and "continuing from" in r.stderr,
                     f"PMLs: restart {label} ranks from step 20 ends", r.stderr[-1500:]):
            continue
        try:
            worst = compare_openpmd(dump(one), dump(d), 1e-10)
            check(True, f"PMLs: restart {label} vs 1 rank uninterrupted at step {STEPS}: {worst:.1e} (1e-10)")
        except AssertionError as why:
            check(False, f"PMLs: restart {label} vs 1 rank uninterrupted at step {STEPS}", why)


def main():
    if not os.access(PICL, os.X_OK):
        print(f"FAIL: {PICL} is not built (make all)")
        return 1
    if not shutil.which("mpirun"):
        print("FAIL: mpirun not found (make deps installs Open MPI)")
        return 1
    tmp = tempfile.mkdtemp(prefix="picl_mpi_restart_")
    try:
        two = test_restarts(tmp)
        if two:
            test_sigterm(tmp, two)
            test_damaged(tmp, two)
        test_pml(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return check.finish(need_one=True)


if __name__ == "__main__":
    sys.exit(main())
