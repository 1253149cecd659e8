-- langmuir_2d.lua: the cold plasma oscillation of inputs/langmuir.lua in 2D (geometry = "2d":
-- axes x and z, y dropped as in WarpX and openPMD; docs/geometry.md). A 2D run is a slab 1 m
-- thick along y, so weights, charges, currents and energies are per metre in y.
--
-- The wave runs along x, the slab is 4 cells thick along z (a box must be at least as thick as
-- its 3 guard cells). tests/unit/test_geometry.c runs this file with shape orders 1, 2 and 3 and
-- checks the frequency of Ex against omega_pe to 1%.
--
--   bin/picl run inputs/langmuir_2d.lua      -- writes diags/langmuir_2d.csv in about a second
local picl = require("picl")

local n0 = 1e25                       -- m^-3
local omega_pe = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))  -- 1.784e14 rad/s
local T_pe = 2 * math.pi / omega_pe   -- 35.2 fs

local L = 12.8e-6                     -- m: one wavelength along x, 64 cells of 0.2 um
local nx, nz = 64, 4
local dx = L / nx
local k = 2 * math.pi / L
local delta = 1e-3
local E0 = picl.q_e * n0 * delta / (picl.eps0 * k)

return picl.simulation {
  geometry = "2d",
  grid = { cells = { nx, nz }, lower = { 0, 0 }, upper = { L, nz * dx } },  -- square cells
  boundary = { field = "periodic", particles = "periodic" },
  -- 2D Yee limit dx / (c sqrt(2)); 0.999 of it (omega_pe dt = 0.084, 75 steps a period)
  solver = { name = "yee", cfl = 0.999 },
  stop_time = 4 * T_pe,
  precision = "double",
  shape_order = 3,                    -- the test overrides this with --set shape_order=1, 2
  constants = { n0 = n0, k = k, delta = delta, E0 = E0 },
  fields = { Ex = "-E0*sin(k*x)" },
  species = {
    { name = "electrons", particle = "electron", density = "n0*(1 + delta*cos(k*x))", ppc = { 4, 1 } },
    { name = "ions", particle = "proton", density = n0, ppc = { 4, 1 }, frozen = true },
  },
  diagnostics = { output_dir = "diags", reduced = { name = "langmuir_2d", interval = 2 } },
}
