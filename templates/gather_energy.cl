/* gather_energy.cl: E and B at a particle, the energy-conserving way (WarpX's default, with
 * Galerkin shapes): each component from its own Yee position. Selected by gather = "energy_conserving". */
#ifndef PICL_GATHER_ENERGY_CL
#define PICL_GATHER_ENERGY_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* Points of the staggered shape: one order less, at half cells, as in WarpX's Galerkin gather. */
#define CELL_PTS SHAPE_ORDER


/* E and B at a particle at box-local position (x, y, z) of box b. Each component is
 * interpolated from its own Yee position: order SHAPE_ORDER along nodal axes, one less along
 * staggered ones, which makes the gather consistent with Esirkepov deposition. */
static inline void gather_fields(__global const real *F, const int b, const real x, const real y, const real z,
                                 real *E, real *B)
{
    real sxn[NODE_PTS], syn[NODE_PTS], szn[NODE_PTS], sxc[CELL_PTS], syc[CELL_PTS], szc[CELL_PTS];
    const int ixn = SHAPE_X(SHAPE_ORDER)(x, sxn), iyn = SHAPE_Y(SHAPE_ORDER)(y, syn), izn = SHAPE_Z(SHAPE_ORDER)(z, szn);
    const int ixc = SHAPE_X(SHAPE_ORDER_LOW)(x - (real)0.5, sxc);
    const int iyc = SHAPE_Y(SHAPE_ORDER_LOW)(y - (real)0.5, syc);
    const int izc = SHAPE_Z(SHAPE_ORDER_LOW)(z - (real)0.5, szc);
    /* points per axis: PTS_A(n) is 1 along an axis 2D or 1D drops (shape.cl) */
    GATHER_SUM(COMP(F, C_EX, b), sxc, ixc, PTS_X(CELL_PTS), syn, iyn, PTS_Y(NODE_PTS), szn, izn, PTS_Z(NODE_PTS), E[0]);
    GATHER_SUM(COMP(F, C_EY, b), sxn, ixn, PTS_X(NODE_PTS), syc, iyc, PTS_Y(CELL_PTS), szn, izn, PTS_Z(NODE_PTS), E[1]);
    GATHER_SUM(COMP(F, C_EZ, b), sxn, ixn, PTS_X(NODE_PTS), syn, iyn, PTS_Y(NODE_PTS), szc, izc, PTS_Z(CELL_PTS), E[2]);
    GATHER_SUM(COMP(F, C_BX, b), sxn, ixn, PTS_X(NODE_PTS), syc, iyc, PTS_Y(CELL_PTS), szc, izc, PTS_Z(CELL_PTS), B[0]);
    GATHER_SUM(COMP(F, C_BY, b), sxc, ixc, PTS_X(CELL_PTS), syn, iyn, PTS_Y(NODE_PTS), szc, izc, PTS_Z(CELL_PTS), B[1]);
    GATHER_SUM(COMP(F, C_BZ, b), sxc, ixc, PTS_X(CELL_PTS), syc, iyc, PTS_Y(CELL_PTS), szn, izn, PTS_Z(NODE_PTS), B[2]);
}
#endif /* PICL_GATHER_ENERGY_CL */
