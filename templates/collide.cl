/* collide.cl: the stage of one collision entry (the COL_* literals of gen/collide_defs.c), one work
 * item per cell of every box, on the cell lists collide_list made. Included once per entry, after
 * collisions.cl. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "random.cl"
#include "collisions.cl"
#define COL_SUFFIX _0
#define COL_INDEX 0
#define COL_INTRA 1
#define COL_LOG_AUTO 1
#define COL_MU ((acc_real)1)
#define COL_DT ((acc_real)1e-15)
#define COL_LOG ((acc_real)0)
#define COL_B0 ((acc_real)5.6358e-15)
#define COL_HBAR ((acc_real)1.9308e-13)
#define COL_DEBYE_A ((acc_real)1.0604e-13)
#define COL_DEBYE_B ((acc_real)1.0604e-13)
#define COL_W_A ((acc_real)1e6)
#define COL_W_B ((acc_real)1e6)
#endif

/* Pair p of an intra-species cell of n shuffled particles (Takizuka and Abe 1977): n even, (0, 1),
 * (2, 3) ...; n odd, first the triangle (0, 1), (1, 2), (2, 0), each over half the time step, then
 * (3, 4), (5, 6) ... so that every particle collides over one time step in all. */
#ifndef PICL_COLLIDE_INTRA_PAIR
#define PICL_COLLIDE_INTRA_PAIR
static inline acc_real col_intra_pair(const int p, const int n, int *i, int *j)
{
    if ((n & 1) && p < 3) {
        *i = p;
        *j = p == 2 ? 0 : p + 1;
        return (acc_real)0.5;
    }
    const int first = (n & 1) ? 3 + 2 * (p - 3) : 2 * p;
    *i = first;
    *j = first + 1;
    return 1;
}
#endif

/* Weights that differ (Perez et al. 2012 section II.D, as WarpX and Smilei do it): the pair
 * scatters with s from the effective density n_a n_b / n_ab, n_ab the sum over the cell's pairs
 * of min(w_a, w_b) / V (twice that within one species), and each particle takes its new momentum
 * with probability w_other / max(w_a, w_b): always both with equal weights, which conserves energy
 * and momentum pair by pair; on average otherwise. */
