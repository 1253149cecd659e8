-- pwfa_boosted.lua: the paper's stage (shared/reference/), a plasma wakefield stage run in a frame
-- boosted by gamma_boost = 30 along z, at a size that runs on 2 CPU cores: 64 x 64 x 512 cells.
-- Written in the lab frame; lua/boost.lua transforms the grid, dt, the plasma and the beams.
--
-- What it has, as the paper's stage: a moving window at c that injects plasma at its front and
-- removes it at its back (docs/input.md, moving_window), one electron and one proton per cell, an
-- electron driver and an electron witness (beams), the Godfrey filter (on by default with the
-- boost, docs/filters.md), the Vay pusher, CKC, the energy-conserving gather, Esirkepov at order 3.
--
--   bin/picl run inputs/pwfa_boosted.lua                       -- 1000 steps: ~33 min on 2 CPU cores (2.0 s a step)
--   bin/picl run inputs/pwfa_boosted.lua --set steps=20        -- a short look: ~1 min
--   make bench-stage                                           -- its time per step and FOM
--
-- Scaling up to the paper's size: raise `cells` (keep dz = lab_len / cells[3] resolving the
-- plasma wavelength, here 20 cells per lambda_p along z) and `max_box` with it, the transverse
-- size to the paper's, and gamma_boost as far as the plasma's lab length allows (the boost's
-- speed-up ~ (1 + beta) gamma^2 / ... as in Vay 2007); the run's steps follow from stop_time.
local picl = require("picl")

local gamma_boost = 30
local n0 = 1e23                   -- m^-3: lambda_p = 106 um, c / omega_p = 16.8 um
local lx, lz = 200e-6, 212e-6     -- the lab window: 2 lambda_p along z, 12 c/omega_p across
local cells = { 64, 64, 512 }

return picl.simulation {
  grid = { cells = cells, lower = { -lx / 2, -lx / 2, -lz }, upper = { lx / 2, lx / 2, 0 },
           max_box = { 32, 32, 64 } },
  boundary = { field = { x = "pec", y = "pec", z = "pec" },
               particles = { x = "reflecting", y = "reflecting", z = "absorbing" } },
  solver = { name = "ckc" },
  shape_order = 3,
  pusher = "vay",
  gather = "energy_conserving",
  deposition = "esirkepov",
  steps = 1000,
  boost = { gamma = gamma_boost, axis = "z" },
  moving_window = { axis = "z", speed = 1.0, start = 0 },
  -- one binomial pass on J per axis beside the Godfrey filter, as WarpX's boosted-frame examples
  -- (docs/filters.md: without it a grid mode grows)
  filter = { passes = 1 },
  species = {
    { name = "plasma_e", particle = "electron", density = n0, ppc = { 1, 1, 1 }, seed = 1 },
    { name = "plasma_p", particle = "proton", density = n0, ppc = { 1, 1, 1 }, seed = 2 },
    -- the driver: 1 GeV, 100 pC, 8 um long; the witness 60 um behind it, 10 pC
    { name = "driver", particle = "electron", seed = 3,
      beam = { total_charge = -100e-12, particles = 20000, centroid = { 0, 0, -30e-6 }, rms = { 5e-6, 5e-6, 8e-6 },
               axis = "z", gamma = 2000, energy_spread = 0.01, truncate = 3 } },
    { name = "witness", particle = "electron", seed = 4,
      beam = { total_charge = -10e-12, particles = 4000, centroid = { 0, 0, -90e-6 }, rms = { 3e-6, 3e-6, 3e-6 },
               axis = "z", gamma = 2000, energy_spread = 0.01, truncate = 3 } },
  },
  diagnostics = {
    output_dir = "diags",
    reduced = { name = "energy", interval = 100 },
    moments = {
      { name = "witness_moments", interval = 100, species = "witness" },
      { name = "driver_moments", interval = 100, species = "driver" },
    },
  },
  progress_interval = 100,
}
