/* guards.cl: guard-cell exchange between the boxes of one rank (docs/design.md section 4), and the
 * field boundaries of the domain. FillBoundary copies owners' valid cells into guards (mirror
 * images at a PEC face); SumBoundary adds guards into owners (with the image rule at a PEC face).
 * Both follow plans made once per decomposition (runtime/guards.c) from the rule below. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* 1 when component c sits half a cell up along axis a (E_a and J_a along their own axis, B_a
 * along the other two), 0 when it sits on the nodes of that axis. */
static inline int comp_staggered(const int comp, const int a)
{
    /* in RZ the MODE_COMPS components of a field (its modes) share its staggering (x is r) */
    const int c = comp / MODE_COMPS * MODE_COMPS, mc = MODE_COMPS;
    if (c >= C_EX && c <= C_EZ)
        return (c - C_EX) / mc == a;
    if (c >= C_JX && c <= C_JZ)
        return (c - C_JX) / mc == a;
    if (c >= C_BX && c <= C_BZ)
        return (c - C_BX) / mc != a;
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
        if (a == 0 && BC_X_LO_AXIS && g[0] <= 0) {
            /* RZ's axis: node 0 is the kernels' (their axis rules), below it nothing is read */
            if (g[0] < 0)
                return HALO_ZERO;
        } else if (!bc_source(&g[a], sign, n[a], BC_AXIS(a, PERIODIC), BC_AXIS(a, LO_PEC), BC_AXIS(a, HI_PEC),
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

/* The local plan of component c (runtime/guards.c reads it once per decomposition): one work
 * item per allocated cell of every local box, writing what FillBoundary does to the cell. The
 * valid cells are left alone but on a lower PEC face, where the odd components' face values
 * are zero. HALO_PLAN_KEEP: nothing (a valid cell, a guard another rank's exchange fills, or a
 * cell that is its own source); HALO_PLAN_ZERO: the value is zero; otherwise the offset of the
 * source inside the component, or ~offset where the value changes sign (a PEC image). The same
 * list read backwards is SumBoundary: each guard adds into its source with its sign. */
#define HALO_PLAN_KEEP 2147483647
#define HALO_PLAN_ZERO (-2147483647 - 1)
__kernel void halo_local_plan(const int c, __global int *plan)
{
    const int i = (int)get_global_id(0) - NGX, j = (int)get_global_id(1) - NGY;
    const int b = (int)get_global_id(2) / DIMZ;
    const int k = (int)get_global_id(2) - b * DIMZ - NGZ;
    const int dst = b * BOX_STRIDE + IDX(i, j, k);
    plan[dst] = HALO_PLAN_KEEP;
    if (i >= 0 && i < NX && j >= 0 && j < NY && k >= 0 && k < NZ && !on_pec_face(b, i, j, k))
        return;
    int src, cell;
    real sign;
    const int from = halo_source(b, i, j, k, c, &src, &cell, &sign);
    if (from == HALO_ZERO)
        plan[dst] = HALO_PLAN_ZERO;
    else if (from == HALO_LOCAL && src != dst)
        plan[dst] = sign > 0 ? src : ~src;
}

/* Component m (0, 1, ...) of a launch: `comps` packs the components sharing one plan, four bits
 * each, so one launch serves every component of an exchange whose cells map alike. */
static inline int halo_comp(const int comps, const int m)
{
    return (comps >> (4 * m)) & 15;
}
/* The component a work item of a launch exchanges: field halo_comp(comps, id 1) (FC_ order), its
 * part get_global_id(2) of MODE_COMPS (RZ's modes; 0 elsewhere). */
#define HALO_COMP_OFFSET(comps) \
    ((halo_comp(comps, (int)get_global_id(1)) * MODE_COMPS + (int)get_global_id(2)) * COMP_STRIDE)

/* FillBoundary by plan: entry e of a plan (n entries, over work items (e, m) for component m
 * of `comps`) sets guard or face cell dst[e] from src[e] (an offset, ~offset for a negated copy,
 * HALO_PLAN_ZERO for zero). Destinations are guards or PEC-face cells, sources valid cells that
 * are no destination, so the items need no order. One kernel for every exchange (E, B, J, rho
 * ...), so that PoCL compiles it once (docs/speed.md, "First step"); the runtime times each
 * exchange under its own name (halo_fill_E, ...). */
__kernel void halo_fill(__global real *F, __global const int *dst, __global const int *src, const int n,
                        const int comps)
{
    const int e = (int)get_global_id(0);
    if (e >= n)
        return;
    __global real *f = F + HALO_COMP_OFFSET(comps);
    const int s = src[e];
    f[dst[e]] = s == HALO_PLAN_ZERO ? (real)0 : s >= 0 ? f[s] : -f[~s];
}

/* SumBoundary by plan: target t (an offset inside the component) adds the guards order[first[t]
 * .. first[t + 1]) (offsets, ~offset for a PEC image's sign) in that fixed order, ascending, so
 * the sum does not depend on the schedule; one work item per target, so no two race. A target
 * ~offset is a valid nodal cell on a lower PEC face of a component odd there: its own image
 * cancels it, and it is set to zero. One kernel for J and rho, timed as halo_sum_J, halo_sum_rho. */
__kernel void halo_sum(__global real *F, __global const int *target, __global const int *first,
                       __global const int *order, const int n, const int comps)
{
    const int t = (int)get_global_id(0);
    if (t >= n)
        return;
    __global real *f = F + HALO_COMP_OFFSET(comps);
    const int at = target[t];
    if (at < 0) {
        f[~at] = 0;
        return;
    }
    real sum = f[at];
    const int e1 = first[t + 1];
    for (int e = first[t]; e < e1; e++) {
        const int g = order[e];
        sum += g >= 0 ? f[g] : -f[~g];
    }
    f[at] = sum;
}

/* Only where there are other ranks: a program holds the kernels its run launches, since PoCL
 * compiles each kernel once more (docs/speed.md, "First step"). */
#if NRANKS > 1
/* The exchange between ranks (runtime/exchange.c). Set-up: halo_plan finds, for component c,
 * every guard cell of a local box whose value another rank holds: remote[cell] = +-(owner + 1)
 * (the sign of the PEC image) and remote_cell[cell] = the cell inside the owner; 0 elsewhere. */
__kernel void halo_plan(const int c, __global int *remote, __global int *remote_cell)
{
    const int i = (int)get_global_id(0) - NGX, j = (int)get_global_id(1) - NGY;
    const int b = (int)get_global_id(2) / DIMZ;
    const int k = (int)get_global_id(2) - b * DIMZ - NGZ;
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
#endif /* NRANKS > 1 */
