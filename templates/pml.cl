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

/* Three kernels for all slabs (pml_E after the E update, pml_B0 after the first B half step,
 * pml_B1 after the second): one work item per cell of any slab, the slabs one after the other
 * in PML_EACH_SLAB's order (the generator lists the run's slabs there: axis A, the others B, C
 * in cyclic order, face, id). Slabs of different axes share their edge and corner cells and
 * correct the same components there, so a cell is handled by the item of the first slab that
 * holds it, which applies every slab's correction in the list's order (the order in which one
 * kernel per slab would); the other slabs' items for that cell do nothing. One kernel where
 * there were up to six: each is one compile at the first step and one launch per step. */

/* RZ (docs/rz.md, "Boundaries"): the kernels run once per stored part of every mode (the
 * mode-0 part, then re, im of m >= 1), get_global_id(1), on that part's components and psi. The
 * PML stretches only the solver's difference along its axis, which in RZ is the Cartesian
 * one in each part (the 1/r and theta terms of maxwell_rz.cl stay unstretched), so the
 * Cartesian corrections apply unchanged to (x, y, z) = (r, theta, z). One part elsewhere. */
#define PML_PART() const int part = (int)get_global_id(1)

/* Cell l across the slab of N cells on face SIDE (0 lower, 1 upper) of axis A, or -1. */
#define PML_ACROSS(A, N, SIDE) ((SIDE) ? (g_##A >= CELLS_##A - (N) ? g_##A - (CELLS_##A - (N)) : -1) \
                                       : (g_##A < (N) ? g_##A : -1))

/* The item's slab (id) and cell (g_X, g_Y, g_Z): the first slab whose items reach past i. */
#define PML_LOCATE(A, B, C, SN, SIDE, ID)                                                        \
    if (id < 0 && i < PML_ITEM_##A##_##SN + PML_SLAB_##A##_##SN) {                             \
        const long k = i - PML_ITEM_##A##_##SN, N = PML_##A##_##SN;                            \
        g_##A = (int)(k % N) + ((SIDE) ? CELLS_##A - (int)N : 0);                              \
        g_##B = (int)((k / N) % CELLS_##B);                                                    \
        g_##C = (int)(k / (N * CELLS_##B));                                                    \
        id = (ID);                                                                             \
    }

/* Ends the item where an earlier slab holds its cell. */
#define PML_OWNED(A, B, C, SN, SIDE, ID)                                                         \
    if ((ID) < id && PML_ACROSS(A, PML_##A##_##SN, SIDE) >= 0)                                 \
        return;

/* Finds the item's cell, its box (this rank's slot of it; the item ends where another rank
 * holds it: that rank updates the cell and its psi) and its index n there. */
#define PML_CELL()                                                                               \
    const long i = (long)get_global_id(0);                                                     \
    int id = -1, g_X = 0, g_Y = 0, g_Z = 0;                                                    \
    PML_EACH_SLAB(PML_LOCATE)                                                                  \
    if (id < 0)                                                                                \
        return;                                                                                \
    PML_EACH_SLAB(PML_OWNED)                                                                   \
    const int bx = g_X / NX, by = g_Y / NY, bz = g_Z / NZ;                                     \
    const int box = BOX_SLOT(BOX_INDEX(bx, by, bz));                                           \
    if (box < 0)                                                                               \
        return;                                                                                \
    const int n = IDX(g_X - bx * NX, g_Y - by * NY, g_Z - bz * NZ)

/* Slab (A, SN) at the item's cell, where it holds it and is not earlier than the item's own:
 * l across the slab, p in its psi arrays, P its psi, m one array's length. */
#define PML_AT(A, B, C, SN, SIDE, ID)                                                            \
    const int l = PML_ACROSS(A, PML_##A##_##SN, SIDE);                                         \
    if ((ID) < id || l < 0)                                                                    \
        break;                                                                                 \
    const long p = l + PML_##A##_##SN * ((long)g_##B + CELLS_##B * (long)g_##C);               \
    const long m = PML_SLAB_##A##_##SN;                                                        \
    __global real *P = psi + PML_PSI_##A##_##SN + part * PML_PART_REALS

/* The corrections of one slab. psi holds four arrays per slab (for E_B, E_C, B_C, B_B, each
 * N x CELLS_B x CELLS_C). Signs follow the solver's curl:
 * E_B += ... - c^2 dt dB_C/dA, E_C += c^2 dt dB_B/dA, B_C -= dt/2 dE_B/dA, B_B += dt/2 dE_C/dA.
 * B's psi is Roden and Gedney's, updated once a step with a full dt: the second half step of
 * one step and the first of the next use the same E (E^{n+1}), which together make the one B
 * update of the leapfrog; pml_B1 updates psi with it and both add half of psi's term. */
#define PML_E_AT(A, B, C, SN, SIDE, ID)                                                          \
    do {                                                                                       \
        PML_AT(A, B, C, SN, SIDE, ID);                                                         \
        const real b = pml_decay(PML_SIGMA_##A, PML_DEPTH_NODE(l, PML_##A##_##SN, SIDE));      \
        __global real *E_b = COMP(F, C_E##B + part, box), *E_c = COMP(F, C_E##C + part, box);       \
        __global const real *B_b = COMP(F, C_B##B + part, box), *B_c = COMP(F, C_B##C + part, box); \
        const real psi_b = b * P[p] + (b - 1) * (B_c[n] - B_c[n - PML_S_##A]);                 \
        const real psi_c = b * P[m + p] + (b - 1) * (B_b[n] - B_b[n - PML_S_##A]);             \
        P[p] = psi_b;                                                                          \
        P[m + p] = psi_c;                                                                      \
        E_b[n] -= C2DT_D##A * psi_b;                                                           \
        E_c[n] += C2DT_D##A * psi_c;                                                           \
    } while (0);

#define PML_B0_AT(A, B, C, SN, SIDE, ID)                                                         \
    do {                                                                                       \
        PML_AT(A, B, C, SN, SIDE, ID);                                                         \
        __global real *B_b = COMP(F, C_B##B + part, box), *B_c = COMP(F, C_B##C + part, box);       \
        B_c[n] -= HDT_D##A * P[2 * m + p];                                                     \
        B_b[n] += HDT_D##A * P[3 * m + p];                                                     \
    } while (0);

#define PML_B1_AT(A, B, C, SN, SIDE, ID)                                                         \
    do {                                                                                       \
        PML_AT(A, B, C, SN, SIDE, ID);                                                         \
        const real b = pml_decay(PML_SIGMA_##A, PML_DEPTH_HALF(l, PML_##A##_##SN, SIDE));      \
        __global const real *E_b = COMP(F, C_E##B + part, box), *E_c = COMP(F, C_E##C + part, box); \
        __global real *B_b = COMP(F, C_B##B + part, box), *B_c = COMP(F, C_B##C + part, box);       \
        const real psi_c = b * P[2 * m + p] + (b - 1) * FARADAY_DIFF_##A(E_b, n);              \
        const real psi_b = b * P[3 * m + p] + (b - 1) * FARADAY_DIFF_##A(E_c, n);              \
        P[2 * m + p] = psi_c;                                                                  \
        P[3 * m + p] = psi_b;                                                                  \
        B_c[n] -= HDT_D##A * psi_c;                                                            \
        B_b[n] += HDT_D##A * psi_b;                                                            \
    } while (0);

__kernel void pml_E(__global real *F, __global real *psi)
{
    PML_PART();
    PML_CELL();
    PML_EACH_SLAB(PML_E_AT)
}

__kernel void pml_B0(__global real *F, __global real *psi)
{
    PML_PART();
    PML_CELL();
    PML_EACH_SLAB(PML_B0_AT)
}

__kernel void pml_B1(__global real *F, __global real *psi)
{
    PML_PART();
    PML_CELL();
    PML_EACH_SLAB(PML_B1_AT)
}
