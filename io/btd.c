/* btd.c: back-transformed diagnostics (btd.h). The boosted frame moves at beta c along axis a;
 * a lab point (z, T) is the boosted event z' = gamma (z - beta c T), t' = gamma (T - beta z / c),
 * and the lab fields there are, with p, q the transverse axes (p, q, a right-handed):
 * E_p = gamma (E'_p + v B'_q), E_q = gamma (E'_q - v B'_p), B_p = gamma (B'_p - v E'_q / c^2),
 * B_q = gamma (B'_q + v E'_p / c^2), E_a = E'_a, B_a = B'_a (Jackson 11.149, v -> -v). */
#include "btd.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "comm.h"
#include "constants.h"
#include "log.h"
#include "mem.h"
#include "mesh_file.h"

/* Steps of E and B kept: a slice due between the last two is interpolated in time through all
 * of them (cubic), and along the axis through 4 cells (cubic), docs/boosted_frame.md. */
#define BTD_LEVELS 4

struct btd_snap {
    double T; /* s, lab */
    double lo; /* m: the lab grid's lower edge along the axis at T */
    double *val; /* 6 components of out_cells each, x fastest; NULL until the first point */
    unsigned char *done; /* [6][cells]: the lab slices filled */
    long left; /* slices not yet filled */
    int written;
};

struct btd_diag {
    const struct cfg_btd *cfg;
    double dz; /* m, lab cell along the axis */
    struct btd_snap snap[CFG_MAX_BTD_TIMES];
};

struct btd {
    struct btd_diag diag[CFG_MAX_BTD];
    int n;
    int a, p, q; /* the boost's axis and the transverse ones */
    double gamma, beta;
    size_t cells; /* of the boosted grid */
    size_t out_cells; /* of the largest lab grid */
    /* the last BTD_LEVELS steps' boosted E, B (6 x cells, x fastest; every rank's boxes), newest
     * first, at times t[l] with the window's lower edge lo[l]; n_lev of them are valid */
    double *F[BTD_LEVELS];
    double t[BTD_LEVELS], lo[BTD_LEVELS];
    int n_lev;
    double next_due; /* s, boosted: the earliest t' of a slice not yet filled */
    long pending; /* snapshots not yet written */
    long before_start; /* slices whose boosted time is before t' = 0 (left at zero) */
    long outside; /* slices outside the boosted domain when due (left at zero) */
    long reads, skips; /* steps that read E and B to the host, and steps that did not need to */
    double read_s, fill_s; /* s of wall time: reading (and summing over ranks), interpolating and writing */
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* the primary and partner components and the partner's coefficient of lab component c */
static void lab_terms(const struct btd *b, int c, int *c1, int *c2, double *coef)
{
    const double v = b->beta * PICL_C;
    const int d = c % 3, is_b = c >= 3;
    *c1 = c;
    *c2 = -1;
    *coef = 0;
    if (d == b->a)
        return;
    if (!is_b) { /* E_p + v B_q, E_q - v B_p */
        *c2 = 3 + (d == b->p ? b->q : b->p);
        *coef = d == b->p ? v : -v;
    } else { /* B_p - v E_q / c^2, B_q + v E_p / c^2 */
        *c2 = d == b->p ? b->q : b->p;
        *coef = (d == b->p ? -v : v) / (PICL_C * PICL_C);
    }
}

int btd_open(struct btd **out, const struct io_state *io, long resume_step, char *err, size_t err_len)
{
    const struct picl_config *cfg = io->ctx->cfg;
    *out = NULL;
    if (cfg->n_btd == 0)
        return 0;
    if (resume_step >= 0) {
        snprintf(err, err_len, "diagnostics.back_transformed: a restart is not supported with back-transformed "
                               "diagnostics in this version of picl (their earlier slices are not in a checkpoint)");
        return -1;
    }
    struct btd *b = mem_calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, err_len, "diagnostics.back_transformed: out of host memory");
        return -1;
    }
    const struct gen_layout *lay = &io->ctx->lay;
    b->a = cfg->boost.axis;
    b->p = (b->a + 1) % 3;
    b->q = (b->a + 2) % 3;
    b->gamma = cfg->boost.gamma;
    b->beta = cfg->boost.beta;
    b->cells = (size_t)lay->cells[0] * lay->cells[1] * lay->cells[2];
    b->n = cfg->n_btd;
    /* the lab window moves at c from the window's start (lab time start' / (gamma (1 + beta))) */
    const double start_lab = cfg->window.enabled ? cfg->window.start / (b->gamma * (1 + b->beta)) : 0;
    for (int i = 0; i < b->n; i++) {
        struct btd_diag *d = &b->diag[i];
        d->cfg = &cfg->btd[i];
        d->dz = (d->cfg->upper - d->cfg->lower) / d->cfg->cells;
        const size_t oc = b->cells / lay->cells[b->a] * (size_t)d->cfg->cells;
        if (oc > b->out_cells)
            b->out_cells = oc;
        for (int s = 0; s < d->cfg->n_times; s++) {
            struct btd_snap *sn = &d->snap[s];
            sn->T = d->cfg->times[s];
            sn->lo = d->cfg->lower + (cfg->window.enabled && sn->T > start_lab ? PICL_C * (sn->T - start_lab) : 0);
            sn->left = 6L * d->cfg->cells;
            b->pending++;
        }
    }
    int oom = 0;
    for (int l = 0; l < BTD_LEVELS; l++)
        oom |= !(b->F[l] = mem_alloc(6 * b->cells * sizeof(double)));
    if (oom) {
        btd_close(b, 0);
        snprintf(err, err_len, "diagnostics.back_transformed: out of host memory for %d copies of E and B",
                 BTD_LEVELS);
        return -1;
    }
    b->next_due = -INFINITY; /* the first call finds it */
    *out = b;
    return 0;
}

