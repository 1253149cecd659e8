/* species_step.cl: one species' step in one kernel: field gather at x^n, momentum push
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

/* What advance and move return for a particle whose position is no number or lies beyond its
 * box's reach (below): it is neither deposited nor kept, and the box table says so (settle_bad). */
#define PICL_BAD_PARTICLE (-7)

/* Whether box-local positions p (cells) lie within `margin` cells of the box, NaN failing every
 * comparison. A particle starts a step in [0, n) of its box and ends it within (-1, n+1) (the
 * guard cells' reach, gen/layout.c); half a cell more covers rounding. A position beyond that
 * (pushed by a non-finite momentum, or loaded so) would become an index outside the buffers. */
static inline int in_reach(const real *p, const real margin)
{
    return p[0] >= -margin && p[0] <= (real)NX + margin && p[1] >= -margin && p[1] <= (real)NY + margin &&
           p[2] >= -margin && p[2] <= (real)NZ + margin;
}

/* Flags a bad particle in its box's table: the run stops after this step with its id (or its
 * slot, -1 - slot, in a species without ids) named (runtime/particles.c, particles_check).
 * Atomic stores, since many work items may push the box: any one of its bad particles will do. */
#define SETTLE_BAD(box, ip)                                                                      \
    do {                                                                                         \
        atom_xchg((volatile __global long *)((box) + BT_OVERFLOW), 4L);                          \
        atom_xchg((volatile __global long *)((box) + BT_BAD),                                    \
                  PARTICLE_IDS ? (long)ID_AT(ip) : -1 - (long)(ip));                            \
    } while (0)

/* The boundary literals of axis a (the generator's BC_*), for loops over the axes. */
#define BC_PART(a, what) ((a) == 0 ? BC_X_##what : (a) == 1 ? BC_Y_##what : BC_Z_##what)

/* The move xo -> xn (box-local cells, box origin o; g = xn + o in cells of the domain, exactly)
 * of a particle at the non-periodic faces of the domain, with its current deposition. The path
 * is cut where it first crosses a face; up to there the current is deposited as usual. On the
 * face the particle's charge and its image's (the PEC image rule of SumBoundary) cancel on every
 * node, so an absorbed particle can vanish there and a reflected one can go on along the
 * mirrored path (normal position and momentum reversed) without breaking the continuity
 * equation, hence Gauss's law. The mirrored position is rounded once, in the domain frame, and
 * the last leg ends exactly there. Each leg passes the deposition its own mean velocity (what
 * "direct" deposition uses). At a face with a PML the cut is at the PML's inner edge instead,
 * where no image exists: a reflected particle still conserves charge, but an absorbed one leaves
 * its charge on the edge's nodes, as a fixed charge that Gauss's law keeps counting (docs/input.md).
 * Returns the face the particle was absorbed through (2 axis + side), or -1 with xn, g and u
 * updated. */
static inline int boundary_move(J_SPACE real *J, const int joff, const real *o, const real *xo, real *xn, real *g,
                                real *u, const real *v, const real qw)
{
    const int edge_lo[3] = {PART_FACE_LO(0), PART_FACE_LO(1), PART_FACE_LO(2)};
    const int edge_hi[3] = {PART_FACE_HI(0), PART_FACE_HI(1), PART_FACE_HI(2)};
    const real lo[3] = {(real)edge_lo[0] - o[0], (real)edge_lo[1] - o[1], (real)edge_lo[2] - o[2]};
    const real hi[3] = {(real)edge_hi[0] - o[0], (real)edge_hi[1] - o[1], (real)edge_hi[2] - o[2]};
    const real to_v[3] = {(real)DX / DT, (real)DY / DT, (real)DZ / DT};
    real p[3] = {xo[0], xo[1], xo[2]}, vl[3] = {v[0], v[1], v[2]};
    for (int leg = 0; leg < 3; leg++) {
        real t = 2;
        int axis = -1, side = 0;
        for (int a = 0; a < 3; a++) {
            if (BC_PART(a, PERIODIC))
                continue;
            if (xn[a] < lo[a] && (p[a] - lo[a]) / (p[a] - xn[a]) < t) {
                t = (p[a] - lo[a]) / (p[a] - xn[a]);
                axis = a;
                side = 0;
            } else if (xn[a] >= hi[a] && (hi[a] - p[a]) / (xn[a] - p[a]) < t) {
                t = (hi[a] - p[a]) / (xn[a] - p[a]);
                axis = a;
                side = 1;
            }
        }
        if (axis < 0)
            break;
        real c[3], vc[3];
        for (int a = 0; a < 3; a++) {
            c[a] = a == axis ? (side ? hi[a] : lo[a]) : p[a] + t * (xn[a] - p[a]);
            vc[a] = (c[a] - p[a]) * to_v[a];
        }
        deposit_current(J, joff, p, c, vc, qw);
        const int absorbing = side ? BC_PART(axis, HI_ABSORBING) : BC_PART(axis, LO_ABSORBING);
        if (absorbing)
            return 2 * axis + side;
        /* reflecting: the rest of the path mirrored in the face */
        g[axis] = side ? 2 * (real)edge_hi[axis] - g[axis] : 2 * (real)edge_lo[axis] - g[axis];
        if (g[axis] >= (real)edge_hi[axis])
            g[axis] = nextafter((real)edge_hi[axis], (real)0); /* it ended exactly on the upper face */
        xn[axis] = g[axis] - o[axis];
        u[axis] = -u[axis];
        for (int a = 0; a < 3; a++) {
            p[a] = c[a];
            vl[a] = (xn[a] - p[a]) * to_v[a];
        }
    }
    deposit_current(J, joff, p, xn, vl, qw);
    return -1;
}
#ifdef RZ_MODES
/* RZ (docs/rz.md, "Particles in a run"): particles stay Cartesian, x and y in cells of dr from the
 * axis, z in cells; boxes lie along z only, so a box's origin in x and y is 0. A particle may
 * cross the axis freely (x, y change sign; nothing is special there). It is absorbed where its
 * path meets r = r_max (or a PML's inner edge there, PART_FACE_HI(0)): the current is deposited
 * up to the point on the wall and the particle vanishes (its charge then sits on the wall's node,
 * where E_t and E_z are held 0, or on the PML's edge node). Along z the
 * faces are 2D's: periodic, absorbing or reflecting. */
