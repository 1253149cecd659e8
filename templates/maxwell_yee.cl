/* maxwell_yee.cl: the Yee FDTD update (Yee 1966; Taflove and Hagness, ch. 3) on the staggered
 * grid. Each step: B half step, E full step (Ampere, maxwell_ampere.cl), B half step, so E
 * and B meet at integer times. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "maxwell_ampere.cl"
#endif

/* Faraday's difference of E along x, y, z (the derivative times the cell size) as this solver
 * takes it; the PML (pml.cl) convolves the same differences. */
#define FARADAY_DIFF_X(F, n) ((F)[(n) + 1] - (F)[(n)])
#define FARADAY_DIFF_Y(F, n) ((F)[(n) + SY] - (F)[(n)])
#define FARADAY_DIFF_Z(F, n) ((F)[(n) + SZ] - (F)[(n)])

/* Faraday over half a step: B -= (dt/2) curl E. Forward differences of E, which sits half a
 * cell below B along the derivative's axis; needs E's guard cells on the upper side. */
__kernel void maxwell_push_B_half(__global real *F)
{
    CELL_ITEM(i, j, k, b);
    __global const real *Ex = COMP(F, C_EX, b), *Ey = COMP(F, C_EY, b), *Ez = COMP(F, C_EZ, b);
    __global real *Bx = COMP(F, C_BX, b), *By = COMP(F, C_BY, b), *Bz = COMP(F, C_BZ, b);
    const int n = IDX(i, j, k);
    Bx[n] -= ALONG_Y(HDT_DY * (Ez[n + SY] - Ez[n])) - ALONG_Z(HDT_DZ * (Ey[n + SZ] - Ey[n]));
    By[n] -= ALONG_Z(HDT_DZ * (Ex[n + SZ] - Ex[n])) - ALONG_X(HDT_DX * (Ez[n + 1] - Ez[n]));
    Bz[n] -= ALONG_X(HDT_DX * (Ey[n + 1] - Ey[n])) - ALONG_Y(HDT_DY * (Ex[n + SY] - Ex[n]));
}
