/* flux_inject.cl: one species entering the domain through a face every step (WarpX
 * NFluxPerCell), with the flux distribution v_n f(v) of its Maxwellian. Included once per flux
 * species with its SP_ and SP_FLUX_ macros (gen/flux.c), after particle_load.cl. */
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
#endif

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

/* One work item per box; only the boxes at the face add particles: per cell of the face,
 * SP_FLUX_PER_CELL of them, each at a uniform transverse point of the cell and at a uniform
 * fraction of its own travel in a step, v_n dt, inside the face, so the slab the step injects
 * is filled as if they had crossed the face during the step. Ids follow those of the load
 * (cells x ppc, ppc = 1): step n's are numbered after steps 0 .. n - 1's, by the face cell's
 * transverse global indices (lower axis fastest) times per_cell plus the particle, so every
 * decomposition injects the same particles. A box without room stops adding and flags
 * BT_OVERFLOW = 2, which the host reports. */
__kernel void PICL_CAT(flux_inject, SP_SUFFIX)(const long step, PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes)
{
    const int b = (int)get_global_id(0);
    const int gb = BOX_GID(b), bpos[3] = {BOX_X(gb), BOX_Y(gb), BOX_Z(gb)}, nb[3] = {NBX, NBY, NBZ};
    if (bpos[SP_FLUX_AXIS] != (SP_FLUX_SIDE ? nb[SP_FLUX_AXIS] - 1 : 0))
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
                acc_real g[4], u[3];
                gaussian_four(id, 0u, SP_SEED_LO, SP_SEED_HI, g);
                const acc_real un = flux_normal_u(id, SP_FLUX_UD, SP_FLUX_UTH, SP_SEED_LO, SP_SEED_HI);
                const uint4 r = philox4x32((uint4)((uint)id, (uint)(id >> 32), 0u, 3u), (uint2)(SP_SEED_LO, SP_SEED_HI));
                u[SP_FLUX_AXIS] = sign * un;
                u[t0] = (t0 == 0 ? SP_UD_X(0, 0, 0) : SP_UD_Y(0, 0, 0)) + (t0 == 0 ? SP_UTH_X(0, 0, 0) : SP_UTH_Y(0, 0, 0)) * g[0];
                u[t1] = (t1 == 1 ? SP_UD_Y(0, 0, 0) : SP_UD_Z(0, 0, 0)) + (t1 == 1 ? SP_UTH_Y(0, 0, 0) : SP_UTH_Z(0, 0, 0)) * g[1];
                const acc_real gamma = sqrt(1 + u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
                const acc_real depth = flux_uniform(r.x) * un / gamma * PICL_C * SP_FLUX_DT / dx[SP_FLUX_AXIS];
                real pos[3];
                pos[SP_FLUX_AXIS] = (real)(SP_FLUX_SIDE ? (acc_real)across[SP_FLUX_AXIS] - depth : depth);
                pos[t0] = (real)((acc_real)g0 + flux_uniform(r.y));
                pos[t1] = (real)((acc_real)g1 + flux_uniform(r.z));
                const long to = start + n;
                px[to] = pos[0];
                py[to] = pos[1];
                pz[to] = pos[2];
                pux[to] = (real)(u[0] * PICL_C);
                puy[to] = (real)(u[1] * PICL_C);
                puz[to] = (real)(u[2] * PICL_C);
                SET_WEIGHT(to, (real)SP_FLUX_WEIGHT);
                SET_ID(to, id);
                SET_LEVEL(to, SP_LEVEL0);
                n++;
            }
        }
    box[BT_WINDOW_IN] += n - box[BT_COUNT]; /* injected: the moving window's count, which flux excludes */
    box[BT_COUNT] = n;
}
