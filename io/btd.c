/* btd.c: back-transformed diagnostics (btd.h). The boosted frame moves at beta c along axis a;
 * a lab point (z, T) is the boosted event z' = gamma (z - beta c T), t' = gamma (T - beta z / c),
 * and the lab fields there are, with p, q the transverse axes (p, q, a right-handed):
 * E_p = gamma (E'_p + v B'_q), E_q = gamma (E'_q - v B'_p), B_p = gamma (B'_p - v E'_q / c^2),
 * B_q = gamma (B'_q + v E'_p / c^2), E_a = E'_a, B_a = B'_a (Jackson 11.149, v -> -v). */
#include "btd.h"
#include "btd_impl.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "comm.h"
#include "constants.h"
#include "diags.h"
#include "log.h"
#include "mem.h"
#include "mesh_file.h"
#include "opmd_parts.h"

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

int btd_open(struct btd **out, const struct io_state *io, const char *resume_path, char *err, size_t err_len)
{
    const struct picl_config *cfg = io->ctx->cfg;
    *out = NULL;
    if (cfg->n_btd == 0)
        return 0;
    struct btd *b = mem_calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, err_len, "diagnostics.back_transformed: out of host memory");
        return -1;
    }
    const struct gen_layout *lay = &io->ctx->lay;
    b->ctx = io->ctx;
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
    if (resume_path && btd_load(b, resume_path, err, err_len)) {
        btd_close(b, 0);
        return -1;
    }
    /* a continued run skips the call at its start (its run wrote that step): its first call
     * follows a step, whose move the particles have */
    b->moved = resume_path != NULL;
    /* the moments files: a continued run keeps the rows of the snapshots written before (a
     * diagnostic's snapshots are written in the order of their times) */
    for (int i = 0; i < b->n && (!io->ctx->comm || io->ctx->comm->rank == 0); i++) {
        long kept = -1;
        for (int s = 0; s < b->diag[i].cfg->n_times; s++)
            kept += b->diag[i].snap[s].written;
        for (int s = 0; s < cfg->n_species; s++) {
            if (!(cfg->btd[i].species & (1u << s)))
                continue;
            char dir[CFG_PATH_LEN + CFG_NAME_LEN + 2], name[CFG_NAME_LEN + 16];
            snprintf(dir, sizeof dir, "%s/%s", cfg->output_dir, cfg->btd[i].name);
            snprintf(name, sizeof name, "moments_%s", cfg->species[s].name);
            if (dcsv_open(&b->diag[i].moments[s], dir, name, diags_moments_header, resume_path ? kept : -1, err,
                          err_len)) {
                btd_close(b, 0);
                return -1;
            }
        }
    }
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
    const struct io_state *io;
    const struct btd_diag *d;
    const struct btd_snap *sn;
    long index; /* the snapshot's, its iteration in the file */
};

/* One record of a species' particles: component k of BTD_PART (scale: its unit's factor), or the
 * ids; every rank its own range. scalar: a record of one component (weighting, id), which takes
 * the record's attributes itself, with weighting power scalar[0] and macroWeighted scalar[1]. */
static int write_component(struct hio_file *file, hid_t parent, const char *name, const struct btd_parts *p,
                           int k, double scale, long offset, long total, double *buf, const double *scalar)
{
    static const double dim_none[7] = {0};
    const hsize_t dims = (hsize_t)total;
    const int ids = k < 0;
    hid_t d = hio_make_dataset(parent, name, ids ? H5T_NATIVE_UINT64 : H5T_NATIVE_DOUBLE, 1, &dims);
    if (d < 0)
        return -1;
    for (long i = 0; !ids && i < p->n; i++)
        buf[i] = scale * p->v[(size_t)i * BTD_PART + k];
    int bad = hio_attr_double(d, "unitSI", 1.0) ||
              (scalar && opart_record_attrs(d, dim_none, 0.0, scalar[0], (uint32_t)scalar[1])) ||
              (total > 0 && opart_write_range(file, d, ids ? H5T_NATIVE_UINT64 : H5T_NATIVE_DOUBLE, (hsize_t)offset,
                                              (hsize_t)p->n, ids ? (const void *)p->id : (const void *)buf));
    H5Dclose(d);
    return bad ? -1 : 0;
}

/* One particle patch per rank (openPMD recommends them): its range of the species' particles, and
 * the snapshot's lab window (from lo, ext long) as the region. */
