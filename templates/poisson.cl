/* poisson.cl: the electrostatic solver (docs/electrostatic.md): Poisson's equation
 * lap(phi) = -rho / eps0 on the nodes by conjugate gradients, then E = -grad(phi) on Yee's grid. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* CG runs on A = -lap, symmetric positive definite once the Dirichlet nodes are taken out: node 0
 * of a non-periodic axis (a valid node of the lowest box) and node CELLS (a guard of the highest)
 * hold the faces' potentials and are no unknowns. The work buffer W holds r, then A p; the search
 * direction p is component C_ES_P of F, whose guards the host fills before each product. Each
 * work item takes a row of NX nodes and writes its partial sums in acc_real, as reduce.cl. */
/* 1 where an axis is kept and has Dirichlet faces (its field boundary is not periodic) */
#if HAS_X && !BC_X_PERIODIC
#define ES_DIRICHLET_X 1
#else
#define ES_DIRICHLET_X 0
#endif
#if HAS_Y && !BC_Y_PERIODIC
#define ES_DIRICHLET_Y 1
#else
#define ES_DIRICHLET_Y 0
#endif
#if HAS_Z && !BC_Z_PERIODIC
#define ES_DIRICHLET_Z 1
#else
#define ES_DIRICHLET_Z 0
#endif
#define ES_R 0
#define ES_AP 1

static inline int es_fixed(const int gx, const int gy, const int gz)
{
    int fixed = 0;
    if (ES_DIRICHLET_X)
        fixed |= gx == 0;
    if (ES_DIRICHLET_Y)
        fixed |= gy == 0;
    if (ES_DIRICHLET_Z)
        fixed |= gz == 0;
    return fixed;
}

/* The 3-, 5- or 7-point Laplacian (second order) of field v at offset n. */
static inline acc_real es_lap(__global const real *v, const int n)
{
    const acc_real c = 2 * (acc_real)v[n];
    return ALONG_X(((acc_real)v[n + 1] + v[n - 1] - c) / (DX * DX)) +
           ALONG_Y(((acc_real)v[n + SY] + v[n - SY] - c) / (DY * DY)) +
           ALONG_Z(((acc_real)v[n + SZ] + v[n - SZ] - c) / (DZ * DZ));
}

/* The row this work item takes: j, and k of box b folded into the second index. */
#define ES_ROW(j, b, k)                                                                                              \
    const int j = (int)get_global_id(0);                                                                             \
    const int b = (int)get_global_id(1) / NZ;                                                                        \
    const int k = (int)get_global_id(1) - b * NZ;                                                                    \
    const int row = (int)get_global_id(1) * NY + j

/* The faces' potentials (V) into phi: on every allocated node of every box whose global index is
 * 0 or CELLS along a non-periodic axis (after a FillBoundary of phi, which zeroes node CELLS). */
__kernel void es_boundary(__global real *F, const acc_real vxl, const acc_real vxh, const acc_real vyl,
                          const acc_real vyh, const acc_real vzl, const acc_real vzh)
{
    const int i = (int)get_global_id(0) - NGX, j = (int)get_global_id(1) - NGY;
    const int b = (int)get_global_id(2) / DIMZ, k = (int)get_global_id(2) - b * DIMZ - NGZ;
    const int gb = BOX_GID(b), g[3] = {BOX_X(gb) * NX + i, BOX_Y(gb) * NY + j, BOX_Z(gb) * NZ + k};
    __global real *phi = COMP(F, C_PHI, b);
    const int n = IDX(i, j, k);
    if (ES_DIRICHLET_X)
        if (g[0] == 0 || g[0] == CELLS_X)
            phi[n] = (real)(g[0] == 0 ? vxl : vxh);
    if (ES_DIRICHLET_Y)
        if (g[1] == 0 || g[1] == CELLS_Y)
            phi[n] = (real)(g[1] == 0 ? vyl : vyh);
    if (ES_DIRICHLET_Z)
        if (g[2] == 0 || g[2] == CELLS_Z)
            phi[n] = (real)(g[2] == 0 ? vzl : vzh);
}

/* sum of rho over the nodes: its mean is taken out when every axis is periodic (the problem is
 * then singular, and solvable only for a neutral right-hand side). out: sum, 0. */
__kernel void es_rho_sum(__global const real *F, __global acc_real *out)
{
    ES_ROW(j, b, k);
    __global const real *rho = COMP(F, C_RHO, b);
    acc_real s = 0;
    for (int i = 0; i < NX; i++)
        s += rho[IDX(i, j, k)];
    out[row * 2 + 0] = s;
    out[row * 2 + 1] = 0;
}

/* r = b - A phi = (rho - rho_mean) / eps0 + lap(phi), p = r; out: r.r and b.b, where b is the
 * right-hand side with phi's Dirichlet nodes moved into it (the scale of the tolerance). */
