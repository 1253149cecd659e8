/* test_deposition_strategies.c: the four ways of accumulating J agree. "deterministic" (one
 * work item per box, plain additions) gives the same bits on every run; "global_atomics" (a
 * work item per particle, atomic additions in whatever order the threads arrive) and
 * "local_tiles" (a work-group per tile, atomic additions into local memory, then per cell
 * into J) agree with it to round-off, at every shape order, in double and float, with one
 * tile per box or several, and conserve charge as well. "simd_cells" (the particles of a
 * cell, of a dual cell at order 2, as vectors, the lanes of each J row summed before it is added) agrees
 * with deterministic to round-off and is reproducible bit for bit; with 2 particles per cell
 * and u_th = 0.1 its cells hold 0 to ~6 particles (partly filled vectors) and a sixth of the
 * particles leave their cell each step (the scalar path). */
#include "check.h"
#include "fixture.h"

static const char *const input =
    FIXTURE_INPUT
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

/* Checks a against the reference to tol and the Gauss residual r to rtol; reports both. */
static void agree(const char *what, const double *ref, const double *a, size_t n, double tol, double r, double rtol)
{
    const double diff = max_rel_diff(ref, a, n);
    REPORT("%s: %.2e (tolerance %.0e); residual %.1e (tolerance %.0e)", what, diff, tol, r, rtol);
    CHECK(diff < tol);
    CHECK(r < rtol);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    const size_t n = 3 * 16 * 16 * 16;
    char what[160];
    /* double: deterministic is the reference (and twice the same bits), the others agree to
     * round-off; every strategy keeps Gauss's law to round-off */
    double *det1 = NULL;
    for (int order = 1; order <= 3; order++) {
        double r1, r2, r3, r4;
        double *a = run(&dev, order, "double", "deterministic", 10, &r1);
        double *b = run(&dev, order, "double", "deterministic", 10, &r2);
        double *g = run(&dev, order, "double", "global_atomics", 10, &r3);
        double *l = run_wg(&dev, order, "double", "local_tiles", "{particles = 8}", 10, &r4);
        const int same = memcmp(a, b, n * sizeof(double)) == 0;
        REPORT("double, order %d: deterministic twice: %s; residual %.1e", order,
               same ? "bitwise identical" : "DIFFERENT", r1);
        CHECK(same);
        CHECK(r1 < 1e-11);
        {
            double r5, r6;
            double *v = run(&dev, order, "double", "simd_cells", 10, &r5);
            double *v2 = run(&dev, order, "double", "simd_cells", 10, &r6);
            const int same_v = memcmp(v, v2, n * sizeof(double)) == 0;
            REPORT("double, order %d: simd_cells twice: %s", order, same_v ? "bitwise identical" : "DIFFERENT");
            CHECK(same_v);
            snprintf(what, sizeof what, "double, order %d: simd_cells vs deterministic", order);
            agree(what, a, v, n, 1e-12, r5, 1e-11);
            free(v);
            free(v2);
        }
        snprintf(what, sizeof what, "double, order %d: global_atomics vs deterministic", order);
        agree(what, a, g, n, 1e-12, r3, 1e-11);
        snprintf(what, sizeof what, "double, order %d: local_tiles (8 per group) vs global_atomics", order);
        agree(what, g, l, n, 1e-12, r4, 1e-11);
        if (order == 1)
            det1 = a;
        else
            free(a);
        free(b);
        free(g);
        free(l);
    }
    /* float: the same comparisons at float's round-off; J after 10 steps differs by the
     * feedback of a few ulps through the fields, so 1e-4 relative */
    for (int order = 1; order <= 3; order++) {
        double r1, r2;
        double *g = run(&dev, order, "float", "global_atomics", 10, &r1);
        double *l = run_wg(&dev, order, "float", "local_tiles", "{particles = 8}", 10, &r2);
        { /* simd_cells: vectors of 8 floats */
            double r0, r3;
            double *a = run(&dev, order, "float", "deterministic", 10, &r0);
            double *v = run(&dev, order, "float", "simd_cells", 10, &r3);
            snprintf(what, sizeof what, "float, order %d: global_atomics vs deterministic", order);
            agree(what, a, g, n, 1e-4, r0, 1e-4);
            snprintf(what, sizeof what, "float, order %d: simd_cells vs deterministic", order);
            agree(what, a, v, n, 1e-4, r3, 1e-4);
            free(a);
            free(v);
        }
        CHECK(r1 < 1e-4);
        snprintf(what, sizeof what, "float, order %d: local_tiles (8 per group) vs global_atomics", order);
        agree(what, g, l, n, 1e-4, r2, 1e-4);
        free(g);
        free(l);
    }
    /* work-group sizes and tiles: the deterministic J does not move by a bit; the atomic
     * strategies stay at round-off, also with several tiles per box (their guard cells
     * overlap, which is where the tile adds into J with atomics) and work-groups that do not
     * divide the particles. local_tiles with one work item and one tile per box has no atomic
     * at all: the same bits on every run. */
    {
        double rw, ra, rb, rl, rm, rt, ru;
        double *w = run_wg(&dev, 1, "double", "deterministic", "{cells = {8, 4, 2}}", 10, &rw);
        double *g16 = run_wg(&dev, 1, "double", "global_atomics", "{particles = 16}", 10, &ra);
        double *g64 = run_wg(&dev, 1, "double", "global_atomics", "{particles = 64, cells = {4, 4, 4}}", 10, &rb);
        double *l1 = run_wg(&dev, 1, "double", "local_tiles", "{particles = 1}", 10, &rl);
        double *l1b = run_wg(&dev, 1, "double", "local_tiles", "{particles = 1}", 10, &rm);
        double *t4 = run_wg(&dev, 1, "double", "local_tiles", "{tile = 4, particles = 1}", 10, &rt);
        double *t842 = run_wg(&dev, 1, "double", "local_tiles", "{tile = {8, 4, 2}, particles = 7}", 10, &ru);
        const int same = memcmp(det1, w, n * sizeof(double)) == 0, same_l1 = memcmp(l1, l1b, n * sizeof(double)) == 0;
        REPORT("work groups: deterministic with cells {8,4,2} %s; local_tiles with 1 work item per tile twice %s",
               same ? "bitwise identical" : "DIFFERENT", same_l1 ? "bitwise identical" : "DIFFERENT");
        CHECK(same);
        CHECK(same_l1);
        agree("global_atomics, 16 per group, vs deterministic", det1, g16, n, 1e-12, ra, 1e-11);
        agree("global_atomics, 64 per group, vs deterministic", det1, g64, n, 1e-12, rb, 1e-11);
        agree("local_tiles, 1 tile per box, 1 per group, vs deterministic", det1, l1, n, 1e-12, rl, 1e-11);
        agree("local_tiles, 8 tiles of 4^3 per box, 1 per group, vs deterministic", det1, t4, n, 1e-12, rt, 1e-11);
        agree("local_tiles, 16 tiles of 8x4x2 per box, 7 per group, vs deterministic", det1, t842, n, 1e-12, ru,
              1e-11);
        free(w), free(g16), free(g64), free(l1), free(l1b), free(t4), free(t842);
    }
    free(det1);
    device_close(&dev);
    return check_finish();
}
