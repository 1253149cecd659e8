/* deposit_esirkepov.cl: the current deposition of deposition = "esirkepov". Every deposition
 * template defines deposit_current(J, joff, x_old, x_new, v^{n+1/2}, q w): J and joff where the
 * strategy adds (shape.cl), positions in box-local cells, v in m/s, q w in C. */
#ifndef PICL_DEPOSIT_ESIRKEPOV_CL
#define PICL_DEPOSIT_ESIRKEPOV_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* The union of the old and new supports: one node more on each side than the shape. */
#define ESK_PTS (SHAPE_ORDER + 3)

/* Shape weights of the old and new positions on ESK_PTS nodes starting at i0 = old start - 1:
 * old support at offset 1, new support at offset *shift = 0, 1 or 2 (it moved less than a
 * cell). Returns i0. */
static inline int esirkepov_weights(const real x_old, const real x_new, real *S0, real *DS, int *shift)
{
    real s[NODE_PTS], S1[ESK_PTS];
    _Pragma("unroll") for (int m = 0; m < ESK_PTS; m++)
        S0[m] = S1[m] = 0;
    const int i0 = SHAPE(SHAPE_ORDER)(x_old, s) - 1;
    _Pragma("unroll") for (int m = 0; m < NODE_PTS; m++)
        S0[m + 1] = s[m];
    *shift = SHAPE(SHAPE_ORDER)(x_new, s) - i0;
    _Pragma("unroll") for (int m = 0; m < NODE_PTS; m++)
        S1[m + *shift] = s[m];
    _Pragma("unroll") for (int m = 0; m < ESK_PTS; m++)
        DS[m] = S1[m] - S0[m];
    return i0;
}

/* Esirkepov's charge-conserving current (Comput. Phys. Commun. 135, 144 (2001)) on a window
 * of W nodes per axis from (i0, j0, k0), outside which the shape did not change. The change
 * of the particle's shape is split into W_x + W_y + W_z, and J along each axis is the running
 * sum of -q w W / (dt dA) along that axis, so div J = -d(rho)/dt holds on the grid exactly.
 * Every loop has W - 1 or W trips, W a literal, and runs along x innermost. Each row of J along
 * x is handed to ROW_ADD(row, values, n): DEPOSIT_ADD per node for one particle (the strategy
 * defines it, shape.cl), or the sum over the lanes of a vector of particles (T a vector type,
 * simd_cells.cl). */
#define ESIRKEPOV_ROW_ADD(row, v, n)                                                             \
    _Pragma("unroll") for (int i_ = 0; i_ < (n); i_++) DEPOSIT_ADD((row) + i_, (v)[i_])
/* The mean over the step of two axes' shapes, S0a S0b + DSa S0b / 2 + S0a DSb / 2 + DSa DSb / 3,
 * is computed as S0a hb + DSa tb with hb = S0b + DSb / 2 and tb = S0b / 2 + DSb / 3, which
 * every node of the other axis shares: 3 flops per node pair instead of 10. */
#define DEFINE_ESIRKEPOV_WINDOW(name, W) DEFINE_ESIRKEPOV_WINDOW_T(name, W, real, ESIRKEPOV_ROW_ADD)
#define DEFINE_ESIRKEPOV_WINDOW_T(name, W, T, ROW_ADD)                                           \
static inline __attribute__((always_inline)) void name(J_SPACE real *Jx, J_SPACE real *Jy, J_SPACE real *Jz,  \
                        const int joff, const int i0, const int j0, const int k0, const T *S0x,  \
                        const T *DSx, const T *S0y, const T *DSy, const T *S0z, const T *DSz,    \
                        const T cx, const T cy, const T cz)                                      \
{                                                                                                \
    const real one_half = (real)0.5, third = (real)(1.0 / 3.0);                                  \
    T hy[W], ty[W], hz[W], tz[W];                                                                \
    _Pragma("unroll") for (int m = 0; m < W; m++) {                                              \
        hy[m] = S0y[m] + one_half * DSy[m];                                                      \
        ty[m] = one_half * S0y[m] + third * DSy[m];                                              \
        hz[m] = S0z[m] + one_half * DSz[m];                                                      \
        tz[m] = one_half * S0z[m] + third * DSz[m];                                              \
    }                                                                                            \
    _Pragma("unroll") for (int k = 0; k < W; k++)                                                \
        _Pragma("unroll") for (int j = 0; j < W; j++) {                                          \
            const T wyz = S0y[j] * hz[k] + DSy[j] * tz[k];                                       \
            T sum[W];                                                                            \
            sum[0] = cx * DSx[0] * wyz;                                                          \
            _Pragma("unroll") for (int i = 1; i < W - 1; i++)                                    \
                sum[i] = sum[i - 1] + cx * DSx[i] * wyz;                                         \
            ROW_ADD(Jx + (joff + J_IDX(i0, j0 + j, k0 + k)), sum, W - 1);                        \
        }                                                                                        \
    _Pragma("unroll") for (int k = 0; k < W; k++) {                                              \
        T wxz[W], acc[W];                                                                        \
        _Pragma("unroll") for (int i = 0; i < W; i++) {                                          \
            wxz[i] = S0x[i] * hz[k] + DSx[i] * tz[k];                                            \
            acc[i] = 0;                                                                          \
        }                                                                                        \
        _Pragma("unroll") for (int j = 0; j < W - 1; j++) {                                      \
            _Pragma("unroll") for (int i = 0; i < W; i++)                                        \
                acc[i] += cy * DSy[j] * wxz[i];                                                  \
            ROW_ADD(Jy + (joff + J_IDX(i0, j0 + j, k0 + k)), acc, W);                            \
        }                                                                                        \
    }                                                                                            \
    _Pragma("unroll") for (int j = 0; j < W; j++) {                                              \
        T wxy[W], acc[W];                                                                        \
        _Pragma("unroll") for (int i = 0; i < W; i++) {                                          \
            wxy[i] = S0x[i] * hy[j] + DSx[i] * ty[j];                                            \
            acc[i] = 0;                                                                          \
        }                                                                                        \
        _Pragma("unroll") for (int k = 0; k < W - 1; k++) {                                      \
            _Pragma("unroll") for (int i = 0; i < W; i++)                                        \
                acc[i] += cz * DSz[k] * wxy[i];                                                  \
            ROW_ADD(Jz + (joff + J_IDX(i0, j0 + j, k0 + k)), acc, W);                            \
        }                                                                                        \
    }                                                                                            \
}

