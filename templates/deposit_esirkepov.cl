/* deposit_esirkepov.cl: the current deposition of deposition = "esirkepov". Every deposition
 * template defines deposit_current(F, box, x_old, x_new, v^{n+1/2}, q w): positions in box-local
 * cells, v in m/s, q w in C. */
#ifndef PICL_DEPOSIT_ESIRKEPOV_CL
#define PICL_DEPOSIT_ESIRKEPOV_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* The union of the old and new supports: one node more on each side than the shape. */
#define ESK_PTS (SHAPE_ORDER + 3)

/* Shape weights of the old and new positions on ESK_PTS nodes starting at the returned
 * index: old support at offset 1, new support at offset 0, 1 or 2 (it moved less than a cell). */
static inline int esirkepov_weights(const real x_old, const real x_new, real *S0, real *S1)
{
    real s[NODE_PTS];
    for (int m = 0; m < ESK_PTS; m++)
        S0[m] = S1[m] = 0;
    const int i0 = SHAPE(SHAPE_ORDER)(x_old, s) - 1;
    for (int m = 0; m < NODE_PTS; m++)
        S0[m + 1] = s[m];
    const int shift = SHAPE(SHAPE_ORDER)(x_new, s) - i0;
    for (int m = 0; m < NODE_PTS; m++)
        S1[m + shift] = s[m];
    return i0;
}

/* Esirkepov's charge-conserving current (Comput. Phys. Commun. 135, 144 (2001)): the change
 * of the particle's shape is split into W_x + W_y + W_z, and J along each axis is the running
 * sum of -q w W / (dt dA) along that axis, so div J = -d(rho)/dt holds on the grid exactly.
 * cx = -q w / (dt dy dz), and similarly for cy, cz (J*_PER_QW are grid literals). The caller owns box b's J: one work item
 * deposits all of a box's particles, so plain additions suffice and the sum is deterministic. */
static inline void deposit_current(__global real *F, const int b, const real *xo, const real *xn, const real *v,
                                   const real qw)
{
    const real cx = JX_PER_QW * qw, cy = JY_PER_QW * qw, cz = JZ_PER_QW * qw;
    (void)v; /* Esirkepov needs only the two positions */
    real S0x[ESK_PTS], S1x[ESK_PTS], S0y[ESK_PTS], S1y[ESK_PTS], S0z[ESK_PTS], S1z[ESK_PTS];
    const int i0 = esirkepov_weights(xo[0], xn[0], S0x, S1x);
    const int j0 = esirkepov_weights(xo[1], xn[1], S0y, S1y);
    const int k0 = esirkepov_weights(xo[2], xn[2], S0z, S1z);
    real DSx[ESK_PTS], DSy[ESK_PTS], DSz[ESK_PTS];
    for (int m = 0; m < ESK_PTS; m++) {
        DSx[m] = S1x[m] - S0x[m];
        DSy[m] = S1y[m] - S0y[m];
        DSz[m] = S1z[m] - S0z[m];
    }
    __global real *Jx = COMP(F, C_JX, b), *Jy = COMP(F, C_JY, b), *Jz = COMP(F, C_JZ, b);
    const real third = (real)(1.0 / 3.0);
    for (int k = 0; k < ESK_PTS; k++)
        for (int j = 0; j < ESK_PTS; j++) {
            const real wyz = S0y[j] * S0z[k] + (real)0.5 * DSy[j] * S0z[k] + (real)0.5 * S0y[j] * DSz[k] +
                             third * DSy[j] * DSz[k];
            real sum = 0;
            for (int i = 0; i < ESK_PTS - 1; i++) {
                sum += cx * DSx[i] * wyz;
                Jx[IDX(i0 + i, j0 + j, k0 + k)] += sum;
            }
        }
    for (int k = 0; k < ESK_PTS; k++)
        for (int i = 0; i < ESK_PTS; i++) {
            const real wxz = S0x[i] * S0z[k] + (real)0.5 * DSx[i] * S0z[k] + (real)0.5 * S0x[i] * DSz[k] +
                             third * DSx[i] * DSz[k];
            real sum = 0;
            for (int j = 0; j < ESK_PTS - 1; j++) {
                sum += cy * DSy[j] * wxz;
                Jy[IDX(i0 + i, j0 + j, k0 + k)] += sum;
            }
        }
    for (int j = 0; j < ESK_PTS; j++)
        for (int i = 0; i < ESK_PTS; i++) {
            const real wxy = S0x[i] * S0y[j] + (real)0.5 * DSx[i] * S0y[j] + (real)0.5 * S0x[i] * DSy[j] +
                             third * DSx[i] * DSy[j];
            real sum = 0;
            for (int k = 0; k < ESK_PTS - 1; k++) {
                sum += cz * DSz[k] * wxy;
                Jz[IDX(i0 + i, j0 + j, k0 + k)] += sum;
            }
        }
}
#endif /* PICL_DEPOSIT_ESIRKEPOV_CL */
