-- pwfa_lab_vs_boosted.lua: a short beam-driven stage to run in the lab frame and in a frame
-- boosted by gamma 2 (docs/boosted_frame.md, tests/cli/test_boost_equivalence.sh). A 1 GeV, 20 pC
-- driver (n_b / n0 ~ 0.1: a linear wake of 4.5 GV/m) in a plasma of 1e24 m^-3 (lambda_p 33 um),
-- a 25 MeV witness one wake period behind it where the wake accelerates, a window at c; order 3
-- and one filter pass on J (a cold plasma at order 1 heats: the finite-grid instability).
-- As written it runs boosted, with lab-frame snapshots of the fields and the beams at 500 and
-- 1000 fs; in the lab frame:
--   bin/picl run inputs/pwfa_lab_vs_boosted.lua --set boost=nil --set 'diagnostics.back_transformed={}'
local picl = require("picl")
local n0 = 1e24                    -- m^-3
local lx, lz = 60e-6, 67e-6        -- the lab window: 2 lambda_p long, 1.8 across
return picl.simulation {
  grid = { cells = { 24, 24, 48 }, lower = { -lx / 2, -lx / 2, -lz }, upper = { lx / 2, lx / 2, 0 },
           max_box = { 24, 24, 24 } },
  boundary = { field = { x = "pec", y = "pec", z = "pec" },
               particles = { x = "reflecting", y = "reflecting", z = "absorbing" } },
  solver = { name = "ckc" },
  shape_order = 3,
  filter = { passes = 1 },
  pusher = "vay",
  gather = "energy_conserving",
  moving_window = { axis = "z", speed = 1.0, start = 0 },
  boost = { gamma = 2, axis = "z" },
  stop_time = 1000e-15,              -- lab frame
  species = {
    { name = "plasma_e", particle = "electron", density = n0, ppc = { 1, 1, 2 } },
    { name = "plasma_p", particle = "proton", density = n0, ppc = { 1, 1, 2 } },
    { name = "driver", particle = "electron", seed = 3,
      beam = { total_charge = -20e-12, particles = 8000, centroid = { 0, 0, -12e-6 }, rms = { 4e-6, 4e-6, 4e-6 },
               axis = "z", gamma = 2000, truncate = 3 } },
    { name = "witness", particle = "electron", seed = 4,
      beam = { total_charge = -1e-12, particles = 2000, centroid = { 0, 0, -33e-6 }, rms = { 2e-6, 2e-6, 2e-6 },
               axis = "z", gamma = 50, truncate = 3 } },
  },
  diagnostics = {
    back_transformed = { { name = "lab", times = { 500e-15, 1000e-15 }, species = { "witness" } } },
  },
}
