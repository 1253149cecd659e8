"""openpmd_read.py: reading picl's openPMD files with h5py, for the tools and the output tests.

One place for what tools/plot_diags.py, tools/plot_wake.py and the wake tests
(tests/output/test_wake.py) all need: the files of a series, a mesh record's lab-frame
coordinates from the file's own metadata (axisLabels, gridSpacing, gridGlobalOffset, which holds
the moving window's distance, position, unitSI), the line of a field along z through the axis,
interpolated zero crossings, and the linear plasma wavelength. Python is for tests and plots only:
picl never runs it.
"""
import glob
import os

import h5py
import numpy as np

C, Q_E, M_E, EPS0 = 299792458.0, 1.602176634e-19, 9.1093837015e-31, 8.8541878128e-12


def text(value):
    return value.decode() if isinstance(value, bytes) else str(value)


def series(folder):
    """{iteration: path} of the openPMD files in folder, sorted by iteration."""
    out = {}
    for path in glob.glob(os.path.join(folder, "*.h5")):
        with h5py.File(path, "r") as f:
            if "openPMD" not in f.attrs or "data" not in f:
                continue  # a checkpoint, or another HDF5 file
            for key in f["data"].keys():
                out[int(key)] = path
    return dict(sorted(out.items()))


def mesh_axes(dset, rec):
    """Coordinates (m, lab frame) of the dataset's points along each of its axes, by label."""
    labels = [text(a) for a in rec.attrs["axisLabels"]]
    spacing = np.asarray(rec.attrs["gridSpacing"], dtype=float)
    offset = np.asarray(rec.attrs["gridGlobalOffset"], dtype=float)
    position = np.asarray(dset.attrs["position"], dtype=float)
    unit = float(rec.attrs["gridUnitSI"])
    if text(rec.attrs["dataOrder"]) == "F":
        labels = labels[::-1]
        spacing, offset, position = spacing[::-1], offset[::-1], position[::-1]
    coords = {}
    for i, label in enumerate(labels):
        coords[label] = (offset[i] + (np.arange(dset.shape[i]) + position[i]) * spacing[i]) * unit
    return labels, coords


def particle_record(species, record, comp=None):
    """A particle record (component) in SI, constant records expanded."""
    obj = species[record] if comp is None else species[record][comp]
    if isinstance(obj, h5py.Group):  # a constant record component
        return np.full(tuple(obj.attrs["shape"]), float(obj.attrs["value"])) * float(obj.attrs["unitSI"])
    return obj[...].astype(float) * float(obj.attrs["unitSI"])


def mesh(path, iteration, record, comp=None):
    """(data[z][y][x] in SI, {"x","y","z": lab coordinates in m}, time in s) of a mesh record
    (comp None for a scalar record such as rho) of one iteration; a 2D file's is data[z][x]."""
    with h5py.File(path, "r") as f:
        base = f[f"data/{iteration}"]
        meshes = base[text(f.attrs["meshesPath"]).rstrip("/")]
        rec = meshes[record]
        dset = rec if comp is None else rec[comp]
        data = dset[...] * float(dset.attrs["unitSI"])
        labels, coords = mesh_axes(dset, rec)
        time = float(base.attrs["time"]) * float(base.attrs["timeUnitSI"])
    data = np.transpose(data, [labels.index(a) for a in ("z", "y", "x") if a in labels])
    return data, coords, time


def axis_index(coords, label):
    """Index of the point nearest 0 along a transverse axis (the laser's or bunch's axis)."""
    return int(np.argmin(np.abs(coords[label])))


def on_axis(data, coords):
    """(z, values) of data[z][y][x] (2D: data[z][x]) along z through x = y = 0 (the nearest points)."""
    if "y" not in coords:
        return coords["z"], data[:, axis_index(coords, "x")]
    return coords["z"], data[:, axis_index(coords, "y"), axis_index(coords, "x")]


def zero_crossings(z, v):
    """Positions where v changes sign, linearly interpolated between its points."""
    out = []
    for i in range(len(z) - 1):
        if v[i] == 0:
            out.append(z[i])
        elif v[i] * v[i + 1] < 0:
            out.append(z[i] - v[i] * (z[i + 1] - z[i]) / (v[i + 1] - v[i]))
    return np.array(out)


def plasma_wavelength(n0):
    """Linear (cold, non-relativistic) plasma wavelength 2 pi c / omega_p (m) at density n0 (m^-3)."""
    return 2 * np.pi * C / np.sqrt(n0 * Q_E * Q_E / (EPS0 * M_E))
