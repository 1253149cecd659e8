-- pushers.lua: the cost of the particle pusher (Boris, Vay, Higuera-Cary) and of the field
-- solver (Yee, CKC) on the uniform plasma. Physics-changing axes: each variant is gated by
-- charge conservation and finiteness, and its distance from Boris + Yee is recorded.
--   here:      bin/picl bench bench/pushers.lua -o build/bench/pushers.jsonl
--   full size: bin/picl bench bench/pushers.lua --set 'grid.cells={64,64,64}' --set grid.max_box=32
local picl = require("picl")

return picl.bench {
  base = "../inputs/uniform_plasma.lua",
  set = { ["grid.cells"] = { 32, 32, 32 }, ["grid.max_box"] = 16 },
  axes = {
    { "pusher", { "boris", "vay", "higuera_cary" } },
    { "solver", { "yee", "ckc" } },
  },
  warmup = 2,
  steps = 8,
  repeats = 3,
}
