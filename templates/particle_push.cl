/* particle_push.cl: one species' step in one kernel: field gather at x^n, momentum push
 * u^{n-1/2} -> u^{n+1/2}, position update x^n -> x^{n+1}, current deposition from the two
 * positions, and the hand-over of particles that left their box. Each particle is read once and
 * written once per step; no per-particle E or B is stored (paper, section 3.1). The gather,
 * pusher and deposition come from the templates the generator chose (gather_*.cl, push_*.cl,
 * deposit_*.cl). Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "gather_energy.cl"
#include "push_boris.cl"
#include "deposit_esirkepov.cl"
#endif

#ifndef PICL_PUSH_HELPERS
#define PICL_PUSH_HELPERS
/* What wrap() took off a position: -cells, +cells, or 0 (also when a tiny negative position
 * rounded up to cells and wrap() returned 0). */
static inline real unwrap_shift(const real unwrapped, const real wrapped, const int cells)
{
    return unwrapped < 0 && wrapped > 0 ? -(real)cells : unwrapped >= (real)cells ? (real)cells : (real)0;
}
#endif

/* One particle's step in box b (origin o in cells): gather, push, move, deposit. Returns the
 * new position (wrapped, in cells of the domain) in g and the box that now holds it. */
static inline int PICL_CAT(advance, SP_SUFFIX)(__global real *F, const int b, const real *o, real *x, real *u,
                                               const real w, real *g)
{
    const real xo[3] = {x[0] - o[0], x[1] - o[1], x[2] - o[2]};
    real E[3], B[3];
    gather_fields(F, b, xo[0], xo[1], xo[2], E, B);
    push_u(u, E, B, SP_QDT_2M);
    const real inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);
    const real v[3] = {u[0] * inv_gamma, u[1] * inv_gamma, u[2] * inv_gamma};
    /* The new position is rounded once, as it is stored (cells of the domain), and the deposit
     * ends exactly there: taking off the box origin, or adding back what wrap() took, is exact.
     * Rounding it in the box's frame instead would move charge without current in float. */
    const real gu[3] = {x[0] + v[0] * DT_DX, x[1] + v[1] * DT_DY, x[2] + v[2] * DT_DZ};
    g[0] = wrap(gu[0], CELLS_X);
    g[1] = wrap(gu[1], CELLS_Y);
    g[2] = wrap(gu[2], CELLS_Z);
    const real xn[3] = {(g[0] + unwrap_shift(gu[0], g[0], CELLS_X)) - o[0],
                        (g[1] + unwrap_shift(gu[1], g[1], CELLS_Y)) - o[1],
                        (g[2] + unwrap_shift(gu[2], g[2], CELLS_Z)) - o[2]};
    deposit_current(F, b, xo, xn, v, SP_Q * w);
    /* after the wrap: with one box along an axis, a particle crossing the domain's edge stays */
    real l0, l1, l2;
    return box_of(g[0], g[1], g[2], &l0, &l1, &l2);
}

#define STORE_PARTICLE(to, g, u, w, id)                                                          \
    do {                                                                                       \
        px[to] = (g)[0];                                                                       \
        py[to] = (g)[1];                                                                       \
        pz[to] = (g)[2];                                                                       \
        pux[to] = (u)[0];                                                                      \
        puy[to] = (u)[1];                                                                      \
        puz[to] = (u)[2];                                                                      \
        pw[to] = (w);                                                                          \
        pid[to] = (id);                                                                        \
    } while (0)