__kernel void PICL_CAT(collide, COL_SUFFIX)(const long n_step, __global real *aux, __global real *auy, __global real *auz,
                                            __global const real *aw, __global const long *a_boxes,
                                            __global int *a_list, __global const int *a_end, __global real *bux,
                                            __global real *buy, __global real *buz, __global const real *bw,
                                            __global const long *b_boxes, __global int *b_list,
                                            __global const int *b_end)
{
    const int item = (int)get_global_id(0);
    const int b = item / COL_CELLS, c = item - b * COL_CELLS;
    if (b >= NLOCAL)
        return;
    /* the cell's index in the whole domain keys its random numbers: every decomposition draws alike */
    const int g = BOX_GID(b);
    const uint cell = (uint)((BOX_X(g) * NX + c % NX) +
                             CELLS_X * ((BOX_Y(g) * NY + (c / NX) % NY) + CELLS_Y * (BOX_Z(g) * NZ + c / (NX * NY))));
    const acc_real inv_volume = 1 / (DX * DY * DZ);
    const long a0 = a_boxes[b * BT_STRIDE + BT_START];
    const int a_lo = c ? a_end[b * COL_CELLS + c - 1] : 0, na = a_end[b * COL_CELLS + c] - a_lo;
    __global int *la = a_list + a0 + a_lo;
    struct col_cell_state cs;
    acc_real wa_sum = 0, ta_sum = 0;
#if COL_INTRA
    if (na < 2)
        return;
    col_shuffle(la, na, cell, n_step, 0u, COL_INDEX);
    const int pairs = (na & 1) ? 3 + (na - 3) / 2 : na / 2;
    acc_real n_ab = 0;
    for (int q = 0; q < na; q++) {
        const long i = a0 + la[q];
        const acc_real w = COL_WEIGHT(aw, i, COL_W_A);
        wa_sum += w;
        if (COL_LOG_AUTO) {
            const acc_real ux = aux[i] * COL_INV_C, uy = auy[i] * COL_INV_C, uz = auz[i] * COL_INV_C;
            const acc_real u2 = ux * ux + uy * uy + uz * uz;
            ta_sum += w * u2 / sqrt(1 + u2);
        }
    }
    for (int p = 0; p < pairs; p++) {
        int i, j;
        const acc_real part = col_intra_pair(p, na, &i, &j);
        n_ab += 2 * part * fmin(COL_WEIGHT(aw, a0 + la[i], COL_W_A), COL_WEIGHT(aw, a0 + la[j], COL_W_A));
    }
    const acc_real n_a = wa_sum * inv_volume;
    cs.n_dt_c = n_a * n_a / (n_ab * inv_volume) * COL_DT * COL_C;
    cs.cap = COL_CBRT_4PI_3 * cs.n_dt_c * 2 / pow(n_a, (acc_real)(2.0 / 3.0));
    cs.lambda2 = 0;
    if (COL_LOG_AUTO) {
        const acc_real t = ta_sum / wa_sum; /* 3 T / (m c^2) */
        const acc_real rmin2 = pow(COL_CBRT_4PI_3 * COL_CBRT_4PI_3 * COL_CBRT_4PI_3 * n_a, (acc_real)(-2.0 / 3.0));
        cs.lambda2 = fmax(t / (n_a * COL_DEBYE_A), rmin2);
    }
    for (int p = 0; p < pairs; p++) {
        int qi, qj;
        const acc_real part = col_intra_pair(p, na, &qi, &qj);
        const long i = a0 + la[qi], j = a0 + la[qj];
        const acc_real wi = COL_WEIGHT(aw, i, COL_W_A), wj = COL_WEIGHT(aw, j, COL_W_A), wmax = fmax(wi, wj);
        const uint4 r = col_random(cell, n_step, (uint)p, 2u, COL_INDEX);
        acc_real ua[3] = {aux[i] * COL_INV_C, auy[i] * COL_INV_C, auz[i] * COL_INV_C};
        acc_real ub[3] = {aux[j] * COL_INV_C, auy[j] * COL_INV_C, auz[j] * COL_INV_C};
        const int upd_a = col_uniform(r.z) * wmax < wj, upd_b = col_uniform(r.w) * wmax < wi;
        if (col_scatter(ua, ub, (acc_real)1, COL_B0, COL_HBAR, COL_LOG, &cs, part, r, upd_a, upd_b)) {
            if (upd_a) {
                aux[i] = (real)(ua[0] * COL_C);
                auy[i] = (real)(ua[1] * COL_C);
                auz[i] = (real)(ua[2] * COL_C);
            }
            if (upd_b) {
                aux[j] = (real)(ub[0] * COL_C);
                auy[j] = (real)(ub[1] * COL_C);
                auz[j] = (real)(ub[2] * COL_C);
            }
        }
    }
#else
    const long b0 = b_boxes[b * BT_STRIDE + BT_START];
    const int b_lo = c ? b_end[b * COL_CELLS + c - 1] : 0, nb = b_end[b * COL_CELLS + c] - b_lo;
    __global int *lb = b_list + b0 + b_lo;
    if (na == 0 || nb == 0)
        return;
    col_shuffle(la, na, cell, n_step, 0u, COL_INDEX);
    col_shuffle(lb, nb, cell, n_step, 1u, COL_INDEX);
    /* each particle of the larger set meets one of the smaller, which cycles (Perez section II.B) */
    const int pairs = max(na, nb);
    acc_real wb_sum = 0, tb_sum = 0, n_ab = 0;
    for (int q = 0; q < na; q++) {
        const long i = a0 + la[q];
        const acc_real w = COL_WEIGHT(aw, i, COL_W_A);
        wa_sum += w;
        if (COL_LOG_AUTO) {
            const acc_real ux = aux[i] * COL_INV_C, uy = auy[i] * COL_INV_C, uz = auz[i] * COL_INV_C;
            const acc_real u2 = ux * ux + uy * uy + uz * uz;
            ta_sum += w * u2 / sqrt(1 + u2);
        }
    }
    for (int q = 0; q < nb; q++) {
        const long i = b0 + lb[q];
        const acc_real w = COL_WEIGHT(bw, i, COL_W_B);
        wb_sum += w;
        if (COL_LOG_AUTO) {
            const acc_real ux = bux[i] * COL_INV_C, uy = buy[i] * COL_INV_C, uz = buz[i] * COL_INV_C;
            const acc_real u2 = ux * ux + uy * uy + uz * uz;
            tb_sum += w * u2 / sqrt(1 + u2);
        }
    }
    for (int p = 0; p < pairs; p++)
        n_ab += fmin(COL_WEIGHT(aw, a0 + la[p % na], COL_W_A), COL_WEIGHT(bw, b0 + lb[p % nb], COL_W_B));
    const acc_real n_a = wa_sum * inv_volume, n_b = wb_sum * inv_volume;
    cs.n_dt_c = n_a * n_b / (n_ab * inv_volume) * COL_DT * COL_C;
    cs.cap = COL_CBRT_4PI_3 * cs.n_dt_c * (1 + COL_MU) /
             fmax(pow(n_a, (acc_real)(2.0 / 3.0)), COL_MU * pow(n_b, (acc_real)(2.0 / 3.0)));
    cs.lambda2 = 0;
    if (COL_LOG_AUTO) {
        /* 1 / lambda_D^2 = sum over both species of n q^2 / (eps0 T); a cold one makes it 0 */
        const acc_real ta = ta_sum / wa_sum, tb = tb_sum / wb_sum;
        const acc_real rmin2 =
            pow(COL_CBRT_4PI_3 * COL_CBRT_4PI_3 * COL_CBRT_4PI_3 * fmax(n_a, n_b), (acc_real)(-2.0 / 3.0));
        const acc_real inv = (ta > 0 && tb > 0) ? n_a * COL_DEBYE_A / ta + n_b * COL_DEBYE_B / tb : 0;
        cs.lambda2 = fmax(inv > 0 ? 1 / inv : 0, rmin2);
    }
    for (int p = 0; p < pairs; p++) {
        const long i = a0 + la[p % na], j = b0 + lb[p % nb];
        const acc_real wi = COL_WEIGHT(aw, i, COL_W_A), wj = COL_WEIGHT(bw, j, COL_W_B), wmax = fmax(wi, wj);
        const uint4 r = col_random(cell, n_step, (uint)p, 2u, COL_INDEX);
        acc_real ua[3] = {aux[i] * COL_INV_C, auy[i] * COL_INV_C, auz[i] * COL_INV_C};
        acc_real ub[3] = {bux[j] * COL_INV_C, buy[j] * COL_INV_C, buz[j] * COL_INV_C};
        const int upd_a = col_uniform(r.z) * wmax < wj, upd_b = col_uniform(r.w) * wmax < wi;
        if (col_scatter(ua, ub, COL_MU, COL_B0, COL_HBAR, COL_LOG, &cs, 1, r, upd_a, upd_b)) {
            if (upd_a) {
                aux[i] = (real)(ua[0] * COL_C);
                auy[i] = (real)(ua[1] * COL_C);
                auz[i] = (real)(ua[2] * COL_C);
            }
            if (upd_b) {
                bux[j] = (real)(ub[0] * COL_C);
                buy[j] = (real)(ub[1] * COL_C);
                buz[j] = (real)(ub[2] * COL_C);
            }
        }
    }
#endif
}
