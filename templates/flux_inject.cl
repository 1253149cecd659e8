/* flux_inject.cl: one species entering the domain through a face every step (WarpX
 * NFluxPerCell), with the flux distribution v_n f(u) of its Maxwellian or Maxwell-Juttner, each
 * particle depositing the current that brought it in. Included once per flux species with its SP_
 * and SP_FLUX_ macros (gen/flux_defs.c), after particle_load.cl (and maxwell_juttner.cl). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "random.cl"
#include "particle_load.cl"
#define SP_FLUX_AXIS 0
#define SP_FLUX_SIDE 0
#define SP_FLUX_PER_CELL 1
#define SP_FLUX_WEIGHT 1
#define SP_FLUX_UD 0
#define SP_FLUX_UTH 0
#define SP_FLUX_DT 1e-15
#define SP_FLUX_MJ 0
#endif

#ifndef PICL_FLUX_HELPERS
#define PICL_FLUX_HELPERS /* once, for every flux species */
#define FLUX_TRIES 64

static inline acc_real flux_uniform(const uint a)
{
    return ((acc_real)a + (acc_real)0.5) * (acc_real)(1.0 / 4294967296.0); /* in (0, 1) */
}

/* The inward normal u/c of particle id, drawn from u f(u) on u > 0 for f Gaussian of mean ud
 * and rms s, by rejection (exact; the tries only bound the loop, the last candidate is taken
 * after FLUX_TRIES, with probability below (1 - 0.34)^64 < 1e-11 at the least acceptance below):
 *  - ud >= 0: the candidate density (|u - ud| + ud) f(u) on all u is a mixture of a two-sided
 *    Rayleigh about ud (weight 2 s) and the Gaussian itself (weight sqrt(2 pi) ud), and
 *    u / (|u - ud| + ud) <= 1 on u > 0 is the acceptance (>= 1/2; for ud = 0 every candidate of
 *    positive u is taken: u = s sqrt(-2 ln X), the Rayleigh);
 *  - ud < 0: u f(u) ~ u exp(-u^2 / 2 s^2) exp(-u |ud| / s^2): for |ud| < s the Rayleigh, accepted
 *    with exp(-u |ud| / s^2); else the Gamma(2, s^2 / |ud|) u exp(-u |ud| / s^2), accepted with
 *    exp(-u^2 / 2 s^2) (either way >= 0.34, the least at |ud| = s).
 * Draws tagged 3u in the fourth counter word, apart from those of particle_load.cl and
 * maxwell_juttner.cl. */
static inline acc_real flux_normal_u(const ulong id, const acc_real ud, const acc_real s, const uint seed_lo,
                                     const uint seed_hi)
{
    const acc_real plus = fmax(ud, (acc_real)0);
    if (s <= 0)
        return plus;
    const acc_real w_rayleigh = 2 * s / (2 * s + (acc_real)2.5066282746310002 * plus);
    acc_real u = plus;
    for (int k = 0; k < FLUX_TRIES; k++) {
        const uint4 r = philox4x32((uint4)((uint)id, (uint)(id >> 32), (uint)k + 1u, 3u), (uint2)(seed_lo, seed_hi));
        const acc_real x1 = flux_uniform(r.x), x2 = flux_uniform(r.y), x3 = flux_uniform(r.z), x4 = flux_uniform(r.w);
        acc_real c;
        int take;
        if (ud >= 0) {
            if (x1 < w_rayleigh) {
                const acc_real rho = s * sqrt(-2 * log(x2));
                c = x3 < (acc_real)0.5 ? ud + rho : ud - rho;
            } else {
                c = ud + s * sqrt(-2 * log(x2)) * cos((acc_real)6.283185307179586 * x3);
            }
            take = c > 0 && x4 * (fabs(c - ud) + plus) < c;
        } else if (-ud < s) {
            c = s * sqrt(-2 * log(x1));
            take = x2 < exp(c * ud / (s * s));
        } else {
            c = -s * s / -ud * log(x1 * x2);
            take = x3 < exp(-c * c / (2 * s * s));
        }
        u = c;
        if (take)
            break;
    }
    return u;
}
#endif

