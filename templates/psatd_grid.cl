/* psatd_grid.cl: the copies between picl's field buffer (one box, with guards) and the complex
 * arrays that the FFT and psatd_push work on (templates/psatd.cl, runtime/psatd_solver.c). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "psatd.cl"
#endif

/* One work item per valid cell of the single periodic box: the FFT's grid is the valid region,
 * whose periodic images are the guards, so nothing else is copied. Ex..Jz are components
 * C_EX..C_JZ, one after another, as psatd_push takes them. */
__kernel void psatd_pack(__global const real *F, __global cplx *Fk)
{
    const int i = get_global_id(0), j = get_global_id(1), k = get_global_id(2);
    const int n = i + PSATD_NX * (j + PSATD_NY * k), m = IDX(i, j, k);
    for (int c = 0; c < 9; c++)
        Fk[c * PSATD_POINTS + n] = (cplx)(COMP(F, C_EX + c, 0)[m], 0);
#if PSATD_RHO || PSATD_CURRENT_CORRECTION
    Fk[10 * PSATD_POINTS + n] = (cplx)(COMP(F, C_RHO, 0)[m], 0); /* rho^{n+1}, deposited after the push */
#endif
}

/* The rho form's rho^n (solver.update_with_rho): rho as deposited before the push, into transform 9. */
__kernel void psatd_pack_rho(__global const real *F, __global cplx *Fk)
{
    const int i = get_global_id(0), j = get_global_id(1), k = get_global_id(2);
    Fk[9 * PSATD_POINTS + i + PSATD_NX * (j + PSATD_NY * k)] = (cplx)(COMP(F, C_RHO, 0)[IDX(i, j, k)], 0);
}

/* E and B back from the inverse transform (which holds the 1/N already); the imaginary parts
 * are round-off, the fields being real. Guards are the caller's FillBoundary. */
__kernel void psatd_unpack(__global real *F, __global const cplx *Fk)
{
    const int i = get_global_id(0), j = get_global_id(1), k = get_global_id(2);
    const int n = i + PSATD_NX * (j + PSATD_NY * k), m = IDX(i, j, k);
    for (int c = 0; c < 6; c++)
        COMP(F, C_EX + c, 0)[m] = Fk[c * PSATD_POINTS + n].x;
}
