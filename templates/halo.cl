/* halo.cl: guard-cell exchange between the boxes of one rank (DESIGN.md section 4).
 * FillBoundary copies owners' valid cells into guards; SumBoundary adds guards into owners. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* Every grid point has exactly one owner: the box whose valid cells [0, N) hold its index.
 * Components share the index space, so one mapping serves E, B, J and rho; shared nodes do
 * not exist and no SyncNodal step is needed. Periodic axes wrap. */
static inline int halo_owner(int b, int i, int j, int k, int *offset)
{
    const int bx = b % NBX, by = (b / NBX) % NBY, bz = b / (NBX * NBY);
    int gi = bx * NX + i, gj = by * NY + j, gk = bz * NZ + k;
    gi = (gi + CELLS_X) % CELLS_X;
    gj = (gj + CELLS_Y) % CELLS_Y;
    gk = (gk + CELLS_Z) % CELLS_Z;
    const int ox = gi / NX, oy = gj / NY, oz = gk / NZ;
    *offset = BOX_INDEX(ox, oy, oz) * BOX_STRIDE + IDX(gi - ox * NX, gj - oy * NY, gk - oz * NZ);
    return 1;
}

/* FillBoundary for components [C0, C1): one work item per allocated cell of every box. */
#define HALO_FILL_KERNEL(name, C0, C1)                                                           \
    __kernel void name(__global real *F)                                                       \
    {                                                                                          \
        const int i = (int)get_global_id(0) - NG, j = (int)get_global_id(1) - NG;             \
        const int b = (int)get_global_id(2) / DIMZ;                                            \
        const int k = (int)get_global_id(2) - b * DIMZ - NG;                                   \
        if (i >= 0 && i < NX && j >= 0 && j < NY && k >= 0 && k < NZ)                          \
            return;                                                                            \
        int src;                                                                               \
        if (!halo_owner(b, i, j, k, &src))                                                     \
            return;                                                                            \
        const int dst = b * BOX_STRIDE + IDX(i, j, k);                                         \
        for (int c = (C0); c < (C1); c++)                                                      \
            F[c * COMP_STRIDE + dst] = F[c * COMP_STRIDE + src];                               \
    }

HALO_FILL_KERNEL(halo_fill_E, C_EX, C_EZ + 1)
HALO_FILL_KERNEL(halo_fill_B, C_BX, C_BZ + 1)
HALO_FILL_KERNEL(halo_fill_EB, C_EX, C_BZ + 1)
HALO_FILL_KERNEL(halo_fill_J, C_JX, C_JZ + 1)
HALO_FILL_KERNEL(halo_fill_rho, C_RHO, C_RHO + 1)

/* SumBoundary for components [C0, C1): each valid cell near a box edge gathers the guard
 * cells of the (up to 26) neighbouring boxes that alias it, in a fixed order, so the sum does
 * not depend on the schedule. Writes valid cells only and reads guard cells only. */
#define HALO_SUM_KERNEL(name, C0, C1)                                                            \
    __kernel void name(__global real *F)                                                       \
    {                                                                                          \
        CELL_ITEM(i, j, k, b);                                                                 \
        if (i >= NG && i < NX - NG && j >= NG && j < NY - NG && k >= NG && k < NZ - NG)        \
            return;                                                                            \
        const int bx = b % NBX, by = (b / NBX) % NBY, bz = b / (NBX * NBY);                    \
        const int dst = b * BOX_STRIDE + IDX(i, j, k);                                         \
        real sum[(C1) - (C0)];                                                                 \
        for (int c = 0; c < (C1) - (C0); c++)                                                  \
            sum[c] = F[((C0) + c) * COMP_STRIDE + dst];                                        \
        for (int oz = -1; oz <= 1; oz++)                                                       \
            for (int oy = -1; oy <= 1; oy++)                                                   \
                for (int ox = -1; ox <= 1; ox++) {                                             \
                    const int si = i - ox * NX, sj = j - oy * NY, sk = k - oz * NZ;            \
                    if ((ox | oy | oz) == 0 || si < -NG || si >= NX + NG || sj < -NG ||        \
                        sj >= NY + NG || sk < -NG || sk >= NZ + NG)                            \
                        continue;                                                              \
                    const int nb = BOX_INDEX((bx + ox + NBX) % NBX, (by + oy + NBY) % NBY,     \
                                             (bz + oz + NBZ) % NBZ);                           \
                    const int src = nb * BOX_STRIDE + IDX(si, sj, sk);                         \
                    for (int c = 0; c < (C1) - (C0); c++)                                      \
                        sum[c] += F[((C0) + c) * COMP_STRIDE + src];                           \
                }                                                                              \
        for (int c = 0; c < (C1) - (C0); c++)                                                  \
            F[((C0) + c) * COMP_STRIDE + dst] = sum[c];                                        \
    }

HALO_SUM_KERNEL(halo_sum_J, C_JX, C_JZ + 1)
HALO_SUM_KERNEL(halo_sum_rho, C_RHO, C_RHO + 1)