#if SP_FLUX_MJ
/* The momentum u/c of particle id from the Maxwell-Juttner flux distribution v_n f(u) on v_n > 0
 * (sign: +1 when the inward normal is +axis, -1 when it is -axis), exactly.
 *  - SP_FLUX_MJ 1, no drift: in the speed u and the cosine mu to the normal, v_n f d^3u ~
 *    (u^3 / gamma) exp(-gamma / theta) du mu dmu, and u^3 du / gamma = (gamma^2 - 1) dgamma, so the
 *    kinetic energy e = gamma - 1 has the density (e^2 + 2e) exp(-e / theta): the mixture of
 *    Gamma(3, theta) and Gamma(2, theta) of weights theta : 1 (each a sum of exponentials), and
 *    mu = sqrt(X) (density 2 mu), the azimuth uniform. One draw, no rejection.
 *  - SP_FLUX_MJ 2, drifting: a candidate from the drifting Maxwell-Juttner (maxwell_juttner.cl,
 *    boosted by u_drift), accepted with probability max(v_n, 0) / c. The acceptance is
 *    <v_n; v_n > 0> / c, so the tries are c / <v_n; v_n > 0> on average (the generator writes it
 *    in the header comment) and SP_FLUX_MJ_TRIES bounds them (all fail with probability < 4e-18).
 * Try k draws with tag 4 + k in the fourth counter word, apart from every other stream. */
static inline void PICL_CAT(flux_mj_u, SP_SUFFIX)(const ulong id, const acc_real sign, acc_real *u)
{
    const int t0 = SP_FLUX_AXIS == 0 ? 1 : 0, t1 = SP_FLUX_AXIS == 2 ? 1 : 2;
    const uint lo = (uint)id, hi = (uint)(id >> 32);
#if SP_FLUX_MJ == 1
    const uint4 r = philox4x32((uint4)(lo, hi, 0u, 4u), (uint2)(SP_SEED_LO, SP_SEED_HI));
    const uint4 q = philox4x32((uint4)(lo, hi, 1u, 4u), (uint2)(SP_SEED_LO, SP_SEED_HI));
    const acc_real theta = SP_FLUX_THETA;
    acc_real s = -log(flux_uniform(r.x) * flux_uniform(r.y));
    if (flux_uniform(r.z) * (1 + theta) < theta)
        s -= log(flux_uniform(r.w));
    const acc_real e = theta * s, len = sqrt(e * (e + 2)), x = flux_uniform(q.x);
    const acc_real mu = sqrt(x), st = sqrt(1 - x), phi = (acc_real)6.283185307179586 * flux_uniform(q.y);
    u[SP_FLUX_AXIS] = sign * len * mu;
    u[t0] = len * st * cos(phi);
    u[t1] = len * st * sin(phi);
#else
    (void)t0;
    (void)t1;
    for (int k = 0; k < SP_FLUX_MJ_TRIES; k++) {
        const uint tag = 4u + (uint)k;
        maxwell_juttner_u_tagged(id, tag, SP_FLUX_THETA, SP_UD_X(0, 0, 0), SP_UD_Y(0, 0, 0), SP_UD_Z(0, 0, 0),
                                 SP_SEED_LO, SP_SEED_HI, u);
        const uint4 r = philox4x32((uint4)(lo, hi, 2u * MJ_TRIES + 2u, tag), (uint2)(SP_SEED_LO, SP_SEED_HI));
        const acc_real gamma = sqrt(1 + u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        if (flux_uniform(r.x) * gamma < sign * u[SP_FLUX_AXIS])
            break;
    }
#endif
}
#endif

#ifndef PICL_FLUX_DEPOSIT
#define PICL_FLUX_DEPOSIT
#define FLUX_PTS (SHAPE_ORDER + 3) /* the old and new supports of a move of less than a cell */
/* The current of a particle born at x0 on the face and moved along the normal axis a to x1 (box
 * b's local cells; y, z its fixed transverse positions along t0, t1) during the step: Esirkepov's
 * current for a move along one axis, J_a = -q w / (dt dA) times the running sum along a of the
 * change of its shape (times the transverse shapes), the others zero, so div J = -d(rho)/dt on
 * the grid. Born on a PEC face, its charge and its image's cancel on every node (as for an
 * absorbed particle, species_step.cl), so no charge appears from nowhere: SumBoundary folds the
 * guards' share with the image rule and Gauss's law holds to round-off. One work item per box
 * writes the box's J, after the push: plain additions, whatever the deposition strategy. */
static inline void flux_deposit(__global real *J, const int a, const int t0, const int t1, const real x0,
                                const real x1, const real y, const real z, const real c)
{
    real s0[NODE_PTS], s1[NODE_PTS], sy[NODE_PTS], sz[NODE_PTS], ds[FLUX_PTS];
    const int i0 = SHAPE(SHAPE_ORDER)(x0, s0) - 1, shift = SHAPE(SHAPE_ORDER)(x1, s1) - i0;
    /* one node of weight 1 across a dropped axis of 2D or 1D (shape.cl) */
    const int j0 = AXIS_KEPT(t0) ? SHAPE(SHAPE_ORDER)(y, sy) : shape_flat(y, sy);
    const int k0 = AXIS_KEPT(t1) ? SHAPE(SHAPE_ORDER)(z, sz) : shape_flat(z, sz);
    const int nj = AXIS_KEPT(t0) ? NODE_PTS : 1, nk = AXIS_KEPT(t1) ? NODE_PTS : 1;
    for (int m = 0; m < FLUX_PTS; m++)
        ds[m] = 0;
    for (int m = 0; m < NODE_PTS; m++) {
        ds[m + 1] -= s0[m];
        ds[m + shift] += s1[m];
    }
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++) {
            const real w = c * sy[j] * sz[k];
            real sum = 0;
            for (int m = 0; m < FLUX_PTS - 1; m++) {
                sum += w * ds[m];
                int at[3];
                at[a] = i0 + m;
                at[t0] = j0 + j;
                at[t1] = k0 + k;
                J[IDX(at[0], at[1], at[2])] += sum;
            }
        }
}
#endif

