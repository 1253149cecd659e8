-- ionization_nitrogen.lua: field ionization of nitrogen in a static uniform field (docs/input.md,
-- "species.ionization"). Neutral nitrogen atoms in E = 5e11 V/m (about a0 = 0.3 at 0.8 um, near
-- the peak of an ionization-injection laser) go up through N5+, each event adding an electron to
-- `electrons`; N6+ (552 eV) is out of this field's reach. The field is applied_fields', so it is
-- exactly uniform and constant, and the gas is dilute (1e12 m^-3), so the particles' own fields
-- (below 1e-6 V/m) change nothing: the populations follow the rate equations of the ADK rates,
-- which tools/plot_ionization.py draws beside the populations the full diagnostic writes.
-- About 10 s on two cores.
local picl = require("picl")

local dx = 1e-9                     -- m: the cells only have to hold dt's Courant limit (c dt < dx / sqrt(3))

return picl.simulation {
  grid = { cells = { 4, 4, 4 }, lower = { 0, 0, 0 }, upper = { 4 * dx, 4 * dx, 4 * dx }, max_box = 4 },
  -- 2e-19 s: the fastest rate here (N2+ -> N3+, 6e17 /s) gives w dt = 0.12, and one level per step
  -- at most then departs from the rate equations by 0.002 of the atoms
  solver = { name = "yee", dt = 2e-19 },
  steps = 250,                      -- 5e-17 s: most atoms are N4+ by then
  shape_order = 1,
  applied_fields = { E = { 5e11, 0, 0 } },   -- V/m
  species = {
    { name = "electrons", particle = "electron", density = 0, ppc = 1 },   -- only ionization fills it
    { name = "nitrogen", ionization = { element = "N", initial_level = 0, product = "electrons" },
      density = 1e12, ppc = { 4, 4, 4 } },   -- 4096 atoms: populations to 0.008 (one standard error)
  },
  diagnostics = {
    reduced = { name = "ionization", interval = 25 },   -- particles_electrons: the events so far
    full = { { name = "ions", interval = 25, fields = {}, species = { "nitrogen" } } },  -- each atom's charge
  },
  progress_interval = 50,
}
