/* diags.c: the files of the beam moments, particle extrema, histograms and field probes
 * (diags.h): headers that name units, SI values from pstats' kernel units. */
#include "diags.h"

#include <math.h>
#include <string.h>

#include "constants.h"
#include "hist_openpmd.h"
#include "mem.h"
#include "probe_openpmd.h"
#include "strbuf.h"
#include "window.h"

const char diags_moments_header[] =
    "charge_C,particles,weight,x_mean_m,y_mean_m,z_mean_m,x_rms_m,y_rms_m,z_rms_m,ux_mean,uy_mean,uz_mean,"
    "ux_rms,uy_rms,uz_rms,emittance_x_m,emittance_y_m,emittance_z_m,gamma_mean,energy_mean_J,energy_rms_J";
enum { MOMENTS_COLUMNS = DIAGS_MOMENTS_COLUMNS };
static const char extrema_header[] = "particles,x_min_m,x_max_m,y_min_m,y_max_m,z_min_m,z_max_m,ux_min,ux_max,"
                                     "uy_min,uy_max,uz_min,uz_max,gamma_min,gamma_max";
enum { EXTREMA_COLUMNS = 15 };
static const char field_max_header[] = "Ex_max_V_m,Ey_max_V_m,Ez_max_V_m,E_max_V_m,Bx_max_T,By_max_T,Bz_max_T,B_max_T";
/* Column col of a CSV header: where it starts, and its length. */
static const char *column_at(const char *header, int col)
{
    for (; col > 0 && *header; header++)
        if (*header == ',')
            col--;
    return header;
}
static int column_len(const char *header, int col)
{
    const char *at = column_at(header, col), *end = strchr(at, ',');
    return end ? (int)(end - at) : (int)strlen(at);
}

static int hist_bins(const struct cfg_hist *h)
{
    int n = 1;
    for (int a = 0; a < h->n_axes; a++)
        n *= h->axis[a].bins;
    return n;
}

static int hist_autos(const struct cfg_hist *h)
{
    int n = 0;
    for (int a = 0; a < h->n_axes; a++)
        n += h->axis[a].auto_range;
    return n;
}

/* "x_m=1.5e-06;ux=0.25": the centre of each axis' bin, first axis fastest; an axis of range
 * "auto" names its bins by index ("ux=#3") after two columns of its range ("ux_min", "ux_max"). */
static void hist_header(struct strbuf *sb, const struct cfg_hist *h)
{
    const int n = hist_bins(h);
    int first = 1;
    for (int a = 0; a < h->n_axes; a++)
        if (h->axis[a].auto_range) {
            const char *q = cfg_hist_quantity_names[h->axis[a].quantity], *unit = cfg_hist_quantity_units[h->axis[a].quantity];
            sb_printf(sb, "%s%s_min%s%s,%s_max%s%s", first ? "" : ",", q, *unit ? "_" : "", unit, q, *unit ? "_" : "",
                      unit);
            first = 0;
        }
    if (!first)
        sb_puts(sb, ",");
    for (int i = 0; i < n; i++) {
        int rest = i;
        if (i)
            sb_puts(sb, ",");
        for (int a = 0; a < h->n_axes; a++) {
            const struct cfg_hist_axis *x = &h->axis[a];
            const int k = rest % x->bins;
            rest /= x->bins;
            const char *unit = cfg_hist_quantity_units[x->quantity];
            if (x->auto_range)
                sb_printf(sb, "%s%s%s%s=#%d", a ? ";" : "", cfg_hist_quantity_names[x->quantity], *unit ? "_" : "", unit, k);
            else
                sb_printf(sb, "%s%s%s%s=%.9g", a ? ";" : "", cfg_hist_quantity_names[x->quantity], *unit ? "_" : "",
                          unit, x->min + (k + 0.5) * (x->max - x->min) / x->bins);
        }
    }
}

static void probe_header(struct strbuf *sb, const struct cfg_probe *p)
{
    static const char *const comp[6] = {"Ex_V_m", "Ey_V_m", "Ez_V_m", "Bx_T", "By_T", "Bz_T"};
    for (int q = 0; q < p->n_points; q++)
        for (int k = 0; k < 6; k++)
            sb_printf(sb, "%sp%d_%s", q || k ? "," : "", q, comp[k]);
}

