/* test_memory.c: the arena and allocation counters prove that the time loop allocates
 * nothing, the estimate `picl check` prints matches the measured peak, and running out of
 * device memory gives a message a user can act on. */
#include "check.h"
#include "estimate.h"
#include "fixture.h"
#include "mem.h"

static const char *const uniform =
    FIXTURE_INPUT
    "  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6}, max_box = 8 },\n"
    "  steps = 200, shape_order = 3,\n"
    "  species = { { name = 'electrons', particle = 'electron', density = 1e25, ppc = 2, u_th = 0.2, seed = 3 },\n"
    "              { name = 'ions', particle = 'proton', density = 1e25, ppc = 1, frozen = true } },\n"
    "  sort = { interval = 4, bin_size = 2 },\n"
    "}\n";

/* 200 steps, hot electrons (u_th = 0.2: many cross box edges every step), sorting every 4. */
static void test_steady_state(struct device *dev)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, "%s", uniform);
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, 10);
    const long buffers = s->ctx.arena.stats.buffers_created;
    const struct mem_stats before = mem_get_stats();
    fixture_steps(s, 190);
    const struct mem_stats after = mem_get_stats();
    long count;
    particles_check(&s->species[0], &s->ctx, &count, fixture_err, sizeof fixture_err);
    REPORT("steps 11-200: %ld OpenCL buffers created, %ld host allocations, %ld frees; %ld electrons",
           s->ctx.arena.stats.buffers_created - buffers, after.allocs - before.allocs, after.frees - before.frees,
           count);
    CHECK(s->ctx.arena.stats.buffers_created == buffers);
    CHECK(after.allocs == before.allocs);
    CHECK(count == 16L * 16 * 16 * 8);
    fixture_free_sim(s);
}

static void test_estimate(struct device *dev, const char *what, const char *const *sets, int n_sets)
{
    struct picl_config cfg;
    fixture_config(&cfg, sets, n_sets, "%s", uniform);
    struct memory_estimate m;
    CHECK(estimate_memory(&cfg, &dev->facts, &m, fixture_err, sizeof fixture_err) == 0);
    struct sim *s = fixture_sim(&cfg, dev);
    double peak = (double)s->ctx.arena.stats.peak;
    REPORT("%s: estimate %.2f MiB, measured arena peak %.2f MiB (%+.2f%%)", what, m.peak / 1048576.0,
           peak / 1048576.0, 100.0 * (m.peak / peak - 1));
    CHECK_NEAR(m.peak, peak, 0.10);
    fixture_free_sim(s);
}

/* The estimate on an input file as a user writes it (run from the source tree's root). */
static void test_estimate_input(struct device *dev, const char *path)
{
    struct picl_config *cfg = calloc(1, sizeof *cfg);
    if (cfg_load(cfg, path, NULL, 0, fixture_err, sizeof fixture_err)) {
        printf("FAIL: %s: %s\n", path, fixture_err);
        check_failed++;
        free(cfg);
        return;
    }
    struct memory_estimate m;
    CHECK(estimate_memory(cfg, &dev->facts, &m, fixture_err, sizeof fixture_err) == 0);
    struct sim *s = fixture_sim(cfg, dev);
    double peak = (double)s->ctx.arena.stats.peak;
    REPORT("%s: estimate %.2f MiB, measured arena peak %.2f MiB (%+.2f%%)", path, m.peak / 1048576.0,
           peak / 1048576.0, 100.0 * (m.peak / peak - 1));
    CHECK_NEAR(m.peak, peak, 0.10);
    fixture_free_sim(s);
    free(cfg);
}

/* A device limit too small for the particles: the message says what was asked, what is
 * free and in how many pieces, the peak, and the setting that raises the limit. */
static void test_exhaustion(struct device *dev)
{
    struct picl_config cfg;
    const char *sets[] = {"memory.device=4 MiB"};
    fixture_config(&cfg, sets, 1, "%s", uniform);
    /* picl run and picl check refuse it from the estimate, before allocating anything */
    CHECK(sim_check_memory(&cfg, dev, fixture_err, sizeof fixture_err) != 0);
    REPORT("before allocating: %s", fixture_err);
    CHECK(strstr(fixture_err, "36864 particles") != NULL);
    CHECK(strstr(fixture_err, "memory.device") != NULL);
    /* and the arena itself, when asked for more than it has */
    struct sim *s = calloc(1, sizeof *s);
    s->ctx.cfg = &cfg;
    s->ctx.dev = dev;
    int rc = arena_init(&s->ctx.arena, dev->context, dev->id, 4 << 20, 0, "memory.device", fixture_err,
                        sizeof fixture_err);
    struct arena_buf fields, big;
    rc = rc || arena_alloc(&s->ctx.arena, 3 << 20, "fields E, B, J, rho", &fields, fixture_err, sizeof fixture_err);
    CHECK(rc == 0);
    rc = arena_alloc(&s->ctx.arena, 2 << 20, "species electrons w", &big, fixture_err, sizeof fixture_err);
    REPORT("message: %s", fixture_err);
    CHECK(rc != 0);
    CHECK(strstr(fixture_err, "cannot allocate") != NULL);
    CHECK(strstr(fixture_err, "electrons") != NULL);
    CHECK(strstr(fixture_err, "piece") != NULL);
    CHECK(strstr(fixture_err, "peak") != NULL);
    CHECK(strstr(fixture_err, "memory.device") != NULL);
    arena_free(&s->ctx.arena, &fields);
    sim_destroy(s);
    free(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_steady_state(&dev);
    const char *no_sort[] = {"sort.interval=0"};
    const char *order1[] = {"shape_order=1", "precision='float'"};
    test_estimate(&dev, "uniform, sorted", NULL, 0);
    test_estimate(&dev, "uniform, unsorted", no_sort, 1);
    test_estimate(&dev, "uniform, order 1, float", order1, 2);
    test_estimate_input(&dev, "inputs/langmuir.lua");
    test_estimate_input(&dev, "inputs/uniform_plasma.lua");
    test_exhaustion(&dev);
    device_close(&dev);
    return check_finish();
}
