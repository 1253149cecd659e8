/* test_gyration.c: one electron in a uniform Bz circles with the relativistic radius
 * r = m u_perp / (|q| B) and period T = 2 pi gamma m / (|q| B), at gamma = 1.01 and 10, and the
 * Boris push keeps |u| (so gamma) to round-off, since a pure magnetic rotation does no work.
 * The measured radius and period also equal Boris's discrete values to round-off. */
#include "check.h"
#include "fit.h"
#include "fixture.h"

#define NC 8 /* cells per axis, one box: both orbits (4 and 29 cells across) leave it through its
                 * periodic edges and come back in, which a particle must survive */
#define DXM 1e-6 /* cell size, m */
/* omega dt: Boris turns u by 2 atan(omega dt / 2) per step, a relative phase error of
 * (omega dt)^2 / 12 = 3e-5, and its positions lie on a circle larger by (omega dt)^2 / 8 = 5e-5:
 * both well below the 1e-3 tolerance. About 314 steps per turn. */
#define OMEGA_DT 0.02
#define TURNS 2.2

static void gyrate(double gamma0)
{
    const double dt = 0.999 * DXM / (PICL_C * sqrt(3.0));
    const double omega = OMEGA_DT / dt; /* relativistic gyro-frequency |q| B / (gamma m) */
    const double B = gamma0 * PICL_M_E * omega / PICL_Q_E;
    const double u_over_c = sqrt(gamma0 * gamma0 - 1);
    struct picl_config cfg;
    struct device dev;
    double t0 = fixture_seconds();
    /* One particle: a region inside cell (3, 3, 3) holds its only lattice point, the cell
     * centre. Density 1 m^-3 gives weight dV, a charge of 1.6e-37 C whose own field is ~1e-15 V/m. */
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g} },\n"
                   "  solver = { dt = %.17g }, steps = 1,\n"
                   "  fields = { Bz = %.17g },\n"
                   "  species = { { name = 'electron', particle = 'electron', density = 1, ppc = 1,\n"
                   "                region = { lower = {3.2e-6, 3.2e-6, 3.2e-6}, upper = {3.8e-6, 3.8e-6, 3.8e-6} },\n"
                   "                u_drift = {%.17g, 0, 0} } },\n"
                   "}\n",
                   NC, NC, NC, NC * DXM, NC * DXM, NC * DXM, dt, B, u_over_c);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    CHECK(s->species[0].np == 1);
    if (s->species[0].np != 1) {
        fixture_free_sim(s);
        device_close(&dev);
        return;
    }
    const int steps = (int)(TURNS * 2 * PICL_PI / OMEGA_DT);
    double *x = malloc(sizeof(double) * (steps + 1)), *y = malloc(sizeof(double) * (steps + 1));
    double raw[2] = {0, 0}, z0 = 0, dz = 0, u0 = 0, worst_gamma = 0, gamma_start = 0;
    int lost_at = -1;
    for (int n = 0; n <= steps; n++) {
        if (n > 0)
            fixture_steps(s, 1);
        if (particles_check(&s->species[0], &s->ctx, NULL, fixture_err, sizeof fixture_err) || s->species[0].np != 1) {
            lost_at = n; /* the orbit leaves the one box through its periodic edges and comes back in */
            break;
        }
        double p[6];
        for (int a = 0; a < 6; a++) {
            double *v = fixture_particles(s, 0, (enum particle_array)(PA_X + a));
            p[a] = v[0];
            free(v);
        }
        /* unwrap the periodic position (a step moves less than a cell) and go to metres */
        if (n == 0) {
            x[0] = p[0] * DXM;
            y[0] = p[1] * DXM;
        } else {
            double ddx = p[0] - raw[0], ddy = p[1] - raw[1];
            x[n] = x[n - 1] + (ddx - NC * floor(ddx / NC + 0.5)) * DXM;
            y[n] = y[n - 1] + (ddy - NC * floor(ddy / NC + 0.5)) * DXM;
        }
        raw[0] = p[0];
        raw[1] = p[1];
        double u2 = p[3] * p[3] + p[4] * p[4] + p[5] * p[5];
        double gamma = sqrt(1 + u2 / (PICL_C * PICL_C));
        if (n == 0) {
            z0 = p[2];
            u0 = sqrt(u2);
            gamma_start = gamma;
        }
        worst_gamma = fmax(worst_gamma, fabs(gamma / gamma_start - 1));
        dz = fmax(dz, fabs(p[2] - z0));
    }
    if (lost_at >= 0) {
        printf("FAIL %s:%d: gamma %.4g: the particle count is %ld after step %d, want 1 (%s)\n", __FILE__, __LINE__,
               gamma0, s->species[0].np, lost_at, fixture_err);
        check_failed++;
        free(x);
        free(y);
        fixture_free_sim(s);
        device_close(&dev);
        return;
    }
    /* Period from the turning of the chords x^{n+1} - x^n (each is v^{n+1/2} dt): the sum of
     * their angle increments over the run, counter-clockwise positive. */
    double turned = 0, prev = atan2(y[1] - y[0], x[1] - x[0]);
    for (int n = 1; n < steps; n++) {
        double a = atan2(y[n + 1] - y[n], x[n + 1] - x[n]), d = a - prev;
        d -= 2 * PICL_PI * floor((d + PICL_PI) / (2 * PICL_PI));
        turned += d;
        prev = a;
    }
    double period = 2 * PICL_PI * (steps - 1) * dt / fabs(turned);
    double cx, cy, radius = fit_circle(x, y, steps + 1, &cx, &cy);
    double r_exact = PICL_M_E * u0 / (PICL_Q_E * B);
    double T_exact = 2 * PICL_PI * gamma_start * PICL_M_E / (PICL_Q_E * B);
    /* Boris's own values: u turns by 2 atan(omega dt / 2) a step, and x^n lie on the circle
     * through the corners of a polygon with sides |v| dt */
    double w_dt = PICL_Q_E * B / (gamma_start * PICL_M_E) * dt;
    double T_boris = 2 * PICL_PI * dt / (2 * atan(w_dt / 2)), r_boris = r_exact * sqrt(1 + w_dt * w_dt / 4);
    REPORT("gamma %.4g (%d steps, %.1f turns, %.1f s): radius %.6e m vs %.6e m (rel %.2e), period %.6e s vs %.6e s "
           "(rel %.2e), max |gamma/gamma0 - 1| %.2e; vs Boris's discrete values: radius %.1e, period %.1e",
           gamma_start, steps, turned / (2 * PICL_PI), fixture_seconds() - t0, radius, r_exact,
           fabs(radius / r_exact - 1), period, T_exact, fabs(period / T_exact - 1), worst_gamma,
           fabs(radius / r_boris - 1), fabs(period / T_boris - 1));
    CHECK_NEAR(gamma_start, gamma0, 1e-12);
    CHECK_NEAR(radius, r_exact, 1e-3);
    CHECK_NEAR(period, T_exact, 1e-3);
    /* an electron turns counter-clockwise about +z: Omega = -q B / (gamma m) points along B */
    CHECK(turned > 0);
    CHECK(worst_gamma < 1e-12);
    CHECK(dz == 0);
    /* what is left is round-off: the push is Boris's, step for step */
    CHECK_NEAR(radius, r_boris, 1e-9);
    CHECK_NEAR(period, T_boris, 1e-9);
    free(x);
    free(y);
    fixture_free_sim(s);
    device_close(&dev);
}

int main(void)
{
    gyrate(1.01);
    gyrate(10.0);
    return check_finish();
}
