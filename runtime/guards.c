/* guards.c: the plans of guards.h. The source of every cell comes from the device's own rule
 * (halo_local_plan calls halo_source, which the exchange between ranks uses too), so the plans,
 * the exchange and the kernels that read guards never disagree; the host only sorts it into
 * lists. The mapping depends on the decomposition alone, so the lists are made once. */
#include "guards.h"

#include <limits.h>
#include <string.h>

#include "mem.h"

/* HALO_PLAN_KEEP and HALO_PLAN_ZERO of templates/guards.cl */
#define PLAN_KEEP INT_MAX
#define PLAN_ZERO INT_MIN

/* Work items per group of the exchange launches (see guards_run). */
#define GUARDS_GROUP 64

/* The timers of the exchanges; halo_fill and halo_sum serve them all (one compile each). */
/* A launch packs its components 4 bits each into one int (guards_launch.comps; guards.cl reads
 * them back with & 15): every component index must fit in 4 bits. The electrostatic solver
 * took FC_COUNT from 11 to 13; three more fit. */
_Static_assert(FC_COUNT <= 16, "guards_launch.comps holds 4-bit component indices");

static const char *const timer_names[XG_COUNT] = {
    [XG_FILL_E] = "halo_fill_E",     [XG_FILL_B] = "halo_fill_B",    [XG_FILL_EB] = "halo_fill_EB",
    [XG_FILL_J] = "halo_fill_J",     [XG_FILL_RHO] = "halo_fill_rho", [XG_SUM_J] = "halo_sum_J",
    [XG_SUM_RHO] = "halo_sum_rho",   [XG_FILL_G0] = "halo_fill_G0",
    [XG_FILL_PHI] = "halo_fill_phi", [XG_FILL_ES_P] = "halo_fill_es_p"};

/* The host's copy of a plan while the plans are made. */
struct host_plan {
    int *a, *b, *c; /* fill: dst, src; sum: target, first, order */
    int n, m; /* fill: entries; sum: targets, entries */
};

static void host_free(struct host_plan *h)
{
    mem_free(h->a);
    mem_free(h->b);
    mem_free(h->c);
    memset(h, 0, sizeof *h);
}

static int same(const struct host_plan *x, const struct host_plan *y, int sum)
{
    if (x->n != y->n || x->m != y->m)
        return 0;
    const size_t a = (size_t)x->n * sizeof(int), b = (size_t)(sum ? x->n + 1 : x->n) * sizeof(int);
    return !memcmp(x->a, y->a, a) && !memcmp(x->b, y->b, b) && (!sum || !memcmp(x->c, y->c, (size_t)x->m * sizeof(int)));
}

static int valid_cell(const struct gen_layout *lay, long at)
{
    const long r = at % lay->box_stride;
    const int i = (int)(r % lay->dim[0]) - lay->ngs[0], j = (int)(r / lay->dim[0] % lay->dim[1]) - lay->ngs[1],
              k = (int)(r / ((long)lay->dim[0] * lay->dim[1])) - lay->ngs[2];
    return i >= 0 && i < lay->box[0] && j >= 0 && j < lay->box[1] && k >= 0 && k < lay->box[2];
}

/* FillBoundary: every cell the plan does something to, in ascending order. */
static int make_fill(struct host_plan *h, const int *plan, long n)
{
    long count = 0;
    for (long at = 0; at < n; at++)
        count += plan[at] != PLAN_KEEP;
    h->a = mem_alloc((size_t)(count ? count : 1) * sizeof(int));
    h->b = mem_alloc((size_t)(count ? count : 1) * sizeof(int));
    if (!h->a || !h->b)
        return -1;
    h->n = 0;
    for (long at = 0; at < n; at++)
        if (plan[at] != PLAN_KEEP) {
            h->a[h->n] = (int)at;
            h->b[h->n++] = plan[at];
        }
    return 0;
}

/* SumBoundary: each guard cell adds into its local source with its sign; the targets ascending,
 * each one's guards ascending. Valid cells whose fill value is zero (odd components on a lower
 * PEC face, their own mirror image) are targets set to zero; no guard maps to them. `next` is
 * scratch of n ints. Returns 1 when a zero cell would receive guards (the rule is broken). */
