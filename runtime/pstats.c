/* pstats.c: launching the diagnostics' kernels and combining their per-box output (pstats.h).
 * The kernels and buffers are made at the first call and again after the program is rebuilt
 * (load balancing): a run that never asks for a diagnostic never makes them. */
#include "pstats.h"

#include <math.h>
#include <string.h>

#include "comm.h"
#include "constants.h"
#include "diag_kernels.h"
#include "mem.h"
#include "pstats_iface.h"

/* The kernels, and the buffers' handles (their memory goes with the arena, or pstats_unbuild
 * frees it first). */
static void forget(struct pstats *p)
{
    struct kernel *k[] = {p->moments, p->hist, p->probe};
    const int n[] = {CFG_MAX_SPECIES + 2 * CFG_MAX_PDIAG, CFG_MAX_HIST, CFG_MAX_PROBES};
    for (int g = 0; g < 3; g++)
        for (int i = 0; i < n[g]; i++)
            kernel_release(&k[g][i]);
    memset(&p->moments_out, 0, sizeof p->moments_out);
    memset(&p->frame, 0, sizeof p->frame);
    memset(p->hist_spec, 0, sizeof p->hist_spec);
    memset(p->hist_out, 0, sizeof p->hist_out);
    memset(p->probe_pos, 0, sizeof p->probe_pos);
    memset(p->probe_slot, 0, sizeof p->probe_slot);
    memset(p->probe_out, 0, sizeof p->probe_out);
    kernel_release(&p->field_max);
    memset(&p->field_max_out, 0, sizeof p->field_max_out);
}

/* The first call after set-up or after pstats_unbuild adopts the program (sim_unbuild calls
 * pstats_unbuild before it releases program and arena, so a handle never outlives them). */
static int ensure_program(struct pstats *p, struct ctx *c)
{
    if (p->prog != c->prog) {
        if (p->prog)
            forget(p);
        p->prog = c->prog;
    }
    return 0;
}

static int host_room(struct pstats *p, size_t bytes, char *err, size_t err_len)
{
    if (bytes <= p->read_len)
        return 0;
    mem_free(p->read);
    p->read = mem_alloc(bytes);
    p->read_len = p->read ? bytes : 0;
    if (!p->read) {
        snprintf(err, err_len, "diagnostics: out of host memory (%zu bytes)", bytes);
        return -1;
    }
    return 0;
}

/* p->local with room for n doubles: allocated at the first call, so later ones allocate nothing. */
static double *local_doubles(struct pstats *p, size_t n, char *err, size_t err_len)
{
    if (n > p->local_len) {
        mem_free(p->local);
        p->local = mem_alloc(n * sizeof(double));
        p->local_len = p->local ? n : 0;
        if (!p->local)
            snprintf(err, err_len, "diagnostics: out of host memory (%zu values)", n);
    }
    return p->local;
}

/* The kernel's output of n acc_reals into dst as doubles. */
static int read_out(struct pstats *p, struct ctx *c, cl_mem mem, size_t n, double *dst, const char *what, char *err,
                    size_t err_len)
{
    const size_t acc = ctx_acc_size(c);
    device_waited(c->dev, "pstats: a diagnostic's result");
    if (host_room(p, n * acc, err, err_len) ||
        device_check(clEnqueueReadBuffer(c->dev->queue, mem, CL_TRUE, 0, n * acc, p->read, 0, NULL, NULL), what, err,
                err_len))
        return -1;
    for (size_t i = 0; i < n; i++)
        dst[i] = acc == sizeof(double) ? ((double *)p->read)[i] : ((float *)p->read)[i];
    return 0;
}

/* The lower corner in the frame buffer (the filters' positions in m). */
static int write_frame(struct pstats *p, struct ctx *c, const double lower[3], char *err, size_t err_len)
{
    const size_t acc = ctx_acc_size(c);
    const float lf[3] = {(float)lower[0], (float)lower[1], (float)lower[2]};
    if (!p->frame.mem && arena_alloc(&c->arena, 3 * acc, "diagnostics: the domain's corner", &p->frame, err, err_len))
        return -1;
    device_waited(c->dev, "pstats: a diagnostic's frame");
    return device_check(clEnqueueWriteBuffer(c->dev->queue, p->frame.mem, CL_TRUE, 0, 3 * acc,
                                        acc == sizeof(double) ? (const void *)lower : (const void *)lf, 0, NULL, NULL),
                   "writing the domain's corner", err, err_len);
}

