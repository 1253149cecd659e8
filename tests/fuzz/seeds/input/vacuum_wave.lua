-- vacuum_wave.lua: a plane electromagnetic wave crossing a periodic box of vacuum.
-- The simplest check of the Maxwell solver: the wave should travel at the Yee scheme's
-- phase speed (a little below c at this resolution) and keep its energy to round-off.
local picl = require("picl")

local wavelength = 1e-6            -- m
local cells_per_wavelength = 32    -- resolves the wave well: phase error ~ (k dx)^2 / 24 ~ 0.2%
local L = wavelength               -- one wavelength along x
local k = 2 * math.pi / wavelength
local E0 = 1e12                    -- V/m, about a0 = 0.3 at 1 micron; vacuum is linear anyway

return picl.simulation {
  grid = {
    cells = { cells_per_wavelength, 8, 8 },
    lower = { 0, 0, 0 },
    upper = { L, L / 4, L / 4 },   -- transverse size is irrelevant for a plane wave
    max_box = { 16, 8, 8 },        -- two boxes along x, so FillBoundary is exercised
  },
  solver = { name = "yee", cfl = 0.95 },
  steps = 200,                     -- a few wave periods (one period is ~60 steps here)
  precision = "double",
  constants = { k = k, E0 = E0 },
  -- E along y, B along z: the wave travels along +x
  fields = { Ey = "E0 * cos(k * x)", Bz = "E0 / c * cos(k * x)" },
  diagnostics = { reduced = { name = "vacuum_energy", interval = 10 } },
}