__kernel void es_residual(__global real *F, __global real *W, __global acc_real *out, const acc_real rho_mean)
{
    ES_ROW(j, b, k);
    const int gb = BOX_GID(b), gy = BOX_Y(gb) * NY + j, gz = BOX_Z(gb) * NZ + k;
    __global const real *phi = COMP(F, C_PHI, b), *rho = COMP(F, C_RHO, b);
    __global real *p = COMP(F, C_ES_P, b), *r = COMP(W, ES_R, b);
    acc_real rr = 0, bb = 0;
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k), gx = BOX_X(gb) * NX + i;
        acc_real rn = 0;
        if (!es_fixed(gx, gy, gz)) {
            const acc_real src = ((acc_real)rho[n] - rho_mean) / PICL_EPS0;
            acc_real bn = src;
            /* Dirichlet neighbours' share of lap(phi) */
            if (ES_DIRICHLET_X)
                bn += ((gx == 1 ? (acc_real)phi[n - 1] : 0) + (gx == CELLS_X - 1 ? (acc_real)phi[n + 1] : 0)) / (DX * DX);
            if (ES_DIRICHLET_Y)
                bn += ((gy == 1 ? (acc_real)phi[n - SY] : 0) + (gy == CELLS_Y - 1 ? (acc_real)phi[n + SY] : 0)) / (DY * DY);
            if (ES_DIRICHLET_Z)
                bn += ((gz == 1 ? (acc_real)phi[n - SZ] : 0) + (gz == CELLS_Z - 1 ? (acc_real)phi[n + SZ] : 0)) / (DZ * DZ);
            rn = src + es_lap(phi, n);
            bb += bn * bn;
        }
        r[n] = (real)rn;
        p[n] = (real)rn;
        rr += rn * rn;
    }
    out[row * 2 + 0] = rr;
    out[row * 2 + 1] = bb;
}

/* A p = -lap(p) on the unknowns (p's guards filled; p is zero on the Dirichlet nodes); out: p.Ap, 0. */
__kernel void es_apply(__global real *F, __global real *W, __global acc_real *out)
{
    ES_ROW(j, b, k);
    const int gb = BOX_GID(b), gy = BOX_Y(gb) * NY + j, gz = BOX_Z(gb) * NZ + k;
    __global const real *p = COMP(F, C_ES_P, b);
    __global real *ap = COMP(W, ES_AP, b);
    acc_real pap = 0;
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
        const acc_real v = es_fixed(BOX_X(gb) * NX + i, gy, gz) ? 0 : -es_lap(p, n);
        ap[n] = (real)v;
        pap += (acc_real)p[n] * v;
    }
    out[row * 2 + 0] = pap;
    out[row * 2 + 1] = 0;
}

/* phi += alpha p, r -= alpha A p; out: r.r, 0. */
__kernel void es_update(__global real *F, __global real *W, __global acc_real *out, const acc_real alpha)
{
    ES_ROW(j, b, k);
    __global real *phi = COMP(F, C_PHI, b), *r = COMP(W, ES_R, b);
    __global const real *p = COMP(F, C_ES_P, b), *ap = COMP(W, ES_AP, b);
    acc_real rr = 0;
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
        phi[n] = (real)(phi[n] + alpha * p[n]);
        const acc_real rn = r[n] - alpha * ap[n];
        r[n] = (real)rn;
        rr += rn * rn;
    }
    out[row * 2 + 0] = rr;
    out[row * 2 + 1] = 0;
}

/* p = r + beta p */
__kernel void es_direction(__global real *F, __global const real *W, const acc_real beta)
{
    ES_ROW(j, b, k);
    (void)row;
    __global real *p = COMP(F, C_ES_P, b);
    __global const real *r = COMP(W, ES_R, b);
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
        p[n] = (real)(r[n] + beta * p[n]);
    }
}

/* E = -grad(phi) at E's Yee positions (Ex half a cell up along x from phi's node, ...), B = 0:
 * one work item per valid cell, phi's guards filled and its Dirichlet nodes set. */
__kernel void es_field(__global real *F)
{
    const int i = (int)get_global_id(0), j = (int)get_global_id(1);
    const int b = (int)get_global_id(2) / NZ, k = (int)get_global_id(2) - b * NZ;
    __global const real *phi = COMP(F, C_PHI, b);
    const int n = IDX(i, j, k);
    COMP(F, C_EX, b)[n] = ALONG_X((real)(-((acc_real)phi[n + 1] - phi[n]) / DX));
    COMP(F, C_EY, b)[n] = ALONG_Y((real)(-((acc_real)phi[n + SY] - phi[n]) / DY));
    COMP(F, C_EZ, b)[n] = ALONG_Z((real)(-((acc_real)phi[n + SZ] - phi[n]) / DZ));
    COMP(F, C_BX, b)[n] = 0;
    COMP(F, C_BY, b)[n] = 0;
    COMP(F, C_BZ, b)[n] = 0;
}