/* tag: "" for the species' own kernel, "_m2" for a filtered diagnostic's (gen/diag_kernels.c). */
static int species_kernel(struct kernel *k, struct ctx *c, struct species *sp, cl_mem p_frame_mem, const char *base,
                          const char *tag, char *err, size_t err_len)
{
    char name[64];
    snprintf(name, sizeof name, "%s_%d%s", base, sp->index, tag);
    if (!k->k && kernel_create(k, c->prog, name, &c->timers, err, err_len))
        return -1;
    /* the arrays may have grown since the last call */
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    return kernel_particles(k, a, err, err_len) || kernel_mem(k, "boxes", sp->boxes.mem, err, err_len) ||
           kernel_mem(k, "frame", p_frame_mem, err, err_len);
}

static int launch_boxes(struct kernel *k, struct ctx *c, char *err, size_t err_len)
{
    size_t g = (size_t)c->lay.n_local, l = 1;
    return g == 0 ? 0 : kernel_launch(k, c->dev->queue, &c->timers, 1, &g, &l, err, err_len);
}

/* Chan, Golub and LeVeque's pairwise update: the statistics of a and box b together. */
static void merge(struct pstats_moments *a, const struct pstats_moments *b)
{
    if (b->count == 0)
        return;
    if (a->count == 0) {
        *a = *b;
        return;
    }
    const double w = a->weight + b->weight, f = w > 0 ? a->weight * b->weight / w : 0;
    double d[PSTATS_Q];
    for (int q = 0; q < PSTATS_Q; q++) {
        d[q] = b->mean[q] - a->mean[q];
        a->mean[q] += w > 0 ? d[q] * b->weight / w : 0;
        a->m2[q] += b->m2[q] + d[q] * d[q] * f;
        a->min[q] = fmin(a->min[q], b->min[q]);
        a->max[q] = fmax(a->max[q], b->max[q]);
    }
    for (int x = 0; x < 3; x++)
        a->cross[x] += b->cross[x] + d[x] * d[3 + x] * f;
    a->count += b->count;
    a->weight = w;
}

int pstats_moments(struct pstats *p, struct ctx *c, struct species *sp, int filter, const double lower[3],
                   struct pstats_moments *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    ensure_program(p, c);
    const int nl = c->lay.n_local, nb = c->lay.n_boxes;
    struct kernel *k = &p->moments[filter < 0 ? sp->index : CFG_MAX_SPECIES + filter];
    char tag[16] = "";
    if (filter >= 0)
        gen_diag_tag(filter < CFG_MAX_PDIAG ? 'm' : 'x', filter % CFG_MAX_PDIAG, tag, sizeof tag);
    const size_t need = (size_t)nb * PSTAT_N;
    if (!p->moments_out.mem &&
        arena_alloc(&c->arena, (size_t)(nl > 0 ? nl : 1) * PSTAT_N * ctx_acc_size(c), "diagnostics: moments per box",
                    &p->moments_out, err, err_len))
        return -1;
    if (p->boxes_len < need) {
        mem_free(p->boxes);
        p->boxes = mem_alloc(need * sizeof(double));
        p->boxes_len = p->boxes ? need : 0;
        if (!p->boxes) {
            snprintf(err, err_len, "diagnostics: out of host memory");
            return -1;
        }
    }
    if (write_frame(p, c, lower, err, err_len) || species_kernel(k, c, sp, p->frame.mem, "diag_moments", tag, err, err_len) ||
        kernel_mem(k, "out", p->moments_out.mem, err, err_len) || launch_boxes(k, c, err, err_len))
        return -1;
    /* each global box's row from the rank that holds it, zeros elsewhere: the sum over the ranks
     * copies every row exactly, and every rank combines the same rows in the same order */
    memset(p->boxes, 0, need * sizeof(double));
    double *local = local_doubles(p, (size_t)(nl > 0 ? nl : 1) * PSTAT_N, err, err_len);
    if (!local)
        return -1;
    int rc = nl > 0 ? read_out(p, c, p->moments_out.mem, (size_t)nl * PSTAT_N, local, "reading the moments", err,
                               err_len)
                    : 0;
    if (rc == 0)
        for (int s = 0; s < nl; s++)
            memcpy(p->boxes + (size_t)gen_box_gid(&c->lay, s) * PSTAT_N, local + (size_t)s * PSTAT_N,
                   PSTAT_N * sizeof(double));
    if (rc)
        return -1;
    comm_sum_doubles(c->comm, p->boxes, (int)need);
    for (int g = 0; g < nb; g++) {
        const double *r = p->boxes + (size_t)g * PSTAT_N;
        const double w = r[PSTAT_W];
        struct pstats_moments b = {.count = r[PSTAT_COUNT], .weight = w};
        for (int q = 0; q < PSTATS_Q; q++) {
            const double s1 = r[PSTAT_S1 + q];
            b.mean[q] = r[PSTAT_SHIFT + q] + (w > 0 ? s1 / w : 0);
            b.m2[q] = r[PSTAT_S2 + q] - (w > 0 ? s1 * s1 / w : 0);
            b.min[q] = r[PSTAT_MIN + q];
            b.max[q] = r[PSTAT_MAX + q];
        }
        for (int x = 0; x < 3; x++)
            b.cross[x] = r[PSTAT_CROSS + x] - (w > 0 ? r[PSTAT_S1 + x] * r[PSTAT_S1 + 3 + x] / w : 0);
        merge(out, &b);
    }
    return 0;
}

