/* filter.cl: the binomial (1/4, 1/2, 1/4) smoothing of J along one axis (Birdsall and Langdon,
 * appendix C; as WarpX's filter). One pass multiplies mode k by cos^2(k dx / 2). J's guard
 * cells must hold the neighbours' values (FillBoundary) before each pass. */
#ifndef PICL_FILTER_CL
#define PICL_FILTER_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* One work item filters one line of N valid cells in place, stride S apart: it keeps the old
 * value of the cell behind it, so no second buffer is needed. */
#define FILTER_LINE(J, n0, N, S)                                                                 \
    do {                                                                                       \
        real behind = (J)[(n0) - (S)], here = (J)[(n0)];                                       \
        for (int m = 0; m < (N); m++) {                                                        \
            const real ahead = (J)[(n0) + (m + 1) * (S)];                                       \
            (J)[(n0) + m * (S)] = (real)0.25 * behind + (real)0.5 * here + (real)0.25 * ahead; \
            behind = here;                                                                     \
            here = ahead;                                                                      \
        }                                                                                      \
    } while (0)

/* Kernels filter_<what>_<axis> for components [C0, C1]: x lines are items over (y, z * boxes),
 * y lines over (x, z * boxes), z lines over (x, y * boxes). rho gets the same passes as J in
 * the charge-conservation diagnostic, so that filtered J and filtered rho still satisfy the
 * discrete continuity equation. */
#define FILTER_KERNELS(what, C0, C1)                                                             \
    __kernel void filter_##what##_x(__global real *F)                                           \
    {                                                                                          \
        const int j = (int)get_global_id(0), b = (int)get_global_id(1) / NZ;                   \
        const int k = (int)get_global_id(1) - b * NZ;                                          \
        for (int c = (C0); c <= (C1); c++)                                                     \
            FILTER_LINE(COMP(F, c, b), IDX(0, j, k), NX, 1);                                   \
    }                                                                                          \
    __kernel void filter_##what##_y(__global real *F)                                           \
    {                                                                                          \
        const int i = (int)get_global_id(0), b = (int)get_global_id(1) / NZ;                   \
        const int k = (int)get_global_id(1) - b * NZ;                                          \
        for (int c = (C0); c <= (C1); c++)                                                     \
            FILTER_LINE(COMP(F, c, b), IDX(i, 0, k), NY, SY);                                  \
    }                                                                                          \
    __kernel void filter_##what##_z(__global real *F)                                           \
    {                                                                                          \
        const int i = (int)get_global_id(0), b = (int)get_global_id(1) / NY;                   \
        const int j = (int)get_global_id(1) - b * NY;                                          \
        for (int c = (C0); c <= (C1); c++)                                                     \
            FILTER_LINE(COMP(F, c, b), IDX(i, j, 0), NZ, SZ);                                  \
    }

/* RZ: every mode and part of Jr, Jt, Jz (and of rho), which lie together from C_JX on
 * (docs/rz.md, "Filter"): the filter along z is the same linear map on each, so it commutes with
 * the per-mode divergence. Along r it would need each field's parity below the axis: refused. */
FILTER_KERNELS(J, C_JX, C_JZ + MODE_COMPS - 1)
FILTER_KERNELS(rho, C_RHO, C_RHO + MODE_COMPS - 1)
#endif /* PICL_FILTER_CL */