static inline int rz_in_reach(const real *p, const real margin)
{
    return hypot(p[0], p[1]) <= (real)NX + margin && p[2] >= -margin && p[2] <= (real)NZ + margin;
}

/* Moves a particle of box b from xo to xn (box-local cells; g: cells of the domain, z wrapped
 * where periodic), depositing its current leg by leg (rz_deposit_current). Returns the face it
 * was absorbed through (1: r_max, 4 or 5: z), or -1 with xn, g, u updated. */
static inline int rz_boundary_move(__global real *F, const int b, const real *o, const real *xo, real *xn, real *g,
                                   real *u, const real qw)
{
    const real R = (real)PART_FACE_HI(0), zlo = (real)PART_FACE_LO(2) - o[2], zhi = (real)PART_FACE_HI(2) - o[2];
    const real to_v[3] = {(real)DX / DT, (real)DX / DT, (real)DZ / DT};
    real p[3] = {xo[0], xo[1], xo[2]};
    for (int leg = 0; leg < 3; leg++) {
        real t = 2;
        int face = -1;
        const real d[3] = {xn[0] - p[0], xn[1] - p[1], xn[2] - p[2]};
        if (hypot(xn[0], xn[1]) >= R) { /* |p + t d| = R in x, y, the root in (0, 1] */
            const real a = d[0] * d[0] + d[1] * d[1], bq = p[0] * d[0] + p[1] * d[1];
            const real cq = p[0] * p[0] + p[1] * p[1] - R * R;
            t = a > 0 ? (-bq + sqrt(fmax(bq * bq - a * cq, (real)0))) / a : 0;
            t = clamp(t, (real)0, (real)1);
            face = 1;
        }
        if (!BC_Z_PERIODIC) {
            if (xn[2] < zlo && (p[2] - zlo) / (p[2] - xn[2]) < t) {
                t = (p[2] - zlo) / (p[2] - xn[2]);
                face = 4;
            } else if (xn[2] >= zhi && (zhi - p[2]) / (xn[2] - p[2]) < t) {
                t = (zhi - p[2]) / (xn[2] - p[2]);
                face = 5;
            }
        }
        if (face < 0)
            break;
        real c[3] = {p[0] + t * d[0], p[1] + t * d[1], face == 4 ? zlo : face == 5 ? zhi : p[2] + t * d[2]};
        if (face == 1) { /* on the wall, never beyond it by rounding */
            const real rc = hypot(c[0], c[1]);
            if (rc > R) {
                c[0] *= R / rc;
                c[1] *= R / rc;
            }
        }
        rz_deposit_current(F, b, p[0], p[1], p[2], c[0], c[1], c[2], (c[0] - p[0]) * to_v[0],
                           (c[1] - p[1]) * to_v[1], qw, hypot(p[0], p[1]), hypot(c[0], c[1]));
#if SHAPE_ORDER > 1
        /* orders 2 and 3: the shape on the wall still has weight on the nodes inside; it is
         * carried out radially in legs under a cell to r_max + 2.25 dr, where no weight is
         * inside, so its charge leaves through the wall as current (the deposit keeps nothing
         * beyond r_max: rz_particles.cl's RZ_BEYOND_WALL) */
        if (face == 1) {
            const real rc = fmax(hypot(c[0], c[1]), (real)1);
            for (int l = 0; l < 3; l++) {
                const real f0 = l == 0 ? (real)1 : (R + (real)0.75 * l) / rc, f1 = (R + (real)0.75 * (l + 1)) / rc;
                rz_deposit_current(F, b, c[0] * f0, c[1] * f0, c[2], c[0] * f1, c[1] * f1, c[2],
                                   c[0] * (f1 - f0) * to_v[0], c[1] * (f1 - f0) * to_v[1], qw,
                                   hypot(c[0] * f0, c[1] * f0), hypot(c[0] * f1, c[1] * f1));
            }
        }
#endif
        if (face == 1 || (face == 4 ? BC_Z_LO_ABSORBING : BC_Z_HI_ABSORBING))
            return face;
        /* reflecting at a z face: the rest of the path mirrored, as boundary_move does */
        const real edge = face == 4 ? (real)PART_FACE_LO(2) : (real)PART_FACE_HI(2);
        g[2] = 2 * edge - g[2];
        if (g[2] >= (real)PART_FACE_HI(2))
            g[2] = nextafter((real)PART_FACE_HI(2), (real)0);
        xn[2] = g[2] - o[2];
        u[2] = -u[2];
        for (int a = 0; a < 3; a++)
            p[a] = c[a];
    }
    /* the radii here are those the push and the wall test took (one hypot each once inlined) */
    rz_deposit_current(F, b, p[0], p[1], p[2], xn[0], xn[1], xn[2], (xn[0] - p[0]) * to_v[0], (xn[1] - p[1]) * to_v[1],
                       qw, hypot(p[0], p[1]), hypot(xn[0], xn[1]));
    return -1;
}