/* One work item per box; only the boxes at the face add particles: per cell of the face,
 * SP_FLUX_PER_CELL of them, each at a uniform transverse point of the cell and at a uniform
 * fraction of its own travel in a step, v_n dt, inside the face, so the slab the step injects
 * is filled as if they had crossed the face during the step; each deposits the current of that
 * last part of its path, from the face (flux_deposit), into the step's J (the kernel runs after
 * the push, before J is summed over the guards). The face is the particles' boundary: the domain's
 * face, or the inner edge of a PML there (particles never enter a PML). Ids follow those of the load
 * (cells x ppc, ppc = 1): step n's are numbered after steps 0 .. n - 1's, by the face cell's
 * transverse global indices (lower axis fastest) times per_cell plus the particle, so every
 * decomposition injects the same particles. A box without room stops adding and flags
 * BT_OVERFLOW = 2, which the host reports. */
__kernel void PICL_CAT(flux_inject, SP_SUFFIX)(const long step, PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes,
                                               __global real *F)
{
    const int b = (int)get_global_id(0);
    const int gb = BOX_GID(b), bpos[3] = {BOX_X(gb), BOX_Y(gb), BOX_Z(gb)};
    /* the face is where particles meet the boundary: the domain's, or a PML's inner edge */
    const int edge = SP_FLUX_SIDE ? PART_FACE_HI(SP_FLUX_AXIS) : PART_FACE_LO(SP_FLUX_AXIS);
    const int sizes[3] = {NX, NY, NZ};
    if (bpos[SP_FLUX_AXIS] != (SP_FLUX_SIDE ? edge - 1 : edge) / sizes[SP_FLUX_AXIS])
        return;
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], cap = box[BT_CAP];
    long n = box[BT_COUNT];
    const int t0 = SP_FLUX_AXIS == 0 ? 1 : 0, t1 = SP_FLUX_AXIS == 2 ? 1 : 2;
    const int size[3] = {NX, NY, NZ}, across[3] = {CELLS_X, CELLS_Y, CELLS_Z};
    const acc_real dx[3] = {DX, DY, DZ};
    const ulong face_cells = (ulong)across[t0] * (ulong)across[t1];
    const ulong first = (ulong)CELLS_X * CELLS_Y * CELLS_Z + (ulong)step * face_cells * SP_FLUX_PER_CELL;
    const acc_real sign = SP_FLUX_SIDE ? -1 : 1;
    const real o[3] = {(real)(bpos[0] * NX), (real)(bpos[1] * NY), (real)(bpos[2] * NZ)};
    __global real *J = COMP(F, C_JX + SP_FLUX_AXIS, b);
#ifdef SP_FLUX_DENSITY /* J per unit weight: times each particle's own */
    const real c_per_w = (SP_FLUX_AXIS == 0 ? JX_PER_QW : SP_FLUX_AXIS == 1 ? JY_PER_QW : JZ_PER_QW) * SP_Q;
#else
    const real c_per_w = (SP_FLUX_AXIS == 0 ? JX_PER_QW : SP_FLUX_AXIS == 1 ? JY_PER_QW : JZ_PER_QW) * SP_Q *
                         (real)SP_FLUX_WEIGHT;
