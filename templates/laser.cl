/* laser.cl: a laser antenna, one plane of the grid that emits the requested field in one
 * direction only: the total-field / scattered-field source of FDTD (Taflove and Hagness,
 * ch. 5), an electric current sheet on the antenna's node plane and a magnetic one half a cell
 * behind it. The field before it is the requested one; behind it none; and the plane is
 * transparent to every other wave, when it is off too. Included once per laser with its LASER_
 * macros (gen/laser_beam.c). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

#ifndef PICL_LASER_HELPERS
#define PICL_LASER_HELPERS
/* This rank's slot of the box of cell g (cells of the domain; -1: another rank's) and the
 * cell's index there. */
static inline int laser_cell(const int *g, int *box)
{
    const int bx = g[0] / NX, by = g[1] / NY, bz = g[2] / NZ;
    *box = BOX_SLOT(BOX_INDEX(bx, by, bz));
    return IDX(g[0] - bx * NX, g[1] - by * NY, g[2] - bz * NZ);
}
#endif

/* The requested field (V/m, along the polarization) at point r (m) of the antenna plane at time
 * t (s). The Gaussian beam (paraxial; Siegman, Lasers, ch. 17) at distance LASER_Z from its
 * focus: amplitude E0 w0 / w, radius w, wavefront curvature 1/R (LASER_CURV = 1/(2 R c)) which
 * delays the envelope and the carrier alike, and the Gouy phase (LASER_PHASE0), so that the
 * pulse reaches its peak E0 at the focus. */
static inline acc_real PICL_CAT(laser_field, LASER_SUFFIX)(const acc_real *r, const acc_real t)
{
#if LASER_HAS_PROFILE
    return (acc_real)LASER_PROFILE(r[0], r[1], r[2], t);
#else
    const acc_real db = r[LASER_B] - LASER_CENTER_B, dc = r[LASER_C] - LASER_CENTER_C;
    /* 2D and 1D: no radius along a dropped axis (a line, or no transverse profile) */
    const acc_real r2 = (LASER_HAS_B ? db * db : (acc_real)0) + (LASER_HAS_C ? dc * dc : (acc_real)0);
    const acc_real u = t - LASER_T_PEAK - r2 * LASER_CURV;
    return LASER_AMP * exp(-r2 * LASER_INV_W2 - u * u * LASER_INV_TAU2) * cos(LASER_OMEGA * u + LASER_PHASE0);
#endif
}

/* Plane cell (jb, jc) on the transverse axes B, C at the plane of index `plane` along the laser's
 * axis: its box and index, and the two points where the transverse components sit: r0 for E_B
 * and B_C (half a cell up along B), r1 for E_C and B_B (half a cell up along C). Both are taken
 * on the antenna plane itself. */
static inline int PICL_CAT(laser_plane_cell, LASER_SUFFIX)(const int plane, int *box, acc_real *r0, acc_real *r1)
{
    const int jb = (int)get_global_id(0), jc = (int)get_global_id(1);
    int g[3];
    g[LASER_AXIS] = plane;
    g[LASER_B] = jb;
    g[LASER_C] = jc;
    const acc_real d[3] = {DX, DY, DZ}, lower[3] = {LOWER_X, LOWER_Y, LOWER_Z};
    r0[LASER_AXIS] = r1[LASER_AXIS] = LASER_X_ANTENNA;
    r0[LASER_B] = lower[LASER_B] + ((acc_real)jb + (acc_real)0.5) * d[LASER_B];
    r0[LASER_C] = lower[LASER_C] + (acc_real)jc * d[LASER_C];
    r1[LASER_B] = lower[LASER_B] + (acc_real)jb * d[LASER_B];
    r1[LASER_C] = lower[LASER_C] + ((acc_real)jc + (acc_real)0.5) * d[LASER_C];
    return laser_cell(g, box);
}

/* Ampere, at t = t^{n+1/2}: the electric sheet on the antenna's node plane, as the current
 * J = -(eps0 c / d) E_inc(t + LASER_DELAY) added after the sum over box edges and the filter.
 * It stands for the incident B half a cell behind the plane, which a wave moving at the grid's
 * phase velocity along the axis shows there LASER_DELAY later than on the plane. */
__kernel void PICL_CAT(laser_J, LASER_SUFFIX)(__global real *F, const acc_real t)
{
    int box;
    acc_real r0[3], r1[3];
    const int n = PICL_CAT(laser_plane_cell, LASER_SUFFIX)(LASER_E_PLANE, &box, r0, r1);
    if (box < 0)
        return;
    const acc_real when = t + LASER_DELAY;
    if (LASER_POL_B != 0)
        COMP(F, C_JX + LASER_B, box)[n] += (real)(LASER_J_PER_E * LASER_POL_B * PICL_CAT(laser_field, LASER_SUFFIX)(r0, when));
    if (LASER_POL_C != 0)
        COMP(F, C_JX + LASER_C, box)[n] += (real)(LASER_J_PER_E * LASER_POL_C * PICL_CAT(laser_field, LASER_SUFFIX)(r1, when));
}

/* Faraday, after a B half step that used E at time t: the magnetic sheet on the B plane half a
 * cell behind the antenna takes off what the incident E on the plane added to its curl, so
 * nothing is emitted backwards: B_C += s dt/(2 d) E_B,inc and B_B -= s dt/(2 d) E_C,inc (s the
 * direction's sign, in LASER_B_PER_E). */
__kernel void PICL_CAT(laser_B, LASER_SUFFIX)(__global real *F, const acc_real t)
{
    int box;
    acc_real r0[3], r1[3];
    const int n = PICL_CAT(laser_plane_cell, LASER_SUFFIX)(LASER_B_PLANE, &box, r0, r1);
    if (box < 0)
        return;
    if (LASER_POL_B != 0)
        COMP(F, C_BX + LASER_C, box)[n] += (real)(LASER_B_PER_E * LASER_POL_B * PICL_CAT(laser_field, LASER_SUFFIX)(r0, t));
    if (LASER_POL_C != 0)
        COMP(F, C_BX + LASER_B, box)[n] -= (real)(LASER_B_PER_E * LASER_POL_C * PICL_CAT(laser_field, LASER_SUFFIX)(r1, t));
}
