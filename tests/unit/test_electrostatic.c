/* test_electrostatic.c: solver "electrostatic" (docs/electrostatic.md) against what Poisson's
 * equation gives in closed form.
 * (1) Vacuum between two conductors (x faces at V0 and V1, z periodic; WarpX's 2d_dirichlet_bc
 *     physics) in 2D on 4 x 2 boxes, and in 3D along z on 2 x 2 x 2 boxes: phi linear between them
 *     and Ex uniform, to 1e-9 V (the solve's tolerance is 1e-12 of |b|).
 * (2) A frozen charge rho0 sin(pi z / L) between grounded faces in 1D (4 boxes): phi =
 *     rho0 / eps0 (L / pi)^2 sin(pi z / L); the error of phi and Ez falls by 4 +- 0.4 per halving
 *     of dz (second order), and is below 1e-3 of the peak at 64 cells.
 * (3) The cold 1D Langmuir oscillation (periodic, 2 boxes): the frequency of Ez's mode is
 *     omega_pe as the leapfrog sees it, (2/dt) asin(omega_pe dt / 2), within 1%. */
#include <math.h>

#include "constants.h"
#include "fit.h"
#include "fixture.h"

static void vacuum_2d(void)
{
    const double V0 = 1.5, V1 = -2.0, L = 1e-3;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT "  geometry = '2d',\n"
                   "  grid = { cells = { 32, 16 }, lower = { 0, 0 }, upper = { %.17g, 0.5e-3 }, max_box = { 8, 8 } },\n"
                   "  boundary = { field = { x = 'pec', z = 'periodic' }, particles = { x = 'absorbing', z = 'periodic' } },\n"
                   "  solver = { name = 'electrostatic', dt = 1e-12, potential_x_lo = %.17g, potential_x_hi = '%.17g + 0*t',\n"
                   "             required_precision = 1e-12 },\n"
                   "  steps = 2,\n}\n",
                   L, V0, V1);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    fixture_steps(s, 2);
    const int *n = s->ctx.lay.cells;
    double *phi = fixture_field(s, FC_PHI), *ex = fixture_field(s, FC_EX), *ez = fixture_field(s, FC_EZ);
    double err = 0, eerr = 0, ezmax = 0;
    for (int k = 0; k < n[2]; k++)
        for (int i = 0; i < n[0]; i++) {
            const long c = i + (long)n[0] * k;
            err = fmax(err, fabs(phi[c] - (V0 + (V1 - V0) * i / n[0])));
            eerr = fmax(eerr, fabs(ex[c] + (V1 - V0) / L));
            ezmax = fmax(ezmax, fabs(ez[c]));
        }
    REPORT("2D vacuum, %d boxes: max |phi - linear| %.2e V, max |Ex - (V0 - V1)/L| %.2e V/m, max |Ez| %.2e V/m, "
           "%d iterations", s->ctx.lay.n_boxes, err, eerr, ezmax, s->poisson->iterations);
    CHECK(s->ctx.lay.n_boxes == 8);
    CHECK(err < 1e-9);
    CHECK(eerr < 1e-9 * n[0] / L);
    CHECK(ezmax < 1e-9 / (0.5e-3 / 16));
    free(phi);
    free(ex);
    free(ez);
    fixture_free_sim(s);
    device_close(&dev);
}

static void vacuum_3d(void)
{
    const double V0 = -1.0, V1 = 3.0;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT "  grid = { cells = { 8, 8, 16 }, lower = { 0, 0, 0 }, upper = { 8e-6, 8e-6, 16e-6 },\n"
                   "           max_box = { 4, 4, 8 } },\n"
                   "  boundary = { field = { x = 'periodic', y = 'periodic', z = 'pec' },\n"
                   "               particles = { x = 'periodic', y = 'periodic', z = 'absorbing' } },\n"
                   "  solver = { name = 'electrostatic', dt = 1e-15, potential_z_lo = %.17g, potential_z_hi = %.17g,\n"
                   "             required_precision = 1e-12 },\n"
                   "  steps = 1,\n}\n",
                   V0, V1);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    fixture_steps(s, 1);
    const int *n = s->ctx.lay.cells;
    double *phi = fixture_field(s, FC_PHI), err = 0;
    for (long c = 0; c < (long)n[0] * n[1] * n[2]; c++)
        err = fmax(err, fabs(phi[c] - (V0 + (V1 - V0) * (double)(c / (n[0] * n[1])) / n[2])));
    REPORT("3D vacuum along z, %d boxes: max |phi - linear| %.2e V", s->ctx.lay.n_boxes, err);
    CHECK(s->ctx.lay.n_boxes == 8);
    CHECK(err < 1e-9);
    free(phi);
    fixture_free_sim(s);
    device_close(&dev);
}

