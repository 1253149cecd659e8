-- nci_drift.lua: the numerical Cherenkov instability (NCI) and the Godfrey filter against it.
-- A cold neutral plasma (one electron and one proton per cell) drifts at gamma = 30 along z
-- through a periodic box, as the plasma of a Lorentz-boosted run does. Physically nothing
-- happens: the plasma is uniform and neutral, so the fields stay at the noise level. On the
-- grid the beam's modes couple to the aliased light modes of CKC and the field energy grows
-- exponentially (Godfrey and Vay, J. Comput. Phys. 248 (2013) 33). The Godfrey filter along z
-- on the E and B the particles gather suppresses it (docs/filters.md, with measured rates):
--   bin/picl run inputs/nci_drift.lua                                  (filter on)
--   bin/picl run inputs/nci_drift.lua --set filter.godfrey=false       (the instability)
-- and compare field_energy_J in diags/nci_drift.csv (tests/unit/test_godfrey.c fits the growth
-- rate of the same plasma in 8 x 8 x 64 cells: x 23 smaller with the filter).
local picl = require("picl")

local dz = 1e-6                     -- m, cubic cells
local gamma = 30                    -- the drift, as a plasma in a frame boosted by gamma_boost = 30
local u = math.sqrt(gamma ^ 2 - 1)  -- gamma v / c

return picl.simulation {
  grid = {
    cells = { 16, 16, 64 },
    lower = { 0, 0, 0 },
    upper = { 16 * dz, 16 * dz, 64 * dz },
  },
  boundary = { field = "periodic", particles = "periodic" },
  -- at c dt = dz CKC has no dispersion along z; the Godfrey coefficients are fitted for CKC
  solver = { name = "ckc", cfl = 1.0 },
  steps = 1000,                     -- the instability leaves the noise near step 650 without the filter
  precision = "double",
  shape_order = 3,
  pusher = "vay",                   -- exact E x B drift at gamma >> 1
  gather = "energy_conserving",     -- the gather the Godfrey coefficients are fitted for
  deposition = "esirkepov",
  deposition_strategy = "deterministic", -- the same bits on every run
  -- one binomial pass on J per axis, as WarpX's boosted-frame examples: without it a grid mode
  -- at large transverse k with E >> c B outgrows the Cherenkov branch (docs/filters.md)
  filter = { godfrey = true, passes = { 1, 1, 1 } },
  species = {
    {
      name = "electrons",
      particle = "electron",
      density = 1e25,               -- m^-3
      ppc = { 1, 1, 1 },
      u_drift = { 0, 0, u },
      u_th = 1e-3,                  -- a small spread: the noise the instability grows from
      seed = 1,
    },
    {
      name = "protons",
      particle = "proton",
      density = 1e25,
      ppc = { 1, 1, 1 },
      u_drift = { 0, 0, u },
      seed = 2,
    },
  },
  diagnostics = { reduced = { name = "nci_drift", interval = 20 } },
  progress_interval = 50,
}