/* rz_boundary_move after the push: the new position rounded once in the domain's frame (as
 * move() below), z wrapped where periodic. Returns the box that holds it, or -1 - face. */
static inline int rz_move(__global real *F, const int b, const real *o, const real *x, real *u, const real *v,
                          const real qw, real *g)
{
    const real xo[3] = {x[0] - o[0], x[1] - o[1], x[2] - o[2]};
    const real gu[3] = {x[0] + v[0] * DT_DX, x[1] + v[1] * DT_DX, x[2] + v[2] * DT_DZ};
    real xn[3];
    for (int a = 0; a < 3; a++) {
        const int per = a == 2 && BC_Z_PERIODIC;
        g[a] = per ? wrap(gu[a], CELLS_Z) : gu[a];
        xn[a] = (g[a] + (per ? unwrap_shift(gu[a], g[a], CELLS_Z) : (real)0)) - o[a];
    }
    if (!rz_in_reach(xn, (real)1.5))
        return PICL_BAD_PARTICLE;
    const int face = rz_boundary_move(F, b, o, xo, xn, g, u, qw);
    if (face >= 0)
        return -1 - face;
    real l0, l1, l2;
    return box_of(0, 0, g[2], &l0, &l1, &l2);
}
#endif
#endif

/* Galilean PSATD (gen_psatd_emit): the grid moves at GALILEAN_V*, m/s, so a particle moves by
 * (v - vg) dt in its cells; its current is still q v (direct deposition, at the midpoint). */
#ifndef GALILEAN_VX
#define GALILEAN_VX 0
#define GALILEAN_VY 0
#define GALILEAN_VZ 0
#endif

/* The move of a particle of box b (origin o in cells) from x (cells of the domain) with the
 * pushed momentum u and velocity v, and its deposition into J at joff (shape.cl). Returns the
 * box that now holds it, with its new position in g (cells of the domain, wrapped along
 * periodic axes), or -1 - face when it was absorbed through that face (2 axis + side). */
static inline int PICL_CAT(move, SP_SUFFIX)(J_SPACE real *J, const int joff, const real *o, const real *x, real *u,
                                            const real *v, const real w, real *g)
{
    const real xo[3] = {x[0] - o[0], x[1] - o[1], x[2] - o[2]};
    /* The new position is rounded once, as it is stored (cells of the domain), and the deposit
     * ends exactly there: taking off the box origin, or adding back what wrap() took, is exact.
     * Rounding it in the box's frame instead would move charge without current in float.
     * Along a non-periodic axis nothing wraps; boundary_move handles the faces. */
    /* along an axis 2D or 1D drops the position does not move (docs/geometry.md) */
    const real gu[3] = {x[0] + ALONG_X((v[0] - (real)GALILEAN_VX) * DT_DX), x[1] + ALONG_Y((v[1] - (real)GALILEAN_VY) * DT_DY),
                        x[2] + ALONG_Z((v[2] - (real)GALILEAN_VZ) * DT_DZ)};
    const int cells[3] = {CELLS_X, CELLS_Y, CELLS_Z};
    real xn[3];
    for (int a = 0; a < 3; a++) {
        g[a] = BC_PART(a, PERIODIC) ? wrap(gu[a], cells[a]) : gu[a];
        xn[a] = (g[a] + (BC_PART(a, PERIODIC) ? unwrap_shift(gu[a], g[a], cells[a]) : (real)0)) - o[a];
    }
    if (!in_reach(xn, (real)1.5)) /* xo: advance (or the caller) made sure of it */
        return PICL_BAD_PARTICLE;
#if BC_ALL_PERIODIC
    deposit_current(J, joff, xo, xn, v, SP_Q * w);
#else
    const int face = boundary_move(J, joff, o, xo, xn, g, u, v, SP_Q * w);
    if (face >= 0)
        return -1 - face;
#endif
    /* after the wrap: with one box along an axis, a particle crossing the domain's edge stays */
    real l0, l1, l2;
    return box_of(g[0], g[1], g[2], &l0, &l1, &l2);
}

/* applied_fields (gen/applied.c) add to the gathered fields and take the time and the moving
 * window's offset as two more parameters of the push; without them the push has none of it. */