static int make_sum(struct host_plan *h, const struct gen_layout *lay, const int *plan, long n, int *next)
{
    memset(next, 0, (size_t)n * sizeof(int));
    long entries = 0;
    for (long at = 0; at < n; at++) {
        const int v = plan[at];
        if (v == PLAN_KEEP || v == PLAN_ZERO || valid_cell(lay, at))
            continue;
        next[v >= 0 ? v : ~v]++;
        entries++;
    }
    long targets = 0;
    for (long at = 0; at < n; at++) {
        if (plan[at] == PLAN_ZERO && valid_cell(lay, at)) {
            if (next[at])
                return 1;
            next[at] = -1;
        }
        targets += next[at] != 0;
    }
    h->a = mem_alloc((size_t)(targets ? targets : 1) * sizeof(int));
    h->b = mem_alloc((size_t)(targets + 1) * sizeof(int));
    h->c = mem_alloc((size_t)(entries ? entries : 1) * sizeof(int));
    if (!h->a || !h->b || !h->c)
        return -1;
    int t = 0, e = 0;
    for (long at = 0; at < n; at++) {
        if (!next[at])
            continue;
        h->a[t] = next[at] < 0 ? ~(int)at : (int)at;
        h->b[t++] = e;
        const int count = next[at] < 0 ? 0 : next[at];
        next[at] = e; /* from here on: where the target's next entry goes */
        e += count;
    }
    h->b[t] = e;
    h->n = t;
    h->m = e;
    for (long at = 0; at < n; at++) {
        const int v = plan[at];
        if (v == PLAN_KEEP || v == PLAN_ZERO || valid_cell(lay, at))
            continue;
        h->c[next[v >= 0 ? v : ~v]++] = v >= 0 ? (int)at : ~(int)at;
    }
    return 0;
}

static int upload(struct ctx *c, const char *what, const int *data, int count, struct arena_buf *out, size_t *bytes,
                  char *err, size_t err_len)
{
    const size_t size = (size_t)(count ? count : 1) * sizeof(int);
    if (arena_alloc(&c->arena, size, what, out, err, err_len))
        return -1;
    *bytes += size;
    cl_int rc = clEnqueueWriteBuffer(c->dev->queue, out->mem, CL_TRUE, 0, (size_t)count * sizeof(int), data, 0, NULL,
                                     NULL);
    if (count && rc != CL_SUCCESS) {
        snprintf(err, err_len, "guard plans: writing %s failed: %s", what, device_error_name(rc));
        return -1;
    }
    return 0;
}

/* The index of h among the distinct plans so far, adding it when new (then *h is taken). */
static int share(struct host_plan *all, int *n_all, struct host_plan *h, int sum)
{
    for (int p = 0; p < *n_all; p++)
        if (same(&all[p], h, sum)) {
            host_free(h);
            return p;
        }
    all[*n_all] = *h;
    memset(h, 0, sizeof *h);
    return (*n_all)++;
}

