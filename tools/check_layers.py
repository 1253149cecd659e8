#!/usr/bin/env python3
"""check_layers.py: the C sources' layers hold (make test runs it).

A file may include headers of its own layer or of lower ones (the order is the Makefile's LAYERS,
lowest first; a header in templates/ is below them all), and no two modules (a .c/.h pair) include each other, directly or around a circle.
Prints each offence with file and line; exits 1 if there is any."""
import os
import re
import sys

LAYERS = sys.argv[1:] or ["base", "input", "gen", "runtime", "io", "sim", "tooling", "cli"]
# input and gen are side by side: both stand on base alone, neither reads the other.
SIDE_BY_SIDE = {("input", "gen"), ("gen", "input")}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def main():
    where = {}  # header name -> layer
    files = []
    bad_names = []
    for layer in LAYERS:
        for name in sorted(os.listdir(layer)):
            if name.endswith((".c", ".h")):
                files.append((layer, name))
                if name.endswith(".h"):
                    if name in where:
                        bad_names.append(f"{layer}/{name} and {where[name]}/{name}: one header name twice; "
                                         "which one an include finds depends on the include path")
                    where[name] = layer
    # templates/ holds OpenCL C, and the one header the runtime shares with every program
    # (kernel_iface.h): it counts with base, below everything, and may include nothing of picl
    for name in sorted(os.listdir("templates")):
        if name.endswith(".h"):
            files.append(("templates", name))
            where[name] = "templates"
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    rank["templates"] = -1
    bad = bad_names
    uses = {}  # module (layer/stem) -> modules it includes
    for layer, name in files:
        module = f"{layer}/{name[:-2]}"
        with open(os.path.join(layer, name)) as src:
            for lineno, line in enumerate(src, 1):
                m = INCLUDE.match(line)
                if not m or m.group(1) not in where:
                    continue  # embedded.h (generated) and system headers
                to = where[m.group(1)]
                if rank[to] > rank[layer] or (layer, to) in SIDE_BY_SIDE:
                    allowed = ", ".join(l for l in LAYERS[:rank[layer] + 1] if (layer, l) not in SIDE_BY_SIDE) if rank[layer] >= 0 else "nothing of picl"
                    bad.append(f"{layer}/{name}:{lineno}: includes {to}/{m.group(1)}: {layer} may include only {allowed}")
                target = f"{to}/{m.group(1)[:-2]}"
                if target != module:
                    uses.setdefault(module, set()).add(target)
    # a circle among modules: depth-first search, reporting each circle once
    state, stack = {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(uses.get(m, ())):
            if state.get(n) == 1:
                bad.append("modules include each other: " + " -> ".join(stack[stack.index(n):] + [n]))
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(uses):
        if m not in state:
            visit(m)
    for line in bad:
        print(line)
    print(f"check_layers: {len(files)} files in {len(LAYERS)} layers, {len(bad)} offences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
