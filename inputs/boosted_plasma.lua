-- boosted_plasma.lua: a plasma at rest in the lab, seen from a frame boosted by gamma 2 along z
-- with a window at c, and its lab-frame snapshots (docs/boosted_frame.md). The plasma streams
-- at -beta c through the boosted domain and enters through its front at every step; the two
-- back-transformed snapshots hold the lab plasma of the lab window at 880 and 900 fs (fields,
-- particles, and the species' lab-frame moments). tests/cli/test_btd_particles.sh checks them
-- against the input's density and the lattice of the load.
--   bin/picl run inputs/boosted_plasma.lua         -- 81 steps, a few seconds
local picl = require("picl")
local profile = "1e24 * (1 + 0.5 * cos(2 * pi * z / 10e-6))"  -- m^-3, lab frame
return picl.simulation {
  grid = { cells = { 4, 4, 128 }, lower = { 0, 0, 0 }, upper = { 8e-6, 8e-6, 40e-6 }, max_box = { 4, 4, 64 } },
  precision = "double",
  boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },
  solver = "yee",
  boost = { gamma = 2, axis = "z" },
  moving_window = { axis = "z", speed = 1, start = 0 },
  stop_time = 900e-15,                       -- lab frame: the run lasts until the last snapshot is whole
  species = {
    { name = "electrons", particle = "electron", ppc = { 1, 1, 16 }, density = profile },
    { name = "ions", particle = "proton", ppc = { 1, 1, 16 }, density = profile },
  },
  diagnostics = { back_transformed = { { name = "lab", times = { 880e-15, 900e-15 } } } },
}
