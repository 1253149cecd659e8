-- lwfa_2d.lua: laser wakefield acceleration in 2D (geometry = "2d", axes x and z; docs/geometry.md):
-- inputs/lwfa.lua's laser (lambda 0.8 um, a0 = 2, 10 fs FWHM, waist 4.5 um) into a plasma of
-- 1e25 m^-3 (lambda_p = 10.6 um) after a 5 um up-ramp, CKC at c dt = dx, a window moving at c
-- along z, PMLs across (x). In 2D the beam is a sheet uniform along y: its a0 at the focus is the
-- input's, and everything extensive (charge, energy) is per metre in y.
--
--   bin/picl run inputs/lwfa_2d.lua           -- 1200 steps, 35 s on 2 shared cores;
--                                             -- openPMD files of E and rho in diags/lwfa_2d/
local picl = require("picl")

local lambda = 0.8e-6                 -- m, the laser's wavelength
local n0 = 1e25                       -- m^-3, the plateau's electron density
local omega_p = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))
local lambda_p = 2 * math.pi * picl.c / omega_p   -- 10.6 um

local dz, dx = lambda / 16, 0.2e-6   -- 16 cells per wavelength along the laser, 5 per um across
local nz, nx = 640, 160               -- 32 um (3 lambda_p) along z, 32 um across
local Lx = nx * dx / 2
local pml = 10

local fwhm = 10e-15
local tau = fwhm / math.sqrt(2 * math.log(2))
local t_peak = 3 * tau
local z_antenna = 40 * dz             -- 2 um from the back face
local z_plasma = z_antenna + 3e-6
local ramp = 5e-6

return picl.simulation {
  geometry = "2d",
  grid = { cells = { nx, nz }, lower = { -Lx, 0 }, upper = { Lx, nz * dz }, max_box = { 80, 160 } },  -- 2 x 4 boxes
  boundary = { field = { "pml", "pec" }, particles = { "absorbing", "absorbing" }, pml_cells = pml },
  solver = { name = "ckc", cfl = 1.0 },  -- c dt = min(dx, dz): dispersion-free along z
  steps = 1200,                       -- 60 um of propagation; the window moves for the last ~680 steps
  precision = "double",
  shape_order = 3,
  filter = { passes = 1 },
  -- the window starts when the pulse is 28 um into the 32 um domain, and keeps the wake behind it
  moving_window = { axis = "z", speed = 1.0, start = t_peak + (28e-6 - z_antenna) / picl.c },
  lasers = {
    { name = "drive", position = { 0, z_antenna }, direction = "+z", polarization = { 1, 0, 0 },
      wavelength = lambda, a0 = 2, waist = 4.5e-6, fwhm = fwhm, t_peak = t_peak,
      focal_distance = z_plasma - z_antenna },
  },
  constants = { n0 = n0, z0 = z_plasma, L = ramp, lambda_p = lambda_p },
  species = {
    { name = "electrons", particle = "electron", ppc = { 2, 1 },
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
    { name = "ions", particle = "proton", ppc = { 2, 1 }, frozen = true,
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
  },
  diagnostics = {
    reduced = { name = "lwfa_2d", interval = 50 },
    full = { name = "lwfa_2d", interval = 300, fields = { "E", "rho" }, species = {} },
  },
  progress_interval = 100,
}