static int write_patch(struct hio_file *file, hid_t g, const struct picl_config *cfg, int ranks, long offset, long n,
                       const double lo[3], const double ext[3])
{
    static const char *const axes[3] = {"x", "y", "z"};
    hid_t pp = hio_group(g, "particlePatches");
    if (pp < 0)
        return -1;
    const hsize_t dims = (hsize_t)ranks, at = (hsize_t)hio_rank();
    const uint64_t count[2] = {(uint64_t)n, (uint64_t)offset};
    int bad = 0;
    for (int i = 0; i < 2 && !bad; i++) {
        hid_t d = hio_make_dataset(pp, i ? "numParticlesOffset" : "numParticles", H5T_NATIVE_UINT64, 1, &dims);
        bad = d < 0 || hio_attr_double(d, "unitSI", 1.0) ||
              opart_write_range(file, d, H5T_NATIVE_UINT64, at, 1, &count[i]);
        if (d >= 0)
            H5Dclose(d);
    }
    for (int r = 0; r < 2 && !bad; r++) {
        hid_t rec = hio_group(pp, r ? "extent" : "offset");
        bad = rec < 0 || hio_attr_doubles(rec, "unitDimension", opart_dim_length, 7) ||
              hio_attr_double(rec, "timeOffset", 0.0);
        for (int a = 0; a < 3 && !bad; a++) {
            if (!cfg_has_axis(cfg, a))
                continue;
            hid_t d = hio_make_dataset(rec, axes[a], H5T_NATIVE_DOUBLE, 1, &dims);
            bad = d < 0 || hio_attr_double(d, "unitSI", 1.0) ||
                  opart_write_range(file, d, H5T_NATIVE_DOUBLE, at, 1, r ? &ext[a] : &lo[a]);
            if (d >= 0)
                H5Dclose(d);
        }
        if (rec >= 0)
            H5Gclose(rec);
    }
    H5Gclose(pp);
    return bad ? -1 : 0;
}

/* The snapshot's particles, species by species, in the lab frame: position, momentum m u (at the
 * crossing, the boosted step's u transformed), weighting, id, charge and mass. */
static int write_particles(struct hio_file *file, const struct snap_write *w)
{
    static const char *const axes[3] = {"x", "y", "z"};
    const struct btd_snap *sn = w->sn;
    hid_t top = H5I_INVALID_HID;
    int bad = 0;
    for (int s = 0; s < w->io->n_species && !bad; s++) {
        if (!(w->d->cfg->species & (1u << s)))
            continue;
        const struct cfg_species *cs = w->io->species[s].cfg;
        const struct btd_parts *p = &sn->parts[s];
        long offset, total;
        opart_range(p->n, &offset, &total);
        double *buf = mem_alloc((size_t)(p->n > 0 ? p->n : 1) * sizeof *buf);
        if (top < 0)
            top = meshf_particles(file, w->index);
        hid_t g = top >= 0 && buf ? hio_group(top, cs->name) : H5I_INVALID_HID;
        bad = g < 0 || hio_attr_string(g, "backTransformed", "lab frame, from a boosted-frame run") ||
              hio_attr_double(g, "boostGamma", w->b->gamma);
        const uint64_t n = (uint64_t)total;
        for (int r = 0; r < 2 && !bad; r++) { /* position and positionOffset, then momentum */
            hid_t rec = hio_group(g, r ? "momentum" : "position"), off = r ? H5I_INVALID_HID : hio_group(g, "positionOffset");
            bad = rec < 0 || (!r && off < 0) ||
                  opart_record_attrs(rec, r ? opart_dim_momentum : opart_dim_length, 0.0, r ? 1.0 : 0.0, 0) ||
                  (!r && opart_record_attrs(off, opart_dim_length, 0.0, 0.0, 0));
            for (int a = 0; a < 3 && !bad; a++) /* 2D, 1D: the position along a kept axis only */
                bad = (r || cfg_has_axis(w->io->ctx->cfg, a)) &&
                      (write_component(file, rec, axes[a], p, 3 * r + a, r ? cs->mass : 1.0, offset, total, buf, NULL) ||
                       (!r && opart_constant(off, axes[a], 0.0, n, NULL)));
            if (rec >= 0)
                H5Gclose(rec);
            if (off >= 0)
                H5Gclose(off);
        }
        static const double weighting[2] = {1, 1}, ids[2] = {0, 0};
        bad = bad || write_component(file, g, "weighting", p, 6, 1.0, offset, total, buf, weighting) ||
              write_component(file, g, "id", p, -1, 1.0, offset, total, buf, ids);
        for (int i = 0; i < 2 && !bad; i++) { /* charge and mass per physical particle */
            hid_t rec;
            bad = opart_constant(g, i ? "mass" : "charge", i ? cs->mass : cs->charge, n, &rec) ||
                  opart_record_attrs(rec, i ? opart_dim_mass : opart_dim_charge, 0.0, 1.0, 0);
            if (!bad)
                H5Gclose(rec);
        }
        if (!bad) {
            const struct gen_layout *lay = &w->io->ctx->lay;
            double lo[3], ext[3];
            for (int a = 0; a < 3; a++) {
                lo[a] = a == w->b->a ? sn->lo : lay->lower[a];
                ext[a] = a == w->b->a ? w->d->cfg->upper - w->d->cfg->lower : lay->dx[a] * lay->cells[a];
            }
            bad = write_patch(file, g, w->io->ctx->cfg, lay->n_ranks, offset, p->n, lo, ext);
        }
        if (g >= 0)
            H5Gclose(g);
        mem_free(buf);
    }
    if (top >= 0)
        H5Gclose(top);
    return bad ? -1 : 0;
}

