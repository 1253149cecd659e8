-- beam_driven.lua: an electron bunch drives a plasma wake (plasma wakefield acceleration, PWFA).
--
-- A 500 MeV, 30 pC electron bunch enters a hydrogen plasma of 1e24 m^-3 (1e18 cm^-3) through a
-- 50 um density up-ramp. The bunch's space charge pushes the plasma electrons aside; they swing
-- back at the plasma frequency omega_p = sqrt(n0 q_e^2 / (eps0 m_e)) = 5.64e13 rad/s and leave
-- behind the bunch a wake that follows it at its speed, ~c. Its longitudinal field Ez therefore
-- oscillates along the bunch's path with the plasma wavelength lambda_p = 2 pi c / omega_p =
-- 33.4 um. The bunch's peak density is 0.08 n0, so the wake is linear: a wave of that
-- wavelength, whose amplitude the bunch's length sets (k_p sigma_z = 0.75, near the optimum
-- sqrt(2) of linear theory).
--
-- A moving window at c keeps the bunch and three plasma wavelengths of wake in a box of
-- 96 x 48 x 48 um; the plasma (electrons, and protons as a fixed background) enters at its
-- front. tests/cli/test_beam_driven.sh runs a narrower copy (16 x 16 x 96 cells of the same size,
-- --set) and checks the wake's wavelength on axis against lambda_p to 5%; it comes out 2% long,
-- as it does here: the particle shape and the filter smooth the wake's transverse structure,
-- which lowers the plasma frequency the grid sees (more so for a narrower bunch: sigma_r = 3 um
-- gives 6%, and 10% with cells of 3 um across).
--
--   bin/picl run inputs/beam_driven.lua     -- about 2 minutes on 2 CPU cores; diags/beam_driven.csv,
--                                           -- openPMD files of E, B, rho and the bunch in diags/wake/
local picl = require("picl")

-- The plasma.
local n0 = 1e24                                                        -- m^-3, on the plateau
local omega_p = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))  -- 5.64e13 rad/s
local lambda_p = 2 * math.pi * picl.c / omega_p                        -- 33.4 um
local ramp_start = 100e-6     -- m: just ahead of the window's first position (its front is at 96 um)
local ramp = 50e-6            -- m: the density rises as sin^2 from 0 to n0 over 1.5 lambda_p, so
                              -- the wake grows without being kicked by a density step

-- The grid: 1 um along z (lambda_p / 33) and 1.5 um across. CKC at c dt = dz, its stability
-- limit, is free of numerical dispersion along z, so the window (at c) moves exactly one cell a
-- step and the relativistic bunch does not radiate numerical Cherenkov light along its path.
local nz, nr = 96, 32
local dz, dr = 1e-6, 1.5e-6
local Lr = nr * dr / 2        -- 24 um = 4.5 c / omega_p: the wake's transverse extent fits

-- The bunch: gamma = 1000 keeps it rigid over the run. sigma_r = 6 um (four cells across),
-- sigma_z = 4 um; its peak density N / ((2 pi)^(3/2) sigma_r^2 sigma_z) = 8.3e22 m^-3 = 0.08 n0.
local charge = -30e-12        -- C
local z_bunch = 70e-6         -- m: its centroid, 26 um behind the window's front

-- Run until the bunch has gone 160 um: then the two wavelengths of wake behind it (to 65 um
-- back) lie in lab positions beyond 150 um, on the plateau.
local travel = 160e-6

return picl.simulation {
  grid = {
    cells = { nr, nr, nz },
    lower = { -Lr, -Lr, 0 },
    upper = { Lr, Lr, nz * dz },
    max_box = { 16, 16, 32 },           -- 2 x 2 x 3 boxes
  },
  -- z: the window's faces are conductors; the fields there are quiet (nothing outruns the
  -- window), the plasma leaves at the back and enters at the front. x, y: periodic; the wake
  -- has decayed across 4.5 c / omega_p.
  boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },
  solver = { name = "ckc", cfl = 1.0 },
  stop_time = travel / picl.c,          -- 160 steps
  precision = "double",
  shape_order = 3,
  filter = { passes = 1 },              -- one binomial pass on J per axis, as WarpX's default
  moving_window = { axis = "z", speed = 1.0, start = 0 },

  constants = { n0 = n0, z0 = ramp_start, L = ramp },
  species = {
    -- Cold plasma electrons, 2 per cell along z; density in the lab frame (z is where a cell
    -- is in the lab, window offset included).
    { name = "electrons", particle = "electron", ppc = { 1, 1, 2 },
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * pow(sin(0.5 * pi * (z - z0) / L), 2) : n0)" },
    -- Protons: 1836 times heavier, they barely move in the few plasma periods of this run, so
    -- they are a fixed, neutralising background (frozen: never pushed).
    { name = "ions", particle = "proton", ppc = 1, frozen = true,
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * pow(sin(0.5 * pi * (z - z0) / L), 2) : n0)" },
    -- The driver: a Gaussian bunch of 20000 macro-particles, 0.1% energy spread and a small
    -- transverse momentum spread (normalised emittance 6 um x 1 = 6 mm mrad), cut at 3.5 rms
    -- (21 um) across so that it fits the box.
    { name = "driver", particle = "electron",
      beam = { total_charge = charge, particles = 20000, centroid = { 0, 0, z_bunch },
               rms = { 6e-6, 6e-6, 4e-6 }, axis = "z", gamma = 1000, energy_spread = 1e-3,
               u_th = { 1, 1, 0 }, truncate = 3.5 } },
  },

  diagnostics = {
    output_dir = "diags",
    reduced = { name = "beam_driven", interval = 10 },
    full = { name = "wake", interval = 40, fields = { "E", "B", "rho" }, species = { "driver" } },
  },
  progress_interval = 20,
}