int diags_open(struct diags *d, const struct io_state *io, long resume_step, char *err, size_t err_len)
{
    memset(d, 0, sizeof *d);
    const struct picl_config *cfg = io->ctx->cfg;
    const struct cfg_diags *c = &cfg->diags;
    int widest = MOMENTS_COLUMNS;
    for (int i = 0; i < c->n_hist; i++)
        widest = hist_bins(&c->hist[i]) + 2 * CFG_HIST_MAX_AXES > widest ? hist_bins(&c->hist[i]) + 2 * CFG_HIST_MAX_AXES
                                                                          : widest;
    for (int i = 0; i < c->n_probes; i++)
        widest = 6 * c->probes[i].n_points > widest ? 6 * c->probes[i].n_points : widest;
    d->row = mem_alloc((size_t)widest * sizeof(double));
    if (!d->row) {
        snprintf(err, err_len, "diagnostics: out of host memory");
        return -1;
    }
    d->open = 1;
    if (io->ctx->comm && io->ctx->comm->rank != 0)
        return 0;
    const char *dir = cfg->output_dir;
    for (int i = 0; i < c->n_moments; i++)
        if (dcsv_open(&d->moments[i], dir, c->moments[i].name, diags_moments_header, resume_step, err, err_len))
            return -1;
    for (int i = 0; i < c->n_extrema; i++)
        if (dcsv_open(&d->extrema[i], dir, c->extrema[i].name, extrema_header, resume_step, err, err_len))
            return -1;
    for (int i = 0; i < c->n_field_max; i++)
        if (dcsv_open(&d->field_max[i], dir, c->field_max[i].name, field_max_header, resume_step, err, err_len))
            return -1;
    for (int i = 0; i < c->n_hist + c->n_probes; i++) {
        if (i >= c->n_hist && c->probes[i - c->n_hist].kind != CFG_PROBE_POINTS)
            continue; /* a line or plane: openPMD files (probe_openpmd.c), no CSV */
        struct strbuf sb;
        sb_init(&sb);
        if (i < c->n_hist)
            hist_header(&sb, &c->hist[i]);
        else
            probe_header(&sb, &c->probes[i - c->n_hist]);
        int rc = !sb_ok(&sb);
        if (rc)
            snprintf(err, err_len, "diagnostics: out of host memory for a header");
        else
            rc = dcsv_open(i < c->n_hist ? &d->hist[i] : &d->probes[i - c->n_hist], dir,
                           i < c->n_hist ? c->hist[i].name : c->probes[i - c->n_hist].name, sb.data, resume_step, err,
                           err_len);
        sb_free(&sb);
        if (rc)
            return -1;
    }
    return 0;
}

static int due(int interval, long step)
{
    return interval > 0 && step % interval == 0;
}

int diags_due(const struct picl_config *cfg, long step)
{
    const struct cfg_diags *c = &cfg->diags;
    for (int i = 0; i < c->n_moments; i++)
        if (due(c->moments[i].interval, step))
            return 1;
    for (int i = 0; i < c->n_extrema; i++)
        if (due(c->extrema[i].interval, step))
            return 1;
    for (int i = 0; i < c->n_hist; i++)
        if (due(c->hist[i].interval, step))
            return 1;
    for (int i = 0; i < c->n_probes; i++)
        if (due(c->probes[i].interval, step))
            return 1;
    for (int i = 0; i < c->n_field_max; i++)
        if (due(c->field_max[i].interval, step))
            return 1;
    return 0;
}

void diags_moments_row(const struct pstats_moments *m, const struct cfg_species *sp, const double lower[3],
                       const double dx[3], double *v)
{
    const double w = m->weight, mc2 = sp->mass * PICL_C * PICL_C;
    memset(v, 0, MOMENTS_COLUMNS * sizeof *v);
    v[0] = sp->charge * w;
    v[1] = m->count;
    v[2] = w;
    if (!(w > 0))
        return;
    for (int a = 0; a < 3; a++) {
        v[3 + a] = lower[a] + dx[a] * m->mean[a];
        v[6 + a] = dx[a] * sqrt(fmax(m->m2[a], 0) / w);
        v[9 + a] = m->mean[3 + a] / PICL_C;
        v[12 + a] = sqrt(fmax(m->m2[3 + a], 0) / w) / PICL_C;
        const double det = m->m2[a] * m->m2[3 + a] - m->cross[a] * m->cross[a];
        v[15 + a] = dx[a] / PICL_C * sqrt(fmax(det, 0)) / w;
    }
    v[18] = 1 + m->mean[6];
    v[19] = mc2 * m->mean[6];
    v[20] = mc2 * sqrt(fmax(m->m2[6], 0) / w);
}

