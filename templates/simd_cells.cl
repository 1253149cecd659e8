/* simd_cells.cl: the vector parts of deposition_strategy "simd_cells", for CPUs. One work item
 * per box walks the box cell by cell (the list particles_tile_bin makes with tiles of one cell)
 * and takes the particles of a cell VW at a time as vectors, a particle per lane, so that the
 * gather, the push and Esirkepov's weights are SIMD instructions rather than scalar ones. With an
 * odd shape order and the energy-conserving gather, the particles of a cell touch the same nodes
 * (with an even one, those of a dual cell, half a cell off: CELL_LISTS_DUAL):
 * the gather loads each field value once for all lanes, and the deposition sums the lanes of
 * each row of J before adding it, one read-modify-write of J per node for VW particles (Smilei's
 * vectorised operators do the same on cell-sorted particles: Beck et al., Comput. Phys. Commun.
 * 244, 246 (2019)). A particle that leaves its cell takes the scalar path of species_step.cl. */
#ifndef PICL_SIMD_CELLS_CL
#define PICL_SIMD_CELLS_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "gather_energy.cl"
#include "push_boris.cl"
#include "deposit_esirkepov.cl"
#endif
#ifndef VW /* stand-in values */
#define VW 4
typedef float4 vreal;
typedef int4 vmask;
typedef float4 real4;
#endif

/* Nodes from the particle's list (index c, box-local): c + CELL_START .. for the nodal shape of
 * order SHAPE_ORDER and the staggered one of order SHAPE_ORDER - 1 at half a cell alike; their
 * weights from f = x - c. With an odd order a list is a cell, floor(x) = c, f in [0, 1); with an
 * even order it is the dual cell around node c, floor(x + 1/2) = c, f in [-1/2, 1/2) (N + 1 lists
 * per axis of a box of N cells, CELL_LISTS_DUAL): order 2's nodal support is c - 1 .. c + 1 and
 * its staggered one (order 1 at the half-nodes c - 1/2, c + 1/2, indices c - 1, c) is shared by
 * every particle of the list. Order 4 would be CELL_START -2, SHAPE4_WEIGHTS(f) and
 * SHAPE3_WEIGHTS(f + 1/2). A particle stays when it stays in its list (and, dual, in its box). */
#if SHAPE_ORDER == 1
#define CELL_START 0
#define CELL_NODAL(f, S) SHAPE1_WEIGHTS(f, S)
#define CELL_STAGGERED(f, S) ((S)[0] = 1)
#elif SHAPE_ORDER == 2
#define CELL_START (-1)
#define CELL_NODAL(f, S) SHAPE2_WEIGHTS(f, S)
#define CELL_STAGGERED(f, S) SHAPE1_WEIGHTS((f) + (real)0.5, S)
#elif SHAPE_ORDER == 3
#define CELL_START (-1)
#define CELL_NODAL(f, S) SHAPE3_WEIGHTS(f, S)
#define CELL_STAGGERED(f, S) SHAPE2_WEIGHTS((f) - (real)0.5, S)
#else
#error "simd_cells has shape orders 1 to 3"
#endif
#if (SHAPE_ORDER % 2 == 0) != CELL_LISTS_DUAL
#error "simd_cells lists by dual cell exactly for even shape orders"
#endif

/* The leavers' deposition as lanes (deposit_cross_lanes; lever 2 of docs/speed.md, "Steady
 * state"): a batch with a lane that left its cell for a neighbour deposits all its lanes on a
 * window of (SHAPE_ORDER + 2)^3 nodes instead of sending that lane down the scalar path. Taken
 * only at order 1, the one order where it counted fewer instructions at steady state (27 nodes
 * against 8; at orders 2 and 3 the 64 and 125 nodes cost what the scalar leaver saved). 3D only. */
#define LEAVER_LANES (PICL_DIM == 3 && SHAPE_ORDER == 1)

