/* godfrey.cl: the Godfrey-Vay filter against the numerical Cherenkov instability (J. Comput.
 * Phys. 248 (2013) 33, 267 (2014) 1; as WarpX's NCIGodfreyFilter): E and B filtered along z into
 * a copy that only the gather reads (GATHER_EB, common.cl), so Maxwell's solver keeps its own.
 * The weights are gen/godfrey.c's, for this run's c dt / dz; docs/filters.md. */
#ifndef PICL_GODFREY_CL
#define PICL_GODFREY_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

#ifndef GODFREY_FILTER /* alone with defaults.cl: a pass-through stencil */
#define GODFREY_HALF 4
#define GODFREY_EB_OFFSET ((C_G0 + 1) * COMP_STRIDE)
#define GODFREY_E0 ((real)1)
#define GODFREY_E1 ((real)0)
#define GODFREY_E2 ((real)0)
#define GODFREY_E3 ((real)0)
#define GODFREY_E4 ((real)0)
#define GODFREY_B0 ((real)1)
#define GODFREY_B1 ((real)0)
#define GODFREY_B2 ((real)0)
#define GODFREY_B3 ((real)0)
#define GODFREY_B4 ((real)0)
#endif

/* The copy's guard cells along z: the stencil reads GODFREY_HALF cells either side of each, so
 * the copy keeps NGZ - GODFREY_HALF of them (gen/layout.c adds GODFREY_HALF to NGZ only). */
#define GODFREY_GZ (NGZ - GODFREY_HALF)
#define GODFREY_LZ (NZ + 2 * GODFREY_GZ)

/* The symmetric stencil W0 f_k + sum_m Wm (f_{k+m} + f_{k-m}) on a z line of stride SZ. */
#define GODFREY_SUM(f, W)                                                                        \
    (W##0 * (f)[0] + W##1 * ((f)[SZ] + (f)[-SZ]) + W##2 * ((f)[2 * SZ] + (f)[-2 * SZ]) +          \
     W##3 * ((f)[3 * SZ] + (f)[-3 * SZ]) + W##4 * ((f)[4 * SZ] + (f)[-4 * SZ]))

/* One work item per allocated (i, j) and per z cell of the copy's range, boxes in turn along
 * get_global_id(2): every point the gather may read, guards along x and y included. */
__kernel void godfrey_EB(__global real *F)
{
    const int i = (int)get_global_id(0) - NGX, j = (int)get_global_id(1) - NGY;
    const int b = (int)get_global_id(2) / GODFREY_LZ;
    const int k = (int)get_global_id(2) - b * GODFREY_LZ - GODFREY_GZ;
    const int n = IDX(i, j, k);
    __global real *G = F + GODFREY_EB_OFFSET;
    /* Ex, Ey and Bz sit on z nodes, Bx, By and Ez half a cell off: two sets of weights */
    COMP(G, C_EX, b)[n] = GODFREY_SUM(COMP(F, C_EX, b) + n, GODFREY_E);
    COMP(G, C_EY, b)[n] = GODFREY_SUM(COMP(F, C_EY, b) + n, GODFREY_E);
    COMP(G, C_BZ, b)[n] = GODFREY_SUM(COMP(F, C_BZ, b) + n, GODFREY_E);
    COMP(G, C_BX, b)[n] = GODFREY_SUM(COMP(F, C_BX, b) + n, GODFREY_B);
    COMP(G, C_BY, b)[n] = GODFREY_SUM(COMP(F, C_BY, b) + n, GODFREY_B);
    COMP(G, C_EZ, b)[n] = GODFREY_SUM(COMP(F, C_EZ, b) + n, GODFREY_B);
}
#endif /* PICL_GODFREY_CL */
