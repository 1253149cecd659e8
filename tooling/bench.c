/* bench.c: the sweep of `picl bench SPEC.lua`. Each variant is the base input with its --set
 * strings: built, warmed up, timed over repeats of N steps (wall clock per step, and each
 * kernel's device time from the profiling events), then gated against its reference, and
 * recorded as one JSON line appended to the results file as soon as it is known. */
#include "bench.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "device.h"
#include "log.h"
#include "mem.h"
#include "sim.h"
#include "strbuf.h"
#include "tune.h"

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(const double *v, int n)
{
    double s[BENCH_MAX_REPEATS];
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

static void sb_json_string(struct strbuf *sb, const char *s)
{
    sb_puts(sb, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sb_printf(sb, "\\%c", c);
        else if (c == '\n')
            sb_puts(sb, "\\n");
        else if (c < 0x20)
            sb_printf(sb, "\\u%04x", c);
        else
            sb_write(sb, s, 1);
    }
    sb_puts(sb, "\"");
}

/* JSON has no NaN or infinity: they are written as null. */
static void sb_json_number(struct strbuf *sb, double v)
{
    if (isfinite(v))
        sb_printf(sb, "%.9g", v);
    else
        sb_puts(sb, "null");
}

/* What identifies a finished variant in the results file: the device, and a hash of the base
 * input's text, every --set string and the step counts. A sweep run again skips it. */
static void variant_key(const struct bench_spec *spec, const struct bench_variant *v, const struct device *dev,
                        char *key, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    FILE *f = fopen(spec->base, "rb");
    if (f) {
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            h = fnv1a(h, buf, n);
        fclose(f);
    }
    for (int k = 0; k < v->n_sets; k++)
        h = fnv1a(h, v->sets[k], strlen(v->sets[k]) + 1);
    int counts[3] = {spec->warmup, spec->steps, spec->repeats};
    h = fnv1a(h, counts, sizeof counts);
    snprintf(key, len, "%s|%016llx", dev->name, (unsigned long long)h);
}

/* The whole results file (or an empty text), to look keys up in. */
static char *read_results(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 1 << 16, n = 0;
    char *text = mem_alloc(cap);
    if (!text)
        return NULL;
    while (f) {
        n += fread(text + n, 1, cap - 1 - n, f);
        if (feof(f) || ferror(f))
            break;
        char *bigger = mem_realloc(text, cap * 2);
        if (!bigger)
            break;
        text = bigger;
        cap *= 2;
    }
    if (f)
        fclose(f);
    text[n] = '\0';
    return text;
}

static int results_have(const char *text, const char *key)
{
    struct strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, "\"key\":");
    sb_json_string(&sb, key);
    int found = 0;
    /* only whole lines count: a line cut short by a kill does not end in "}\n" */
    for (const char *p = text; sb_ok(&sb) && (p = strstr(p, sb.data)) != NULL; p++) {
        const char *end = strchr(p, '\n');
        if (end && end > p && end[-1] == '}') {
            found = 1;
            break;
        }
    }
    sb_free(&sb);
    return found;
}

static int read_components(struct sim *s, enum field_comp first, double *out, char *err, size_t err_len)
{
    size_t n = (size_t)s->ctx.lay.cells[0] * s->ctx.lay.cells[1] * s->ctx.lay.cells[2];
    for (int a = 0; a < 3; a++)
        if (fields_read(&s->fields, &s->ctx, (enum field_comp)(first + a), out + (size_t)a * n, err, err_len))
            return -1;
    return 0;
}