#ifndef APPLIED_FIELDS
#define APPLIED_PARAM
#define APPLIED_ARG
#endif

/* One particle's step in box b: gather from F at x, push u, then move (above). zq: the
 * particle's charge in units of the species' SP_Q (its charge state for an ionizable species,
 * SP_ZQ; else 1), which scales its force and its current. */
static inline int PICL_CAT(advance, SP_SUFFIX)(__global real *F, const int b, J_SPACE real *J, const int joff,
                                               const real *o, real *x, real *u, const real w, const real zq,
                                               real *g APPLIED_PARAM)
{
    real E[3], B[3];
    const real xo[3] = {x[0] - o[0], x[1] - o[1], x[2] - o[2]};
#ifdef RZ_MODES
    if (!rz_in_reach(xo, (real)0.5))
        return PICL_BAD_PARTICLE;
    rz_gather_fields(F, b, xo[0], xo[1], xo[2], hypot(xo[0], xo[1]), E, B);
#else
    if (!in_reach(xo, (real)0.5))
        return PICL_BAD_PARTICLE;
    gather_fields(GATHER_EB(F), b, xo[0], xo[1], xo[2], E, B);
#endif
#ifdef APPLIED_FIELDS
    /* the impulse spans t^{n-1/2} .. t^{n+1/2}: half a step each side of the gather */
    applied_add(x, u, (real)0.5, (real)0.5, t_gather, lab_offset, E, B);
#endif
    push_u(u, E, B, SP_QDT_2M * zq);
    const real inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);
    const real v[3] = {u[0] * inv_gamma, u[1] * inv_gamma, u[2] * inv_gamma};
#ifdef RZ_MODES /* J is F's (rz_deposit_current writes every mode) */
    return rz_move(F, b, o, x, u, v, SP_Q * w * zq, g);
#else
    return PICL_CAT(move, SP_SUFFIX)(J, joff, o, x, u, v, w * zq, g);
#endif
}

#define STORE_PARTICLE(to, g, u, w, id, lv)                                                       \
    do {                                                                                       \
        px[to] = (g)[0];                                                                       \
        py[to] = (g)[1];                                                                       \
        pz[to] = (g)[2];                                                                       \
        pux[to] = (u)[0];                                                                      \
        puy[to] = (u)[1];                                                                      \
        puz[to] = (u)[2];                                                                      \
        SET_WEIGHT(to, (w));                                                                   \
        SET_ID(to, (id));                                                                      \
        SET_LEVEL(to, (lv));                                                                   \
    } while (0)

#if !PARTICLE_HOLES
/* deposition_strategy "deterministic": one work item per box walks the box's particles in
 * order. It alone writes the box's J (plain additions, the same sum on every run) and it
 * compacts the particles that stay, in place, while those that left go to the box's outbox
 * with their destination; particles_deliver (particles_deliver.cl) hands them over. Particles
 * absorbed at a face of the domain are simply not kept. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, PICL_PARTICLE_ARRAYS(PA_PARAM) __global int *pdest,
                                                __global long *boxes APPLIED_PARAM)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], out_start = box[BT_OUT_START];
    const long n = box[BT_COUNT], out_cap = box[BT_OUT_CAP];
    BOX_ORIGIN(b, ox, oy, oz);
    const real o[3] = {ox, oy, oz};
    const int gid = BOX_GID(b);
    long kept = 0, out = 0;
    for (long k = 0; k < n; k++) {
        const long ip = start + k;
        real x[3] = {px[ip], py[ip], pz[ip]}, u[3] = {pux[ip], puy[ip], puz[ip]}, g[3];
        const real w = WEIGHT_AT(ip);
        const ulong id = ID_AT(ip);
        const int lv = LEVEL_AT(ip);
        const int dest = PICL_CAT(advance, SP_SUFFIX)(F, b, COMP(F, C_JX, b), 0, o, x, u, w, SP_ZQ(ip), g APPLIED_ARG);
        if (dest == PICL_BAD_PARTICLE) {
            SETTLE_BAD(box, ip);
            continue;
        }
        if (dest < 0) { /* absorbed: not kept, counted per face */
            box[BT_LOST - 1 - dest]++;
            continue;
        }
        long to;
        if (dest == gid || out == out_cap) {
            if (dest != gid)
                box[BT_OVERFLOW] = 1; /* the outbox is full: the run stops after this step */
            to = start + kept++;
        } else {
            to = out_start + out++;
            pdest[to] = dest;
        }
        STORE_PARTICLE(to, g, u, w, id, lv);
    }
    box[BT_COUNT] = kept;
    box[BT_OUT_COUNT] = out;
}
#else
/* The hand-over of particle ip of box b, pushed to g, u, when many work items push the box at
 * once (global_atomics, local_tiles) or the particles go by cell (simd_cells): it stays in its
 * slot unless it left the box. A particle that leaves takes an outbox slot with an atomic
 * increment and leaves a hole (x HOLE_X) that particles_deliver compacts; one absorbed at a
 * face leaves a hole too. Outbox counts were zeroed by particles_outbox_reset. */
