-- rz_langmuir_multimode.lua: a cold plasma wave with azimuthal structure m = 0, 1, 2 in geometry =
-- "rz" with 3 modes (docs/rz.md, "Particles in a run"), after WarpX's multimode RZ Langmuir test
-- (Examples/Tests/langmuir/PICMI_inputs_langmuir_rz_multimode_analyze.py, read, not copied): the
-- electrons get the momentum of the potential
--   phi ~ exp(-r^2 / w0^2) sin(k0 z) (eps0 + eps1 2 x / w0 + eps2 4 (x^2 - y^2) / w0^2)
-- (modes 0, 1 and 2 in theta), and in the cold linear limit E oscillates as sin(omega_p t); at
-- theta = 0, E_r and E_z are the formulas of tests/cli/test_rz_langmuir.sh's second check. Its
-- grid (64 x 200 cells over r < 20 um, 0 < z < 40 um), 40 steps, shape order 1, periodic z.
-- WarpX puts 16 angles per cell; picl's loader puts 4 M = 12. Ions frozen (WarpX pushes them).
local picl = require("picl")

local n0 = 2e24
local omega_p = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))
local kp = omega_p / picl.c
local k0 = 2 * math.pi * 3 / 40e-6                   -- 3 wavelengths along z
local w0 = 5e-6
local g = "exp(-(x*x+y*y)/(w0*w0))"

return picl.simulation {
  geometry = "rz",
  modes = 3,
  grid = { cells = { 64, 200 }, lower = { 0, 0 }, upper = { 20e-6, 40e-6 }, max_box = { 64, 40 } },
  boundary = { field = { "pec", "periodic" }, particles = { "absorbing", "periodic" } },
  steps = 40,
  precision = "double",
  shape_order = 1,
  constants = { e0 = 1e-3, e1 = 1e-3, e2 = 1e-3, kp = kp, k0 = k0, w0 = w0 },
  species = {
    { name = "electrons", particle = "electron", density = n0, ppc = { 2, 2 },
      region = { lower = { 0, 0 }, upper = { 18e-6, 40e-6 } },
      u_drift = {
        "(e0*2*x/(w0*w0) - e1*2/w0 + e1*4*x*x/(w0*w0*w0) - e2*8*x/(w0*w0) + e2*8*x*(x*x-y*y)/(w0*w0*w0*w0))/kp*" .. g .. "*sin(k0*z)",
        "(e0*2*y/(w0*w0) + e1*4*x*y/(w0*w0*w0) + e2*8*y/(w0*w0) + e2*8*y*(x*x-y*y)/(w0*w0*w0*w0))/kp*" .. g .. "*sin(k0*z)",
        "-(e0 + e1*2*x/w0 + e2*4*(x*x-y*y)/(w0*w0))*k0/kp*" .. g .. "*cos(k0*z)" } },
    { name = "ions", particle = "proton", density = n0, ppc = { 2, 2 }, frozen = true,
      region = { lower = { 0, 0 }, upper = { 18e-6, 40e-6 } } },
  },
  diagnostics = {
    reduced = { name = "rz_langmuir_multimode", interval = 10 },
    full = { name = "fields", interval = 20 },
  },
}