/* h's "auto" axes from the extrema m: [min, max + 1e-6 (max - min)], so the largest value is
 * inside the last bin whatever the kernel's rounding (a span of 0: 1e-6 of the value, or 1);
 * their ranges into out (min, max per auto axis, in order). */
static void auto_ranges(struct cfg_hist *h, const struct pstats_moments *m, const struct ctx *c,
                        const struct species *sp, const double lower[3], double *out)
{
    const double mc2 = sp->cfg->mass * PICL_C * PICL_C;
    int k = 0;
    for (int a = 0; a < h->n_axes; a++) {
        struct cfg_hist_axis *x = &h->axis[a];
        if (!x->auto_range)
            continue;
        const int q = x->quantity <= HQ_UZ ? (int)x->quantity : 6; /* gamma and energy: from gamma - 1 */
        double lo = m->min[q], hi = m->max[q];
        if (m->count == 0)
            lo = hi = 0;
        else if (q < 3)
            lo = lower[q] + c->lay.dx[q] * lo, hi = lower[q] + c->lay.dx[q] * hi;
        else if (q < 6)
            lo /= PICL_C, hi /= PICL_C;
        else if (x->quantity == HQ_GAMMA)
            lo += 1, hi += 1;
        else
            lo *= mc2, hi *= mc2;
        const double span = hi > lo ? hi - lo : (lo != 0 ? fabs(lo) : 1.0);
        x->min = lo;
        x->max = hi + 1e-6 * span;
        out[k++] = x->min;
        out[k++] = x->max;
    }
}

static void extrema_row(const struct pstats_moments *m, const struct ctx *c, const double lower[3], double *v)
{
    memset(v, 0, EXTREMA_COLUMNS * sizeof *v);
    v[0] = m->count;
    if (m->count == 0)
        return;
    for (int q = 0; q < PSTATS_Q; q++) {
        double lo = m->min[q], hi = m->max[q];
        if (q < 3)
            lo = lower[q] + c->lay.dx[q] * lo, hi = lower[q] + c->lay.dx[q] * hi;
        else if (q < 6)
            lo /= PICL_C, hi /= PICL_C;
        else
            lo += 1, hi += 1;
        v[1 + 2 * q] = lo;
        v[2 + 2 * q] = hi;
    }
}

/* The message of a diagnostic that failed, with its key in front (once). */
static int failed(char *err, size_t err_len, const char *kind, const char *name)
{
    if (strncmp(err, "diagnostics.", 12)) {
        char what[1024];
        snprintf(what, sizeof what, "%s", err);
        snprintf(err, err_len, "diagnostics.%s.%s: %s", kind, name, what);
    }
    return -1;
}