static inline void PICL_CAT(settle, SP_SUFFIX)(const int dest, const int b, const long ip, const real *g,
                                               const real *u, const real w, const ulong id,
                                               PICL_PARTICLE_ARRAYS(PA_PARAM) __global int *pdest, __global long *box)
{
    if (dest == PICL_BAD_PARTICLE) { /* a hole, as an absorbed one */
        SETTLE_BAD(box, ip);
        px[ip] = HOLE_X;
        return;
    }
    if (dest < 0) { /* absorbed: counted per face */
        atom_inc((volatile __global long *)(box + BT_LOST - 1 - dest));
        px[ip] = HOLE_X;
        return;
    }
    long to = ip;
    const int lv = LEVEL_AT(ip);
    if (dest != BOX_GID(b)) {
        const long slot = atom_add((volatile __global long *)(box + BT_OUT_COUNT), 1L);
        if (slot < box[BT_OUT_CAP]) {
            to = box[BT_OUT_START] + slot;
            pdest[to] = dest;
            px[ip] = HOLE_X;
        } else {
            box[BT_OVERFLOW] = 1; /* the outbox is full: the run stops after this step */
        }
    }
    STORE_PARTICLE(to, g, u, w, id, lv);
}

static inline void PICL_CAT(push_one, SP_SUFFIX)(__global real *F, const int b, J_SPACE real *J, const int joff,
                                                 const real *o, const long ip, PICL_PARTICLE_ARRAYS(PA_PARAM)
                                                 __global int *pdest, __global long *box APPLIED_PARAM)
{
    real x[3] = {px[ip], py[ip], pz[ip]}, u[3] = {pux[ip], puy[ip], puz[ip]}, g[3];
    const real w = WEIGHT_AT(ip);
    const int dest = PICL_CAT(advance, SP_SUFFIX)(F, b, J, joff, o, x, u, w, SP_ZQ(ip), g APPLIED_ARG);
    PICL_CAT(settle, SP_SUFFIX)(dest, b, ip, g, u, w, ID_AT(ip), PICL_PARTICLE_ARRAYS(PA_PASS) pdest, box);
}

#if DEPOSIT_SIMD_CELLS
#if defined(APPLIED_FIELDS) && !defined(PICL_APPLIED_ADD_LANES)
#define PICL_APPLIED_ADD_LANES /* once for all species: this file is included once per species */
/* applied_fields added lane by lane: applied_add is the user's expressions for one position */
static inline void applied_add_lanes(const vreal *x, const vreal *u, const acc_real t_gather, const acc_real lab_offset,
                                     vreal *E, vreal *B)
{
    real xs[3][VW], us[3][VW], es[3][VW], bs[3][VW];
    for (int a = 0; a < 3; a++) {
        VSTORE(x[a], 0, xs[a]);
        VSTORE(u[a], 0, us[a]);
        VSTORE(E[a], 0, es[a]);
        VSTORE(B[a], 0, bs[a]);
    }
    for (int l = 0; l < VW; l++) {
        const real xl[3] = {xs[0][l], xs[1][l], xs[2][l]}, ul[3] = {us[0][l], us[1][l], us[2][l]};
        real el[3] = {es[0][l], es[1][l], es[2][l]}, bl[3] = {bs[0][l], bs[1][l], bs[2][l]};
        applied_add(xl, ul, (real)0.5, (real)0.5, t_gather, lab_offset, el, bl);
        for (int a = 0; a < 3; a++) {
            es[a][l] = el[a];
            bs[a][l] = bl[a];
        }
    }
    for (int a = 0; a < 3; a++) {
        E[a] = VLOAD(0, es[a]);
        B[a] = VLOAD(0, bs[a]);
    }
}
#endif

/* deposition_strategy "simd_cells" (simd_cells.cl): one work item per box walks its cells (dual
 * cells at an even shape order) in order and the particles of each cell (tile_list, by particles_tile_bin with tiles of one cell)
 * VW at a time, a particle per vector lane: gather, push and the deposition of those that stay
 * in their cell as vectors; one that leaves its cell moves and deposits alone, as in the other
 * strategies. Particles are written back in place; one that leaves the box leaves a hole. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, PICL_PARTICLE_ARRAYS(PA_PARAM) __global int *pdest,
                                                __global long *boxes, __global const int *tile_list,
                                                __global const int *tile_end APPLIED_PARAM)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START];
    BOX_ORIGIN(b, ox, oy, oz);
    const real o[3] = {ox, oy, oz};
    __global real *J = COMP(F, C_JX, b);
    __global const int *end = tile_end + b * TILES_PER_BOX;
#if CELL_LISTS_DUAL
    /* a lane stays inside the box and off the particles' faces (boundary_move's): a dual cell
     * straddles the integer position of a PML's inner edge, which lies inside a box */
    const real box_cells[3] = {NX, NY, NZ};
    real stay_lo[3], stay_hi[3];
    for (int a = 0; a < 3; a++) {
        stay_lo[a] = fmax(o[a], (real)PART_FACE_LO(a));
        stay_hi[a] = fmin(o[a] + box_cells[a], (real)PART_FACE_HI(a));
    }
