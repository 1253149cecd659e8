/* test_expr_device.c: the device's complete check of the input's expressions (runtime/exprs_verify.c):
 * a value that is bad at one point the host's thinned check steps over is found there, with the
 * key and the position; fields, applied fields and laser profiles are checked at their own points;
 * and a 128^3 grid is checked in a stated time. */
#include <string.h>
#include <time.h>

#include "bare_config.h"
#include "check.h"
#include "device.h"
#include "exprs.h"
#include "exprs_verify.h"

static char err[4096];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void set_expr(struct cfg_expr *e, const char *key, const char *text)
{
    snprintf(e->text, sizeof e->text, "%s", text);
    snprintf(e->key, sizeof e->key, "%s", key);
    snprintf(e->where, sizeof e->where, "in.lua:9");
}

static void add_constant(struct picl_config *cfg, const char *name, double value)
{
    snprintf(cfg->constants[cfg->n_constants].name, sizeof cfg->constants[0].name, "%s", name);
    cfg->constants[cfg->n_constants++].value = value;
}

/* n^3 cells over 10 um, one species "e" of ppc^3 with density `density`. */
static struct picl_config *config(int n, int ppc, const char *density)
{
    static struct picl_config cfg;
    cfg = bare_config(n, n > 64 ? 64 : n);
    add_constant(&cfg, "n0", 1e24);
    struct cfg_species *sp = &cfg.species[0];
    snprintf(sp->name, sizeof sp->name, "e");
    snprintf(sp->where, sizeof sp->where, "in.lua:3");
    sp->charge = -1.602176634e-19; /* the electron's: within the bounds of gen_exprs_check */
    sp->mass = 9.1093837015e-31;
    set_expr(&sp->density_expr, "species.e.density", density);
    snprintf(sp->density_expr.where, sizeof sp->density_expr.where, "in.lua:4");
    for (int a = 0; a < 3; a++)
        sp->ppc[a] = ppc;
    cfg.dt = 1e-15;
    cfg.steps = 5;
    return &cfg;
}

/* Bad at the one candidate of cell (1, 100, 37) of a 256^3 grid (dx = 10 um / 256): not on the
 * host's lattice of 161 cells per axis (2^22 points), so only the device's check sees it. */
static void test_one_bad_cell(const struct device *dev)
{
    const double dx = 1e-5 / 256;
    struct picl_config *cfg =
        config(256, 1, "(fabs(x - X1) < h && fabs(y - Y1) < h && fabs(z - Z1) < h) ? -1 : n0");
    add_constant(cfg, "X1", 1.5 * dx);
    add_constant(cfg, "Y1", 100.5 * dx);
    add_constant(cfg, "Z1", 37.5 * dx);
    add_constant(cfg, "h", 0.25 * dx);
    CHECK(gen_exprs_check(cfg, err, sizeof err) == 0); /* the host's thinned sweep steps over it */
    const double t0 = now();
    const int rc = exprs_verify(cfg, dev, err, sizeof err);
    REPORT("256^3 cells, 1 per cell: device check %.2f s: %s", now() - t0, err);
    CHECK(rc != 0 && strstr(err, "in.lua:4: species.e.density: is negative at (x, y, z) = (5.85938e-08, 3.92578e-06, "
                                 "1.46484e-06) m (the first such point)") &&
          strstr(err, "(got -1)"));
}

static void test_kinds(const struct device *dev)
{
    /* a field at its Yee position: Ey half a cell along y */
    struct picl_config *cfg = config(32, 1, "n0");
    set_expr(&cfg->init_E[1], "fields.Ey", "1/(y - 4.84375e-6)");
    CHECK(exprs_verify(cfg, dev, err, sizeof err) != 0 &&
          strstr(err, "in.lua:9: fields.Ey: is inf at (x, y, z) = (0, 4.84375e-06, 0) m"));
    /* an applied field at a node and one of its 16 times over the run */
    cfg = config(32, 1, "n0");
    cfg->steps = 30;
    set_expr(&cfg->applied.B[2], "applied_fields.Bz", "t > 1.5e-14 && x > 9e-6 ? log(0.0) : 1");
    CHECK(exprs_verify(cfg, dev, err, sizeof err) != 0 &&
          strstr(err, "applied_fields.Bz: is -inf at (x, y, z) = (9.0625e-06, 0, 0) m and t = 1.6e-14 s"));
    /* a laser profile at one step of 5000 (the host thins the steps past 2^22 points) */
    cfg = config(64, 1, "n0");
    cfg->steps = 5000;
    cfg->n_lasers = 1;
    cfg->lasers[0].axis = 2;
    cfg->lasers[0].has_profile = 1;
    snprintf(cfg->lasers[0].name, sizeof cfg->lasers[0].name, "a"); /* base/ident.c */
    set_expr(&cfg->lasers[0].profile, "lasers.a.profile", "fabs(t - 3.333e-12) < 2e-16 ? sqrt(-1.0) : 0");
    CHECK(gen_exprs_check(cfg, err, sizeof err) == 0);
    CHECK(exprs_verify(cfg, dev, err, sizeof err) != 0 &&
          strstr(err, "lasers.a.profile: is NaN at (x, y, z) = (0, 0, 0) m and t = 3.333e-12 s"));
    /* a temperature outside the species' region is never evaluated, so never refused */
    cfg = config(16, 2, "n0");
    set_expr(&cfg->species[0].kT_expr, "species.e.temperature", "x < 5e-6 ? -1 : 10");
    cfg->species[0].has_region = 1;
    for (int a = 0; a < 3; a++) {
        cfg->species[0].region_lower[a] = a == 0 ? 5e-6 : 0;
        cfg->species[0].region_upper[a] = 1e-5;
    }
    CHECK(exprs_verify(cfg, dev, err, sizeof err) == 0);
}

/* 128^3 cells with 8 candidates each (16.8 M densities) and an initial field (2.1 M values):
 * the check's time, program build included; it must stay under 20 s on two shared CPU cores. */
static void test_time(const struct device *dev)
{
    struct picl_config *cfg = config(128, 2, "n0*(1 + 0.5*cos(x/1e-6)*sin(y/2e-6))");
    set_expr(&cfg->init_E[0], "fields.Ex", "1e9*exp(-(y*y + z*z)/1e-11)");
    const double t0 = now();
    const int rc = exprs_verify(cfg, dev, err, sizeof err);
    const double took = now() - t0;
    REPORT("128^3 cells, 8 per cell, plus Ex: device check %.2f s (%s)", took, dev->name);
    CHECK(rc == 0);
    CHECK(took < 20);
}

int main(void)
{
    struct device dev;
    if (device_open(&dev, getenv("PICL_DEVICE"), err, sizeof err)) {
        printf("FAIL: %s\n", err);
        return 1;
    }
    test_one_bad_cell(&dev);
    test_kinds(&dev);
    test_time(&dev);
    device_close(&dev);
    return check_finish();
}