#if PICL_DIM == 3
DEFINE_ESIRKEPOV_WINDOW(esirkepov_stay, NODE_PTS)
DEFINE_ESIRKEPOV_WINDOW(esirkepov_cross, NODE_PTS + 1)

/* cx = -q w / (dt dy dz), and similarly for cy, cz (J*_PER_QW are grid literals). A particle
 * that stayed within its cells on every axis (the common case) changes its shape on
 * SHAPE_ORDER + 1 nodes per axis, otherwise on SHAPE_ORDER + 2: two unrolled paths. */
static inline __attribute__((always_inline)) void deposit_current(J_SPACE real *J, const int joff, const real *xo,
                                                                  const real *xn, const real *v, const real qw)
{
    (void)v; /* Esirkepov needs only the two positions */
    real S0x[ESK_PTS], DSx[ESK_PTS], S0y[ESK_PTS], DSy[ESK_PTS], S0z[ESK_PTS], DSz[ESK_PTS];
    int sx, sy, sz;
    const int i0 = esirkepov_weights(xo[0], xn[0], S0x, DSx, &sx);
    const int j0 = esirkepov_weights(xo[1], xn[1], S0y, DSy, &sy);
    const int k0 = esirkepov_weights(xo[2], xn[2], S0z, DSz, &sz);
    J_SPACE real *Jx = J, *Jy = J + J_COMP_STRIDE, *Jz = J + 2 * J_COMP_STRIDE;
    const real cx = JX_PER_QW * qw, cy = JY_PER_QW * qw, cz = JZ_PER_QW * qw;
    if (sx == 1 && sy == 1 && sz == 1) {
        esirkepov_stay(Jx, Jy, Jz, joff, i0 + 1, j0 + 1, k0 + 1, S0x + 1, DSx + 1, S0y + 1, DSy + 1, S0z + 1, DSz + 1, cx,
                       cy, cz);
    } else {
        const int lx = min(sx, 1), ly = min(sy, 1), lz = min(sz, 1);
        esirkepov_cross(Jx, Jy, Jz, joff, i0 + lx, j0 + ly, k0 + lz, S0x + lx, DSx + lx, S0y + ly, DSy + ly, S0z + lz,
                        DSz + lz, cx, cy, cz);
    }
}
#elif PICL_DIM == 2
/* 2D (x, z; y dropped): Esirkepov's 2D formulas for Jx and Jz, the same running sums with the
 * y weight 1 and unchanged, and Jy from the velocity, q w v_y / dV times the shape averaged
 * over the step, S0x S0z + DSx S0z / 2 + S0x DSz / 2 + DSx DSz / 3 (Esirkepov 2001; as WarpX),
 * as S0x hz + DSx tz (3D's shared form above).
 * div J = -d(rho)/dt holds exactly: nothing varies along y. One node row along y (j = 0). */