#if VW == 4
#define LANE_IDS ((vmask)(0, 1, 2, 3))
#define TO4(v) (v)
#elif VW == 8
#define LANE_IDS ((vmask)(0, 1, 2, 3, 4, 5, 6, 7))
#define TO4(v) ((v).lo + (v).hi)
#elif VW == 16
#define LANE_IDS ((vmask)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#define TO4(v) (((v).lo.lo + (v).lo.hi) + ((v).hi.lo + (v).hi.hi))
#else
#error "simd_cells has vectors of 4, 8 or 16 lanes"
#endif
#define VLOAD PICL_CAT(vload, VW)
#define VSTORE PICL_CAT(vstore, VW)

/* The momentum push of the chosen pusher, for VW particles. */
DEFINE_PUSH_U(push_u_lanes, vreal)

/* Along an axis 2D or 1D drops (docs/geometry.md): one node, 0, of weight 1 (shape.cl's
 * shape_flat), whatever the position. In 3D these are CELL_NODAL and c + CELL_START. */
#define CELL_AXIS(has, WEIGHTS, f, S)                                                            \
    do {                                                                                       \
        if (has)                                                                               \
            WEIGHTS(f, S);                                                                     \
        else                                                                                   \
            (S)[0] = 1;                                                                        \
    } while (0)
#define CELL_FIRST(has, c) ((has) ? (c) + CELL_START : 0)

/* The nodal shapes of VW particles at offsets f in their list's cell, per axis (weight 1 on an
 * axis 2D or 1D drops): the gather's and, as the shapes before the move, the deposition's. */
static inline void cell_nodal(const vreal *f, vreal S[3][NODE_PTS])
{
    CELL_AXIS(HAS_X, CELL_NODAL, f[0], S[0]);
    CELL_AXIS(HAS_Y, CELL_NODAL, f[1], S[1]);
    CELL_AXIS(HAS_Z, CELL_NODAL, f[2], S[2]);
}

/* E and B at VW particles of cell (i, j, k) of box b, f* their offsets in the cell, S their
 * nodal shapes (cell_nodal): the same sums as gather_fields, each node's value broadcast to
 * every lane. */
static inline void gather_cell(__global const real *F, const int b, const int i, const int j, const int k,
                               const vreal fx, const vreal fy, const vreal fz, vreal S[3][NODE_PTS], vreal *E,
                               vreal *B)
{
    const vreal *sxn = S[0], *syn = S[1], *szn = S[2];
    vreal sxc[CELL_PTS], syc[CELL_PTS], szc[CELL_PTS];
    CELL_AXIS(HAS_X, CELL_STAGGERED, fx, sxc);
    CELL_AXIS(HAS_Y, CELL_STAGGERED, fy, syc);
    CELL_AXIS(HAS_Z, CELL_STAGGERED, fz, szc);
    const int i0 = CELL_FIRST(HAS_X, i), j0 = CELL_FIRST(HAS_Y, j), k0 = CELL_FIRST(HAS_Z, k);
    GATHER_SUM_T(vreal, COMP(F, C_EX, b), sxc, i0, PTS_X(CELL_PTS), syn, j0, PTS_Y(NODE_PTS), szn, k0, PTS_Z(NODE_PTS), E[0]);
    GATHER_SUM_T(vreal, COMP(F, C_EY, b), sxn, i0, PTS_X(NODE_PTS), syc, j0, PTS_Y(CELL_PTS), szn, k0, PTS_Z(NODE_PTS), E[1]);
    GATHER_SUM_T(vreal, COMP(F, C_EZ, b), sxn, i0, PTS_X(NODE_PTS), syn, j0, PTS_Y(NODE_PTS), szc, k0, PTS_Z(CELL_PTS), E[2]);
    GATHER_SUM_T(vreal, COMP(F, C_BX, b), sxn, i0, PTS_X(NODE_PTS), syc, j0, PTS_Y(CELL_PTS), szc, k0, PTS_Z(CELL_PTS), B[0]);
    GATHER_SUM_T(vreal, COMP(F, C_BY, b), sxc, i0, PTS_X(CELL_PTS), syn, j0, PTS_Y(NODE_PTS), szc, k0, PTS_Z(CELL_PTS), B[1]);
    GATHER_SUM_T(vreal, COMP(F, C_BZ, b), sxc, i0, PTS_X(CELL_PTS), syc, j0, PTS_Y(CELL_PTS), szn, k0, PTS_Z(NODE_PTS), B[2]);
}

