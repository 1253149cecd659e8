/* particle_sort.cl: a counting sort of each box's particles by bin of SORT_BX x SORT_BY x
 * SORT_BZ cells (paper section 3.3), so that particles next in memory are next in space and
 * the gather and deposition touch the same cache lines. One work item per box: histogram,
 * exclusive scan and permutation (particles_bin), then every array reordered through scratch
 * memory (particles_reorder). */
#ifndef PICL_PARTICLE_SORT_CL
#define PICL_PARTICLE_SORT_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

#define SORT_NBX ((NX + SORT_BX - 1) / SORT_BX)
#define SORT_NBY ((NY + SORT_BY - 1) / SORT_BY)
#define SORT_NBZ ((NZ + SORT_BZ - 1) / SORT_BZ)
#define SORT_NBINS (SORT_NBX * SORT_NBY * SORT_NBZ)

/* Bin of a particle at box-local position (x, y, z) in cells. */
static inline int sort_bin(const real x, const real y, const real z)
{
    const int i = min((int)x / SORT_BX, SORT_NBX - 1), j = min((int)y / SORT_BY, SORT_NBY - 1),
              k = min((int)z / SORT_BZ, SORT_NBZ - 1);
    return i + SORT_NBX * (j + SORT_NBY * k);
}

/* Moves a[start + k] to a[start + perm[start + k]] for k < n, through tmp, the box's own
 * stretch of scratch (8 bytes a slot from slot `start`, whatever the element size, so that
 * boxes sorting at the same time never share scratch). */
#define SORT_REORDER(a, tmp)                                                                     \
    do {                                                                                       \
        for (long k = 0; k < n; k++)                                                           \
            (tmp)[perm[start + k]] = (a)[start + k];                                           \
        for (long k = 0; k < n; k++)                                                           \
            (a)[start + k] = (tmp)[k];                                                         \
    } while (0)

/* The kernels only where the run sorts by bins (PARTICLE_SORT, not the cell lists of simd_cells). */
#if PARTICLE_SORT && !DEPOSIT_SIMD_CELLS
/* Binning alone (paper section 3.3 distinguishes it from sorting): perm[start + k] becomes the
 * place of particle k in its box's bin order, and bin_end[b * SORT_NBINS + i] the end of bin i
 * (its start is the end of bin i - 1, or 0). Nothing moves; other kernels may use the order. */
__kernel void particles_bin(PICL_PARTICLE_POSITION(PA_PARAM_CONST) __global const long *boxes, __global int *perm,
                            __global int *bin_end)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    BOX_ORIGIN(b, ox, oy, oz);
    __global int *end = bin_end + b * SORT_NBINS;
    for (int i = 0; i < SORT_NBINS; i++)
        end[i] = 0;
    for (long k = 0; k < n; k++) {
        const int bin = sort_bin(px[start + k] - ox, py[start + k] - oy, pz[start + k] - oz);
        perm[start + k] = bin;
        end[bin]++;
    }
    int sum = 0; /* exclusive scan: end[i] becomes the start of bin i */
    for (int i = 0; i < SORT_NBINS; i++) {
        const int c = end[i];
        end[i] = sum;
        sum += c;
    }
    for (long k = 0; k < n; k++) /* stable: equal bins keep their order; end[i] ends as the end */
        perm[start + k] = end[perm[start + k]]++;
}

/* The sort proper: every array of box b reordered by the permutation particles_bin made. */
__kernel void particles_reorder(PICL_PARTICLE_ARRAYS(PA_PARAM) __global const long *boxes, __global const int *perm,
                                __global ulong *scratch)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    __global ulong *mine = scratch + start;
    __global real *tmp = (__global real *)mine;
    SORT_REORDER(px, tmp);
    SORT_REORDER(py, tmp);
    SORT_REORDER(pz, tmp);
    SORT_REORDER(pux, tmp);
    SORT_REORDER(puy, tmp);
    SORT_REORDER(puz, tmp);
#if PARTICLE_WEIGHTS
    SORT_REORDER(pw, tmp);
#endif
#if PARTICLE_IDS
    SORT_REORDER(pid, mine);
#endif
#if PARTICLE_LEVELS
    __global int *tmp_level = (__global int *)mine;
    SORT_REORDER(plevel, tmp_level);
#endif
}
#endif /* PARTICLE_SORT && !DEPOSIT_SIMD_CELLS */
#endif /* PICL_PARTICLE_SORT_CL */
