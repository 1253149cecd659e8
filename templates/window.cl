/* window.cl: the moving window's shift by one cell towards the lower face of WINDOW_AXIS
 * (runtime/window.c). Fields: every valid cell takes its upper neighbour's value, which
 * FillBoundary has copied into the guard cell where the neighbour belongs to another box; the
 * domain's leading layer gets the initial fields at its lab-frame position. Particles move one
 * cell down in the domain's cells: those that leave their box wait in its outbox for
 * particles_deliver (particles_deliver.cl), those that leave the domain are dropped and counted. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "init_fields.cl"
#include "guards.cl"
#include "particles_deliver.cl"
#ifdef RZ_MODES
#include "rz_fields.cl"
#endif
#endif

/* The window's axis: valid cells of a box along it (W_N), the index stride along it (W_STEP),
 * boxes along it (W_NB) and the box-index stride (W_BOX_STEP), the cell size, the domain's
 * cells along it, the transverse cells of a box (W_T0 x W_T1), and the position array. */
#if WINDOW_AXIS == 0
#define W_N NX
#define W_STEP 1
#define W_NB NBX
#define W_BOX_STEP 1
#define W_D DX
#define W_CELLS CELLS_X
#define W_T0 NY
#define W_T1 NZ
#define W_P px
#elif WINDOW_AXIS == 1
#define W_N NY
#define W_STEP SY
#define W_NB NBY
#define W_BOX_STEP NBX
#define W_D DY
#define W_CELLS CELLS_Y
#define W_T0 NX
#define W_T1 NZ
#define W_P py
#else
#define W_N NZ
#define W_STEP SZ
#define W_NB NBZ
#define W_BOX_STEP (NBX * NBY)
#define W_D DZ
#define W_CELLS CELLS_Z
#define W_T0 NX
#define W_T1 NY
#define W_P pz
#endif

/* Local box b's position along the window's axis, 0 .. W_NB - 1. */
static inline int window_box_pos(const int b)
{
    const int g = BOX_GID(b), p[3] = {BOX_X(g), BOX_Y(g), BOX_Z(g)};
    return p[WINDOW_AXIS];
}

/* Box-local cell (i, j, k) at transverse item t and position m along the window's axis. */
static inline void window_ijk(const int t, const int m, int *i, int *j, int *k)
{
#if WINDOW_AXIS == 0
    *i = m;
    *j = t % NY;
    *k = t / NY;
#elif WINDOW_AXIS == 1
    *i = t % NX;
    *j = m;
    *k = t / NX;
#else
    *i = t % NX;
    *j = t / NX;
    *k = m;
#endif
}

/* One work item per line of cells along the axis in each local box (t, b). E, B, J and the Gauss
 * reference G0 shift; rho is deposited afresh whenever it is needed. `shifts` counts this
 * shift: the leading layer lies at lab position lower + (cells - 1 + shifts) cells. */
__kernel void window_shift_fields(__global real *F, const long shifts)
{
    const int t = (int)get_global_id(0), b = (int)get_global_id(1);
    int i, j, k;
    window_ijk(t, 0, &i, &j, &k);
    const int line = b * BOX_STRIDE + IDX(i, j, k);
    /* every part of each field: RZ's MODE_COMPS modes and parts (docs/rz.md), 1 elsewhere */
    const int comps[10] = {C_EX, C_EY, C_EZ, C_BX, C_BY, C_BZ, C_JX, C_JY, C_JZ, C_G0};
    for (int q = 0; q < 10; q++)
        for (int p = 0; p < MODE_COMPS; p++) {
            __global real *f = F + (comps[q] + p) * COMP_STRIDE + line;
            for (int m = 0; m < W_N; m++)
                f[m * W_STEP] = f[(m + 1) * W_STEP];
        }
    if (window_box_pos(b) != W_NB - 1)
        return;
    /* the new leading layer: the initial fields where it lies in the lab frame (RZ: mode 0's;
     * the initial fields of the modes m >= 1 are 0) */
    window_ijk(t, W_N - 1, &i, &j, &k);
    const acc_real moved = (acc_real)shifts * W_D;
    init_cell(F, b, i, j, k, WINDOW_AXIS == 0 ? moved : 0, WINDOW_AXIS == 1 ? moved : 0, WINDOW_AXIS == 2 ? moved : 0);
    for (int q = 0; q < 10; q++)
        for (int p = q == 9 ? 0 : 1; p < MODE_COMPS; p++)
            COMP(F, comps[q] + p, b)[IDX(i, j, k)] = 0;
}

/* One work item per box: every particle moves one cell down along the axis (exact in cells of
 * the domain). Those now below the box go to its outbox, addressed to the box below; those
 * below the domain (or the user's, pml_outside) are dropped and counted (BT_WINDOW_OUT), apart from the particles absorbed
 * at a face (BT_LOST). The rest are compacted in place, in order. */
