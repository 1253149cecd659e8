/* particle_diag.cl: what the reduced diagnostics need from one species: its charge density
 * on the nodes, and its kinetic energy. One work item per box, like the push, so the sums are
 * plain additions in a fixed order. Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* rho += q w S(x) / dV on the nodes of the particle's box, with the deposition's shape. */
__kernel void PICL_CAT(deposit_rho, SP_SUFFIX)(__global real *F, PICL_PARTICLE_POSITION(PA_PARAM_CONST)
                                               PICL_PARTICLE_WEIGHT(PA_PARAM_CONST)
                                               PICL_PARTICLE_LEVEL(PA_PARAM_CONST) __global const long *boxes)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    BOX_ORIGIN(b, ox, oy, oz);
    __global real *rho = COMP(F, C_RHO, b);
#ifdef RZ_MODES /* every mode's rho, with the deposit's volumes (rz_particles.cl) */
    (void)rho;
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++)
        rz_deposit_rho(F, b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, SP_Q * WEIGHT_AT(ip) * SP_ZQ(ip));
    return;
#endif
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        real sx[SHAPE_ORDER + 1], sy[SHAPE_ORDER + 1], sz[SHAPE_ORDER + 1];
        /* one node of weight 1 along an axis 2D or 1D drops (shape.cl) */
        const int i0 = SHAPE_X(SHAPE_ORDER)(px[ip] - ox, sx), j0 = SHAPE_Y(SHAPE_ORDER)(py[ip] - oy, sy),
                  k0 = SHAPE_Z(SHAPE_ORDER)(pz[ip] - oz, sz);
        const real q = SP_RHO_PER_W * WEIGHT_AT(ip) * SP_ZQ(ip); /* an ion: times its charge state */
        for (int k = 0; k < PTS_Z(NODE_PTS); k++)
            for (int j = 0; j < PTS_Y(NODE_PTS); j++)
                for (int i = 0; i < PTS_X(NODE_PTS); i++)
                    rho[IDX(i0 + i, j0 + j, k0 + k)] += q * sx[i] * sy[j] * sz[k];
    }
}

#if SP_FROZEN /* a moving species' energy is kinetic_centred's (kinetic_centred.cl) */
/* out[b] = sum of w (gamma - 1) over box b's particles; times m c^2 on the host.
 * gamma - 1 = u^2/c^2 / (gamma + 1) keeps the digits of a cold plasma. */
__kernel void PICL_CAT(reduce_kinetic, SP_SUFFIX)(PICL_PARTICLE_MOMENTUM(PA_PARAM_CONST)
                                                  PICL_PARTICLE_WEIGHT(PA_PARAM_CONST) __global const long *boxes,
                                                  __global acc_real *out)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    acc_real sum = 0;
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        const acc_real u2 = ((acc_real)pux[ip] * pux[ip] + (acc_real)puy[ip] * puy[ip] + (acc_real)puz[ip] * puz[ip]) *
                            (acc_real)(1.0 / (299792458.0 * 299792458.0));
        sum += WEIGHT_AT(ip) * u2 / (sqrt(1 + u2) + 1);
    }
    out[b] = sum;
}
#endif /* SP_FROZEN */
