#!/usr/bin/env python3
"""ion_energies.py: writes gen/ion_energies.c and lua/elements.lua, the ionization energies and
masses of the elements H .. Kr (Z = 1 .. 36) that field ionization uses.

The numbers are NIST's: the Atomic Spectra Database (A. Kramida, Yu. Ralchenko, J. Reader and
NIST ASD Team, NIST Atomic Spectra Database, https://physics.nist.gov/asd), as the PyPI package
`mendeleev` redistributes them (its ionenergies table; standard atomic weights in atomic_weight).
Not on picl's run path: run once, by hand, in a throwaway virtual environment:

    python3 -m venv /tmp/mendv && /tmp/mendv/bin/pip install mendeleev
    /tmp/mendv/bin/python tools/ion_energies.py      # from the repository root
"""
import importlib.metadata
import sys

from mendeleev import element

Z_MAX = 36


def main():
    version = importlib.metadata.version("mendeleev")
    rows, lua = [], []
    for z in range(1, Z_MAX + 1):
        e = element(z)
        ie = e.ionenergies  # {degree: eV}, degree 1 .. z
        levels = [ie[d] for d in range(1, z + 1)]
        if any(v is None for v in levels):
            sys.exit(f"{e.symbol}: missing ionization energies in mendeleev {version}")
        for a, b in zip(levels, levels[1:]):
            if not b > a:
                sys.exit(f"{e.symbol}: ionization energies do not increase")
        rows.append((z, e.symbol, levels))
        lua.append((z, e.symbol, e.name, e.atomic_weight))
    head = ("NIST Atomic Spectra Database (Kramida, Ralchenko, Reader and NIST ASD Team, "
            "https://physics.nist.gov/asd), extracted from the PyPI package mendeleev %s "
            "by tools/ion_energies.py" % version)
    with open("gen/ion_energies.c", "w") as f:
        f.write("/* ion_energies.c: ionization energies (eV) of the elements H .. Kr, from the\n")
        f.write(" * %s.\n" % head)
        f.write(" * Written by that script: do not edit. Row z - 1 holds element z; entry k the energy that\n")
        f.write(" * takes charge state k to k + 1 (k = 0 .. z - 1). */\n")
        f.write('#include "ion_energies.h"\n\n')
        f.write("const struct gen_element gen_elements[GEN_ELEMENTS] = {\n")
        for z, sym, levels in rows:
            vals = ", ".join("%.10g" % v for v in levels)
            f.write('    {%d, "%s", {%s}},\n' % (z, sym, vals))
        f.write("};\n")
    with open("lua/elements.lua", "w") as f:
        f.write("-- elements.lua: the elements field ionization knows (H .. Kr): symbol, atomic number and\n")
        f.write("-- standard atomic weight (u), from the PyPI package mendeleev %s (tools/ion_energies.py,\n" % version)
        f.write("-- which also writes their ionization energies, NIST ASD's, into gen/ion_energies.c). Do not edit.\n")
        f.write("return {\n")
        for z, sym, name, w in lua:
            f.write('    { symbol = "%s", z = %d, name = "%s", weight = %.10g },\n' % (sym, z, name, w))
        f.write("}\n")


if __name__ == "__main__":
    main()
