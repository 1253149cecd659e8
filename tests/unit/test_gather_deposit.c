/* test_gather_deposit.c: the momentum-conserving gather and the direct deposition give the cold
 * plasma oscillation of inputs/langmuir.lua at the plasma frequency, to 1%.
 *
 * The reference is omega_pe as the leapfrog sees it, (2/dt) asin(omega_pe dt / 2). The test
 * also prints what the grid predicts for the wave's k (theta = k dx / 2, shape order p, aliases
 * left out): a particle's current reaches E_x through the deposition's shape and E_x reaches the
 * particle through the gather's, and omega^2 = omega_pe^2 times the product of their Fourier
 * transforms:
 *   momentum-conserving gather + Esirkepov: J_x as the order p - 1 shape along x, sinc^p; the
 *     node average, cos(theta); the order-p nodal gather, sinc^(p+1)   -> sinc^(2p+1) cos
 *   energy-conserving gather + direct: J_x with the order-p shape, sinc^(p+1); the order p - 1
 *     gather of E_x, sinc^p                                             -> sinc^(2p+1)
 * 0.06% to 0.2% below omega_pe at 64 cells per wavelength; measured within 3e-7 of it.
 *
 * Direct deposition does not conserve charge: the Gauss residual, against its reference taken
 * at start-up, grows; the test reports it and checks that it is no longer at round-off (so the
 * diagnostic can tell), while the momentum-conserving gather with Esirkepov keeps it there. */
#include "check.h"
#include "fixture.h"

#define INPUT "inputs/langmuir.lua"

static double constant(const struct picl_config *cfg, const char *name)
{
    for (int i = 0; i < cfg->n_constants; i++)
        if (strcmp(cfg->constants[i].name, name) == 0)
            return cfg->constants[i].value;
    printf("FAIL: %s defines no constant '%s'\n", INPUT, name);
    exit(1);
}

/* Residual of the least-squares fit a[n] ~ C + A cos(w t_n) + B sin(w t_n). */
static double fit_residual(const double *a, int n, double dt, double w)
{
    double M[3][4] = {{0}};
    for (int i = 0; i < n; i++) {
        double f[3] = {1, cos(w * i * dt), sin(w * i * dt)};
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++)
                M[r][c] += f[r] * f[c];
            M[r][3] += f[r] * a[i];
        }
    }
    for (int p = 0; p < 3; p++) /* Gauss-Jordan; the matrix is positive definite */
        for (int r = 0; r < 3; r++)
            if (r != p) {
                double m = M[r][p] / M[p][p];
                for (int c = p; c < 4; c++)
                    M[r][c] -= m * M[p][c];
            }
    double res = 0;
    for (int i = 0; i < n; i++) {
        double fit = M[0][3] / M[0][0] + M[1][3] / M[1][1] * cos(w * i * dt) + M[2][3] / M[2][2] * sin(w * i * dt);
        res += (a[i] - fit) * (a[i] - fit);
    }
    return res;
}

/* The frequency of the best-fitting sinusoid: a scan over [0.8, 1.2] w0, then golden-section
 * search about the best point. */
static double fit_frequency(const double *a, int n, double dt, double w0)
{
    const int scan = 400;
    double best = w0, best_res = INFINITY, step = 0.4 * w0 / scan;
    for (int i = 0; i <= scan; i++) {
        double w = 0.8 * w0 + i * step, r = fit_residual(a, n, dt, w);
        if (r < best_res) {
            best_res = r;
            best = w;
        }
    }
    const double g = 0.5 * (sqrt(5.0) - 1);
    double lo = best - step, hi = best + step;
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = fit_residual(a, n, dt, x1), f2 = fit_residual(a, n, dt, x2);
    for (int it = 0; it < 100 && hi - lo > 1e-12 * w0; it++) {
        if (f1 < f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = fit_residual(a, n, dt, x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = fit_residual(a, n, dt, x2);
        }
    }
    return 0.5 * (lo + hi);
}

struct variant {
    const char *gather, *deposition;
    int order;
};

static void langmuir(const struct variant *v)
{
    char sets_text[3][64];
    snprintf(sets_text[0], sizeof sets_text[0], "gather=%s", v->gather);
    snprintf(sets_text[1], sizeof sets_text[1], "deposition=%s", v->deposition);
    snprintf(sets_text[2], sizeof sets_text[2], "shape_order=%d", v->order);
    const char *sets[] = {sets_text[0], sets_text[1], sets_text[2]};
    struct picl_config cfg;
    if (access(INPUT, R_OK) != 0) {
        printf("FAIL: %s not found; run the test from the repository root\n", INPUT);
        exit(1);
    }
    memset(&cfg, 0, sizeof cfg);
    if (cfg_load(&cfg, INPUT, sets, 3, fixture_err, sizeof fixture_err)) {
        printf("FAIL: %s does not load: %s\n", INPUT, fixture_err);
        exit(1);
    }
    const double n0 = constant(&cfg, "n0"), k = constant(&cfg, "k"), dt = cfg.dt;
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
    for (int n = 0; n <= steps; n++) {
        if (n > 0)
            fixture_steps(s, 1);
        double *ex = fixture_field(s, FC_EX);
        a[n] = 0;
        for (long c = 0; c < cells; c++)
            a[n] += ex[c] * proj[c % nc[0]];
        free(ex);
    }
    double gauss = fixture_gauss(s);
    double omega = fit_frequency(a, steps + 1, dt, omega_pe);
    const int p = v->order, momentum = strcmp(v->gather, "momentum_conserving") == 0;
    const double theta = k * dx / 2, sinc = sin(theta) / theta;
    double factor = pow(sinc, 2 * p + 1) * (momentum ? cos(theta) : 1.0);
    double omega_grid = 2 / dt * asin(omega_pe * sqrt(factor) * dt / 2);
    REPORT("%s gather, %s deposition, order %d (%d steps, %.1f s): omega %.8e rad/s; vs leapfrog omega_pe %+.3e; "
           "vs grid prediction (no aliases) %+.3e; Gauss residual %.1e",
           v->gather, v->deposition, p, steps, fixture_seconds() - t0, omega, omega / omega_leapfrog - 1,
           omega / omega_grid - 1, gauss);
    CHECK_NEAR(omega, omega_leapfrog, 1e-2);
    /* and the grid's own prediction, much tighter: a wrong stagger or shape in the template
     * moves omega by more than (theta^2 / 6 = 4e-4 per order of sinc) */
    CHECK_NEAR(omega, omega_grid, 1e-5);
    /* the wave is there and has the input's amplitude (the test is not fooled by a still field) */
    CHECK_NEAR(a[0], -constant(&cfg, "E0"), 1e-2);
    if (strcmp(v->deposition, "esirkepov") == 0)
        CHECK(gauss < 1e-11);
    else
        CHECK(gauss > 1e-9);
    free(a);
    free(proj);
    fixture_free_sim(s);
    device_close(&dev);
}

int main(void)
{
    const struct variant variants[] = {
        {"momentum_conserving", "esirkepov", 1},
        {"momentum_conserving", "esirkepov", 3},
        {"energy_conserving", "direct", 1},
        {"energy_conserving", "direct", 3},
    };
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++)
        langmuir(&variants[i]);
    return check_finish();
}