int bench_variant_run(const char *base, char *const *sets, int n_sets, int warmup, int steps, int repeats,
                      struct device *dev, struct bench_result *r, struct bench_fields *fl, char *err,
                      size_t err_len)
{
    int rc = -1;
    struct picl_config *cfg = mem_calloc(1, sizeof *cfg);
    struct sim *s = mem_calloc(1, sizeof *s);
    int created = 0;
    memset(r, 0, sizeof *r);
    if (!cfg || !s) {
        snprintf(err, err_len, "out of host memory");
        goto done;
    }
    if (repeats > BENCH_MAX_REPEATS) {
        snprintf(err, err_len, "repeats: at most %d", BENCH_MAX_REPEATS);
        goto done;
    }
    if (cfg_load(cfg, base, (const char *const *)sets, n_sets, err, err_len))
        goto done;
    r->precision = cfg->precision;
    r->charge_conserving = cfg->deposition == CFG_DEPOSIT_ESIRKEPOV;
    double t0 = wall_seconds();
    created = 1;
    if (sim_create(s, cfg, dev, err, err_len))
        goto done;
    r->setup_s = wall_seconds() - t0;
    r->particles = sim_particles(s);
    r->cells = (long)cfg->grid.cells[0] * cfg->grid.cells[1] * cfg->grid.cells[2];
    for (int w = 0; w < warmup; w++)
        if (sim_step(s, err, err_len))
            goto done;
    struct timers *t = &s->ctx.timers;
    for (int rep = 0; rep < repeats; rep++) {
        timers_reset(t);
        long launches = t->launches;
        double start = wall_seconds();
        for (int n = 0; n < steps; n++)
            if (sim_step(s, err, err_len))
                goto done;
        clFinish(dev->queue);
        r->step[rep] = (wall_seconds() - start) / steps;
        timers_collect(t);
        r->launches_per_step = (double)(t->launches - launches) / steps;
        r->n_kernels = t->n;
        for (int k = 0; k < t->n; k++) {
            snprintf(r->kernel_name[k], sizeof r->kernel_name[k], "%s", t->entry[k].name);
            r->kernel[k][rep] = t->entry[k].seconds / steps;
        }
    }
    /* the work of each modelled kernel per step, from the last repeat's launches */
    struct bench_roof_row rows[TIMER_MAX];
    int n_rows = bench_roofline_rows(s, steps, rows, TIMER_MAX);
    for (int q = 0; q < n_rows; q++)
        for (int k = 0; k < r->n_kernels; k++)
            if (!strcmp(rows[q].kernel, r->kernel_name[k])) {
                r->kernel_flops[k] = rows[q].flops;
                r->kernel_bytes[k] = rows[q].bytes;
                r->kernel_items[k] = rows[q].items;
                r->kernel_item[k] = rows[q].item;
            }
    size_t n = (size_t)r->cells;
    fl->J = mem_alloc(3 * n * sizeof(double));
    fl->E = mem_alloc(3 * n * sizeof(double));
    if (!fl->J || !fl->E) {
        snprintf(err, err_len, "out of host memory for J and E of %zu cells", n);
        goto done;
    }
    memcpy(fl->cells, cfg->grid.cells, sizeof fl->cells);
    if (read_components(s, FC_JX, fl->J, err, err_len) || read_components(s, FC_EX, fl->E, err, err_len) ||
        sim_gauss(s, 0, &r->residual, err, err_len))
        goto done;
    fl->done = 1;
    rc = 0;
done:
    if (created)
        sim_destroy(s);
    mem_free(s);
    mem_free(cfg);
    return rc;
}

void bench_fields_free(struct bench_fields *fl)
{
    mem_free(fl->J);
    mem_free(fl->E);
    memset(fl, 0, sizeof *fl);
}

/* max |a - ref| / max |ref| over all cells and components; infinity when a is not finite. */
static double rel_diff(const double *a, const double *ref, size_t n)
{
    double d = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(a[i]))
            return INFINITY;
        double e = fabs(a[i] - ref[i]);
        d = e > d ? e : d;
        m = fabs(ref[i]) > m ? fabs(ref[i]) : m;
    }
    return m > 0 ? d / m : d;
}

static int same_grid(const struct bench_fields *a, const struct bench_fields *b)
{
    return a->done && b->done && !memcmp(a->cells, b->cells, sizeof a->cells);
}

double bench_gate_rel(int precision, double given)
{
    return given > 0 ? given : precision == CFG_DOUBLE ? 1e-9 : 1e-3;
}

