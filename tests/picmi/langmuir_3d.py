# langmuir_3d.py: a 3D Langmuir oscillation described in PICMI, run by picl.
#
# Mirrors, in its structure and in the physics it sets up, WarpX's PICMI example
# Examples/Tests/langmuir/inputs_test_3d_langmuir_multi_picmi.py (written anew here, not copied):
# a periodic box, electrons filling the half x < 0 with a uniform directed velocity along x, no
# initial field, cubic shapes, a gridded layout, field and particle diagnostics. Reduced in size
# to run in seconds on 2 CPU cores; test_langmuir.py checks Ex against the cold-plasma theory.
#
#   .venv/bin/python tests/picmi/langmuir_3d.py [--write-only] [--dir DIR]
import argparse
import os

from picl_picmi import picmi

constants = picmi.constants

parser = argparse.ArgumentParser()
parser.add_argument("--write-only", action="store_true", help="write the Lua input, do not run picl")
parser.add_argument("--dir", default=".", help="where the input and diags/ go")
args = parser.parse_args()
os.makedirs(args.dir, exist_ok=True)
os.chdir(args.dir)

# --- the plasma: n0 and the drift set the field's amplitude, n0 its frequency
plasma_density = 1.0e25                 # m^-3
plasma_x_velocity = 0.01 * constants.c  # gamma v, m/s: small, so the oscillation is linear
max_steps = 40

# --- the grid: 32 cells along the oscillation, 8 across (a periodic slab; boxes of 16 x 8 x 8)
nx, ny, nz = 32, 8, 8
xmin, xmax = -5.0e-6, 5.0e-6
ymin, ymax = -1.25e-6, 1.25e-6
zmin, zmax = -1.25e-6, 1.25e-6

grid = picmi.Cartesian3DGrid(
    number_of_cells=[nx, ny, nz],
    lower_bound=[xmin, ymin, zmin],
    upper_bound=[xmax, ymax, zmax],
    lower_boundary_conditions=["periodic", "periodic", "periodic"],
    upper_boundary_conditions=["periodic", "periodic", "periodic"],
    warpx_max_grid_size=32,             # another code's argument: PICMI leaves it to WarpX
    picl_max_box=[16, 8, 8],
)

solver = picmi.ElectromagneticSolver(grid=grid, method="Yee", cfl=0.999)

uniform_plasma = picmi.UniformDistribution(
    density=plasma_density,
    upper_bound=[0.0, None, None],
    directed_velocity=[plasma_x_velocity, 0.0, 0.0],
)
electrons = picmi.Species(particle_type="electron", name="electrons", initial_distribution=uniform_plasma)

field_diag = picmi.FieldDiagnostic(
    name="diag1", grid=grid, period=10, data_list=["Ex", "Jx"], write_dir="diags",
)
part_diag = picmi.ParticleDiagnostic(
    name="diag2", period=max_steps, species=[electrons], data_list=["x", "ux", "weighting"], write_dir="diags",
)
energy = picmi.ReducedDiagnostic(name="energy", period=5, write_dir="diags")

sim = picmi.Simulation(
    solver=solver,
    max_steps=max_steps,
    verbose=1,
    particle_shape="cubic",
    picl_deposition_strategy="deterministic",
    picl_progress_interval=10,
    picl_input_file="langmuir_3d.lua",
)
sim.add_species(electrons, layout=picmi.GriddedLayout(n_macroparticles_per_cell=[2, 2, 2], grid=grid))
sim.add_diagnostic(field_diag)
sim.add_diagnostic(part_diag)
sim.add_diagnostic(energy)

if args.write_only:
    sim.write_input_file("langmuir_3d.lua")
else:
    sim.step(max_steps)