/* Histogram h's axes in the kernel's units (templates/particle_stats.cl): quantity, bins,
 * lower edge, bins per unit. Positions are in cells from the domain's corner, u in m/s, gamma
 * and energy as gamma - 1. */
static void hist_spec(const struct ctx *c, const struct cfg_hist *h, const struct species *sp, const double lower[3],
                      double spec[12])
{
    const double mc2 = sp->cfg->mass * PICL_C * PICL_C;
    for (int a = 0; a < 3; a++) {
        double *s = spec + 4 * a;
        if (a >= h->n_axes) {
            s[0] = 0, s[1] = 1, s[2] = 0, s[3] = 0; /* one bin that every particle is in */
            continue;
        }
        const struct cfg_hist_axis *x = &h->axis[a];
        double lo = x->min, span = x->max - x->min;
        if (x->quantity == HQ_EXPRESSION) { /* in SI, the kernel's quantity 8 + a */
            s[0] = 8 + a, s[1] = x->bins, s[2] = lo, s[3] = x->bins / span;
            continue;
        }
        if (x->quantity <= HQ_Z) {
            lo = (x->min - lower[x->quantity]) / c->lay.dx[x->quantity];
            span /= c->lay.dx[x->quantity];
        } else if (x->quantity <= HQ_UZ) {
            lo *= PICL_C;
            span *= PICL_C;
        } else if (x->quantity == HQ_GAMMA) {
            lo -= 1;
        } else {
            lo /= mc2;
            span /= mc2;
        }
        s[0] = (double)x->quantity, s[1] = x->bins, s[2] = lo, s[3] = x->bins / span;
    }
}

