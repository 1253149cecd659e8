/* window_inject.cl: after each shift of the moving window, one species' plasma enters the
 * domain's leading cell layer: the same lattice of candidates as at load (particle_load.cl),
 * with the density, region and momentum profiles of the lab frame, where that layer now lies. Included once per
 * plasma species (not beams) with its SP_ macros, after particle_load.cl and window.cl. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "random.cl"
#include "particle_load.cl"
#include "window.cl"
#endif

/* One work item per box; only the boxes of the leading layer add particles, in the order of
 * the cells and candidates, so every decomposition injects the same particles. Ids continue
 * past those of the load: the cells of the layer injected by shift s are numbered after all
 * cells of the domain and the layers of shifts 1 .. s - 1 (for a window along z, exactly the
 * lab-frame cell index), times the candidates per cell, plus the candidate. A box without
 * room stops adding and flags BT_OVERFLOW = 2, which the host reports. */
/* The candidate at pos (cells), r (m, lab frame) with this density, as particle `id` at the end
 * of the box (its momentum drawn from the id), counted. */
#define INJECT_ONE(id)                                                                           \
    do {                                                                                         \
        const ulong id_ = (id);                                                                  \
        PICL_CAT(thermal_u, SP_SUFFIX)(id_, r, u);                                               \
        LOAD_STORE(start + n, pos, u, density, id_);                                             \
        n++;                                                                                     \
        added++;                                                                                 \
    } while (0)

#ifdef PICL_BOOST
/* In the boosted frame the plasma streams at -beta c, so it enters through the domain's front
 * face at every step, not only when the window shifts (runtime/window.c launches this kernel
 * every step then). The plasma's lattice is the load's, fixed in the lab: along the window's
 * axis point m lies at (m + 1/2) / ppc cells of the domain at load; at time t' it is inside
 * while (m + 1/2) / ppc < front = CELLS + shifts + beta c t' / d. The points with (m + 1/2) / ppc
 * in [front_lo, front_hi), last step's front and this one's, enter now, at (m + 1/2) / ppc -
 * (front_hi - CELLS) cells: at most 1 + beta cells deep (a step is at most a cell at c), in the
 * leading layer of boxes when its boxes are 2 cells deep or more. Each lattice point enters
 * once, so the lab density is the input's. Ids: after the load's, by m and the transverse
 * candidate. */