int diags_write(struct diags *d, const struct io_state *io, char *err, size_t err_len)
{
    struct ctx *c = io->ctx;
    const struct cfg_diags *cd = &c->cfg->diags;
    const long step = io->step;
    double lower[3];
    for (int a = 0; a < 3; a++)
        lower[a] = window_lower(io->window, c, a);
    /* one pass per species serves every moments and extrema diagnostic of it due now */
    struct pstats_moments m[CFG_MAX_SPECIES];
    int have[CFG_MAX_SPECIES] = {0};
    for (int i = 0; i < cd->n_moments + cd->n_extrema; i++) {
        const int ext = i >= cd->n_moments;
        const struct cfg_pdiag *p = ext ? &cd->extrema[i - cd->n_moments] : &cd->moments[i];
        if (!due(p->interval, step))
            continue;
        struct species *sp = &io->species[p->species];
        struct pstats_moments mf, *mp = &m[p->species];
        if (p->filter.text[0]) { /* a kernel of its own */
            mp = &mf;
            if (pstats_moments(&d->ps, c, sp, ext ? CFG_MAX_PDIAG + i - cd->n_moments : i, lower, mp, err, err_len))
                return failed(err, err_len, ext ? "extrema" : "moments", p->name);
        } else if (!have[p->species]) {
            if (pstats_moments(&d->ps, c, sp, -1, lower, mp, err, err_len))
                return failed(err, err_len, ext ? "extrema" : "moments", p->name);
            have[p->species] = 1;
        }
        if (ext)
            extrema_row(mp, c, lower, d->row);
        else
            diags_moments_row(mp, sp->cfg, lower, c->lay.dx, d->row);
        if (dcsv_row(ext ? &d->extrema[i - cd->n_moments] : &d->moments[i], step, io->time, d->row,
                     ext ? EXTREMA_COLUMNS : MOMENTS_COLUMNS, err, err_len))
            return failed(err, err_len, ext ? "extrema" : "moments", p->name);
    }
    for (int i = 0; i < cd->n_hist; i++) {
        const struct cfg_hist *h = &cd->hist[i];
        if (!due(h->interval, step))
            continue;
        /* an "auto" axis: this step's extrema of the whole species (one moments pass, shared) */
        const int autos = hist_autos(h);
        struct cfg_hist resolved = *h;
        if (autos) {
            struct species *sp = &io->species[h->species];
            if (!have[h->species] && pstats_moments(&d->ps, c, sp, -1, lower, &m[h->species], err, err_len))
                return failed(err, err_len, "histograms", h->name);
            have[h->species] = 1;
            auto_ranges(&resolved, &m[h->species], c, sp, lower, d->row);
        }
        double *bins = d->row + 2 * autos;
        if (pstats_histogram(&d->ps, c, &io->species[h->species], i, &resolved, lower, bins, err, err_len) ||
            dcsv_row(&d->hist[i], step, io->time, d->row, 2 * autos + hist_bins(h), err, err_len) ||
            (h->n_axes > 1 && hist_opmd_write(io, &resolved, bins, err, err_len)))
            return failed(err, err_len, "histograms", h->name);
    }
    for (int i = 0; i < cd->n_probes; i++) {
        const struct cfg_probe *p = &cd->probes[i];
        if (!due(p->interval, step))
            continue;
        /* probe points are fixed in the window: relative to the domain's own lower corner, not
         * the lab's (which moves on, and would take the points out of the grid) */
        if (pstats_probe(&d->ps, c, io->fields, i, c->lay.lower, d->row, err, err_len) ||
            (p->kind == CFG_PROBE_POINTS ? dcsv_row(&d->probes[i], step, io->time, d->row, 6 * p->n_points, err, err_len)
                                         : probe_opmd_write(io, p, d->row, err, err_len)))
            return failed(err, err_len, "probes", p->name);
    }
    for (int i = 0; i < cd->n_field_max; i++) {
        if (!due(cd->field_max[i].interval, step))
            continue;
        if (pstats_field_max(&d->ps, c, io->fields, d->row, err, err_len) ||
            dcsv_row(&d->field_max[i], step, io->time, d->row, PSTATS_FIELD_MAX, err, err_len))
            return failed(err, err_len, "field_maxima", cd->field_max[i].name);
        /* every rank holds the same maxima (a NaN field counts as inf there): all stop at once,
         * the row written as the evidence */
        for (int col = 0; col < PSTATS_FIELD_MAX; col++)
            if (!isfinite(d->row[col])) {
                snprintf(err, err_len,
                         "step %ld: field_maxima %s: %.*s is %g: the fields went non-finite; the run stops, its "
                         "files left .partial (docs/output.md)",
                         step, cd->field_max[i].name, column_len(field_max_header, col),
                         column_at(field_max_header, col), d->row[col]);
                return -1;
            }
    }
    return 0;
}

int diags_close(struct diags *d, struct ctx *c, int ok, char *err, size_t err_len)
{
    if (!d->open)
        return 0;
    int rc = 0;
    struct diag_csv *all[] = {d->moments, d->extrema, d->hist, d->probes, d->field_max};
    const int n[] = {CFG_MAX_PDIAG, CFG_MAX_PDIAG, CFG_MAX_HIST, CFG_MAX_PROBES, CFG_MAX_PDIAG};
    for (int g = 0; g < 5; g++)
        for (int i = 0; i < n[g]; i++)
            if (dcsv_close(&all[g][i], ok, rc ? NULL : err, err_len))
                rc = -1;
    pstats_release(&d->ps, c);
    mem_free(d->row);
    d->row = NULL;
    d->open = 0;
    return rc;
}
