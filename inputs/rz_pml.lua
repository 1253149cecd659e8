-- rz_pml.lua: a vacuum pulse of mode 0 leaving an RZ domain through its absorbing boundaries
-- (docs/rz.md, "Boundaries"; tests/cli/test_rz_pml.sh). At t = 0, B = 0 and E is two
-- divergence-free donuts around the axis (Et of m = 0 needs nothing; Er, Ez from a potential):
--   Et = E0 (r / w) exp(-r^2 / w^2) h(z)                  (TE: pairs with Br, Bz)
--   Er = -E0 r exp(-r^2 / w^2) h'(z),  Ez = E0 (2 - 2 r^2 / w^2) exp(-r^2 / w^2) h(z)   (TM: Bt)
-- with h(z) = exp(-(z - z0)^2 / lz^2) cos(k0 (z - z0)), so (1/r) d(r Er)/dr + dEz/dz = 0. With B = 0
-- each splits into two halves running to -z and +z, spreading in r as beams of waist w do.
-- `--set constants.ring=1` puts a ring instead: the same TE and TM shapes of width s about r0 =
-- 40 cells, short in z (no carrier), which runs mostly outward to r_max.
-- The default boundaries: a PML along z at both ends, PEC at r_max; the test changes them with
-- --set boundary.field=... and reads the field energy of the reduced diagnostic.
local picl = require("picl")

local d = 1e-6            -- m, dr = dz
local nr, nz = 64, 128
local lambda = 16 * d     -- the carrier: 16 cells a wavelength
local w = 12 * d          -- waist: Rayleigh length pi w^2 / lambda = 28 cells

return picl.simulation {
  geometry = "rz",
  modes = 1,              -- the pulse is m = 0; mode 0 is where the 1/r terms are largest
  grid = {
    cells = { nr, nz },
    lower = { 0, 0 },
    upper = { nr * d, nz * d },
    max_box = { nr, 32 },  -- four boxes along z: the PML's slabs cross box edges
  },
  boundary = { field = { "pec", "pml" } },  -- r_max: PEC; z: PML, 10 cells (the default, WarpX's)
  -- dt: the default, 0.999 of the RZ Courant limit (c dt = 0.643 d for one mode)
  steps = 300,            -- 193 cells of light: the halves start 54 cells from the layers
  precision = "double",
  constants = { E0 = 1e9, w = w, k0 = 2 * math.pi / lambda, z0 = nz * d / 2, lz = 12 * d,
                r0 = 40 * d, s = 4 * d, ring = 0 },
  fields = {
    Et = "ring == 0 ? E0 * x / w * exp(-x*x/(w*w)) * exp(-(z-z0)*(z-z0)/(lz*lz)) * cos(k0*(z-z0))"
      .. " : E0 * exp(-(x-r0)*(x-r0)/(s*s)) * exp(-(z-z0)*(z-z0)/(s*s))",
    Er = "ring == 0 ? -E0 * x * exp(-x*x/(w*w)) * exp(-(z-z0)*(z-z0)/(lz*lz))"
      .. " * (-2*(z-z0)/(lz*lz) * cos(k0*(z-z0)) - k0 * sin(k0*(z-z0)))"
      .. " : -E0 * x * exp(-(x-r0)*(x-r0)/(s*s)) * (-2*(z-z0)/(s*s)) * exp(-(z-z0)*(z-z0)/(s*s)) / r0",
    Ez = "ring == 0 ? E0 * (2 - 2*x*x/(w*w)) * exp(-x*x/(w*w)) * exp(-(z-z0)*(z-z0)/(lz*lz)) * cos(k0*(z-z0))"
      .. " : E0 * (2 - 2*x*(x-r0)/(s*s)) * exp(-(x-r0)*(x-r0)/(s*s)) * exp(-(z-z0)*(z-z0)/(s*s)) / r0",
  },
  diagnostics = {
    reduced = { name = "rz_pml", interval = 10 },
    full = { name = "fields", interval = 300 },
  },
}