__kernel void PICL_CAT(window_inject, SP_SUFFIX)(const long shifts, const acc_real front_lo, const acc_real front_hi,
                                                 PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes)
{
    const int b = (int)get_global_id(0);
    if (window_box_pos(b) != W_NB - 1)
        return;
    (void)shifts;
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], cap = box[BT_CAP];
    long n = box[BT_COUNT], added = 0;
    const int gb = BOX_GID(b), box_at[3] = {BOX_X(gb) * NX, BOX_Y(gb) * NY, BOX_Z(gb) * NZ};
    const int ppc[3] = {SP_PPC_X, SP_PPC_Y, SP_PPC_Z}, cells[3] = {CELLS_X, CELLS_Y, CELLS_Z};
    const acc_real d[3] = {DX, DY, DZ}, lower[3] = {LOWER_X, LOWER_Y, LOWER_Z};
    const int t0 = WINDOW_AXIS == 0 ? 1 : 0, t1 = WINDOW_AXIS == 2 ? 1 : 2;
    const int pa = ppc[WINDOW_AXIS], pt = ppc[t0] * ppc[t1];
    const long m_lo = (long)ceil(front_lo * pa - (acc_real)0.5), m_hi = (long)ceil(front_hi * pa - (acc_real)0.5);
    const acc_real shift = front_hi - (acc_real)W_CELLS;
    const ulong load = (ulong)CELLS_X * CELLS_Y * CELLS_Z * (ulong)(SP_PPC_X * SP_PPC_Y * SP_PPC_Z);
    const ulong slab = (ulong)cells[t0] * cells[t1] * (ulong)pt; /* candidates of one lattice plane */
    int full = 0;
    for (long m = m_lo; m < m_hi && !full; m++) {
        const acc_real xi = ((acc_real)m + (acc_real)0.5) / pa - shift; /* cells, from the window's lower edge */
        const int k = (int)floor(xi);
        if (k < box_at[WINDOW_AXIS] || k >= box_at[WINDOW_AXIS] + W_N)
            continue;
        for (int t = 0; t < W_T0 * W_T1 && !full; t++) {
            int ijk[3];
            window_ijk(t, 0, &ijk[0], &ijk[1], &ijk[2]);
            for (int p = 0; p < pt; p++) {
                const int q[2] = {p % ppc[t0], p / ppc[t0]}, axes[2] = {t0, t1};
                real pos[3];
                acc_real r[3], density, u[3];
                pos[WINDOW_AXIS] = (real)xi;
                /* the lab position: the lattice point's, fixed in the lab (boost.cl) */
                r[WINDOW_AXIS] = (acc_real)BOOST_GAMMA *
                                 (lower[WINDOW_AXIS] + ((acc_real)m + (acc_real)0.5) / pa * d[WINDOW_AXIS]);
                for (int e = 0; e < 2; e++) {
                    const int a = axes[e], g = box_at[a] + ijk[a];
                    pos[a] = (real)g + ((real)q[e] + (real)0.5) / (real)ppc[a];
                    r[a] = lower[a] + ((acc_real)g + ((acc_real)q[e] + (acc_real)0.5) / ppc[a]) * d[a];
                }
                if (!PICL_CAT(candidate_at, SP_SUFFIX)(r, &density))
                    continue;
                if (n == cap) {
                    box[BT_OVERFLOW] = 2;
                    full = 1;
                    break;
                }
                const ulong in_plane = ((ulong)(box_at[t0] + ijk[t0]) + (ulong)cells[t0] * (ulong)(box_at[t1] + ijk[t1])) *
                                           (ulong)pt + (ulong)p;
                INJECT_ONE(load + (ulong)(m - (long)W_CELLS * pa) * slab + in_plane);
            }
        }
    }
    box[BT_COUNT] = n;
    box[BT_WINDOW_IN] += added;
}
#else
__kernel void PICL_CAT(window_inject, SP_SUFFIX)(const long shifts, const acc_real front_lo, const acc_real front_hi,
                                                 PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes)
{
    (void)front_lo;
    (void)front_hi;
    /* the leading cell layer of the user's domain: the grid's last, or the one just inside a PML
     * outside the domain (WINDOW_SKIP_HI) */
    const int front = W_CELLS - 1 - WINDOW_SKIP_HI;
    const int b = (int)get_global_id(0);
    if (window_box_pos(b) != front / W_N)
        return;
    __global long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], cap = box[BT_CAP];
    long n = box[BT_COUNT], added = 0;
    const int gb = BOX_GID(b), bx = BOX_X(gb), by = BOX_Y(gb), bz = BOX_Z(gb);
    const acc_real moved = (acc_real)shifts * W_D;
    const acc_real lab_x = WINDOW_AXIS == 0 ? moved : 0, lab_y = WINDOW_AXIS == 1 ? moved : 0,
                   lab_z = WINDOW_AXIS == 2 ? moved : 0;
    const ulong ppc = SP_PPC_X * SP_PPC_Y * SP_PPC_Z;
    const ulong slab_cells = (ulong)CELLS_X * CELLS_Y * CELLS_Z / W_CELLS;
    const ulong first = ((ulong)CELLS_X * CELLS_Y * CELLS_Z + (ulong)(shifts - 1) * slab_cells) * ppc;
    int full = 0;
    for (int t = 0; t < W_T0 * W_T1; t++) {
        if (full)
            break;
        int i, j, k;
        window_ijk(t, front % W_N, &i, &j, &k);
        const int gi = bx * NX + i, gj = by * NY + j, gk = bz * NZ + k;
        const int g[3] = {gi, gj, gk}, across[3] = {CELLS_X, CELLS_Y, CELLS_Z};
        /* the cell's index in the layer: its two transverse global indices, the lower axis fastest */
        const int t0 = WINDOW_AXIS == 0 ? 1 : 0, t1 = WINDOW_AXIS == 2 ? 1 : 2;
        const ulong in_layer = (ulong)g[t0] + (ulong)across[t0] * (ulong)g[t1];
        for (int p = 0; p < SP_PPC_X * SP_PPC_Y * SP_PPC_Z; p++) {
            real pos[3];
            acc_real r[3], density, u[3];
            if (!PICL_CAT(candidate, SP_SUFFIX)(gi, gj, gk, p, lab_x, lab_y, lab_z, pos, r, &density))
                continue;
            if (n == cap) {
                box[BT_OVERFLOW] = 2;
                full = 1;
                break;
            }
            INJECT_ONE(first + in_layer * ppc + (ulong)p);
        }
    }
    box[BT_COUNT] = n;
    box[BT_WINDOW_IN] += added;
}
#endif
#undef INJECT_ONE
