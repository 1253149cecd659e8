/* test_sort.c: the counting sort by bin is a permutation (no particle lost or duplicated),
 * leaves every box's particles in non-decreasing bin order, and changes no physics. The same
 * for simd_cells' sort, in place through its cell list, by cell (bins of one cell). */
#include <stdint.h>

#include "check.h"
#include "fixture.h"

static const char *const input =
    FIXTURE_INPUT_IDS
    "  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6}, max_box = 8 },\n"
    "  steps = 40, shape_order = 3, precision = '%s', deposition_strategy = '%s',\n"
    "  species = { { name = 'electrons', particle = 'electron', density = 1e25, ppc = 2, u_th = 0.1 },\n"
    "              { name = 'ions', particle = 'proton', density = 1e25, ppc = 2, frozen = true } },\n"
    "  sort = { interval = %d, bin_size = {%d, %d, %d} },\n"
    "}\n";

static int compare_ids(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs `steps`; returns the total energy and residual, and checks order after the last sort. */
static void run_strategy(struct device *dev, const char *strategy, const char *precision, int interval, const int bin[3],
                         int steps, double *energy, double *residual, int check_order)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, input, precision, strategy, interval, bin[0], bin[1], bin[2]);
    struct sim *s = fixture_sim(&cfg, dev);
    struct species *sp = &s->species[0];
    long before = 0;
    particles_check(sp, &s->ctx, &before, fixture_err, sizeof fixture_err);
    fixture_steps(s, steps);
    double we, wb, kin;
    fields_energy(&s->fields, &s->ctx, &we, &wb, fixture_err, sizeof fixture_err);
    particles_kinetic(sp, &s->ctx, &kin, fixture_err, sizeof fixture_err);
    *energy = we + wb + kin;
    sim_gauss(s, 0, residual, fixture_err, sizeof fixture_err);
    if (check_order) {
        long n = 0;
        particles_check(sp, &s->ctx, &n, fixture_err, sizeof fixture_err);
        double *id = malloc(sizeof(double) * (size_t)n), *x = malloc(sizeof(double) * (size_t)n);
        double *y = malloc(sizeof(double) * (size_t)n), *z = malloc(sizeof(double) * (size_t)n);
        particles_read(sp, &s->ctx, PA_ID, id, fixture_err, sizeof fixture_err);
        particles_read(sp, &s->ctx, PA_X, x, fixture_err, sizeof fixture_err);
        particles_read(sp, &s->ctx, PA_Y, y, fixture_err, sizeof fixture_err);
        particles_read(sp, &s->ctx, PA_Z, z, fixture_err, sizeof fixture_err);
        /* bins within each box are non-decreasing; particles_read goes box by box */
        long m = 0, disorder = 0;
        for (int b = 0; b < s->ctx.lay.n_boxes; b++) {
            long count = sp->boxes_host[b * BT_STRIDE + BT_COUNT];
            int last = -1;
            for (long k = 0; k < count; k++, m++) {
                int bi = ((int)x[m] % 8) / bin[0], bj = ((int)y[m] % 8) / bin[1], bk = ((int)z[m] % 8) / bin[2];
                int nb = (8 + bin[0] - 1) / bin[0], nbj = (8 + bin[1] - 1) / bin[1];
                int key = bi + nb * (bj + nbj * bk);
                disorder += key < last;
                last = key;
            }
        }
        qsort(id, (size_t)n, sizeof *id, compare_ids);
        long dup = 0;
        for (long i = 1; i < n; i++)
            dup += id[i] == id[i - 1];
        REPORT("%s, sorted every %d steps, bins %dx%dx%d: %ld particles (%ld before), %ld duplicate ids, %ld out of "
               "order", strategy, interval, bin[0], bin[1], bin[2], n, before, dup, disorder);
        CHECK(n == before);
        CHECK(dup == 0);
        CHECK(id[0] >= 0 && id[n - 1] < 16.0 * 16 * 16 * 8);
        CHECK(disorder == 0);
        free(id), free(x), free(y), free(z);
    }
    fixture_free_sim(s);
}

static void run(struct device *dev, const char *precision, int interval, const int bin[3], int steps, double *energy,
                double *residual, int check_order)
{
    run_strategy(dev, "deterministic", precision, interval, bin, steps, energy, residual, check_order);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    const int one[3] = {1, 1, 1}, two[3] = {2, 2, 2}, mixed[3] = {4, 2, 1};
    double e0, r0, e1, r1, e2, r2;
    run(&dev, "double", 0, one, 40, &e0, &r0, 0);
    run(&dev, "double", 4, two, 40, &e1, &r1, 1); /* 40 is a multiple of 4: sorted after the last step */
    run(&dev, "double", 1, mixed, 40, &e2, &r2, 1);
    REPORT("total energy unsorted %.15e, sorted every 4 %.15e (%.1e), every step %.15e (%.1e)", e0, e1,
           fabs(e1 / e0 - 1), e2, fabs(e2 / e0 - 1));
    REPORT("charge residual unsorted %.1e, sorted %.1e, %.1e", r0, r1, r2);
    CHECK_NEAR(e1, e0, 1e-12);
    CHECK_NEAR(e2, e0, 1e-12);
    CHECK(r1 < 1e-11 && r2 < 1e-11);
    /* simd_cells sorts by cell whatever bin_size says: checked as bins of one cell */
    double ev, rv;
    run_strategy(&dev, "simd_cells", "double", 4, one, 40, &ev, &rv, 1);
    REPORT("simd_cells sorted every 4: total energy %.15e (%.1e from deterministic unsorted), residual %.1e", ev,
           fabs(ev / e0 - 1), rv);
    CHECK_NEAR(ev, e0, 1e-12);
    CHECK(rv < 1e-11);
    /* float: 4-byte elements reordered through 8-byte scratch slots, 8 boxes sorting at once */
    double ef0, rf0, ef1, rf1;
    run(&dev, "float", 0, one, 40, &ef0, &rf0, 0);
    run(&dev, "float", 2, two, 40, &ef1, &rf1, 1);
    REPORT("float: total energy unsorted %.7e, sorted every 2 %.7e (%.1e); residuals %.1e, %.1e", ef0, ef1,
           fabs(ef1 / ef0 - 1), rf0, rf1);
    CHECK_NEAR(ef1, ef0, 1e-4);
    CHECK(rf1 < 1e-4);
    device_close(&dev);
    return check_finish();
}
