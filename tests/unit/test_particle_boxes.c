/* test_particle_boxes.c: particles do not depend on how the domain is cut into boxes, and
 * loading makes what the input asks for.
 *  - loading: count = cells * ppc exactly, total weight = density * volume, ids unique and
 *    dense, and the sample mean and spread of u match u_drift and u_th per axis within
 *    statistical bounds (5 sigma);
 *  - decomposition: the same input on 1 box and on 8 boxes loads the same particles (ids,
 *    positions, momenta bit for bit), and after 20 steps in which particles cross box edges
 *    has the same count, the same ids, positions and momenta to 1e-12 and the same fields to
 *    1e-12 relative (only the order of the sums of J over boxes differs). */
#include "check.h"
#include "fixture.h"

#define NC 8
#define STEPS 20

/* Mean and variance of x[0..n). */
static void moments(const double *x, long n, double *mean, double *var)
{
    double m = 0, v = 0;
    for (long i = 0; i < n; i++)
        m += x[i];
    m /= n;
    for (long i = 0; i < n; i++)
        v += (x[i] - m) * (x[i] - m);
    *mean = m;
    *var = v / (n - 1);
}

static void loading(void)
{
    const double n0 = 1e24, L = NC * 1e-6, drift[3] = {0.1, -0.05, 0}, spread[3] = {0.05, 0.02, 0.01};
    const int ppc[3] = {3, 2, 4};
    struct picl_config cfg;
    struct device dev;
    double t0 = fixture_seconds();
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  steps = 1,\n"
                   "  species = { { name = 'electrons', particle = 'electron', density = %.17g, ppc = {%d, %d, %d},\n"
                   "                u_drift = {%.17g, %.17g, %.17g}, u_th = {%.17g, %.17g, %.17g}, seed = 7 } },\n"
                   "}\n",
                   NC, NC, NC, L, L, L, n0, ppc[0], ppc[1], ppc[2], drift[0], drift[1], drift[2], spread[0], spread[1],
                   spread[2]);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const long want = (long)NC * NC * NC * ppc[0] * ppc[1] * ppc[2], np = s->species[0].np;
    CHECK(np == want);
    double *w = fixture_particles(s, 0, PA_W), *id = fixture_particles(s, 0, PA_ID);
    double total = 0;
    char *seen = calloc((size_t)want, 1);
    long bad_ids = 0;
    for (long i = 0; i < np; i++) {
        total += w[i];
        long k = (long)id[i];
        if (id[i] != (double)k || k < 0 || k >= want || seen[k]++)
            bad_ids++;
    }
    CHECK(bad_ids == 0);
    CHECK_NEAR(total, n0 * L * L * L, 1e-12);
    /* no initial field, so the half step back leaves u as loaded */
    double worst_mean = 0, worst_var = 0;
    for (int a = 0; a < 3; a++) {
        double *u = fixture_particles(s, 0, (enum particle_array)(PA_UX + a)), mean, var;
        for (long i = 0; i < np; i++)
            u[i] /= PICL_C;
        moments(u, np, &mean, &var);
        double z_mean = (mean - drift[a]) / (spread[a] / sqrt((double)np));
        double z_var = (var / (spread[a] * spread[a]) - 1) / sqrt(2.0 / (double)np);
        REPORT("loading, axis %c: mean u/c %.6f (want %.6f, %+.2f sigma), spread %.6f (want %.6f, variance %+.2f sigma)",
               "xyz"[a], mean, drift[a], z_mean, sqrt(var), spread[a], z_var);
        CHECK(fabs(z_mean) < 5);
        CHECK(fabs(z_var) < 5);
        worst_mean = fmax(worst_mean, fabs(z_mean));
        worst_var = fmax(worst_var, fabs(z_var));
        free(u);
    }
    REPORT("loading: %ld particles (want %ld), total weight %.12e (want %.12e), %ld bad ids, %.1f s", np, want, total,
           n0 * L * L * L, bad_ids, fixture_seconds() - t0);
    free(seen);
    free(w);
    free(id);
    fixture_free_sim(s);
    device_close(&dev);
}

/* The arrays of both species by id, at the current step. */
struct snapshot {
    long n_ids[2], np[2];
    double *a[2][7]; /* x y z ux uy uz w */
    double *f[6];
};

static void take(struct sim *s, struct snapshot *snap, int fields)
{
    for (int sp = 0; sp < 2; sp++) {
        const int *ppc = s->species[sp].cfg->ppc;
        snap->n_ids[sp] = (long)NC * NC * NC * ppc[0] * ppc[1] * ppc[2];
        snap->np[sp] = s->species[sp].np;
        for (int a = 0; a < 7; a++)
            snap->a[sp][a] = fixture_by_id(s, sp, (enum particle_array)(PA_X + a), snap->n_ids[sp]);
    }
    for (int c = 0; c < 6; c++)
        snap->f[c] = fields ? fixture_field(s, (enum field_comp)c) : NULL;
}

static void release(struct snapshot *snap)
{
    for (int sp = 0; sp < 2; sp++)
        for (int a = 0; a < 7; a++)
            free(snap->a[sp][a]);
    for (int c = 0; c < 6; c++)
        free(snap->f[c]);
}

