/* rz_particles.cl: gather and charge-conserving deposition for the quasi-cylindrical geometry:
 * Cartesian particles on the per-mode (r, z) grids of maxwell_rz.cl, shape orders 1 to 3 (docs/rz.md). */
#ifndef PICL_RZ_PARTICLES_CL
#define PICL_RZ_PARTICLES_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "maxwell_rz.cl"
#define RZ_RHO_V 1.0 /* 1 / (2 pi dr^2 dz) */
#define RZ_RHO_V0 1.0 /* 1 / (pi (dr/2)^2 dz): the axis disc */
#define RZ_J_A 1.0 /* 1 / (2 pi dr dz dt) */
#define RZ_JZ_A 1.0 /* 1 / (2 pi dr^2 dt) */
#define RZ_JZ_A0 1.0 /* 1 / (pi (dr/2)^2 dt) */
#endif

/* Positions: x, y in cells of dr from the axis, z in box-local cells of dz, so r = hypot(x, y)
 * is the r node index (boxes along z only: the box's r origin is 0); r is the caller's, so that
 * one hypot per position serves the gather, the deposit and the wall test (a software hypot is
 * ~170 instructions: bench/callgrind_rz.sh). The phase of mode m is exp(i m theta) = (cos m theta, sin m theta): the particle's part-0 (cos) and part-1 (sin)
 * weights, F = F0 + sum_m (F_m,0 cos m theta + F_m,1 sin m theta) (maxwell_rz.cl's RZC). */
static inline void rz_angle(const real x, const real y, const real r, real *c, real *s)
{
    /* on the axis theta is undefined; every mode m >= 1 vanishes there, so any angle will do */
    *c = r > 0 ? x / r : (real)1;
    *s = r > 0 ? y / r : (real)0;
}

/* (cos m theta, sin m theta) for m = 0 .. RZ_MODES-1 by the recurrence e^{i(m+1)theta} =
 * e^{i m theta} e^{i theta} (no trigonometric calls per mode). */
static inline void rz_phases(const real c, const real s, real *cm, real *sm)
{
    cm[0] = 1;
    sm[0] = 0;
    for (int m = 1; m < RZ_MODES; m++) {
        cm[m] = cm[m - 1] * c - sm[m - 1] * s;
        sm[m] = sm[m - 1] * c + cm[m - 1] * s;
    }
}

/* The stored parts in order q = 0 .. RZ_MODE_COMPS-1 (maxwell_rz.cl's RZC): m = 0, then the cos
 * (p = 0) and sin (p = 1) parts of m = 1, 2, ... A flat loop over q unrolls, with each part's
 * mode a constant, where the nested (m, p) loop did not (the same sums in the same order). */
#define RZ_QM(q) (((q) + 1) / 2)
#define RZ_QP(q) ((q) > 0 && ((q) & 1) == 0)

/* The sign a field of mode m takes reflected through the axis, F_m(-r) = sign F_m(r) (the point
 * (-r, theta) is (r, theta + pi), and e_r, e_theta flip there): (-1)^m for the z components and
 * scalars, (-1)^(m+1) for the r and theta components. WarpX's RZ gather and deposit fill the
 * half cell below the axis the same way. */
#define RZ_PARITY(m, vec) ((((m) + (vec)) & 1) ? (real)-1 : (real)1)

/* The stored index and sign of node a of a shape along r, a possibly below the axis: integer
 * nodes (stag = 0) at r = a, half nodes (stag = 1, stored at index a) at r = a + 1/2. A node
 * below the axis is the reflection of its mirror, -a or -a - 1, times the parity sign. */
static inline int rz_fold(const int a, const int stag, const real sign, real *s)
{
    *s = a < 0 ? sign : (real)1;
    return a >= 0 ? a : stag ? -a - 1 : -a;
}

/* One component f at the particle: sum over the parts of the order-SHAPE_ORDER B-spline
 * interpolation from its own staggered position (weights Sr from r node i, Sz from z node k),
 * times the part's phase ph; the nodes below the axis are read from their mirror nodes times
 * the mode's parity (at order 1 only the half node -dr/2 is ever below it). */
