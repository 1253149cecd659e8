/* test_guards.c: FillBoundary and SumBoundary by plan (runtime/guards.c) against the rule they
 * must follow, worked out here one axis at a time: a periodic axis wraps; beyond a PEC wall the
 * value is the mirror image, odd (sign -1, g -> -g and 2N - g) for the components on the nodes
 * of that axis and even (g -> -1 - g and 2N - 1 - g) for those half a cell up, and an odd
 * component's node on the wall is zero. Both checks are exact (integers in reals). */
#include "check.h"
#include "fixture.h"

/* Along one axis of N cells: where allocated index g (of any box, made global) takes its value:
 * *T with sign +-1, or 0 for zero. */
static int source(int g, int pec, int stag, int N, int *T)
{
    if (!pec) {
        *T = ((g % N) + N) % N;
        return 1;
    }
    if (g >= 0 && g < N) {
        *T = g;
        return stag || g > 0; /* the wall's node of an odd component */
    }
    if (!stag && g == N)
        return 0;
    *T = g < 0 ? (stag ? -1 - g : -g) : (stag ? 2 * N - 1 - g : 2 * N - g);
    return stag ? 1 : -1;
}

/* SumBoundary of ones along one axis: the signed count of the allocated indices of all boxes
 * (valid index T itself, guards of neighbours, images behind a wall) whose value is T's. */
static int weight(int T, int pec, int stag, int n, int nb, int ng)
{
    int w = 0;
    for (int q = 0; q < nb; q++)
        for (int s = -ng; s < n + ng; s++) {
            const int g = q * n + s;
            if (s >= 0 && s < n && g != T)
                continue; /* another valid index: its own owner */
            int t;
            const int sign = source(g, pec, stag, n * nb, &t);
            if (sign && t == T)
                w += sign;
        }
    return w;
}

static void write_all(struct sim *s, const double *host, int comp, int count)
{
    const size_t n = (size_t)s->ctx.lay.comp_stride, rs = s->ctx.real_size;
    void *buf = malloc(n * count * rs);
    for (size_t i = 0; i < n * count; i++)
        if (rs == sizeof(double))
            ((double *)buf)[i] = host[i];
        else
            ((float *)buf)[i] = (float)host[i];
    clEnqueueWriteBuffer(s->ctx.dev->queue, s->fields.buf.mem, CL_TRUE, (size_t)comp * n * rs, n * count * rs, buf, 0,
                         NULL, NULL);
    free(buf);
}

static double *read_all(struct sim *s, int comp, int count)
{
    const size_t n = (size_t)s->ctx.lay.comp_stride, rs = s->ctx.real_size;
    void *buf = malloc(n * count * rs);
    double *host = malloc(n * count * sizeof(double));
    clEnqueueReadBuffer(s->ctx.dev->queue, s->fields.buf.mem, CL_TRUE, (size_t)comp * n * rs, n * count * rs, buf, 0,
                        NULL, NULL);
    for (size_t i = 0; i < n * count; i++)
        host[i] = rs == sizeof(double) ? ((double *)buf)[i] : ((float *)buf)[i];
    free(buf);
    return host;
}

/* Box b's allocated cell `at` (offset inside a component) as global indices per axis. */
static void global_of(const struct gen_layout *lay, long at, int g[3], int *valid)
{
    const long b = at / lay->box_stride, r = at % lay->box_stride;
    const int box = gen_box_gid(lay, (int)b);
    const int p[3] = {box % lay->nbox[0], box / lay->nbox[0] % lay->nbox[1], box / (lay->nbox[0] * lay->nbox[1])};
    const int l[3] = {(int)(r % lay->dim[0]) - lay->ng, (int)(r / lay->dim[0] % lay->dim[1]) - lay->ng,
                      (int)(r / ((long)lay->dim[0] * lay->dim[1])) - lay->ng};
    *valid = 1;
    for (int a = 0; a < 3; a++) {
        g[a] = p[a] * lay->box[a] + l[a];
        *valid = *valid && l[a] >= 0 && l[a] < lay->box[a];
    }
}