/* Component c of copy F (boosted lower edge lo along the axis) at z' (m), transverse cell
 * `base` (its index with the axis index 0): cubic through the 4 nearest cells, linear in the
 * cell next to either face, 0 outside the valid cells. */
static double sample(const struct btd *b, const struct gen_layout *lay, const double *F, double lo, int c,
                     double zb, size_t base)
{
    double st[3];
    gen_stagger((enum field_comp)c, st);
    const int n = lay->cells[b->a];
    const double f = (zb - lo) / lay->dx[b->a] - st[b->a];
    const double k0 = floor(f);
    if (k0 < 0 || k0 + 1 > n - 1)
        return 0;
    const size_t stride = b->a == 0 ? 1 : b->a == 1 ? (size_t)lay->cells[0] : (size_t)lay->cells[0] * lay->cells[1];
    const double w = f - k0;
    const double *col = F + (size_t)c * b->cells + base + (size_t)k0 * stride;
    if (k0 < 1 || k0 + 2 > n - 1)
        return (1 - w) * col[0] + w * col[stride];
    const double lm = -w * (w - 1) * (w - 2) / 6, l0 = (w + 1) * (w - 1) * (w - 2) / 2,
                 l1 = -(w + 1) * w * (w - 2) / 2, l2 = (w + 1) * w * (w - 1) / 6;
    return lm * col[-(ptrdiff_t)stride] + l0 * col[0] + l1 * col[stride] + l2 * col[2 * stride];
}

/* Lagrange weights at tb through the n_lev kept times (all of them: the slice lies between the
 * newest two, or at the only one). */
static void time_weights(const struct btd *b, double tb, double *w)
{
    for (int i = 0; i < b->n_lev; i++) {
        w[i] = 1;
        for (int j = 0; j < b->n_lev; j++)
            if (j != i)
                w[i] *= (tb - b->t[j]) / (b->t[i] - b->t[j]);
    }
}

/* The lab value of component c at z' and time t' for every transverse cell, into the
 * snapshot's slice j. */
static void fill_slice(struct btd *b, const struct gen_layout *lay, const struct btd_diag *d, struct btd_snap *sn,
                       int c, int j, double zb, double tb)
{
    int c1, c2;
    double coef;
    lab_terms(b, c, &c1, &c2, &coef);
    const size_t nx = (size_t)lay->cells[0], ny = (size_t)lay->cells[1];
    const size_t stride[3] = {1, nx, nx * ny};
    size_t on[3] = {nx, ny, (size_t)lay->cells[2]};
    on[b->a] = (size_t)d->cfg->cells;
    const size_t ostride[3] = {1, on[0], on[0] * on[1]};
    const size_t out_cells = on[0] * on[1] * on[2];
    double wt[BTD_LEVELS];
    time_weights(b, tb, wt);
    for (int iq = 0; iq < lay->cells[b->q]; iq++)
        for (int ip = 0; ip < lay->cells[b->p]; ip++) {
            const size_t base = (size_t)ip * stride[b->p] + (size_t)iq * stride[b->q];
            double v[2];
            for (int m = 0; m < 2; m++) {
                const int cc = m ? c2 : c1;
                if (cc < 0) {
                    v[m] = 0;
                    continue;
                }
                double x = 0;
                for (int l = 0; l < b->n_lev; l++)
                    x += wt[l] * sample(b, lay, b->F[l], b->lo[l], cc, zb, base);
                v[m] = x;
            }
            const double lab = c1 % 3 == b->a ? v[0] : b->gamma * (v[0] + coef * v[1]);
            sn->val[(size_t)c * out_cells + (size_t)ip * ostride[b->p] + (size_t)iq * ostride[b->q] +
                    (size_t)j * ostride[b->a]] = lab;
        }
}

