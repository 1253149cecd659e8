/* pml.cl: the convolutional perfectly matched layer (CPML: Roden and Gedney, Microw. Opt.
 * Technol. Lett. 27, 334 (2000); Taflove and Hagness, ch. 7) on the outermost cells of the
 * domain, in front of a PEC wall. Each slab (an axis and a face) corrects the solver's update of
 * the components tangential to its face after the solver's own kernel has run. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "maxwell_yee.cl"
#endif

/* In the PML the derivative along its axis a is stretched, d/da -> d/da / s_a(omega) with
 * s_a = 1 + sigma_a / (i omega eps0) (kappa = 1, alpha = 0). In time this adds psi, the
 * recursive convolution of the derivative: psi <- b psi + (b - 1) D, with D the solver's
 * difference along a (times the cell size) and b = exp(-sigma dt / eps0). sigma grows from 0 at the inner edge to PML_SIGMA_<A>
 * (sigma / eps0 in 1/s: 0.45 (m + 1) c / d, m = 2: gen/pml_slabs.h says why) at the wall
 * as depth^PML_ORDER. E sits on the nodes of a, the B it corrects half a cell up. */
static inline real pml_decay(const acc_real sigma_max, const acc_real depth)
{
    return depth > 0 ? (real)exp(-sigma_max * pown(depth, PML_ORDER) * (acc_real)DT) : (real)1;
}

/* Depth (0 at the inner edge, 1 at the wall) of cell l's node and of its half node, in a slab
 * of N cells on the lower (SIDE 0) or upper (SIDE 1) face. */
#define PML_DEPTH_NODE(l, N, SIDE) ((SIDE) ? (acc_real)(l) / (N) : (acc_real)((N) - (l)) / (N))
#define PML_DEPTH_HALF(l, N, SIDE) ((SIDE) ? ((acc_real)(l) + (acc_real)0.5) / (N) : ((acc_real)(N) - (l) - (acc_real)0.5) / (N))

/* Strides of the axes in a box. */
#define PML_S_X 1
#define PML_S_Y SY
#define PML_S_Z SZ

/* One work item per cell of the slab of axis A (the others B, C in cyclic order): l across
 * the slab's N cells, u and v over the whole domain along B and C. Finds the cell's box (this
 * rank's slot of it; the item ends where another rank holds it: that rank updates the cell and
 * its psi), its index n there and its index p in the slab's psi arrays. */