__kernel void window_shift_particles(PICL_PARTICLE_ARRAYS(PA_PARAM) __global int *pdest, __global long *boxes)
{
    const int b = (int)get_global_id(0);
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    const long out_start = box[BT_OUT_START], out_cap = box[BT_OUT_CAP];
    const real lower = (real)(window_box_pos(b) * W_N);
    long kept = 0, out = 0, dropped = 0;
    for (long m = 0; m < n; m++) {
        const long ip = start + m;
        const real x = W_P[ip] - 1;
        if (x < WINDOW_SKIP_LO) { /* below the domain, or into a PML outside the user's domain */
            dropped++;
            continue;
        }
        long to;
        if (x >= lower || out == out_cap) {
            if (x < lower)
                box[BT_OVERFLOW] = 1; /* the outbox is full: the run stops after this step */
            to = start + kept++;
        } else {
            to = out_start + out++;
            pdest[to] = BOX_GID(b) - W_BOX_STEP; /* the global box below */
        }
        COPY_PARTICLE(to, ip);
        W_P[to] = x;
    }
    box[BT_COUNT] = kept;
    box[BT_OUT_COUNT] = out;
    box[BT_WINDOW_OUT] += dropped;
}

/* After the shifts of a step, with rho of all species deposited: the leading NG + 1 node
 * layers of the domain take their Gauss residual G = div E - rho / eps0 as their new reference.
 * These are the nodes a shift changes apart from translating them (new fields and particles,
 * and the images of the deposits beyond the face); once a layer has moved below them, only
 * charge-conserving currents change it (reduce_gauss in reduce.cl). One work item per cell of
 * every box, (t, b, m): t over the box's transverse cells, m along the axis. */
__kernel void window_gauss_reference(__global real *F)
{
    const int t = (int)get_global_id(0), b = (int)get_global_id(1), m = (int)get_global_id(2);
    /* the plasma enters at the front PML's inner edge where there is one (WINDOW_SKIP_HI): the
     * nodes from NG + 1 below it up to the front change there */
    if (window_box_pos(b) * W_N + m < W_CELLS - NG - 1 - WINDOW_SKIP_HI)
        return;
    int i, j, k;
    window_ijk(t, m, &i, &j, &k);
#ifdef RZ_MODES /* per mode and part, rz_reduce_gauss's divergence (rz_fields.cl) */
    const int n = IDX(i, j, k), ir = RZ_IR(i, b);
    for (int md = 0; md < RZ_MODES; md++)
        for (int p = 0; p <= (md > 0); p++) {
            const acc_real rho = (acc_real)RZF(F, RZ_RHO, md, p, b)[n] / (acc_real)PICL_EPS0;
            COMP(F, C_G0 + RZC(0, md, p), b)[n] = ir == 0 && md > 0 ? 0 : (real)(rz_div_E(F, md, p, b, n, ir) - rho);
        }
#else
    __global const real *Ex = COMP(F, C_EX, b), *Ey = COMP(F, C_EY, b), *Ez = COMP(F, C_EZ, b);
    __global const real *rho = COMP(F, C_RHO, b);
    const int n = IDX(i, j, k);
    const acc_real div = ALONG_X(((acc_real)Ex[n] - Ex[n - 1]) / DX) + ALONG_Y(((acc_real)Ey[n] - Ey[n - SY]) / DY) +
                         ALONG_Z(((acc_real)Ez[n] - Ez[n - SZ]) / DZ);
    COMP(F, C_G0, b)[n] = (real)(div - (acc_real)rho[n] / (acc_real)8.8541878128e-12);
#endif
}

/* The PMLs across the window's axis: their auxiliary arrays
 * (pml.cl: four per slab, cell l across the slab at u, v along the next two axes in cyclic
 * order, p = l + N (u + CELLS_B v)) shift with the fields, one cell down along the window's
 * axis; the new leading line starts from zero. One work item per line along that axis: (l, o),
 * o over the slab's other axis. */
/* Array q of a slab's psi: four per part, and in RZ one set per stored part of the modes
 * (pml.cl: PML_PART_REALS apart), all shifted alike. */