struct snap_write {
    const struct btd *b;
    const struct gen_layout *lay;
    const struct btd_diag *d;
    const struct btd_snap *sn;
};

static int write_records(struct hio_file *file, hid_t meshes, const void *arg)
{
    static const double dim_E[7] = {1, 1, -3, -1, 0, 0, 0}, dim_B[7] = {0, 1, -2, -1, 0, 0, 0};
    static const char *const names[3] = {"x", "y", "z"}, *const labels[3] = {"z", "y", "x"};
    const struct snap_write *w = arg;
    const struct btd *b = w->b;
    const struct gen_layout *lay = w->lay;
    size_t on[3] = {(size_t)lay->cells[0], (size_t)lay->cells[1], (size_t)lay->cells[2]};
    on[b->a] = (size_t)w->d->cfg->cells;
    const size_t out_cells = on[0] * on[1] * on[2];
    const hsize_t dims[3] = {on[2], on[1], on[0]};
    double spacing[3], offset[3];
    for (int x = 0; x < 3; x++) { /* file axis 2 - x is grid axis x */
        spacing[2 - x] = x == b->a ? w->d->dz : lay->dx[x];
        offset[2 - x] = x == b->a ? w->sn->lo : lay->lower[x];
    }
    int bad = 0;
    for (int r = 0; r < 2 && !bad; r++) {
        hid_t rec = hio_group(meshes, r ? "B" : "E");
        if (rec < 0)
            return -1;
        bad |= hio_attr_string(rec, "geometry", "cartesian") | hio_attr_string(rec, "dataOrder", "C") |
               hio_attr_strings(rec, "axisLabels", labels, 3) | hio_attr_doubles(rec, "gridSpacing", spacing, 3) |
               hio_attr_doubles(rec, "gridGlobalOffset", offset, 3) | hio_attr_double(rec, "gridUnitSI", 1.0) |
               hio_attr_doubles(rec, "unitDimension", r ? dim_B : dim_E, 7) |
               hio_attr_double(rec, "timeOffset", 0.0) | hio_attr_string(rec, "fieldSmoothing", "none") |
               hio_attr_string(rec, "backTransformed", "lab frame, from a boosted-frame run") |
               hio_attr_double(rec, "boostGamma", b->gamma);
        for (int k = 0; k < 3 && !bad; k++) {
            const int c = 3 * r + k;
            double st[3], position[3];
            gen_stagger((enum field_comp)c, st);
            for (int x = 0; x < 3; x++)
                position[2 - x] = st[x];
            hid_t d = hio_make_dataset(rec, names[k], H5T_NATIVE_DOUBLE, 3, dims);
            if (d < 0) {
                bad = 1;
                break;
            }
            bad |= hio_attr_doubles(d, "position", position, 3) | hio_attr_double(d, "unitSI", 1.0);
            bad |= meshf_write_rank0(file, d, 3, dims, w->sn->val + (size_t)c * out_cells) != 0;
        }
        H5Gclose(rec);
    }
    return bad ? -1 : 0;
}

static void snap_free(struct btd_snap *sn)
{
    mem_free(sn->val);
    mem_free(sn->done);
    sn->val = NULL;
    sn->done = NULL;
}

/* This step's E and B, whole on every rank (each reads its boxes, the sum over ranks adds zeros
 * elsewhere, exactly), as the newest level. */
static int read_level(struct btd *b, const struct io_state *io, char *err, size_t err_len)
{
    struct ctx *c = io->ctx;
    double *F = b->F[BTD_LEVELS - 1];
    for (int l = BTD_LEVELS - 1; l > 0; l--) {
        b->F[l] = b->F[l - 1];
        b->t[l] = b->t[l - 1];
        b->lo[l] = b->lo[l - 1];
    }
    b->F[0] = F;
    memset(F, 0, 6 * b->cells * sizeof(double));
    if (fields_read_comps(io->fields, c, FC_EX, 6, F, err, err_len))
        return -1;
    for (int comp = 0; comp < 6; comp++)
        comm_sum_doubles(c->comm, F + (size_t)comp * b->cells, (int)b->cells);
    b->t[0] = io->time;
    b->lo[0] = window_lower(io->window, c, b->a);
    if (b->n_lev < BTD_LEVELS)
        b->n_lev++;
    b->reads++;
    return 0;
}

