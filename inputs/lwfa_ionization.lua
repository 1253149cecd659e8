-- lwfa_ionization.lua: ionization injection in a laser wakefield (docs/input.md,
-- "species.ionization"). inputs/lwfa.lua's a0 = 2 pulse and hydrogen plasma, doped with 1%
-- nitrogen. The pulse's leading edge strips nitrogen's five L-shell electrons long before its peak
-- (their ADK rates at a few 1e11 V/m are above 1e15 /s), so the gas is taken as N5+ from the start,
-- with those electrons in the background; the K-shell electrons (552 and 667 eV) need fields near
-- the peak of the a0 = 2 pulse (8e12 V/m), where ADK makes them inside the bubble, at rest in the
-- laser's frame of the wake: some are trapped and accelerated. They go to a species of their own,
-- `injected`, so the openPMD output separates them from the wake's electrons.
--
--   bin/picl run inputs/lwfa_ionization.lua    -- 480 steps, 2.7 s a step on 2 shared CPU cores
--                                              -- (about 22 minutes; lwfa.lua's 0.48 s is with
--                                              -- simd_cells, which does not apply with ionization);
--                                              -- diags/lwfa_ionization.csv counts the injected
--                                              -- electrons (2174 at the end, the fastest at
--                                              -- u_z = 5, being accelerated); diags/lwfa_ionization/
--                                              -- has their positions and momenta and the fields
-- The charge_residual column follows lwfa.lua's to step 320 (1.1e-8); from step 340 on it is
-- about 1e-3, because injected electrons, born with the laser's quiver momentum, reach the
-- PMLs across and are absorbed at their inner edges, where their charge stays counted (103 by
-- the end; docs/input.md, boundary): not a failure of the ionization's charge conservation.
local picl = require("picl")

local lambda = 0.8e-6                 -- m, the laser's wavelength
local n0 = 1e25                       -- m^-3, the plateau's electron density
local omega_p = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))
local lambda_p = 2 * math.pi * picl.c / omega_p   -- 10.6 um

-- Along the laser, 12 cells per wavelength: with CKC at c dt = dz the laser travels along z
-- without numerical dispersion (a coarser grid than Yee would need). Across, 0.6 um cells
-- resolve the 4.5 um waist and the bubble.
local dz, dr = lambda / 12, 0.6e-6
local nz, nr = 300, 40
local Lr = nr * dr / 2                -- 12 um, of which the outer 8 cells (4.8 um) are PML
local pml = 8

-- The pulse: fwhm 10 fs (tau = 8.5 fs, the field's 1/e half-duration), a0 = 2, waist 4.5 um
-- (k_p w0 = 2.7, about the matched 2 sqrt(a0)), focused at the plasma's entrance.
local fwhm = 10e-15
local tau = fwhm / math.sqrt(2 * math.log(2))
local t_peak = 3 * tau                -- its envelope at the antenna is exp(-9) of its peak at t = 0
local z_antenna = 40 * dz             -- 2.7 um from the back face
local z_plasma = z_antenna + 3e-6     -- the plasma starts 3 um ahead of the antenna, up-ramp over 5 um
local ramp = 5e-6

return picl.simulation {
  grid = {
    cells = { nr, nr, nz },
    lower = { -Lr, -Lr, 0 },
    upper = { Lr, Lr, nz * dz },      -- 20 um along z: about two plasma wavelengths
    max_box = { 20, 20, 60 },         -- 2 x 2 x 5 boxes
  },
  boundary = { field = { x = "pml", y = "pml", z = "pec" }, pml_cells = pml },
  solver = { name = "ckc", cfl = 1.0 },
  steps = 480,                        -- the window moves for the last ~250 of them (17 um)
  precision = "double",
  shape_order = 3,
  filter = { passes = 1 },
  moving_window = { axis = "z", speed = 1.0, start = t_peak + 3 * tau },

  lasers = {
    { name = "drive", position = { 0, 0, z_antenna }, direction = "+z", polarization = { 1, 0, 0 },
      wavelength = lambda, a0 = 2, waist = 4.5e-6, fwhm = fwhm, t_peak = t_peak,
      focal_distance = z_plasma - z_antenna },
  },

  constants = { n0 = n0, z0 = z_plasma, L = ramp, f = 0.01 },
  species = {
    -- Plasma electrons, one per cell, cold: hydrogen's, and the five of each N5+ (1.05 n0).
    { name = "electrons", particle = "electron", ppc = 1,
      density = "(1 + 5 * f) * (z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0))" },
    -- Protons as a fixed background over the few plasma periods of the run.
    { name = "ions", particle = "proton", ppc = 1, frozen = true,
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
    -- The dopant, 1% of the hydrogen, as N5+ (charge 5 e, mass of nitrogen), pushed.
    { name = "nitrogen", ionization = { element = "N", initial_level = 5, product = "injected" }, ppc = 1,
      density = "f * (z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0))" },
    -- The K-shell electrons field ionization frees: empty at the start.
    { name = "injected", particle = "electron", density = 0, ppc = 1 },
  },

  diagnostics = {
    reduced = { name = "lwfa_ionization", interval = 20 },   -- particles_injected: the events so far
    full = { name = "lwfa_ionization", interval = 120, fields = { "E", "rho" }, species = { "injected" } },
  },
  progress_interval = 40,
}
