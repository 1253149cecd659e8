/* test_langmuir.c: the cold plasma oscillation of inputs/langmuir.lua has the plasma frequency
 * omega_pe = sqrt(n0 q_e^2 / (eps0 m_e)), to 1%, with shape orders 1, 2 and 3.
 *
 * The reference is omega_pe as the leapfrog sees it, (2/dt) asin(omega_pe dt / 2) (2e-4 above
 * omega_pe here). The test also prints the frequency the grid predicts for this k: with the
 * energy-conserving gather the field acts on a particle through the shape of order p - 1
 * along x, whose Fourier transform is sinc(k dx / 2)^p, and summed over the grid's aliases
 * k + 2 pi q / dx this gives omega^2 = omega_pe^2 sum_q sinc^(2p)(k dx / 2 + pi q): exactly
 * omega_pe for p = 1, 0.08% (p = 2) and 0.12% (p = 3) below it at 64 cells per wavelength.
 *
 * Runs the documented input itself (from the repository root, as `make test` does), so the
 * example stays correct. */
#include "check.h"
#include "fit.h"
#include "fixture.h"

#define INPUT "inputs/langmuir.lua"


static void langmuir(int order)
{
    char set[64];
    snprintf(set, sizeof set, "shape_order=%d", order);
    const char *sets[] = {set};
    struct picl_config cfg;
    if (access(INPUT, R_OK) != 0) {
        printf("FAIL: %s not found; run the test from the repository root\n", INPUT);
        exit(1);
    }
    memset(&cfg, 0, sizeof cfg);
    if (cfg_load(&cfg, INPUT, sets, 1, fixture_err, sizeof fixture_err)) {
        printf("FAIL: %s does not load: %s\n", INPUT, fixture_err);
        exit(1);
    }
    const double n0 = fit_constant(&cfg, "n0"), k = fit_constant(&cfg, "k"), dt = cfg.dt;
    const double omega_pe = sqrt(n0 * PICL_Q_E * PICL_Q_E / (PICL_EPS0 * PICL_M_E));
    const double omega_leapfrog = 2 / dt * asin(omega_pe * dt / 2);
    double t0 = fixture_seconds();
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const int *nc = s->ctx.lay.cells;
    const double dx = s->ctx.lay.dx[0], x0 = s->ctx.lay.lower[0];
    const long cells = (long)nc[0] * nc[1] * nc[2];
    const int steps = (int)cfg.steps;
    double *a = malloc(sizeof(double) * (steps + 1));
    double *proj = malloc(sizeof(double) * nc[0]);
    /* the sin(k x) mode of Ex, which sits at x = (i + 1/2) dx */
    for (int i = 0; i < nc[0]; i++)
        proj[i] = sin(k * (x0 + (i + 0.5) * dx)) * 2.0 / (double)cells;
    double g0 = 0;
    for (int n = 0; n <= steps; n++) {
        if (n > 0)
            fixture_steps(s, 1);
        double *ex = fixture_field(s, FC_EX);
        a[n] = 0;
        for (long c = 0; c < cells; c++)
            a[n] += ex[c] * proj[c % nc[0]];
        free(ex);
    }
    g0 = fixture_gauss(s);
    double omega = fit_frequency(a, steps + 1, dt, omega_pe);
    /* the grid's prediction (see the top of the file) */
    double theta = k * dx / 2, alias = 0;
    for (int q = -100000; q <= 100000; q++) {
        double y = theta + PICL_PI * q, sinc = sin(y) / y;
        alias += pow(sinc, 2 * order);
    }
    double omega_grid = 2 / dt * asin(omega_pe * sqrt(alias) * dt / 2);
    REPORT("order %d (%d steps, %.1f periods, %.1f s): omega %.8e rad/s; vs leapfrog omega_pe %.8e: %+.3e; "
           "vs grid prediction %.8e: %+.3e; amplitude %.4g V/m; Gauss residual %.1e",
           order, steps, omega * steps * dt / (2 * PICL_PI), fixture_seconds() - t0, omega, omega_leapfrog,
           omega / omega_leapfrog - 1, omega_grid, omega / omega_grid - 1, a[0], g0);
    CHECK_NEAR(omega, omega_leapfrog, 1e-2);
    /* and, much tighter, the grid's own prediction: what is left (2.5e-5 at order 2) is the
     * particle lattice's aliasing, which the prediction leaves out */
    CHECK_NEAR(omega, omega_grid, 1e-4);
    /* the amplitude is the input's E0, and the test is not fooled by a wave that never moves */
    CHECK_NEAR(a[0], -fit_constant(&cfg, "E0"), 1e-2);
    CHECK(g0 < 1e-11);
    free(a);
    free(proj);
    fixture_free_sim(s);
    device_close(&dev);
}

int main(void)
{
    for (int order = 1; order <= 3; order++)
        langmuir(order);
    return check_finish();
}
