/* particle_stats.cl: one pass over a species' particles per box for the physicist's reduced
 * diagnostics (runtime/pstats.c): sums for beam moments and the extrema, and histograms. One
 * work item per box, like reduce_kinetic, so each box's sums come in a fixed order and the host
 * combines the boxes in global order. Included once per species with its SP_ macros, and again
 * for each diagnostic with a filter: PSTAT_SUFFIX names its kernels, PSTAT_ACCEPT(x, y, z, ux,
 * uy, uz, gamma, energy) (SI: m, gamma v / c, J) says which particles count (gen/diag_kernels.c). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl" /* PICL_CAT */
#include "pstats_iface.h"
#endif

#ifndef PICL_PARTICLE_STATS_CL
#define PICL_PARTICLE_STATS_CL
/* The quantities (pstats_iface.h): position in cells from grid.lower, u = gamma v in m/s, and
 * gamma - 1 (kinetic energy over m c^2); the host turns them into SI. Shifted sums (by the
 * box's first particle) keep the digits of a bunch whose spread is small against its distance
 * from grid.lower. */

/* gamma - 1 = (u/c)^2 / (gamma + 1): the digits of a cold particle survive. */
static inline acc_real pstat_gamma_m1(const acc_real ux, const acc_real uy, const acc_real uz)
{
    const acc_real u2 = (ux * ux + uy * uy + uz * uz) * (acc_real)(1.0 / (299792458.0 * 299792458.0));
    return u2 / (sqrt(1 + u2) + 1);
}
#endif

#ifndef PSTAT_SUFFIX
#define PSTAT_SUFFIX SP_SUFFIX
#define PSTAT_SUFFIX_DEFAULT
#endif
#ifdef PSTAT_ACCEPT
/* the filter sees SI: positions from the domain's corner now (frame: the moving window's), u / c,
 * gamma and the kinetic energy PSTAT_MC2 (gamma - 1) */
#define PSTAT_TAKES(ip, gm1)                                                                               \
    PSTAT_ACCEPT(frame[0] + (acc_real)px[ip] * DX, frame[1] + (acc_real)py[ip] * DY,                      \
                 frame[2] + (acc_real)pz[ip] * DZ, (acc_real)pux[ip] / PICL_C, (acc_real)puy[ip] / PICL_C, \
                 (acc_real)puz[ip] / PICL_C, 1 + (gm1), PSTAT_MC2 * (gm1))
#else
#define PSTAT_TAKES(ip, gm1) 1
#endif
#ifdef PSTAT_HAS_EXPR /* axes that are not expressions: no value (gen/diag_kernels.c defines the others) */
#ifndef PSTAT_AXIS_0
#define PSTAT_AXIS_0(x, y, z, ux, uy, uz, g, e) 0
#endif
#ifndef PSTAT_AXIS_1
#define PSTAT_AXIS_1(x, y, z, ux, uy, uz, g, e) 0
#endif
#ifndef PSTAT_AXIS_2
#define PSTAT_AXIS_2(x, y, z, ux, uy, uz, g, e) 0
#endif
#endif

__kernel void PICL_CAT(diag_moments, PSTAT_SUFFIX)(PICL_PARTICLE_POSITION(PA_PARAM_CONST) PICL_PARTICLE_MOMENTUM(
    PA_PARAM_CONST) PICL_PARTICLE_WEIGHT(PA_PARAM_CONST) __global const long *boxes, __global const acc_real *frame,
                                                   __global acc_real *out)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    __global acc_real *o = out + b * PSTAT_N;
    acc_real k[PSTAT_Q], s1[PSTAT_Q], s2[PSTAT_Q], lo[PSTAT_Q], hi[PSTAT_Q], cross[3] = {0, 0, 0}, w_all = 0;
    const long first = box[BT_START], n = box[BT_COUNT];
    long taken = 0;
    (void)frame;
    for (int q = 0; q < PSTAT_Q; q++)
        k[q] = s1[q] = s2[q] = lo[q] = hi[q] = 0;
    for (long ip = first; ip < first + n; ip++) {
        const acc_real gm1 = pstat_gamma_m1(pux[ip], puy[ip], puz[ip]);
        if (!(PSTAT_TAKES(ip, gm1)))
            continue;
        const acc_real v[PSTAT_Q] = {px[ip], py[ip], pz[ip], pux[ip], puy[ip], puz[ip], gm1};
        const acc_real w = WEIGHT_AT(ip);
        if (taken++ == 0)
            for (int q = 0; q < PSTAT_Q; q++)
                k[q] = lo[q] = hi[q] = v[q];
        acc_real d[PSTAT_Q];
        for (int q = 0; q < PSTAT_Q; q++) {
            d[q] = v[q] - k[q];
            s1[q] += w * d[q];
            s2[q] += w * d[q] * d[q];
            lo[q] = fmin(lo[q], v[q]);
            hi[q] = fmax(hi[q], v[q]);
        }
        for (int a = 0; a < 3; a++)
            cross[a] += w * d[a] * d[3 + a];
        w_all += w;
    }
    o[PSTAT_COUNT] = (acc_real)taken;
    o[PSTAT_W] = w_all;
    for (int q = 0; q < PSTAT_Q; q++) {
        o[PSTAT_SHIFT + q] = k[q];
        o[PSTAT_S1 + q] = s1[q];
        o[PSTAT_S2 + q] = s2[q];
        o[PSTAT_MIN + q] = lo[q];
        o[PSTAT_MAX + q] = hi[q];
    }
    for (int a = 0; a < 3; a++)
        o[PSTAT_CROSS + a] = cross[a];
}

