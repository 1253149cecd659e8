-- thermalisation.lua: binary Coulomb collisions alone (docs/collisions.md). Electrons at 200 eV
-- and ions of charge e and mass 10 m_e at 100 eV, both 1e26 m^-3, exchange energy until their
-- temperatures meet; tests/unit/test_collisions.c runs the same problem against the NRL
-- formulary's rate and tools/plot_collisions.py draws it.
-- Both species are frozen: nothing moves and no current flows, so the collisions are the only
-- physics and the field solve has nothing to do (a neutral uniform plasma would give the same
-- temperatures up to the PIC noise). 32768 particles per species: the temperatures are known to
-- about 0.5%.
local picl = require("picl")

local n = 1e26                      -- m^-3, each species
local dx = 2e-5                     -- m: cells only group the pairs here; dt must meet Yee's limit

return picl.simulation {
  grid = {
    cells = { 8, 8, 8 },
    lower = { 0, 0, 0 },
    upper = { 8 * dx, 8 * dx, 8 * dx },
    max_box = 4,                    -- 8 boxes: the cell lists are made one box per work item
  },
  -- about 105 steps per first relaxation time 1 / (2 nu): the collision parameter s of a thermal
  -- e-i pair is then ~0.03 per step (docs/collisions.md, "Accuracy")
  solver = { dt = 2.5e-14 },
  steps = 200,
  species = {
    { name = "electrons", particle = "electron", density = n, ppc = 4, temperature = 200, frozen = true },
    { name = "ions", charge = picl.q_e, mass = 10 * picl.m_e, density = n, ppc = 4, temperature = 100,
      frozen = true },
  },
  collisions = {
    { species = { "electrons", "ions" }, coulomb_log = 10 },
    { species = { "electrons" }, coulomb_log = 10 },   -- keep each species Maxwellian
    { species = { "ions" }, coulomb_log = 10 },
  },
  diagnostics = { reduced = { name = "thermalisation", interval = 10 } },
  progress_interval = 50,
}
