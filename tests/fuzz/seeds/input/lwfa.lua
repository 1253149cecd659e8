-- lwfa.lua: laser wakefield acceleration (LWFA). A 10 fs, a0 = 2 Ti:sapphire pulse (0.8 um)
-- enters a hydrogen plasma of 1e25 m^-3 (1e19 cm^-3, n/n_c = 0.006) through a short up-ramp and
-- drives a wake behind it; at a0 = 2 the wake is nonlinear, the pulse's ponderomotive force
-- clears the electrons from the axis behind it (the "bubble"), whose length is about the plasma
-- wavelength lambda_p = 2 pi c / omega_p = 10.6 um.
--
-- The pulse is launched by an antenna near the back of the box (the antenna is a plane of the
-- grid, so it moves with the window: the window starts once the pulse has left it, at
-- t_peak + 3 tau, and picl refuses an earlier start). From then on a moving window at c keeps the
-- pulse and the first two plasma periods behind it in the box. Across, PMLs absorb what the wake
-- radiates (their memory shifts with the window; a window with PMLs runs on one rank); along z,
-- conducting faces (the plasma leaves at the back and enters at the front).
--
--   bin/picl run inputs/lwfa.lua     -- 40 x 40 x 300 cells, 250000 particles, 480 steps: 0.48 s a
--                                    -- step on 2 CPU cores shared with other work (about 4 minutes);
--                                    -- diags/lwfa.csv, openPMD files in diags/lwfa/
--   bin/picl run inputs/lwfa.lua && .venv/bin/python tools/plot_wake.py diags/lwfa
--                                    -- the wake at the last output: Ez on the axis and an x-z
--                                    -- slice of -rho / e (diags/lwfa/wake_000480.png)
-- tests/cli/test_lwfa.sh runs a small copy of it to its end (the pulse shortened so that the
-- window moves early) and checks that the window moved and nothing grew. tests/cli/
-- test_lwfa_wake.sh runs another at a0 = 0.5, where linear theory holds (n0 = 2e25, a 4.2 fs
-- pulse, 30 x 30 x 200 cells, through --set), and measures the wake against it: wavelength
-- 2 pi c / omega_p (+2.6%) and phase velocity c sqrt(1 - n/n_c) (within 2%), 5% each. At a0 = 2
-- the same copy's wake is 5.8% longer than linear theory (2.6% at a0 = 0.5, from the grid): the
-- rest is the nonlinear wake's relativistic lengthening.
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

  constants = { n0 = n0, z0 = z_plasma, L = ramp },
  species = {
    -- Plasma electrons, one per cell, cold: the wake's own structure dominates any temperature.
    { name = "electrons", particle = "electron", ppc = 1,
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
    -- Protons as a fixed background over the few plasma periods of the run.
    { name = "ions", particle = "proton", ppc = 1, frozen = true,
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
  },

  diagnostics = {
    reduced = { name = "lwfa", interval = 20 },
    full = { name = "lwfa", interval = 120, fields = { "E", "rho" }, species = {} },
  },
  progress_interval = 40,
}
