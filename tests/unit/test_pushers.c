/* test_pushers.c: the Vay and Higuera-Cary pushers keep the E x B drift of a particle at
 * gamma = 100 (Vay 2008's case), where Boris does not, and gyrate in a uniform B with the
 * relativistic radius and period at gamma = 1.01 and 10, keeping |u|.
 *
 * Each case is one particle per species in uniform fields set as initial field expressions: a
 * region inside one cell holds the species' only lattice point, and density 1 m^-3 gives it
 * weight dV, a charge of 1.6e-37 C whose own field (~1e-15 V/m) is nothing beside the applied ones.
 * Uniform fields stay uniform under the Yee update (every curl is a difference of equal
 * numbers), so the particle sees exactly the applied E and B, to round-off.
 *
 * The boxes are 4 cells, two along every axis the particle crosses: a particle that leaves a
 * box through a periodic edge into the same box (one box along that axis) is dropped by the
 * current particles_deliver.cl (particles_deliver skips src == b): a limit these boxes step
 * around, not one this test checks. */
#include "check.h"
#include "fit.h"
#include "fixture.h"

#define DXM 1e-6 /* cell size, m */
#define NC 8 /* cells per axis */

static const char *const pushers[] = {"boris", "vay", "higuera_cary"};

/* dt of every case: the 3D Yee limit times 0.999 */
static double step_dt(void)
{
    return 0.999 * DXM / (PICL_C * sqrt(3.0));
}

/* One electron at the centre of cell (3, 3, 3) of a periodic NC^3 box in uniform fields,
 * starting with u = u_drift c along x. `fields` is the Lua text of the fields table. */
static struct sim *one_electron(struct device *dev, struct picl_config *cfg, const char *pusher, const char *fields,
                                double u_over_c)
{
    char set[64];
    snprintf(set, sizeof set, "pusher=%s", pusher);
    const char *sets[] = {set};
    fixture_config(cfg, sets, 1,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = 1, shape_order = 1,\n"
                   "  fields = { %s },\n"
                   "  species = { { name = 'electron', particle = 'electron', density = 1, ppc = 1,\n"
                   "                region = { lower = {3.2e-6, 3.2e-6, 3.2e-6}, upper = {3.8e-6, 3.8e-6, 3.8e-6} },\n"
                   "                u_drift = {%.17g, 0, 0} } },\n"
                   "}\n",
                   NC, NC, NC, NC * DXM, NC * DXM, NC * DXM, step_dt(), fields, u_over_c);
    return fixture_sim(cfg, dev);
}

/* Position (cells) and momentum (m/s) of the one particle of species sp. */
static void read_particle(struct sim *s, int sp, double p[6])
{
    for (int a = 0; a < 6; a++) {
        double *v = fixture_particles(s, sp, (enum particle_array)(PA_X + a));
        p[a] = v[0];
        free(v);
    }
}

/* Unwrapped step of a periodic coordinate (a step moves less than a cell). */
static double unwrap(double now, double before)
{
    double d = now - before;
    return d - NC * floor(d / NC + 0.5);
}

/* E x B drift at gamma = 100 (Vay, Phys. Plasmas 15, 056701 (2008), section III): B = B0 y and
 * E = -v x B = -v B0 z, so a particle moving at v along x feels no force and must keep its
 * velocity and its straight line forever. B0 makes tau = |q| B0 dt / (2 m) = 1: the
 * non-relativistic cyclotron frequency is not resolved (omega_c dt = 2), the relativistic one
 * is (omega_c dt / gamma = 0.02), the regime of a boosted-frame run. Boris computes the
 * magnetic force with gamma of u^- = u + q dt/2m E, not of the drift, so it rotates by the wrong
 * angle, leaves the drift and gyrates about it: its velocity error is of order tau^2 / gamma^2
 * relative per step, growing to ~1e-3 over a gyration. Vay and Higuera-Cary solve for the gamma
 * of the mean velocity and find E + v x B = 0 exactly. Returns the largest relative deviation. */
