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
__kernel void PICL_CAT(window_inject, SP_SUFFIX)(const long shifts, PICL_PARTICLE_ARRAYS(PA_PARAM) __global long *boxes)
{
    const int b = (int)get_global_id(0);
    if (window_box_pos(b) != W_NB - 1)
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
        window_ijk(t, W_N - 1, &i, &j, &k);
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
            const ulong id = first + in_layer * ppc + (ulong)p;
            PICL_CAT(thermal_u, SP_SUFFIX)(id, r, u);
            const long to = start + n;
            px[to] = pos[0];
            py[to] = pos[1];
            pz[to] = pos[2];
            pux[to] = (real)u[0];
            puy[to] = (real)u[1];
            puz[to] = (real)u[2];
            SET_WEIGHT(to, (real)(density * SP_W_PER_DENSITY));
            SET_ID(to, id);
            SET_LEVEL(to, SP_LEVEL0);
            n++;
            added++;
        }
    }
    box[BT_COUNT] = n;
    box[BT_WINDOW_IN] += added;
}
