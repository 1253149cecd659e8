/* field_probe.cl: E and B at probe points (runtime/pstats.c), interpolated as the particles see
 * them: the gather's own shape and staggering (gather_fields of the gather template chosen);
 * and the field maxima over the grid. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "gather_energy.cl"
#endif

/* One work item per point: slot[p] is the local box that holds it (-1: another rank's, which
 * writes zeros so that a sum over the ranks gives the value); pos[3 p ..] its box-local cells. */
__kernel void field_probe(__global const real *F, __global const acc_real *pos, __global const int *slot,
                          __global acc_real *out)
{
    const int p = (int)get_global_id(0);
    real E[3] = {0, 0, 0}, B[3] = {0, 0, 0};
    if (slot[p] >= 0)
        gather_fields(F, slot[p], (real)pos[3 * p], (real)pos[3 * p + 1], (real)pos[3 * p + 2], E, B);
    for (int a = 0; a < 3; a++) {
        out[6 * p + a] = E[a];
        out[6 * p + 3 + a] = B[a];
    }
}

/* The largest |Ex| .. |Bz| and |E|, |B| of each row of NX nodes (FIELD_MAX_N per row; the host
 * takes the maximum of the rows and ranks). |E| and |B| at a node from the components averaged
 * to it from their Yee positions (the guards hold the neighbours below the box's first node). */
#define FIELD_MAX_N 8
/* fmax drops a NaN; a field that is no number counts as infinite instead, so that the maximum
 * (here, on the host, over the ranks) says the run went non-finite (io/diags.c stops it). */
static inline acc_real max_or_inf(const acc_real m, const acc_real v)
{
    return isnan(v) ? (acc_real)INFINITY : fmax(m, v);
}

__kernel void reduce_field_max(__global const real *F, __global acc_real *out)
{
    const int j = (int)get_global_id(0);
    const int b = (int)get_global_id(1) / NZ;
    const int k = (int)get_global_id(1) - b * NZ;
    __global const real *E[3] = {COMP(F, C_EX, b), COMP(F, C_EY, b), COMP(F, C_EZ, b)};
    __global const real *B[3] = {COMP(F, C_BX, b), COMP(F, C_BY, b), COMP(F, C_BZ, b)};
    /* along an axis 2D or 1D drops the field is uniform: the average is the node itself */
    const int s[3] = {HAS_X ? 1 : 0, HAS_Y ? SY : 0, HAS_Z ? SZ : 0};
    acc_real m[FIELD_MAX_N] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
        acc_real e2 = 0, b2 = 0;
        for (int a = 0; a < 3; a++) {
            m[a] = max_or_inf(m[a], fabs((acc_real)E[a][n]));
            m[4 + a] = max_or_inf(m[4 + a], fabs((acc_real)B[a][n]));
            /* E_a is staggered along a; B_a along the two other axes (none on the collocated grid) */
            const int r = GRID_COLLOCATED ? 0 : s[a];
            const acc_real en = 0.5 * ((acc_real)E[a][n] + E[a][n - r]);
            const int p = GRID_COLLOCATED ? 0 : s[(a + 1) % 3], q = GRID_COLLOCATED ? 0 : s[(a + 2) % 3];
            const acc_real bn = 0.25 * ((acc_real)B[a][n] + B[a][n - p] + B[a][n - q] + B[a][n - p - q]);
            e2 += en * en;
            b2 += bn * bn;
        }
        m[3] = max_or_inf(m[3], sqrt(e2));
        m[7] = max_or_inf(m[7], sqrt(b2));
    }
    const int row = (int)get_global_id(1) * NY + j;
    for (int c = 0; c < FIELD_MAX_N; c++)
        out[row * FIELD_MAX_N + c] = m[c];
}
