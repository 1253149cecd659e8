-- sort.lua: the paper's Figure 1: time per step against the sort interval (steps between
-- particle sorts; 0 = never) and the bin size (cells per bin along each axis), on the uniform
-- plasma. Sorting changes no physics, so every variant is gated against the unsorted one to
-- round-off (docs/bench.md).
--   here (2 PoCL cores, a few minutes):  bin/picl bench bench/sort.lua -o build/bench/sort.jsonl
--   full size, as the paper (64^3 cells, boxes of 32^3):
--     bin/picl bench bench/sort.lua --set 'grid.cells={64,64,64}' --set grid.max_box=32 -o sort64.jsonl
local picl = require("picl")

return picl.bench {
  base = "../inputs/uniform_plasma.lua",
  -- reduced: 8 boxes, 262144 particles; u_th = 0.1 as in the paper's Figure 1 (docs/bench.md), so particles change cells often
  set = { ["grid.cells"] = { 32, 32, 32 }, ["grid.max_box"] = 16, ["species.electrons.u_th"] = 0.1 },
  axes = {
    { "sort.interval", { 0, 1, 2, 4, 8, 16 } },
    { "sort.bin_size", { 1, 2, 4, 8 } },
  },
  -- without sorting the bin size is never used: one variant is enough
  restrict = function(p) return p["sort.interval"] ~= 0 or p["sort.bin_size"] == 1 end,
  warmup = 2,
  steps = 16,                         -- one interval-16 sort falls in each timed run
  repeats = 3,
}
