#!/usr/bin/env python3
"""test_output.py: openPMD output, checkpoints, restart and signals, as a user meets them.

Run by tests/cli/test_output.sh with the pinned Python of .venv (make venv). Every check prints
one line; the closing lines say how many passed. The runs are inputs/langmuir.lua cut to a few
steps, in 4 boxes of 16 x 4 x 4 cells (so box edges, guard cells and the box order all matter).

Tolerances, and why:
  - openPMD_check_h5 --EDPIC: 0 errors and 0 warnings on every file.
  - openPMD-viewer's fields and particles against the checkpoint's raw device buffers: equal
    (the same numbers through two independent paths; positions and momenta are converted, to
    1 ulp: x = lower + x_cells dx, u_x / c).
  - initial Ex against -E0 sin(k x) at the viewer's own x (the Yee staggering): 1e-12 relative;
    half a cell of error in the staggering would be 5e-2.
  - field energy from the viewer's E and B against the run's reduced CSV: 1e-12 relative.
  - particle count: exact; total weight against n0 V: 1e-12 relative.
  - restart after a checkpoint and after SIGTERM against an uninterrupted run: bit for bit
    (every dataset of the final checkpoint and openPMD file, and the reduced CSV's text).
"""
import glob
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
BIN = os.path.dirname(sys.executable)
INPUT = os.path.join(ROOT, "inputs", "langmuir.lua")
C, EPS0, MU0, Q_E = 299792458.0, 8.8541878128e-12, 1.25663706212e-6, 1.602176634e-19
# inputs/langmuir.lua
N0, DELTA, L, NX, NY = 1e25, 1e-3, 12.8e-6, 64, 4
K = 2 * np.pi / L
E0 = Q_E * N0 * DELTA / (EPS0 * K)
DX = L / NX
FC = {"Ex": 0, "Ey": 1, "Ez": 2, "Bx": 3, "By": 4, "Bz": 5, "Jx": 6, "Jy": 7, "Jz": 8, "rho": 9}

BASE_SETS = ["stop_time=nil", "grid.max_box={16,4,4}"]
FULL = ('diagnostics.full={{name="fields", interval=10, fields={"E","B","J","rho","rho_electrons"}, species={}},'
        '{name="particles", interval=10, species={"electrons","ions"}}}')

check = Checks()

def picl(cwd, sets, *extra, timeout=600):
    args = [PICL, "run", INPUT] + [a for s in sets for a in ("--set", s)] + list(extra)
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def datasets(path):
    out = {}
    with h5py.File(path, "r") as f:
        f.visititems(lambda name, obj: out.__setitem__(name, obj[...]) if isinstance(obj, h5py.Dataset) else None)
    return out


def same_datasets(a, b):
    da, db = datasets(a), datasets(b)
    if sorted(da) != sorted(db):
        return False, f"different datasets: {sorted(set(da) ^ set(db))}"
    for k in da:
        if da[k].shape != db[k].shape or da[k].tobytes() != db[k].tobytes():
            diff = np.max(np.abs(da[k].astype(float) - db[k].astype(float))) if da[k].shape == db[k].shape else "shape"
            return False, f"{k} differs (max abs difference {diff})"
    return True, f"{len(da)} datasets"


def reduced_row(csv_path, step):
    with open(csv_path) as f:
        header = f.readline().strip().split(",")
        for line in f:
            cols = line.strip().split(",")
            if int(cols[0]) == step:
                return dict(zip(header, map(float, cols)))
    return None


