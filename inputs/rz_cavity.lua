-- rz_cavity.lua: the TM01p modes of a closed cylindrical cavity (PEC wall at r = R and PEC ends),
-- run in geometry = "rz" (docs/rz.md). At t = 0, B = 0 and
--   Ez = E0 J0(kr r) cos(kz z),  Er = E0 (kz / kr) J1(kr r) sin(kz z)   (div E = 0),
-- kr = j01 / R, kz = p pi / L, then the fields oscillate at omega = c sqrt(kr^2 + kz^2). By default
-- kz = 0: TM010, the lowest mode, uniform along z; `--set constants.kz=314.159...` (pi / L) gives
-- TM011, which varies along z across the boxes. The reduced diagnostic's field energy (integral
-- over r dr dtheta dz) must stay constant, and its electric part oscillates as cos^2(omega t), at
-- 2 omega; tests/cli/test_rz_cavity.sh checks both for both modes.
local picl = require("picl")

local R = 0.01            -- m, cavity radius (the unit test's, tests/unit/test_rz_maxwell.c)
local L = 0.01            -- m, cavity length
local j01 = 2.404825557695773
local cells = 32          -- across R: the unit test's finer grid, omega off by -2.2e-4 there
local E0 = 1e6            -- V/m; vacuum is linear

-- J0 and J1 by their power series, J_n(x) = sum (-1)^k (x/2)^(2k+n) / (k! (k+n)!): 14 terms leave
-- < 1e-15 for x <= j01 (the expressions have no Bessel function)
local function bessel_series(n, arg)
    local terms, fact = {}, 1
    for k = 0, 13 do
        if k > 0 then fact = fact * k end
        terms[#terms + 1] = string.format("%s%.17g * pow(%s / 2, %d)", k % 2 == 1 and "-" or "+",
            1 / (fact * fact * (n == 1 and (k + 1) or 1)), arg, 2 * k + n)
    end
    return table.concat(terms, " ")
end

return picl.simulation {
  geometry = "rz",
  modes = 2,              -- mode 1 stays 0: it tests that the modes do not mix
  grid = {
    cells = { cells, cells },
    lower = { 0, 0 },
    upper = { R, L },
    max_box = { cells, 8 },  -- four boxes along z: the guard exchange between them is exercised
  },
  boundary = { field = { "pec", "pec" } },  -- r: the wall at R (r = 0 is the axis); z: the ends
  -- dt: the default, 0.999 of the RZ Courant limit with WarpX's coefficients for 2 modes
  steps = 600,            -- about 4 periods (one is ~145 steps)
  precision = "double",
  constants = { E0 = E0, kr = j01 / R, kz = 0 },
  -- x is r in geometry = "rz"; these are mode 0's components
  fields = {
    Ez = "E0 * cos(kz * z) * (" .. bessel_series(0, "kr * x") .. ")",
    Er = "E0 * kz / kr * sin(kz * z) * (" .. bessel_series(1, "kr * x") .. ")",
  },
  diagnostics = {
    reduced = { name = "rz_cavity_energy", interval = 1 },
    -- openPMD thetaMode: records (2 modes - 1, r, z), E, B and J (rho is not deposited in RZ yet)
    -- 25 steps (about 1/6 of a period) between files: the test reads the frequency from them
    full = { name = "fields", interval = 25 },
  },
}