#define PML_CELL(A, B, C, SIDE, N)                                                               \
    const int l = (int)get_global_id(0), u = (int)get_global_id(1), v = (int)get_global_id(2);  \
    int g_X, g_Y, g_Z;                                                                         \
    g_##A = (SIDE) ? CELLS_##A - (N) + l : l;                                                  \
    g_##B = u;                                                                                 \
    g_##C = v;                                                                                 \
    const int bx = g_X / NX, by = g_Y / NY, bz = g_Z / NZ;                                     \
    const int box = BOX_SLOT(BOX_INDEX(bx, by, bz));                                           \
    if (box < 0)                                                                               \
        return;                                                                                \
    const int n = IDX(g_X - bx * NX, g_Y - by * NY, g_Z - bz * NZ);                            \
    const int p = l + (N) * (u + CELLS_##B * v)

/* The kernels of one slab: pml_E_<A>_<SIDE> after the E update, pml_B0_<A>_<SIDE> after the
 * first B half step and pml_B1_<A>_<SIDE> after the second. psi holds four arrays per slab (for
 * E_B, E_C, B_C, B_B, each N x CELLS_B x CELLS_C). Signs follow the solver's curl:
 * E_B += ... - c^2 dt dB_C/dA, E_C += c^2 dt dB_B/dA, B_C -= dt/2 dE_B/dA, B_B += dt/2 dE_C/dA.
 * B's psi is Roden and Gedney's, updated once a step with a full dt: the second half step of
 * one step and the first of the next use the same E (E^{n+1}), which together make the one B
 * update of the leapfrog; pml_B1 updates psi with it and both add half of psi's term. */
#define PML_KERNELS(A, B, C, SIDE_NAME, SIDE)                                                    \
    __kernel void pml_E_##A##_##SIDE_NAME(__global real *F, __global real *psi)                 \
    {                                                                                          \
        PML_CELL(A, B, C, SIDE, PML_##A##_##SIDE_NAME);                                        \
        __global real *P = psi + PML_PSI_##A##_##SIDE_NAME;                                    \
        const long m = PML_SLAB_##A##_##SIDE_NAME;                                             \
        const real b = pml_decay(PML_SIGMA_##A, PML_DEPTH_NODE(l, PML_##A##_##SIDE_NAME, SIDE)); \
        __global real *E_b = COMP(F, C_E##B, box), *E_c = COMP(F, C_E##C, box);               \
        __global const real *B_b = COMP(F, C_B##B, box), *B_c = COMP(F, C_B##C, box);         \
        const real psi_b = b * P[p] + (b - 1) * (B_c[n] - B_c[n - PML_S_##A]);                 \
        const real psi_c = b * P[m + p] + (b - 1) * (B_b[n] - B_b[n - PML_S_##A]);             \
        P[p] = psi_b;                                                                          \
        P[m + p] = psi_c;                                                                      \
        E_b[n] -= C2DT_D##A * psi_b;                                                           \
        E_c[n] += C2DT_D##A * psi_c;                                                           \
    }                                                                                          \
    __kernel void pml_B0_##A##_##SIDE_NAME(__global real *F, __global real *psi)                \
    {                                                                                          \
        PML_CELL(A, B, C, SIDE, PML_##A##_##SIDE_NAME);                                        \
        __global const real *P = psi + PML_PSI_##A##_##SIDE_NAME;                              \
        const long m = PML_SLAB_##A##_##SIDE_NAME;                                             \
        __global real *B_b = COMP(F, C_B##B, box), *B_c = COMP(F, C_B##C, box);               \
        B_c[n] -= HDT_D##A * P[2 * m + p];                                                     \
        B_b[n] += HDT_D##A * P[3 * m + p];                                                     \
    }                                                                                          \
    __kernel void pml_B1_##A##_##SIDE_NAME(__global real *F, __global real *psi)                \
    {                                                                                          \
        PML_CELL(A, B, C, SIDE, PML_##A##_##SIDE_NAME);                                        \
        __global real *P = psi + PML_PSI_##A##_##SIDE_NAME;                                    \
        const long m = PML_SLAB_##A##_##SIDE_NAME;                                             \
        const real b = pml_decay(PML_SIGMA_##A, PML_DEPTH_HALF(l, PML_##A##_##SIDE_NAME, SIDE)); \
        __global const real *E_b = COMP(F, C_E##B, box), *E_c = COMP(F, C_E##C, box);         \
        __global real *B_b = COMP(F, C_B##B, box), *B_c = COMP(F, C_B##C, box);               \
        const real psi_c = b * P[2 * m + p] + (b - 1) * FARADAY_DIFF_##A(E_b, n);              \
        const real psi_b = b * P[3 * m + p] + (b - 1) * FARADAY_DIFF_##A(E_c, n);              \
        P[2 * m + p] = psi_c;                                                                  \
        P[3 * m + p] = psi_b;                                                                  \
        B_c[n] -= HDT_D##A * psi_c;                                                            \
        B_b[n] += HDT_D##A * psi_b;                                                            \
    }

#if PML_X_LO > 0
PML_KERNELS(X, Y, Z, LO, 0)
#endif
#if PML_X_HI > 0
PML_KERNELS(X, Y, Z, HI, 1)
#endif
#if PML_Y_LO > 0
PML_KERNELS(Y, Z, X, LO, 0)
#endif
#if PML_Y_HI > 0
PML_KERNELS(Y, Z, X, HI, 1)
#endif
#if PML_Z_LO > 0
PML_KERNELS(Z, X, Y, LO, 0)
#endif
#if PML_Z_HI > 0
PML_KERNELS(Z, X, Y, HI, 1)
#endif
