-- uniform_plasma.lua: the paper's uniform-plasma benchmark (a thermal electron plasma in a
-- periodic box): order-3 shapes, Yee, Esirkepov, Boris. Every particle is pushed every step
-- and nothing else happens, so it measures the raw cost of the PIC loop.
-- `make run` runs it at 32^3 cells; `make bench-uniform` at 64^3 (--set grid.cells=...).
local picl = require("picl")

local L = 20e-6                     -- m, half-width of the box
local n = 32                        -- cells per axis (64 in the benchmark)

return picl.simulation {
  grid = {
    cells = { n, n, n },
    lower = { -L, -L, -L },
    upper = { L, L, L },
    max_box = 16,                   -- 8 boxes at n = 32 (32^3-cell boxes in the 64^3 benchmark)
  },
  solver = { name = "yee", cfl = 1.0 },   -- at the Yee limit, as WarpX's benchmark
  steps = 100,
  precision = "double",
  shape_order = 3,
  pusher = "boris",
  species = {
    {
      name = "electrons",
      particle = "electron",
      density = 1e25,               -- m^-3: omega_pe dt ~ 0.14, the plasma is well resolved
      ppc = { 2, 2, 2 },            -- 8 particles per cell
      u_th = 0.01,                  -- Gaussian spread of gamma v / c per axis (~ 25 eV)
      seed = 1,
    },
  },
  diagnostics = { reduced = { name = "uniform_plasma", interval = 10 } },
  progress_interval = 20,
}
