/* collisions.cl: binary Coulomb collisions (docs/collisions.md). The particles of each box are
 * listed cell by cell (collide_list: a counting sort that moves nothing, as particles_tile_bin
 * does by tile), then every collision entry's kernel (collide.cl) takes one cell per work item,
 * pairs its particles at random and scatters each pair (col_scatter): Takizuka and Abe's
 * pairing, Nanbu's cumulative angle, Perez et al.'s relativistic kinematics (Phys. Plasmas 19,
 * 083104, 2012). Included once, when the input has collisions. */
#ifndef PICL_COLLISIONS_CL
#define PICL_COLLISIONS_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "random.cl"
#endif

#define COL_CELLS (NX * NY * NZ)

/* A particle's weight: its own, or the species' literal where the run stores none. */
#if PARTICLE_WEIGHTS
#define COL_WEIGHT(w, i, literal) ((acc_real)(w)[i])
#else
#define COL_WEIGHT(w, i, literal) (literal)
#endif

/* c and 1 / c in the precision of the collision's arithmetic (momenta enter it as u / c) */
#define COL_C ((acc_real)299792458.0)
#define COL_INV_C ((acc_real)(1.0 / 299792458.0))

/* (4 pi / 3)^(1/3): the mean interparticle distance is (4 pi n / 3)^(-1/3) */
#define COL_CBRT_4PI_3 ((acc_real)1.6119919540164696)

/* Cell of a particle at box-local position (x, y, z) in cells, x fastest. */
static inline int col_cell(const real x, const real y, const real z)
{
    const int i = clamp((int)x, 0, NX - 1), j = clamp((int)y, 0, NY - 1), k = clamp((int)z, 0, NZ - 1);
    return i + NX * (j + NY * k);
}

/* One work item per box: cell_list[start + q] for q in [cell_end[c - 1], cell_end[c]) (0 for the
 * first cell) are the particles (k, of slot start + k) of cell c, in the order of their ids
 * (collisions force ids on: gen/particle_attrs.c), so the list, and with it the pairing, does not
 * depend on the order in which particles reached the box, which differs between decompositions. */
__kernel void collide_list(PICL_PARTICLE_POSITION(PA_PARAM_CONST) PICL_PARTICLE_ID(PA_PARAM_CONST)
                               __global const long *boxes,
                           __global int *cell_list, __global int *cell_end)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    BOX_ORIGIN(b, ox, oy, oz);
    __global int *end = cell_end + b * COL_CELLS;
    for (int c = 0; c < COL_CELLS; c++)
        end[c] = 0;
    for (long k = 0; k < n; k++)
        end[col_cell(px[start + k] - ox, py[start + k] - oy, pz[start + k] - oz)]++;
    int sum = 0; /* exclusive scan: end[c] becomes the start of cell c */
    for (int c = 0; c < COL_CELLS; c++) {
        const int m = end[c];
        end[c] = sum;
        sum += m;
    }
    for (long k = 0; k < n; k++) /* end[c] ends as the end of cell c */
        cell_list[start + end[col_cell(px[start + k] - ox, py[start + k] - oy, pz[start + k] - oz)]++] = (int)k;
#if PARTICLE_IDS
    /* insertion sort of each cell by id (tens of particles a cell; stable, so equal ids, which
     * no loader makes, keep slot order) */
    __global int *list = cell_list + start;
    for (int c = 0, lo = 0; c < COL_CELLS; lo = end[c], c++)
        for (int q = lo + 1; q < end[c]; q++) {
            const int k = list[q];
            const ulong id = pid[start + k];
            int r = q;
            for (; r > lo && pid[start + list[r - 1]] > id; r--)
                list[r] = list[r - 1];
            list[r] = k;
        }
#endif
}

/* A uniform number in (0, 1) from 32 random bits. */
static inline acc_real col_uniform(const uint r)
{
    return ((acc_real)r + (acc_real)0.5) * (acc_real)(1.0 / 4294967296.0);
}

/* The random words of draw k of a cell in a step: Philox keyed by the collision entry, counted by
 * (global cell, step, k, what), so no state is kept and a restart draws the same. */
static inline uint4 col_random(const uint cell, const long step, const uint k, const uint what, const uint entry)
{
    return philox4x32((uint4)(cell, (uint)step, k, what), (uint2)(0x636f6c6cu ^ entry, 0x5045525au));
}

