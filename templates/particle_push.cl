/* particle_push.cl: one species' step in one kernel: field gather at x^n, momentum push
 * u^{n-1/2} -> u^{n+1/2}, position update x^n -> x^{n+1}, Esirkepov current deposition from
 * the two positions, and the hand-over of particles that left their box. Each particle is read
 * once and written once per step; no per-particle E or B is stored (paper, section 3.1).
 * Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

#ifndef PICL_PARTICLE_HELPERS
#define PICL_PARTICLE_HELPERS
/* Points of the node shape (order SHAPE_ORDER) and of the staggered shape (one order less,
 * at half cells), as in WarpX's energy-conserving (Galerkin) gather. */
#define NODE_PTS (SHAPE_ORDER + 1)
#define CELL_PTS SHAPE_ORDER
/* Esirkepov works on the union of the old and new supports: one more node on each side. */
#define ESK_PTS (SHAPE_ORDER + 3)

/* sum over a, b, c of Sx[a] Sy[b] Sz[c] f(ix + a, iy + b, iz + c) */
#define GATHER_SUM(f, Sx, ix, PX, Sy, iy, PY, Sz, iz, PZ, out)                                   \
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

/* E and B at a particle at box-local position (x, y, z) of box b. Each component is
 * interpolated from its own Yee position: order SHAPE_ORDER along nodal axes, one less along
 * staggered ones, which makes the gather consistent with Esirkepov deposition. */
static inline void gather_fields(__global const real *F, const int b, const real x, const real y, const real z,
                                 real *E, real *B)
{
    real sxn[NODE_PTS], syn[NODE_PTS], szn[NODE_PTS], sxc[CELL_PTS], syc[CELL_PTS], szc[CELL_PTS];
    const int ixn = SHAPE(SHAPE_ORDER)(x, sxn), iyn = SHAPE(SHAPE_ORDER)(y, syn), izn = SHAPE(SHAPE_ORDER)(z, szn);
    const int ixc = SHAPE(SHAPE_ORDER_LOW)(x - (real)0.5, sxc);
    const int iyc = SHAPE(SHAPE_ORDER_LOW)(y - (real)0.5, syc);
    const int izc = SHAPE(SHAPE_ORDER_LOW)(z - (real)0.5, szc);
    GATHER_SUM(COMP(F, C_EX, b), sxc, ixc, CELL_PTS, syn, iyn, NODE_PTS, szn, izn, NODE_PTS, E[0]);
    GATHER_SUM(COMP(F, C_EY, b), sxn, ixn, NODE_PTS, syc, iyc, CELL_PTS, szn, izn, NODE_PTS, E[1]);
    GATHER_SUM(COMP(F, C_EZ, b), sxn, ixn, NODE_PTS, syn, iyn, NODE_PTS, szc, izc, CELL_PTS, E[2]);
    GATHER_SUM(COMP(F, C_BX, b), sxn, ixn, NODE_PTS, syc, iyc, CELL_PTS, szc, izc, CELL_PTS, B[0]);
    GATHER_SUM(COMP(F, C_BY, b), sxc, ixc, CELL_PTS, syn, iyn, NODE_PTS, szc, izc, CELL_PTS, B[1]);
    GATHER_SUM(COMP(F, C_BZ, b), sxc, ixc, CELL_PTS, syc, iyc, CELL_PTS, szn, izn, NODE_PTS, B[2]);
}

/* Boris rotation (Boris 1970; Birdsall and Langdon, section 4.4), u = gamma v in m/s:
 * half an electric kick, a rotation about B, half an electric kick. qdt_2m = q dt / (2 m). */
static inline void push_boris(real *u, const real *E, const real *B, const real qdt_2m)
{
    for (int a = 0; a < 3; a++)
        u[a] += qdt_2m * E[a];
    const real inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);
    real t[3], s[3];
    for (int a = 0; a < 3; a++)
        t[a] = qdt_2m * inv_gamma * B[a];
    const real s_factor = 2 / (1 + t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    for (int a = 0; a < 3; a++)
        s[a] = s_factor * t[a];
    const real up[3] = {u[0] + u[1] * t[2] - u[2] * t[1], u[1] + u[2] * t[0] - u[0] * t[2],
                        u[2] + u[0] * t[1] - u[1] * t[0]};
    u[0] += up[1] * s[2] - up[2] * s[1];
    u[1] += up[2] * s[0] - up[0] * s[2];
    u[2] += up[0] * s[1] - up[1] * s[0];
    for (int a = 0; a < 3; a++)
        u[a] += qdt_2m * E[a];
}

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
 * cx = -q w / (dt dy dz), and similarly for cy, cz. The caller owns box b's J: one work item
 * deposits all of a box's particles, so plain additions suffice and the sum is deterministic. */
