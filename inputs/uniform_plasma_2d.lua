-- uniform_plasma_2d.lua: inputs/uniform_plasma.lua in 2D (geometry = "2d", axes x and z): a
-- thermal electron plasma in a periodic square, the 2D speed case of docs/geometry.md. Weights
-- are per metre in y (density x cell area / ppc).
--
--   bin/picl run inputs/uniform_plasma_2d.lua          -- 128 x 128 cells, 16 per cell, order 3
local picl = require("picl")
local L = 20e-6                     -- m, half-width of the box
local n = 128                       -- cells per axis
return picl.simulation {
  geometry = "2d",
  grid = { cells = { n, n }, lower = { -L, -L }, upper = { L, L }, max_box = 64 },  -- 4 boxes
  solver = { name = "yee", cfl = 1.0 },   -- at the 2D Yee limit dx / (c sqrt 2)
  steps = 100,
  precision = "double",
  shape_order = 3,
  pusher = "boris",
  species = {
    { name = "electrons", particle = "electron", density = 1e25, ppc = { 4, 4 }, u_th = 0.01, seed = 1 },
  },
  diagnostics = { reduced = { name = "uniform_plasma_2d", interval = 10 } },
  progress_interval = 20,
}