int pstats_histogram(struct pstats *p, struct ctx *c, struct species *sp, int h, const struct cfg_hist *ranges,
                     const double lower[3], double *bins, char *err, size_t err_len)
{
    ensure_program(p, c);
    const struct cfg_hist *hc = ranges ? ranges : &c->cfg->diags.hist[h];
    int n_bins = 1;
    for (int a = 0; a < hc->n_axes; a++)
        n_bins *= hc->axis[a].bins;
    const int nl = c->lay.n_local;
    const size_t acc = ctx_acc_size(c);
    struct kernel *k = &p->hist[h];
    if (!p->hist_out[h].mem &&
        (arena_alloc(&c->arena, (size_t)(nl > 0 ? nl : 1) * (size_t)n_bins * acc, "diagnostics: histogram per box",
                     &p->hist_out[h], err, err_len) ||
         arena_alloc(&c->arena, 12 * acc, "diagnostics: histogram axes", &p->hist_spec[h], err, err_len)))
        return -1;
    double spec[12];
    hist_spec(c, hc, sp, lower, spec);
    float spec_f[12];
    for (int i = 0; i < 12; i++)
        spec_f[i] = (float)spec[i];
    char tag[16] = "";
    if (cfg_hist_own_kernel(hc))
        gen_diag_tag('h', h, tag, sizeof tag);
    if (write_frame(p, c, lower, err, err_len) ||
        species_kernel(k, c, sp, p->frame.mem, "diag_histogram", tag, err, err_len) ||
        device_check(clEnqueueWriteBuffer(c->dev->queue, p->hist_spec[h].mem, CL_TRUE, 0, 12 * acc,
                                     acc == sizeof(double) ? (void *)spec : (void *)spec_f, 0, NULL, NULL),
                "writing a histogram's axes", err, err_len) ||
        kernel_mem(k, "spec", p->hist_spec[h].mem, err, err_len) ||
        kernel_set(k, "n_bins", sizeof(cl_int), &n_bins, err, err_len) ||
        kernel_mem(k, "out", p->hist_out[h].mem, err, err_len) || launch_boxes(k, c, err, err_len))
        return -1;
    memset(bins, 0, (size_t)n_bins * sizeof(double));
    if (nl > 0) {
        double *all = local_doubles(p, (size_t)nl * (size_t)n_bins, err, err_len);
        if (!all)
            return -1;
        int rc = read_out(p, c, p->hist_out[h].mem, (size_t)nl * (size_t)n_bins, all, "reading a histogram", err,
                          err_len);
        for (int s = 0; rc == 0 && s < nl; s++)
            for (int i = 0; i < n_bins; i++)
                bins[i] += all[(size_t)s * (size_t)n_bins + (size_t)i];
        if (rc)
            return -1;
    }
    comm_sum_doubles(c->comm, bins, n_bins);
    if (hc->charge)
        for (int i = 0; i < n_bins; i++)
            bins[i] *= sp->cfg->charge;
    return 0;
}

int pstats_probe(struct pstats *p, struct ctx *c, struct fields *f, int i, const double lower[3], double *out,
                 char *err, size_t err_len)
{
    ensure_program(p, c);
    const struct cfg_probe *pc = &c->cfg->diags.probes[i];
    const int n = pc->n_points;
    const size_t acc = ctx_acc_size(c);
    struct kernel *k = &p->probe[i];
    if (!p->probe_out[i].mem &&
        (arena_alloc(&c->arena, (size_t)n * 3 * acc, "diagnostics: probe positions", &p->probe_pos[i], err, err_len) ||
         arena_alloc(&c->arena, (size_t)n * sizeof(cl_int), "diagnostics: probe boxes", &p->probe_slot[i], err,
                     err_len) ||
         arena_alloc(&c->arena, (size_t)n * 6 * acc, "diagnostics: probe values", &p->probe_out[i], err, err_len)))
        return -1;
    if (!k->k && kernel_create(k, c->prog, "field_probe", &c->timers, err, err_len))
        return -1;
    /* a line's or plane's grid too (CFG_PROBE_MAX_GRID points): 160 KiB on the stack, no allocation in the loop */
    double pos[CFG_PROBE_MAX_GRID * 3];
    float pos_f[CFG_PROBE_MAX_GRID * 3];
    cl_int slot[CFG_PROBE_MAX_GRID];
    const struct gen_layout *lay = &c->lay;
    for (int q = 0; q < n; q++) {
        int box[3];
        double xyz[3];
        cfg_probe_point(pc, q, xyz);
        for (int a = 0; a < 3; a++) {
            /* global node coordinates; a point on a box's upper face belongs to the box below it */
            const double g = (xyz[a] - lower[a]) / lay->dx[a];
            box[a] = (int)floor(g / lay->box[a]);
            box[a] = box[a] < 0 ? 0 : box[a] >= lay->nbox[a] ? lay->nbox[a] - 1 : box[a];
            pos[3 * q + a] = g - (double)box[a] * lay->box[a];
            pos_f[3 * q + a] = (float)pos[3 * q + a];
        }
        slot[q] = gen_box_slot(lay, box[0] + lay->nbox[0] * (box[1] + lay->nbox[1] * box[2]));
    }
    size_t g = (size_t)n;
    if (device_check(clEnqueueWriteBuffer(c->dev->queue, p->probe_pos[i].mem, CL_TRUE, 0, (size_t)n * 3 * acc,
                                     acc == sizeof(double) ? (void *)pos : (void *)pos_f, 0, NULL, NULL),
                "writing the probe positions", err, err_len) ||
        device_check(clEnqueueWriteBuffer(c->dev->queue, p->probe_slot[i].mem, CL_TRUE, 0, (size_t)n * sizeof(cl_int), slot,
                                     0, NULL, NULL),
                "writing the probe boxes", err, err_len) ||
        kernel_mem(k, "F", f->buf.mem, err, err_len) || kernel_mem(k, "pos", p->probe_pos[i].mem, err, err_len) ||
        kernel_mem(k, "slot", p->probe_slot[i].mem, err, err_len) ||
        kernel_mem(k, "out", p->probe_out[i].mem, err, err_len) ||
        kernel_launch(k, c->dev->queue, &c->timers, 1, &g, NULL, err, err_len) ||
        read_out(p, c, p->probe_out[i].mem, (size_t)n * 6, out, "reading the probes", err, err_len))
        return -1;
    comm_sum_doubles(c->comm, out, 6 * n);
    return 0;
}

