-- rz_langmuir.lua: a cold plasma wave of chosen radial and axial structure in geometry = "rz"
-- (docs/rz.md, "Particles in a run"), after WarpX's RZ Langmuir test (Examples/Tests/langmuir/
-- inputs_base_rz and analysis_rz.py, read, not copied): electrons given the momentum
--   u / c = epsilon / kp * (2 x / (w0*w0), 2 y / (w0*w0), -k0) exp(-r^2 / (w0*w0)) (sin k0 z, sin k0 z, cos k0 z)
-- oscillate at omega_p with, in the cold linear limit,
--   Er = epsilon m c^2 / e * 2 r / (w0*w0) exp(-r^2 / (w0*w0)) sin(k0 z) sin(omega_p t)
--   Ez = -epsilon m c^2 / e * k0 exp(-r^2 / (w0*w0)) cos(k0 z) sin(omega_p t).
-- The same plasma (n0 = 2e24 m^-3 electrons and protons up to r = 18 um), wave (k0 = 2 pi / 20 um,
-- w0 = 5 um, epsilon = 0.01), grid (64 x 128 cells over r < 20 um, |z| < 20 um: dr = dz = 0.3125
-- um), shape order 1 and periodic z. Particles at r_max are absorbed (none reach it here). The
-- ions are frozen (at omega_p t < 5 they move by 1/1836 of the electrons' excursion: WarpX pushes
-- them). tests/cli/test_rz_langmuir.sh runs it and checks Er and Ez against the formulas and
-- Gauss's law per mode (the reduced diagnostic's charge_residual).
--
--   bin/picl run inputs/rz_langmuir.lua
local picl = require("picl")

local n0 = 2e24                                                       -- m^-3
local omega_p = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))  -- 7.98e13 rad/s
local kp = omega_p / picl.c
local k0 = 2 * math.pi / 20e-6
local w0 = 5e-6
local epsilon = 0.01

return picl.simulation {
  geometry = "rz",
  modes = 1,                           -- the wave is axisymmetric; `--set modes=2` runs it with m = 1 kept at 0
  grid = { cells = { 64, 128 }, lower = { 0, -20e-6 }, upper = { 20e-6, 20e-6 }, max_box = { 64, 32 } },
  boundary = { field = { "pec", "periodic" }, particles = { "absorbing", "periodic" } },
  steps = 80,                          -- WarpX's max_step; omega_p t = 4.5 at the end (dt: the default)
  precision = "double",
  shape_order = 1,
  constants = { epsilon = epsilon, kp = kp, k0 = k0, w0 = w0 },
  species = {
    { name = "electrons", particle = "electron", density = n0, ppc = { 2, 2 },
      region = { lower = { 0, -20e-6 }, upper = { 18e-6, 20e-6 } },
      u_drift = { "epsilon/kp*2*x/(w0*w0)*exp(-(x*x+y*y)/(w0*w0))*sin(k0*z)",
                  "epsilon/kp*2*y/(w0*w0)*exp(-(x*x+y*y)/(w0*w0))*sin(k0*z)",
                  "-epsilon/kp*k0*exp(-(x*x+y*y)/(w0*w0))*cos(k0*z)" } },
    { name = "ions", particle = "proton", density = n0, ppc = { 2, 2 }, frozen = true,
      region = { lower = { 0, -20e-6 }, upper = { 18e-6, 20e-6 } } },
  },
  diagnostics = {
    reduced = { name = "rz_langmuir", interval = 10 },
    full = { name = "fields", interval = 40 },  -- WarpX's max_step / 2 and max_step
  },
}
