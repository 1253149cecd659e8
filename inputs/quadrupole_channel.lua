-- quadrupole_channel.lua: an electron beam focused by a quadrupole doublet (applied_fields).
--
-- A 5 MeV (gamma = 10) electron bunch of negligible charge (1 fC: its own fields are ~1e-3 of
-- what the magnets do to it, so this is single-particle beam optics) travels along z through two
-- hard-edged permanent-magnet quadrupoles of opposite gradient, 3 mm long, 4 mm apart (a
-- focusing-defocusing doublet). A quadrupole of gradient g and length L is, in the thin-lens
-- picture, a lens of focal length f = p / (|q| g L) that focuses in one plane and defocuses in the
-- other; the doublet f1 = -f2 = f at distance d focuses in both planes with 1/F = d / f^2.
--
-- The magnets are applied fields: added to the E and B each particle gathers, inside the push,
-- never on the grid, so the walls and the field solver do not see them and they carry no
-- current (docs/input.md, applied_fields).
--
--   bin/picl run inputs/quadrupole_channel.lua   -- a few seconds; diags/quadrupole_channel.csv and
--                                                -- openPMD files of the bunch in diags/channel/
--   .venv/bin/python tools/plot_beam_rms.py diags/channel   -- the rms sizes along the channel:
--     z 2.0 mm: x 98.5 um, y 101.1 um (round); z 10 mm (between the magnets): x 128, y 72 um
--     (defocused in x, focused in y by the first); z 17.9 mm: x 118, y 49 um (both converging
--     after the second, towards the doublet's focus ~F beyond it)
local picl = require("picl")

local gamma = 10
local p = gamma * math.sqrt(1 - 1 / gamma ^ 2) * picl.m_e * picl.c   -- 2.72e-21 kg m/s
local g = 500                 -- T/m, a strong permanent-magnet quadrupole
local L = 3e-3                -- m, each magnet
local f = p / (picl.q_e * g * L)  -- 11.3 mm: the thin lens of one magnet
local d = 4e-3                -- m, from the first magnet's centre to the second's (a 1 mm gap)
local F = f * f / d           -- 32 mm: the doublet's focal length, in both planes

-- The grid holds the whole path (a moving window would do too: applied fields are the lab
-- frame's): 0.1 mm across, 0.2 mm along z; the bunch (0.1 mm rms across) spans about 8 cells.
local nx, nz = 16, 128
local dx, dz = 1e-4, 2e-4

return picl.simulation {
  grid = {
    cells = { nx, nx, nz },
    lower = { -nx * dx / 2, -nx * dx / 2, 0 },
    upper = { nx * dx / 2, nx * dx / 2, nz * dz },    -- 1.6 x 1.6 x 25.6 mm
    max_box = { 16, 16, 32 },
  },
  -- the bunch leaves through the far z face; nothing comes back
  boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },
  solver = { name = "yee", cfl = 0.999 },
  stop_time = 18e-3 / picl.c,         -- the bunch goes 18 mm, 8 mm past the doublet
  precision = "double",
  shape_order = 1,

  applied_fields = {
    elements = {
      -- g > 0 focuses a positive charge in x; the electron (q < 0) is focused in y first
      { kind = "quadrupole", gradient = g, z = { 5e-3, 5e-3 + L } },
      { kind = "quadrupole", gradient = -g, z = { 5e-3 + d, 5e-3 + d + L } },
    },
  },

  species = {
    -- a round, cold, parallel bunch 3 mm before the first magnet
    { name = "beam", particle = "electron",
      beam = { total_charge = -1e-15, particles = 4000, centroid = { 0, 0, 2e-3 },
               rms = { 1e-4, 1e-4, 2e-4 }, axis = "z", gamma = gamma, truncate = 3 } },
  },

  diagnostics = {
    output_dir = "diags",
    reduced = { name = "quadrupole_channel", interval = 20 },
    full = { name = "channel", interval = 60, fields = {}, species = { "beam" } },
  },
  progress_interval = 50,
}
