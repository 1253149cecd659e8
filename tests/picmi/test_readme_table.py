# test_readme_table.py: README.md's PICMI class table against picl_picmi's own lists: every class
# picl_picmi defines is in the table's first column; every class it refuses (picmi._REFUSALS), every
# WarpX class it names as refused (picmi.WARPX_CLASSES) and every pywarpx module it stands in for
# (warpx_api.MODULES) is on a row whose picl column says refused; nothing refused is on another row.
# And every argument of the grids, the solver, Simulation, Species, the plasma and bunch
# distributions, the layouts, the lasers and their antenna, the applied and initial fields and the
# smoother is in an argument table, and so is every argument of the other distributions, the
# interactions, the plasma lens and the diagnostics (with the WarpX arguments picl_picmi reads).
import re

import picmistandard

from conftest import ROOT
from picl_picmi import picmi, warpx_api, warpx_attributes


def table():
    """{class or module name: the row's picl column} of README's "| PICMI class | picl | notes |" table."""
    text = (ROOT / "README.md").read_text()
    start = text.index("| PICMI class | picl | notes |")
    rows = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        first, picl = [c.strip() for c in line.split("|")[1:3]]
        for name in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", first):
            rows.setdefault(name, picl)
    return rows


def test_every_class_is_in_the_table():
    rows = table()
    ours = [n for n, c in vars(picmi).items() if isinstance(c, type) and c.__module__ == picmi.__name__
            and issubclass(c, picmistandard.base._PICMIModel)]
    assert len(ours) > 30
    missing = [n for n in ours if n not in rows]
    assert not missing, f"README's PICMI table lacks {missing}"


def test_refusals_are_the_codes():
    rows = table()
    refused = set(picmi._REFUSALS) | set(picmi.WARPX_CLASSES) | set(warpx_api.MODULES)
    for name in refused:
        assert name in rows, f"README's PICMI table lacks {name}, which picl_picmi refuses"
        assert rows[name].startswith("refused"), (name, rows[name])
    wrongly = [n for n, picl in rows.items() if picl.startswith("refused") and n not in refused]
    assert not wrongly, f"README says refused, picl_picmi honours: {wrongly}"


def argument_tables():
    """{class: set of arguments} of README's "| class | argument | picl |" tables (a row whose
    class column is empty continues the class above)."""
    text = (ROOT / "README.md").read_text()
    args, classes = {}, []
    for part in text.split("| class | argument | picl |")[1:]:
        for line in part.splitlines()[2:]:
            if not line.startswith("|"):
                break
            first, second = [c.strip() for c in line.split("|")[1:3]]
            if first:
                classes = re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", first)
            for name in classes:
                args.setdefault(name, set()).update(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", second))
    return args


def test_every_argument_of_the_main_classes_is_in_a_table():
    # each PICMI argument (and picl's own) of these classes has a row saying what picl makes of it
    args = argument_tables()
    for name in ("Cartesian3DGrid", "Cartesian2DGrid", "Cartesian1DGrid", "CylindricalGrid", "ElectromagneticSolver",
                 "Simulation",
                 "Species", "GaussianLaser", "LaserAntenna", "UniformDistribution", "AnalyticDistribution",
                 "GaussianBunchDistribution", "GriddedLayout", "PseudoRandomLayout", "AnalyticLaser",
                 "ConstantAppliedField", "AnalyticAppliedField", "AnalyticInitialField", "BinomialSmoother"):
        fields = [f for f in getattr(picmi, name).model_fields if not f.startswith("_")]
        missing = [f for f in fields if f not in args.get(name, set())]
        assert not missing, f"README's argument table lacks {name}'s {missing}"


# the WarpX arguments (beyond PICMI's) that picl_picmi reads or names, per class
WARPX_ARGS = {
    "TimeAveragedFieldDiagnostic": ["warpx_" + a for a in warpx_attributes.SAME["TimeAveragedFieldDiagnostic"].split()],
    "ReducedDiagnostic": ["x1_probe", "y1_probe", "z1_probe", "resolution", "integrate"],
}


def test_every_argument_of_the_other_classes_is_in_a_table():
    # the distributions, interactions and diagnostics beyond the main classes, with WarpX's own
    # arguments of its classes
    args = argument_tables()
    for name in ("MultiSpecies", "FoilDistribution", "ParticleListDistribution", "FromFileDistribution",
                 "FieldIonization", "CoulombCollisions", "PlasmaLens", "FieldDiagnostic", "ParticleDiagnostic",
                 "TimeAveragedFieldDiagnostic", "ReducedDiagnostic", "LabFrameFieldDiagnostic",
                 "LabFrameParticleDiagnostic"):
        fields = [f for f in getattr(picmi, name).model_fields if not f.startswith("_")] + WARPX_ARGS.get(name, [])
        missing = [f for f in fields if f not in args.get(name, set())]
        assert not missing, f"README's argument table lacks {name}'s {missing}"