/* Largest difference between two snapshots: positions (cells, periodic), momenta relative to
 * the largest |u|, fields relative to each component's largest value; ids missing from one
 * of them are counted. */
static void compare(const struct snapshot *p, const struct snapshot *q, double *dx, double *du, double *df,
                    long *missing)
{
    *dx = *du = *df = 0;
    *missing = 0;
    for (int sp = 0; sp < 2; sp++) {
        double umax = 0;
        for (long i = 0; i < p->n_ids[sp]; i++)
            for (int a = 3; a < 6; a++)
                umax = fmax(umax, fabs(p->a[sp][a][i]));
        for (long i = 0; i < p->n_ids[sp]; i++) {
            if (isnan(p->a[sp][0][i]) != isnan(q->a[sp][0][i]))
                (*missing)++;
            if (isnan(p->a[sp][0][i]) || isnan(q->a[sp][0][i]))
                continue;
            for (int a = 0; a < 3; a++) {
                double d = q->a[sp][a][i] - p->a[sp][a][i];
                d -= NC * floor(d / NC + 0.5);
                *dx = fmax(*dx, fabs(d));
            }
            for (int a = 3; a < 6; a++)
                *du = fmax(*du, fabs(q->a[sp][a][i] - p->a[sp][a][i]) / (umax > 0 ? umax : 1));
            *du = fmax(*du, fabs(q->a[sp][6][i] - p->a[sp][6][i]) / p->a[sp][6][i]);
        }
    }
    if (!p->f[0] || !q->f[0])
        return;
    for (int c = 0; c < 6; c++) {
        double m = 0, d = 0;
        for (long i = 0; i < (long)NC * NC * NC; i++) {
            m = fmax(m, fabs(p->f[c][i]));
            d = fmax(d, fabs(q->f[c][i] - p->f[c][i]));
        }
        *df = fmax(*df, m > 0 ? d / m : d);
    }
}

static void decomposition(void)
{
    struct snapshot start[2], end[2];
    int boxes[2] = {0, 0};
    long crossed = 0;
    struct device dev;
    fixture_device(&dev);
    for (int t = 0; t < 2; t++) {
        struct fixture_plasma p = {.cells = NC, .max_box = t == 0 ? NC : NC / 2, .shape_order = 3, .ppc = 2,
                                   .ppc_ions = 1, .precision = "double", .u_th = 0.05, .frozen_ions = 0};
        struct picl_config cfg;
        double t0 = fixture_seconds();
        fixture_plasma_config(&cfg, &p);
        struct sim *s = fixture_sim(&cfg, &dev);
        boxes[t] = s->ctx.lay.n_boxes;
        take(s, &start[t], 0);
        fixture_steps(s, STEPS);
        take(s, &end[t], 1);
        REPORT("%d box%s: %ld electrons, %ld protons, %d steps, %.1f s", boxes[t], boxes[t] > 1 ? "es" : "",
               end[t].np[0], end[t].np[1], STEPS, fixture_seconds() - t0);
        fixture_free_sim(s);
    }
    /* electrons that changed box of the 8-box cut during the run (the test needs some) */
    for (long i = 0; i < end[1].n_ids[0]; i++) {
        int b0 = 0, b1 = 0;
        for (int a = 0; a < 3; a++) {
            b0 = 2 * b0 + (int)start[1].a[0][a][i] / (NC / 2);
            b1 = 2 * b1 + (int)end[1].a[0][a][i] / (NC / 2);
        }
        crossed += b0 != b1;
    }
    double dx, du, df;
    long missing;
    compare(&start[0], &start[1], &dx, &du, &df, &missing);
    REPORT("loaded, 8 boxes vs 1: max |dx| %.1e cells, max |du|/max|u| %.1e, %ld ids in only one", dx, du, missing);
    CHECK(boxes[0] == 1 && boxes[1] == 8);
    CHECK(start[0].np[0] == start[1].np[0] && start[0].np[1] == start[1].np[1]);
    CHECK(missing == 0);
    CHECK(dx == 0 && du == 0);
    compare(&end[0], &end[1], &dx, &du, &df, &missing);
    REPORT("after %d steps (%ld electrons changed box), 8 boxes vs 1: max |dx| %.1e cells, max |du|/max|u| %.1e, "
           "fields max relative difference %.1e, %ld ids in only one",
           STEPS, crossed, dx, du, df, missing);
    CHECK(end[0].np[0] == start[0].np[0] && end[0].np[1] == start[0].np[1]);
    CHECK(end[1].np[0] == start[1].np[0] && end[1].np[1] == start[1].np[1]);
    CHECK(missing == 0);
    CHECK(crossed > 100);
    CHECK(dx < 1e-12 * NC);
    CHECK(du < 1e-12);
    CHECK(df < 1e-12);
    for (int t = 0; t < 2; t++) {
        release(&start[t]);
        release(&end[t]);
    }
    device_close(&dev);
}

int main(void)
{
    loading();
    decomposition();
    return check_finish();
}