#define WINDOW_PSI_ARRAY(q, m) ((long)((q) % 4) * (m) + (long)((q) / 4) * PML_PART_REALS)
#define PICL_AXIS_X 0
#define PICL_AXIS_Y 1
#define PICL_AXIS_Z 2
#define WINDOW_PSI_KERNEL(A, B, C, SIDE_NAME)                                                    \
    __kernel void window_shift_psi_##A##_##SIDE_NAME(__global real *psi)                        \
    {                                                                                          \
        const long l = (long)get_global_id(0), o = (long)get_global_id(1);                    \
        const long N = PML_##A##_##SIDE_NAME, m = PML_SLAB_##A##_##SIDE_NAME;                 \
        const int along_b = WINDOW_AXIS == PICL_AXIS_##B;                                     \
        const long first = along_b ? l + N * CELLS_##B * o : l + N * o;                       \
        const long step = along_b ? N : N * CELLS_##B;                                        \
        __global real *P = psi + PML_PSI_##A##_##SIDE_NAME + first;                           \
        for (int q = 0; q < 4 * MODE_COMPS; q++) {                                             \
            __global real *Q = P + WINDOW_PSI_ARRAY(q, m);                                     \
            for (int k = 0; k < (WINDOW_AXIS == PICL_AXIS_##B ? CELLS_##B : CELLS_##C) - 1; k++) \
                Q[k * step] = Q[(k + 1) * step];                                               \
            Q[((WINDOW_AXIS == PICL_AXIS_##B ? CELLS_##B : CELLS_##C) - 1) * step] = 0;        \
        }                                                                                      \
    }

/* The PMLs on the window's own faces stay at the domain's ends (their grading is by cell of the
 * domain, as the window's frame needs: a layer fixed at each end of the window), while their
 * auxiliary arrays shift with the fields, one cell down across the slab, so that each psi stays
 * beside the field differences it is the memory of: the lower slab's psi at the wall goes out
 * with its fields, the upper slab's innermost psi leaves the layer (no psi outside it), and the
 * cell that enters each slab starts from zero (the lower one's from the interior, which has no
 * psi; the upper one's a new cell, whose fields are new too). Resetting psi at each shift instead
 * would forget the layer's memory every cell the window moves. One work item per line across the
 * slab, (u, v) over the other two axes. */
#define WINDOW_PSI_ALONG_KERNEL(A, B, C, SIDE_NAME)                                              \
    __kernel void window_shift_psi_##A##_##SIDE_NAME(__global real *psi)                        \
    {                                                                                          \
        const long u = (long)get_global_id(0), v = (long)get_global_id(1);                    \
        const long N = PML_##A##_##SIDE_NAME, m = PML_SLAB_##A##_##SIDE_NAME;                 \
        __global real *P = psi + PML_PSI_##A##_##SIDE_NAME + N * (u + CELLS_##B * v);          \
        for (int q = 0; q < 4 * MODE_COMPS; q++) {                                             \
            __global real *Q = P + WINDOW_PSI_ARRAY(q, m);                                     \
            for (long l = 0; l < N - 1; l++)                                                   \
                Q[l] = Q[l + 1];                                                               \
            Q[N - 1] = 0;                                                                      \
        }                                                                                      \
    }

#if defined(PML_X_LO) && PML_X_LO > 0 && WINDOW_AXIS == 0
WINDOW_PSI_ALONG_KERNEL(X, Y, Z, LO)
#endif
#if defined(PML_X_HI) && PML_X_HI > 0 && WINDOW_AXIS == 0
WINDOW_PSI_ALONG_KERNEL(X, Y, Z, HI)
#endif
#if defined(PML_Y_LO) && PML_Y_LO > 0 && WINDOW_AXIS == 1
WINDOW_PSI_ALONG_KERNEL(Y, Z, X, LO)
#endif
#if defined(PML_Y_HI) && PML_Y_HI > 0 && WINDOW_AXIS == 1
WINDOW_PSI_ALONG_KERNEL(Y, Z, X, HI)
#endif
#if defined(PML_Z_LO) && PML_Z_LO > 0 && WINDOW_AXIS == 2
WINDOW_PSI_ALONG_KERNEL(Z, X, Y, LO)
#endif
#if defined(PML_Z_HI) && PML_Z_HI > 0 && WINDOW_AXIS == 2
WINDOW_PSI_ALONG_KERNEL(Z, X, Y, HI)
#endif

#if defined(PML_X_LO) && PML_X_LO > 0 && WINDOW_AXIS != 0
WINDOW_PSI_KERNEL(X, Y, Z, LO)
#endif
#if defined(PML_X_HI) && PML_X_HI > 0 && WINDOW_AXIS != 0
WINDOW_PSI_KERNEL(X, Y, Z, HI)
#endif
#if defined(PML_Y_LO) && PML_Y_LO > 0 && WINDOW_AXIS != 1
WINDOW_PSI_KERNEL(Y, Z, X, LO)
#endif
#if defined(PML_Y_HI) && PML_Y_HI > 0 && WINDOW_AXIS != 1
WINDOW_PSI_KERNEL(Y, Z, X, HI)
#endif
#if defined(PML_Z_LO) && PML_Z_LO > 0 && WINDOW_AXIS != 2
WINDOW_PSI_KERNEL(Z, X, Y, LO)
#endif
#if defined(PML_Z_HI) && PML_Z_HI > 0 && WINDOW_AXIS != 2
WINDOW_PSI_KERNEL(Z, X, Y, HI)
#endif