static int write_records(struct hio_file *file, hid_t meshes, const void *arg)
{
    static const double dim_E[7] = {1, 1, -3, -1, 0, 0, 0}, dim_B[7] = {0, 1, -2, -1, 0, 0, 0};
    static const char *const names[3] = {"x", "y", "z"}, *const axis_names[3] = {"x", "y", "z"};
    const struct snap_write *w = arg;
    const struct btd *b = w->b;
    const struct gen_layout *lay = &w->io->ctx->lay;
    const struct picl_config *cfg = w->io->ctx->cfg;
    size_t on[3] = {(size_t)lay->cells[0], (size_t)lay->cells[1], (size_t)lay->cells[2]};
    on[b->a] = (size_t)w->d->cfg->cells;
    const size_t out_cells = on[0] * on[1] * on[2];
    /* the file's axes: the kept ones, z first (2D: z, x; 1D: z), as the full diagnostics' */
    hsize_t dims[3];
    double spacing[3], offset[3];
    const char *labels[3];
    int nd = 0, file_axis[3];
    for (int x = 2; x >= 0; x--) {
        if (!cfg_has_axis(cfg, x))
            continue;
        file_axis[nd] = x;
        labels[nd] = axis_names[x];
        dims[nd] = on[x];
        spacing[nd] = x == b->a ? w->d->dz : lay->dx[x];
        offset[nd++] = x == b->a ? w->sn->lo : lay->lower[x];
    }
    int bad = 0;
    for (int r = 0; r < 2 && !bad; r++) {
        hid_t rec = hio_group(meshes, r ? "B" : "E");
        if (rec < 0)
            return -1;
        bad |= hio_attr_string(rec, "geometry", "cartesian") | hio_attr_string(rec, "dataOrder", "C") |
               hio_attr_strings(rec, "axisLabels", labels, nd) | hio_attr_doubles(rec, "gridSpacing", spacing, nd) |
               hio_attr_doubles(rec, "gridGlobalOffset", offset, nd) | hio_attr_double(rec, "gridUnitSI", 1.0) |
               hio_attr_doubles(rec, "unitDimension", r ? dim_B : dim_E, 7) |
               hio_attr_double(rec, "timeOffset", 0.0) | hio_attr_string(rec, "fieldSmoothing", "none") |
               hio_attr_string(rec, "backTransformed", "lab frame, from a boosted-frame run") |
               hio_attr_double(rec, "boostGamma", b->gamma);
        for (int k = 0; k < 3 && !bad; k++) {
            const int c = 3 * r + k;
            double st[3], position[3];
            gen_stagger((enum field_comp)c, st);
            for (int x = 0; x < nd; x++)
                position[x] = st[file_axis[x]];
            hid_t d = hio_make_dataset(rec, names[k], H5T_NATIVE_DOUBLE, nd, dims);
            if (d < 0) {
                bad = 1;
                break;
            }
            bad |= hio_attr_doubles(d, "position", position, nd) | hio_attr_double(d, "unitSI", 1.0);
            bad |= meshf_write_rank0(file, d, nd, dims, w->sn->val + (size_t)c * out_cells) != 0;
        }
        H5Gclose(rec);
    }
    if (!bad && w->d->cfg->species)
        bad = write_particles(file, w) != 0;
    return bad ? -1 : 0;
}