double bench_gate_residual(int precision, double given)
{
    return given > 0 ? given : precision == CFG_DOUBLE ? 1e-9 : 1e-4;
}

int bench_gate(const struct bench_result *r, const struct bench_fields *fl, const struct bench_fields *ref,
               double tol_rel, double tol_residual, double *rel_J, double *rel_E, char *why, size_t why_len)
{
    const size_t n3 = 3 * (size_t)r->cells;
    *rel_J = *rel_E = 0;
    why[0] = '\0';
    if (!isfinite(r->residual)) {
        snprintf(why, why_len, "the charge residual is not a number");
        return 0;
    }
    if (ref) {
        if (!same_grid(ref, fl)) {
            snprintf(why, why_len, "its reference did not run");
            return 0;
        }
        *rel_J = rel_diff(fl->J, ref->J, n3);
        *rel_E = rel_diff(fl->E, ref->E, n3);
        if (!(*rel_J <= tol_rel) || !(*rel_E <= tol_rel)) {
            snprintf(why, why_len, "J differs by %.3g, E by %.3g from its reference (tolerance %.3g)", *rel_J, *rel_E,
                     tol_rel);
            return 0;
        }
    } else {
        for (size_t q = 0; q < n3; q++)
            if (!isfinite(fl->J[q]) || !isfinite(fl->E[q])) {
                snprintf(why, why_len, "J or E holds a value that is not finite");
                return 0;
            }
    }
    if (r->charge_conserving && !(r->residual <= tol_residual)) {
        snprintf(why, why_len, "charge-conservation residual %.3g above %.3g", r->residual, tol_residual);
        return 0;
    }
    return 1;
}

static void device_json(struct strbuf *sb, const struct device *dev)
{
    sb_puts(sb, "\"device\":{\"name\":");
    sb_json_string(sb, dev->name);
    sb_puts(sb, ",\"vendor\":");
    sb_json_string(sb, dev->vendor);
    sb_puts(sb, ",\"version\":");
    sb_json_string(sb, dev->version);
    sb_puts(sb, ",\"driver\":");
    sb_json_string(sb, dev->driver);
    sb_puts(sb, ",\"platform\":");
    sb_json_string(sb, dev->platform_name);
    sb_printf(sb, ",\"kind\":\"%s\",\"compute_units\":%u,\"global_mem\":%llu}", dev->traits->kind,
              dev->compute_units, (unsigned long long)dev->global_mem);
}

