/* shape.cl: B-spline particle shapes of order 0 to 3 (Hockney and Eastwood, ch. 5) and the
 * atomic addition deposition needs. Positions are in cells with grid nodes at integers. */
#ifndef PICL_SHAPE_CL
#define PICL_SHAPE_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* shapeN(x, S) fills S[0..N] with the weights of nodes start .. start + N and returns start.
 * The weights sum to one; order N is N times differentiable in between nodes. */
static inline int shape0(real x, real *S)
{
    S[0] = 1;
    return (int)floor(x + (real)0.5);
}

/* The weights of orders 1 to 3 from the offset f of the position from the node its support is
 * centred on: f in [0, 1) for odd orders (the position's cell), [-1/2, 1/2) for order 2. Macros,
 * so that the vector code of deposition_strategy "simd_cells" (simd_cells.cl) computes the
 * same weights for several particles at once. */
#define SHAPE1_WEIGHTS(f, S)                                                                     \
    do {                                                                                       \
        (S)[0] = 1 - (f);                                                                      \
        (S)[1] = (f);                                                                          \
    } while (0)
#define SHAPE2_WEIGHTS(f, S)                                                                     \
    do {                                                                                       \
        (S)[0] = (real)0.5 * ((real)0.5 - (f)) * ((real)0.5 - (f));                            \
        (S)[1] = (real)0.75 - (f) * (f);                                                       \
        (S)[2] = (real)0.5 * ((real)0.5 + (f)) * ((real)0.5 + (f));                            \
    } while (0)
#define SHAPE3_WEIGHTS(f, S)                                                                     \
    do {                                                                                       \
        (S)[0] = (1 - (f)) * (1 - (f)) * (1 - (f)) * (real)(1.0 / 6.0);                        \
        (S)[1] = (real)(2.0 / 3.0) - (f) * (f) * (1 - (real)0.5 * (f));                        \
        (S)[2] = (real)(2.0 / 3.0) - (1 - (f)) * (1 - (f)) * (1 - (real)0.5 * (1 - (f)));      \
        (S)[3] = (f) * (f) * (f) * (real)(1.0 / 6.0);                                          \
    } while (0)

static inline int shape1(real x, real *S)
{
    const int i = (int)floor(x);
    const real f = x - i;
    SHAPE1_WEIGHTS(f, S);
    return i;
}

static inline int shape2(real x, real *S)
{
    const int i = (int)floor(x + (real)0.5);
    const real f = x - i; /* in [-1/2, 1/2) */
    SHAPE2_WEIGHTS(f, S);
    return i - 1;
}

static inline int shape3(real x, real *S)
{
    const int i = (int)floor(x);
    const real f = x - i; /* in [0, 1) */
    SHAPE3_WEIGHTS(f, S);
    return i - 1;
}

/* Nodes a shape of order SHAPE_ORDER touches. */
#define NODE_PTS (SHAPE_ORDER + 1)

/* Along an axis 2D or 1D drops, every shape is one node (0, the axis' one cell) of weight 1,
 * whatever the position: SHAPE_Y(order) is shape_flat there and PTS_Y(n) 1, so the loops over
 * that axis have one trip and the compiler drops them. In 3D SHAPE_A is SHAPE and PTS_A(n) n. */
static inline int shape_flat(real x, real *S)
{
    (void)x;
    S[0] = 1;
    return 0;
}
/* Whether the geometry keeps axis a (a literal or a constant expression: the compiler folds it). */
#define AXIS_KEPT(a) ((a) == 0 ? HAS_X : (a) == 1 ? HAS_Y : HAS_Z)
#if HAS_X
#define SHAPE_X(order) SHAPE(order)
#define PTS_X(n) (n)
#else
#define SHAPE_X(order) shape_flat
#define PTS_X(n) 1
#endif
#if HAS_Y
#define SHAPE_Y(order) SHAPE(order)
#define PTS_Y(n) (n)
#else
#define SHAPE_Y(order) shape_flat
#define PTS_Y(n) 1
#endif
#if HAS_Z
#define SHAPE_Z(order) SHAPE(order)
#define PTS_Z(n) (n)
#else
#define SHAPE_Z(order) shape_flat
#define PTS_Z(n) 1
#endif

