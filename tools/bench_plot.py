#!/usr/bin/env python3
"""bench_plot.py: pictures of a `picl bench` results file (one JSON object per line).

    .venv/bin/python tools/bench_plot.py RESULTS.jsonl [-o PLOT.png]

Draws a bar chart of the time per step of every variant (median, with the min-max range of
the repeats; variants that failed the correctness gate are hatched and labelled, errors left
out) and, when the sweep has exactly two axes, a heat map of the median time over them (the
paper's Figure 1 for bench/sort.lua). Uses matplotlib from the test .venv (make venv); never
part of a run.
"""
import argparse
import json
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    sys.exit(f"{path}:{n}: not JSON: {e}")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("-o", "--output", help="PNG file (default: RESULTS with .png)")
    a = ap.parse_args()
    rows = [r for r in load(a.results) if r.get("status") in ("ok", "failed")]
    if not rows:
        sys.exit(f"{a.results}: no timed variants")
    out = a.output or a.results.rsplit(".", 1)[0] + ".png"
    rows.sort(key=lambda r: (r["status"] != "ok", r["step_s"]["median"]))
    axes = list(rows[0]["params"].keys())
    values = {k: [] for k in axes}
    for r in rows:
        for k in axes:
            v = json.dumps(r["params"].get(k))
            if v not in values[k]:
                values[k].append(v)
    heat = len(axes) == 2 and all(len(v) > 1 for v in values.values())

    fig, panels = plt.subplots(1, 2 if heat else 1, figsize=(13 if heat else 8, max(3, 0.35 * len(rows) + 1.5)))
    ax = panels[0] if heat else panels
    ms = [1e3 * r["step_s"]["median"] for r in rows]
    lo = [1e3 * (r["step_s"]["median"] - r["step_s"]["min"]) for r in rows]
    hi = [1e3 * (r["step_s"]["max"] - r["step_s"]["median"]) for r in rows]
    y = range(len(rows))
    colors = ["tab:blue" if r["status"] == "ok" else "lightgray" for r in rows]
    bars = ax.barh(y, ms, xerr=[lo, hi], color=colors, capsize=2)
    for b, r in zip(bars, rows):
        if r["status"] != "ok":
            b.set_hatch("//")
    ax.set_yticks(list(y))
    ax.set_yticklabels([r["id"] + ("  [gate FAILED]" if r["status"] != "ok" else "") for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("ms per step (median; bars: min-max of the repeats)")
    d = rows[0]["device"]
    ax.set_title(f"{rows[0].get('spec', '')} on {d['name']} ({d['compute_units']} CU), picl {rows[0]['picl']}", fontsize=9)

    if heat:
        kx, ky = axes[1], axes[0]
        grid = [[math.nan] * len(values[kx]) for _ in values[ky]]
        for r in rows:
            if r["status"] == "ok":
                i = values[ky].index(json.dumps(r["params"][ky]))
                j = values[kx].index(json.dumps(r["params"][kx]))
                grid[i][j] = 1e3 * r["step_s"]["median"]
        h = panels[1]
        im = h.imshow(grid, cmap="viridis_r", aspect="auto")
        h.set_xticks(range(len(values[kx])))
        h.set_xticklabels([str(json.loads(v)) for v in values[kx]])
        h.set_yticks(range(len(values[ky])))
        h.set_yticklabels([str(json.loads(v)) for v in values[ky]])
        h.set_xlabel(kx)
        h.set_ylabel(ky)
        for i, row in enumerate(grid):
            for j, v in enumerate(row):
                if not math.isnan(v):
                    h.text(j, i, f"{v:.3g}", ha="center", va="center", color="w", fontsize=8)
        fig.colorbar(im, ax=h, label="ms per step (median)")
        h.set_title("median time per step (gate passes only)", fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(out)


if __name__ == "__main__":
    main()
