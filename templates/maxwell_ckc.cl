/* maxwell_ckc.cl: the Cole-Karkkainen-Cowan FDTD solver (Cowan et al., PRST-AB 16, 041303,
 * 2013), as WarpX runs it: Faraday's differences of E are averaged over the transverse
 * neighbours, Ampere is plain Yee (maxwell_ampere.cl). Stable up to c dt = min(dx, dy, dz);
 * at c dt = dx on a cubic grid a wave along an axis travels at exactly c. B half step, E full
 * step, B half step. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "maxwell_ampere.cl"
#endif

/* The forward difference F[n + d] - F[n] along the derivative's axis (stride d), weighted
 * over the nine parallel lines through n, n +- t1, n +- t2 and n +- t1 +- t2 (strides t1, t2
 * of the transverse axes). The weights sum to one, so a field uniform across the axis sees
 * Yee's difference. The lines reach one cell sideways: inside the guards (NG >= 2). */
static inline real ckc_diff(__global const real *F, int n, int d, int t1, int t2, real alpha, real beta1,
                            real beta2, real gamma)
{
#define CKC_D(m) (F[(m) + d] - F[(m)])
    return alpha * CKC_D(n) + beta1 * (CKC_D(n + t1) + CKC_D(n - t1)) + beta2 * (CKC_D(n + t2) + CKC_D(n - t2)) +
           gamma * (CKC_D(n + t1 + t2) + CKC_D(n - t1 + t2) + CKC_D(n + t1 - t2) + CKC_D(n - t1 - t2));
#undef CKC_D
}

/* 2D (x, z): the same difference on the three lines through n and n +- t (Cowan's 2D stencil). */
static inline real ckc_diff_2d(__global const real *F, int n, int d, int t, real alpha, real beta)
{
#define CKC_D(m) (F[(m) + d] - F[(m)])
    return alpha * CKC_D(n) + beta * (CKC_D(n + t) + CKC_D(n - t));
#undef CKC_D
}

/* d/dx, d/dy, d/dz of E times the cell size, in CKC's form (x: transverse y and z, ...). In 2D
 * only x and z, each across the other; in 1D CKC is Yee (no transverse axis). The derivative
 * along a dropped axis is never taken (ALONG_Y). */
#if PICL_DIM == 3
#define CKC_DIFF_X(F, n) ckc_diff(F, n, 1, SY, SZ, CKC_ALPHA_X, CKC_BETA_XY, CKC_BETA_XZ, CKC_GAMMA_X)
#define CKC_DIFF_Y(F, n) ckc_diff(F, n, SY, SZ, 1, CKC_ALPHA_Y, CKC_BETA_YZ, CKC_BETA_YX, CKC_GAMMA_Y)
#define CKC_DIFF_Z(F, n) ckc_diff(F, n, SZ, 1, SY, CKC_ALPHA_Z, CKC_BETA_ZX, CKC_BETA_ZY, CKC_GAMMA_Z)
#elif PICL_DIM == 2
#define CKC_DIFF_X(F, n) ckc_diff_2d(F, n, 1, SZ, CKC_ALPHA_X, CKC_BETA_XZ)
#define CKC_DIFF_Y(F, n) ((real)0)
#define CKC_DIFF_Z(F, n) ckc_diff_2d(F, n, SZ, 1, CKC_ALPHA_Z, CKC_BETA_ZX)
#else
#define CKC_DIFF_X(F, n) ((real)0)
#define CKC_DIFF_Y(F, n) ((real)0)
#define CKC_DIFF_Z(F, n) ((F)[(n) + SZ] - (F)[(n)])
#endif

/* Faraday's differences as this solver takes them; the PML (pml.cl) convolves the same. */
#define FARADAY_DIFF_X(F, n) CKC_DIFF_X(F, n)
#define FARADAY_DIFF_Y(F, n) CKC_DIFF_Y(F, n)
#define FARADAY_DIFF_Z(F, n) CKC_DIFF_Z(F, n)

/* Faraday over half a step: B -= (dt/2) curl E with CKC's differences. E's guard cells are
 * read on the upper side along each difference and on both sides across it. */
__kernel void maxwell_push_B_half(__global real *F)
{
    CELL_ITEM(i, j, k, b);
    __global const real *Ex = COMP(F, C_EX, b), *Ey = COMP(F, C_EY, b), *Ez = COMP(F, C_EZ, b);
    __global real *Bx = COMP(F, C_BX, b), *By = COMP(F, C_BY, b), *Bz = COMP(F, C_BZ, b);
    const int n = IDX(i, j, k);
    Bx[n] -= ALONG_Y(HDT_DY * CKC_DIFF_Y(Ez, n)) - ALONG_Z(HDT_DZ * CKC_DIFF_Z(Ey, n));
    By[n] -= ALONG_Z(HDT_DZ * CKC_DIFF_Z(Ex, n)) - ALONG_X(HDT_DX * CKC_DIFF_X(Ez, n));
    Bz[n] -= ALONG_X(HDT_DX * CKC_DIFF_X(Ey, n)) - ALONG_Y(HDT_DY * CKC_DIFF_Y(Ex, n));
}
