/* particle_diag.cl: what the reduced diagnostics need from one species: its charge density
 * on the nodes, and its kinetic energy. Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

#ifndef REDUCE_CHUNKS
/* Work items of a particle reduction; each adds every REDUCE_CHUNKS-th particle in order, so
 * the sum does not depend on the schedule. */
#define REDUCE_CHUNKS 1024
#endif

/* rho += q w S(x) / dV on the nodes, with the deposition's shape order. */
__kernel void PICL_CAT(deposit_rho, SP_SUFFIX)(__global real *F, __global const real *px, __global const real *py,
                                               __global const real *pz, __global const real *pw, const int np)
{
    const int ip = (int)get_global_id(0);
    if (ip >= np)
        return;
    real xl, yl, zl, sx[SHAPE_ORDER + 1], sy[SHAPE_ORDER + 1], sz[SHAPE_ORDER + 1];
    const int b = box_of(px[ip], py[ip], pz[ip], &xl, &yl, &zl);
    const int i0 = SHAPE(SHAPE_ORDER)(xl, sx), j0 = SHAPE(SHAPE_ORDER)(yl, sy), k0 = SHAPE(SHAPE_ORDER)(zl, sz);
    volatile __global real *rho = COMP(F, C_RHO, b);
    const real q = SP_RHO_PER_W * pw[ip];
    for (int k = 0; k <= SHAPE_ORDER; k++)
        for (int j = 0; j <= SHAPE_ORDER; j++)
            for (int i = 0; i <= SHAPE_ORDER; i++)
                atomic_add_real(rho + IDX(i0 + i, j0 + j, k0 + k), q * sx[i] * sy[j] * sz[k]);
}

/* out[chunk] = sum of w (gamma - 1) over the chunk's particles; times m c^2 on the host.
 * gamma - 1 = u^2/c^2 / (gamma + 1) keeps the digits of a cold plasma. */
__kernel void PICL_CAT(reduce_kinetic, SP_SUFFIX)(__global const real *pux, __global const real *puy,
                                                  __global const real *puz, __global const real *pw, const int np,
                                                  __global acc_real *out)
{
    const int chunk = (int)get_global_id(0);
    acc_real sum = 0;
    for (int ip = chunk; ip < np; ip += REDUCE_CHUNKS) {
        const acc_real u2 = ((acc_real)pux[ip] * pux[ip] + (acc_real)puy[ip] * puy[ip] + (acc_real)puz[ip] * puz[ip]) *
                            (acc_real)(1.0 / (299792458.0 * 299792458.0));
        sum += pw[ip] * u2 / (sqrt(1 + u2) + 1);
    }
    out[chunk] = sum;
}
