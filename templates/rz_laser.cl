/* rz_laser.cl: a laser antenna in RZ (docs/rz.md, "Lasers"): laser.cl's total-field /
 * scattered-field sheets on the node plane z = z_antenna, written into mode 1's cos and sin parts.
 * Included once per laser with its LASER_ macros (gen/laser_beam.c); x is r, the beam's axis r = 0. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl" /* PICL_CAT */
#include "maxwell_rz.cl"
#endif

#ifndef PICL_RZ_LASER_HELPERS
#define PICL_RZ_LASER_HELPERS
/* r node i (global) of the plane `plane` along z: this rank's slot of its box (-1: another
 * rank's) and the cell's index there. */
static inline int rz_laser_cell(const int i, const int plane, int *box)
{
    const int bx = i / NX, bz = plane / NZ;
    *box = BOX_SLOT(BOX_INDEX(bx, 0, bz));
    return IDX(i - bx * NX, 0, plane - bz * NZ);
}
#endif

/* The requested field (V/m, along the polarization) at radius r (m) of the antenna plane at time
 * t (s): laser.cl's round Gaussian beam (Siegman ch. 17), amplitude E0 w0 / w, curvature and Gouy
 * phase at the antenna's distance from the focus, as the generator worked them out. */
static inline acc_real PICL_CAT(rz_laser_field, LASER_SUFFIX)(const acc_real r, const acc_real t)
{
    const acc_real r2 = r * r;
    const acc_real u = t - LASER_T_PEAK - r2 * LASER_CURV;
    return LASER_AMP * exp(-r2 * LASER_INV_W2 - u * u * LASER_INV_TAU2) * cos(LASER_OMEGA * u + LASER_PHASE0);
}

/* A field E f(r) along the polarization (p_x, p_y) is, in the cylindrical components, E_r = f (p_x
 * cos theta + p_y sin theta) and E_t = f (p_y cos theta - p_x sin theta): mode 1 alone, its cos
 * parts (p_x f, p_y f) and sin parts (p_y f, -p_x f), the stored coefficients themselves (no c_m:
 * that factor belongs to projecting a point in theta, docs/rz.md "Particles"). On the axis this is
 * E_t~ = -i E_r~, the transverse field there. The z parts of the curl are Cartesian (curl_r has
 * -dF_t/dz, curl_t dF_r/dz), so laser.cl's sheets carry over part by part with B -> x, C -> y:
 * E_r's sheet at r_{i+1/2}, E_t's at r_i (its axis node included, where m = 1's E_t lives). */

/* Ampere, at t^{n+1/2}: J = -(eps0 c / dz) E_inc(t + LASER_DELAY) on the antenna's node plane. */
__kernel void PICL_CAT(laser_J, LASER_SUFFIX)(__global real *F, const acc_real t, const int shift)
{
    (void)shift; /* no moving window in RZ yet (lua/schema.lua) */
    const int i = (int)get_global_id(0);
    int b;
    const int n = rz_laser_cell(i, LASER_E_PLANE, &b);
    if (b < 0)
        return;
    const acc_real when = t + LASER_DELAY;
    const acc_real jr = LASER_J_PER_E * PICL_CAT(rz_laser_field, LASER_SUFFIX)(((acc_real)i + (acc_real)0.5) * DR, when);
    const acc_real jt = LASER_J_PER_E * PICL_CAT(rz_laser_field, LASER_SUFFIX)((acc_real)i * DR, when);
    RZF(F, RZ_JR, 1, 0, b)[n] += (real)(LASER_POL_B * jr);
    RZF(F, RZ_JR, 1, 1, b)[n] += (real)(LASER_POL_C * jr);
    RZF(F, RZ_JT, 1, 0, b)[n] += (real)(LASER_POL_C * jt);
    RZF(F, RZ_JT, 1, 1, b)[n] -= (real)(LASER_POL_B * jt);
}

/* Faraday, after a B half step that used E at time t: the magnetic sheet half a cell behind the
 * antenna, B_t += s dt/(2 dz) E_r,inc and B_r -= s dt/(2 dz) E_t,inc (laser.cl's B_C and B_B). */
__kernel void PICL_CAT(laser_B, LASER_SUFFIX)(__global real *F, const acc_real t, const int shift)
{
    (void)shift;
    const int i = (int)get_global_id(0);
    int b;
    const int n = rz_laser_cell(i, LASER_B_PLANE, &b);
    if (b < 0)
        return;
    const acc_real er = LASER_B_PER_E * PICL_CAT(rz_laser_field, LASER_SUFFIX)(((acc_real)i + (acc_real)0.5) * DR, t);
    const acc_real et = LASER_B_PER_E * PICL_CAT(rz_laser_field, LASER_SUFFIX)((acc_real)i * DR, t);
    RZF(F, RZ_BT, 1, 0, b)[n] += (real)(LASER_POL_B * er);
    RZF(F, RZ_BT, 1, 1, b)[n] += (real)(LASER_POL_C * er);
    RZF(F, RZ_BR, 1, 0, b)[n] -= (real)(LASER_POL_C * et);
    RZF(F, RZ_BR, 1, 1, b)[n] += (real)(LASER_POL_B * et);
}
