-- gpu_predict.lua: the counts tools/gpu_predict.py turns into GPU predictions (docs/gpu.md,
-- "Predicted on paper"). Only the generator's static counts are used (kernels/NAME/flops, bytes,
-- items in each line); the CPU timings of this sweep are not. The GPU check's size: 64^3 cells,
-- 8 boxes of 32^3, 8 particles per cell, sorted every step so that the sort's counts are in the line
-- (gpu_predict.py charges it every 4 steps, the paper's default, or never: --sort-interval).
--   bin/picl bench tools/gpu_predict.lua -o build/gpu_predict.jsonl   (a few minutes on 2 cores)
local picl = require("picl")

return picl.bench {
  base = "../inputs/uniform_plasma.lua",
  set = { ["grid.cells"] = { 64, 64, 64 }, ["grid.max_box"] = 32, ["sort.interval"] = 1 },
  axes = {
    { "deposition_strategy", { "global_atomics", "local_tiles" } },
    { "shape_order", { 1, 3 } },
    { "precision", { "double", "float" } },
  },
  warmup = 0,
  steps = 1,
  repeats = 1,
}
