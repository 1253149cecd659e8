/* langmuir.h: one run of inputs/langmuir.lua, measured: the sin(k x) mode of Ex at every step
 * and the frequency of the sinusoid that fits it. Shared by the tests that check a frequency
 * (test_langmuir, test_gather_deposit); each compares it with its own prediction. */
#ifndef PICL_LANGMUIR_H
#define PICL_LANGMUIR_H

#include <unistd.h>

#include "fit.h"
#include "fixture.h"

#define LANGMUIR_INPUT "inputs/langmuir.lua"

struct langmuir_run {
    struct picl_config cfg;
    int steps;
    double dt, dx, k; /* s, m, 1/m */
    double omega_pe, omega_leapfrog; /* the plasma frequency, and as the leapfrog sees it */
    double omega; /* measured, rad/s */
    double amplitude; /* the mode at t = 0, V/m */
    double gauss; /* the charge-conservation residual at the end */
    double seconds; /* wall time of the run */
};

/* Runs the documented input (from the repository root, as `make test` does) with `sets`. */
static inline void langmuir_measure(const char *const *sets, int n_sets, struct langmuir_run *r)
{
    memset(r, 0, sizeof *r);
    if (access(LANGMUIR_INPUT, R_OK) != 0) {
        printf("FAIL: %s not found; run the test from the repository root\n", LANGMUIR_INPUT);
        exit(1);
    }
    if (cfg_load(&r->cfg, LANGMUIR_INPUT, sets, n_sets, fixture_err, sizeof fixture_err)) {
        printf("FAIL: %s does not load: %s\n", LANGMUIR_INPUT, fixture_err);
        exit(1);
    }
    const double n0 = fit_constant(&r->cfg, "n0");
    r->k = fit_constant(&r->cfg, "k");
    r->dt = r->cfg.dt;
    r->steps = (int)r->cfg.steps;
    r->omega_pe = sqrt(n0 * PICL_Q_E * PICL_Q_E / (PICL_EPS0 * PICL_M_E));
    r->omega_leapfrog = 2 / r->dt * asin(r->omega_pe * r->dt / 2);
    const double t0 = fixture_seconds();
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&r->cfg, &dev);
    const int *nc = s->ctx.lay.cells;
    const double x0 = s->ctx.lay.lower[0];
    const long cells = (long)nc[0] * nc[1] * nc[2];
    r->dx = s->ctx.lay.dx[0];
    double *a = malloc(sizeof(double) * (r->steps + 1));
    double *proj = malloc(sizeof(double) * nc[0]);
    /* the sin(k x) mode of Ex, which sits at x = (i + 1/2) dx */
    for (int i = 0; i < nc[0]; i++)
        proj[i] = sin(r->k * (x0 + (i + 0.5) * r->dx)) * 2.0 / (double)cells;
    for (int n = 0; n <= r->steps; n++) {
        if (n > 0)
            fixture_steps(s, 1);
        double *ex = fixture_field(s, FC_EX);
        a[n] = 0;
        for (long c = 0; c < cells; c++)
            a[n] += ex[c] * proj[c % nc[0]];
        free(ex);
    }
    r->gauss = fixture_gauss(s);
    r->omega = fit_frequency(a, r->steps + 1, r->dt, r->omega_pe);
    r->amplitude = a[0];
    r->seconds = fixture_seconds() - t0;
    free(a);
    free(proj);
    fixture_free_sim(s);
    device_close(&dev);
}

#endif