/* Fisher-Yates shuffle of a cell's list of n particles, its draws tagged `what`. */
static inline void col_shuffle(__global int *list, const int n, const uint cell, const long step, const uint what,
                               const uint entry)
{
    for (int i = n - 1; i > 0; i--) {
        const uint r = col_random(cell, step, (uint)i, what, entry).x;
        const int j = (int)mul_hi(r, (uint)(i + 1)); /* in [0, i] */
        const int t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
}

/* cos(chi) of Nanbu's cumulative scattering angle for the normalised path s, from a uniform U
 * (Nanbu 1997's fit of A(s), as Perez et al. 2012 section II.A give it): small s, the diffusive limit;
 * large s, isotropic. Clamped to [-1, 1] (1 + s ln U can pass -1 for U below 1e-9 when s is
 * near 0.1; the clamp replaces WarpX's redraw). */
static inline acc_real col_cos_chi(const acc_real s, const acc_real U)
{
    acc_real c;
    if (s < (acc_real)0.1) {
        c = 1 + s * log(U);
    } else if (s < 3) {
        const acc_real a_inv = (acc_real)0.0056958 + (acc_real)0.9560202 * s - (acc_real)0.508139 * s * s +
                               (acc_real)0.47913906 * s * s * s - (acc_real)0.12788975 * s * s * s * s +
                               (acc_real)0.02389567 * s * s * s * s * s;
        const acc_real A = 1 / a_inv;
        c = a_inv * log(exp(-A) + 2 * U * sinh(A));
    } else if (s < 6) {
        const acc_real A = 3 * exp(-s);
        c = log(exp(-A) + 2 * U * sinh(A)) / A;
    } else {
        c = 2 * U - 1;
    }
    return clamp(c, (acc_real)-1, (acc_real)1);
}

/* The cell's numbers that every pair of one stage shares. */
struct col_cell_state {
    acc_real n_dt_c; /* effective density n_a n_b / n_ab (m^-3) times the stage's dt times c */
    acc_real cap; /* Perez's low-temperature bound on s per unit relative speed (v / c) */
    acc_real lambda2; /* max(Debye length, mean interparticle distance)^2 (m^2), for ln(Lambda) "auto" */
};

/* One binary collision (Perez et al. 2012, section II): ua (u / c of species a) and ub (u / c of b,
 * whose mass is mu times a's) scattered in their centre-of-momentum frame by Nanbu's angle for
 * the path s of eq. 9, bounded by the low-temperature s' of section II.C; momenta in units of
 * m_a c. upd_a, upd_b: which of the two takes its new momentum (the weights' rule, collide.cl);
 * returns 0 when the pair was left alone (equal velocities).
 * log_fixed > 0 is the Coulomb logarithm, else it is computed from b_min (eq. 22, quantum or
 * classical) and the cell's lambda2 (ln(Lambda) = max(2, ln(1 + lambda^2 / b_min^2) / 2)). b0c and hbar: COL_B0 and COL_HBAR. */
static inline int col_scatter(acc_real *ua, acc_real *ub, const acc_real mu, const acc_real b0c, const acc_real hbar,
                               const acc_real log_fixed, const struct col_cell_state *cs, const acc_real dt_factor,
                               const uint4 r, const int upd_a, const int upd_b)
{
    const acc_real ga = sqrt(1 + ua[0] * ua[0] + ua[1] * ua[1] + ua[2] * ua[2]);
    const acc_real gb = sqrt(1 + ub[0] * ub[0] + ub[1] * ub[1] + ub[2] * ub[2]);
    const acc_real d0 = ua[0] - ub[0], d1 = ua[1] - ub[1], d2 = ua[2] - ub[2];
    if (d0 * d0 + d1 * d1 + d2 * d2 <= 0)
        return 0; /* equal velocities: nothing to scatter */
    /* the centre of momentum moves at beta_c = (p_a + p_b) / (E_a + E_b) */
    const acc_real M = ga + mu * gb;
    const acc_real bc[3] = {(ua[0] + mu * ub[0]) / M, (ua[1] + mu * ub[1]) / M, (ua[2] + mu * ub[2]) / M};
    const acc_real bc2 = bc[0] * bc[0] + bc[1] * bc[1] + bc[2] * bc[2];
    const acc_real gc = 1 / sqrt(1 - bc2);
    const acc_real bca = (bc[0] * ua[0] + bc[1] * ua[1] + bc[2] * ua[2]) / ga; /* beta_c . beta_a */
    const acc_real bcb = (bc[0] * ub[0] + bc[1] * ub[1] + bc[2] * ub[2]) / gb;
    /* (gamma_c - 1) / beta_c^2 written without the cancellation near gamma_c = 1 */
    const acc_real f = gc * gc / (1 + gc);
    /* p_a* = p_a + [(gamma_c - 1) / beta_c^2 (beta_c . beta_a) - gamma_c] gamma_a beta_c  (p_b* = -p_a*) */
    const acc_real t = (f * bca - gc) * ga;
    const acc_real ps[3] = {ua[0] + bc[0] * t, ua[1] + bc[1] * t, ua[2] + bc[2] * t};
    const acc_real P2 = ps[0] * ps[0] + ps[1] * ps[1] + ps[2] * ps[2];
    if (P2 <= 0)
        return 0;
    const acc_real P = sqrt(P2);
    const acc_real gas = (1 - bca) * gc * ga, gbs = (1 - bcb) * gc * gb; /* gammas in that frame */
    /* relative speed |v_a* - v_b*| / c, and the invariant one / (1 + v_a* v_b* / c^2) */
    const acc_real mab = mu * gas * gbs;
    const acc_real vrel = P * (gas + mu * gbs) / mab;
    const acc_real vinv = vrel / (1 + P2 / mab);
    const acc_real b0 = b0c * (gas + mu * gbs) / (mab * vrel * vinv);
    acc_real lnL = log_fixed;
    if (lnL <= 0) {
        const acc_real bmin = fmax(hbar / P, (acc_real)0.5 * b0);
        lnL = fmax((acc_real)2, (acc_real)0.5 * log(1 + cs->lambda2 / (bmin * bmin)));
    }
    /* eq. 9 as sigma n dt v_rel* gamma_a* gamma_b* / (gamma_a gamma_b), sigma = pi b0^2 ln(Lambda) */
    acc_real s = (acc_real)3.14159265358979323846 * b0 * b0 * lnL * cs->n_dt_c * dt_factor * vrel * gas * gbs / (ga * gb);
    s = fmin(s, cs->cap * dt_factor * vrel);
    if (!(s > 0))
        return 0;
    const acc_real cosx = col_cos_chi(s, col_uniform(r.x));
    const acc_real sinx = sqrt(fmax((acc_real)0, 1 - cosx * cosx));
    const acc_real phi = (acc_real)6.283185307179586 * col_uniform(r.y);
    const acc_real cp = cos(phi), sp = sin(phi);
    /* p_a* turned by chi about an axis at azimuth phi: p cos(chi) + P sin(chi) (cos(phi) e1 + sin(phi) e2),
     * e1, e2 unit vectors normal to p_a* (Perez eq. 12) */
    acc_real pf[3];
    const acc_real pp = sqrt(ps[0] * ps[0] + ps[1] * ps[1]);
    if (pp > (acc_real)1e-10 * P) {
        const acc_real e1 = sinx * cp / pp, e2 = sinx * sp * P / pp;
        pf[0] = ps[0] * cosx + ps[0] * ps[2] * e1 - ps[1] * e2;
        pf[1] = ps[1] * cosx + ps[1] * ps[2] * e1 + ps[0] * e2;
        pf[2] = ps[2] * cosx - pp * pp * e1;
    } else { /* along z: e1 = x, e2 = y */
        pf[0] = P * sinx * cp;
        pf[1] = P * sinx * sp;
        pf[2] = ps[2] * cosx;
    }
    /* back to the lab (the inverse boost): p = p* + [(gamma_c - 1) / beta_c^2 (beta_c . p*) + m gamma* gamma_c] beta_c */
    const acc_real bp = f * (bc[0] * pf[0] + bc[1] * pf[1] + bc[2] * pf[2]);
    const acc_real ka = bp + gas * gc, kb = -bp + mu * gbs * gc;
    if (upd_a)
        for (int d = 0; d < 3; d++)
            ua[d] = pf[d] + bc[d] * ka;
    if (upd_b)
        for (int d = 0; d < 3; d++)
            ub[d] = (-pf[d] + bc[d] * kb) / mu;
    return 1;
}
#endif /* PICL_COLLISIONS_CL */