def valid_cells(ckpt, comp):
    """A component of the checkpoint's field buffer without guards, as [z][y][x]."""
    with h5py.File(ckpt, "r") as f:
        buf = f["fields"][comp]  # [box][cell with guards]
        box = f.attrs["box"]
        nbox = f.attrs["boxes"]
        ng = int(f.attrs["real_bytes_guards_components"][1])
    dim = box + 2 * ng
    out = np.empty((nbox[2] * box[2], nbox[1] * box[1], nbox[0] * box[0]))
    for b in range(buf.shape[0]):
        bx, by, bz = b % nbox[0], (b // nbox[0]) % nbox[1], b // (nbox[0] * nbox[1])
        cube = buf[b].reshape(dim[2], dim[1], dim[0])[ng:ng + box[2], ng:ng + box[1], ng:ng + box[0]]
        out[bz * box[2]:(bz + 1) * box[2], by * box[1]:(by + 1) * box[1], bx * box[0]:(bx + 1) * box[0]] = cube
    return out


def test_input_errors(tmp):
    cases = [
        ('diagnostics.full={{name="f", interval=5, fields={"Ex","jy"}}}', "did you mean 'Jy'"),
        ('diagnostics.full={{name="f", interval=5, species={"electron"}}}', "did you mean 'electrons'"),
        ('diagnostics.full={{name="f", interval=5, fields={"rho_ion"}}}', "did you mean 'ions'"),
        ('diagnostics.full={{name="f", intervall=5}}', "did you mean 'interval'"),
        ('diagnostics.full={{name="f", interval=5, attributes={"momentun"}}}', "did you mean 'momentum'"),
        ('diagnostics.full={{name="f", interval=5, fields={}, species={}}}', "writes nothing"),
        ("checkpoint={intervall=3}", "did you mean 'interval'"),
        ("checkpoint={keep=0}", "checkpoint.keep: expected a positive integer"),
    ]
    for s, want in cases:
        r = subprocess.run([PICL, "check", INPUT, "--no-build", "--set", s], cwd=tmp, capture_output=True, text=True)
        check(r.returncode == 2 and want in r.stderr, f"input error for {s}: {want}", r.stderr.strip())
    r = subprocess.run([PICL, "check", INPUT, "--no-build"], cwd=tmp, capture_output=True, text=True)
    check(r.returncode == 0 and "full               openpmd every 23 steps: Ex Ey Ez rho electrons" in r.stdout,
          "picl check prints the full diagnostics of inputs/langmuir.lua", r.stdout[-400:])


def test_openpmd(a, out):
    fields = sorted(glob.glob(os.path.join(a, "diags", "fields", "*.h5")))
    parts = sorted(glob.glob(os.path.join(a, "diags", "particles", "*.h5")))
    check(len(fields) == 3 and len(parts) == 3, "fields and particles written at steps 0, 10, 20",
          f"{fields} {parts}")
    partial = glob.glob(os.path.join(a, "diags", "**", "*.partial"), recursive=True)
    check(not partial, "no .partial file is left", str(partial))
    for path in fields + parts:
        r = subprocess.run([os.path.join(BIN, "openPMD_check_h5"), "-i", path, "--EDPIC"], capture_output=True,
                           text=True)
        check(r.returncode == 0 and "Result: 0 Errors and 0 Warnings." in r.stdout,
              f"openPMD_check_h5 --EDPIC {os.path.relpath(path, a)}: 0 errors, 0 warnings", r.stdout[-600:])

    from openpmd_viewer import OpenPMDTimeSeries
    ckpt = os.path.join(a, "diags", "checkpoints", "checkpoint_000020.h5")
    ts = OpenPMDTimeSeries(os.path.join(a, "diags", "fields"), check_all_files=True)
    check(list(ts.iterations) == [0, 10, 20], "openPMD-viewer finds iterations 0, 10, 20", str(ts.iterations))

    ex0, info = ts.get_field("E", "x", iteration=0)
    x = info.x  # Ex sits half a cell up in x
    expect = -E0 * np.sin(K * x)
    err = np.max(np.abs(ex0 - expect[None, None, :])) / E0
    check(ex0.shape == (NY, NY, NX) and abs(x[0] - 0.5 * DX) < 1e-20 and err < 1e-12,
          f"viewer's Ex at step 0 is -E0 sin(k x) at its staggered x: {err:.1e} (1e-12)",
          f"shape {ex0.shape}, x[0] = {x[0]}")
    print(f"  Ex(t=0) vs -E0 sin(kx) at the viewer's x: {err:.1e} relative")

    worst = 0.0
    for rec, comp in (("E", "x"), ("E", "y"), ("E", "z"), ("B", "x"), ("B", "y"), ("B", "z"), ("J", "x"),
                      ("J", "y"), ("J", "z")):
        v, _ = ts.get_field(rec, comp, iteration=20)
        same = np.array_equal(v, valid_cells(ckpt, FC[rec + comp]))
        worst = max(worst, 0.0 if same else 1.0)
        check(same, f"viewer's {rec}{comp} at step 20 equals the run's own buffer (checkpoint), every cell")
    probe = (1, 2, 37)
    ex20, _ = ts.get_field("E", "x", iteration=20)
    print(f"  probe Ex[z=1,y=2,x=37] at step 20: viewer {ex20[probe]:.17g}, run {valid_cells(ckpt, 0)[probe]:.17g}")
    # the last deposit before the checkpoint is the particles diagnostic's rho (of all species)
    rho, _ = ts.get_field("rho", iteration=20)
    check(np.array_equal(rho, valid_cells(ckpt, FC["rho"])), "viewer's rho equals the run's rho buffer, every cell")
    rho_e, _ = ts.get_field("rho_electrons", iteration=20)
    ions = Q_E * N0
    err = np.max(np.abs(rho - rho_e - ions)) / ions
    check(err < 1e-9, f"rho - rho_electrons = the frozen ions' q n0: {err:.1e} (1e-9)")

    e2 = sum(np.sum(ts.get_field("E", c, iteration=20)[0] ** 2) for c in "xyz")
    b2 = sum(np.sum(ts.get_field("B", c, iteration=20)[0] ** 2) for c in "xyz")
    dv = DX ** 3
    energy = (0.5 * EPS0 * e2 + 0.5 * b2 / MU0) * dv
    row = reduced_row(os.path.join(a, "diags", "langmuir.csv"), 20)
    err = abs(energy - row["field_energy_J"]) / row["field_energy_J"]
    check(err < 1e-12, f"field energy from the viewer's E, B vs the reduced CSV at step 20: {err:.1e} (1e-12)")

    tp = OpenPMDTimeSeries(os.path.join(a, "diags", "particles"), check_all_files=True)
    volume = L * (NY * DX) ** 2
    with h5py.File(ckpt, "r") as f:
        for name in ("electrons", "ions"):
            x, y, ux, w, pid = tp.get_particle(["x", "y", "ux", "w", "id"], species=name, iteration=20)
            sp = f["species"][name]
            n = sp["x"].shape[0]
            check(len(x) == n == int(row[f"particles_{name}"]),
                  f"{name}: viewer's particle count {len(x)} = the run's {int(row[f'particles_{name}'])}")
            check(np.array_equal(pid, sp["id"][...]), f"{name}: ids equal, in the run's box order")
            check(np.array_equal(w, sp["w"][...]), f"{name}: weights equal the run's")
            err = abs(w.sum() - N0 * volume) / (N0 * volume)
            check(err < 1e-12, f"{name}: total weight {w.sum():.6e} = n0 V to {err:.1e} (1e-12)")
            dx_ = np.max(np.abs(x - (sp["x"][...] * DX))) / L
            dy_ = np.max(np.abs(y - (sp["y"][...] * DX))) / L
            check(dx_ < 1e-15 and dy_ < 1e-15, f"{name}: positions = lower + cells * dx ({max(dx_, dy_):.1e})")
            scale = max(np.max(np.abs(sp["ux"][...])), 1e-300) / C
            du = np.max(np.abs(ux - sp["ux"][...] / C)) / scale if name == "electrons" else np.max(np.abs(ux))
            check(du < 1e-14, f"{name}: viewer's u_x = m u / (m c) ({du:.1e})")
    print(f"  particles: electrons and ions {n} each, total weight n0 V = {N0 * volume:.6e}")

    pngs = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "plot_diags.py"), os.path.join(a, "diags"),
                           "-o", out], capture_output=True, text=True)
    made = [p for p in pngs.stdout.split() if p.endswith(".png") and os.path.getsize(p) > 1000]
    check(pngs.returncode == 0 and len(made) >= 4, f"tools/plot_diags.py draws {len(made)} pictures",
          pngs.stderr[-500:])