static int append_line(const char *path, const struct strbuf *sb, char *err, size_t err_len)
{
    /* one write() of a whole line: a killed sweep leaves whole lines only */
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0 || write(fd, sb->data, sb->len) != (ssize_t)sb->len) {
        snprintf(err, err_len, "cannot append to '%s': %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return close(fd);
}

/* The device's roofs for the roofline of each line: stored in the tuning file, or measured now. */
static void sweep_limits(struct device *dev, const char *tuning, struct bench_limits *lim, char *from, size_t len)
{
    char path[CFG_PATH_LEN], err[1024];
    struct tune_db db;
    memset(lim, 0, sizeof *lim);
    if (tune_path(tuning, path, sizeof path, err, sizeof err) == 0 && tune_db_load(&db, path, err, sizeof err) == 0) {
        const struct tune_entry *e = tune_db_limits(&db, dev);
        if (e) {
            *lim = e->lim;
            snprintf(from, len, "%s:%d", path, e->line);
        }
        tune_db_free(&db);
        if (e)
            return;
    } else {
        log_warn("%s", err);
    }
    log_info("measuring the device's limits for the roofline (picl bench --device-limits stores them)");
    if (bench_limits_measure(dev, lim, NULL, err, sizeof err)) {
        log_warn("%s", err);
        snprintf(from, len, "not measured");
    } else {
        snprintf(from, len, "measured at the start of the sweep");
    }
}

int bench_run(const struct bench_spec *spec, const char *device_spec, const char *results, const char *tuning,
              char *err, size_t err_len)
{
    if (!results)
        results = spec->results;
    if (spec->repeats > BENCH_MAX_REPEATS) {
        snprintf(err, err_len, "%s: repeats: at most %d", spec->path, BENCH_MAX_REPEATS);
        return -1;
    }
    struct device dev;
    if (device_open(&dev, device_spec, err, err_len))
        return -1;
    int rc = -1, done = 0, skipped = 0, failed = 0, errors = 0;
    char *existing = read_results(results);
    struct bench_fields *fl = mem_calloc((size_t)spec->n, sizeof *fl);
    struct bench_result *r = mem_alloc(sizeof *r);
    int *order = mem_calloc((size_t)spec->n, sizeof *order);
    if (!existing || !fl || !r || !order) {
        snprintf(err, err_len, "out of host memory");
        goto out;
    }
    /* the spec's reference first, so every group's reference runs before its members */
    int first = spec->v[0].info_ref, k = 0;
    order[k++] = first;
    for (int i = 0; i < spec->n; i++)
        if (i != first)
            order[k++] = i;
    log_info("bench %s: %d variants of %s on %s; results in %s", spec->name, spec->n, spec->base, dev.name, results);
    struct bench_limits lim;
    char lim_from[CFG_PATH_LEN + 32];
    sweep_limits(&dev, tuning, &lim, lim_from, sizeof lim_from);
    for (int oi = 0; oi < spec->n; oi++) {
        const int i = order[oi];
        const struct bench_variant *v = &spec->v[i];
        char key[512], verr[4096] = "";
        char why[512] = "";
        variant_key(spec, v, &dev, key, sizeof key);
        int need = !results_have(existing, key);
        if (!need) {
            skipped++;
            log_info("[%d/%d] %s: in %s already", oi + 1, spec->n, v->id, results);
            continue;
        }
        /* a reference finished by an earlier run: make its fields again, untimed */
        const int refs[2] = {v->ref, v->info_ref};
        for (int q = 0; q < 2; q++) {
            int ref = refs[q];
            if (ref != i && !fl[ref].done) {
                log_info("[%d/%d] %s: running its reference %s again for the gate", oi + 1, spec->n, v->id,
                         spec->v[ref].id);
                bench_fields_free(&fl[ref]);
                if (bench_variant_run(spec->base, spec->v[ref].sets, spec->v[ref].n_sets, spec->warmup, spec->steps, spec->repeats, &dev,
                                      r, &fl[ref], verr, sizeof verr))
                    log_warn("reference %s: %s", spec->v[ref].id, verr);
                verr[0] = '\0';
            }
        }
        int vrc = bench_variant_run(spec->base, v->sets, v->n_sets, spec->warmup, spec->steps, spec->repeats, &dev, r,
                                    &fl[i], verr, sizeof verr);

        struct strbuf sb;
        sb_init(&sb);
        sb_puts(&sb, "{\"key\":");
        sb_json_string(&sb, key);
        sb_puts(&sb, ",\"id\":");
        sb_json_string(&sb, v->id);
        sb_puts(&sb, ",\"spec\":");
        sb_json_string(&sb, spec->name);
        sb_puts(&sb, ",\"base\":");
        sb_json_string(&sb, spec->base);
        sb_printf(&sb, ",\"params\":%s,\"sets\":[", v->params);
        for (int q = 0; q < v->n_sets; q++) {
            sb_puts(&sb, q ? "," : "");
            sb_json_string(&sb, v->sets[q]);
        }
        sb_puts(&sb, "],");
        device_json(&sb, &dev);
        char when[64];
        time_t now = time(NULL);
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
        sb_printf(&sb, ",\"picl\":\"%s\",\"time\":\"%s\",\"warmup\":%d,\"steps\":%d,\"repeats\":%d", PICL_VERSION,
                  when, spec->warmup, spec->steps, spec->repeats);
        sb_puts(&sb, ",\"limits\":{\"bandwidth_GBs\":");
        sb_json_number(&sb, lim.bandwidth);
        sb_puts(&sb, ",\"double_GFlops\":");
        sb_json_number(&sb, lim.flops_double);
        sb_puts(&sb, ",\"float_GFlops\":");
        sb_json_number(&sb, lim.flops_float);
        sb_puts(&sb, ",\"from\":");
        sb_json_string(&sb, lim_from);
        sb_puts(&sb, "}");
        const char *status;
        char line[1024];
        if (vrc) {
            status = "error";
            errors++;
            sb_puts(&sb, ",\"status\":\"error\",\"error\":");
            sb_json_string(&sb, verr);
            snprintf(line, sizeof line, "error: %.400s", verr);
        } else {
            const int nr = spec->repeats;
            double med = bench_median(r->step, nr), lo = r->step[0], hi = r->step[0];
            for (int q = 1; q < nr; q++) {
                lo = r->step[q] < lo ? r->step[q] : lo;
                hi = r->step[q] > hi ? r->step[q] : hi;
            }
            const double ppc = r->cells ? (double)r->particles / (double)r->cells : 0;
            double kernels_s = 0, push_s = 0;
            for (int q = 0; q < r->n_kernels; q++) {
                double m = bench_median(r->kernel[q], nr);
                kernels_s += m;
                if (!strncmp(r->kernel_name[q], "push_deposit", 12))
                    push_s += m;
            }
            sb_printf(&sb, ",\"precision\":\"%s\",\"cells\":%ld,\"particles\":%ld,\"setup_s\":%.4f",
                      r->precision == CFG_DOUBLE ? "double" : "float", r->cells, r->particles, r->setup_s);
            sb_puts(&sb, ",\"step_s\":{\"median\":");
            sb_json_number(&sb, med);
            sb_puts(&sb, ",\"min\":");
            sb_json_number(&sb, lo);
            sb_puts(&sb, ",\"max\":");
            sb_json_number(&sb, hi);
            sb_puts(&sb, ",\"all\":[");
            for (int q = 0; q < nr; q++) {
                sb_puts(&sb, q ? "," : "");
                sb_json_number(&sb, r->step[q]);
            }
            sb_puts(&sb, "]},\"ns_per_particle_step\":");
            sb_json_number(&sb, r->particles ? 1e9 * med / (double)r->particles : NAN);
            sb_puts(&sb, ",\"push_ns_per_particle_step\":");
            sb_json_number(&sb, r->particles ? 1e9 * push_s / (double)r->particles : NAN);
            /* the paper's figure of merit (DESIGN.md section 7) */
            sb_puts(&sb, ",\"fom\":");
            sb_json_number(&sb, (double)r->cells * (0.1 + 0.9 * ppc) / med);
            sb_printf(&sb, ",\"launches_per_step\":%.2f,\"kernels_s\":", r->launches_per_step);
            sb_json_number(&sb, kernels_s);
            sb_puts(&sb, ",\"kernels\":{");
            for (int q = 0, w = 0; q < r->n_kernels; q++) {
                double m = bench_median(r->kernel[q], nr);
                if (m <= 0)
                    continue;
                sb_puts(&sb, w++ ? "," : "");
                sb_json_string(&sb, r->kernel_name[q]);
                sb_puts(&sb, ":{\"median_s\":");
                sb_json_number(&sb, m);
                sb_puts(&sb, ",\"share\":");
                sb_json_number(&sb, kernels_s > 0 ? m / kernels_s : 0);
                if (r->kernel_bytes[q] > 0) { /* the cost model's work per step (docs/bench.md) */
                    sb_puts(&sb, ",\"flops\":");
                    sb_json_number(&sb, r->kernel_flops[q]);
                    sb_puts(&sb, ",\"bytes\":");
                    sb_json_number(&sb, r->kernel_bytes[q]);
                    sb_puts(&sb, ",\"items\":");
                    sb_json_number(&sb, r->kernel_items[q]);
                    sb_puts(&sb, ",\"item\":");
                    sb_json_string(&sb, r->kernel_item[q]);
                }
                sb_puts(&sb, "}");
            }
            sb_puts(&sb, "}");

            /* The gate (docs/bench.md): J and E against the reference of the variant's physics
             * group, to round-off; the charge-conservation residual of a charge-conserving
             * deposition; and nothing that is not a finite number. */
            const double tol_rel = bench_gate_rel(r->precision, spec->gate_rel);
            const double tol_res = bench_gate_residual(r->precision, spec->gate_residual);
            const size_t n3 = 3 * (size_t)r->cells;
            double rel_J = 0, rel_E = 0;
            char gwhy[300];
            int pass = bench_gate(r, &fl[i], v->ref != i ? &fl[v->ref] : NULL, tol_rel, tol_res, &rel_J, &rel_E, gwhy,
                                  sizeof gwhy);
            if (!pass && v->ref != i)
                snprintf(why, sizeof why, "%s (reference %.100s)", gwhy, spec->v[v->ref].id);
            else if (!pass)
                snprintf(why, sizeof why, "%s", gwhy);
            status = pass ? "ok" : "failed";
            failed += !pass;
            sb_printf(&sb, ",\"status\":\"%s\",\"gate\":{\"pass\":%s,\"reference\":", status, pass ? "true" : "false");
            sb_json_string(&sb, spec->v[v->ref].id);
            sb_printf(&sb, ",\"is_reference\":%s,\"rel_J\":", v->ref == i ? "true" : "false");
            sb_json_number(&sb, rel_J);
            sb_puts(&sb, ",\"rel_E\":");
            sb_json_number(&sb, rel_E);
            sb_puts(&sb, ",\"residual\":");
            sb_json_number(&sb, r->residual);
            sb_printf(&sb, ",\"tol_rel\":%.3g,\"tol_residual\":%.3g,\"residual_gated\":%s,\"why\":", tol_rel, tol_res,
                      r->charge_conserving ? "true" : "false");
            sb_json_string(&sb, why);
            /* physics-changing variants: their distance from the spec's reference, not gated */
            const struct bench_fields *info = &fl[v->info_ref];
            if (v->info_ref != v->ref && same_grid(info, &fl[i])) {
                sb_puts(&sb, ",\"vs_reference\":{\"id\":");
                sb_json_string(&sb, spec->v[v->info_ref].id);
                sb_puts(&sb, ",\"rel_J\":");
                sb_json_number(&sb, rel_diff(fl[i].J, info->J, n3));
                sb_puts(&sb, ",\"rel_E\":");
                sb_json_number(&sb, rel_diff(fl[i].E, info->E, n3));
                sb_puts(&sb, "}");
            }
            sb_puts(&sb, "}");
            snprintf(line, sizeof line, "%.4g ms/step (min %.4g, max %.4g), %.1f ns/particle, gate %s%s%s",
                     1e3 * med, 1e3 * lo, 1e3 * hi, r->particles ? 1e9 * med / (double)r->particles : 0.0,
                     pass ? (v->ref == i ? "ok (reference)" : "ok") : "FAILED", pass ? "" : ": ", why);
        }
        (void)status;
        sb_puts(&sb, "}\n");
        if (!sb_ok(&sb)) {
            snprintf(err, err_len, "out of host memory writing a result line");
            sb_free(&sb);
            goto out;
        }
        int arc = append_line(results, &sb, err, err_len);
        sb_free(&sb);
        if (arc)
            goto out;
        done++;
        log_info("[%d/%d] %s: %s", oi + 1, spec->n, v->id, line);
        /* fields are kept only while a later variant may be gated against them */
        int needed = 0;
        for (int q = oi + 1; q < spec->n; q++)
            needed |= spec->v[order[q]].ref == i || spec->v[order[q]].info_ref == i;
        if (!needed)
            bench_fields_free(&fl[i]);
    }
    log_info("bench %s: %d variants run (%d failed the gate, %d errors), %d already in %s", spec->name, done, failed,
             errors, skipped, results);
    rc = 0;
out:
    if (fl)
        for (int i = 0; i < spec->n; i++)
            bench_fields_free(&fl[i]);
    mem_free(fl);
    mem_free(r);
    mem_free(order);
    mem_free(existing);
    device_close(&dev);
    return rc;
}
