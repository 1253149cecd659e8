/* maxwell_ampere.cl: Ampere's law on the Yee grid, the E step of every field solver (CKC
 * changes only Faraday's differences, as in WarpX); emitted right after the solver's file. */
#ifndef PICL_MAXWELL_AMPERE_CL
#define PICL_MAXWELL_AMPERE_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* Ampere over a full step: E += c^2 dt curl B - dt J / eps0 (Yee 1966; Taflove and Hagness,
 * ch. 3). Backward differences of B, which sits half a cell above E along the derivative's
 * axis; needs B's guard cells on the lower side. J must already hold the sum over box edges. */
__kernel void maxwell_push_E(__global real *F)
{
    CELL_ITEM(i, j, k, b);
    __global real *Ex = COMP(F, C_EX, b), *Ey = COMP(F, C_EY, b), *Ez = COMP(F, C_EZ, b);
    __global const real *Bx = COMP(F, C_BX, b), *By = COMP(F, C_BY, b), *Bz = COMP(F, C_BZ, b);
    __global const real *Jx = COMP(F, C_JX, b), *Jy = COMP(F, C_JY, b), *Jz = COMP(F, C_JZ, b);
    const int n = IDX(i, j, k);
    Ex[n] += ALONG_Y(C2DT_DY * (Bz[n] - Bz[n - SY])) - ALONG_Z(C2DT_DZ * (By[n] - By[n - SZ])) - DT_EPS0 * Jx[n];
    Ey[n] += ALONG_Z(C2DT_DZ * (Bx[n] - Bx[n - SZ])) - ALONG_X(C2DT_DX * (Bz[n] - Bz[n - 1])) - DT_EPS0 * Jy[n];
    Ez[n] += ALONG_X(C2DT_DX * (By[n] - By[n - 1])) - ALONG_Y(C2DT_DY * (Bx[n] - Bx[n - SY])) - DT_EPS0 * Jz[n];
}
#endif