#define DEFINE_ESIRKEPOV_WINDOW_2D(name, W) DEFINE_ESIRKEPOV_WINDOW_2D_T(name, W, real, ESIRKEPOV_ROW_ADD)
#define DEFINE_ESIRKEPOV_WINDOW_2D_T(name, W, T, ROW_ADD)                                        \
static inline __attribute__((always_inline)) void name(J_SPACE real *Jx, J_SPACE real *Jy, J_SPACE real *Jz,  \
                        const int joff, const int i0, const int k0, const T *S0x, const T *DSx,  \
                        const T *S0z, const T *DSz, const T cx, const T jy, const T cz)          \
{                                                                                                \
    const real one_half = (real)0.5, third = (real)(1.0 / 3.0);                                  \
    _Pragma("unroll") for (int k = 0; k < W; k++) {                                              \
        const T wz = S0z[k] + one_half * DSz[k], tz = one_half * S0z[k] + third * DSz[k];        \
        T sum[W];                                                                                \
        sum[0] = cx * DSx[0] * wz;                                                               \
        _Pragma("unroll") for (int i = 1; i < W - 1; i++)                                        \
            sum[i] = sum[i - 1] + cx * DSx[i] * wz;                                              \
        ROW_ADD(Jx + (joff + J_IDX(i0, 0, k0 + k)), sum, W - 1);                                 \
        T wy[W];                                                                                 \
        _Pragma("unroll") for (int i = 0; i < W; i++)                                            \
            wy[i] = jy * (S0x[i] * wz + DSx[i] * tz);                                            \
        ROW_ADD(Jy + (joff + J_IDX(i0, 0, k0 + k)), wy, W);                                      \
    }                                                                                            \
    T wx[W], acc[W];                                                                             \
    _Pragma("unroll") for (int i = 0; i < W; i++) {                                              \
        wx[i] = S0x[i] + one_half * DSx[i];                                                      \
        acc[i] = 0;                                                                              \
    }                                                                                            \
    _Pragma("unroll") for (int k = 0; k < W - 1; k++) {                                          \
        _Pragma("unroll") for (int i = 0; i < W; i++)                                            \
            acc[i] += cz * DSz[k] * wx[i];                                                       \
        ROW_ADD(Jz + (joff + J_IDX(i0, 0, k0 + k)), acc, W);                                     \
    }                                                                                            \
}
DEFINE_ESIRKEPOV_WINDOW_2D(esirkepov_stay_2d, NODE_PTS)
DEFINE_ESIRKEPOV_WINDOW_2D(esirkepov_cross_2d, NODE_PTS + 1)

/* cx = -q w / (dt dy dz) with dy = 1 m (JX_PER_QW), cz likewise; jy = q w v_y / dV. */
static inline __attribute__((always_inline)) void deposit_current(J_SPACE real *J, const int joff, const real *xo,
                                                                  const real *xn, const real *v, const real qw)
{
    real S0x[ESK_PTS], DSx[ESK_PTS], S0z[ESK_PTS], DSz[ESK_PTS];
    int sx, sz;
    const int i0 = esirkepov_weights(xo[0], xn[0], S0x, DSx, &sx);
    const int k0 = esirkepov_weights(xo[2], xn[2], S0z, DSz, &sz);
    J_SPACE real *Jx = J, *Jy = J + J_COMP_STRIDE, *Jz = J + 2 * J_COMP_STRIDE;
    const real cx = JX_PER_QW * qw, jy = qw * v[1] * (real)(1.0 / CELL_VOLUME), cz = JZ_PER_QW * qw;
    if (sx == 1 && sz == 1) {
        esirkepov_stay_2d(Jx, Jy, Jz, joff, i0 + 1, k0 + 1, S0x + 1, DSx + 1, S0z + 1, DSz + 1, cx, jy, cz);
    } else {
        const int lx = min(sx, 1), lz = min(sz, 1);
        esirkepov_cross_2d(Jx, Jy, Jz, joff, i0 + lx, k0 + lz, S0x + lx, DSx + lx, S0z + lz, DSz + lz, cx, jy, cz);
    }
}
#else
/* 1D (z; x and y dropped): Jz by the 1D charge-conserving sum of -q w DSz / (dt dx dy) (dx dy
 * = 1 m^2), Jx and Jy from the velocity times the shape averaged over the step, S0z + DSz / 2. */
static inline __attribute__((always_inline)) void deposit_current(J_SPACE real *J, const int joff, const real *xo,
                                                                  const real *xn, const real *v, const real qw)
{
    real S0z[ESK_PTS], DSz[ESK_PTS];
    int sz;
    const int k0 = esirkepov_weights(xo[2], xn[2], S0z, DSz, &sz);
    J_SPACE real *Jx = J, *Jy = J + J_COMP_STRIDE, *Jz = J + 2 * J_COMP_STRIDE;
    const real cz = JZ_PER_QW * qw, rho = qw * (real)(1.0 / CELL_VOLUME), jx = rho * v[0], jy = rho * v[1];
    (void)sz; /* the whole window: ESK_PTS nodes, zeros where neither support reaches */
    real acc = 0;
    _Pragma("unroll") for (int k = 0; k < ESK_PTS; k++) {
        const real w = S0z[k] + (real)0.5 * DSz[k];
        const int at = joff + J_IDX(0, 0, k0 + k);
        DEPOSIT_ADD(Jx + at, jx * w);
        DEPOSIT_ADD(Jy + at, jy * w);
        if (k < ESK_PTS - 1) {
            acc += cz * DSz[k];
            DEPOSIT_ADD(Jz + at, acc);
        }
    }
}
#endif
#endif /* PICL_DEPOSIT_ESIRKEPOV_CL */