/* out = sum over a, b, c of Sx[a] Sy[b] Sz[c] f(ix + a, iy + b, iz + c): contracted one axis at
 * a time (x, then y, then z), so the rows are independent dot products the processor can
 * overlap, not one long chain of dependent additions; every trip count is a literal. T is the
 * type of the weights and the result: real, or a vector of several particles' (simd_cells.cl)
 * that share the nodes. */
#define GATHER_SUM(f, Sx, ix, PX, Sy, iy, PY, Sz, iz, PZ, out) GATHER_SUM_T(real, f, Sx, ix, PX, Sy, iy, PY, Sz, iz, PZ, out)
#define GATHER_SUM_T(T, f, Sx, ix, PX, Sy, iy, PY, Sz, iz, PZ, out)                              \
    do {                                                                                       \
        T plane_[(PZ)];                                                                        \
        _Pragma("unroll") for (int c_ = 0; c_ < (PZ); c_++) {                                  \
            T row_[(PY)];                                                                      \
            _Pragma("unroll") for (int b_ = 0; b_ < (PY); b_++) {                              \
                __global const real *p_ = (f) + IDX((ix), (iy) + b_, (iz) + c_);               \
                T r_ = 0;                                                                      \
                _Pragma("unroll") for (int a_ = 0; a_ < (PX); a_++) r_ += (Sx)[a_] * p_[a_];   \
                row_[b_] = r_;                                                                 \
            }                                                                                  \
            T q_ = 0;                                                                          \
            _Pragma("unroll") for (int b_ = 0; b_ < (PY); b_++) q_ += (Sy)[b_] * row_[b_];     \
            plane_[c_] = q_;                                                                   \
        }                                                                                      \
        T acc_ = 0;                                                                            \
        _Pragma("unroll") for (int c_ = 0; c_ < (PZ); c_++) acc_ += (Sz)[c_] * plane_[c_];     \
        (out) = acc_;                                                                          \
    } while (0)

#define PICL_CAT2(a, b) a##b
#define PICL_CAT(a, b) PICL_CAT2(a, b)
/* SHAPE(3)(x, S) calls shape3: the order is a literal in generated code. */
#define SHAPE(order) PICL_CAT(shape, order)

/* Atomic x += v on global or local memory. OpenCL 1.2 has no floating-point atomic add, so the
 * value is swapped in with compare-and-exchange on its bit pattern until no other item
 * interfered (64-bit: cl_khr_int64_base_atomics, which covers local memory too). The loop starts
 * from the guess 0 rather than a plain read of *p, which the memory model counts as a data race
 * with the other items' exchanges (Oclgrind --data-races reports it): the first exchange returns
 * the value, and J cells that nothing has touched yet (0) take the add at once. */
#if REAL_IS_DOUBLE
#define DEFINE_ATOMIC_ADD(name, space)                                                           \
    static inline void name(volatile space real *p, const real v)                              \
    {                                                                                          \
        union { ulong u; double f; } seen, want;                                               \
        seen.u = 0; /* a guess, not a read: a plain read would race with the other items' */     \
        for (;;) {                                                                             \
            want.f = seen.f + v;                                                               \
            const ulong got = atom_cmpxchg((volatile space ulong *)p, seen.u, want.u);         \
            if (got == seen.u)                                                                 \
                break;                                                                         \
            seen.u = got;                                                                      \
        }                                                                                      \
    }