static inline void deposit_esirkepov(__global real *F, const int b, const real *xo, const real *xn, const real cx,
                                     const real cy, const real cz)
{
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
#endif /* PICL_PARTICLE_HELPERS */

/* One work item per box walks the box's particles in order: it alone writes the box's J (no
 * atomics, a deterministic sum) and it compacts the particles that stay, in place, while those
 * that left go to the box's outbox with their destination; particle_move.cl delivers them. */
__kernel void PICL_CAT(push_deposit, SP_SUFFIX)(__global real *F, __global real *px, __global real *py,
                                                __global real *pz, __global real *pux, __global real *puy,
                                                __global real *puz, __global real *pw, __global ulong *pid,
                                                __global int *pdest, __global long *boxes)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BOX_TABLE_STRIDE;
    const long start = box[BT_START], out_start = box[BT_OUT_START];
    const long n = box[BT_COUNT], out_cap = box[BT_OUT_CAP];
    const real ox = (real)((b % NBX) * NX), oy = (real)((b / NBX) % NBY * NY), oz = (real)(b / (NBX * NBY) * NZ);
    long kept = 0, out = 0;
    for (long k = 0; k < n; k++) {
        const long ip = start + k;
        const real xo[3] = {px[ip] - ox, py[ip] - oy, pz[ip] - oz};
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
        gather_fields(F, b, xo[0], xo[1], xo[2], E, B);
        push_boris(u, E, B, SP_QDT_2M);
        const real inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);
        const real xn[3] = {xo[0] + u[0] * inv_gamma * DT_DX, xo[1] + u[1] * inv_gamma * DT_DY,
                            xo[2] + u[2] * inv_gamma * DT_DZ};
        const real w = pw[ip];
        deposit_esirkepov(F, b, xo, xn, SP_JX_PER_W * w, SP_JY_PER_W * w, SP_JZ_PER_W * w);
        const real gx = wrap(xn[0] + ox, CELLS_X), gy = wrap(xn[1] + oy, CELLS_Y), gz = wrap(xn[2] + oz, CELLS_Z);
        const int stays = xn[0] >= 0 && xn[0] < NX && xn[1] >= 0 && xn[1] < NY && xn[2] >= 0 && xn[2] < NZ;
        long to;
        if (stays || out == out_cap) {
            to = start + kept++; /* a full outbox is flagged below; the run stops after this step */
        } else {
            to = out_start + out++;
            real l0, l1, l2;
            pdest[to] = box_of(gx, gy, gz, &l0, &l1, &l2);
        }
        px[to] = gx;
        py[to] = gy;
        pz[to] = gz;
        pux[to] = u[0];
        puy[to] = u[1];
        puz[to] = u[2];
        pw[to] = w;
        pid[to] = pid[ip];
        if (!stays && to < out_start)
            box[BT_OVERFLOW] = 1;
    }
    box[BT_COUNT] = kept;
    box[BT_OUT_COUNT] = out;
}

/* Start-up: u^0 -> u^{-1/2} with the fields at x^0, as WarpX does, so that the leapfrog
 * starts centred. */
__kernel void PICL_CAT(push_back, SP_SUFFIX)(__global const real *F, __global const real *px,
                                             __global const real *py, __global const real *pz, __global real *pux,
                                             __global real *puy, __global real *puz, __global const long *boxes)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BOX_TABLE_STRIDE;
    const real ox = (real)((b % NBX) * NX), oy = (real)((b / NBX) % NBY * NY), oz = (real)(b / (NBX * NBY) * NZ);
    for (long ip = box[BT_START]; ip < box[BT_START] + box[BT_COUNT]; ip++) {
        real E[3], B[3], u[3] = {pux[ip], puy[ip], puz[ip]};
        gather_fields(F, b, px[ip] - ox, py[ip] - oy, pz[ip] - oz, E, B);
        push_boris(u, E, B, -(real)0.5 * SP_QDT_2M);
        pux[ip] = u[0];
        puy[ip] = u[1];
        puz[ip] = u[2];
    }
}
