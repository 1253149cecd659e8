#!/usr/bin/env python3
"""gpu_predict.py: predicted ns per particle per step and the paper's FOM on GPUs, on paper.

Reads the generator's counted flops, bytes and items per step of each kernel from a `picl bench`
JSONL (tools/gpu_predict.lua makes one) and prices them against each device's published memory
bandwidth and vector peak (DEVICES below). The model and its assumptions: docs/gpu.md,
"Predicted on paper". Nothing here is measured on a GPU.

    tools/gpu_predict.py build/gpu_predict.jsonl [--sort-interval 4] [--csv]
"""
import argparse
import json
import sys

# Published figures (vendor datasheets; docs/gpu.md names each source): HBM bandwidth in GB/s,
# vector (non-tensor, non-packed) peak in GFlop/s; one OpenCL device each (an MI250X card is two
# devices of half these figures: its row is the card).
DEVICES = [
    # name,        GB/s,   FP64,    FP32
    ("V100-SXM2", 900.0, 7800.0, 15700.0),
    ("A100-SXM4-80GB", 2039.0, 9700.0, 19500.0),
    ("H100-SXM5", 3350.0, 34000.0, 67000.0),
    ("H200-SXM", 4800.0, 34000.0, 67000.0),
    ("MI250X", 3276.8, 47900.0, 47900.0),
]

# Assumptions (docs/gpu.md): an atomic addition into global memory (OpenCL 1.2: a load and a
# compare-and-exchange on the bit pattern, no conflict) costs two 32-byte sector trips at HBM
# bandwidth; every launch costs LAUNCH_S of device idle; every host wait WAIT_S.
ATOMIC_BYTES = 64.0
LAUNCH_S = 5e-6
WAIT_S = 20e-6
LOCAL_MEM = 48 * 1024  # the tile rule of docs/input.md, work_group: 48 KiB of local memory on GPUs
HOST_WAITS = 2  # per step, `picl run -v` (docs/speed.md, "Host synchronisation")

GROUPS = [("push_deposit", "push_deposit"), ("field solve", "maxwell_"), ("guard exchange", "halo_"),
          ("sort", "particles_bin"), ("sort", "particles_reorder")]


def esirkepov_adds(order):
    """Atomic additions into J per particle on the stay path: 3 W^2 (W - 1), W = order + 1."""
    w = order + 1
    return 3 * w * w * (w - 1)


def tile_of(box, order, real):
    """docs/input.md's rule: halve the longest even side until 3 (tile + 2 NG)^3 reals fit."""
    ng = 2 if order <= 1 else 3
    t = list(box)
    while 3 * real * (t[0] + 2 * ng) * (t[1] + 2 * ng) * (t[2] + 2 * ng) > LOCAL_MEM:
        a = max(range(3), key=lambda i: (t[i] if t[i] % 2 == 0 else 0, -i))
        if t[a] % 2:
            break
        t[a] //= 2
    return t, ng


def kernel_table(line, sort_interval):
    """Per particle per step: {group: [flops, bytes, launches]} from the line's counts."""
    n = line["particles"]
    out = {}
    for name, k in line["kernels"].items():
        if "flops" not in k:
            continue
        for group, prefix in GROUPS:
            if name.startswith(prefix):
                scale = 1.0
                if group == "sort":
                    if sort_interval == 0:
                        break
                    scale = 1.0 / sort_interval
                g = out.setdefault(group, [0.0, 0.0, 0.0])
                g[0] += k["flops"] * scale / n
                g[1] += k["bytes"] * scale / n
                g[2] += scale  # launches: one per kernel entry and step (B's half steps: 2 items each)
                if name in ("maxwell_push_B_half", "halo_fill_B"):
                    g[2] += scale
                break
    return out


def strategy_extra(line, box):
    """Bytes per particle the counts leave out: the strategy's global atomics (and local_tiles'
    listing by tile), as equivalent HBM bytes."""
    p = line["params"]
    order = p["shape_order"]
    real = 8 if p["precision"] == "double" else 4
    ppc = line["particles"] / line["cells"]
    if p["deposition_strategy"] == "global_atomics":
        return esirkepov_adds(order) * ATOMIC_BYTES, esirkepov_adds(order), None
    t, ng = tile_of(box, order, real)
    cells = t[0] * t[1] * t[2]
    flush = 3.0 * (t[0] + 2 * ng) * (t[1] + 2 * ng) * (t[2] + 2 * ng) / (cells * ppc)
    listing = 2 * 3 * real + 8 if cells < box[0] * box[1] * box[2] else 0
    return flush * ATOMIC_BYTES + listing, flush, t