/* (the sum of a's lanes, of b's, of c's, of d's): a transpose by shuffles, three additions. */
static inline real4 lanes_sum4(const real4 a, const real4 b, const real4 c, const real4 d)
{
    const real4 ab = (real4)(a.s02, b.s02) + (real4)(a.s13, b.s13);
    const real4 cd = (real4)(c.s02, d.s02) + (real4)(c.s13, d.s13);
    return (real4)(ab.s02, cd.s02) + (real4)(ab.s13, cd.s13);
}

/* row[i] += the sum over the lanes of v[i], i < n (a literal): one vector read-modify-write of
 * the row for 3 or 4 nodes (and 4 + 1 for the leavers' wider window, order 3). */
static inline __attribute__((always_inline)) void row_add_lanes(__global real *row, const vreal *v, const int n)
{
    if (n == 5) {
        vstore4(vload4(0, row) + lanes_sum4(TO4(v[0]), TO4(v[1]), TO4(v[2]), TO4(v[3])), 0, row);
        const real4 s = TO4(v[4]);
        row[4] += (s.s0 + s.s1) + (s.s2 + s.s3);
    } else if (n == 4) {
        vstore4(vload4(0, row) + lanes_sum4(TO4(v[0]), TO4(v[1]), TO4(v[2]), TO4(v[3])), 0, row);
    } else if (n == 3) {
        const real4 s = lanes_sum4(TO4(v[0]), TO4(v[1]), TO4(v[2]), (real4)0);
        vstore3(vload3(0, row) + s.s012, 0, row);
    } else {
        for (int i = 0; i < n; i++) {
            const real4 s = TO4(v[i]);
            row[i] += (s.s0 + s.s1) + (s.s2 + s.s3);
        }
    }
}
#define ROW_ADD_LANES(row, v, n) row_add_lanes((row), (v), (n))

/* Esirkepov on the window of particles that stayed in their cell, for VW of them at once. */
#if PICL_DIM == 3
DEFINE_ESIRKEPOV_WINDOW_T(esirkepov_stay_lanes, NODE_PTS, vreal, ROW_ADD_LANES)
#if LEAVER_LANES
/* ... and on the window one node wider per axis, for a batch some of whose particles left
 * their cell (deposit_cross_lanes) */
DEFINE_ESIRKEPOV_WINDOW_T(esirkepov_cross_lanes, NODE_PTS + 1, vreal, ROW_ADD_LANES)
#endif
#elif PICL_DIM == 2
DEFINE_ESIRKEPOV_WINDOW_2D_T(esirkepov_stay_lanes_2d, NODE_PTS, vreal, ROW_ADD_LANES)
#endif

/* The current of VW particles that stayed in cell (i, j, k), with nodal shapes S0 before the
 * move (cell_nodal) and offsets f1 after it, velocity v (2D's Jy and 1D's Jx, Jy come from
 * it); lanes with qw = 0 add nothing. Only the kept axes' shapes are read. */
