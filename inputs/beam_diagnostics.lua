-- beam_diagnostics.lua: the reduced diagnostics a physicist reads (docs/output.md), on a small
-- case that runs in seconds: a 50 MeV, 10 pC electron bunch crossing a warm hydrogen plasma.
--
-- What it writes, every `every` steps, to diags/:
--   bunch_moments.csv   charge, centroid, rms sizes and momenta, normalised emittances, energy
--                       and energy spread of the bunch (WarpX's BeamRelevant)
--   bunch_core.csv      the same of its particles above gamma = 100 within 2 um of the axis (a filter)
--   bunch_extrema.csv   its smallest and largest x, y, z, ux, uy, uz and gamma
--   spectrum.csv        the plasma electrons' kinetic energy spectrum (weight per bin)
--   phase_space.csv     the bunch's (z, uz) phase space, 32 x 32 bins
--   probe.csv           E and B on the axis behind the bunch and off axis
--   field_max.csv       the largest |Ex| .. |Bz|, |E| and |B| on the grid
--
--   bin/picl run inputs/beam_diagnostics.lua           -- a few seconds on 2 CPU cores
--   .venv/bin/python tools/plot_diags.py diags          -- the energies (the new CSVs: columns as documented)
--
-- tests/cli/test_diags.sh runs it on 1 and 2 ranks and compares every file.
local picl = require("picl")

local n0 = 1e23                 -- m^-3: the plasma; omega_p = 1.8e13 rad/s, c / omega_p = 17 um
local gamma = 100               -- 50 MeV: rigid over the run
local every = 4                 -- steps between diagnostic rows

return picl.simulation {
  -- 1 um cells along z, 2 um across: the bunch (sigma_z = 3 um, sigma_r = 4 um) spans several
  grid = { cells = { 16, 16, 32 }, lower = { -16e-6, -16e-6, 0 }, upper = { 16e-6, 16e-6, 32e-6 },
           max_box = { 8, 8, 16 } },  -- 8 boxes: room to spread them over ranks
  boundary = { field = "pec", particles = "reflecting" },
  steps = 16,
  shape_order = 1,
  species = {
    { name = "plasma", particle = "electron", density = n0, ppc = { 1, 1, 1 }, u_th = 0.01, seed = 1 },
    { name = "ions", particle = "proton", density = n0, ppc = { 1, 1, 1 }, frozen = true, seed = 2 },
    { name = "bunch", particle = "electron", seed = 3,
      beam = { total_charge = -10e-12, particles = 4000, centroid = { 0, 0, 10e-6 }, rms = { 4e-6, 4e-6, 3e-6 },
               axis = "z", gamma = gamma, energy_spread = 0.01, u_th = { 0.5, 0.5, 0 }, truncate = 3 } },
  },
  diagnostics = {
    output_dir = "diags",
    moments = {
      { name = "bunch_moments", interval = every, species = "bunch" },
      -- the particles above the mean energy within 2 um of the axis, in x: a filter, compiled
      -- into the kernel (OpenCL C in x, y, z, ux, uy, uz, gamma, energy; SI)
      { name = "bunch_core", interval = every, species = "bunch", filter = "gamma > 100 && fabs(x) < 2e-6" },
    },
    extrema = { name = "bunch_extrema", interval = every, species = "bunch" },
    histograms = {
      -- 0 to 10 kT of the plasma's 25 eV: the Maxwellian's whole spectrum
      { name = "spectrum", interval = every, species = "plasma",
        axes = { quantity = "energy", bins = 40, min = 0, max = 10 * 0.01 ^ 2 * picl.m_e * picl.c ^ 2 } },
      { name = "phase_space", interval = every, species = "bunch",
        axes = { { quantity = "z", bins = 32, min = 0, max = 32e-6 },
                 { quantity = "uz", bins = 32, min = 0.97 * gamma, max = 1.03 * gamma } } },
    },
    probes = { name = "probe", interval = every, points = { { 0, 0, 4e-6 }, { 5e-6, 0, 10e-6 } } },
    field_maxima = { name = "field_max", interval = every },
  },
  progress_interval = 8,
}
