/* kinetic_centred.cl: a pushed species' kinetic energy at the time of the fields, t^n, for the
 * reduced diagnostics. Included once per species that moves, with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "gather_energy.cl"
#include "push_boris.cl"
#endif

#ifndef APPLIED_FIELDS /* as in species_step.cl: the push's applied fields, when there are any */
#define APPLIED_PARAM
#endif

#ifndef PICL_KINETIC_CENTRED_CL
#define PICL_KINETIC_CENTRED_CL
/* w (gamma - 1), with gamma - 1 = u^2/c^2 / (gamma + 1): the digits of a cold plasma survive. */
static inline acc_real kinetic_w_gm1(const real *u, const acc_real w)
{
    const acc_real u2 = ((acc_real)u[0] * u[0] + (acc_real)u[1] * u[1] + (acc_real)u[2] * u[2]) *
                        (acc_real)(1.0 / (299792458.0 * 299792458.0));
    return w * u2 / (sqrt(1 + u2) + 1);
}
#endif

/* out[b] = sum over box b of w ((gamma^{n-1/2} - 1) + (gamma^{n+1/2} - 1)) / 2, times m c^2 on the
 * host. The leapfrog holds u at half steps and E, B at whole ones: the kinetic energy of u^{n-1/2}
 * alone lags the field energy by dt/2, and their sum swings at 2 omega_p by about omega_p dt of
 * the energy exchanged (6.8% in inputs/langmuir.lua). u^{n+1/2} is what the next push will make
 * of u^{n-1/2} (the same gather at x^n and push_u), computed here and not stored; the mean of the
 * two half steps is the kinetic energy at t^n to second order in dt. */
__kernel void PICL_CAT(kinetic_centred, SP_SUFFIX)(__global const real *F, PICL_PARTICLE_POSITION(PA_PARAM_CONST)
                                                   PICL_PARTICLE_MOMENTUM(PA_PARAM_CONST)
                                                   PICL_PARTICLE_WEIGHT(PA_PARAM_CONST)
                                                   PICL_PARTICLE_LEVEL(PA_PARAM_CONST) __global const long *boxes,
                                                   __global acc_real *out APPLIED_PARAM)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    BOX_ORIGIN(b, ox, oy, oz);
    acc_real sum = 0;
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
        const acc_real w = WEIGHT_AT(ip);
        gather_fields(GATHER_EB(F), b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, E, B);
#ifdef APPLIED_FIELDS
        const real xc[3] = {px[ip], py[ip], pz[ip]};
        /* as the next push: an element's share of the step t^{n-1/2} .. t^{n+1/2} */
        applied_add(xc, u, (real)0.5, (real)0.5, t_gather, lab_offset, E, B);
#endif
        const acc_real before = kinetic_w_gm1(u, w);
        push_u(u, E, B, SP_QDT_2M * SP_ZQ(ip));
        sum += (before + kinetic_w_gm1(u, w)) / 2;
    }
    out[b] = sum;
}