int btd_step(struct btd *b, const struct io_state *io, char *err, size_t err_len)
{
    if (!b || b->pending == 0)
        return 0;
    struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    /* E and B are read only from BTD_LEVELS - 1 steps before the next slice is due; a gap in
     * the history drops it (the interpolation needs consecutive steps) */
    if (io->time < b->next_due - (BTD_LEVELS - 0.5) * c->cfg->dt) {
        b->n_lev = 0;
        b->skips++;
        return 0;
    }
    const double t0 = now_s();
    if (read_level(b, io, err, err_len))
        return -1;
    const double t1 = now_s();
    b->read_s += t1 - t0;
    const double t_cur = b->t[0];
    double next_due = INFINITY;
    for (int i = 0; i < b->n; i++) {
        struct btd_diag *d = &b->diag[i];
        for (int s = 0; s < d->cfg->n_times; s++) {
            struct btd_snap *sn = &d->snap[s];
            if (sn->written)
                continue;
            for (int comp = 0; comp < 6; comp++) {
                double st[3];
                gen_stagger((enum field_comp)comp, st);
                for (int j = 0; j < d->cfg->cells; j++) {
                    const double zl = sn->lo + (j + st[b->a]) * d->dz;
                    const double tb = b->gamma * (sn->T - b->beta * zl / PICL_C);
                    if (sn->done && sn->done[(size_t)comp * d->cfg->cells + j])
                        continue;
                    if (tb > t_cur) {
                        if (tb < next_due)
                            next_due = tb;
                        continue;
                    }
                    if (!sn->val) {
                        sn->val = mem_calloc(6 * b->out_cells, sizeof(double));
                        sn->done = mem_calloc(6 * (size_t)d->cfg->cells, 1);
                        if (!sn->val || !sn->done) {
                            snprintf(err, err_len, "diagnostics.back_transformed.%s: out of host memory for the "
                                                   "snapshot at t = %g s", d->cfg->name, sn->T);
                            return -1;
                        }
                    }
                    sn->done[(size_t)comp * d->cfg->cells + j] = 1;
                    sn->left--;
                    if (tb < 0) {
                        b->before_start++; /* before the run: left at zero */
                        continue;
                    }
                    const double zb = b->gamma * (zl - b->beta * PICL_C * sn->T);
                    /* a window is up to a cell off its ideal position, which the slice's is */
                    if (zb < b->lo[0] - lay->dx[b->a] || zb > b->lo[0] + (lay->cells[b->a] + 1) * lay->dx[b->a])
                        b->outside++;
                    fill_slice(b, lay, d, sn, comp, j, zb, tb);
                }
            }
            if (sn->left > 0)
                continue;
            struct io_state at = *io; /* the file's iteration is the snapshot's index, its time the lab's */
            at.step = s;
            at.time = sn->T;
            const struct snap_write w = {b, lay, d, sn};
            if (meshf_write(&at, "diagnostics.back_transformed", d->cfg->name, write_records, &w, err, err_len))
                return -1;
            snap_free(sn);
            sn->written = 1;
            b->pending--;
        }
    }
    b->next_due = next_due;
    b->fill_s += now_s() - t1;
    return 0;
}

void btd_close(struct btd *b, int ok)
{
    if (!b)
        return;
    for (int i = 0; i < b->n; i++)
        for (int s = 0; s < b->diag[i].cfg->n_times; s++) {
            struct btd_snap *sn = &b->diag[i].snap[s];
            if (ok && !sn->written)
                log_warn("diagnostics.back_transformed.%s: the snapshot at lab time %g s was not complete when the "
                         "run ended (%ld of %d slices left; run longer, or give stop_time in the lab frame); not "
                         "written", b->diag[i].cfg->name, sn->T, sn->left, 6 * b->diag[i].cfg->cells);
            snap_free(sn);
        }
    if (ok && b->before_start)
        log_info("diagnostics.back_transformed: %ld slices lay before the boosted run's start (t' < 0) and are zero",
                 b->before_start);
    if (ok && b->outside)
        log_warn("diagnostics.back_transformed: %ld slices lay outside the boosted domain when they were due and are "
                 "zero (without a moving window at c, a lab point z at lab time T is inside it only while z >= lower "
                 "+ beta c T)", b->outside);
    if (ok)
        log_info("diagnostics.back_transformed: E and B read to the host on %ld steps, not needed on %ld; "
                 "%.0f ns per reading step to read them, %.0f ns to interpolate and write the slices",
                 b->reads, b->skips, b->reads ? 1e9 * b->read_s / (double)b->reads : 0.0,
                 b->reads ? 1e9 * b->fill_s / (double)b->reads : 0.0);
    for (int l = 0; l < BTD_LEVELS; l++)
        mem_free(b->F[l]);
    mem_free(b);
}
