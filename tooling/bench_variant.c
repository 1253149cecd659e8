/* bench_variant.c: one variant of a sweep or a tuning run: the base input with its --set
 * strings built, warmed up and timed over repeats of N steps (wall clock per step, and each
 * kernel's device time from the profiling events), with J and E kept for the gate. */
#include "bench_variant.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_roofline.h"
#include "config.h"
#include "mem.h"
#include "sim.h"

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
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
