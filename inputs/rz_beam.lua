-- rz_beam.lua: a Gaussian electron bunch in geometry = "rz" (docs/rz.md, "Beams").
-- A relativistic bunch (gamma = 100, 10 pC) in vacuum, off the axis (centroid x = 0.6 um,
-- y = -0.4 um) and elliptical (rms 0.5, 0.7, 1.0 um in x, y, z), so that it lives in mode 0 and
-- in both parts of mode 1. RZ keeps particles Cartesian, so the bunch is drawn as in 3D (the
-- same Philox draws) and deposited per mode as the plasma. It starts without its own field (as
-- every picl bunch; WarpX's default too), which forms from its current as it moves. 32 x 128
-- cells of 0.25 um (r < 8 um, z from 0 to 32 um), M = 2, 60 steps of the default dt (0.577 dr /
-- c): the bunch moves 8.7 um. tests/cli/test_rz_beam.sh checks the loaded charge, centroid and
-- rms sizes from the particle output, Gauss's law per mode (charge_residual) and the angle of the
-- field's mode 1 against the bunch's offset.
--
--   bin/picl run inputs/rz_beam.lua
local picl = require("picl")

return picl.simulation {
  geometry = "rz",
  modes = 2,
  grid = { cells = { 32, 128 }, lower = { 0, 0 }, upper = { 8e-6, 32e-6 }, max_box = { 32, 32 } },
  boundary = { field = { "pec", "pec" }, particles = { "absorbing", "absorbing" } },
  steps = 60,
  precision = "double",
  shape_order = 1,
  species = {
    { name = "beam", particle = "electron", seed = 7,
      -- x, y, z: Cartesian in RZ (r = hypot(x, y)); 4 rms of x, y reach r = 5.3 um < r_max
      beam = { total_charge = -10e-12, particles = 20000, centroid = { 0.6e-6, -0.4e-6, 8e-6 },
               rms = { 0.5e-6, 0.7e-6, 1.0e-6 }, gamma = 100, u_th = { 0.1, 0.1, 0 } } },
  },
  diagnostics = {
    reduced = { name = "rz_beam", interval = 10 },
    full = { name = "fields", interval = 60, species = { "beam" } },
  },
}
