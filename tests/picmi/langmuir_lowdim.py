# langmuir_lowdim.py: langmuir_3d.py's Langmuir oscillation on a PICMI Cartesian2DGrid (picl's
# geometry "2d", axes x and z) or Cartesian1DGrid ("1d", axis z), run by picl.
#
# As WarpX's Examples/Tests/langmuir 2D and 1D PICMI cases (written anew here): a periodic box,
# electrons filling the half below 0 along the oscillation's axis (x in 2D, z in 1D) with a
# uniform directed velocity along it, no initial field, cubic shapes, a gridded layout, a field
# diagnostic. test_langmuir_lowdim.py checks the field along that axis against cold-plasma theory.
#
#   .venv/bin/python tests/picmi/langmuir_lowdim.py --dims 2|1 [--write-only] [--dir DIR]
import argparse
import os

from picl_picmi import picmi

constants = picmi.constants

parser = argparse.ArgumentParser()
parser.add_argument("--dims", type=int, choices=(1, 2), required=True)
parser.add_argument("--write-only", action="store_true", help="write the Lua input, do not run picl")
parser.add_argument("--dir", default=".", help="where the input and diags/ go")
args = parser.parse_args()
os.makedirs(args.dir, exist_ok=True)
os.chdir(args.dir)

plasma_density = 1.0e25                 # m^-3
u = 0.01 * constants.c                  # gamma v, m/s: small, so the oscillation is linear
max_steps = 40

if args.dims == 2:
    # 32 cells along x (the oscillation), 8 along z; PICMI's [nx, ny] are picl's x and z
    grid = picmi.Cartesian2DGrid(
        number_of_cells=[32, 8],
        lower_bound=[-5.0e-6, -1.25e-6],
        upper_bound=[5.0e-6, 1.25e-6],
        lower_boundary_conditions=["periodic", "periodic"],
        upper_boundary_conditions=["periodic", "periodic"],
        picl_max_box=[16, 8],
    )
    # a distribution's bounds and velocities are (x, y, z) in every geometry
    plasma = picmi.UniformDistribution(density=plasma_density, upper_bound=[0.0, None, None],
                                       directed_velocity=[u, 0.0, 0.0])
    ppc, data = [2, 2], ["Ex", "Jx"]
else:
    grid = picmi.Cartesian1DGrid(
        number_of_cells=[64],
        lower_bound=[-5.0e-6],
        upper_bound=[5.0e-6],
        lower_boundary_conditions=["periodic"],
        upper_boundary_conditions=["periodic"],
        picl_max_box=32,
    )
    plasma = picmi.UniformDistribution(density=plasma_density, upper_bound=[None, None, 0.0],
                                       directed_velocity=[0.0, 0.0, u])
    ppc, data = [4], ["Ez", "Jz"]

solver = picmi.ElectromagneticSolver(grid=grid, method="Yee", cfl=0.999)
electrons = picmi.Species(particle_type="electron", name="electrons", initial_distribution=plasma)
field_diag = picmi.FieldDiagnostic(name="diag1", grid=grid, period=10, data_list=data, write_dir="diags")

sim = picmi.Simulation(
    solver=solver,
    max_steps=max_steps,
    verbose=1,
    particle_shape="cubic",
    picl_deposition_strategy="deterministic",
    picl_progress_interval=10,
    picl_input_file=f"langmuir_{args.dims}d.lua",
)
sim.add_species(electrons, layout=picmi.GriddedLayout(n_macroparticles_per_cell=ppc, grid=grid))
sim.add_diagnostic(field_diag)

if args.write_only:
    sim.write_input_file(f"langmuir_{args.dims}d.lua")
else:
    sim.step(max_steps)
