/* traits.h: a device as the generator and the runtime see it: the facts queried from OpenCL
 * (struct gen_device) and the defaults each kind of device gets, one row per kind. */
#ifndef PICL_TRAITS_H
#define PICL_TRAITS_H

#include <stddef.h>

#include "config.h"

/* What differs between device kinds lives in one table (traits.c), not in scattered `if (cpu)`:
 * the work-group shapes, the memory the arena may take, and what "auto" resolves to. */
struct device_traits {
    const char *kind; /* "cpu", "gpu", "other" */
    size_t particle_group; /* work-group size for per-particle kernels (0: let the driver choose) */
    size_t tile_group; /* work items per tile with deposition_strategy local_tiles */
    size_t cell_group[3]; /* work-group size for per-cell kernels ({0, 0, 0}: the driver) */
    double memory_share; /* share of global memory the arena may take by default */
    int vector_bits; /* the vector registers simd_cells fills with particles */
    enum cfg_strategy strategy; /* deposition_strategy "auto": this one where it applies, else deterministic */
    int sort_interval; /* sort.interval "auto": steps between sorts (0: never) */
    int sort_bin; /* sort.bin "auto": cells per bin along each axis */
    size_t group_multiple; /* default work-groups are multiples of this many items (a warp; 0: any) */
    size_t tile_local_bytes; /* local_tiles' auto tile: its J in at most this (0: all local memory) */
};

/* What the generator needs to know about the device it writes for. */
struct gen_device {
    char name[256];
    int has_fp64;
    int has_int64_atomics;
    int is_cpu;
    size_t max_work_group;
    size_t local_mem; /* bytes */
    int vector_double, vector_float; /* the device's preferred vector widths (0: not known) */
    const struct device_traits *traits; /* its kind's row; NULL: the row is_cpu picks */
};

/* The row of an OpenCL device type (cpu, gpu: nonzero when it is one). */
const struct device_traits *traits_for_type(int cpu, int gpu);
/* The row a device's defaults come from; dev NULL (no device, `picl check --no-build`): as on
 * a CPU. */
const struct device_traits *traits_of(const struct gen_device *dev);

#endif
