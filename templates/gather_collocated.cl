/* gather_collocated.cl: E and B at a particle on the collocated grid (solver.grid = "collocated",
 * PSATD only): every component sits at the nodes. Chosen for either gather setting. */
#ifndef PICL_GATHER_COLLOCATED_CL
#define PICL_GATHER_COLLOCATED_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* E and B at a particle at box-local position (x, y, z) of box b: each component interpolated
 * from the nodes with the deposition's full shape (order SHAPE_ORDER along every axis), the
 * weights that deposit_direct.cl uses for J on this grid, as WarpX does with
 * warpx.grid_type = collocated. Energy-conserving and momentum-conserving are then the same
 * gather; what makes it matter is that E_x and B_y meet at one point, so the transverse force
 * E_x - v_z B_y of a relativistic drift cancels as in the continuum (docs/psatd.md, NCI).
 * Reach: the nodal shape's, as for rho (within the guards). */
static inline void gather_fields(__global const real *F, const int b, const real x, const real y, const real z,
                                 real *E, real *B)
{
    real sx[NODE_PTS], sy[NODE_PTS], sz[NODE_PTS];
    const int ix = SHAPE_X(SHAPE_ORDER)(x, sx), iy = SHAPE_Y(SHAPE_ORDER)(y, sy), iz = SHAPE_Z(SHAPE_ORDER)(z, sz);
    /* points per axis: PTS_A(n) is 1 along an axis 2D or 1D drops (shape.cl) */
    GATHER_SUM(COMP(F, C_EX, b), sx, ix, PTS_X(NODE_PTS), sy, iy, PTS_Y(NODE_PTS), sz, iz, PTS_Z(NODE_PTS), E[0]);
    GATHER_SUM(COMP(F, C_EY, b), sx, ix, PTS_X(NODE_PTS), sy, iy, PTS_Y(NODE_PTS), sz, iz, PTS_Z(NODE_PTS), E[1]);
    GATHER_SUM(COMP(F, C_EZ, b), sx, ix, PTS_X(NODE_PTS), sy, iy, PTS_Y(NODE_PTS), sz, iz, PTS_Z(NODE_PTS), E[2]);
    GATHER_SUM(COMP(F, C_BX, b), sx, ix, PTS_X(NODE_PTS), sy, iy, PTS_Y(NODE_PTS), sz, iz, PTS_Z(NODE_PTS), B[0]);
    GATHER_SUM(COMP(F, C_BY, b), sx, ix, PTS_X(NODE_PTS), sy, iy, PTS_Y(NODE_PTS), sz, iz, PTS_Z(NODE_PTS), B[1]);
    GATHER_SUM(COMP(F, C_BZ, b), sx, ix, PTS_X(NODE_PTS), sy, iy, PTS_Y(NODE_PTS), sz, iz, PTS_Z(NODE_PTS), B[2]);
}
#endif /* PICL_GATHER_COLLOCATED_CL */