static inline real rz_gather_one(__global const real *F, const int b, const int f, const int half_r, const int vec,
                                 const int i, const real *Sr, const int k, const real *Sz, const real *ph)
{
    real out = 0;
    for (int q = 0; q < RZ_MODE_COMPS; q++) {
        __global const real *g = COMP(F, f * RZ_MODE_COMPS + q, b);
        real v = 0;
        for (int a = 0; a <= SHAPE_ORDER; a++) {
            real sg;
            const int ia = rz_fold(i + a, half_r, RZ_PARITY(RZ_QM(q), vec), &sg);
            real row = 0;
            for (int c = 0; c <= SHAPE_ORDER; c++)
                row += Sz[c] * g[IDX(ia, 0, k + c)];
            v += sg * Sr[a] * row;
        }
        out += v * ph[q];
    }
    return out;
}

/* E and B at a particle at (x, y, z), r = hypot(x, y), of box b, Cartesian: each cylindrical
 * component interpolated at order SHAPE_ORDER from its own Yee position (so a field linear in r
 * and z is reproduced exactly; near the axis, a field of each mode's parity), the modes summed
 * at the particle's theta, then (F_r, F_t) rotated to (F_x, F_y). The four staggered shapes
 * (integer and half nodes along r and z) are computed once for the six components. */
static inline void rz_gather_fields(__global const real *F, const int b, const real x, const real y, const real z,
                                    const real r, real *E, real *B)
{
    real c, s, cm[RZ_MODES], sm[RZ_MODES], ph[RZ_MODE_COMPS];
    rz_angle(x, y, r, &c, &s);
    rz_phases(c, s, cm, sm);
    for (int q = 0; q < RZ_MODE_COMPS; q++)
        ph[q] = RZ_QP(q) ? sm[RZ_QM(q)] : cm[RZ_QM(q)];
    real Sr[SHAPE_ORDER + 1], Srh[SHAPE_ORDER + 1], Sz[SHAPE_ORDER + 1], Szh[SHAPE_ORDER + 1];
    const int i = SHAPE(SHAPE_ORDER)(r, Sr), ih = SHAPE(SHAPE_ORDER)(r - (real)0.5, Srh);
    const int k = SHAPE(SHAPE_ORDER)(z, Sz), kh = SHAPE(SHAPE_ORDER)(z - (real)0.5, Szh);
    /* field, half in r, vector (r or theta component), then its r and z weights */
    const real er = rz_gather_one(F, b, RZ_ER, 1, 1, ih, Srh, k, Sz, ph);
    const real et = rz_gather_one(F, b, RZ_ET, 0, 1, i, Sr, k, Sz, ph);
    const real br = rz_gather_one(F, b, RZ_BR, 0, 1, i, Sr, kh, Szh, ph);
    const real bt = rz_gather_one(F, b, RZ_BT, 1, 1, ih, Srh, kh, Szh, ph);
    E[0] = c * er - s * et;
    E[1] = s * er + c * et;
    E[2] = rz_gather_one(F, b, RZ_EZ, 0, 0, i, Sr, kh, Szh, ph);
    B[0] = c * br - s * bt;
    B[1] = s * br + c * bt;
    B[2] = rz_gather_one(F, b, RZ_BZ, 1, 0, ih, Srh, k, Sz, ph);
}

