/* ionize.cl: field ionization of one ion species (gen/ionization.c), after the step's fields:
 * each particle, at x^{n+1} in E^{n+1} (the gathered grid field plus applied_fields: the lab
 * frame's |E|), goes up one charge state with probability 1 - exp(-w dt), w the ADK rate of
 * its state, at most one state per step; each event adds an electron of the product species
 * at the ion's position with its momentum u^{n+1/2} and its weight. The ion's charge rises by
 * e w exactly where the electron's -e w appears, so rho is unchanged by the event and the
 * current each deposits next step is its own: Gauss's law holds as before. Included once per
 * ionizable species with its SP_ macros, after species_step.cl. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "random.cl"
#include "gather_energy.cl"
#define SP_ION_LEVELS 1
#define SP_ION_INDEX 0
__constant acc_real adk_defaults[1] = {0};
#define SP_ADK_LOG_PRE adk_defaults
#define SP_ADK_POWER adk_defaults
#define SP_ADK_EXPO adk_defaults
#endif

#ifndef APPLIED_FIELDS
#define APPLIED_PARAM
#define APPLIED_ARG
#endif

/* One work item per box, the box's ions in order and the new electrons appended to the product's
 * box in that order, so the result is the same on every run. The draw of ion `id` at step n is a
 * Philox block keyed by the species' seed, tagged 5u in the fourth counter word (apart from the
 * loaders' 0u and flux's 3u). A new electron's id is 2^63 + ion species << 54 + new level << 48 +
 * the ion's id: unique in the product species, whose own ids stay below 2^48. A product box
 * without room flags BT_OVERFLOW = 3 and the run stops with a message. */
__kernel void PICL_CAT(ionize, SP_SUFFIX)(__global const real *F, const long n_step, PICL_PARTICLE_ARRAYS(PA_PARAM)
                                          __global const long *boxes, PICL_PARTICLE_ARRAYS(PA_PARAM_PRODUCT)
                                          __global long *e_boxes APPLIED_PARAM)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    __global long *ebox = e_boxes + b * BT_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    const long e_start = ebox[BT_START], e_cap = ebox[BT_CAP];
    long e_n = ebox[BT_COUNT];
    BOX_ORIGIN(b, ox, oy, oz);
    for (long ip = start; ip < start + n; ip++) {
        const int lv = plevel[ip];
        if (lv >= SP_ION_LEVELS)
            continue; /* bare nucleus */
        real E[3], B[3];
        gather_fields(F, b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, E, B);
#ifdef APPLIED_FIELDS
        const real xc[3] = {px[ip], py[ip], pz[ip]}, u0[3] = {0, 0, 0};
        applied_add(xc, u0, (real)0, (real)0, t_gather, lab_offset, E, B); /* the field at the point */
#endif
        const acc_real e = sqrt((acc_real)E[0] * E[0] + (acc_real)E[1] * E[1] + (acc_real)E[2] * E[2]);
        if (!(e > 0))
            continue;
        const acc_real w = exp(SP_ADK_LOG_PRE[lv] - SP_ADK_POWER[lv] * log(e) - SP_ADK_EXPO[lv] / e);
        const acc_real p = -expm1(-w * (acc_real)DT);
        const ulong id = pid[ip];
        const uint4 r = philox4x32((uint4)((uint)id, (uint)(id >> 32), (uint)n_step, 5u), (uint2)(SP_SEED_LO, SP_SEED_HI));
        /* uniform in [0, 1) from 53 (float: 32) bits */
        const acc_real x = ((acc_real)(r.x >> 11) * (acc_real)4294967296.0 + (acc_real)r.y) *
                           (acc_real)(1.0 / 9007199254740992.0);
        if (x >= p)
            continue;
        if (e_n == e_cap) {
            ebox[BT_OVERFLOW] = 3;
            break;
        }
        plevel[ip] = lv + 1;
        const long to = e_start + e_n++;
        e_px[to] = px[ip];
        e_py[to] = py[ip];
        e_pz[to] = pz[ip];
        e_pux[to] = pux[ip];
        e_puy[to] = puy[ip];
        e_puz[to] = puz[ip];
        e_pw[to] = pw[ip];
        e_pid[to] = ((ulong)1 << 63) | ((ulong)SP_ION_INDEX << 54) | ((ulong)(lv + 1) << 48) | id;
        e_plevel[to] = 0;
    }
    ebox[BT_COUNT] = e_n;
}
