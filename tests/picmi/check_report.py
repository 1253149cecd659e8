# check_report.py: the resolved configuration that `picl check --no-build` prints
# (input/config_print.c) read back into Python values, for the round-trip test.
import re
import subprocess

NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def vec(text):
    return [float(v) for v in re.findall(NUM, text)]


def faces(text):
    """'x:pml(8)/pec y:periodic ...' -> {axis: ([lower, upper], [pml lower, pml upper])}"""
    out = {}
    for axis, spec in re.findall(r"([xyz]):(\S+)", text):
        parts = spec.rstrip(",").split("/")
        names, cells = [], []
        for part in parts:
            m = re.match(r"(\w+)(?:\((\d+)\))?", part)
            names.append(m.group(1))
            cells.append(int(m.group(2) or 0))
        if len(names) == 1:
            names, cells = names * 2, cells * 2
        out[axis] = (names, cells)
    return out


def read(picl, lua_file):
    run = subprocess.run([picl, "check", str(lua_file), "--no-build"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    r = {"species": {}, "lasers": {}, "full": {}, "reduced": {}, "constants": {}, "text": run.stdout}
    block = None
    for line in run.stdout.splitlines():
        key, _, rest = line.partition("  ")
        rest = rest.strip()
        if line.startswith("grid "):
            m = re.match(r"grid\s+(\d+) x (\d+) x (\d+) cells, lower \{(.*?)\} m, upper \{(.*?)\} m", line)
            r["cells"] = [int(m.group(i)) for i in (1, 2, 3)]
            r["lower"], r["upper"] = vec(m.group(4)), vec(m.group(5))
            r["grid_cells"] = r["cells"]
        elif line.startswith("domain "):
            # boundary.pml_outside: the user's domain, inside the grid that adds the layers;
            # cells, lower and upper are the domain's, grid_cells the grid's
            m = re.match(r"domain\s+(\d+) x (\d+) x (\d+) cells, lower \{(.*?)\} m, upper \{(.*?)\} m \((.*)\)", line)
            r["cells"] = [int(m.group(i)) for i in (1, 2, 3)]
            r["lower"], r["upper"] = vec(m.group(4)), vec(m.group(5))
            r["pml_outside"] = True
        elif line.startswith("max_box "):
            r["max_box"] = [int(v) for v in re.findall(r"\d+", line)[:3]]
        elif line.startswith("boundary "):
            field, particles = rest.split(", particles")
            r["field"], r["particles"] = faces(field.removeprefix("field")), faces(particles)
        elif line.startswith("solver "):
            m = re.match(r"solver\s+(\w+), dt = (\S+) s \((?:cfl (\S+)|(\S+)) of the limit (\S+) s\)", line)
            r["solver"], r["dt"], r["dt_limit"] = m.group(1), float(m.group(2)), float(m.group(5))
            r["cfl"] = float(m.group(3)) if m.group(3) else None
        elif line.startswith("steps "):
            m = re.match(r"steps\s+(\d+), to t = (\S+) s(?: \(stop_time (\S+) s\))?", line)
            r["steps"] = int(m.group(1))
            r["stop_time"] = float(m.group(3)) if m.group(3) else None
        elif line.startswith("precision "):
            r["precision"] = rest
        elif line.startswith("particles "):
            m = re.match(r"particles\s+shape order (\d), pusher (\w+), gather (\w+), deposition (\w+)", line)
            r["shape_order"], r["pusher"], r["gather"], r["deposition"] = int(m.group(1)), *m.group(2, 3, 4)
        elif line.startswith("constant "):
            m = re.match(r"constant\s+(\w+) = (\S+)", line)
            r["constants"][m.group(1)] = float(m.group(2))
        elif line.startswith("applied fields"):
            block = r.setdefault("applied", {})
        elif line.startswith("initial fields"):
            block = r.setdefault("fields", {})
        elif line.startswith("species "):
            m = re.match(r"species\s+(\w+)( \(beam\))?( \(frozen\))?", line)
            block = r["species"][m.group(1)] = {"beam": bool(m.group(2)), "frozen": bool(m.group(3))}
        elif line.startswith("laser "):
            m = re.match(r"laser\s+(\w+): ([-+][xyz]) from \{(.*?)\} m \(antenna on node plane (\d+)\), "
                         r"polarization \{(.*?)\}", line)
            block = r["lasers"][m.group(1)] = {"direction": m.group(2), "position": vec(m.group(3)),
                                               "polarization": vec(m.group(5))}
        elif line.startswith("moving window "):
            m = re.match(r"moving window\s+along (\w) at (\S+) c from t = (\S+) s", line)
            r["window"] = {"axis": m.group(1), "speed": float(m.group(2)), "start": float(m.group(3))}
        elif line.startswith("output "):
            r["output_dir"] = rest.rstrip("/")
        elif line.startswith("reduced "):
            m = re.match(r"reduced\s+(\w+) every (\d+) steps", line)
            r["reduced"][m.group(1)] = int(m.group(2))
        elif line.startswith("full "):
            m = re.match(r"full\s+(\w+) (?:every (\d+) steps|at steps ([\d,]+)):(.*)", line)
            what, _, region = m.group(4).partition("; field cells ")
            attrs = re.search(r"\((.*?), stride (\d+)\)", what)
            names = re.sub(r"\(.*\)", "", what).split()
            r["full"][m.group(1)] = {
                "interval": int(m.group(2)) if m.group(2) else [int(v) for v in m.group(3).split(",")],
                "names": names, "attributes": attrs.group(1).split() if attrs else None,
                "cells": [[int(v) for v in pair] for pair in re.findall(r"\[(\d+), (\d+)\)", region)] or None}
        elif line.startswith("checkpoint "):
            m = re.search(r"every (\d+) steps", line)
            r["checkpoint_interval"] = int(m.group(1)) if m else None
        elif line.startswith("progress "):
            r["progress_interval"] = int(re.search(r"every (\d+) steps", line).group(1))
        elif line.startswith("  ") and block is not None:
            label, value = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            block[label] = value
        else:
            block = None
    return r
