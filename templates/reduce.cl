/* reduce.cl: sums over the valid cells for the reduced diagnostics. One work item per row of
 * NX cells writes its partial sums in double; the host adds the rows (a few thousand). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

#define REDUCE_FIELDS_N 2
/* out[row * 2 + 0] = sum of E^2, out[row * 2 + 1] = sum of B^2 (over cells, not yet times dV) */
__kernel void reduce_fields(__global const real *F, __global acc_real *out)
{
    const int j = (int)get_global_id(0);
    const int b = (int)get_global_id(1) / NZ;
    const int k = (int)get_global_id(1) - b * NZ;
    __global const real *Ex = COMP(F, C_EX, b), *Ey = COMP(F, C_EY, b), *Ez = COMP(F, C_EZ, b);
    __global const real *Bx = COMP(F, C_BX, b), *By = COMP(F, C_BY, b), *Bz = COMP(F, C_BZ, b);
    acc_real e2 = 0, b2 = 0;
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
        e2 += (acc_real)Ex[n] * Ex[n] + (acc_real)Ey[n] * Ey[n] + (acc_real)Ez[n] * Ez[n];
        b2 += (acc_real)Bx[n] * Bx[n] + (acc_real)By[n] * By[n] + (acc_real)Bz[n] * Bz[n];
    }
    const int row = (int)get_global_id(1) * NY + j;
    out[row * REDUCE_FIELDS_N + 0] = e2;
    out[row * REDUCE_FIELDS_N + 1] = b2;
}

/* Gauss's law residual G = div E - rho / eps0 on the nodes, against its value at the start
 * (kept in component C_G0): Esirkepov deposition keeps G constant to round-off.
 * out[row * 2 + 0] = max |G - G0|, out[row * 2 + 1] = max |rho / eps0|. store != 0 records G0. */
/* Inside a PML the derivative across the layer is stretched, so the plain divergence is not
 * Gauss's law there: nodes deeper than the layer's inner edge are left out (on the edge itself
 * every E component around the node is updated without stretching, and Gauss's law holds). */
static inline int gauss_node_counts(const int gx, const int gy, const int gz)
{
    return gx >= PML_X_LO && gx <= CELLS_X - PML_X_HI && gy >= PML_Y_LO && gy <= CELLS_Y - PML_Y_HI &&
           gz >= PML_Z_LO && gz <= CELLS_Z - PML_Z_HI;
}

#ifdef WINDOW_AXIS
/* With a moving window only the nodes away from its two faces keep G: particles leave at the
 * trailing face without their current, and the leading layers are new (their reference is taken
 * anew at each shift: window_gauss_reference in window.cl). The faces are the PMLs' inner edges
 * where the axis has them (WINDOW_SKIP_*). g: the node along the window's axis, of `cells`. */
static inline int gauss_window_keeps(const int g, const int cells)
{
    return g > NG + WINDOW_SKIP_LO && g < cells - NG - 1 - WINDOW_SKIP_HI;
}
#endif

__kernel void reduce_gauss(__global real *F, __global acc_real *out, const int store)
{
    const int j = (int)get_global_id(0);
    const int b = (int)get_global_id(1) / NZ;
    const int k = (int)get_global_id(1) - b * NZ;
    const int gb = BOX_GID(b), gy = BOX_Y(gb) * NY + j, gz = BOX_Z(gb) * NZ + k;
    __global const real *Ex = COMP(F, C_EX, b), *Ey = COMP(F, C_EY, b), *Ez = COMP(F, C_EZ, b);
    __global const real *rho = COMP(F, C_RHO, b);
    __global real *G0 = COMP(F, C_G0, b);
    acc_real worst = 0, scale = 0;
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
#ifdef WINDOW_AXIS
        const int g[3] = {BOX_X(gb) * NX + i, gy, gz}, cells[3] = {CELLS_X, CELLS_Y, CELLS_Z};
        if (!store && !gauss_window_keeps(g[WINDOW_AXIS], cells[WINDOW_AXIS]))
            continue;
#endif
        const acc_real div = ALONG_X(((acc_real)Ex[n] - Ex[n - 1]) / DX) + ALONG_Y(((acc_real)Ey[n] - Ey[n - SY]) / DY) +
                             ALONG_Z(((acc_real)Ez[n] - Ez[n - SZ]) / DZ);
        const acc_real r = (acc_real)rho[n] / (acc_real)8.8541878128e-12;
        if (store)
            G0[n] = (real)(div - r);
        if (!gauss_node_counts(BOX_X(gb) * NX + i, gy, gz))
            continue;
        worst = fmax(worst, fabs(div - r - (acc_real)G0[n]));
        scale = fmax(scale, fabs(r));
    }
    const int row = (int)get_global_id(1) * NY + j;
    out[row * 2 + 0] = worst;
    out[row * 2 + 1] = scale;
}
