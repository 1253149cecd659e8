/* kernel_iface.h: what the host and the kernels must agree on, written once in the common part of
 * C11 and OpenCL C: the runtime includes it (templates/ is on its include path), the generator
 * emits it into every program before common.cl. */
#ifndef PICL_KERNEL_IFACE_H
#define PICL_KERNEL_IFACE_H

/* When a run stores a particle array: always, or only with weights that differ between particles
 * or ids that something reads, or charge states where a species is ionizable (gen/particle_attrs.c;
 * PARTICLE_WEIGHTS, PARTICLE_IDS, PARTICLE_LEVELS in a program).
 * An array the run does not store is a placeholder buffer of one slot that no kernel touches. */
enum pa_kept { PA_ALWAYS, PA_IF_WEIGHTS, PA_IF_IDS, PA_IF_LEVELS };

/* The arrays of a species, one slot per particle, in the order every kernel takes them:
 * M(ENUM, name, param, type, kept) gives the host's PA_ENUM, the name in messages and checkpoints,
 * the kernel's parameter, the OpenCL element type (real: the run's precision) and when the run
 * stores it. Grouped, because a kernel that needs only positions or momenta takes that group.
 * A new attribute is one line here (and its use in the kernels that read it). */
#define PICL_PARTICLE_POSITION(M) M(X, x, px, real, PA_ALWAYS) M(Y, y, py, real, PA_ALWAYS) M(Z, z, pz, real, PA_ALWAYS)
#define PICL_PARTICLE_MOMENTUM(M)                                                                   \
    M(UX, ux, pux, real, PA_ALWAYS) M(UY, uy, puy, real, PA_ALWAYS) M(UZ, uz, puz, real, PA_ALWAYS)
#define PICL_PARTICLE_WEIGHT(M) M(W, w, pw, real, PA_IF_WEIGHTS)
#define PICL_PARTICLE_ID(M) M(ID, id, pid, ulong, PA_IF_IDS)
/* The charge state of an ionizable species' particle (its charge is level x e; templates/ionize.cl). */
#define PICL_PARTICLE_LEVEL(M) M(LEVEL, level, plevel, int, PA_IF_LEVELS)
#define PICL_PARTICLE_ARRAYS(M)                                                                     \
    PICL_PARTICLE_POSITION(M) PICL_PARTICLE_MOMENTUM(M) PICL_PARTICLE_WEIGHT(M) PICL_PARTICLE_ID(M)  \
    PICL_PARTICLE_LEVEL(M)
/* Beside them, scratch that is no attribute: the destination of a particle in an outbox slot, and
 * the tile list at the box's own slots (particles.c). */
#define PICL_PARTICLE_SCRATCH(M) M(DEST, dest, pdest, int, PA_ALWAYS)

/* The box table of a species: BT_STRIDE longs per box, where its particles and its outbox are and
 * what happened to them. Particles of box b occupy [START, START + COUNT) with room up to
 * START + CAP; particles that left it in the last push wait in [OUT_START, OUT_START + OUT_COUNT).
 * OVERFLOW is set when the box or its outbox ran out of room: 1 in a push or hand-over, 2
 * injecting (3 for field ionization's electrons); 4 when a push met a particle whose position was
 * no number or beyond its box's reach, whose id (or -1 - its slot) BAD then holds. LOST + 2 axis + side (side 0 lower, 1 upper) counts the particles absorbed through
 * that face of the domain since the start of the run (six entries, 8 .. 13); WINDOW_OUT and
 * WINDOW_IN those the moving window dropped at the trailing face and injected at the leading one. */
#define BT_START 0
#define BT_CAP 1
#define BT_COUNT 2
#define BT_OUT_START 3
#define BT_OUT_CAP 4
#define BT_OUT_COUNT 5
#define BT_OVERFLOW 6
#define BT_BAD 7
#define BT_LOST 8
#define BT_WINDOW_OUT 14
#define BT_WINDOW_IN 15
#define BT_STRIDE 16

/* The state of a box that its particles take along when they change box tables (a restart's new
 * room, load balancing's new owner): M(name, first entry, entries), the count first (a reader
 * learns from it how many particles follow). A checkpoint writes each as the dataset box_<name>;
 * load balancing sends these BOX_STATE_WORDS entries before the box's particles. */
#define PICL_BOX_STATE(M) M(count, BT_COUNT, 1) M(lost, BT_LOST, 6) M(window, BT_WINDOW_OUT, 2)
#define PICL_BOX_STATE_WORDS_(name, at, n) +(n)
enum { BOX_STATE_WORDS = 0 PICL_BOX_STATE(PICL_BOX_STATE_WORDS_) };

/* A record of a particle that crossed a back-transformed snapshot's lab time (templates/
 * btd_particles.cl, runtime/btd_cross.c): BTD_RECORD acc_reals, the snapshot's index in the
 * launch's list of lab times, then t' (s), x', y', z' (m) at the crossing, u' (m/s) of the move
 * and the weight; its id in a parallel array. */
#define BTD_RECORD 9

#if defined(__OPENCL_C_VERSION__) || defined(__OPENCL_VERSION__) /* clang alone defines only the first */
/* A kernel's parameters for a group of the arrays, `__global type *param,` each, so that a
 * parameter list reads (__global real *F, PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes);
 * PA_PARAM_CONST for arrays the kernel only reads, PA_PASS to hand them on to a function. */
#define PA_PARAM(E, name, param, type, kept) __global type *param,
#define PA_PARAM_CONST(E, name, param, type, kept) __global const type *param,
#define PA_PASS(E, name, param, type, kept) param,
/* The arrays of a second species in the same kernel (the product of ionization), e_ before each. */
#define PA_PARAM_PRODUCT(E, name, param, type, kept) __global type *e_##param,
#else
/* The host's index of each array (enum particle_array); the attributes, which a particle takes
 * along into checkpoints and to other ranks, are the first PA_ATTRS. */
#define PA_ENUM_(E, name, param, type, kept) PA_##E,
#define PA_ONE_(E, name, param, type, kept) +1
enum particle_array { PICL_PARTICLE_ARRAYS(PA_ENUM_) PICL_PARTICLE_SCRATCH(PA_ENUM_) PA_COUNT };
enum { PA_ATTRS = 0 PICL_PARTICLE_ARRAYS(PA_ONE_) };
#endif

#endif /* PICL_KERNEL_IFACE_H */