#endif
    for (int j1 = 0; j1 < size[t1]; j1++)
        for (int j0 = 0; j0 < size[t0]; j0++) {
            const int g0 = bpos[t0] * size[t0] + j0, g1 = bpos[t1] * size[t1] + j1;
            const ulong in_face = (ulong)g0 + (ulong)across[t0] * (ulong)g1;
            for (int p = 0; p < SP_FLUX_PER_CELL; p++) {
                if (n == cap) {
                    box[BT_OVERFLOW] = 2;
                    box[BT_WINDOW_IN] += n - box[BT_COUNT];
                    box[BT_COUNT] = n;
                    return;
                }
                const ulong id = first + in_face * SP_FLUX_PER_CELL + (ulong)p;
                acc_real u[3];
#if SP_FLUX_MJ
                PICL_CAT(flux_mj_u, SP_SUFFIX)(id, sign, u);
                const acc_real un = sign * u[SP_FLUX_AXIS];
#else
                acc_real g[4];
                gaussian_four(id, 0u, SP_SEED_LO, SP_SEED_HI, g);
                const acc_real un = flux_normal_u(id, SP_FLUX_UD, SP_FLUX_UTH, SP_SEED_LO, SP_SEED_HI);
                u[SP_FLUX_AXIS] = sign * un;
                u[t0] = (t0 == 0 ? SP_UD_X(0, 0, 0) : SP_UD_Y(0, 0, 0)) + (t0 == 0 ? SP_UTH_X(0, 0, 0) : SP_UTH_Y(0, 0, 0)) * g[0];
                u[t1] = (t1 == 1 ? SP_UD_Y(0, 0, 0) : SP_UD_Z(0, 0, 0)) + (t1 == 1 ? SP_UTH_Y(0, 0, 0) : SP_UTH_Z(0, 0, 0)) * g[1];
#endif
                const uint4 r = philox4x32((uint4)((uint)id, (uint)(id >> 32), 0u, 3u), (uint2)(SP_SEED_LO, SP_SEED_HI));
                const acc_real gamma = sqrt(1 + u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
                const acc_real depth = flux_uniform(r.x) * un / gamma * PICL_C * SP_FLUX_DT / dx[SP_FLUX_AXIS];
                real pos[3];
                pos[SP_FLUX_AXIS] = (real)(SP_FLUX_SIDE ? (acc_real)edge - depth : (acc_real)edge + depth);
                /* across a dropped axis of 2D or 1D, the middle of its one cell (y = 0 m) */
                pos[t0] = (real)((acc_real)g0 + (AXIS_KEPT(t0) ? flux_uniform(r.y) : (acc_real)0.5));
                pos[t1] = (real)((acc_real)g1 + (AXIS_KEPT(t1) ? flux_uniform(r.z) : (acc_real)0.5));
#ifdef SP_FLUX_DENSITY
                /* the density where the particle crossed the face, and when: a fraction r.x of the
                 * step before t^{n+1}; negative values count as none */
                acc_real at[3];
                at[SP_FLUX_AXIS] = (acc_real)edge;
                at[t0] = (acc_real)g0 + (AXIS_KEPT(t0) ? flux_uniform(r.y) : (acc_real)0.5);
                at[t1] = (acc_real)g1 + (AXIS_KEPT(t1) ? flux_uniform(r.z) : (acc_real)0.5);
                const acc_real n_here = SP_FLUX_DENSITY(LOWER_X + at[0] * DX, LOWER_Y + at[1] * DY, LOWER_Z + at[2] * DZ,
                                                        ((acc_real)step + 1 - flux_uniform(r.x)) * SP_FLUX_DT);
                const real w = (real)(SP_FLUX_WEIGHT * fmax(n_here, (acc_real)0));
                const real c_here = c_per_w * w;
#else
                const real w = (real)SP_FLUX_WEIGHT, c_here = c_per_w;
#endif
                flux_deposit(J, SP_FLUX_AXIS, t0, t1, (real)edge - o[SP_FLUX_AXIS], pos[SP_FLUX_AXIS] - o[SP_FLUX_AXIS],
                             pos[t0] - o[t0], pos[t1] - o[t1], c_here);
                const long to = start + n;
                px[to] = pos[0];
                py[to] = pos[1];
                pz[to] = pos[2];
                pux[to] = (real)(u[0] * PICL_C);
                puy[to] = (real)(u[1] * PICL_C);
                puz[to] = (real)(u[2] * PICL_C);
                SET_WEIGHT(to, w);
                SET_ID(to, id);
                SET_LEVEL(to, SP_LEVEL0);
                n++;
            }
        }
    box[BT_WINDOW_IN] += n - box[BT_COUNT]; /* injected: the moving window's count, which flux excludes */
    box[BT_COUNT] = n;
}