#else
#define DEFINE_ATOMIC_ADD(name, space)                                                           \
    static inline void name(volatile space real *p, const real v)                              \
    {                                                                                          \
        union { uint u; float f; } seen, want;                                                 \
        seen.u = 0; /* see above */                                                            \
        for (;;) {                                                                             \
            want.f = seen.f + v;                                                               \
            const uint got = atomic_cmpxchg((volatile space uint *)p, seen.u, want.u);         \
            if (got == seen.u)                                                                 \
                break;                                                                         \
            seen.u = got;                                                                      \
        }                                                                                      \
    }
#endif
DEFINE_ATOMIC_ADD(atomic_add_real, __global)
DEFINE_ATOMIC_ADD(atomic_add_real_local, __local)

/* Where and how deposition (deposit_*.cl) adds into J. It is handed J_SPACE real *J, the Jx it
 * writes (Jy and Jz follow J_COMP_STRIDE and twice that further), and an offset joff: cell
 * (i, j, k) of the box (box-local, guard cells included) is J[joff + J_IDX(i, j, k)].
 * - "deterministic": the box's own J in global memory, which one work item owns: plain additions.
 * - "global_atomics": the same J, shared by the work items of many particles: atomic additions.
 * - "local_tiles": the work-group's tile in local memory, TILE_DX x TILE_DY x TILE_DZ cells
 *   (joff takes off the tile's origin): atomic additions there (plain ones when the work-group
 *   is a single work item), then one per cell into J. */
#ifndef DEPOSIT_ATOMIC
#define DEPOSIT_ATOMIC 0
#endif
#ifndef DEPOSIT_LOCAL_TILES
#define DEPOSIT_LOCAL_TILES 0
#endif
#if DEPOSIT_LOCAL_TILES
#define J_SPACE __local
#define J_IDX(i, j, k) ((i) + NGX + ((j) + NGY) * TILE_SY + ((k) + NGZ) * TILE_SZ)
#define J_COMP_STRIDE TILE_CELLS
#if TILE_GROUP == 1 /* one work item per tile (CPUs): the tile has one writer */
#define DEPOSIT_ADD(p, v) (*(p) += (v))
#else
#define DEPOSIT_ADD(p, v) atomic_add_real_local((p), (v))
#endif
#else
#define J_SPACE __global
#define J_IDX(i, j, k) IDX(i, j, k)
/* in RZ a field's MODE_COMPS parts lie between Jx and Jy: this deposit writes mode 0. A program
 * that names its J components itself (gen/rz_particles.c's stand-alone one) has one each. */
#ifndef MODE_COMPS
#define MODE_COMPS 1
#endif
#define J_COMP_STRIDE (MODE_COMPS * COMP_STRIDE)
#if DEPOSIT_ATOMIC
#define DEPOSIT_ADD(p, v) atomic_add_real((p), (v))
#else
#define DEPOSIT_ADD(p, v) (*(p) += (v))
#endif
#endif
#if C_JY != C_JX + MODE_COMPS || C_JZ != C_JX + 2 * MODE_COMPS
#error "deposition takes Jy and Jz to follow Jx"
#endif

/* The box that holds a position (cells of the whole domain, in [0, CELLS)), and the position
 * relative to that box's lower corner. */
static inline int box_of(real x, real y, real z, real *xl, real *yl, real *zl)
{
    /* integer division of the truncated (non-negative) position: exact at box edges */
    const int bx = min((int)x / NX, NBX - 1);
    const int by = min((int)y / NY, NBY - 1);
    const int bz = min((int)z / NZ, NBZ - 1);
    *xl = x - (real)(bx * NX);
    *yl = y - (real)(by * NY);
    *zl = z - (real)(bz * NZ);
    return BOX_INDEX(bx, by, bz);
}

/* Periodic wrap of a position that moved by less than a cell. */
static inline real wrap(real x, const int cells)
{
    if (x < 0)
        x += (real)cells;
    else if (x >= (real)cells)
        x -= (real)cells;
    /* x + cells can round up to exactly cells for a tiny negative x */
    return x >= (real)cells ? (real)0 : x;
}
#endif /* PICL_SHAPE_CL */
