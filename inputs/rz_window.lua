-- rz_window.lua: the moving window along z in geometry = "rz" (docs/rz.md, "Moving window").
-- A cold plasma (electrons and frozen protons, n0 = 6.8e23 m^-3: omega_p = 4.65e13 rad/s) with
-- a standing electrostatic pattern: the electrons start with
--   u_z / c = -epsilon exp(-r^2 / w0^2) cos(k0 z) (1 + x / w0)
-- (modes m = 0 and m = 1, the latter through x = r cos theta), which in a cold plasma oscillates
-- in place at omega_p: the pattern stays put in the lab while the window moves over it at c, so
-- in the window's cells it moves back by one cell per shift. Fresh plasma enters at the front
-- (the same density, weights ~ r, 4 M angles per position: the initial load's lattice) and the
-- back layer leaves. 16 x 64 cells of 0.5 um (r < 8 um, z from 0 to 32 um), M = 2, 40 steps of
-- the default dt (0.577 dr / c): 23 shifts, omega_p t = 1.79 at the end (the pattern near its
-- largest). tests/cli/test_rz_window.sh checks the particle count and weight, the pattern's
-- offset and Gauss's law per mode.
--
--   bin/picl run inputs/rz_window.lua
local picl = require("picl")

local n0 = 6.8e23                                                     -- m^-3
local k0 = 2 * math.pi / 8e-6                                         -- 16 cells per wavelength
local w0 = 3e-6

return picl.simulation {
  geometry = "rz",
  modes = 2,
  grid = { cells = { 16, 64 }, lower = { 0, 0 }, upper = { 8e-6, 32e-6 }, max_box = { 16, 16 } },
  -- the window's axis cannot be periodic: the back and front are PEC, particles leave there
  boundary = { field = { "pec", "pec" }, particles = { "absorbing", "absorbing" } },
  steps = 40,
  precision = "double",
  shape_order = 1,
  moving_window = { axis = "z", speed = 1.0 },
  constants = { epsilon = 1e-3, k0 = k0, w0 = w0 },
  species = {
    { name = "electrons", particle = "electron", density = n0, ppc = { 2, 2 },
      region = { lower = { 0, -1 }, upper = { 7e-6, 1 } },  -- along z: the lab's whole line
      u_drift = { 0, 0, "-epsilon*exp(-(x*x+y*y)/(w0*w0))*cos(k0*z)*(1+x/w0)" } },
    { name = "ions", particle = "proton", density = n0, ppc = { 2, 2 }, frozen = true,
      region = { lower = { 0, -1 }, upper = { 7e-6, 1 } } },
  },
  diagnostics = {
    reduced = { name = "rz_window", interval = 5 },
    full = { name = "fields", interval = 20, species = { "electrons", "ions" } },
  },
}
