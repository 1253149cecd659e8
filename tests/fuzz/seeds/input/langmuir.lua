-- langmuir.lua: a cold electron plasma oscillation (Langmuir wave) in a periodic box.
--
-- Electrons on a fixed, neutralising proton background start with a small sinusoidal density
-- perturbation n_e = n0 (1 + delta cos(k x)) at rest, and with the electric field that Gauss's
-- law gives for it. A cold plasma has no pressure, so every wavelength oscillates at the
-- plasma frequency omega_pe = sqrt(n0 q_e^2 / (eps0 m_e)), whatever k: Ex(x, t) = Ex(x, 0) cos(omega_pe t).
-- tests/unit/test_langmuir.c runs this file with shape orders 1, 2 and 3 and checks the
-- frequency of Ex against omega_pe to 1%.
--
--   bin/picl run inputs/langmuir.lua          -- writes diags/langmuir.csv; the field energy
--                                             -- oscillates at 2 omega_pe (period ~17.6 fs)
local picl = require("picl")

local n0 = 1e25                       -- m^-3, electron (and proton) density
local omega_pe = math.sqrt(n0 * picl.q_e ^ 2 / (picl.eps0 * picl.m_e))  -- 1.784e14 rad/s
local T_pe = 2 * math.pi / omega_pe   -- 35.2 fs

-- One wavelength of the wave fills the box along x. 64 cells per wavelength keep the grid's
-- own dispersion small: the particle shape smooths the force, which lowers the frequency by
-- 0.08% (order 2) and 0.12% (order 3); order 1 has no such shift. (The cold-plasma frequency does not depend on k, so the length itself is free;
-- 12.8 um = 7.6 c/omega_pe.)
local L = 12.8e-6                     -- m
local nx = 64
local dx = L / nx                     -- 0.2 um
local k = 2 * math.pi / L             -- 1/m

-- The wave is one-dimensional: 4 cells across y and z (a box must be at least as thick as
-- its 3 guard cells) make a thin periodic slab.
local ny = 4

local delta = 1e-3                    -- relative density perturbation, small enough to be
                                      -- linear: the electrons swing by 2 delta/k = 4 nm, 2% of
                                      -- a cell, so even order-1 shapes (whose gather of Ex is
                                      -- piecewise constant along x) see a force linear in the
                                      -- displacement. (At delta = 1e-2 particles cross cell
                                      -- edges and order 1 runs 0.4% slow.)

-- Gauss's law for the charge -q_e n0 delta cos(k x): dEx/dx = rho/eps0, so
-- Ex = -(q_e n0 delta / (eps0 k)) sin(k x) = -3.7e8 V/m * sin(k x).
local E0 = picl.q_e * n0 * delta / (picl.eps0 * k)

return picl.simulation {
  grid = {
    cells = { nx, ny, ny },
    lower = { 0, 0, 0 },
    upper = { L, ny * dx, ny * dx },  -- cubic cells
  },
  boundary = { field = "periodic", particles = "periodic" },
  -- dt = 0.999 of the Yee limit dx / (c sqrt(3)) = 3.8e-16 s, so omega_pe dt = 0.069 (92
  -- steps per plasma period). The leapfrog then oscillates at (2/dt) asin(omega_pe dt / 2),
  -- 2e-4 above omega_pe.
  solver = { name = "yee", cfl = 0.999 },
  stop_time = 4 * T_pe,               -- four plasma periods (367 steps)
  precision = "double",
  shape_order = 3,                    -- the test overrides this with --set shape_order=1, 2
  pusher = "boris",
  gather = "energy_conserving",
  deposition = "esirkepov",

  constants = { n0 = n0, k = k, delta = delta, E0 = E0 },

  -- Ex is evaluated at its own Yee position (x + dx/2); the deposited density differs from
  -- n0 delta cos(k x) by the shape's smoothing, a 0.1% mismatch that Esirkepov's deposition
  -- keeps constant in time and that leaves the oscillation's frequency alone.
  fields = { Ex = "-E0*sin(k*x)" },

  species = {
    {
      name = "electrons",
      particle = "electron",
      density = "n0*(1 + delta*cos(k*x))",  -- m^-3
      ppc = { 4, 1, 1 },              -- 4 per cell along the wave; more across would add
                                      -- nothing in this 1D problem
      u_th = 0,                       -- cold: no thermal spread, no Bohm-Gross shift
    },
    {
      -- The neutralising background: as many protons, on the same lattice, never moved
      -- (frozen), so with the uniform part of the electron density rho starts at the
      -- perturbation alone.
      name = "ions",
      particle = "proton",
      density = n0,
      ppc = { 4, 1, 1 },
      frozen = true,
    },
  },

  diagnostics = {
    output_dir = "diags",
    reduced = { name = "langmuir", interval = 2 },  -- energies every 2 steps: ~46 points per
                                                    -- period of the field energy
    -- openPMD files in diags/openpmd/ (docs/output.md): Ex and rho every quarter plasma period
    -- (23 steps), with the electrons, whose x-u_x phase space shows the oscillation;
    -- `.venv/bin/python tools/plot_diags.py diags` draws them.
    full = { name = "openpmd", interval = 23, fields = { "E", "rho" }, species = { "electrons" } },
  },
  progress_interval = 100,
}
