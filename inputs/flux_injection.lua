-- flux_injection.lua: a warm electron flow entering an empty box through its lower x face
-- (species.flux, WarpX's NFluxPerCell) and leaving through the upper one. Every step each cell of
-- the face gets per_cell macro-particles, weighted so that together they carry the physical flux
-- density x <v_x, v_x > 0> of the Maxwellian (docs/input.md, species.flux); the reduced
-- diagnostic's particles_flow column grows by per_cell x 64 a step until the first of them reach
-- +x, where absorbed_flow_x_hi starts counting. Each injected particle deposits the current of its
-- partial step from the face, so the charge_residual column stays at round-off (about 4e-15).
-- A relativistically hot flow is `temperature = 511e3` (eV, kT = m c^2) instead of u_th: the
-- Maxwell-Juttner flux, drifting with u_drift.
local picl = require("picl")

local dx = 1e-6                     -- m, cell size

return picl.simulation {
  grid = {
    cells = { 32, 8, 8 },
    lower = { 0, 0, 0 },
    upper = { 32 * dx, 8 * dx, 8 * dx },
    max_box = 8,                    -- 4 boxes along x: only the first injects
  },
  -- particles must leave along x: absorbing at both x faces (the fields then get pec there)
  boundary = { particles = { x = "absorbing" } },
  solver = { name = "yee", cfl = 0.9 },
  steps = 400,                      -- c dt = 0.52 dx: the flow (0.05 c) crosses 32 cells in ~1200 steps, its fast tail sooner
  species = {
    {
      name = "flow",
      particle = "electron",
      u_th = 0.05,                  -- gamma v / c per axis (kT ~ 1.3 keV)
      u_drift = { 0.05, 0, 0 },     -- a flow towards +x at one thermal speed
      -- dilute (omega_p dt ~ 1e-4): the flow's own fields barely act on it
      flux = { face = "-x", per_cell = 4, density = 1e20 },
    },
  },
  diagnostics = { reduced = { name = "flux_injection", interval = 20 } },
  progress_interval = 100,
}
