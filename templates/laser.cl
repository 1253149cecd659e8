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
#if LASER_OBLIQUE
/* An oblique beam: the same Gaussian beam, evaluated at any point r from the beam's own frame:
 * s along LASER_DIR from position (t_peak is when the envelope's peak crosses s = 0), rp the
 * distance from its axis (only along the kept axes: a 2D beam is a sheet uniform in y), and the
 * radius, curvature, Gouy phase and amplitude at s - focal_distance from the focus. */
static inline acc_real PICL_CAT(laser_field, LASER_SUFFIX)(const acc_real *r, const acc_real t)
{
    const acc_real ex = HAS_X ? r[0] - LASER_POS_X : (acc_real)0, ey = HAS_Y ? r[1] - LASER_POS_Y : (acc_real)0;
    const acc_real ez = HAS_Z ? r[2] - LASER_POS_Z : (acc_real)0;
    const acc_real s = ex * LASER_DIR_X + ey * LASER_DIR_Y + ez * LASER_DIR_Z;
    const acc_real rp2 = fmax(ex * ex + ey * ey + ez * ez - s * s, (acc_real)0);
    const acc_real zf = s - LASER_FOCAL, q = zf / LASER_ZR;
    const acc_real grow = (acc_real)1 + q * q; /* (w / w0)^2 */
    const acc_real amp = LASER_KEPT == 2 ? LASER_E0 / sqrt(grow) : LASER_E0 / sqrt(sqrt(grow));
    const acc_real curv = zf / (zf * zf + LASER_ZR * LASER_ZR) / ((acc_real)2 * (acc_real)PICL_C);
    const acc_real u = t - LASER_T_PEAK - s / (acc_real)PICL_C - rp2 * curv;
    const acc_real gouy = (LASER_KEPT == 2 ? (acc_real)1 : (acc_real)0.5) * atan(q);
    return amp * exp(-rp2 / (LASER_W0 * LASER_W0 * grow) - u * u * LASER_INV_TAU2) * cos(LASER_OMEGA * u + gouy);
}
#else
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
#endif

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
__kernel void PICL_CAT(laser_J, LASER_SUFFIX)(__global real *F, const acc_real t, const int shift)
{
    int box;
    acc_real r0[3], r1[3];
    /* with the window along the axis the antenna stays in the lab: `shift` cells lower in the
     * grid; once its planes have left the domain it emits nothing */
    if (LASER_E_PLANE - shift < 1 || LASER_B_PLANE - shift < 0)
        return;
    const int n = PICL_CAT(laser_plane_cell, LASER_SUFFIX)(LASER_E_PLANE - shift, &box, r0, r1);
    if (box < 0)
        return;
#if LASER_OBLIQUE
    /* E_B += s c^2 dt / d B_inc,C and E_C -= s c^2 dt / d B_inc,B, with B_inc = (dir x pol) E_inc / c
     * where those B components lie, half a cell behind the plane, at t^{n+1/2}: there the grid's
     * wave shows what the plane shows LASER_DELAY later (gen/laser_beam.c) */
    const acc_real when = t + LASER_DELAY;
    if (LASER_Q_C != 0)
        COMP(F, C_JX + LASER_B, box)[n] -= (real)(LASER_JQ * LASER_Q_C * PICL_CAT(laser_field, LASER_SUFFIX)(r0, when));
    if (LASER_Q_B != 0)
        COMP(F, C_JX + LASER_C, box)[n] += (real)(LASER_JQ * LASER_Q_B * PICL_CAT(laser_field, LASER_SUFFIX)(r1, when));
#else
    const acc_real when = t + LASER_DELAY;
    if (LASER_POL_B != 0)
        COMP(F, C_JX + LASER_B, box)[n] += (real)(LASER_J_PER_E * LASER_POL_B * PICL_CAT(laser_field, LASER_SUFFIX)(r0, when));
    if (LASER_POL_C != 0)
        COMP(F, C_JX + LASER_C, box)[n] += (real)(LASER_J_PER_E * LASER_POL_C * PICL_CAT(laser_field, LASER_SUFFIX)(r1, when));
#endif
}