/* Largest error of phi and of Ez, relative to their peaks, with nz cells. */
static void sine_charge(int nz, double *phi_err, double *e_err)
{
    const double L = 1e-3, n0 = 1e14;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT "  geometry = '1d',\n"
                   "  grid = { cells = { %d }, lower = { 0 }, upper = { %.17g }, max_box = { %d } },\n"
                   "  boundary = { field = 'pec', particles = 'absorbing' },\n"
                   "  solver = { name = 'electrostatic', dt = 1e-12, required_precision = 1e-12 },\n"
                   "  constants = { n0 = %.17g, L = %.17g },\n"
                   "  shape_order = 1,\n"
                   "  species = { { name = 'ions', particle = 'proton', density = 'n0*sin(pi*z/L)', ppc = 16,\n"
                   "                frozen = true } },\n"
                   "  steps = 1,\n}\n",
                   nz, L, nz / 4, n0, L);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const double dz = L / nz, rho0 = n0 * PICL_Q_E, a = rho0 / PICL_EPS0 * pow(L / PICL_PI, 2);
    double *phi = fixture_field(s, FC_PHI), *ez = fixture_field(s, FC_EZ);
    *phi_err = *e_err = 0;
    for (int k = 0; k < nz; k++) {
        *phi_err = fmax(*phi_err, fabs(phi[k] - a * sin(PICL_PI * k * dz / L)) / a);
        const double e = -a * PICL_PI / L * cos(PICL_PI * (k + 0.5) * dz / L);
        *e_err = fmax(*e_err, fabs(ez[k] - e) / (a * PICL_PI / L));
    }
    free(phi);
    free(ez);
    fixture_free_sim(s);
    device_close(&dev);
}

static void sine_convergence(void)
{
    double p[3], e[3];
    for (int r = 0; r < 3; r++)
        sine_charge(32 << r, &p[r], &e[r]);
    REPORT("sine charge, 32/64/128 cells: phi error %.3e %.3e %.3e (ratios %.2f %.2f), Ez error %.3e %.3e %.3e "
           "(ratios %.2f %.2f)", p[0], p[1], p[2], p[0] / p[1], p[1] / p[2], e[0], e[1], e[2], e[0] / e[1], e[1] / e[2]);
    CHECK(p[1] < 1e-3 && e[1] < 1e-3);
    for (int r = 0; r < 2; r++) {
        CHECK_NEAR(p[r] / p[r + 1], 4.0, 0.1);
        CHECK_NEAR(e[r] / e[r + 1], 4.0, 0.1);
    }
}

static void langmuir(void)
{
    const double n0 = 1e25, L = 12.8e-6, delta = 1e-3;
    const double k = 2 * PICL_PI / L, omega_pe = sqrt(n0 * PICL_Q_E * PICL_Q_E / (PICL_EPS0 * PICL_M_E));
    const double dt = 0.1 / omega_pe;
    const int steps = (int)(4 * 2 * PICL_PI / omega_pe / dt);
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT "  geometry = '1d',\n"
                   "  grid = { cells = { 64 }, lower = { 0 }, upper = { %.17g }, max_box = { 32 } },\n"
                   "  boundary = { field = 'periodic', particles = 'periodic' },\n"
                   "  solver = { name = 'electrostatic', dt = %.17g, required_precision = 1e-12 },\n"
                   "  steps = %d,\n"
                   "  constants = { n0 = %.17g, k = %.17g, delta = %.17g },\n"
                   "  shape_order = 1,\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = 'n0*(1 + delta*cos(k*z))', ppc = 4 },\n"
                   "    { name = 'ions', particle = 'proton', density = 'n0', ppc = 4, frozen = true },\n"
                   "  },\n}\n",
                   L, dt, steps, n0, k, delta);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const int nz = s->ctx.lay.cells[2];
    double *a = malloc(sizeof(double) * (steps + 1));
    for (int n = 0; n <= steps; n++) {
        if (n > 0)
            fixture_steps(s, 1);
        double *ez = fixture_field(s, FC_EZ);
        a[n] = 0;
        for (int i = 0; i < nz; i++)
            a[n] += ez[i] * sin(k * (i + 0.5) * L / nz) * 2.0 / nz;
        free(ez);
    }
    const double leapfrog = 2 / dt * asin(omega_pe * dt / 2), omega = fit_frequency(a, steps + 1, dt, omega_pe);
    const double e0 = PICL_Q_E * n0 * delta / (PICL_EPS0 * k);
    REPORT("1D Langmuir, %d boxes, %d steps: omega %.6e rad/s, leapfrog omega_pe %.6e: %+.3e; amplitude %.4g V/m "
           "(cold fluid %.4g)", s->ctx.lay.n_boxes, steps, omega, leapfrog, omega / leapfrog - 1, a[0], e0);
    CHECK(s->ctx.lay.n_boxes == 2);
    CHECK_NEAR(omega, leapfrog, 1e-2);
    CHECK_NEAR(-a[0], e0, 2e-2);
    free(a);
    fixture_free_sim(s);
    device_close(&dev);
}

int main(void)
{
    vacuum_2d();
    vacuum_3d();
    sine_convergence();
    langmuir();
    return check_finish();
}
