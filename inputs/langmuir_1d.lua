-- langmuir_1d.lua: the cold plasma oscillation of inputs/langmuir.lua in 1D (geometry = "1d":
-- the one axis is z; docs/geometry.md). A 1D run is a column of cells 1 m x 1 m across, so the
-- particles' weights are per square metre (density times cell length).
--
-- Electrons on a fixed proton background start with n_e = n0 (1 + delta cos(k z)) at rest and
-- the Ez that Gauss's law gives; Ez(z, t) = Ez(z, 0) cos(omega_pe t) with
-- omega_pe = sqrt(n0 q_e^2 / (eps0 m_e)). tests/unit/test_geometry.c runs this file with shape
-- orders 1, 2 and 3 and checks the frequency of Ez against omega_pe to 1%.
--
--   bin/picl run inputs/langmuir_1d.lua      -- writes diags/langmuir_1d.csv in well under a second
local picl = require("picl")

local n0 = 1e25                       -- m^-3
local omega_pe = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))  -- 1.784e14 rad/s
local T_pe = 2 * math.pi / omega_pe   -- 35.2 fs

local L = 12.8e-6                     -- m: one wavelength, 64 cells of 0.2 um
local nz = 64
local k = 2 * math.pi / L
local delta = 1e-3                    -- small enough to stay linear (see inputs/langmuir.lua)
local E0 = picl.q_e * n0 * delta / (picl.eps0 * k)

return picl.simulation {
  geometry = "1d",
  grid = { cells = { nz }, lower = { 0 }, upper = { L } },
  boundary = { field = "periodic", particles = "periodic" },
  -- 1D Yee is stable up to c dt = dz; 0.999 of it (omega_pe dt = 0.119, 53 steps a period)
  solver = { name = "yee", cfl = 0.999 },
  stop_time = 4 * T_pe,
  precision = "double",
  shape_order = 3,                    -- the test overrides this with --set shape_order=1, 2
  constants = { n0 = n0, k = k, delta = delta, E0 = E0 },
  fields = { Ez = "-E0*sin(k*z)" },   -- at Ez's own Yee position, z + dz/2
  species = {
    { name = "electrons", particle = "electron", density = "n0*(1 + delta*cos(k*z))", ppc = 4 },
    { name = "ions", particle = "proton", density = n0, ppc = 4, frozen = true },
  },
  diagnostics = { output_dir = "diags", reduced = { name = "langmuir_1d", interval = 2 } },
}