#if LASER_OBLIQUE && LASER_CKC
/* CKC's Faraday (maxwell_ckc.cl) takes each difference across the antenna's plane on lines one
 * cell to either side, and the transverse differences of the normal E on lines one cell along
 * the axis, so its sheet is two planes of B, every component: each node subtracts (total side)
 * or adds back (scattered side) CKC's curl of the incident E on the nodes of its stencil that lie
 * across the plane (the total-field/scattered-field rule, Taflove and Hagness ch. 5). The total
 * side is where s (x_a - plane) >= 0, x_a the node's place along the axis in cells. */

/* The incident E_q at point p (in cells from the domain's lower corner): the antenna plane's
 * field at p's transverse place, at the time the grid's wave shows it there, LASER_DELAY per
 * half cell along the axis (gen/laser_beam.c: k_a of CKC's dispersion). */
static inline acc_real PICL_CAT(laser_ckc_einc, LASER_SUFFIX)(const int q, const acc_real *p, const acc_real t)
{
    const acc_real d[3] = {DX, DY, DZ}, lower[3] = {LOWER_X, LOWER_Y, LOWER_Z};
    const acc_real pol[3] = {LASER_POL_X, LASER_POL_Y, LASER_POL_Z};
    acc_real r[3];
    for (int a = 0; a < 3; a++)
        r[a] = lower[a] + p[a] * d[a];
    r[LASER_AXIS] = LASER_X_ANTENNA;
    const acc_real half_cells = (acc_real)2 * (p[LASER_AXIS] - (acc_real)LASER_E_PLANE);
    return pol[q] * PICL_CAT(laser_field, LASER_SUFFIX)(r, t - (acc_real)LASER_SIGN * half_cells * LASER_DELAY);
}

/* Whether the node at place x along the axis (cells) lies on the total side. */
#define LASER_TOTAL(x) ((acc_real)LASER_SIGN * ((x) - (acc_real)LASER_E_PLANE) >= 0)

/* CKC's difference along p of E_q at the B node of cell g, of the incident field on the nodes
 * on the other side of the plane from that node only (total: whether the node is on the total
 * side), divided by d_p. */
static inline acc_real PICL_CAT(laser_ckc_diff, LASER_SUFFIX)(const int p, const int q, const int *g, const int total,
                                                             const acc_real t)
{
    const acc_real d[3] = {DX, DY, DZ};
    const acc_real alpha[3] = {CKC_ALPHA_X, CKC_ALPHA_Y, CKC_ALPHA_Z};
    const acc_real beta[3][3] = {{0, CKC_BETA_XY, CKC_BETA_XZ}, {CKC_BETA_YX, 0, CKC_BETA_YZ}, {CKC_BETA_ZX, CKC_BETA_ZY, 0}};
    const acc_real gamma[3] = {CKC_GAMMA_X, CKC_GAMMA_Y, CKC_GAMMA_Z};
    const int t1 = (p + 1) % 3, t2 = (p + 2) % 3;
    acc_real sum = 0;
    for (int o1 = -1; o1 <= 1; o1++)
        for (int o2 = -1; o2 <= 1; o2++) {
            const acc_real w = o1 == 0 && o2 == 0 ? alpha[p] : o2 == 0 ? beta[p][t1] : o1 == 0 ? beta[p][t2] : gamma[p];
            if (w == 0)
                continue;
            /* E_q's node of this line at the difference's lower end, and the upper end */
            acc_real lo[3] = {(acc_real)g[0], (acc_real)g[1], (acc_real)g[2]};
            lo[q] += (acc_real)0.5;
            lo[t1] += (acc_real)o1;
            lo[t2] += (acc_real)o2;
            acc_real hi[3] = {lo[0], lo[1], lo[2]};
            hi[p] += 1;
            const acc_real e_hi = LASER_TOTAL(hi[LASER_AXIS]) != total ? PICL_CAT(laser_ckc_einc, LASER_SUFFIX)(q, hi, t) : 0;
            const acc_real e_lo = LASER_TOTAL(lo[LASER_AXIS]) != total ? PICL_CAT(laser_ckc_einc, LASER_SUFFIX)(q, lo, t) : 0;
            sum += w * (e_hi - e_lo);
        }
    return sum / d[p];
}