/* The lab-frame moments of the snapshot's particles of species s over every rank (collective),
 * in pstats' form with positions in m: two passes, the means and then the spreads about them. */
static void snap_moments(const struct btd *b, const struct btd_snap *sn, int s, struct pstats_moments *m)
{
    const struct btd_parts *p = &sn->parts[s];
    const double inv_c2 = 1 / (PICL_C * PICL_C);
    double sum[9] = {(double)p->n, 0, 0, 0, 0, 0, 0, 0, 0}, q[7];
    memset(m, 0, sizeof *m);
    for (int pass = 0; pass < 2; pass++) {
        double acc[10] = {0};
        for (long i = 0; i < p->n; i++) {
            const double *v = p->v + (size_t)i * BTD_PART, w = v[6];
            const double u2 = (v[3] * v[3] + v[4] * v[4] + v[5] * v[5]) * inv_c2;
            for (int k = 0; k < 6; k++)
                q[k] = v[k];
            q[6] = u2 / (sqrt(1 + u2) + 1); /* gamma - 1 */
            if (pass == 0) {
                sum[1] += w;
                for (int k = 0; k < 7; k++)
                    sum[2 + k] += w * q[k];
                continue;
            }
            for (int k = 0; k < 7; k++)
                acc[k] += w * (q[k] - m->mean[k]) * (q[k] - m->mean[k]);
            for (int a = 0; a < 3; a++)
                acc[7 + a] += w * (q[a] - m->mean[a]) * (q[3 + a] - m->mean[3 + a]);
        }
        if (pass == 0) {
            comm_sum_doubles(b->ctx->comm, sum, 9);
            m->count = sum[0];
            m->weight = sum[1];
            for (int k = 0; k < 7; k++)
                m->mean[k] = sum[1] > 0 ? sum[2 + k] / sum[1] : 0;
            continue;
        }
        comm_sum_doubles(b->ctx->comm, acc, 10);
        for (int k = 0; k < 7; k++)
            m->m2[k] = acc[k];
        for (int a = 0; a < 3; a++)
            m->cross[a] = acc[7 + a];
    }
}

/* A row per species of the snapshot's moments file (rank 0 writes it). */
static int write_moments(struct btd *b, const struct io_state *io, struct btd_diag *d, const struct btd_snap *sn,
                         long index, char *err, size_t err_len)
{
    static const double zero[3] = {0, 0, 0}, one[3] = {1, 1, 1};
    for (int s = 0; s < io->n_species; s++) {
        if (!(d->cfg->species & (1u << s)))
            continue;
        struct pstats_moments m;
        double row[DIAGS_MOMENTS_COLUMNS];
        snap_moments(b, sn, s, &m);
        diags_moments_row(&m, io->species[s].cfg, zero, one, row);
        if (dcsv_row(&d->moments[s], index, sn->T, row, DIAGS_MOMENTS_COLUMNS, err, err_len))
            return -1;
    }
    return 0;
}

static void snap_free(struct btd_snap *sn)
{
    mem_free(sn->val);
    mem_free(sn->done);
    sn->val = NULL;
    sn->done = NULL;
    for (int s = 0; s < CFG_MAX_SPECIES; s++) {
        mem_free(sn->parts[s].v);
        mem_free(sn->parts[s].id);
        memset(&sn->parts[s], 0, sizeof sn->parts[s]);
    }
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

static int parts_push(struct btd_parts *p, const double *v, uint64_t id)
{
    if (p->n == p->cap) {
        const long cap = p->cap ? 2 * p->cap : 1024;
        double *nv = mem_realloc(p->v, (size_t)cap * BTD_PART * sizeof *nv);
        if (nv)
            p->v = nv;
        uint64_t *ni = nv ? mem_realloc(p->id, (size_t)cap * sizeof *ni) : NULL;
        if (!ni)
            return -1;
        p->id = ni;
        p->cap = cap;
    }
    memcpy(p->v + (size_t)p->n * BTD_PART, v, BTD_PART * sizeof *v);
    p->id[p->n++] = id;
    return 0;
}

/* A record of the kernel (boosted frame at the crossing) into the lab: z = gamma (z' + beta c
 * t'), u_a = gamma (u'_a + beta c gamma'), the rest unchanged; kept where the lab point lies on
 * the snapshot's lab grid. */
static int take_record(struct btd *b, const struct btd_diag *d, struct btd_snap *sn, int s, const double *r,
                       uint64_t id)
{
    const double c = PICL_C, inv_c2 = 1 / (c * c);
    const double *u = r + 5;
    const double gp = sqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * inv_c2);
    double v[BTD_PART];
    for (int k = 0; k < 3; k++) {
        v[k] = r[2 + k];
        v[3 + k] = u[k];
    }
    v[b->a] = b->gamma * (r[2 + b->a] + b->beta * c * r[1]);
    v[3 + b->a] = b->gamma * (u[b->a] + b->beta * c * gp);
    v[6] = r[8];
    if (v[b->a] < sn->lo || v[b->a] >= sn->lo + (d->cfg->upper - d->cfg->lower))
        return 0;
    b->crossed++;
    return parts_push(&sn->parts[s], v, id);
}