static inline void deposit_cell(__global real *J, const int i, const int j, const int k, vreal S0[3][NODE_PTS],
                                const vreal *f1, const vreal *v, const vreal qw)
{
    vreal DS[3][NODE_PTS];
    for (int a = 0; a < 3; a++) {
        if (!AXIS_KEPT(a))
            continue;
        vreal S1[NODE_PTS];
        CELL_NODAL(f1[a], S1);
        for (int m = 0; m < NODE_PTS; m++)
            DS[a][m] = S1[m] - S0[a][m];
    }
#if PICL_DIM == 3
    (void)v;
    esirkepov_stay_lanes(J, J + COMP_STRIDE, J + 2 * COMP_STRIDE, 0, i + CELL_START, j + CELL_START,
                         k + CELL_START, S0[0], DS[0], S0[1], DS[1], S0[2], DS[2], JX_PER_QW * qw, JY_PER_QW * qw,
                         JZ_PER_QW * qw);
#elif PICL_DIM == 2
    (void)j;
    esirkepov_stay_lanes_2d(J, J + COMP_STRIDE, J + 2 * COMP_STRIDE, 0, i + CELL_START, k + CELL_START, S0[0], DS[0],
                            S0[2], DS[2], JX_PER_QW * qw, qw * v[1] * (real)(1.0 / CELL_VOLUME), JZ_PER_QW * qw);
#else
    /* 1D: deposit_current's sums on the shape's NODE_PTS nodes (outside them both shapes are 0) */
    (void)i;
    (void)j;
    __global real *Jx = J, *Jy = J + COMP_STRIDE, *Jz = J + 2 * COMP_STRIDE;
    const vreal cz = JZ_PER_QW * qw, rho = qw * (real)(1.0 / CELL_VOLUME), jx = rho * v[0], jy = rho * v[1];
    vreal acc = 0;
    _Pragma("unroll") for (int m = 0; m < NODE_PTS; m++) {
        const vreal w = S0[2][m] + (real)0.5 * DS[2][m];
        const int at = IDX(0, 0, k + CELL_START + m);
        vreal r[1] = {jx * w};
        ROW_ADD_LANES(Jx + at, r, 1);
        r[0] = jy * w;
        ROW_ADD_LANES(Jy + at, r, 1);
        if (m < NODE_PTS - 1) {
            acc += cz * DS[2][m];
            r[0] = acc;
            ROW_ADD_LANES(Jz + at, r, 1);
        }
    }
#endif
}

#if LEAVER_LANES
/* The current of VW particles of cell (i, j, k) some of which moved to a neighbouring cell (d
 * along each axis: -1, 0 or 1 cells), as deposit_cell but on a window of NODE_PTS + 1 nodes per
 * axis that starts s[a] (-1 or 0) nodes before the cell's own: every lane's old support sits at
 * offset -s[a], its new one at d - s[a], which must be 0 or 1 (the caller made sure). Each new
 * shape is taken from the position in its new cell, gu - (lo + d), exactly as the next step
 * will take it. Lanes with qw = 0 add nothing. */
static inline void deposit_cross_lanes(__global real *J, const int i, const int j, const int k, const int *s,
                                       vreal S0[3][NODE_PTS], const vreal *gu, const real *lo, const vreal *d,
                                       const vreal qw)
{
    vreal S0w[3][NODE_PTS + 1], DSw[3][NODE_PTS + 1];
    for (int a = 0; a < 3; a++) {
        vreal S1[NODE_PTS];
        CELL_NODAL(gu[a] - (lo[a] + d[a]), S1);
        const vmask up = d[a] - (real)s[a] > (real)0.5; /* the new support one node further on */
        _Pragma("unroll") for (int m = 0; m <= NODE_PTS; m++) {
            const vreal s0 = s[a] ? (m ? S0[a][m - 1] : (vreal)0) : (m < NODE_PTS ? S0[a][m] : (vreal)0);
            const vreal s1 = select(m < NODE_PTS ? S1[m] : (vreal)0, m ? S1[m - 1] : (vreal)0, up);
            S0w[a][m] = s0;
            DSw[a][m] = s1 - s0;
        }
    }
    esirkepov_cross_lanes(J, J + COMP_STRIDE, J + 2 * COMP_STRIDE, 0, i + CELL_START + s[0], j + CELL_START + s[1],
                          k + CELL_START + s[2], S0w[0], DSw[0], S0w[1], DSw[1], S0w[2], DSw[2], JX_PER_QW * qw,
                          JY_PER_QW * qw, JZ_PER_QW * qw);
}
#endif
#endif /* PICL_SIMD_CELLS_CL */