def predict(line, dev, sort_interval, box):
    name, bw, fp64, fp32 = dev
    peak = (fp64 if line["params"]["precision"] == "double" else fp32) * 1e9
    bw *= 1e9
    n = line["particles"]
    rows = {}
    extra, atomics, tile = strategy_extra(line, box)
    for group, (f, b, launches) in kernel_table(line, sort_interval).items():
        if group == "push_deposit":
            b += extra
        t_mem, t_flop = b / bw, f / peak
        t_launch = launches * LAUNCH_S / n
        t = max(t_mem, t_flop, t_launch)
        bound = "latency" if t == t_launch else "memory" if t_mem >= t_flop else "compute"
        rows[group] = (f, b, t * 1e9, bound)
    total = sum(r[2] for r in rows.values()) + HOST_WAITS * WAIT_S / n * 1e9
    ppc = n / line["cells"]
    fom = (0.1 + 0.9 * ppc) / ppc / (total * 1e-9)
    return rows, total, fom, atomics, tile


def stage_fom(line, dev, box):
    """The boosted stage (docs/boosted_stage.md: order 3, 2 particles per cell) from the uniform
    benchmark's order-3 costs: the particle terms per particle, the cell terms per cell, plus the
    Godfrey filter's 12 reals per cell."""
    rows, total, _, _, _ = predict(line, dev, 0, box)
    ppc = line["particles"] / line["cells"]
    real = 8 if line["params"]["precision"] == "double" else 4
    per_particle = rows["push_deposit"][2]
    per_cell = (total - per_particle) * ppc + 12 * real / (dev[1] * 1e9) * 1e9
    t_cell = per_cell + 2.0 * per_particle  # ns per cell per step
    return (0.1 + 0.9 * 2.0) / (t_cell * 1e-9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jsonl")
    ap.add_argument("--sort-interval", type=int, default=4, help="steps between sorts (0: never)")
    ap.add_argument("--box", default="32,32,32", help="the box in cells (local_tiles' tile)")
    args = ap.parse_args()
    box = [int(x) for x in args.box.split(",")]
    lines = [json.loads(s) for s in open(args.jsonl) if s.strip()]
    lines = [ln for ln in lines if ln.get("status") == "ok" and "kernels" in ln]
    if not lines:
        sys.exit("gpu_predict: %s: no line with kernel counts" % args.jsonl)
    print("counts from %s: %d cells, %d particles; sort every %s steps" %
          (args.jsonl, lines[0]["cells"], lines[0]["particles"], args.sort_interval or "no"))
    print("\nper particle per step (counted; push_deposit with the strategy's atomics as %g B each)" % ATOMIC_BYTES)
    print("%-15s %-6s %-6s %-15s %9s %9s %9s" % ("strategy", "order", "prec", "kernel", "flop", "byte", "atomics"))
    for ln in lines:
        p = ln["params"]
        extra, atomics, tile = strategy_extra(ln, box)
        for group, (f, b, _) in sorted(kernel_table(ln, args.sort_interval).items()):
            if group == "push_deposit":
                b += extra
            print("%-15s %-6d %-6s %-15s %9.1f %9.1f %9s" % (p["deposition_strategy"], p["shape_order"], p["precision"],
                  group, f, b, "%.2f" % atomics if group == "push_deposit" else ""))
        if tile:
            print("%-15s %-6d %-6s   (tile %dx%dx%d)" % ("", p["shape_order"], p["precision"], *tile))
    print("\npredicted ns per particle per step (bound) and FOM, uniform benchmark")
    print("%-15s %-15s %-6s %-6s %8s %8s %8s %8s %8s %10s" % ("device", "strategy", "order", "prec", "push", "fields",
          "guards", "sort", "total", "FOM"))
    for dev in DEVICES:
        for ln in lines:
            p = ln["params"]
            rows, total, fom, _, _ = predict(ln, dev, args.sort_interval, box)
            cell = lambda g: "%.3f%s" % (rows[g][2], rows[g][3][0]) if g in rows else "-"
            print("%-15s %-15s %-6d %-6s %8s %8s %8s %8s %8.3f %10.3e" % (dev[0], p["deposition_strategy"],
                  p["shape_order"], p["precision"], cell("push_deposit"), cell("field solve"),
                  cell("guard exchange"), cell("sort"), total, fom))
    print("(m: memory-bound, c: compute-bound, l: launch-latency-bound)")
    print("\npredicted boosted-stage FOM per GPU (order 3, double, 2 particles per cell, Godfrey)")
    for dev in DEVICES:
        fs = ["%s %.3e" % (ln["params"]["deposition_strategy"], stage_fom(ln, dev, box)) for ln in lines
              if ln["params"]["shape_order"] == 3 and ln["params"]["precision"] == "double"]
        print("%-15s %s" % (dev[0], "  ".join(fs)))


if __name__ == "__main__":
    main()
