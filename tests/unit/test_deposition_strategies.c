/* test_deposition_strategies.c: the two ways of accumulating J agree. "deterministic" (one
 * work item per box, plain additions) gives the same bits on every run; "global_atomics" (a
 * work item per particle, atomic additions in whatever order the threads arrive) agrees with
 * it to round-off and conserves charge as well. */
#include "check.h"
#include "fixture.h"

static const char *const input =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6}, max_box = 8 },\n"
    "  steps = 10, shape_order = %d, precision = '%s', deposition_strategy = '%s', work_group = %s,\n"
    "  species = { { name = 'electrons', particle = 'electron', density = 1e25, ppc = 2, u_th = 0.1 },\n"
    "              { name = 'ions', particle = 'proton', density = 1e25, ppc = 2, frozen = true } },\n"
    "}\n";

/* J (x, y, z, one after the other) and the Gauss residual after `steps` steps. */
static double *run_wg(struct device *dev, int order, const char *precision, const char *strategy, const char *wg,
                      int steps, double *residual)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, input, order, precision, strategy, wg);
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, steps);
    const size_t n = 16 * 16 * 16;
    double *j = malloc(3 * n * sizeof(double));
    for (int c = 0; c < 3; c++) {
        double *f = fixture_field(s, (enum field_comp)(FC_JX + c));
        memcpy(j + c * n, f, n * sizeof(double));
        free(f);
    }
    sim_gauss(s, 0, residual, fixture_err, sizeof fixture_err);
    fixture_free_sim(s);
    return j;
}

static double *run(struct device *dev, int order, const char *precision, const char *strategy, int steps,
                   double *residual)
{
    return run_wg(dev, order, precision, strategy, "{}", steps, residual);
}

static double max_rel_diff(const double *a, const double *b, size_t n)
{
    double d = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        d = fmax(d, fabs(a[i] - b[i]));
        m = fmax(m, fabs(a[i]));
    }
    return m > 0 ? d / m : d;
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    const size_t n = 3 * 16 * 16 * 16;
    for (int order = 1; order <= 3; order += 2) {
        double r1, r2, r3;
        double *a = run(&dev, order, "double", "deterministic", 10, &r1);
        double *b = run(&dev, order, "double", "deterministic", 10, &r2);
        double *g = run(&dev, order, "double", "global_atomics", 10, &r3);
        const int same = memcmp(a, b, n * sizeof(double)) == 0;
        const double diff = max_rel_diff(a, g, n);
        REPORT("order %d: deterministic twice: %s; global_atomics vs deterministic: %.2e; residuals %.1e, %.1e", order,
               same ? "bitwise identical" : "DIFFERENT", diff, r1, r3);
        CHECK(same);
        CHECK(diff < 1e-12);
        CHECK(r1 < 1e-11 && r3 < 1e-11);
        free(a);
        free(b);
        free(g);
    }
    /* work-group sizes: the deterministic J does not move by a bit; atomics stay at round-off */
    {
        double r, rw, ra, rb;
        double *a = run(&dev, 1, "double", "deterministic", 10, &r);
        double *w = run_wg(&dev, 1, "double", "deterministic", "{cells = {8, 4, 2}}", 10, &rw);
        double *g16 = run_wg(&dev, 1, "double", "global_atomics", "{particles = 16}", 10, &ra);
        double *g64 = run_wg(&dev, 1, "double", "global_atomics", "{particles = 64, cells = {4, 4, 4}}", 10, &rb);
        const int same = memcmp(a, w, n * sizeof(double)) == 0;
        REPORT("work groups: deterministic with cells {8,4,2} %s; global_atomics 16 / 64 vs deterministic %.2e / %.2e",
               same ? "bitwise identical" : "DIFFERENT", max_rel_diff(a, g16, n), max_rel_diff(a, g64, n));
        CHECK(same);
        CHECK(max_rel_diff(a, g16, n) < 1e-12);
        CHECK(max_rel_diff(a, g64, n) < 1e-12);
        free(a), free(w), free(g16), free(g64);
    }
    double r1, r3;
    double *a = run(&dev, 3, "float", "deterministic", 10, &r1);
    double *g = run(&dev, 3, "float", "global_atomics", 10, &r3);
    const double diff = max_rel_diff(a, g, n);
    REPORT("float, order 3: global_atomics vs deterministic: %.2e; residuals %.1e, %.1e", diff, r1, r3);
    CHECK(diff < 1e-4);
    CHECK(r1 < 1e-4 && r3 < 1e-4);
    free(a);
    free(g);
    device_close(&dev);
    return check_finish();
}
