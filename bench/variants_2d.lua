-- variants_2d.lua: bench/variants.lua in 2D (inputs/uniform_plasma_2d.lua, axes x and z): the
-- cost of the particle shape (order 1, 2, 3) in double and float precision. Each variant is
-- its own reference (gated by charge conservation and finiteness); its J and E distance from
-- the order-3 double run is recorded, not gated (docs/bench.md). Beside bench/variants.lua's
-- 3D figures it gives the 2D/3D cost per particle (docs/geometry.md).
--   here:      bin/picl bench bench/variants_2d.lua -o build/bench/variants_2d.jsonl
--   the issue's size: bin/picl bench bench/variants_2d.lua --set 'grid.cells={1024,1024}' --set grid.max_box=256
local picl = require("picl")

return picl.bench {
  base = "../inputs/uniform_plasma_2d.lua",
  -- 256 x 256 cells, 16 per cell: 1048576 particles, 16 boxes
  set = { ["grid.cells"] = { 256, 256 }, ["grid.max_box"] = 64 },
  axes = {
    { "shape_order", { 3, 2, 1 } },
    { "precision", { "double", "float" } },
  },
  reference = { shape_order = 3, precision = "double" },
  warmup = 2,
  steps = 8,
  repeats = 3,
}