def test_restart(tmp, a):
    b = os.path.join(tmp, "b")
    os.makedirs(b)
    ckpt10 = os.path.join(a, "diags", "checkpoints", "checkpoint_000010.h5")
    r = picl(b, BASE_SETS + ["steps=20", FULL, "checkpoint={interval=10, keep=5}"], "--restart", ckpt10)
    check(r.returncode == 0 and "continuing from" in r.stderr, "run from the step-10 checkpoint ends", r.stderr[-800:])
    for rel in ("diags/checkpoints/checkpoint_000020.h5", "diags/fields/openpmd_000020.h5",
                "diags/particles/openpmd_000020.h5"):
        ok, why = same_datasets(os.path.join(a, rel), os.path.join(b, rel))
        check(ok, f"restarted at 10 vs uninterrupted: {rel} bit for bit ({why})", why)
    check(not os.path.exists(os.path.join(b, "diags", "fields", "openpmd_000010.h5")),
          "the restarted run does not rewrite the step it started from")


def wait_for(path, text, proc, limit):
    start = time.time()
    while time.time() - start < limit:
        if proc.poll() is not None:
            return False
        with open(path) as f:
            if text in f.read():
                return True
        time.sleep(0.02)
    return False


def test_sigterm(tmp):
    steps = 600
    sets = BASE_SETS + [f"steps={steps}", "progress_interval=1", "checkpoint={keep=2}"]
    e = os.path.join(tmp, "uninterrupted")
    d = os.path.join(tmp, "signalled")
    os.makedirs(e)
    os.makedirs(d)
    r = picl(e, sets)
    check(r.returncode == 0, "uninterrupted run of 600 steps", r.stderr[-500:])

    errf = os.path.join(d, "stderr.txt")
    with open(errf, "w") as err:
        args = [PICL, "run", INPUT] + [x for s in sets for x in ("--set", s)]
        p = subprocess.Popen(args, cwd=d, stdout=subprocess.DEVNULL, stderr=err)
        started = wait_for(errf, "step 50/600", p, 120)
        if started:
            p.send_signal(signal.SIGTERM)
        rc = p.wait(timeout=120)
    log = open(errf).read()
    stopped = [line for line in log.splitlines() if "SIGTERM: stopped after step" in line]
    check(started and rc == 0 and stopped, f"SIGTERM mid-run: exit 0 with a checkpoint ({stopped[:1]})",
          f"rc {rc}, started {started}: {log[-600:]}")
    if not stopped:
        return
    step = int(stopped[0].split("after step ")[1].split()[0])
    check(50 <= step < steps and os.path.exists(os.path.join(d, "diags", "checkpoints", f"checkpoint_{step:06d}.h5")),
          f"the checkpoint is of step {step}, the step the signal ended")
    r = picl(d, sets, "--restart", "latest")
    check(r.returncode == 0 and f"at step {step}" in r.stderr, "--restart latest finishes the run", r.stderr[-600:])
    ok, why = same_datasets(os.path.join(e, "diags", "checkpoints", f"checkpoint_{steps:06d}.h5"),
                            os.path.join(d, "diags", "checkpoints", f"checkpoint_{steps:06d}.h5"))
    check(ok, f"after SIGTERM at step {step} and restart: final state bit for bit ({why})", why)
    same_csv = open(os.path.join(e, "diags", "langmuir.csv")).read() == open(os.path.join(d, "diags", "langmuir.csv")).read()
    check(same_csv, "the reduced CSV of the stopped-and-continued run equals the uninterrupted one, row for row")
    print(f"  SIGTERM at step {step} of {steps}, restarted: fields, particles and CSV bit for bit")


