#!/usr/bin/env python3
"""test_checkpoint_edits.py: a checkpoint whose root attributes or box counters were edited is
refused, with the attribute named, instead of continuing with a wrong clock, scale or count; so is
one whose particles or fields were edited and given new checksums (a particle outside its box, a
value that is not finite).

Run by tests/cli/test_checkpoint_edits.sh with the pinned Python of .venv (make venv). The run is
inputs/langmuir.lua cut to 6 steps in 4 boxes of 16 x 4 x 4 cells, a checkpoint at step 3; each
case copies that file, edits one thing with h5py and restarts from the copy. Expected: the
untouched copy continues (exit 0); every edited one exits 2 with one message
"--restart: cannot continue from 'FILE': ..." that names the attribute or dataset, and no signal.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import h5py
import numpy as np
from checks import Checks

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PICL = os.path.join(ROOT, "bin", "picl")
INPUT = os.path.join(ROOT, "inputs", "langmuir.lua")
check = Checks(indent="  ")


def run(cwd, *extra):
    sets = ["stop_time=nil", "steps=6", "grid.max_box={16,4,4}", "diagnostics.full={}", "diagnostics.reduced={}",
            'checkpoint={interval=3, keep=5, dir="ck"}']
    args = [PICL, "run", "-q", INPUT] + [a for s in sets for a in ("--set", s)] + list(extra)
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)


def set_attr(name, value):
    def edit(f):
        f.attrs[name] = value
    return edit


def scale_attr(name, factor):
    def edit(f):
        f.attrs[name] = f.attrs[name] * factor
    return edit


def set_entry(dataset, index, value):
    def edit(f):
        d = f[dataset]
        a = d[...]
        a[index] = value
        d[...] = a
    return edit


def shift_time(steps):
    def edit(f):
        f.attrs["time"] = f.attrs["time"] + steps * f.attrs["dt"]
    return edit


# -- edits that keep the checksums right (io/hdf5io.c's hio_hash again, here), so that they reach
# the checks of the state behind them: a particle outside its box, a field that is not finite
M64 = (1 << 64) - 1


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def hio_hash(data, seed):
    p1, p2 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F
    n = len(data)
    v = [(seed + p1 + p2) & M64, (seed + p2) & M64, seed, (seed - p1) & M64]
    words = np.frombuffer(data[: n - n % 32], dtype="<u8")
    for k in range(0, len(words), 4):
        for lane in range(4):
            v[lane] = (rotl((v[lane] + int(words[k + lane]) * p2) & M64, 31) * p1) & M64
    i = n - n % 32
    h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18) + n) & M64
    for b in data[i:]:
        h = ((h ^ b) * 0x100000001B3) & M64
    h ^= h >> 33
    h = (h * p2) & M64
    h ^= h >> 29
    h = (h * p1) & M64
    h ^= h >> 32
    return h


ARRAYS = ["x", "y", "z", "ux", "uy", "uz", "w", "id"]


def species_sums(g):
    count, offset = g["box_count"][...], g["box_offset"][...]
    sums = [0] * len(count)
    for name in ARRAYS:
        if name in g:
            a = g[name][...]
            for b in range(len(count)):
                sums[b] = hio_hash(a[offset[b]: offset[b] + count[b]].tobytes(), sums[b])
    return np.array(sums, dtype=np.uint64)


def field_sums(f):
    fields = f["fields"][...]
    sums = []
    for b in range(fields.shape[1]):
        h = 0
        for comp in range(fields.shape[0]):
            h = hio_hash(fields[comp, b].tobytes(), h)
        sums.append(h)
    return np.array(sums, dtype=np.uint64)


def resealed(edit):
    def sealed(f):
        edit(f)
        for name in f["species"]:
            f["species"][name]["checksum"][...] = species_sums(f["species"][name])
        f["fields_checksum"][...] = field_sums(f)
    return sealed


def move_particle(species, axis, by):
    def edit(f):
        d = f[f"species/{species}/{axis}"]
        a = d[...]
        a[0] += by
        d[...] = a
    return edit


def field_value(comp, box, at, value):
    def edit(f):
        d = f["fields"]
        a = d[...]
        a[comp, box, at] = value
        d[...] = a
    return edit


# (what, edit, a word the message must hold)
CASES = [
    ("a particle moved a box along x, checksums recomputed", resealed(move_particle("electrons", "x", 16.0)),
     "outside its box"),
    ("a momentum = NaN, checksums recomputed", resealed(move_particle("ions", "uy", np.nan)), "not finite"),
    ("a field value = inf, checksums recomputed", resealed(field_value(2, 1, 40, np.inf)), "not finite"),
    ("time = NaN", set_attr("time", np.float64(np.nan)), "time attribute"),
    ("time three steps late", shift_time(3), "time attribute"),
    ("gauss_scale = NaN", set_attr("gauss_scale", np.float64(np.nan)), "gauss_scale"),
    ("gauss_scale doubled", scale_attr("gauss_scale", 2.0), "gauss_scale"),
    ("dt doubled", scale_attr("dt", 2.0), "dt attribute"),
    ("dt = inf", set_attr("dt", np.float64(np.inf)), "dt attribute"),
    ("ranks = 0", set_attr("ranks", np.int64(0)), "ranks attribute"),
    ("ranks = 1000 (more than boxes)", set_attr("ranks", np.int64(1000)), "ranks attribute"),
    ("step beyond the run's steps", set_attr("step", np.int64(999)), "step 999"),
    ("negative box_lost", set_entry("species/electrons/box_lost", (1, 2), -5), "box_lost"),
    ("negative box_window", set_entry("species/ions/box_window", (0, 1), -1), "box_window"),
    ("negative box_count", set_entry("species/electrons/box_count", 0, -1), "box 0"),
]

with tempfile.TemporaryDirectory(prefix="picl_ckedit_") as tmp:
    first = run(tmp)
    source = os.path.join(tmp, "ck", "checkpoint_000003.h5")
    if not check(first.returncode == 0 and os.path.exists(source), "the run writes checkpoint_000003.h5",
                 first.stderr[-800:]):
        sys.exit(check.finish())
    with h5py.File(source, "r") as f:  # the port of the checksum agrees with picl's
        check(all(np.array_equal(species_sums(f["species"][n]), f["species"][n]["checksum"][...])
                  for n in f["species"]) and np.array_equal(field_sums(f), f["fields_checksum"][...]),
              "the checksums computed here are the file's")
    copy = os.path.join(tmp, "copy.h5")
    shutil.copy(source, copy)
    same = run(tmp, "--restart", copy, "--profile")  # --profile: the summary despite -q
    check(same.returncode == 0 and "summary: 6 steps" in same.stdout, "an untouched copy continues to step 6",
          same.stderr[-800:])
    for what, edit, word in CASES:
        shutil.copy(source, copy)
        with h5py.File(copy, "r+") as f:
            edit(f)
        out = run(tmp, "--restart", copy)
        errors = [line for line in out.stderr.splitlines() if "error:" in line]
        ok = (out.returncode == 2 and len(errors) == 1 and "cannot continue from" in errors[0] and word in errors[0])
        check(ok, f"{what}: refused, naming '{word}'",
              f"exit {out.returncode}, messages {errors or out.stderr[-600:]}")
        if ok:
            print(f"      {errors[0][:220]}")

sys.exit(check.finish(need_one=True))