int guards_create(struct guards *gd, struct ctx *c, cl_mem F, char *err, size_t err_len)
{
    memset(gd, 0, sizeof *gd);
    const struct gen_layout *lay = &c->lay;
    const long n = lay->comp_stride;
    struct host_plan fills[FC_COUNT], sums[FC_COUNT], h = {0};
    memset(fills, 0, sizeof fills);
    memset(sums, 0, sizeof sums);
    int fill_of[FC_COUNT], sum_of[FC_COUNT];
    struct kernel plan_k = {0};
    struct arena_buf scratch = {0};
    int *plan = mem_alloc((size_t)n * sizeof(int)), *next = mem_alloc((size_t)n * sizeof(int));
    int rc = -1;
    if (n >= INT_MAX) {
        snprintf(err, err_len, "guard plans: %ld cells per component on this rank do not fit 32-bit offsets", n);
        goto done;
    }
    if (!plan || !next)
        goto oom;
    const size_t range[3] = {(size_t)lay->dim[0], (size_t)lay->dim[1], (size_t)lay->dim[2] * (size_t)lay->n_local};
    if (kernel_create(&plan_k, c->prog, "halo_local_plan", &c->timers, err, err_len) ||
        arena_alloc(&c->arena, (size_t)n * sizeof(int), "guard plan scratch", &scratch, err, err_len) ||
        kernel_mem(&plan_k, "plan", scratch.mem, err, err_len))
        goto done;
    for (int comp = 0; comp < FC_COUNT; comp++) {
        cl_int cl;
        /* the plan of a field's first component serves all its modes (RZ; MODE_COMPS of guards.cl) */
        const int first = comp * cfg_mode_comps(c->cfg);
        if (kernel_set(&plan_k, "c", sizeof(int), &first, err, err_len) ||
            kernel_launch(&plan_k, c->dev->queue, &c->timers, 3, range, NULL, err, err_len))
            goto done;
        cl = clEnqueueReadBuffer(c->dev->queue, scratch.mem, CL_TRUE, 0, (size_t)n * sizeof(int), plan, 0, NULL, NULL);
        if (cl != CL_SUCCESS) {
            snprintf(err, err_len, "guard plans: reading the plan of %s failed: %s", gen_comp_name((enum field_comp)comp),
                     device_error_name(cl));
            goto done;
        }
        if (make_fill(&h, plan, n))
            goto oom;
        fill_of[comp] = share(fills, &gd->n_fill, &h, 0);
        sum_of[comp] = -1;
        if ((comp >= FC_JX && comp <= FC_JZ) || comp == FC_RHO) {
            const int bad = make_sum(&h, lay, plan, n, next);
            if (bad < 0)
                goto oom;
            if (bad) {
                snprintf(err, err_len, "guard plans: %s: a cell whose value is zero is the source of a guard",
                         gen_comp_name((enum field_comp)comp));
                goto done;
            }
            sum_of[comp] = share(sums, &gd->n_sum, &h, 1);
        }
    }
    for (int p = 0; p < gd->n_fill; p++) {
        gd->fill[p].n = fills[p].n;
        if (upload(c, "guard fill plan", fills[p].a, fills[p].n, &gd->fill[p].dst, &gd->bytes, err, err_len) ||
            upload(c, "guard fill plan", fills[p].b, fills[p].n, &gd->fill[p].src, &gd->bytes, err, err_len))
            goto done;
    }
    for (int p = 0; p < gd->n_sum; p++) {
        gd->sum[p].n_targets = sums[p].n;
        gd->sum[p].n_entries = sums[p].m;
        if (upload(c, "guard sum targets", sums[p].a, sums[p].n, &gd->sum[p].target, &gd->bytes, err, err_len) ||
            upload(c, "guard sum ranges", sums[p].b, sums[p].n + 1, &gd->sum[p].first, &gd->bytes, err, err_len) ||
            upload(c, "guard sum order", sums[p].c, sums[p].m, &gd->sum[p].order, &gd->bytes, err, err_len))
            goto done;
    }
    /* each exchange: one launch per distinct plan among its components */
    for (int g = 0; g < XG_COUNT; g++) {
        int c0, c1;
        const int is_sum = exchange_group((enum xgroup_id)g, &c0, &c1);
        if (kernel_create_timed(&gd->kernel[g], c->prog, is_sum ? "halo_sum" : "halo_fill", timer_names[g], &c->timers,
                                err, err_len) ||
            kernel_mem(&gd->kernel[g], "F", F, err, err_len))
            goto done;
        for (int comp = c0; comp < c1; comp++) {
            const int p = is_sum ? sum_of[comp] : fill_of[comp];
            int l = 0;
            while (l < gd->n_launch[g] && gd->launch[g][l].plan != p)
                l++;
            if (l == gd->n_launch[g])
                gd->launch[g][gd->n_launch[g]++] = (struct guards_launch){p, 0, 0};
            struct guards_launch *la = &gd->launch[g][l];
            la->comps |= comp << (4 * la->count++);
        }
    }
    rc = 0;
    goto done;
oom:
    snprintf(err, err_len, "guard plans: out of host memory (%ld cells per component)", n);
done:
    for (int p = 0; p < FC_COUNT; p++) {
        host_free(&fills[p]);
        host_free(&sums[p]);
    }
    host_free(&h);
    kernel_release(&plan_k);
    arena_free(&c->arena, &scratch);
    mem_free(plan);
    mem_free(next);
    return rc;
}

