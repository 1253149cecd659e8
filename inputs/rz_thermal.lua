-- rz_thermal.lua: a thermal electron-proton plasma in geometry = "rz" (docs/rz.md, "Thermal plasma
-- energy"): the proof of issue #38 that the total energy (fields of every mode plus particles) is
-- kept over 1000 steps with the binomial filter along z, as tests/unit/test_thermal_energy.c
-- proves it in 3D. The same plasma parameters as that test: electrons at u_th = 0.05 (gamma v / c
-- per axis), protons at the same temperature (u_th sqrt(m_e / m_p)), neither frozen, and the
-- density that makes the Debye length u_th c / omega_pe one cell, so omega_pe dt = 0.029 at the
-- RZ default dt (c dt = 0.577 dr for 2 modes, dz = dr) and 1000 steps are 29 / omega_pe.
-- RZ differs from the 3D test in what RZ offers: shape order 1 and its own gather (the
-- momentum-conserving kind of rz_gather_fields; 3D's uses order 3 and the energy-conserving one),
-- and an edge: r_max is a PEC wall where particles are absorbed, so the plasma stops 4 Debye
-- lengths short of it (r < 12 dr of 16) and the sheath at its edge holds the electrons back.
-- modes = 2: the thermal noise fills m = 1 as well as m = 0 (the reduced CSV's columns per mode).
-- tests/cli/test_rz_thermal_energy.sh runs it and bounds the drift.
--
--   bin/picl run inputs/rz_thermal.lua
local picl = require("picl")

local u_th = 0.05
local dr = 0.25e-6                                                          -- m, dz too
local omega_pe = u_th * picl.c / dr                                         -- lambda_D = dr: 6.0e13 rad/s
local n0 = omega_pe ^ 2 * picl.eps0 * picl.m_e / picl.q_e ^ 2               -- 1.1e24 m^-3
local u_i = u_th * math.sqrt(picl.m_e / picl.m_p)                           -- the same temperature

return picl.simulation {
  geometry = "rz",
  modes = 2,
  grid = { cells = { 24, 16 }, lower = { 0, 0 }, upper = { 24 * dr, 16 * dr }, max_box = { 24, 8 } },
  boundary = { field = { "pec", "periodic" }, particles = { "absorbing", "periodic" } },
  steps = 1000,
  precision = "double",
  shape_order = 1,
  filter = { passes = { 0, 1 } },      -- one binomial pass along z (along r is refused in RZ)
  species = {
    { name = "electrons", particle = "electron", density = n0, ppc = { 2, 2 }, u_th = { u_th, u_th, u_th },
      region = { lower = { 0, 0 }, upper = { 12 * dr, 16 * dr } } },
    { name = "ions", particle = "proton", density = n0, ppc = { 2, 2 }, u_th = { u_i, u_i, u_i },
      region = { lower = { 0, 0 }, upper = { 12 * dr, 16 * dr } } },
  },
  diagnostics = {
    reduced = { name = "rz_thermal", interval = 10 },
  },
}