def flip(path, offset, n=4):
    with open(path, "r+b") as f:
        f.seek(offset)
        data = bytearray(f.read(n))
        f.seek(offset)
        f.write(bytes(x ^ 0xFF for x in data))


def test_refusals(tmp, a):
    sets = BASE_SETS + ["steps=20", FULL, "checkpoint={interval=10, keep=5}"]
    good = os.path.join(a, "diags", "checkpoints", "checkpoint_000010.h5")
    bad = os.path.join(tmp, "bad")
    os.makedirs(bad)

    def refused(path, want, what, extra_sets=()):
        r = picl(bad, sets + list(extra_sets), "--restart", path)
        msg = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""
        check(r.returncode == 2 and all(w in msg for w in want), f"refused: {what}", f"rc {r.returncode}: {msg}")
        print(f"  {what}: {msg[len('picl: error: '):][:150]}")

    cut = os.path.join(bad, "truncated.h5")
    shutil.copy(good, cut)
    os.truncate(cut, os.path.getsize(good) // 2)
    refused(cut, ["is truncated", "bytes"], "a truncated checkpoint")

    data = os.path.join(bad, "flipped_data.h5")
    shutil.copy(good, data)
    with h5py.File(data, "r") as f:
        at = f["species"]["electrons"]["ux"].id.get_offset() + 100
    flip(data, at)
    refused(data, ["corrupt data", "electrons", "checksum"], "flipped bytes in particle data")

    fdata = os.path.join(bad, "flipped_fields.h5")
    shutil.copy(good, fdata)
    with h5py.File(fdata, "r") as f:
        at = f["fields"].id.get_offset() + 8 * 5000
    flip(fdata, at)
    refused(fdata, ["corrupt data", "fields of box", "checksum"], "flipped bytes in field data")

    meta = os.path.join(bad, "flipped_metadata.h5")
    shutil.copy(good, meta)
    flip(meta, 96)
    refused(meta, ["corrupt"], "flipped bytes in HDF5 metadata")

    refused(good, ["another input", "--set"], "a checkpoint of another input", ["species.electrons.u_th=0.001"])
    refused(os.path.join(a, "diags", "fields", "openpmd_000010.h5"), ["not a picl checkpoint"], "an openPMD file")
    refused(INPUT, ["not an HDF5 file"], "a file that is not HDF5")
    refused("latest", ["no checkpoint", "checkpoint.dir"], "--restart latest with no checkpoint")


def main():
    if not os.access(PICL, os.X_OK):
        print(f"FAIL: {PICL} is not built (make all)")
        return 1
    tmp = tempfile.mkdtemp(prefix="picl_output_")
    try:
        test_input_errors(tmp)
        a = os.path.join(tmp, "a")
        os.makedirs(a)
        r = picl(a, BASE_SETS + ["steps=20", FULL, "checkpoint={interval=10, keep=5}"])
        if not check(r.returncode == 0, "langmuir, 20 steps, full diagnostics and checkpoints every 10",
                     r.stderr[-1500:]):
            return 1
        io = [line for line in r.stdout.splitlines() if line.startswith("summary: output")]
        print(f"  {io[0] if io else 'no output summary line'}")
        test_openpmd(a, os.path.join(tmp, "plots"))
        test_restart(tmp, a)
        test_refusals(tmp, a)
        test_sigterm(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("restarts on another number of ranks than wrote the checkpoint: tests/output/test_mpi_restart.py")
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