void guards_destroy(struct guards *gd, struct ctx *c)
{
    for (int g = 0; g < XG_COUNT; g++)
        kernel_release(&gd->kernel[g]);
    for (int p = 0; p < FC_COUNT; p++) {
        arena_free(&c->arena, &gd->fill[p].dst);
        arena_free(&c->arena, &gd->fill[p].src);
        arena_free(&c->arena, &gd->sum[p].target);
        arena_free(&c->arena, &gd->sum[p].first);
        arena_free(&c->arena, &gd->sum[p].order);
    }
    memset(gd, 0, sizeof *gd);
}

int guards_run(struct guards *gd, struct ctx *c, enum xgroup_id g, char *err, size_t err_len)
{
    struct kernel *k = &gd->kernel[g];
    int c0, c1;
    const int is_sum = exchange_group(g, &c0, &c1);
    for (int l = 0; l < gd->n_launch[g]; l++) {
        const struct guards_launch *la = &gd->launch[g][l];
        int items;
        if (is_sum) {
            const struct guards_sum *p = &gd->sum[la->plan];
            items = p->n_targets;
            if (items && (kernel_mem(k, "target", p->target.mem, err, err_len) ||
                          kernel_mem(k, "first", p->first.mem, err, err_len) ||
                          kernel_mem(k, "order", p->order.mem, err, err_len) ||
                          kernel_set(k, "n", sizeof(int), &items, err, err_len) ||
                          kernel_set(k, "comps", sizeof(int), &la->comps, err, err_len)))
                return -1;
        } else {
            const struct guards_fill *p = &gd->fill[la->plan];
            items = p->n;
            if (items && (kernel_mem(k, "dst", p->dst.mem, err, err_len) ||
                          kernel_mem(k, "src", p->src.mem, err, err_len) ||
                          kernel_set(k, "n", sizeof(int), &items, err, err_len) ||
                          kernel_set(k, "comps", sizeof(int), &la->comps, err, err_len)))
                return -1;
        }
        if (!items)
            continue; /* every guard of these components is another rank's */
        /* a round number of items in work-groups of GUARDS_GROUP, the rest return: PoCL compiles a
         * kernel once per work-group size, and the size it chooses follows the item count, which
         * differs from plan to plan (lwfa: 11 compiles of the fill kernels, 1 now) */
        const size_t global[3] = {((size_t)items + GUARDS_GROUP - 1) / GUARDS_GROUP * GUARDS_GROUP, (size_t)la->count,
                                  (size_t)cfg_mode_comps(c->cfg)};
        const size_t local[3] = {GUARDS_GROUP, 1, 1};
        if (kernel_launch(k, c->dev->queue, &c->timers, 3, global, local, err, err_len))
            return -1;
    }
    return 0;
}

/* The staggering of component comp along the axes that are not periodic, as bits: components
 * with the same bits map alike (the periodic wrap does not see staggering) and share plans. */
static int kind(const struct picl_config *cfg, int comp)
{
    double offset[3];
    gen_stagger((enum field_comp)comp, offset);
    int bits = 0;
    for (int a = 0; a < 3; a++)
        if (cfg->field_boundary[a][0] != CFG_BOUNDARY_PERIODIC && offset[a] > 0)
            bits |= 1 << a;
    return bits;
}

static int distinct(const struct picl_config *cfg, int c0, int c1, int also)
{
    int seen = 0;
    for (int comp = c0; comp < c1; comp++)
        seen |= 1 << kind(cfg, comp);
    if (also >= 0)
        seen |= 1 << kind(cfg, also);
    int n = 0;
    for (int k = 0; k < 8; k++)
        n += (seen >> k) & 1;
    return n;
}

double guards_estimate(const struct picl_config *cfg, const struct gen_layout *lay)
{
    const double boxes = lay->n_local, valid = (double)lay->box[0] * lay->box[1] * lay->box[2];
    double inner = 1;
    for (int a = 0; a < 3; a++)
        inner *= lay->box[a] > 2 * lay->ngs[a] ? lay->box[a] - 2 * lay->ngs[a] : 0;
    const double guards = ((double)lay->box_stride - valid) * boxes, edge = (valid - inner) * boxes;
    /* fill: dst and src per guard; sum: the order per guard, target and first per edge cell */
    return (double)sizeof(int) * (2 * guards * distinct(cfg, 0, FC_COUNT, -1) +
                                  (guards + 2 * edge) * distinct(cfg, FC_JX, FC_JZ + 1, FC_RHO));
}
