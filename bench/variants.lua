-- variants.lua: the cost of the particle shape (order 1, 2, 3) in double and float precision
-- on the uniform plasma. Both axes change the physics: each variant is its own reference
-- (gated by charge conservation and finiteness) and its J and E distance from the order-3
-- double run is recorded, not gated (docs/bench.md).
--   here:      bin/picl bench bench/variants.lua -o build/bench/variants.jsonl
--   full size: bin/picl bench bench/variants.lua --set 'grid.cells={64,64,64}' --set grid.max_box=32
local picl = require("picl")

return picl.bench {
  base = "../inputs/uniform_plasma.lua",
  set = { ["grid.cells"] = { 32, 32, 32 }, ["grid.max_box"] = 16 },
  axes = {
    { "shape_order", { 3, 2, 1 } },
    { "precision", { "double", "float" } },
  },
  reference = { shape_order = 3, precision = "double" },
  warmup = 2,
  steps = 8,
  repeats = 3,
}
