/* btd_particles.cl: the particles of one species that crossed a back-transformed snapshot's lab
 * time in the last step (io/btd.c, runtime/btd_cross.c). The lab time of a boosted-frame event is
 * t = gamma (t' + beta z' / c); along a particle's last move, from (t' - dt, z' - v dt) to
 * (t', z'), it grows (|v| < c / beta), so it passes a snapshot's T at most once a step: there the
 * particle is taken, at the fraction of the move that reaches T. The host transforms it into the
 * lab. One work item per box, like the push; the records go where an atomic counter says, and a
 * launch whose records do not fit is made again with room for them. Included once per species
 * with its SP_ macros, where a back-transformed diagnostic writes the species. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "boost.cl"
#endif

/* A record is BTD_RECORD acc_reals (kernel_iface.h). */
__kernel void PICL_CAT(btd_cross, SP_SUFFIX)(PICL_PARTICLE_POSITION(PA_PARAM_CONST) PICL_PARTICLE_MOMENTUM(PA_PARAM_CONST)
                                             PICL_PARTICLE_WEIGHT(PA_PARAM_CONST) PICL_PARTICLE_ID(PA_PARAM_CONST)
                                             __global const long *boxes, __global const acc_real *times,
                                             const int n_times, const acc_real t_now, const acc_real lower_a,
                                             __global int *count, const int cap, __global acc_real *rec,
                                             __global ulong *rec_id)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    const acc_real d[3] = {DX, DY, DZ}, lower[3] = {LOWER_X, LOWER_Y, LOWER_Z};
    const acc_real inv_c = (acc_real)(1.0 / PICL_C);
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        const acc_real u[3] = {pux[ip], puy[ip], puz[ip]};
        const acc_real gp = sqrt((acc_real)1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * inv_c * inv_c);
        acc_real r[3] = {lower[0] + (acc_real)px[ip] * d[0], lower[1] + (acc_real)py[ip] * d[1],
                         lower[2] + (acc_real)pz[ip] * d[2]};
        r[BOOST_AXIS] += lower_a - lower[BOOST_AXIS];
        const acc_real za_old = r[BOOST_AXIS] - u[BOOST_AXIS] / gp * (acc_real)DT;
        const acc_real t_new = (acc_real)BOOST_GAMMA * (t_now + (acc_real)BOOST_BETA * r[BOOST_AXIS] * inv_c);
        const acc_real t_old =
            (acc_real)BOOST_GAMMA * (t_now - (acc_real)DT + (acc_real)BOOST_BETA * za_old * inv_c);
        for (int k = 0; k < n_times; k++) {
            const acc_real T = times[k];
            if (!(t_old <= T && T < t_new))
                continue;
            const acc_real back = (t_new - T) / (t_new - t_old) * (acc_real)DT; /* before t_now */
            const int slot = atomic_inc(count);
            if (slot >= cap)
                continue;
            __global acc_real *o = rec + (long)slot * BTD_RECORD;
            o[0] = (acc_real)k;
            o[1] = t_now - back;
            for (int a = 0; a < 3; a++) {
                o[2 + a] = r[a] - u[a] / gp * back;
                o[5 + a] = u[a];
            }
            o[8] = WEIGHT_AT(ip);
#if PARTICLE_IDS
            rec_id[slot] = pid[ip];
#else
            rec_id[slot] = 0;
#endif
        }
    }
}