#define EXB_GAMMA 100.0
#define EXB_STEPS 600 /* two relativistic gyro-periods (pi / 0.01 = 314 steps each) */
static double exb_drift(struct device *dev, const char *pusher, double *transverse, double *mean_v_error)
{
    const double gamma = EXB_GAMMA, beta = sqrt(1 - 1 / (gamma * gamma)), v = beta * PICL_C;
    const double dt = step_dt(), B0 = 2 * PICL_M_E / (PICL_Q_E * dt);
    const double u_exact = gamma * v;
    char fields[256];
    snprintf(fields, sizeof fields, "By = %.17g, Ez = %.17g", B0, -v * B0);
    struct picl_config cfg;
    double t0 = fixture_seconds();
    struct sim *s = one_electron(dev, &cfg, pusher, fields, sqrt(gamma * gamma - 1));
    CHECK(s->species[0].np == 1);
    double p[6], prev[3], x[3] = {0, 0, 0}, worst = 0, worst_perp = 0;
    read_particle(s, 0, p);
    for (int a = 0; a < 3; a++)
        prev[a] = p[a];
    for (int n = 0; n <= EXB_STEPS; n++) {
        if (n > 0) {
            fixture_steps(s, 1);
            read_particle(s, 0, p);
            for (int a = 0; a < 3; a++) {
                x[a] += unwrap(p[a], prev[a]);
                prev[a] = p[a];
            }
        }
        if (s->species[0].np != 1)
            break;
        double du = sqrt((p[3] - u_exact) * (p[3] - u_exact) + p[4] * p[4] + p[5] * p[5]);
        worst = fmax(worst, du / u_exact);
        worst_perp = fmax(worst_perp, sqrt(x[1] * x[1] + x[2] * x[2]));
    }
    /* the mean velocity over the run, from the unwrapped path, against v */
    *mean_v_error = fabs(x[0] * DXM / (EXB_STEPS * dt) / v - 1);
    *transverse = worst_perp;
    REPORT("E x B at gamma %.0f, %s (%d steps, %.1f s): max |u - u_drift| / |u_drift| %.3e, max transverse "
           "excursion %.3e cells, mean v_x / v - 1 %.3e",
           gamma, pusher, EXB_STEPS, fixture_seconds() - t0, worst, worst_perp, *mean_v_error);
    fixture_free_sim(s);
    return worst;
}

static void test_exb(struct device *dev)
{
    double perp, mean_v;
    /* Boris: the classic failure */
    double boris = exb_drift(dev, "boris", &perp, &mean_v);
    CHECK(boris > 1e-6);
    CHECK(perp > 1e-3);
    for (int i = 1; i < 3; i++) {
        double d = exb_drift(dev, pushers[i], &perp, &mean_v);
        CHECK(d < 1e-6);
        /* a straight line: no transverse motion beyond round-off, and the drift speed */
        CHECK(perp < 1e-9);
        CHECK(mean_v < 1e-6);
    }
}

/* Gyration in B = B z at omega dt = 0.02 (omega = |q| B / (gamma m)): radius r = m u_perp /
 * (|q| B) and period T = 2 pi gamma m / (|q| B) to 1e-3. Like Boris, both pushers turn u by
 * 2 atan(omega dt / 2) per step in a pure B field (a relative phase error of (omega dt)^2 / 12 =
 * 3e-5). |u| is conserved: HC is a rotation of u^- (exactly as Boris); Vay's implicit step
 * u^+ - u^- = q dt/2m (v^+ + v^-) x B has |u^+| = |u^-| as its solution (dot it with u^+ + u^-),
 * so both keep gamma to round-off, asserted at 1e-12.
 * Both gammas run in one program (each program costs a PoCL build): an electron at gamma 1.01
 * and, in another cell, a particle of charge -e and mass 1.01 m_e / 10 at gamma 10, so that
 * gamma m, hence omega in the same B, is the same. */
#define OMEGA_DT 0.02
#define TURNS 2.2
#define N_GYRO 2
static const double gyro_gamma[N_GYRO] = {1.01, 10.0};