#if !DEPOSIT_ATOMIC
/* deposition_strategy "deterministic": one work item per box walks the box's particles in
 * order. It alone writes the box's J (plain additions, the same sum on every run) and it
 * compacts the particles that stay, in place, while those that left go to the box's outbox
 * with their destination; particles_deliver (particle_move.cl) hands them over. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, __global real *px, __global real *py,
                                                __global real *pz, __global real *pux, __global real *puy,
                                                __global real *puz, __global real *pw, __global ulong *pid,
                                                __global int *pdest, __global long *boxes)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BOX_TABLE_STRIDE;
    const long start = box[BT_START], out_start = box[BT_OUT_START];
    const long n = box[BT_COUNT], out_cap = box[BT_OUT_CAP];
    const real o[3] = {(real)((b % NBX) * NX), (real)((b / NBX) % NBY * NY), (real)(b / (NBX * NBY) * NZ)};
    long kept = 0, out = 0;
    for (long k = 0; k < n; k++) {
        const long ip = start + k;
        real x[3] = {px[ip], py[ip], pz[ip]}, u[3] = {pux[ip], puy[ip], puz[ip]}, g[3];
        const real w = pw[ip];
        const ulong id = pid[ip];
        const int dest = PICL_CAT(advance, SP_SUFFIX)(F, b, o, x, u, w, g);
        long to;
        if (dest == b || out == out_cap) {
            if (dest != b)
                box[BT_OVERFLOW] = 1; /* the outbox is full: the run stops after this step */
            to = start + kept++;
        } else {
            to = out_start + out++;
            pdest[to] = dest;
        }
        STORE_PARTICLE(to, g, u, w, id);
    }
    box[BT_COUNT] = kept;
    box[BT_OUT_COUNT] = out;
}
#else
/* deposition_strategy "global_atomics": one work item per particle slot of every box (the
 * launch is max cap x boxes), J added with atomics, as GPUs want. A particle that leaves takes
 * an outbox slot with an atomic increment and leaves a hole (id HOLE_ID) that
 * particles_deliver compacts. Outbox counts were zeroed by particles_outbox_reset. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, __global real *px, __global real *py,
                                                __global real *pz, __global real *pux, __global real *puy,
                                                __global real *puz, __global real *pw, __global ulong *pid,
                                                __global int *pdest, __global long *boxes)
{
    const long k = (long)get_global_id(0);
    const int b = (int)get_global_id(1);
    __global long *box = boxes + b * BOX_TABLE_STRIDE;
    if (k >= box[BT_COUNT])
        return;
    const long ip = box[BT_START] + k;
    const real o[3] = {(real)((b % NBX) * NX), (real)((b / NBX) % NBY * NY), (real)(b / (NBX * NBY) * NZ)};
    real x[3] = {px[ip], py[ip], pz[ip]}, u[3] = {pux[ip], puy[ip], puz[ip]}, g[3];
    const real w = pw[ip];
    const ulong id = pid[ip];
    const int dest = PICL_CAT(advance, SP_SUFFIX)(F, b, o, x, u, w, g);
    long to = ip;
    if (dest != b) {
        const long slot = atom_add((volatile __global long *)(box + BT_OUT_COUNT), 1L);
        if (slot < box[BT_OUT_CAP]) {
            to = box[BT_OUT_START] + slot;
            pdest[to] = dest;
            pid[ip] = HOLE_ID;
        } else {
            box[BT_OVERFLOW] = 1; /* the outbox is full: the run stops after this step */
        }
    }
    STORE_PARTICLE(to, g, u, w, id);
}
#endif

/* Start-up: u^0 -> u^{-1/2} with the fields at x^0, as WarpX does, so that the leapfrog
 * starts centred. */
__kernel void PICL_CAT(push_back, SP_SUFFIX)(__global const real *F, __global const real *px,
                                             __global const real *py, __global const real *pz, __global real *pux,
                                             __global real *puy, __global real *puz, __global const long *boxes)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BOX_TABLE_STRIDE;
    const real ox = (real)((b % NBX) * NX), oy = (real)((b / NBX) % NBY * NY), oz = (real)(b / (NBX * NBY) * NZ);
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
        gather_fields(F, b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, E, B);
        push_u(u, E, B, -(real)0.5 * SP_QDT_2M);
        pux[ip] = u[0];
        puy[ip] = u[1];
        puz[ip] = u[2];
    }
}
