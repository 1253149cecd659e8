/* halo.cl: guard-cell exchange between the boxes of one rank (DESIGN.md section 4), and the
 * field boundaries of the domain. FillBoundary copies owners' valid cells into guards (mirror
 * images at a PEC face); SumBoundary adds guards into owners (with the image rule at a PEC face). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* 1 when component c sits half a cell up along axis a (E_a and J_a along their own axis, B_a
 * along the other two), 0 when it sits on the nodes of that axis. */
static inline int comp_staggered(const int c, const int a)
{
    if (c >= C_EX && c <= C_EZ)
        return c - C_EX == a;
    if (c >= C_JX && c <= C_JZ)
        return c - C_JX == a;
    if (c >= C_BX && c <= C_BZ)
        return c - C_BX != a;
    return 0;
}

/* The boundary literals of axis a (the generator's BC_*), for loops over the axes. */
#define BC_AXIS(a, what) ((a) == 0 ? BC_X_##what : (a) == 1 ? BC_Y_##what : BC_Z_##what)

/* Global index g (cells of the domain, guards reach NG beyond) along an axis of n cells: where
 * its value comes from. Inside the domain, g itself; across a periodic edge, the other side.
 * Across a PEC face, the mirror image (Taflove and Hagness, ch. 3): tangential E, normal B, the
 * tangential J and rho change sign, the others keep it. On the Yee grid these are exactly the
 * components on the nodes of the axis (odd images, mirror g -> -g about the lower face, so the
 * value on the face is zero) and those half a cell up (even images, g -> -1 - g). Returns 0
 * where the value is zero: a node of an odd component on a PEC face, or a guard cell beyond a
 * face that is neither periodic nor PEC (none exists yet). */
static inline int bc_source(int *g, real *sign, const int n, const int periodic, const int pec_lo,
                            const int pec_hi, const int staggered)
{
    if (periodic) {
        *g = (*g + n) % n;
        return 1;
    }
    if (*g < 0 || (*g == 0 && !staggered)) {
        if (!pec_lo || *g == 0)
            return 0;
        *g = staggered ? -1 - *g : -*g;
        *sign = staggered ? *sign : -*sign;
    } else if (*g >= n) {
        if (!pec_hi || (*g == n && !staggered))
            return 0;
        *g = staggered ? 2 * n - 1 - *g : 2 * n - *g;
        *sign = staggered ? *sign : -*sign;
    }
    return 1;
}

/* Every grid point has exactly one owner: the box whose valid cells [0, N) hold its index.
 * Components share the index space, so the owner of cell (i, j, k) of box b is the same for E,
 * B, J and rho; shared nodes do not exist and no SyncNodal step is needed. FillBoundary copies
 * the value of component c that cell (i, j, k) of local box b stands for into it: from its
 * owner, times a sign (PEC images). Returns HALO_ZERO where that value is zero, HALO_LOCAL with
 * the owner's offset in F when this rank holds the owner, HALO_REMOTE with the owner's global
 * box in *offset and the cell's offset inside that box in *cell when another rank does (the
 * exchange plan of runtime/exchange.c carries those). */
#define HALO_ZERO 0
#define HALO_LOCAL 1
#define HALO_REMOTE 2
static inline int halo_source(const int b, const int i, const int j, const int k, const int c, int *offset,
                              int *cell, real *sign)
{
    const int gb = BOX_GID(b), bx = BOX_X(gb), by = BOX_Y(gb), bz = BOX_Z(gb);
    int g[3] = {bx * NX + i, by * NY + j, bz * NZ + k};
    const int n[3] = {CELLS_X, CELLS_Y, CELLS_Z};
    *sign = 1;
    for (int a = 0; a < 3; a++)
        if (!bc_source(&g[a], sign, n[a], BC_AXIS(a, PERIODIC), BC_AXIS(a, LO_PEC), BC_AXIS(a, HI_PEC),
                       comp_staggered(c, a)))
            return 0;
    const int ox = g[0] / NX, oy = g[1] / NY, oz = g[2] / NZ, owner = BOX_INDEX(ox, oy, oz);
    *cell = IDX(g[0] - ox * NX, g[1] - oy * NY, g[2] - oz * NZ);
    if (BOX_SLOT(owner) < 0) {
        *offset = owner;
        return HALO_REMOTE;
    }
    *offset = BOX_SLOT(owner) * BOX_STRIDE + *cell;
    return HALO_LOCAL;
}

/* A valid cell on a lower PEC face: its nodal components there are the face's (zero for the odd
 * ones), which FillBoundary enforces. */
