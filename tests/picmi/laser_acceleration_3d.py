# laser_acceleration_3d.py: a laser-driven plasma accelerator described in PICMI, run by picl.
#
# Mirrors, in its structure, WarpX's PICMI example
# Examples/Physics_applications/laser_acceleration/inputs_test_3d_laser_acceleration_picmi.py
# (written anew here, not copied): a Gaussian laser through an antenna, a plasma with an up-ramp
# given as an analytic density with keyword constants, a Gaussian electron bunch, a moving window
# along z, cubic shapes, field and particle diagnostics. Reduced to ~115k cells and a few fs so
# that it runs in seconds on 2 CPU cores. The laser is focused in the vacuum ahead of the plasma,
# where test_laser.py compares its peak field with the requested a0.
#
# Differences that picl needs: the window's axis has pec faces (WarpX's example uses open ones);
# the window starts once the antenna has emitted the pulse (picl_moving_window_start).
#
#   .venv/bin/python tests/picmi/laser_acceleration_3d.py [--write-only] [--dir DIR]
import argparse
import math
import os

from picl_picmi import picmi

constants = picmi.constants

parser = argparse.ArgumentParser()
parser.add_argument("--write-only", action="store_true", help="write the Lua input, do not run picl")
parser.add_argument("--dir", default=".", help="where the input and diags/ go")
args = parser.parse_args()
os.makedirs(args.dir, exist_ok=True)
os.chdir(args.dir)

# --- the grid: 20 cells per wavelength along z, 0.5 um across
nx, ny, nz = 24, 24, 200
xmin, xmax = -6.0e-6, 6.0e-6
ymin, ymax = -6.0e-6, 6.0e-6
zmin, zmax = 0.0, 8.0e-6

# --- the laser: a0 = 1 (linear enough that the vacuum focus is the Gaussian beam's), focused 2 um
# ahead of the antenna; its envelope's peak leaves the antenna at t_peak = 3 tau
laser_a0 = 1.0
laser_wavelength = 0.8e-6
laser_waist = 2.5e-6
laser_duration = 4.0e-15
laser_injection_loc = 1.0e-6
laser_focal_distance = 2.0e-6
laser_t_peak = 3 * laser_duration
max_steps = 220

# --- the plasma: none before z = 5 um, then a 1 um linear ramp to n0
plasma_density = 2.0e24
plasma_start = 5.0e-6
plasma_ramp = 1.0e-6

# --- the bunch: 1000 electrons behind the laser. WarpX's example has a relativistic one; here it
# moves at u = gamma v / c = 0.5 so that it is still in the domain when the window starts (a
# bunch at c would leave the 8 um domain in the 25 fs before)
beam_u = 0.5

grid = picmi.Cartesian3DGrid(
    number_of_cells=[nx, ny, nz],
    lower_bound=[xmin, ymin, zmin],
    upper_bound=[xmax, ymax, zmax],
    lower_boundary_conditions=["periodic", "periodic", "pec"],
    upper_boundary_conditions=["periodic", "periodic", "pec"],
    lower_boundary_conditions_particles=["periodic", "periodic", "absorbing"],
    upper_boundary_conditions_particles=["periodic", "periodic", "absorbing"],
    moving_window_velocity=[0.0, 0.0, constants.c],
    warpx_max_grid_size=32,
    picl_max_box=[12, 12, 200],      # 4 boxes, each the whole length: the bunch never changes box
    picl_moving_window_start=25.0e-15,
)

solver = picmi.ElectromagneticSolver(grid=grid, method="CKC", cfl=1.0)

plasma_dist = picmi.AnalyticDistribution(
    density_expression="if(z < zp, 0, if(z < zp + ramp, n0*(z - zp)/ramp, n0))",
    zp=plasma_start, ramp=plasma_ramp, n0=plasma_density,
    lower_bound=[-20e-6, -20e-6, 0.0],         # beyond the grid across: picl loads what lies inside
    upper_bound=[20e-6, 20e-6, 1.0],
)
electrons = picmi.Species(particle_type="electron", name="electrons", initial_distribution=plasma_dist)

beam_dist = picmi.GaussianBunchDistribution(
    n_physical_particles=1.0e4,         # a light witness: its space charge does not blow it apart
    rms_bunch_size=[0.5e-6, 0.5e-6, 0.1e-6],
    rms_velocity=[0.01 * constants.c, 0.01 * constants.c, 0.01 * constants.c],
    centroid_position=[0.0, 0.0, 0.5e-6],
    centroid_velocity=[0.0, 0.0, beam_u * constants.c],
)
beam = picmi.Species(particle_type="electron", name="beam", initial_distribution=beam_dist)

laser = picmi.GaussianLaser(
    wavelength=laser_wavelength,
    waist=laser_waist,
    duration=laser_duration,
    focal_position=[0.0, 0.0, laser_injection_loc + laser_focal_distance],
    centroid_position=[0.0, 0.0, laser_injection_loc - constants.c * laser_t_peak],
    polarization_direction=[1.0, 0.0, 0.0],
    propagation_direction=[0.0, 0.0, 1.0],
    a0=laser_a0,
    name="drive",
)
antenna = picmi.LaserAntenna(position=[0.0, 0.0, laser_injection_loc], normal_vector=[0.0, 0.0, 1.0])

# Ex around the time the pulse's peak crosses the focus: t_peak + focal distance / c = 18.7 fs,
# step 140 at c dt = dz
field_diag = picmi.FieldDiagnostic(
    name="diag1", grid=grid, period=4, step_min=124, step_max=156, data_list=["Ex"], write_dir="diags",
)
part_diag = picmi.ParticleDiagnostic(
    name="diag2", period=max_steps, species=[beam], data_list=["position", "momentum", "weighting"],
    write_dir="diags",
)

sim = picmi.Simulation(
    solver=solver,
    max_steps=max_steps,
    particle_shape="cubic",
    picl_progress_interval=20,
    picl_input_file="laser_acceleration_3d.lua",
)
sim.add_species(electrons, layout=picmi.GriddedLayout(n_macroparticles_per_cell=[1, 1, 1], grid=grid))
sim.add_species(beam, layout=picmi.PseudoRandomLayout(n_macroparticles=1000, seed=7))
sim.add_laser(laser, injection_method=antenna)
sim.add_diagnostic(field_diag)
sim.add_diagnostic(part_diag)

if args.write_only:
    sim.write_input_file("laser_acceleration_3d.lua")
else:
    sim.step(max_steps)
