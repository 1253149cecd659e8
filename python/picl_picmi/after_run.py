# after_run.py: WarpX's `sim.extension.warpx.gett_new(lev)` and `sim.fields.get(name, dir=, level=)`
# after Simulation.step() has run, read from picl's openPMD output of the last step (a
# FieldDiagnostic's file), so that a WarpX script's analysis after its run works unchanged.
#
# picl runs in its own process (Simulation.step), so nothing is reachable while it runs; once it
# has ended, the fields WarpX would hold in memory are the ones picl wrote at the last step. Only
# that: another time, a level of mesh refinement, setting values or a field picl does not write is
# refused with one line. The arrays are WarpX's `MultiFab[...]` layout (axes of the grid, then the
# components: RZ's modes, 0 then re, im of m = 1, 2 ...) with one value per cell along each axis,
# as picl writes them: the upper node of a nodal axis, which WarpX's valid box adds, is left out
# (periodic: node 0 again; RZ's r_max: the PEC wall). `mesh(axis)` gives the positions of those
# values (grid.lower + (index + staggering) x spacing), so an analysis on (array, mesh) holds.
# Tested on RZ files (tests/picmi/test_warpx_rz.py) and on Cartesian 2D and 3D ones, the file's
# z .. x axes reversed and one component axis added (tests/picmi/test_after_run.py).

import glob
import os
import re
import sys

import numpy as np

from .errors import PiclUnsupported

# WarpX's field names -> picl's openPMD record
RECORDS = {"Efield_aux": "E", "Efield_fp": "E", "Bfield_aux": "B", "Bfield_fp": "B", "current_fp": "J"}
# a component as WarpX names it (dir), per record axis labels: Cartesian x, y, z; RZ's r, t, z
DIRS = {"x": "x", "y": "y", "z": "z", "r": "r", "t": "t", "theta": "t"}


def _closest(what):
    return PiclUnsupported(f"{what}; closest: the openPMD files of a FieldDiagnostic (docs/output.md)")


class _Output:
    """The last step's openPMD file of the run that just ended."""

    def __init__(self, sim):
        self.sim = sim

    def _file(self, record):
        run = self.sim._ran
        if run is None:
            raise _closest("sim.fields / sim.extension before step(): picl runs in its own process, so the "
                           "fields exist once step() has run")
        if run == "dry":
            # PICL_PICMI_CHECK=1 checks the input and runs nothing: the script ends here, as it would
            # have ended without the check's error, rather than on fields that do not exist
            sys.stderr.write("picl_picmi: PICL_PICMI_CHECK=1 (picl check, no run): the script stops where it "
                             "reads the run's fields (sim.fields, sim.extension)\n")
            sys.stderr.flush()
            raise SystemExit(0)
        folder, last = run
        steps = {}
        for path in glob.glob(os.path.join(folder, "*", "openpmd_*.h5")):
            m = re.search(r"openpmd_(\d+)\.h5$", path)
            steps.setdefault(int(m.group(1)), []).append(path)
        if last is None and steps:
            last = max(steps)                   # max_time: the last step written
        import h5py
        for path in sorted(steps.get(last, [])):
            with h5py.File(path, "r") as f:
                (it,) = list(f["data"])
                if record in f["data"][it].get("meshes", {}):
                    return path
        raise _closest(f"the fields after the run are read from picl's output of the last step ({last}); "
                       f"no FieldDiagnostic wrote {record} then (its period must include the last step)")

    def time(self):
        import h5py
        with h5py.File(self._file("E"), "r") as f:
            (it,) = list(f["data"])
            return float(f["data"][it].attrs["time"])

    def get(self, name, dir=None, level=None):
        if level is None:
            raise ValueError("level must be specified")
        if level != 0:
            raise _closest(f"sim.fields.get(level={level}): picl has no mesh refinement (level 0 only)")
        if name not in RECORDS:
            raise _closest(f"sim.fields.get('{name}'): picl writes E, B and J ({', '.join(RECORDS)})")
        if dir not in DIRS and dir not in (0, 1, 2):
            raise _closest(f"sim.fields.get('{name}', dir={dir!r}): expected a component x, y, z (RZ: r, t, z)")
        return _Field(self._file(RECORDS[name]), RECORDS[name], dir)


class _Field:
    """One component of a record in the file: `[...]` reads it, `mesh(axis)` its positions."""

    def __init__(self, path, record, dir):
        import h5py
        with h5py.File(path, "r") as f:
            (it,) = list(f["data"])
            mesh = f["data"][it]["meshes"][record]
            labels = [s.decode() for s in mesh.attrs["axisLabels"]]
            comps = list(mesh)
            if isinstance(dir, int):
                comp = (["r", "t", "z"] if "r" in labels else ["x", "y", "z"])[dir]
            else:
                comp = DIRS[dir]
            if comp not in comps:
                raise _closest(f"sim.fields.get('{record}', dir={dir!r}): the file has components {comps}")
            data = mesh[comp][()]
            self.theta_mode = mesh.attrs["geometry"] == b"thetaMode"
            position = list(mesh[comp].attrs["position"])
            offset, spacing = list(mesh.attrs["gridGlobalOffset"]), list(mesh.attrs["gridSpacing"])
        if not self.theta_mode:
            # openPMD's C order lists the axes z .. x; WarpX's arrays are x .. z with a component axis
            data, labels = data.T, labels[::-1]
            position, offset, spacing = position[::-1], offset[::-1], spacing[::-1]
            data = data[..., np.newaxis]
        else:
            data = np.moveaxis(data, 0, -1)     # (modes, r, z) -> (r, z, modes)
        self.data, self.labels = data, labels
        self.axes = {a: (o, d, p) for a, o, d, p in zip(labels, offset, spacing, position)}
        self.level = 0

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        raise _closest("setting a field after the run: picl's run has ended")

    def mesh(self, direction, include_ghosts=False):
        if include_ghosts:
            raise _closest("mesh(include_ghosts=True): picl's files hold the valid cells only")
        if direction not in self.axes:
            raise Exception("Inappropriate direction given")
        lower, spacing, position = self.axes[direction]
        n = self.data.shape[self.labels.index(direction)]
        return lower + (np.arange(n) + position) * spacing


class _WarpX:
    """`sim.extension.warpx`: gett_new and multifab_register after the run."""

    def __init__(self, output):
        self._output = output

    def gett_new(self, lev=0):
        if lev != 0:
            raise _closest(f"gett_new({lev}): picl has no mesh refinement (level 0 only)")
        return self._output.time()

    def multifab_register(self):
        return self._output

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise _closest(f"sim.extension.warpx.{attr}: picl_picmi offers gett_new and the fields "
                       "(multifab_register().get) of the last step after step()")


class Extension:
    """`sim.extension`: WarpX's libwarpx after the run, its `warpx` object only."""

    def __init__(self, sim):
        self.warpx = _WarpX(_Output(sim))

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise _closest(f"sim.extension.{attr}: picl_picmi offers sim.extension.warpx (gett_new, the fields) "
                       "after step()")