static void gyrate(struct device *dev, const char *pusher)
{
    const double dt = step_dt(), omega = OMEGA_DT / dt;
    const double B = gyro_gamma[0] * PICL_M_E * omega / PICL_Q_E;
    double mass[N_GYRO];
    for (int g = 0; g < N_GYRO; g++)
        mass[g] = PICL_M_E * gyro_gamma[0] / gyro_gamma[g];
    char set[64];
    snprintf(set, sizeof set, "pusher=%s", pusher);
    struct picl_config cfg;
    double t0 = fixture_seconds();
    fixture_config(&cfg, (const char *[]){set}, 1,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = 1, shape_order = 1,\n"
                   "  fields = { Bz = %.17g },\n"
                   "  species = {\n"
                   "    { name = 'slow', charge = %.17g, mass = %.17g, density = 1, ppc = 1,\n"
                   "      region = { lower = {3.2e-6, 3.2e-6, 3.2e-6}, upper = {3.8e-6, 3.8e-6, 3.8e-6} },\n"
                   "      u_drift = {%.17g, 0, 0} },\n"
                   "    { name = 'fast', charge = %.17g, mass = %.17g, density = 1, ppc = 1,\n"
                   "      region = { lower = {5.2e-6, 5.2e-6, 5.2e-6}, upper = {5.8e-6, 5.8e-6, 5.8e-6} },\n"
                   "      u_drift = {%.17g, 0, 0} },\n"
                   "  },\n"
                   "}\n",
                   NC, NC, NC, NC * DXM, NC * DXM, NC * DXM, dt, B, -PICL_Q_E, mass[0],
                   sqrt(gyro_gamma[0] * gyro_gamma[0] - 1), -PICL_Q_E, mass[1],
                   sqrt(gyro_gamma[1] * gyro_gamma[1] - 1));
    struct sim *s = fixture_sim(&cfg, dev);
    const int steps = (int)(TURNS * 2 * PICL_PI / OMEGA_DT);
    double *x[N_GYRO], *y[N_GYRO], prev[N_GYRO][2], u0[N_GYRO], gamma_start[N_GYRO], worst_gamma[N_GYRO];
    int n_ok = 0;
    for (int g = 0; g < N_GYRO; g++) {
        x[g] = malloc(sizeof(double) * (steps + 1));
        y[g] = malloc(sizeof(double) * (steps + 1));
        worst_gamma[g] = 0;
    }
    for (int n = 0; n <= steps; n++) {
        if (n > 0)
            fixture_steps(s, 1);
        if (s->species[0].np != 1 || s->species[1].np != 1)
            break;
        for (int g = 0; g < N_GYRO; g++) {
            double p[6];
            read_particle(s, g, p);
            x[g][n] = n ? x[g][n - 1] + unwrap(p[0], prev[g][0]) * DXM : p[0] * DXM;
            y[g][n] = n ? y[g][n - 1] + unwrap(p[1], prev[g][1]) * DXM : p[1] * DXM;
            prev[g][0] = p[0];
            prev[g][1] = p[1];
            double u2 = p[3] * p[3] + p[4] * p[4] + p[5] * p[5], gamma = sqrt(1 + u2 / (PICL_C * PICL_C));
            if (n == 0) {
                u0[g] = sqrt(u2);
                gamma_start[g] = gamma;
            }
            worst_gamma[g] = fmax(worst_gamma[g], fabs(gamma / gamma_start[g] - 1));
        }
        n_ok = n + 1;
    }
    CHECK(n_ok == steps + 1);
    for (int g = 0; g < N_GYRO && n_ok == steps + 1; g++) {
        /* period from the turning of the chords x^{n+1} - x^n (each v^{n+1/2} dt) */
        double turned = 0, before = atan2(y[g][1] - y[g][0], x[g][1] - x[g][0]);
        for (int n = 1; n < steps; n++) {
            double a = atan2(y[g][n + 1] - y[g][n], x[g][n + 1] - x[g][n]), d = a - before;
            d -= 2 * PICL_PI * floor((d + PICL_PI) / (2 * PICL_PI));
            turned += d;
            before = a;
        }
        double period = 2 * PICL_PI * (steps - 1) * dt / fabs(turned);
        double radius = fit_circle(x[g], y[g], steps + 1, NULL, NULL);
        double r_exact = mass[g] * u0[g] / (PICL_Q_E * B);
        double T_exact = 2 * PICL_PI * gamma_start[g] * mass[g] / (PICL_Q_E * B);
        REPORT("gyration %s, gamma %.4g (%d steps, %.1f s for both): radius %.6e m, rel %.2e; period %.6e s, "
               "rel %.2e; max |gamma/gamma0 - 1| %.2e",
               pusher, gamma_start[g], steps, fixture_seconds() - t0, radius, fabs(radius / r_exact - 1), period,
               fabs(period / T_exact - 1), worst_gamma[g]);
        CHECK_NEAR(gamma_start[g], gyro_gamma[g], 1e-12);
        CHECK_NEAR(radius, r_exact, 1e-3);
        CHECK_NEAR(period, T_exact, 1e-3);
        CHECK(turned > 0); /* negative charges turn counter-clockwise about +z */
        CHECK(worst_gamma[g] < 1e-12);
    }
    for (int g = 0; g < N_GYRO; g++) {
        free(x[g]);
        free(y[g]);
    }
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_exb(&dev);
    for (int i = 1; i < 3; i++)
        gyrate(&dev, pushers[i]);
    device_close(&dev);
    return check_finish();
}