static inline int on_pec_face(const int b, const int i, const int j, const int k)
{
    const int gb = BOX_GID(b), bx = BOX_X(gb), by = BOX_Y(gb), bz = BOX_Z(gb);
    /* one test per axis: the BC_ literals are 0 or 1, and an if on a constant draws no warning
     * where || of constants would */
    int face = 0;
    if (BC_X_LO_PEC)
        face |= bx == 0 && i == 0;
    if (BC_Y_LO_PEC)
        face |= by == 0 && j == 0;
    if (BC_Z_LO_PEC)
        face |= bz == 0 && k == 0;
    return face;
}

/* FillBoundary for components [C0, C1): one work item per allocated cell of every local box.
 * Guard cells get their source's value; on a PEC face the valid face cells are set too. Guards
 * whose source another rank holds are left to the exchange's unpack kernel. */
#define HALO_FILL_KERNEL(name, C0, C1)                                                           \
    __kernel void name(__global real *F)                                                       \
    {                                                                                          \
        const int i = (int)get_global_id(0) - NG, j = (int)get_global_id(1) - NG;             \
        const int b = (int)get_global_id(2) / DIMZ;                                            \
        const int k = (int)get_global_id(2) - b * DIMZ - NG;                                   \
        if (i >= 0 && i < NX && j >= 0 && j < NY && k >= 0 && k < NZ && !on_pec_face(b, i, j, k)) \
            return;                                                                            \
        const int dst = b * BOX_STRIDE + IDX(i, j, k);                                         \
        for (int c = (C0); c < (C1); c++) {                                                    \
            int src, cell;                                                                     \
            real sign;                                                                         \
            const int from = halo_source(b, i, j, k, c, &src, &cell, &sign);                   \
            if (from == HALO_ZERO)                                                             \
                F[c * COMP_STRIDE + dst] = 0;                                                  \
            else if (from == HALO_LOCAL && src != dst)                                         \
                F[c * COMP_STRIDE + dst] = sign * F[c * COMP_STRIDE + src];                    \
        }                                                                                      \
    }

HALO_FILL_KERNEL(halo_fill_E, C_EX, C_EZ + 1)
HALO_FILL_KERNEL(halo_fill_B, C_BX, C_BZ + 1)
HALO_FILL_KERNEL(halo_fill_EB, C_EX, C_BZ + 1)
HALO_FILL_KERNEL(halo_fill_J, C_JX, C_JZ + 1)
HALO_FILL_KERNEL(halo_fill_rho, C_RHO, C_RHO + 1)

/* The cells whose deposits alias valid index i of a box at position p of nb along one axis: the
 * box's own cell, the guards of the neighbours below and above (slots 0 .. 2, as offsets -1, 0,
 * +1), and, at a PEC face of the domain, the box's own guard cell at the mirror image (slots 3,
 * 4: the image rule, with the sign of bc_source: the image charge of a particle beyond the face
 * is opposite, its normal current the same). Across a face that is not periodic the neighbours
 * do not exist: what was deposited beyond it comes back only as the image. valid[m] says which
 * slots are used; the own cell is slot 1. */
static inline void sum_sources(const int i, const int p, const int nb, const int n, const int periodic,
                               const int pec_lo, const int pec_hi, const int staggered, int *pos, int *idx,
                               real *sgn, int *valid)
{
    for (int o = -1; o <= 1; o++) {
        const int m = o + 1, s = i - o * n;
        int q = p + o;
        valid[m] = s >= -NG && s < n + NG;
        if (q < 0 || q >= nb) {
            valid[m] = valid[m] && periodic;
            q = (q + nb) % nb;
        }
        pos[m] = q;
        idx[m] = s;
        sgn[m] = 1;
    }
    const real image = staggered ? (real)1 : (real)-1;
    idx[3] = staggered ? -1 - i : -i;
    valid[3] = !periodic && pec_lo && p == 0 && idx[3] >= -NG;
    idx[4] = staggered ? 2 * n - 1 - i : 2 * n - i;
    valid[4] = !periodic && pec_hi && p == nb - 1 && idx[4] < n + NG;
    pos[3] = pos[4] = p;
    sgn[3] = sgn[4] = image;
}

/* SumBoundary for components [C0, C1): each valid cell near a box edge gathers the cells that
 * alias it (sum_sources along each axis, every combination), in a fixed order, so the sum does
 * not depend on the schedule. Writes valid cells only; reads guard cells, and its own cell (on a
 * PEC face a nodal cell is its own mirror image: odd components cancel there). */
