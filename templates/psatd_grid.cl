/* psatd_grid.cl: the copies between picl's field buffer (boxes with guards) and the complex
 * arrays of the whole domain that the FFT and psatd_push work on (templates/psatd.cl,
 * runtime/psatd_solver.c). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "psatd.cl"
#endif

/* The point of the domain's FFT grid where cell (i, j, k) of local box b sits: the box's valid
 * cells at its offset in the domain. The FFT's grid is the periodic domain, whose images are
 * every box's guards, so only valid cells are copied (the caller's FillBoundary does the rest). */
inline int psatd_point(int i, int j, int k, int b)
{
    const int g = BOX_GID(b);
    return BOX_X(g) * NX + i + PSATD_NX * (BOX_Y(g) * NY + j + PSATD_NY * (BOX_Z(g) * NZ + k));
}

/* One work item per valid cell of every box of this rank (CELL_ITEM). Ex..Jz are components
 * C_EX..C_JZ, one after another, as psatd_push takes them. */
__kernel void psatd_pack(__global const real *F, __global cplx *Fk)
{
    CELL_ITEM(i, j, k, b);
    const int n = psatd_point(i, j, k, b), m = IDX(i, j, k);
    for (int c = 0; c < 9; c++)
        Fk[c * PSATD_POINTS + n] = (cplx)(COMP(F, C_EX + c, b)[m], 0);
#if PSATD_RHO || PSATD_CURRENT_CORRECTION
    Fk[10 * PSATD_POINTS + n] = (cplx)(COMP(F, C_RHO, b)[m], 0); /* rho^{n+1}, deposited after the push */
#endif
}

/* The rho form's rho^n (solver.update_with_rho): rho as deposited before the push, into transform 9. */
__kernel void psatd_pack_rho(__global const real *F, __global cplx *Fk)
{
    CELL_ITEM(i, j, k, b);
    Fk[9 * PSATD_POINTS + psatd_point(i, j, k, b)] = (cplx)(COMP(F, C_RHO, b)[IDX(i, j, k)], 0);
}

/* Gauss's law in PSATD's divergence (psatd_gauss in psatd.cl): Ex, Ey, Ez, rho into transforms 0..3 */
__kernel void psatd_pack_gauss(__global const real *F, __global cplx *Fk)
{
    CELL_ITEM(i, j, k, b);
    const int n = psatd_point(i, j, k, b), m = IDX(i, j, k);
    for (int c = 0; c < 3; c++)
        Fk[c * PSATD_POINTS + n] = (cplx)(COMP(F, C_EX + c, b)[m], 0);
    Fk[3 * PSATD_POINTS + n] = (cplx)(COMP(F, C_RHO, b)[m], 0);
}

/* reduce.cl's reduce_gauss for PSATD: G = div E - rho/eps0 with PSATD's spectral divergence, from
 * transform 0 after psatd_gauss and the inverse FFT, against G0 as there (the same column, the same
 * scale: max |G - G0| and max |rho/eps0| per row of NX nodes; no PML, no window with PSATD). */
__kernel void psatd_reduce_gauss(__global real *F, __global const cplx *Fk, __global acc_real *out, const int store)
{
    const int j = (int)get_global_id(0);
    const int b = (int)get_global_id(1) / NZ;
    const int k = (int)get_global_id(1) - b * NZ;
    __global const real *rho = COMP(F, C_RHO, b);
    __global real *G0 = COMP(F, C_G0, b);
    acc_real worst = 0, scale = 0;
    for (int i = 0; i < NX; i++) {
        const int n = IDX(i, j, k);
        const acc_real G = (acc_real)Fk[psatd_point(i, j, k, b)].x;
        if (store)
            G0[n] = (real)G;
        worst = fmax(worst, fabs(G - (acc_real)G0[n]));
        scale = fmax(scale, fabs((acc_real)rho[n] / (acc_real)8.8541878128e-12));
    }
    const int row = (int)get_global_id(1) * NY + j;
    out[row * 2 + 0] = worst;
    out[row * 2 + 1] = scale;
}

/* E and B back from the inverse transform (which holds the 1/N already); the imaginary parts
 * are round-off, the fields being real. Guards are the caller's FillBoundary. */
__kernel void psatd_unpack(__global real *F, __global const cplx *Fk)
{
    CELL_ITEM(i, j, k, b);
    const int n = psatd_point(i, j, k, b), m = IDX(i, j, k);
    for (int c = 0; c < 6; c++)
        COMP(F, C_EX + c, b)[m] = Fk[c * PSATD_POINTS + n].x;
}
