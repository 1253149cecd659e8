/* gather_momentum.cl: E and B at a particle, the momentum-conserving way: every component is
 * first averaged onto the nodes, then interpolated with the deposition's full shape. Selected by
 * gather = "momentum_conserving". Defines gather_fields(), like every gather_*.cl. */
#ifndef PICL_GATHER_MOMENTUM_CL
#define PICL_GATHER_MOMENTUM_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* Weights of the node-averaged field: the field at node n is the mean of its two staggered
 * neighbours n - 1/2 and n + 1/2 (stored at n - 1 and n), so sum_m S[m] f_node(i + m) =
 * sum_p W[p] f(i - 1 + p) with W[p] = (S[p - 1] + S[p]) / 2. */
#define AVG_PTS (NODE_PTS + 1)

/* sum over a, b, c of Sx[a] Sy[b] Sz[c] f(ix + a, iy + b, iz + c) */
#define MC_GATHER_SUM(f, Sx, ix, PX, Sy, iy, PY, Sz, iz, PZ, out)                                \
    do {                                                                                       \
        real acc_ = 0;                                                                         \
        for (int c_ = 0; c_ < (PZ); c_++)                                                      \
            for (int b_ = 0; b_ < (PY); b_++) {                                                \
                const real syz_ = (Sy)[b_] * (Sz)[c_];                                         \
                const int row_ = IDX((ix), (iy) + b_, (iz) + c_);                              \
                for (int a_ = 0; a_ < (PX); a_++)                                              \
                    acc_ += (Sx)[a_] * syz_ * (f)[row_ + a_];                                  \
            }                                                                                  \
        (out) = acc_;                                                                          \
    } while (0)

/* Nodal weights S (NODE_PTS from node i) to averaged weights W (AVG_PTS from i - 1). */
static inline int node_average_weights(const int i, const real *S, real *W)
{
    W[0] = (real)0.5 * S[0];
    for (int p = 1; p < NODE_PTS; p++)
        W[p] = (real)0.5 * (S[p - 1] + S[p]);
    W[NODE_PTS] = (real)0.5 * S[NODE_PTS - 1];
    return i - 1;
}

/* E and B at a particle at box-local position (x, y, z) of box b, in [0, N). Each component
 * is averaged onto the nodes along its staggered axes (E_x along x, B_x along y and z, ...) and
 * gathered from the nodes with shape order SHAPE_ORDER along every axis: the same weights as
 * rho's deposition, and the node average of E_x is the centred difference of the potential on
 * the nodes, so a particle exerts no electrostatic force on itself (Birdsall and Langdon,
 * ch. 8: momentum conservation), at the price of the energy conservation of gather_energy.cl.
 * (WarpX's momentum-conserving gather instead interpolates each component from its own
 * staggered position with the full-order shape, without averaging.)
 * Reach: nodes i0 .. i0 + SHAPE_ORDER with i0 >= -1 (orders 2, 3) or 0 (order 1), and the
 * average one cell lower: index -2 (-1), within the NG = 3 (2) guards; upward N + 1 (N). */
static inline void gather_fields(__global const real *F, const int b, const real x, const real y, const real z,
                                 real *E, real *B)
{
    real sxn[NODE_PTS], syn[NODE_PTS], szn[NODE_PTS], sxa[AVG_PTS], sya[AVG_PTS], sza[AVG_PTS];
    const int ixn = SHAPE_X(SHAPE_ORDER)(x, sxn), iyn = SHAPE_Y(SHAPE_ORDER)(y, syn), izn = SHAPE_Z(SHAPE_ORDER)(z, szn);
    /* along an axis 2D or 1D drops the average is the one node too (shape.cl's PTS_A) */
    const int ixa = HAS_X ? node_average_weights(ixn, sxn, sxa) : shape_flat(x, sxa);
    const int iya = HAS_Y ? node_average_weights(iyn, syn, sya) : shape_flat(y, sya);
    const int iza = HAS_Z ? node_average_weights(izn, szn, sza) : shape_flat(z, sza);
    MC_GATHER_SUM(COMP(F, C_EX, b), sxa, ixa, PTS_X(AVG_PTS), syn, iyn, PTS_Y(NODE_PTS), szn, izn, PTS_Z(NODE_PTS), E[0]);
    MC_GATHER_SUM(COMP(F, C_EY, b), sxn, ixn, PTS_X(NODE_PTS), sya, iya, PTS_Y(AVG_PTS), szn, izn, PTS_Z(NODE_PTS), E[1]);
    MC_GATHER_SUM(COMP(F, C_EZ, b), sxn, ixn, PTS_X(NODE_PTS), syn, iyn, PTS_Y(NODE_PTS), sza, iza, PTS_Z(AVG_PTS), E[2]);
    MC_GATHER_SUM(COMP(F, C_BX, b), sxn, ixn, PTS_X(NODE_PTS), sya, iya, PTS_Y(AVG_PTS), sza, iza, PTS_Z(AVG_PTS), B[0]);
    MC_GATHER_SUM(COMP(F, C_BY, b), sxa, ixa, PTS_X(AVG_PTS), syn, iyn, PTS_Y(NODE_PTS), sza, iza, PTS_Z(AVG_PTS), B[1]);
    MC_GATHER_SUM(COMP(F, C_BZ, b), sxa, ixa, PTS_X(AVG_PTS), sya, iya, PTS_Y(AVG_PTS), szn, izn, PTS_Z(NODE_PTS), B[2]);
}
#endif /* PICL_GATHER_MOMENTUM_CL */
