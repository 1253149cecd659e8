-- rz_lwfa_3d.lua: inputs/rz_lwfa.lua's LWFA stage in 3D at the same resolution, for bench/rz.sh
-- (`make bench-rz`, docs/bench.md): the RZ cells (dr = 0.25 um, dz = lambda / 16) become
-- dx = dy = dr over -8 .. 8 um (the RZ r_max, a PEC wall on each face as RZ's at r_max) and the
-- same dz over 19 um, Yee at the same c dt (RZ's default for 2 modes is 3D Yee's limit
-- 1 / sqrt(2 / dr^2 + 1 / dz^2), times 0.999), order 1, the same laser, window and round plasma
-- column r < 6 um, electrons and frozen protons at 1 particle per cell each (RZ's input: 8 per
-- (r, z) cell, one radius and 8 angles). Keep the numbers equal to inputs/rz_lwfa.lua's.
local picl = require("picl")

local lambda, n0, w0, tau = 0.8e-6, 4e25, 2.5e-6, 6e-15
local dz, dr = lambda / 16, 0.25e-6
local nz, nr = 380, 32
local z_antenna = 18.4e-6
local z_plasma, ramp = z_antenna + 1e-6, 1e-6

return picl.simulation {
  geometry = "3d",
  grid = { cells = { 2 * nr, 2 * nr, nz }, lower = { -nr * dr, -nr * dr, 0 }, upper = { nr * dr, nr * dr, nz * dz },
    max_box = { 2 * nr, 2 * nr, 95 } },
  boundary = { field = "pec", particles = "absorbing" },
  solver = { name = "yee", cfl = 0.999 },
  steps = 460,
  precision = "double",
  shape_order = 1,
  moving_window = { axis = "z", speed = 1.0 },
  lasers = {
    { name = "drive", position = { 0, 0, z_antenna }, direction = "+z", polarization = { 1, 0, 0 },
      wavelength = lambda, a0 = 1.5, waist = w0, tau = tau, t_peak = 3 * tau,
      focal_distance = z_plasma - z_antenna },
  },
  constants = { n0 = n0, z0 = z_plasma, L = ramp, r2 = 36e-12 },
  species = {
    { name = "electrons", particle = "electron", ppc = { 1, 1, 1 },
      density = "x*x + y*y > r2 ? 0.0 : (z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0))" },
    { name = "ions", particle = "proton", ppc = { 1, 1, 1 }, frozen = true,
      density = "x*x + y*y > r2 ? 0.0 : (z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0))" },
  },
  diagnostics = { reduced = { name = "rz_lwfa_3d", interval = 20 } },
}