#endif
    int q0 = 0;
    for (int c = 0; c < TILES_PER_BOX; q0 = end[c], c++) {
        const int ci = c % TILES_X, cj = c / TILES_X % TILES_Y, ck = c / (TILES_X * TILES_Y);
        /* the cell's lower corner in the domain; with dual lists (even orders) the node c */
        const real lo[3] = {ox + ci, oy + cj, oz + ck};
        const int q1 = end[c];
        for (int q = q0; q < q1; q += VW) {
            const int n = min(VW, q1 - q);
            long ip[VW];
            real us[3][VW], ws[VW], zqs[VW], wqs[VW];
            _Pragma("unroll") for (int l = 0; l < VW; l++) { /* lanes past n repeat the last particle */
                ip[l] = start + tile_list[start + q + min(l, n - 1)];
                ws[l] = WEIGHT_AT(ip[l]);
                zqs[l] = SP_ZQ(ip[l]); /* the charge state of an ionizable species' particle, else 1 */
                wqs[l] = ws[l] * zqs[l];
            }
            /* Since the last sort by cell a cell's particles mostly sit in consecutive slots (the
             * list keeps slot order): then whole vectors are read, and written back when all stay */
            const long run_at = ip[0];
            const int run = n == VW && ip[VW - 1] - run_at == VW - 1;
            vreal x[3], u[3], f0[3], f1[3], gu[3], E[3], B[3];
            if (run) {
                x[0] = VLOAD(0, px + run_at);
                x[1] = VLOAD(0, py + run_at);
                x[2] = VLOAD(0, pz + run_at);
                u[0] = VLOAD(0, pux + run_at);
                u[1] = VLOAD(0, puy + run_at);
                u[2] = VLOAD(0, puz + run_at);
            } else {
                real xs[3][VW];
                _Pragma("unroll") for (int l = 0; l < VW; l++) {
                    xs[0][l] = px[ip[l]];
                    xs[1][l] = py[ip[l]];
                    xs[2][l] = pz[ip[l]];
                    us[0][l] = pux[ip[l]];
                    us[1][l] = puy[ip[l]];
                    us[2][l] = puz[ip[l]];
                }
                for (int a = 0; a < 3; a++) {
                    x[a] = VLOAD(0, xs[a]);
                    u[a] = VLOAD(0, us[a]);
                }
            }
            vreal S0[3][NODE_PTS];
            /* A position off its cell (no number, or loaded beyond it) would index outside F: the
             * gather takes it clamped (OpenCL's clamp maps a NaN to the lower bound). Such a lane
             * cannot stay in its cell unless it is within one cell of it, where the deposit is in
             * reach; otherwise move() below refuses it by its new position. */
            for (int a = 0; a < 3; a++)
                f0[a] = clamp(x[a] - lo[a], (real)-0.5, (real)1.5);
            cell_nodal(f0, S0);
            gather_cell(GATHER_EB(F), b, ci, cj, ck, f0[0], f0[1], f0[2], S0, E, B);
#ifdef APPLIED_FIELDS
            applied_add_lanes(x, u, t_gather, lab_offset, E, B);
#endif
            push_u_lanes(u, E, B, SP_QDT_2M * VLOAD(0, zqs));
            const vreal inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);
            const vreal v[3] = {u[0] * inv_gamma, u[1] * inv_gamma, u[2] * inv_gamma};
            /* along an axis 2D or 1D drops the position does not move (docs/geometry.md) */
            gu[0] = x[0] + ALONG_X((v[0] - (real)GALILEAN_VX) * DT_DX);
            gu[1] = x[1] + ALONG_Y((v[1] - (real)GALILEAN_VY) * DT_DY);
            gu[2] = x[2] + ALONG_Z((v[2] - (real)GALILEAN_VZ) * DT_DZ);
            /* staying in the cell: no wrap, no face of the domain, the same box */
            vmask stay = LANE_IDS < (vmask)n;
            for (int a = 0; a < 3; a++) {
                f1[a] = gu[a] - lo[a];
                if (!AXIS_KEPT(a))
                    continue; /* one cell along it, which nothing leaves */
#if CELL_LISTS_DUAL /* in the dual cell, in the box (which cuts the first and last dual cells), off the faces */
                stay &= f1[a] >= (real)-0.5 & f1[a] < (real)0.5 & gu[a] >= stay_lo[a] & gu[a] < stay_hi[a];
#else
                stay &= f1[a] >= 0 & f1[a] < 1;
#endif
            }
#if LEAVER_LANES
            /* A lane that left its cell for a neighbour, without a wrap and off the domain's
             * faces, deposits with the others on a window one node wider per axis (lever 2 of
             * docs/speed.md, "Steady state"); only the wrap and the hand-over stay scalar. */
            vmask went = (LANE_IDS < (vmask)n) & ~stay;
            int shift[3] = {0, 0, 0};
            vreal d[3];
            if (any(went)) {
                const int cells[3] = {CELLS_X, CELLS_Y, CELLS_Z};
                for (int a = 0; a < 3; a++) {
                    const vreal f0r = x[a] - lo[a]; /* unclamped: the old position in its list's cell */
#if CELL_LISTS_DUAL
                    d[a] = floor(f1[a] + (real)0.5);
                    went &= f0r >= (real)-0.5 & f0r < (real)0.5;
#else
                    d[a] = floor(f1[a]);
                    went &= f0r >= 0 & f0r < 1;
#endif
                    went &= d[a] >= -1 & d[a] <= 1;
                    if (BC_PART(a, PERIODIC)) {
                        went &= gu[a] >= 0 & gu[a] < (real)cells[a];
                    } else { /* boundary_move's test of a face crossed */
                        const vreal xn = gu[a] - o[a];
                        went &= xn >= (real)PART_FACE_LO(a) - o[a] & xn < (real)PART_FACE_HI(a) - o[a];
                    }
                    /* the window covers one direction per axis: a lane going the other way is scalar */
                    shift[a] = any(went & d[a] < 0) ? -1 : 0;
                    went &= d[a] <= (real)(shift[a] + 1);
                }
            }
            if (any(went))
                deposit_cross_lanes(J, ci, cj, ck, shift, S0, gu, lo, d,
                                    select((vreal)0, SP_Q * VLOAD(0, wqs), stay | went));
            else
#endif
            if (any(stay))
                deposit_cell(J, ci, cj, ck, S0, f1, v, select((vreal)0, SP_Q * VLOAD(0, wqs), stay));
            if (run && all(stay)) {
                VSTORE(gu[0], 0, px + run_at);
                VSTORE(gu[1], 0, py + run_at);
                VSTORE(gu[2], 0, pz + run_at);
                VSTORE(u[0], 0, pux + run_at);
                VSTORE(u[1], 0, puy + run_at);
                VSTORE(u[2], 0, puz + run_at);
                continue;
            }
            real gs[3][VW], vs[3][VW];
            int stays[VW];
            for (int a = 0; a < 3; a++) {
                VSTORE(gu[a], 0, gs[a]);
                VSTORE(u[a], 0, us[a]);
                VSTORE(v[a], 0, vs[a]);
            }
            VSTORE(PICL_CAT(convert_int, VW)(stay), 0, stays);
#if LEAVER_LANES
            int wents[VW];
            VSTORE(PICL_CAT(convert_int, VW)(went), 0, wents);
#endif
            /* not unrolled: the scalar path inside is too large for LLVM to copy VW times */
            for (int l = 0; l < VW; l++) {
                if (l < n && stays[l]) {
                    px[ip[l]] = gs[0][l];
                    py[ip[l]] = gs[1][l];
                    pz[ip[l]] = gs[2][l];
                    pux[ip[l]] = us[0][l];
                    puy[ip[l]] = us[1][l];
                    puz[ip[l]] = us[2][l];
#if LEAVER_LANES
                } else if (l < n && wents[l]) { /* deposited above: its new box, the hand-over */
                    const real g[3] = {gs[0][l], gs[1][l], gs[2][l]}, ul[3] = {us[0][l], us[1][l], us[2][l]};
                    real l0, l1, l2;
                    const int dest = box_of(g[0], g[1], g[2], &l0, &l1, &l2);
                    PICL_CAT(settle, SP_SUFFIX)(dest, b, ip[l], g, ul, ws[l], ID_AT(ip[l]),
                                                PICL_PARTICLE_ARRAYS(PA_PASS) pdest, box);
#endif
                } else if (l < n) { /* it left its cell: alone, the scalar way */
                    /* its slot still holds the position before the push */
                    const real xl[3] = {px[ip[l]], py[ip[l]], pz[ip[l]]}, vl[3] = {vs[0][l], vs[1][l], vs[2][l]};
                    real ul[3] = {us[0][l], us[1][l], us[2][l]}, g[3];
                    const int dest = PICL_CAT(move, SP_SUFFIX)(J, 0, o, xl, ul, vl, wqs[l], g);
                    PICL_CAT(settle, SP_SUFFIX)(dest, b, ip[l], g, ul, ws[l], ID_AT(ip[l]),
                                                PICL_PARTICLE_ARRAYS(PA_PASS) pdest, box);
                }
            }
        }
    }
}
#elif DEPOSIT_ATOMIC
/* deposition_strategy "global_atomics": one work item per particle slot of every box (the
 * launch is max cap x boxes), J added with atomics, as GPUs want. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, PICL_PARTICLE_ARRAYS(PA_PARAM) __global int *pdest,
                                                __global long *boxes APPLIED_PARAM)
{
    const long k = (long)get_global_id(0);
    const int b = (int)get_global_id(1);
    __global long *box = boxes + b * BT_STRIDE;
    if (k >= box[BT_COUNT])
        return;
    BOX_ORIGIN(b, ox, oy, oz);
    const real o[3] = {ox, oy, oz};
    PICL_CAT(push_one, SP_SUFFIX)(F, b, COMP(F, C_JX, b), 0, o, box[BT_START] + k, PICL_PARTICLE_ARRAYS(PA_PASS)
                                  pdest, box APPLIED_ARG);
}
#else
#ifndef PICL_TILE_HELPERS
#define PICL_TILE_HELPERS
/* Cell c (box-local) of axis a is in no other tile's reach (tile t of `tiles`, origin t0, T
 * cells; each tile reaches NG cells beyond its own): only this tile's work-group adds there. */
