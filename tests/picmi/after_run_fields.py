# after_run_fields.py: WarpX's post-run field access on a Cartesian grid (2D or 3D), written for
# picl in the style of WarpX's PICMI scripts: build the simulation, step it, then read Ex and Ez
# with sim.fields.get(...) and the time with sim.extension.warpx.gett_new(0), and check them.
#
# The fields are static: a vacuum box, periodic, with the initial Ex = E0 sin(2 pi x / Lx) and
# Ez = E0 cos(2 pi z / Lz) (an AnalyticInitialField). Each is curl-free and there is no current, so
# Yee's update leaves both exactly as they start: the field read after the run is the formula at
# the positions mesh() gives (Ex staggered half a cell along x, Ez along z), to rounding. Different
# cell counts per axis, so that an axis order or a staggering off by half a cell shows.
# test_after_run.py runs it and also reads the openPMD file itself.
#
#   .venv/bin/python tests/picmi/after_run_fields.py --dims 2|3 [--dir DIR]
import argparse
import os

import numpy as np

from picl_picmi import picmi

parser = argparse.ArgumentParser()
parser.add_argument("--dims", type=int, choices=(2, 3), required=True)
parser.add_argument("--dir", default=".", help="where the input and diags/ go")
args = parser.parse_args()
os.makedirs(args.dir, exist_ok=True)
os.chdir(args.dir)

E0 = 1.0e9                      # V/m
max_steps = 6
if args.dims == 3:
    nx, ny, nz = 12, 6, 10      # three different counts: a transposed array has another shape
    Lx, Ly, Lz = 12.0e-6, 6.0e-6, 20.0e-6
    grid = picmi.Cartesian3DGrid(
        number_of_cells=[nx, ny, nz], lower_bound=[0.0, 0.0, -0.5 * Lz], upper_bound=[Lx, Ly, 0.5 * Lz],
        lower_boundary_conditions=["periodic"] * 3, upper_boundary_conditions=["periodic"] * 3)
else:
    nx, nz = 12, 10             # PICMI's 2D [nx, ny] are x and z, as WarpX reads them
    Lx, Lz = 12.0e-6, 20.0e-6
    grid = picmi.Cartesian2DGrid(
        number_of_cells=[nx, nz], lower_bound=[0.0, -0.5 * Lz], upper_bound=[Lx, 0.5 * Lz],
        lower_boundary_conditions=["periodic"] * 2, upper_boundary_conditions=["periodic"] * 2)

solver = picmi.ElectromagneticSolver(grid=grid, method="Yee", cfl=0.9)
initial = picmi.AnalyticInitialField(Ex_expression="E0*sin(2*pi*x/Lx)", Ez_expression="E0*cos(2*pi*z/Lz)",
                                     E0=E0, Lx=Lx, Lz=Lz)
diag = picmi.FieldDiagnostic(name="diag1", grid=grid, period=max_steps, data_list=["Ex", "Ez"], write_dir="diags")
sim = picmi.Simulation(solver=solver, max_steps=max_steps, verbose=0,
                       picl_input_file=f"after_run_{args.dims}d.lua")
sim.add_applied_field(initial)
sim.add_diagnostic(diag)
sim.step(max_steps)

# --- the analysis, as WarpX's scripts write it
t = sim.extension.warpx.gett_new(0)
ex_field = sim.fields.get("Efield_aux", dir="x", level=0)
ez_field = sim.fields.get("Efield_aux", dir="z", level=0)
ex, ez = ex_field[...], ez_field[...]
x, z = ex_field.mesh("x"), ez_field.mesh("z")
shape = (nx, ny, nz, 1) if args.dims == 3 else (nx, nz, 1)
assert ex.shape == shape and ez.shape == shape, (ex.shape, ez.shape, shape)
# Ex varies along x only (axis 0), Ez along z only (the last grid axis)
ex_theory = E0 * np.sin(2 * np.pi * x / Lx)
ez_theory = E0 * np.cos(2 * np.pi * z / Lz)
ex_expected = ex_theory.reshape((-1,) + (1,) * (ex.ndim - 1))
ez_expected = ez_theory.reshape((1,) * (ex.ndim - 2) + (-1, 1))
error_x = np.max(np.abs(ex - ex_expected)) / E0
error_z = np.max(np.abs(ez - ez_expected)) / E0
print(f"time {t:.6e}")
print(f"Max error Ex {error_x:.3e}")
print(f"Max error Ez {error_z:.3e}")
assert error_x < 1e-5 and error_z < 1e-5, (error_x, error_z)
