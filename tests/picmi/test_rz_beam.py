# test_rz_beam.py: PICMI's Gaussian bunch and laser on a CylindricalGrid (docs/rz.md, "Beams").
# A GaussianBunchDistribution is picl's RZ bunch, Cartesian as RZ's particles: its centroid, rms
# sizes and velocity divergence are written with all of x, y, z (not the grid's r, z), and the
# input passes picl check (--no-build, 0.1 s); a bunch on a Cartesian2DGrid keeps x, z. The
# initial self-field (initialize_self_field=True) is refused, as in every geometry. A
# GaussianLaser focused off the axis in y, which no RZ vector keeps, is refused in one line.
import re
import subprocess

import pytest

from picl_picmi import picmi
from picl_picmi.errors import PiclUnsupported

C = picmi.constants.c


def simulation(workdir, grid):
    return picmi.Simulation(solver=picmi.ElectromagneticSolver(grid=grid, cfl=0.9), max_steps=1, verbose=0,
                            picl_input_file=str(workdir / "rz_beam.lua"))


def cylinder():
    return picmi.CylindricalGrid(number_of_cells=[16, 32], lower_bound=[0.0, 0.0], upper_bound=[8e-6, 16e-6],
                                 n_azimuthal_modes=2, lower_boundary_conditions=["none", "dirichlet"],
                                 upper_boundary_conditions=["dirichlet", "dirichlet"],
                                 lower_boundary_conditions_particles=["none", "absorbing"],
                                 upper_boundary_conditions_particles=["absorbing", "absorbing"])


def add_bunch(sim, grid):
    bunch = picmi.GaussianBunchDistribution(n_physical_particles=1e7, rms_bunch_size=[0.5e-6, 0.7e-6, 1e-6],
                                            centroid_position=[0.6e-6, -0.4e-6, 8e-6],
                                            centroid_velocity=[0, 0, 100 * C], rms_velocity=[0.1 * C, 0.1 * C, 0],
                                            velocity_divergence=[-0.01 * C, 0.02 * C, 0])
    beam = picmi.Species(particle_type="electron", name="beam", initial_distribution=bunch)
    sim.add_species(beam, layout=picmi.PseudoRandomLayout(grid=grid, n_macroparticles=1000))


def test_the_bunch_is_cartesian_in_rz(tmp_path, picl):
    grid = cylinder()
    sim = simulation(tmp_path, grid)
    add_bunch(sim, grid)
    text = sim.input_text()
    assert re.search(r"centroid = \{6e-07, -4e-07, 8e-06\}", text), re.findall(r".*centroid.*", text)
    assert re.search(r"rms = \{5e-07, 7e-07, 1e-06\}", text), re.findall(r".*rms.*", text)
    assert re.search(r"divergence = \{-0\.01, 0\.02, 0\.0\}", text), re.findall(r".*divergence.*", text)
    (tmp_path / "rz_beam.lua").write_text(text)
    out = subprocess.run([picl, "check", "--no-build", str(tmp_path / "rz_beam.lua")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_the_bunch_keeps_x_z_in_2d(tmp_path):
    grid = picmi.Cartesian2DGrid(number_of_cells=[16, 32], lower_bound=[-4e-6, 0.0], upper_bound=[4e-6, 16e-6],
                                 lower_boundary_conditions=["periodic", "periodic"],
                                 upper_boundary_conditions=["periodic", "periodic"])
    sim = simulation(tmp_path, grid)
    bunch = picmi.GaussianBunchDistribution(n_physical_particles=1e7, rms_bunch_size=[0.5e-6, 0.7e-6, 1e-6],
                                            centroid_position=[0.6e-6, 0.0, 8e-6], centroid_velocity=[0, 0, 100 * C])
    sim.add_species(picmi.Species(particle_type="electron", name="beam", initial_distribution=bunch),
                    layout=picmi.PseudoRandomLayout(grid=grid, n_macroparticles=1000))
    text = sim.input_text()
    assert re.search(r"centroid = \{6e-07, 8e-06\}", text), re.findall(r".*centroid.*", text)


@pytest.mark.parametrize("arg", ["focal_position", "centroid_position"])
def test_a_laser_off_the_axis_in_y_is_refused(tmp_path, arg):
    grid = cylinder()
    sim = simulation(tmp_path, grid)
    where = {"focal_position": [0, 0, 20e-6], "centroid_position": [0, 0, -5e-6]}
    where[arg][1] = 1e-6
    laser = picmi.GaussianLaser(wavelength=0.8e-6, waist=3e-6, duration=10e-15, E0=1e12,
                                propagation_direction=[0, 0, 1], polarization_direction=[1, 0, 0], **where)
    sim.add_laser(laser, injection_method=picmi.LaserAntenna(position=[0, 0, 1e-6], normal_vector=[0, 0, 1]))
    with pytest.raises(PiclUnsupported) as e:
        sim.input_text()
    assert f"GaussianLaser.{arg}" in str(e.value) and "on the axis (y = 1e-06 m" in str(e.value), str(e.value)
    assert "closest picl key: lasers[i].position" in str(e.value)


def test_the_initial_self_field_is_refused_in_rz(tmp_path):
    # picl solves no Poisson equation for a bunch in any geometry: RZ's bunch, as 3D's, starts
    # without its field (docs/rz.md, "Beams"), and PICMI's initialize_self_field=True is refused
    grid = cylinder()
    sim = simulation(tmp_path, grid)
    bunch = picmi.GaussianBunchDistribution(n_physical_particles=1e7, rms_bunch_size=[0.5e-6, 0.5e-6, 1e-6],
                                            centroid_position=[0, 0, 8e-6], centroid_velocity=[0, 0, 100 * C])
    sim.add_species(picmi.Species(particle_type="electron", name="beam", initial_distribution=bunch),
                    layout=picmi.PseudoRandomLayout(grid=grid, n_macroparticles=1000), initialize_self_field=True)
    with pytest.raises(PiclUnsupported) as e:
        sim.input_text()
    assert "initialize_self_field=True" in str(e.value) and "no Poisson equation" in str(e.value), str(e.value)
