-- laser_focus.lua: a Gaussian laser pulse focused in vacuum, launched by an antenna plane and
-- absorbed by perfectly matched layers at both ends of its axis. The field at the focus has the
-- requested peak (E0 from a0), waist and duration; tests/unit/test_laser.c measures them on a
-- box like this one.
local picl = require("picl")

local lambda = 0.8e-6                -- m, a Ti:sapphire laser
local dx = lambda / 16               -- along the axis: 16 cells per wavelength keep Yee's phase error ~0.5%
local dy = lambda / 8                -- across: the waist spans 20 cells, plenty for a smooth Gaussian
local w0 = 2.5e-6                    -- m, waist (1/e radius of the field) at the focus
local pml = 10                       -- cells of each PML: reflects ~1e-9 of the energy at normal incidence

return picl.simulation {
  grid = {
    cells = { 160, 64, 64 },
    lower = { 0, -32 * dy, -32 * dy },
    upper = { 160 * dx, 32 * dy, 32 * dy },   -- +-2.6 w0 across: the beam's tails are e^-6.6
    max_box = { 32, 32, 32 },
  },
  -- PMLs along the axis (particles would be absorbed at their inner edges); periodic across.
  boundary = { field = { x = "pml" }, pml_cells = pml },
  solver = "yee",
  stop_time = 55e-15,                -- s: the pulse's peak reaches the focus at 53 fs
  lasers = {
    {
      name = "drive",
      position = { (pml + 4) * dx, 0, 0 },    -- the antenna: 4 cells inside the lower PML's edge
      direction = "+x",
      polarization = { 0, 1, 0 },            -- E along y
      wavelength = lambda,
      a0 = 1,                                -- peak e E0 / (m_e c omega) at the focus: E0 = 4.0e12 V/m
      waist = w0,
      fwhm = 15e-15,                         -- s, of the intensity; tau (field, 1/e) = fwhm / sqrt(2 ln 2)
      t_peak = 40e-15,                       -- s: the envelope's peak crosses the antenna then; at t = 0
                                             -- the field is exp(-(t_peak/tau)^2) = 5e-5 of its peak
      focal_distance = 80 * dx,              -- m: the focus lies half-way along the box
    },
  },
  diagnostics = {
    reduced = { { name = "laser_energy", interval = 20 } },
    full = { { name = "fields", interval = 135, fields = { "E", "B" } } },   -- the last at the focus
  },
}
