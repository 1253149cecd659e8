/* traits.c: the defaults of each kind of device, one row per kind. Every "auto" a run leaves
 * to the device is read from here (gen/plan.c resolves them once per run). */
#include "traits.h"

/* CPUs: few threads, each owning whole boxes; PoCL sizes work-groups itself and vectorises
 * along x. A local_tiles work-group on a CPU: one thread runs it anyway, and with one work item
 * the tile has one writer, so its additions need no atomics (WarpX's OpenMP tiles). Where the
 * physics allows, the particles of a cell are pushed as vectors (simd_cells) of 256 bits
 * (AVX2), and sorted every 16 steps into bins of 4^3 cells (the best of the sort study in
 * docs/bench.md).
 * GPUs: a work item per particle with atomic deposition, a warp-friendly row of cells, no
 * sorting until measured; default work-groups whole warps (32 items: NVIDIA's warp, half an
 * AMD wavefront), and local_tiles' tiles in 48 KiB, the local memory every current GPU has per
 * work-group (NVIDIA's OpenCL reports 48 KiB; AMD 64), so that two work-groups can share a
 * compute unit's memory where it has more. Other devices: as GPUs, with the driver's
 * work-group shapes. */
static const struct device_traits rows[] = {
    {.kind = "cpu", .particle_group = 0, .tile_group = 1, .cell_group = {0, 0, 0}, .memory_share = 0.5,
     .vector_bits = 256, .strategy = CFG_STRATEGY_SIMD_CELLS, .sort_interval = 16, .sort_bin = 4},
    {.kind = "gpu", .particle_group = 128, .tile_group = 128, .cell_group = {32, 4, 1}, .memory_share = 0.8,
     .vector_bits = 256, .strategy = CFG_STRATEGY_GLOBAL_ATOMICS, .sort_interval = 0, .sort_bin = 1,
     .group_multiple = 32, .tile_local_bytes = 48 << 10},
    {.kind = "other", .particle_group = 0, .tile_group = 64, .cell_group = {0, 0, 0}, .memory_share = 0.5,
     .vector_bits = 256, .strategy = CFG_STRATEGY_GLOBAL_ATOMICS, .sort_interval = 0, .sort_bin = 1,
     .tile_local_bytes = 48 << 10},
};

const struct device_traits *traits_for_type(int cpu, int gpu)
{
    return gpu ? &rows[1] : cpu ? &rows[0] : &rows[2];
}

const struct device_traits *traits_of(const struct gen_device *dev)
{
    if (!dev)
        return &rows[0];
    return dev->traits ? dev->traits : traits_for_type(dev->is_cpu, 0);
}
