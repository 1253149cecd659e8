/* particle_move.cl: particles that left their box during the push join their new box. Each
 * box's work item collects, from the outboxes of the boxes next to it, the particles addressed
 * to it, in a fixed order, so the result does not depend on the schedule. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* Copies every attribute of the particle in slot `from` to slot `to`. */
#define COPY_PARTICLE(to, from)                                                                  \
    do {                                                                                       \
        px[to] = px[from];                                                                     \
        py[to] = py[from];                                                                     \
        pz[to] = pz[from];                                                                     \
        pux[to] = pux[from];                                                                   \
        puy[to] = puy[from];                                                                   \
        puz[to] = puz[from];                                                                   \
        pw[to] = pw[from];                                                                     \
        pid[to] = pid[from];                                                                   \
    } while (0)

/* Boxes a and b touch (periodic axes wrap): a particle moves less than a cell per step, so
 * only touching boxes exchange particles. */
static inline int boxes_touch(const int a, const int b)
{
    const int d[3] = {a % NBX - b % NBX, (a / NBX) % NBY - (b / NBX) % NBY, a / (NBX * NBY) - b / (NBX * NBY)};
    const int n[3] = {NBX, NBY, NBZ}, periodic[3] = {BC_X_PERIODIC, BC_Y_PERIODIC, BC_Z_PERIODIC};
    for (int i = 0; i < 3; i++) {
        const int m = abs(d[i]);
        if (m > 1 && !(periodic[i] && m == n[i] - 1))
            return 0;
    }
    return 1;
}

__kernel void particles_deliver(__global real *px, __global real *py, __global real *pz, __global real *pux,
                                __global real *puy, __global real *puz, __global real *pw, __global ulong *pid,
                                __global const int *pdest, __global long *boxes)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BOX_TABLE_STRIDE;
    const long start = box[BT_START], cap = box[BT_CAP];
    long n = box[BT_COUNT];
#if PARTICLE_HOLES
    /* close the holes the leavers left: move particles from the end into them */
    long lo = 0, hi = n - 1;
    while (lo <= hi) {
        if (pid[start + lo] != HOLE_ID) {
            lo++;
        } else if (pid[start + hi] == HOLE_ID) {
            hi--;
        } else {
            COPY_PARTICLE(start + lo, start + hi);
            lo++;
            hi--;
        }
    }
    n = lo;
#endif
    for (int src = 0; src < NBOXES; src++) {
        if (src == b || !boxes_touch(src, b))
            continue;
        __global const long *from = boxes + src * BOX_TABLE_STRIDE;
        const long o0 = from[BT_OUT_START], o1 = o0 + from[BT_OUT_COUNT];
        for (long o = o0; o < o1; o++) {
            if (pdest[o] != b)
                continue;
            if (n == cap) {
                box[BT_OVERFLOW] = 1;
                break;
            }
            COPY_PARTICLE(start + n, o);
            n++;
        }
    }
    box[BT_COUNT] = n;
}

/* global_atomics: leavers count themselves into the outbox with atomic increments, which
 * must start from zero each step. */
__kernel void particles_outbox_reset(__global long *boxes)
{
    boxes[get_global_id(0) * BOX_TABLE_STRIDE + BT_OUT_COUNT] = 0;
}