int pstats_field_max(struct pstats *p, struct ctx *c, struct fields *f, double out[PSTATS_FIELD_MAX], char *err,
                     size_t err_len)
{
    ensure_program(p, c);
    const size_t rows = (size_t)c->lay.box[1] * (size_t)c->lay.box[2] * (size_t)c->lay.n_local;
    struct kernel *k = &p->field_max;
    for (int i = 0; i < PSTATS_FIELD_MAX; i++)
        out[i] = 0;
    if ((!p->field_max_out.mem &&
         arena_alloc(&c->arena, (rows ? rows : 1) * PSTATS_FIELD_MAX * ctx_acc_size(c), "diagnostics: field maxima per row",
                     &p->field_max_out, err, err_len)) ||
        (!k->k && kernel_create(k, c->prog, "reduce_field_max", &c->timers, err, err_len)))
        return -1;
    if (rows) {
        size_t g[2] = {(size_t)c->lay.box[1], (size_t)c->lay.box[2] * (size_t)c->lay.n_local};
        double *v = local_doubles(p, rows * PSTATS_FIELD_MAX, err, err_len);
        if (!v)
            return -1;
        int rc = kernel_mem(k, "F", f->buf.mem, err, err_len) ||
                 kernel_mem(k, "out", p->field_max_out.mem, err, err_len) ||
                 kernel_launch(k, c->dev->queue, &c->timers, 2, g, NULL, err, err_len) ||
                 read_out(p, c, p->field_max_out.mem, rows * PSTATS_FIELD_MAX, v, "reading the field maxima", err,
                          err_len);
        for (size_t r = 0; rc == 0 && r < rows * PSTATS_FIELD_MAX; r++)
            out[r % PSTATS_FIELD_MAX] = fmax(out[r % PSTATS_FIELD_MAX], v[r]);
        if (rc)
            return -1;
    }
    comm_max_doubles(c->comm, out, PSTATS_FIELD_MAX);
    return 0;
}

void pstats_unbuild(struct pstats *p, struct ctx *c)
{
    if (p->prog && p->prog == c->prog && c->arena.context) {
        struct arena_buf *b[] = {&p->moments_out};
        if (b[0]->mem)
            arena_free(&c->arena, b[0]);
        for (int i = 0; i < CFG_MAX_HIST; i++) {
            if (p->hist_out[i].mem)
                arena_free(&c->arena, &p->hist_out[i]);
            if (p->hist_spec[i].mem)
                arena_free(&c->arena, &p->hist_spec[i]);
        }
        if (p->field_max_out.mem)
            arena_free(&c->arena, &p->field_max_out);
        if (p->frame.mem)
            arena_free(&c->arena, &p->frame);
        for (int i = 0; i < CFG_MAX_PROBES; i++) {
            struct arena_buf *pb[] = {&p->probe_pos[i], &p->probe_slot[i], &p->probe_out[i]};
            for (int j = 0; j < 3; j++)
                if (pb[j]->mem)
                    arena_free(&c->arena, pb[j]);
        }
    }
    forget(p);
    p->prog = NULL;
}

void pstats_release(struct pstats *p, struct ctx *c)
{
    pstats_unbuild(p, c);
    mem_free(p->read);
    mem_free(p->boxes);
    mem_free(p->local);
    memset(p, 0, sizeof *p);
}
