-- rz_laser.lua: a focused Gaussian laser in vacuum in geometry = "rz" (docs/rz.md, "Lasers"). The
-- antenna at z = 1 um sends a linearly polarised pulse (E along x: mode m = 1 alone) along +z; it
-- passes its focus one Rayleigh length later and leaves the box one more Rayleigh length on.
-- tests/cli/test_rz_laser.sh measures, from the thetaMode files, the beam's radius w(z), the peak
-- on-axis field and the Gouy phase against the paraxial Gaussian beam (Siegman, Lasers, ch. 17).
local picl = require("picl")

local lambda = 1e-6        -- m; 20 cells a wavelength along z
local w0 = 2e-6            -- m, the waist: z_R = pi w0^2 / lambda = 12.6 um, 10 cells across w0
local zR = math.pi * w0 * w0 / lambda
local z_antenna = 1e-6     -- m: 20 cells above the z = 0 wall (nothing is sent backwards)
local tau = 8e-15          -- s, the field's 1/e half-duration: c tau = 2.4 um, 2.4 wavelengths

return picl.simulation {
  geometry = "rz",
  modes = 2,               -- m = 0 stays 0; m = 1 holds the linearly polarised beam
  grid = {
    -- r_max = 14 um: 3.1 w at the last file's Rayleigh length beyond the focus (w = sqrt(5) w0 at
    -- 2 z_R from the antenna: the field at r_max is exp(-9.8) of the axis's there), so the PEC
    -- wall at r_max does not matter. dz = lambda / 20, dr = 4 dz: c dt = 0.94 dz (WarpX's RZ
    -- limit for 2 modes), which keeps Yee's phase error along z to 4.5e-4 of k.
    cells = { 70, 680 },
    lower = { 0, 0 },
    upper = { 14e-6, 34e-6 },
    max_box = { 70, 170 },
  },
  boundary = { field = { "pec", "pec" } },
  steps = 700,             -- the pulse's peak reaches z_antenna + 2 z_R at step ~690
  precision = "double",
  lasers = {
    { name = "beam", position = { 0, z_antenna }, direction = "+z", polarization = { 1, 0, 0 },
      wavelength = lambda, E0 = 1e12, waist = w0, tau = tau,
      t_peak = 3 * tau,    -- the antenna starts at exp(-9) of the peak
      focal_distance = zR },
  },
  diagnostics = {
    reduced = { name = "rz_laser_energy", interval = 10 },
    full = { name = "fields", interval = 50, fields = { "E" } },
  },
}