/* The radial deposit weights of a particle at r (in cells), i = floor(r), t = r - i: the
 * B-spline of order SHAPE_ORDER on nodes start .. start + SHAPE_ORDER (returned; below the axis
 * at orders 2 and 3 near it, where the deposits fold them onto their mirror nodes with the
 * mode's parity), plus t (1 - t) RZ_G(i) moved from node i to node i + 1. At order 1, RZ_G =
 * 1 / (4 i + 2): the plain hat gives node i from cell i the volume pi dr^2 (i + 1/3) dz of a
 * uniform density, where the solver's control volume of node i ends at r_{i+1/2}: pi dr^2 (i +
 * 1/4) dz. The extra 1/12 is the axis node's 4/3 of the density, and in the charge-conserving
 * current the flux through every face r_{i+1/2} of a uniform compression is pi dr^2 (i^2 + i +
 * 1/3) instead of pi r_{i+1/2}^2 (J_r at dr/2 4/3 of the fluid's, at 3 dr/2 28/27: the fast
 * oscillation next to the axis). In general the shift across the face r_{i+1/2} of a uniform
 * density is RZ_G(i) (2 i + 1) / 12 per unit density, and it is set to the excess E_i of the
 * folded B-spline's charge over the solver's volumes of nodes 0 .. i: E_i = n / 24 (half the
 * variance of the cumulative weights) wherever the shape does not fold, so RZ_G = n / (4 i + 2),
 * and in cell 0 at orders 2 and 3, where it folds, E_0 = 5/64 and 13/120 (exact integrals of the
 * splines: RZ_G0 = 15/16, 13/10). A uniform density then deposits uniform rho on every node, the
 * axis disc included, and its compression the exact J_r (Ruyten's density-conserving shape
 * factors, J. Comput. Phys. 105, 224 (1993), with the solver's volumes; Verboncoeur's
 * alternative, J. Comput. Phys. 174, 421 (2001), keeps the hat and gives the axis node pi dr^2 /
 * 3, which Gauss's law with the disc rule for E_z forbids). */
#if SHAPE_ORDER == 2
#define RZ_G0 (real)(15.0 / 16.0)
#elif SHAPE_ORDER == 3
#define RZ_G0 (real)(13.0 / 10.0)
#else
#define RZ_G0 (real)0.5
#endif
static inline int rz_shape_r(const real r, real *S)
{
    const int s = SHAPE(SHAPE_ORDER)(r, S);
    const int i = (int)floor(r);
    const real t = r - i, d = t * (1 - t) * (i == 0 ? RZ_G0 : (real)SHAPE_ORDER / (real)(4 * i + 2));
    S[i - s] -= d;
    S[i + 1 - s] += d;
    return s;
}

/* RZ_BEYOND_WALL: at orders 2 and 3 a particle within two cells of r_max has weights on nodes
 * beyond the wall node r_max (guard cells). They are not deposited, nor J_r on the faces above
 * r_max: the guards' SumBoundary would add them back as the Cartesian PEC images (density onto
 * the mirror node), which the annuli's volumes do not fit, and Gauss's law inside would break
 * (1.3e-2 in a warm plasma). Continuity holds on every node below r_max regardless (the fluxes
 * through its faces are the changes inside them); the charge beyond the wall is not seen, as
 * the charge of a particle absorbed there sits on the wall's node. */
/* The density of a particle of charge q w at (x, y, z), per mode: rho~_m = c_m q w S(i, k) (rz_shape_r along r)
 * exp(i m theta) / V_i, with c_0 = 1 and c_m = 2 (the Fourier projection of a point in theta
 * onto F = Re sum F~m exp(-i m theta)), and V_i = 2 pi r_i dr dz the annulus of node i; the axis
 * node's volume is the disc r < dr/2, pi (dr/2)^2 dz, the disc of maxwell_rz.cl's axis rule for
 * E_z (so Gauss's law there holds with the continuity below). Modes m >= 1 vanish on the axis:
 * their node-0 density is not deposited (their fields are held 0 or, for m = 1's E_t, evolved
 * without it). */