#define HALO_SUM_KERNEL(name, C0, C1)                                                            \
    __kernel void name(__global real *F)                                                       \
    {                                                                                          \
        CELL_ITEM(i, j, k, b);                                                                 \
        /* a lower PEC face's image of guard -NG lands on valid cell NG */                    \
        if (i >= NG + BC_X_LO_PEC && i < NX - NG && j >= NG + BC_Y_LO_PEC && j < NY - NG &&    \
            k >= NG + BC_Z_LO_PEC && k < NZ - NG)                                              \
            return;                                                                            \
        const int gb = BOX_GID(b), bx = BOX_X(gb), by = BOX_Y(gb), bz = BOX_Z(gb);             \
        const int dst = b * BOX_STRIDE + IDX(i, j, k);                                         \
        for (int c = (C0); c < (C1); c++) {                                                    \
            int px[5], py[5], pz[5], ix[5], iy[5], iz[5], vx[5], vy[5], vz[5];                 \
            real sx[5], sy[5], sz[5];                                                          \
            sum_sources(i, bx, NBX, NX, BC_X_PERIODIC, BC_X_LO_PEC, BC_X_HI_PEC, comp_staggered(c, 0), px, ix, sx, vx); \
            sum_sources(j, by, NBY, NY, BC_Y_PERIODIC, BC_Y_LO_PEC, BC_Y_HI_PEC, comp_staggered(c, 1), py, iy, sy, vy); \
            sum_sources(k, bz, NBZ, NZ, BC_Z_PERIODIC, BC_Z_LO_PEC, BC_Z_HI_PEC, comp_staggered(c, 2), pz, iz, sz, vz); \
            __global real *f = F + c * COMP_STRIDE;                                            \
            real sum = f[dst];                                                                 \
            for (int cz = 0; cz < 5; cz++)                                                     \
                for (int cy = 0; cy < 5; cy++)                                                 \
                    for (int cx = 0; cx < 5; cx++) {                                           \
                        if (!vx[cx] || !vy[cy] || !vz[cz] || (cx == 1 && cy == 1 && cz == 1))  \
                            continue;                                                          \
                        /* another rank's guards arrive through the exchange (unpack_add) */  \
                        const int from = BOX_SLOT(BOX_INDEX(px[cx], py[cy], pz[cz]));          \
                        if (from < 0)                                                          \
                            continue;                                                          \
                        const int src = from * BOX_STRIDE + IDX(ix[cx], iy[cy], iz[cz]);       \
                        sum += sx[cx] * sy[cy] * sz[cz] * f[src];                              \
                    }                                                                          \
            f[dst] = sum;                                                                      \
        }                                                                                      \
    }

HALO_SUM_KERNEL(halo_sum_J, C_JX, C_JZ + 1)
HALO_SUM_KERNEL(halo_sum_rho, C_RHO, C_RHO + 1)

/* The exchange between ranks (runtime/exchange.c). Set-up: halo_plan finds, for component c,
 * every guard cell of a local box whose value another rank holds: remote[cell] = +-(owner + 1)
 * (the sign of the PEC image) and remote_cell[cell] = the cell inside the owner; 0 elsewhere. */
__kernel void halo_plan(const int c, __global int *remote, __global int *remote_cell)
{
    const int i = (int)get_global_id(0) - NG, j = (int)get_global_id(1) - NG;
    const int b = (int)get_global_id(2) / DIMZ;
    const int k = (int)get_global_id(2) - b * DIMZ - NG;
    const int at = b * BOX_STRIDE + IDX(i, j, k);
    remote[at] = 0;
    remote_cell[at] = 0;
    if (i >= 0 && i < NX && j >= 0 && j < NY && k >= 0 && k < NZ)
        return;
    int owner, cell;
    real sign;
    if (halo_source(b, i, j, k, c, &owner, &cell, &sign) == HALO_REMOTE) {
        remote[at] = sign > 0 ? owner + 1 : -(owner + 1);
        remote_cell[at] = cell;
    }
}

/* One exchange's messages, all peers at once: entry e of `index` is an offset into F, or ~offset
 * where the value changes sign (a PEC image). Pack: buf[e] = +-F[offset]. */
__kernel void halo_pack(__global const real *F, __global const int *index, __global real *buf)
{
    const int e = (int)get_global_id(0), at = index[e];
    buf[e] = at >= 0 ? F[at] : -F[~at];
}

/* FillBoundary's unpack: the guards take the values. */
__kernel void halo_unpack(__global real *F, __global const int *index, __global const real *buf)
{
    const int e = (int)get_global_id(0);
    F[index[e]] = buf[e];
}

/* SumBoundary's unpack: target t adds the entries order[first[t] .. first[t + 1]) of buf (each
 * an index into buf, or ~index for a PEC image's sign), in that fixed order: one work item per
 * target, so two entries for one cell never race. */
__kernel void halo_unpack_add(__global real *F, __global const int *target, __global const int *first,
                              __global const int *order, __global const real *buf)
{
    const int t = (int)get_global_id(0);
    real sum = F[target[t]];
    const int e0 = first[t], e1 = first[t + 1];
    for (int e = e0; e < e1; e++) {
        const int at = order[e];
        sum += at >= 0 ? buf[at] : -buf[~at];
    }
    F[target[t]] = sum;
}