/* Faraday, after a B half step that used E at time t: B_m -= (dt/2) curl_m E was taken with
 * the total field on one side of the plane and the scattered one on the other; the nodes of the
 * cells on the two planes next to the antenna (its cell index and the one below it) are put
 * right. */
__kernel void PICL_CAT(laser_B, LASER_SUFFIX)(__global real *F, const acc_real t, const int shift)
{
    (void)shift; /* CKC's antenna stays on its plane of the grid (lua/schema.lua: no window then) */
    const int has[3] = {HAS_X, HAS_Y, HAS_Z};
    for (int layer = -1; layer <= 0; layer++) {
        int g[3], box;
        g[LASER_AXIS] = LASER_E_PLANE + layer;
        g[LASER_B] = (int)get_global_id(0);
        g[LASER_C] = (int)get_global_id(1);
        int gm[3] = {g[0], g[1], g[2]};
        gm[LASER_AXIS] = (gm[LASER_AXIS] + LASER_CELLS_A) % LASER_CELLS_A; /* a periodic axis */
        const int n = laser_cell(gm, &box);
        if (box < 0)
            continue;
        for (int m = 0; m < 3; m++) {
            /* B_m sits half a cell up along the two other axes */
            const acc_real x = (acc_real)g[LASER_AXIS] + (m == LASER_AXIS ? (acc_real)0 : (acc_real)0.5);
            const int total = LASER_TOTAL(x);
            const int p1 = (m + 1) % 3, p2 = (m + 2) % 3;
            acc_real curl = 0;
            if (has[p1])
                curl += PICL_CAT(laser_ckc_diff, LASER_SUFFIX)(p1, p2, g, total, t);
            if (has[p2])
                curl -= PICL_CAT(laser_ckc_diff, LASER_SUFFIX)(p2, p1, g, total, t);
            COMP(F, C_BX + m, box)[n] += (real)((total ? -(acc_real)0.5 : (acc_real)0.5) * (acc_real)DT * curl);
        }
    }
}
#undef LASER_TOTAL
#else
/* Faraday, after a B half step that used E at time t: the magnetic sheet on the B plane half a
 * cell behind the antenna takes off what the incident E on the plane added to its curl, so
 * nothing is emitted backwards: B_C += s dt/(2 d) E_B,inc and B_B -= s dt/(2 d) E_C,inc (s the
 * direction's sign, in LASER_B_PER_E). */
__kernel void PICL_CAT(laser_B, LASER_SUFFIX)(__global real *F, const acc_real t, const int shift)
{
    int box;
    acc_real r0[3], r1[3];
    if (LASER_E_PLANE - shift < 1 || LASER_B_PLANE - shift < 0)
        return;
    const int n = PICL_CAT(laser_plane_cell, LASER_SUFFIX)(LASER_B_PLANE - shift, &box, r0, r1);
    if (box < 0)
        return;
    if (LASER_POL_B != 0)
        COMP(F, C_BX + LASER_C, box)[n] += (real)(LASER_B_PER_E * LASER_POL_B * PICL_CAT(laser_field, LASER_SUFFIX)(r0, t));
    if (LASER_POL_C != 0)
        COMP(F, C_BX + LASER_B, box)[n] -= (real)(LASER_B_PER_E * LASER_POL_C * PICL_CAT(laser_field, LASER_SUFFIX)(r1, t));
}
#endif