static inline void rz_deposit_rho(__global real *F, const int b, const real x, const real y, const real z,
                                  const real qw)
{
    real c, s, cm[RZ_MODES], sm[RZ_MODES];
    const real r = hypot(x, y);
    rz_angle(x, y, r, &c, &s);
    rz_phases(c, s, cm, sm);
    real Sr[SHAPE_ORDER + 1], Sz[SHAPE_ORDER + 1];
    const int i = rz_shape_r(r, Sr), k = SHAPE(SHAPE_ORDER)(z, Sz);
    for (int m = 0; m < RZ_MODES; m++)
        for (int p = 0; p <= (m > 0); p++) {
            const real ph = (m == 0 ? 1 : 2) * qw * (p == 0 ? cm[m] : sm[m]);
            __global real *rho = RZF(F, RZ_RHO, m, p, b);
            for (int a = 0; a <= SHAPE_ORDER; a++) {
                real sg;
                const int ia = rz_fold(i + a, 0, RZ_PARITY(m, 0), &sg);
                if ((ia == 0 && m > 0) || ia > CELLS_X) /* beyond the wall: RZ_BEYOND_WALL */
                    continue;
                const real inv_v = ia == 0 ? (real)RZ_RHO_V0 : (real)RZ_RHO_V / (real)ia;
                for (int d = 0; d <= SHAPE_ORDER; d++)
                    DEPOSIT_ADD(rho + IDX(ia, 0, k + d), sg * ph * inv_v * Sr[a] * Sz[d]);
            }
        }
}

/* The Esirkepov window along one axis: old and new weights of order SHAPE_ORDER on RZ_W nodes
 * from the returned start, the lower of the two shapes' first nodes (below the axis along r near
 * it); the particle moved less than a cell, so the two shapes span RZ_W = SHAPE_ORDER + 2 nodes
 * (a window of SHAPE_ORDER + 3 from the old shape's first node - 1 always held a node with no
 * weight: 16 of order 1's 4 x 4 nodes per part visited for at most 9 that carry current). Along r
 * (radial = 1) the weights are rz_shape_r's, those of the charge. *down: the shape moved down a node
 * (s1 < s0); then the flux through the face above the window's last node
 * is the round-off of the weights' sums, deposited as the wider window did (bit for bit). */
#define RZ_W (SHAPE_ORDER + 2)
static inline int rz_esk_weights(const real u0, const real u1, const int radial, real *S0, real *DS, int *down)
{
    real S1[RZ_W], w0[SHAPE_ORDER + 1], w1[SHAPE_ORDER + 1];
    for (int a = 0; a < RZ_W; a++)
        S0[a] = S1[a] = 0;
    const int s0 = radial ? rz_shape_r(u0, w0) : SHAPE(SHAPE_ORDER)(u0, w0);
    const int s1 = radial ? rz_shape_r(u1, w1) : SHAPE(SHAPE_ORDER)(u1, w1);
    const int i0 = min(s0, s1);
    for (int a = 0; a <= SHAPE_ORDER; a++) {
        S0[s0 - i0 + a] = w0[a];
        S1[s1 - i0 + a] = w1[a];
    }
    for (int a = 0; a < RZ_W; a++)
        DS[a] = S1[a] - S0[a];
    *down = s1 < s0;
    return i0;
}

/* The charge-conserving current of a particle of charge q w moving from (x0, y0, z0) to
 * (x1, y1, z1), radii r0 = hypot(x0, y0) and r1 = hypot(x1, y1) (the caller's), over dt with mid-step velocity (vx, vy) in m/s, per mode. The change of the
 * mode's charge on node (i, k), c q w (W1 e1 - W0 e0) with W the (r, z) weights and e = exp(i m
 * theta), is split exactly as c q w [(W1 - W0) (e0 + e1)/2 + (W0 + W1)/2 (e1 - e0)]:
 * - the first term is Esirkepov's 2D split of W1 - W0 in (r, z) (Comput. Phys. Commun. 135,
 *   144 (2001)) into fluxes through the r faces (i + 1/2) and z faces (k + 1/2), carried with
 *   the mean phase: J_r = flux / (dt 2 pi r_{i+1/2} dz), J_z = flux / (dt V_i / dz);
 * - the second is the theta flux: -i m J~_t V_i / r_i = c q w W_mean (e1 - e0) / dt gives
 *   J~_t = -i c q w W_mean (e1 - e0) / (m dt 2 pi dr dz) for m >= 1, while m = 0, which has no
 *   theta flux, takes the particle's angular velocity: J_t = q w W_mean v_t / V_i.
 * So (rho~^{n+1} - rho~^n) / dt + div_m J~ = 0 holds on every node with the divergence of
 * maxwell_rz.cl's Ampere (axis node of m = 0: the disc's 4 J_r(dr/2) / dr), and Gauss's law per
 * mode is kept. On the axis node, m >= 1 deposits no J_z and no charge-conserving J_t (their
 * density is 0 there); m = 1's J_t there, the transverse current through the axis, takes the
 * velocity as m = 0 does (the projection c q w W_mean v_t e^{i theta} / V_0 at the mid-step
 * angle), m >= 2 none (their E_t is held 0).
 * Orders 2 and 3 near the axis: the split holds on the r line extended below the axis, and each
 * node or face below it is folded onto its mirror with the parity of what it carries: rho, J_z
 * and the theta flux (-1)^m (the flux's r_i / V_i changes sign with r_i, J_t's parity
 * (-1)^(m+1) with it), J_r (-1)^(m+1) (the face -r_{i+1/2} is r_{i+1/2}, its outward direction
 * reversed), m = 0's J_t -1. Folding is linear and maps the extended divergence onto the
 * solver's (the axis node is its own mirror and keeps its disc), so continuity per mode holds
 * on every node r >= 0, and no charge below the axis is lost. */