/* The particles whose last move crossed a snapshot's lab time, for every snapshot not yet
 * written that a step near now can cross (its lab time between those of the domain's two ends
 * then, a cell and a step of margin). */
static int collect_particles(struct btd *b, const struct io_state *io, char *err, size_t err_len)
{
    struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    const double dt = c->cfg->dt, dz = lay->dx[b->a];
    const double lo = window_lower(io->window, c, b->a), hi = lo + lay->cells[b->a] * dz;
    const double t_min = b->gamma * (io->time - 2 * dt + b->beta * (lo - dz - PICL_C * dt) / PICL_C);
    const double t_max = b->gamma * (io->time + b->beta * (hi + dz) / PICL_C);
    for (int s = 0; s < io->n_species; s++) {
        double times[CFG_MAX_BTD * CFG_MAX_BTD_TIMES];
        int which[CFG_MAX_BTD * CFG_MAX_BTD_TIMES][2], n = 0;
        for (int i = 0; i < b->n; i++) {
            if (!(b->diag[i].cfg->species & (1u << s)))
                continue;
            for (int k = 0; k < b->diag[i].cfg->n_times; k++) {
                const struct btd_snap *sn = &b->diag[i].snap[k];
                if (!sn->written && sn->T >= t_min && sn->T < t_max) {
                    times[n] = sn->T;
                    which[n][0] = i;
                    which[n++][1] = k;
                }
            }
        }
        if (n == 0)
            continue;
        const double *rec;
        const uint64_t *id;
        long found;
        if (btd_cross_run(&b->cross, &io->species[s], c, times, n, io->time, lo, &rec, &id, &found, err, err_len))
            return -1;
        for (long r = 0; r < found; r++) {
            const double *x = rec + (size_t)r * BTD_RECORD;
            const int k = (int)x[0];
            struct btd_diag *d = &b->diag[which[k][0]];
            if (take_record(b, d, &d->snap[which[k][1]], s, x, id[r])) {
                snprintf(err, err_len, "diagnostics.back_transformed.%s: out of host memory for the particles of "
                                       "species %s", d->cfg->name, io->species[s].cfg->name);
                return -1;
            }
        }
    }
    return 0;
}

int btd_step(struct btd *b, const struct io_state *io, char *err, size_t err_len)
{
    if (!b || b->pending == 0)
        return 0;
    struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    if (b->moved && collect_particles(b, io, err, err_len))
        return -1;
    b->moved = 1;
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
            const struct snap_write w = {b, io, d, sn, s};
            if (meshf_write(&at, "diagnostics.back_transformed", d->cfg->name, write_records, &w, err, err_len) ||
                write_moments(b, io, d, sn, s, err, err_len))
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
        for (int s = 0; s < CFG_MAX_SPECIES; s++) {
            char err[512];
            if (dcsv_close(&b->diag[i].moments[s], ok, err, sizeof err))
                log_warn("diagnostics.back_transformed.%s: %s", b->diag[i].cfg->name, err);
        }
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
    if (ok && b->crossed)
        log_info("diagnostics.back_transformed: %ld particles taken into the lab snapshots on this rank", b->crossed);
    btd_cross_release(&b->cross, b->ctx);
    for (int l = 0; l < BTD_LEVELS; l++)
        mem_free(b->F[l]);
    mem_free(b);
}