static inline int tile_alone(const int c, const int t, const int tiles, const int t0, const int T)
{
    return (t == 0 || c >= t0 + NG) && (t == tiles - 1 || c < t0 + T - NG);
}
#endif

/* deposition_strategy "local_tiles" (the per-tile deposition buffers the WarpX GPU paper
 * describes for its OpenMP threads, here in a work-group's local memory): a work-group of
 * TILE_GROUP work items per tile of TILE_X x TILE_Y x TILE_Z cells of a box (get_group_id(0):
 * the tile, get_group_id(1): the box). Its work items push the tile's particles (those of the
 * whole box when the tile is the box; else the list particles_tile_bin made before this launch)
 * and deposit into the tile's J in local memory, which reaches NG cells beyond the tile as the
 * box's guard cells do. Then the tile is added into the box's J: atomics per cell, and only
 * where another tile of the box reaches too, not per particle. With TILE_GROUP 1 (CPUs) the
 * deposition itself needs no atomics either: one thread owns the tile, as in WarpX on CPUs.
 * J, 3 TILE_CELLS reals, is a __local argument: with the same array declared in the kernel,
 * PoCL 3.1 (LLVM 15) crashed compiling the work-group function. */
__kernel __attribute__((reqd_work_group_size(TILE_GROUP, 1, 1))) void
PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, PICL_PARTICLE_ARRAYS(PA_PARAM) __global int *pdest,
                                  __global long *boxes, __local real *J