static inline void rz_deposit_current(__global real *F, const int b, const real x0, const real y0, const real z0,
                                      const real x1, const real y1, const real z1, const real vx, const real vy,
                                      const real qw, const real r0, const real r1)
{
    real c0, s0, c1, s1, ch, sh;
    real cm0[RZ_MODES], sm0[RZ_MODES], cm1[RZ_MODES], sm1[RZ_MODES], cmh[RZ_MODES], smh[RZ_MODES];
    const real xh = (real)0.5 * (x0 + x1), yh = (real)0.5 * (y0 + y1);
    rz_angle(x0, y0, r0, &c0, &s0);
    rz_angle(x1, y1, r1, &c1, &s1);
    rz_angle(xh, yh, hypot(xh, yh), &ch, &sh);
    rz_phases(c0, s0, cm0, sm0);
    rz_phases(c1, s1, cm1, sm1);
    rz_phases(ch, sh, cmh, smh);
    const real vt = ch * vy - sh * vx; /* the angular velocity times r, at mid-step */
    real S0r[RZ_W], DSr[RZ_W], S0z[RZ_W], DSz[RZ_W];
    int down_r, down_z;
    const int i0 = rz_esk_weights(r0, r1, 1, S0r, DSr, &down_r);
    const int k0 = rz_esk_weights(z0, z1, 0, S0z, DSz, &down_z);
    /* Fr[a][d]: flux (in particles) through the face between r nodes i0 + a, i0 + a + 1 at z
     * node k0 + d; Fz[a][d]: through the face between z nodes k0 + d, k0 + d + 1 at r node
     * i0 + a; Wm: the mean weight (W0 + W1) / 2 */
    real Fr[RZ_W][RZ_W], Fz[RZ_W][RZ_W], Wm[RZ_W][RZ_W];
    for (int d = 0; d < RZ_W; d++) {
        real acc = 0;
        for (int a = 0; a < RZ_W; a++) {
            acc -= DSr[a] * (S0z[d] + (real)0.5 * DSz[d]);
            Fr[a][d] = acc;
        }
    }
    for (int a = 0; a < RZ_W; a++) {
        real acc = 0;
        for (int d = 0; d < RZ_W; d++) {
            acc -= DSz[d] * (S0r[a] + (real)0.5 * DSr[a]);
            Fz[a][d] = acc;
            Wm[a][d] = S0r[a] * S0z[d] + (real)0.5 * (S0r[a] * DSz[d] + DSr[a] * S0z[d] + DSr[a] * DSz[d]);
        }
    }
    for (int q = 0; q < RZ_MODE_COMPS; q++) {
        const int m = RZ_QM(q), p = RZ_QP(q);
        const real cq = (m == 0 ? 1 : 2) * qw;
        /* mean phase (e0 + e1) / 2 and change e1 - e0 */
        const real er = (real)0.5 * (cm0[m] + cm1[m]), ei = (real)0.5 * (sm0[m] + sm1[m]);
        const real dr_ = cm1[m] - cm0[m], di = sm1[m] - sm0[m];
        const real e = p == 0 ? er : ei;
        /* part p of -i (e1 - e0): (di, -dr) */
        const real de = p == 0 ? di : -dr_;
        __global real *Jr = COMP(F, RZ_JR * RZ_MODE_COMPS + q, b), *Jt = COMP(F, RZ_JT * RZ_MODE_COMPS + q, b),
                    *Jz = COMP(F, RZ_JZ * RZ_MODE_COMPS + q, b);
        for (int a = 0; a < RZ_W; a++) {
            real sn, sf, st;
            const int ia = rz_fold(i0 + a, 0, RZ_PARITY(m, 0), &sn); /* rho, J_z, theta flux */
            const int ir = rz_fold(i0 + a, 1, RZ_PARITY(m, 1), &sf); /* the face above: J_r */
            rz_fold(i0 + a, 0, (real)-1, &st); /* m = 0's J_t */
            if (ia > CELLS_X) /* beyond the wall, and the faces above it: RZ_BEYOND_WALL */
                continue;
            for (int d = 0; d < RZ_W; d++) {
                const int n = IDX(ia, 0, k0 + d);
                if ((a < RZ_W - 1 || down_r) && Fr[a][d] != 0 && ir < CELLS_X)
                    DEPOSIT_ADD(Jr + IDX(ir, 0, k0 + d),
                                sf * cq * e * Fr[a][d] * (real)RZ_J_A / ((real)ir + (real)0.5));
                if ((d < RZ_W - 1 || down_z) && Fz[a][d] != 0 && (ia > 0 || m == 0))
                    DEPOSIT_ADD(Jz + n, sn * cq * e * Fz[a][d] *
                                            (ia == 0 ? (real)RZ_JZ_A0 : (real)RZ_JZ_A / (real)ia));
                if (Wm[a][d] == 0)
                    continue;
                if (m == 0 && ia > 0)
                    DEPOSIT_ADD(Jt + n, st * qw * Wm[a][d] * vt * (real)RZ_RHO_V / (real)ia);
                else if (m > 0 && ia > 0)
                    DEPOSIT_ADD(Jt + n, sn * cq * Wm[a][d] * de * (real)RZ_J_A / (real)m);
                else if (m == 1) /* ia == 0 */
                    DEPOSIT_ADD(Jt + n, cq * Wm[a][d] * vt * (p == 0 ? cmh[1] : smh[1]) *
                                            (real)RZ_RHO_V0);
            }
        }
    }
}