/* Box b's histogram into out[b * n_bins ...]: spec holds, per axis (3, unused ones with one
 * bin), the quantity (index into the moments' list above), the bins, the lower edge and the
 * bins per unit, in the kernels' units. A particle outside any range is left out. */
__kernel void PICL_CAT(diag_histogram, PSTAT_SUFFIX)(PICL_PARTICLE_POSITION(PA_PARAM_CONST) PICL_PARTICLE_MOMENTUM(
    PA_PARAM_CONST) PICL_PARTICLE_WEIGHT(PA_PARAM_CONST) __global const long *boxes, __global const acc_real *frame,
                                                     __global const acc_real *spec, const int n_bins,
                                                     __global acc_real *out)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    __global acc_real *h = out + (long)b * n_bins;
    (void)frame;
    for (int i = 0; i < n_bins; i++)
        h[i] = 0;
    int quantity[3], bins[3];
    acc_real lower[3], per[3];
    for (int a = 0; a < 3; a++) {
        quantity[a] = (int)spec[4 * a];
        bins[a] = (int)spec[4 * a + 1];
        lower[a] = spec[4 * a + 2];
        per[a] = spec[4 * a + 3];
    }
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        const acc_real gm1 = pstat_gamma_m1(pux[ip], puy[ip], puz[ip]);
        if (!(PSTAT_TAKES(ip, gm1)))
            continue;
#ifdef PSTAT_HAS_EXPR
        /* the user's expressions see SI, as the filter does; an expression axis a is quantity 8 + a */
        const acc_real sx = frame[0] + (acc_real)px[ip] * DX, sy = frame[1] + (acc_real)py[ip] * DY,
                       sz = frame[2] + (acc_real)pz[ip] * DZ, sux = (acc_real)pux[ip] / PICL_C,
                       suy = (acc_real)puy[ip] / PICL_C, suz = (acc_real)puz[ip] / PICL_C, sg = 1 + gm1,
                       se = PSTAT_MC2 * gm1;
        const acc_real v[PSTAT_Q + 4] = {px[ip], py[ip], pz[ip], pux[ip], puy[ip], puz[ip], 0, gm1,
                                         PSTAT_AXIS_0(sx, sy, sz, sux, suy, suz, sg, se),
                                         PSTAT_AXIS_1(sx, sy, sz, sux, suy, suz, sg, se),
                                         PSTAT_AXIS_2(sx, sy, sz, sux, suy, suz, sg, se)};
#else
        const acc_real v[PSTAT_Q + 1] = {px[ip], py[ip], pz[ip], pux[ip], puy[ip], puz[ip], 0, gm1};
#endif
        int at = 0, stride = 1, inside = 1;
        for (int a = 0; a < 3; a++) {
            /* quantity 6 is gamma, binned as gamma - 1 (the host shifts its range by one) */
            const int q = quantity[a] == 6 ? 7 : quantity[a];
            const acc_real f = floor((v[q] - lower[a]) * per[a]);
            inside &= f >= 0 && f < bins[a];
            at += (inside ? (int)f : 0) * stride;
            stride *= bins[a];
        }
#ifdef PSTAT_WEIGHT_FACTOR
        if (inside)
            h[at] += WEIGHT_AT(ip) * PSTAT_WEIGHT_FACTOR(sx, sy, sz, sux, suy, suz, sg, se);
#else
        if (inside)
            h[at] += WEIGHT_AT(ip);
#endif
    }
}

#undef PSTAT_TAKES
#ifdef PSTAT_SUFFIX_DEFAULT
#undef PSTAT_SUFFIX
#undef PSTAT_SUFFIX_DEFAULT
#endif