static void run(struct device *dev, const char *what, int nx, int ny, int nz, const char *boundary, int fills, int sums)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%de-6, %de-6, %de-6}, max_box = 8 },\n"
                   "  boundary = %s, steps = 1,\n"
                   "}\n",
                   nx, ny, nz, nx, ny, nz, boundary);
    struct sim *s = fixture_sim(&cfg, dev);
    const struct gen_layout *lay = &s->ctx.lay;
    const long n = lay->comp_stride;
    int pec[3];
    for (int a = 0; a < 3; a++)
        pec[a] = cfg.field_boundary[a][0] != CFG_BOUNDARY_PERIODIC;

    /* FillBoundary of E and B: valid cells hold 1 + their global index, guards junk */
    double *F = malloc((size_t)(6 * n) * sizeof(double));
    for (int c = 0; c < 6; c++)
        for (long at = 0; at < n; at++) {
            int g[3], valid;
            global_of(lay, at, g, &valid);
            F[c * n + at] = valid ? 1 + g[0] + lay->cells[0] * (g[1] + lay->cells[1] * g[2]) + 1e5 * c : -12345;
        }
    write_all(s, F, FC_EX, 6);
    CHECK(fields_fill_group(&s->fields, &s->ctx, XG_FILL_EB, fixture_err, sizeof fixture_err) == 0);
    double *got = read_all(s, FC_EX, 6);
    long wrong = 0;
    for (int c = 0; c < 6; c++) {
        double off[3];
        gen_stagger((enum field_comp)c, off);
        for (long at = 0; at < n; at++) {
            int g[3], valid, T[3], sign = 1;
            global_of(lay, at, g, &valid);
            for (int a = 0; a < 3; a++)
                sign *= source(g[a], pec[a], off[a] > 0, lay->cells[a], &T[a]);
            const double want = sign ? sign * (1 + T[0] + lay->cells[0] * (T[1] + lay->cells[1] * T[2]) + 1e5 * c) : 0;
            wrong += got[c * n + at] != want;
        }
    }
    REPORT("%s: FillBoundary of E, B: %ld of %ld allocated cells differ from the rule", what, wrong, 6 * n);
    CHECK(wrong == 0);
    free(got);

    /* SumBoundary of J and rho on ones everywhere: each valid cell ends at the product over the
     * axes of the signed counts of cells whose value is its own */
    for (long i = 0; i < 4 * n; i++)
        F[i] = 1;
    write_all(s, F, FC_JX, 4);
    CHECK(fields_sum_J(&s->fields, &s->ctx, fixture_err, sizeof fixture_err) == 0);
    CHECK(fields_sum_rho(&s->fields, &s->ctx, fixture_err, sizeof fixture_err) == 0);
    got = read_all(s, FC_JX, 4);
    wrong = 0;
    long zeros = 0, checked = 0;
    double largest = 0;
    for (int c = 0; c < 4; c++) {
        double off[3];
        gen_stagger((enum field_comp)(FC_JX + c), off);
        for (long at = 0; at < n; at++) {
            int g[3], valid;
            global_of(lay, at, g, &valid);
            if (!valid)
                continue;
            double want = 1;
            for (int a = 0; a < 3; a++)
                want *= weight(g[a], pec[a], off[a] > 0, lay->box[a], lay->nbox[a], lay->ng);
            wrong += got[c * n + at] != want;
            zeros += want == 0;
            largest = fmax(largest, want);
            checked++;
        }
    }
    REPORT("%s: SumBoundary of J, rho on ones: %ld of %ld valid cells differ (%ld zero, largest %.0f); %d fill and "
           "%d sum plans, fill_EB in %d launches",
           what, wrong, checked, zeros, largest, s->fields.guards.n_fill, s->fields.guards.n_sum,
           s->fields.guards.n_launch[XG_FILL_EB]);
    CHECK(wrong == 0);
    CHECK(largest > 1);
    /* components that map alike share one plan: every one when all axes wrap; by staggering
     * across the walls otherwise */
    CHECK(s->fields.guards.n_fill == fills && s->fields.guards.n_sum == sums);
    free(got);
    free(F);
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    /* 2 x 2 x 2 periodic boxes: each neighbour's guards alias the faces, edges, corners */
    run(&dev, "periodic, 2 x 2 x 2 boxes", 16, 16, 16, "{ field = 'periodic', particles = 'periodic' }", 1, 1);
    /* PEC x with two boxes along it, one periodic box along y and z (a box its own neighbour) */
    run(&dev, "pec x (2 boxes), periodic y, z (1 box)", 16, 8, 8, "{ field = { x = 'pec' } }", 2, 2);
    /* PEC x with one box, PEC y with two, periodic z: walls meet at edges */
    run(&dev, "pec x (1 box), pec y (2 boxes), periodic z", 8, 16, 16, "{ field = { x = 'pec', y = 'pec' } }", 4, 3);
    device_close(&dev);
    return check_finish();
}