#if TILES_PER_BOX > 1
                                  ,
                                  __global const int *tile_list, __global const int *tile_end
#endif
                                  APPLIED_PARAM)
{
    const int t = (int)get_group_id(0), b = (int)get_group_id(1);
    const int lid = (int)get_local_id(0);
    for (int c = lid; c < 3 * TILE_CELLS; c += TILE_GROUP)
        J[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START];
    BOX_ORIGIN(b, ox, oy, oz);
    const real o[3] = {ox, oy, oz};
    const int t0[3] = {t % TILES_X * TILE_X, t / TILES_X % TILES_Y * TILE_Y, t / (TILES_X * TILES_Y) * TILE_Z};
    const int joff = -(t0[0] + t0[1] * TILE_SY + t0[2] * TILE_SZ);
#if TILES_PER_BOX > 1
    const long lo = t ? tile_end[b * TILES_PER_BOX + t - 1] : 0, hi = tile_end[b * TILES_PER_BOX + t];
#else
    const long lo = 0, hi = box[BT_COUNT];
#endif
    for (long q = lo + lid; q < hi; q += TILE_GROUP) {
#if TILES_PER_BOX > 1
        const long ip = start + tile_list[start + q];
#else
        const long ip = start + q;
#endif
        PICL_CAT(push_one, SP_SUFFIX)(F, b, J, joff, o, ip, PICL_PARTICLE_ARRAYS(PA_PASS) pdest, box APPLIED_ARG);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int c = lid; c < 3 * TILE_CELLS; c += TILE_GROUP) {
        const real v = J[c];
        if (v == 0)
            continue; /* untouched: nothing to add (much of the guard ring) */
        const int comp = c / TILE_CELLS, r = c - comp * TILE_CELLS;
        const int i = t0[0] + r % TILE_DX - NGX, j = t0[1] + r / TILE_DX % TILE_DY - NGY, k = t0[2] + r / TILE_SZ - NGZ;
        __global real *p = COMP(F, C_JX + comp, b) + IDX(i, j, k);
        if (TILES_PER_BOX == 1 ||
            (tile_alone(i, t0[0] / TILE_X, TILES_X, t0[0], TILE_X) &&
             tile_alone(j, t0[1] / TILE_Y, TILES_Y, t0[1], TILE_Y) &&
             tile_alone(k, t0[2] / TILE_Z, TILES_Z, t0[2], TILE_Z)))
            *p += v;
        else
            atomic_add_real(p, v);
    }
}
#endif
#endif

/* Start-up: u^0 -> u^{-1/2} with the fields at x^0, as WarpX does, so that the leapfrog
 * starts centred. */
__kernel void PICL_CAT(push_back, SP_SUFFIX)(__global const real *F, PICL_PARTICLE_POSITION(PA_PARAM_CONST)
                                             PICL_PARTICLE_MOMENTUM(PA_PARAM) PICL_PARTICLE_LEVEL(PA_PARAM_CONST)
                                             __global const long *boxes APPLIED_PARAM)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    BOX_ORIGIN(b, ox, oy, oz);
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
#ifdef RZ_MODES
        const real xr = px[ip] - ox, yr = py[ip] - oy;
        rz_gather_fields(F, b, xr, yr, pz[ip] - oz, hypot(xr, yr), E, B);
#else
        gather_fields(GATHER_EB(F), b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, E, B);
#endif
#ifdef APPLIED_FIELDS
        const real xc[3] = {px[ip], py[ip], pz[ip]};
        applied_add(xc, u, (real)0.5, (real)0, t_gather, lab_offset, E, B); /* t^{-1/2} .. t^0 */
#endif
        push_u(u, E, B, -(real)0.5 * SP_QDT_2M * SP_ZQ(ip));
        pux[ip] = u[0];
        puy[ip] = u[1];
        puz[ip] = u[2];
    }
}
