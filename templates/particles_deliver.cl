/* particles_deliver.cl: particles that left their box during the push join their new box. Each
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
        SET_WEIGHT(to, pw[from]);                                                              \
        SET_ID(to, pid[from]);                                                                 \
        SET_LEVEL(to, plevel[from]);                                                           \
    } while (0)

/* Global boxes a and b touch (periodic axes wrap): a particle moves less than a cell per step, so
 * only touching boxes exchange particles. */
static inline int boxes_touch(const int a, const int b)
{
    const int d[3] = {BOX_X(a) - BOX_X(b), BOX_Y(a) - BOX_Y(b), BOX_Z(a) - BOX_Z(b)};
    const int n[3] = {NBX, NBY, NBZ}, periodic[3] = {BC_X_PERIODIC, BC_Y_PERIODIC, BC_Z_PERIODIC};
    for (int i = 0; i < 3; i++) {
        const int m = abs(d[i]);
        if (m > 1 && !(periodic[i] && m == n[i] - 1))
            return 0;
    }
    return 1;
}

__kernel void particles_deliver(PICL_PARTICLE_ARRAYS(PA_PARAM) __global const int *pdest, __global long *boxes)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], cap = box[BT_CAP];
    long n = box[BT_COUNT];
#if PARTICLE_HOLES
    /* close the holes the leavers left: move particles from the end into them */
    long lo = 0, hi = n - 1;
    while (lo <= hi) {
        if (px[start + lo] != HOLE_X) {
            lo++;
        } else if (px[start + hi] == HOLE_X) {
            hi--;
        } else {
            COPY_PARTICLE(start + lo, start + hi);
            lo++;
            hi--;
        }
    }
    n = lo;
#endif
    const int gid = BOX_GID(b);
    for (int src = 0; src < NLOCAL; src++) {
        if (src == b || !boxes_touch(BOX_GID(src), gid))
            continue;
        __global const long *from = boxes + src * BT_STRIDE;
        const long o0 = from[BT_OUT_START], o1 = o0 + from[BT_OUT_COUNT];
        for (long o = o0; o < o1; o++) {
            if (pdest[o] != gid)
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
    boxes[get_global_id(0) * BT_STRIDE + BT_OUT_COUNT] = 0;
}

/* Particles leaving for another rank's boxes (runtime/migrate.c). A record is MIGRATE_WORDS
 * 64-bit words: x, y, z, ux, uy, uz (bit patterns of real), the weight and the id where the run
 * keeps them, the charge state where a species is ionizable, and last the global box it goes to. */
#define MIGRATE_WORDS (7 + PARTICLE_WEIGHTS + PARTICLE_IDS + PARTICLE_LEVELS)
#define MIGRATE_DEST (MIGRATE_WORDS - 1)
#if REAL_IS_DOUBLE
#define REAL_BITS(x) as_ulong(x)
#define BITS_REAL(u) as_double(u)
#else
#define REAL_BITS(x) ((ulong)as_uint(x))
#define BITS_REAL(u) as_float((uint)(u))
#endif

#if NRANKS > 1 /* the migration's kernels, only where there are other ranks */
/* count[b * NRANKS + r]: particles in local box b's outbox bound for rank r (other ranks only). */
__kernel void particles_count_remote(__global const int *pdest, __global const long *boxes, __global int *count)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    for (int r = 0; r < NRANKS; r++)
        count[b * NRANKS + r] = 0;
    const long o0 = box[BT_OUT_START], o1 = o0 + box[BT_OUT_COUNT];
    for (long o = o0; o < o1; o++)
        if (BOX_SLOT(pdest[o]) < 0)
            count[b * NRANKS + BOX_RANK(pdest[o])]++;
}

/* Writes those particles as records from offset[b * NRANKS + r] on (the host's scan of count:
 * per rank one contiguous message, boxes in local order). */
__kernel void particles_pack_remote(PICL_PARTICLE_ARRAYS(PA_PARAM_CONST) __global const int *pdest,
                                    __global const long *boxes, __global const long *offset, __global ulong *send)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    const long o0 = box[BT_OUT_START], o1 = o0 + box[BT_OUT_COUNT];
    long next[NRANKS];
    for (int r = 0; r < NRANKS; r++)
        next[r] = offset[b * NRANKS + r];
    for (long o = o0; o < o1; o++) {
        if (BOX_SLOT(pdest[o]) >= 0)
            continue;
        __global ulong *rec = send + MIGRATE_WORDS * next[BOX_RANK(pdest[o])]++;
        rec[0] = REAL_BITS(px[o]);
        rec[1] = REAL_BITS(py[o]);
        rec[2] = REAL_BITS(pz[o]);
        rec[3] = REAL_BITS(pux[o]);
        rec[4] = REAL_BITS(puy[o]);
        rec[5] = REAL_BITS(puz[o]);
#if PARTICLE_WEIGHTS
        rec[6] = REAL_BITS(pw[o]);
#endif
#if PARTICLE_IDS
        rec[6 + PARTICLE_WEIGHTS] = pid[o];
#endif
#if PARTICLE_LEVELS
        rec[6 + PARTICLE_WEIGHTS + PARTICLE_IDS] = (ulong)(uint)plevel[o];
#endif
        rec[MIGRATE_DEST] = (ulong)pdest[o];
    }
}

/* Each local box appends the n received records addressed to it, in the order they came. */
__kernel void particles_unpack_remote(PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes, __global const ulong *recv,
                                      const long n)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], cap = box[BT_CAP];
    const ulong gid = (ulong)BOX_GID(b);
    long count = box[BT_COUNT];
    for (long e = 0; e < n; e++) {
        __global const ulong *rec = recv + MIGRATE_WORDS * e;
        if (rec[MIGRATE_DEST] != gid)
            continue;
        if (count == cap) {
            box[BT_OVERFLOW] = 1;
            break;
        }
        const long to = start + count++;
        px[to] = BITS_REAL(rec[0]);
        py[to] = BITS_REAL(rec[1]);
        pz[to] = BITS_REAL(rec[2]);
        pux[to] = BITS_REAL(rec[3]);
        puy[to] = BITS_REAL(rec[4]);
        puz[to] = BITS_REAL(rec[5]);
        SET_WEIGHT(to, BITS_REAL(rec[6]));
        SET_ID(to, rec[6 + PARTICLE_WEIGHTS]);
        SET_LEVEL(to, (int)rec[6 + PARTICLE_WEIGHTS + PARTICLE_IDS]);
    }
    box[BT_COUNT] = count;
}
#endif /* NRANKS > 1 */