/* Test and wiring kernels: one work item per particle, atomic additions (DEPOSIT_ATOMIC).
 * P rows: gather (x, y, z) -> EB rows (Ex, Ey, Ez, Bx, By, Bz); rho (x, y, z, q w); current
 * (x0, y0, z0, x1, y1, z1, vx, vy, q w). All in box 0 (boxes along z are the next step's). */
__kernel void rz_gather_k(__global const real *F, __global const real *P, __global real *EB, const int n)
{
    const int id = get_global_id(0);
    if (id >= n)
        return;
    real E[3], B[3];
    rz_gather_fields(F, 0, P[3 * id], P[3 * id + 1], P[3 * id + 2], hypot(P[3 * id], P[3 * id + 1]), E, B);
    for (int a = 0; a < 3; a++) {
        EB[6 * id + a] = E[a];
        EB[6 * id + 3 + a] = B[a];
    }
}

__kernel void rz_deposit_rho_k(__global real *F, __global const real *P, const int n)
{
    const int id = get_global_id(0);
    if (id < n)
        rz_deposit_rho(F, 0, P[4 * id], P[4 * id + 1], P[4 * id + 2], P[4 * id + 3]);
}

__kernel void rz_deposit_current_k(__global real *F, __global const real *P, const int n)
{
    const int id = get_global_id(0);
    if (id >= n)
        return;
    __global const real *q = P + 9 * id;
    rz_deposit_current(F, 0, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], hypot(q[0], q[1]),
                       hypot(q[3], q[4]));
}
#endif /* PICL_RZ_PARTICLES_CL */
