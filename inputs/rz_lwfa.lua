-- rz_lwfa.lua: a laser wakefield stage in geometry = "rz" (docs/rz.md, "An LWFA stage").
-- A Gaussian pulse (lambda 0.8 um, a0 = 1.5, waist 2.5 um, tau 6 fs: c tau = 1.8 um, k_p c tau =
-- 2.1, near the linear wake's resonance 2 sqrt(2)) enters a plasma of 4e25 m^-3 (lambda_p = 5.28
-- um, n/n_c = 0.023) after a 1 um up-ramp, in a window moving at c from t = 0: the antenna stays
-- at its lab z while the window moves (docs/rz.md, "Moving window"), so it sits far enough ahead
-- of the window's back face to emit the whole pulse (until t_peak + 3 tau) before it leaves.
-- Modes 0 and 1: the wake is mode 0 (the pulse's intensity is round), the linearly polarised
-- laser mode 1. tests/cli/test_rz_lwfa.sh runs it at a0 = 0.5 (linear theory) and checks the
-- wake's wavelength and on-axis E_z amplitude, and Gauss's law per mode.
--
--   bin/picl run inputs/rz_lwfa.lua          -- 460 steps, openPMD files in diags/rz_lwfa/
local picl = require("picl")

local lambda = 0.8e-6                -- m, the laser's wavelength
local n0 = 4e25                      -- m^-3, the plateau's electron density
local w0 = 2.5e-6                    -- m, the waist (at the plateau's start): k_p w0 = 3.0
local tau = 6e-15                    -- s, the field's 1/e half-duration
local t_peak = 3 * tau               -- the antenna starts at exp(-9) of the peak

-- dz = lambda / 16 along the laser, dr = 0.25 um (10 cells across w0); Yee at RZ's default c dt
-- for 2 modes (0.96 dz here). r_max = 8 um: the pulse's field there is exp(-10) of the axis's,
-- so the PEC wall at r_max does not matter; the plasma ends 2 um inside it.
local dz, dr = lambda / 16, 0.25e-6
local nz, nr = 380, 32               -- 19 um along z (3.6 lambda_p), r < 8 um

-- the antenna 18.4 um above the window's back face: it emits for 6 tau (10.8 um of the window's
-- travel), and the pulse then rides 13 um (2.5 lambda_p) ahead of the back face
local z_antenna = 18.4e-6
local z_plasma = z_antenna + 1e-6    -- the ramp starts 1 um ahead of the antenna
local ramp = 1e-6

return picl.simulation {
  geometry = "rz",
  modes = 2,
  grid = { cells = { nr, nz }, lower = { 0, 0 }, upper = { nr * dr, nz * dz }, max_box = { nr, 95 } },
  -- the window's axis cannot be periodic: PEC ends, particles leave at the back
  boundary = { field = { "pec", "pec" }, particles = { "absorbing", "absorbing" } },
  steps = 460,                       -- the pulse 17.6 um past the antenna: 13 um of wake on the plateau
  precision = "double",
  shape_order = 1,                   -- RZ's particles are order 1 so far
  moving_window = { axis = "z", speed = 1.0 },
  lasers = {
    { name = "drive", position = { 0, z_antenna }, direction = "+z", polarization = { 1, 0, 0 },
      wavelength = lambda, a0 = 1.5, waist = w0, tau = tau, t_peak = t_peak,
      focal_distance = z_plasma - z_antenna },
  },
  constants = { n0 = n0, z0 = z_plasma, L = ramp },
  species = {
    -- one radius and 8 = 4 M angles per cell, 1 position along z: 8 particles per cell
    { name = "electrons", particle = "electron", ppc = { 1, 1 },
      region = { lower = { 0, -1 }, upper = { 6e-6, 1 } },  -- along z: the lab's whole line
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
    { name = "ions", particle = "proton", ppc = { 1, 1 }, frozen = true,
      region = { lower = { 0, -1 }, upper = { 6e-6, 1 } },
      density = "z < z0 ? 0.0 : (z < z0 + L ? n0 * (z - z0) / L : n0)" },
  },
  diagnostics = {
    reduced = { name = "rz_lwfa", interval = 20 },
    full = { name = "rz_lwfa", interval = 115, fields = { "E" } },
  },
  progress_interval = 100,
}
