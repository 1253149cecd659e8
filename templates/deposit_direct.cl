/* deposit_direct.cl: the current deposition of deposition = "direct". Defines deposit_current(J,
 * joff, x_old, x_new, v^{n+1/2}, q w) like every deposit_*.cl: J and joff where the strategy adds
 * (shape.cl), positions in box-local cells, v in m/s, q w in C. Not charge-conserving: div J =
 * -d(rho)/dt holds only to the order of the scheme, so Gauss's law drifts from its initial
 * residual. */
#ifndef PICL_DEPOSIT_DIRECT_CL
#define PICL_DEPOSIT_DIRECT_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* Direct deposition (Birdsall and Langdon, ch. 15; WarpX's "direct"): J = q w v S(x - x^{n+1/2})
 * / dV at each component's Yee position, with v = v^{n+1/2} and x^{n+1/2} = (x^n + x^{n+1}) / 2.
 * Shape order SHAPE_ORDER along every axis: at x - 1/2 along the component's own axis (J_x sits
 * at i + 1/2), at the nodes along the other two. The additions go through DEPOSIT_ADD, which
 * the deposition strategy defines (shape.cl). With GRID_COLLOCATED every component is at the nodes.
 * Reach: x^n in [0, N) and |x^{n+1} - x^n| < 1 put the midpoint in (-1/2, N + 1/2); the nodal
 * shape then touches -1 .. N + 1 (order 1, 2) or -2 .. N + 2 (order 3), the staggered one
 * -1 .. N (order 1) or -2 .. N + 1 (orders 2, 3): within the NG = 2 (order 1) or 3 guards. */
static inline __attribute__((always_inline)) void deposit_current(J_SPACE real *J, const int joff, const real *xo,
                                                                  const real *xn, const real *v, const real qw)
{
    real xm[3], Sn[3][NODE_PTS], Sc[3][NODE_PTS];
    int in[3], ic[3];
    for (int a = 0; a < 3; a++)
        xm[a] = (real)0.5 * (xo[a] + xn[a]);
    /* one node of weight 1 along an axis 2D or 1D drops (shape.cl); on the collocated grid
     * J_a sits at the nodes too (GRID_COLLOCATED, PSATD only) */
    const real h = GRID_COLLOCATED ? (real)0 : (real)0.5;
    in[0] = SHAPE_X(SHAPE_ORDER)(xm[0], Sn[0]);
    ic[0] = SHAPE_X(SHAPE_ORDER)(xm[0] - h, Sc[0]);
    in[1] = SHAPE_Y(SHAPE_ORDER)(xm[1], Sn[1]);
    ic[1] = SHAPE_Y(SHAPE_ORDER)(xm[1] - h, Sc[1]);
    in[2] = SHAPE_Z(SHAPE_ORDER)(xm[2], Sn[2]);
    ic[2] = SHAPE_Z(SHAPE_ORDER)(xm[2] - h, Sc[2]);
    const real rho = qw / CELL_VOLUME;
    J_SPACE real *Jx = J, *Jy = J + J_COMP_STRIDE, *Jz = J + 2 * J_COMP_STRIDE;
    for (int k = 0; k < PTS_Z(NODE_PTS); k++)
        for (int j = 0; j < PTS_Y(NODE_PTS); j++) {
            const real jx = rho * v[0] * Sn[1][j] * Sn[2][k];
            const real jy = rho * v[1] * Sc[1][j] * Sn[2][k];
            const real jz = rho * v[2] * Sn[1][j] * Sc[2][k];
            for (int i = 0; i < PTS_X(NODE_PTS); i++) {
                DEPOSIT_ADD(Jx + (joff + J_IDX(ic[0] + i, in[1] + j, in[2] + k)), jx * Sc[0][i]);
                DEPOSIT_ADD(Jy + (joff + J_IDX(in[0] + i, ic[1] + j, in[2] + k)), jy * Sn[0][i]);
                DEPOSIT_ADD(Jz + (joff + J_IDX(in[0] + i, in[1] + j, ic[2] + k)), jz * Sn[0][i]);
            }
        }
}
#endif /* PICL_DEPOSIT_DIRECT_CL */
