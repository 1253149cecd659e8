/* test_applied_fields.c: applied_fields act on particles in the push, against single-particle
 * theory, and never touch the grid:
 *  1. gyration in a uniform applied Bz (Boris) at the relativistic cyclotron frequency
 *     omega = |q| B / (gamma m), gamma = 10, to 1e-6 (omega dt = 0.002: Boris turns by
 *     2 atan(omega dt / 2) a step, a phase error (omega dt)^2 / 12 = 3.3e-7);
 *  2. the E x B drift at gamma 20 with Vay over 10000 steps in applied By and Ez = -v By, at
 *     tau = |q| B dt / 2m = 1 (the boosted-frame regime of Vay 2008): the particle keeps its line,
 *     transverse excursion < 1e-3 m asked, < 1e-9 cells asserted, and its velocity to 1e-6;
 *  3. a solenoid's focusing: a paraxial electron at r0 = 1 um from the axis leaves with slope
 *     r' = -r0 / f, the thin-lens 1/f = integral of (q Bz / 2p)^2 dz (Reiser 3.4) =
 *     (q B / 2p)^2 (L - l/4) for the element's cosine edges of length l, to 1%;
 *  4. a hard-edged quadrupole's kicks: an electron at (x0, y0) from its axis leaves with slopes
 *     x' = -q g L x0 / p (defocused for g > 0) and y' = +q g L y0 / p (focused), the thin lens, to 1%
 *     (thick-lens correction K L^2 / 6 = 1.7e-3 with K = |q g / p|; v dt = 0.1 um, 1/300 of L);
 *  4b. WarpX's plasma-lens example at its own coarse step (about 4 steps a lens): the hard edges
 *     weighed by the fraction of each step's path inside bring the position to 2e-3 and u to 5e-4
 *     of the harmonic motion through each lens (sampled at the step points: 8.5e-2 and 4.4e-3);
 *  5. with PEC walls along x (under each deposition strategy that takes applied fields), a
 *     particle in the cell next to the wall feels the whole applied
 *     Ey = E0 (1 + t / T) (tangential, which a grid field could not have at the wall) and t enters:
 *     u_y follows the leapfrog sum of q E(t^n) dt / m to 1e-9, and the grid's E stays the
 *     particle's own, ~1e-15 V/m, so nothing is reflected.
 *  6. with a moving window along z at c, a proton at rest in the lab in an applied
 *     Ex = E0 cos(k z) (lab z) keeps feeling E0 cos(k z_lab) while the domain moves 40 cells past
 *     it: u_x = q E0 cos(k z_lab) (N - 1/2) dt / m, to 1e-9.
 * Each case is one particle (density 1 m^-3 in a region inside one cell: a charge of 1.6e-37 C). */
#include "check.h"
#include "fixture.h"

#define DXM 1e-6 /* cell size, m */
#define NC 8 /* cells per axis across */

static double step_dt(void)
{
    return 0.999 * DXM / (PICL_C * sqrt(3.0));
}

static void read_particle(struct sim *s, double p[6])
{
    for (int a = 0; a < 6; a++) {
        double *v = fixture_particles(s, 0, (enum particle_array)(PA_X + a));
        p[a] = v[0];
        free(v);
    }
}

/* One electron at the centre of cell (3, 3, 3) of a periodic NC x NC x nz box, u = u0 c along
 * `axis`, with the applied_fields table `applied` (Lua text) and the extra keys `extra`. */
static struct sim *one_electron(struct device *dev, struct picl_config *cfg, int nz, double dt, const char *extra,
                                const char *applied, const double *u0)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = 1, shape_order = 1,\n%s"
                   "  applied_fields = { %s },\n"
                   "  species = { { name = 'electron', particle = 'electron', density = 1, ppc = 1,\n"
                   "                region = { lower = {3.2e-6, 3.2e-6, 3.2e-6}, upper = {3.8e-6, 3.8e-6, 3.8e-6} },\n"
                   "                u_drift = {%.17g, %.17g, %.17g} } },\n"
                   "}\n",
                   NC, NC, nz, NC * DXM, NC * DXM, nz * DXM, dt, extra, applied, u0[0], u0[1], u0[2]);
    return fixture_sim(cfg, dev);
}

static double unwrap(double d, int n)
{
    return d - n * floor(d / n + 0.5);
}

static void test_gyration(struct device *dev)
{
    const double gamma = 10, dt = step_dt(), omega = 0.002 / dt;
    const double B = gamma * PICL_M_E * omega / PICL_Q_E;
    const double u0[3] = {sqrt(gamma * gamma - 1), 0, 0};
    char applied[128];
    snprintf(applied, sizeof applied, "B = {0, 0, %.17g}", B);
    struct picl_config cfg;
    struct sim *s = one_electron(dev, &cfg, NC, dt, "", applied, u0);
    /* the angle u turns through, unwrapped every 100 steps (0.2 rad) */
    const int steps = 4000, every = 100;
    double p[6], phase = 0, prev;
    read_particle(s, p);
    prev = atan2(p[4], p[3]);
    const double gamma0 = sqrt(1 + (p[3] * p[3] + p[4] * p[4] + p[5] * p[5]) / (PICL_C * PICL_C));
    /* u^0 -> u^{-1/2} turned u back by half a step: the angle of u^{-1/2} is the start */
    for (int n = 0; n < steps; n += every) {
        fixture_steps(s, every);
        read_particle(s, p);
        const double now = atan2(p[4], p[3]);
        phase += remainder(now - prev, 2 * PICL_PI);
        prev = now;
    }
    const double measured = fabs(phase) / (steps * dt);
    const double theory = PICL_Q_E * B / (gamma0 * PICL_M_E);
    REPORT("gyration in applied Bz = %.4g T at gamma %.3f: %d steps, omega %.10e rad/s vs |q|B/(gamma m) %.10e: %+.2e; "
           "grid |B| max %.1e T",
           B, gamma0, steps, measured, theory, measured / theory - 1, fixture_field_max(s, FC_BZ));
    CHECK_NEAR(measured, theory, 1e-6);
    CHECK(s->species[0].np == 1);
    CHECK(fixture_field_max(s, FC_BZ) < 1e-12 * B); /* not on the grid */
    fixture_free_sim(s);
}

static void test_exb(struct device *dev)
{
    const double gamma = 20, beta = sqrt(1 - 1 / (gamma * gamma)), v = beta * PICL_C, dt = step_dt();
    const double B0 = 2 * PICL_M_E / (PICL_Q_E * dt); /* tau = 1 */
    const double u0[3] = {sqrt(gamma * gamma - 1), 0, 0};
    char applied[160];
    snprintf(applied, sizeof applied, "E = {0, 0, %.17g}, B = {0, %.17g, 0}", -v * B0, B0);
    struct picl_config cfg;
    struct sim *s = one_electron(dev, &cfg, NC, dt, "  pusher = 'vay',\n", applied, u0);
    const int steps = 10000, every = 50;
    double p[6], prev[3], x[3] = {0, 0, 0}, worst_perp = 0, worst_u = 0;
    read_particle(s, p);
    for (int a = 0; a < 3; a++)
        prev[a] = p[a];
    for (int n = 0; n < steps; n += every) {
        fixture_steps(s, every);
        read_particle(s, p);
        for (int a = 0; a < 3; a++) {
            x[a] += unwrap(p[a] - prev[a], NC);
            prev[a] = p[a];
        }
        worst_perp = fmax(worst_perp, sqrt(x[1] * x[1] + x[2] * x[2]));
        worst_u = fmax(worst_u, sqrt((p[3] - gamma * v) * (p[3] - gamma * v) + p[4] * p[4] + p[5] * p[5]) / (gamma * v));
    }
    /* x along the drift only counts wraps every 50 steps: 50 v dt = 29 cells > NC/2, so the
     * path length is taken from the velocity instead; the transverse axes move by round-off */
    REPORT("E x B at gamma 20, vay, applied By = %.4g T, Ez = %.4g V/m, %d steps: max transverse excursion %.2e cells "
           "(%.2e m), max |u - u_drift| / |u_drift| %.2e",
           B0, -v * B0, steps, worst_perp, worst_perp * DXM, worst_u);
    CHECK(worst_perp * DXM < 1e-3);
    CHECK(worst_perp < 1e-9);
    CHECK(worst_u < 1e-6);
    CHECK(s->species[0].np == 1);
    fixture_free_sim(s);
}

static void test_solenoid(struct device *dev)
{
    /* an electron at gamma 2 along z, r0 = 1 um off the solenoid's axis (x = 2.5 um, y = 3.5 um);
     * dt makes v dt = 0.1 um, 50 samples of each 5 um edge */
    const double gamma = 2, beta = sqrt(1 - 1 / (gamma * gamma)), v = beta * PICL_C, p = gamma * PICL_M_E * v;
    const double dt = 0.1e-6 / v, z0 = 10e-6, z1 = 40e-6, l = 5e-6, r0 = 1e-6;
    const double k = 3333.0, B = 2 * k * p / PICL_Q_E; /* q B / 2p = k: k (L - l/4) = 0.1 */
    const double inv_f = k * k * (z1 - z0 - l / 4);
    const double u0[3] = {0, 0, sqrt(gamma * gamma - 1)};
    char applied[256];
    snprintf(applied, sizeof applied,
             "elements = { { kind = 'solenoid', B = %.17g, z = {%.17g, %.17g}, fringe = %.17g, center = {2.5e-6, 3.5e-6} } }",
             B, z0, z1, l);
    struct picl_config cfg;
    struct sim *s = one_electron(dev, &cfg, 64, dt, "", applied, u0);
    /* from z = 3.5 um to 50 um, well past the exit edge (42.5 um) and before the wrap at 64 um */
    const int steps = (int)((50e-6 - 3.5e-6) / (v * dt));
    fixture_steps(s, steps);
    double q[6];
    read_particle(s, q);
    const double x = q[0] * DXM - 2.5e-6, y = q[1] * DXM - 3.5e-6, r = sqrt(x * x + y * y);
    const double slope = (x * q[3] + y * q[4]) / r / q[5]; /* dr/dz = v_r / v_z */
    const double theory = -r0 * inv_f;
    REPORT("solenoid B = %.4g T over %.0f um (edges %.0f um), gamma 2, r0 1 um: at z = %.2f um r = %.6f um, slope "
           "dr/dz %.6e vs thin lens -r0/f %.6e: %+.2e (thick-lens correction ~ -(kL)^2/6 = -1.7e-3)",
           B, (z1 - z0) * 1e6, l * 1e6, q[2], r * 1e6, slope, theory, slope / theory - 1);
    CHECK_NEAR(slope, theory, 1e-2);
    CHECK(s->species[0].np == 1);
    fixture_free_sim(s);
}

static void test_quadrupole(struct device *dev)
{
    const double gamma = 2, beta = sqrt(1 - 1 / (gamma * gamma)), v = beta * PICL_C, p = gamma * PICL_M_E * v;
    const double dt = 0.1e-6 / v, z0 = 10e-6, z1 = 40e-6, L = z1 - z0, x0 = 1e-6, y0 = 0.5e-6;
    const double K = 0.01 / (L * L), g = K * p / PICL_Q_E; /* K L^2 = 0.01 */
    const double q = -PICL_Q_E;
    const double u0[3] = {0, 0, sqrt(gamma * gamma - 1)};
    char applied[256];
    snprintf(applied, sizeof applied,
             "elements = { { kind = 'quadrupole', gradient = %.17g, z = {%.17g, %.17g}, center = {2.5e-6, 3.0e-6} } }", g,
             z0, z1);
    struct picl_config cfg;
    struct sim *s = one_electron(dev, &cfg, 64, dt, "", applied, u0);
    fixture_steps(s, (int)((50e-6 - 3.5e-6) / (v * dt)));
    double w[6];
    read_particle(s, w);
    const double sx = w[3] / w[5], sy = w[4] / w[5];
    const double tx = -q * g * L * x0 / p, ty = q * g * L * y0 / p;
    REPORT("quadrupole %.4g T/m over %.0f um, gamma 2, (x0, y0) = (1, 0.5) um: slopes x' %.6e vs %.6e (%+.2e), "
           "y' %.6e vs %.6e (%+.2e)",
           g, L * 1e6, sx, tx, sx / tx - 1, sy, ty, sy / ty - 1);
    CHECK_NEAR(sx, tx, 1e-2);
    CHECK_NEAR(sy, ty, 1e-2);
    CHECK(s->species[0].np == 1);
    fixture_free_sim(s);
}

/* WarpX's plasma-lens example (Examples/Tests/plasma_lens, PICMI script) scaled by S = 1e-5 in
 * length (strengths by 1/S^2, so each lens' phase advance kb L stays): four hard-edged lenses of
 * 1 to 1.3 um, about 4 steps each at the script's CFL 0.7 time step of its 12.5 mm (here 1.25 um)
 * cells, an electron at u_z = 0.5 c offset 0.5 um in x and 0.4 um in y. The reference is the
 * harmonic motion inside each lens, x'' = -kb^2 x with kb^2 = e k / (gamma m v_z^2), and drifts
 * between (gamma constant: the lenses' work changes it by ~x'^2 ~ 1e-3 of u, second order). */
static void test_plasma_lens(struct device *dev)
{
    const double S = 1e-5, uz = 0.5 * PICL_C, gamma = sqrt(1 + 0.25), vz = uz / gamma;
    const double dt = 0.7 / (PICL_C * sqrt(3.0) / (0.125 * S)), period = 0.5 * S;
    const double starts[4] = {0.1, 0.11, 0.12, 0.13}, strength[4] = {6e5, 8e5, 6e5, 2e5};
    const double x0 = 0.5e-6, y0 = 0.4e-6, z0 = 3.5e-6, zs0 = 0.05 * S; /* the script's z0 = 0.05 m */
    const int steps = 84;
    char applied[1024];
    int at = snprintf(applied, sizeof applied, "elements = {");
    for (int i = 0; i < 4; i++)
        at += snprintf(applied + at, sizeof applied - at,
                       " { kind = 'plasma_lens', strength_E = %.17g, z = {%.17g, %.17g}, center = {%.17g, %.17g} },",
                       strength[i] / (S * S), z0 + starts[i] * S + i * period - zs0,
                       z0 + 2 * starts[i] * S + i * period - zs0, 3.5e-6 - x0, 3.5e-6 - y0);
    snprintf(applied + at, sizeof applied - at, " }");
    const double u0[3] = {0, 0, 0.5};
    struct picl_config cfg;
    struct sim *s = one_electron(dev, &cfg, 24, dt, "", applied, u0);
    fixture_steps(s, steps);
    double w[6];
    read_particle(s, w);
    /* the reference, in z: x' = u_x / u_z */
    double x = x0, y = y0, sx = 0, sy = 0, z = z0;
    for (int i = 0; i < 4; i++) {
        const double za = z0 + starts[i] * S + i * period - zs0, L = starts[i] * S;
        const double kb = sqrt(PICL_Q_E * strength[i] / (S * S) / (gamma * PICL_M_E * vz * vz));
        x += sx * (za - z), y += sy * (za - z);
        const double x1 = x * cos(kb * L) + sx / kb * sin(kb * L), y1 = y * cos(kb * L) + sy / kb * sin(kb * L);
        sx = -kb * x * sin(kb * L) + sx * cos(kb * L), sy = -kb * y * sin(kb * L) + sy * cos(kb * L);
        x = x1, y = y1, z = za + L;
    }
    const double zn = w[2] * DXM;
    x += sx * (zn - z), y += sy * (zn - z);
    const double xs = w[0] * DXM - (3.5e-6 - x0), ys = w[1] * DXM - (3.5e-6 - y0);
    const double ex = xs / x - 1, ey = ys / y - 1, eux = w[3] / (sx * uz) - 1, euy = w[4] / (sy * uz) - 1;
    REPORT("plasma lenses (WarpX's example scaled 1e-5), %d steps of v dt = %.3g um through 1-1.3 um lenses: x %.6e vs "
           "%.6e um (%+.2e), y (%+.2e), u_x %.6e vs %.6e m/s (%+.2e), u_y (%+.2e); WarpX's bounds 2e-2, 2e-3",
           steps, vz * dt * 1e6, xs * 1e6, x * 1e6, ex, ey, w[3], sx * uz, eux, euy);
    CHECK(fabs(ex) < 2e-3 && fabs(ey) < 2e-3);
    CHECK(fabs(eux) < 5e-4 && fabs(euy) < 5e-4);
    CHECK(s->species[0].np == 1);
    fixture_free_sim(s);
}

static void test_pec_walls(struct device *dev, const char *strategy)
{
    /* the particle sits in cell 0 along x, next to the lower PEC wall; Ey grows in time */
    const double dt = step_dt(), E0 = 1e9, T = 100 * dt;
    const int steps = 200;
    struct picl_config cfg;
    char applied[128];
    snprintf(applied, sizeof applied, "E = {0, 'E0*(1 + t/T)', 0}");
    char extra[256];
    snprintf(extra, sizeof extra,
             "  boundary = { field = { x = 'pec' }, particles = { x = 'reflecting' } },\n"
             "  deposition_strategy = '%s',\n"
             "  constants = { E0 = %.17g, T = %.17g },\n", strategy, E0, T);
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = 1, shape_order = 1,\n%s"
                   "  applied_fields = { %s },\n"
                   "  species = { { name = 'electron', particle = 'electron', density = 1, ppc = 1,\n"
                   "                region = { lower = {0.2e-6, 3.2e-6, 3.2e-6}, upper = {0.8e-6, 3.8e-6, 3.8e-6} } } },\n"
                   "}\n",
                   NC, NC, NC, NC * DXM, NC * DXM, NC * DXM, dt, extra, applied);
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, steps);
    double p[6];
    read_particle(s, p);
    /* leapfrog: u^{-1/2} = -q dt/2m E(0), then u^{n+1/2} = u^{n-1/2} + q dt/m E(t^n) */
    double sum = -0.5;
    for (int n = 0; n < steps; n++)
        sum += 1 + n * dt / T;
    const double want = -PICL_Q_E / PICL_M_E * E0 * dt * sum;
    const double grid = fmax(fixture_field_max(s, FC_EY), fmax(fixture_field_max(s, FC_EX), fixture_field_max(s, FC_EZ)));
    REPORT("applied Ey = E0 (1 + t/T) beside a PEC wall, %s, %d steps: u_y %.12e m/s vs leapfrog sum %.12e: %+.2e; "
           "x = %.3f cells; grid |E| max %.1e V/m (E0 = %.0e)",
           strategy, steps, p[4], want, p[4] / want - 1, p[0], grid, E0);
    CHECK_NEAR(p[4], want, 1e-9);
    CHECK(grid < 1e-6 * E0);
    CHECK(s->species[0].np == 1);
    fixture_free_sim(s);
}

static void test_window(struct device *dev)
{
    const double E0 = 1e6, k = 2 * PICL_PI / 16e-6;
    const int steps = 40;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {4, 4, 64}, lower = {0, 0, 0}, upper = {4e-6, 4e-6, 64e-6}, max_box = {4, 4, 16} },\n"
                   "  boundary = { field = { z = 'pec' } },\n"
                   "  solver = { name = 'ckc', cfl = 1.0 }, steps = %d, shape_order = 1,\n"
                   "  moving_window = { axis = 'z' },\n"
                   "  constants = { E0 = %.17g, k = %.17g },\n"
                   "  applied_fields = { E = {'E0*cos(k*z)', 0, 0} },\n"
                   "  species = { { name = 'p', particle = 'proton', density = 1, ppc = 1,\n"
                   "                region = { lower = {1.2e-6, 1.2e-6, 50.2e-6}, upper = {1.8e-6, 1.8e-6, 50.8e-6} } } },\n"
                   "}\n",
                   steps, E0, k);
    struct sim *s = fixture_sim(&cfg, dev);
    const double dt = cfg.dt;
    fixture_steps(s, steps);
    double p[6];
    read_particle(s, p);
    const double z_lab = window_lower(&s->window, &s->ctx, 2) + p[2] * s->ctx.lay.dx[2];
    const double want = PICL_Q_E / PICL_M_P * E0 * cos(k * 50.5e-6) * (steps - 0.5) * dt;
    REPORT("applied Ex = E0 cos(k z_lab) in a window along z at c: %ld shifts, the proton at lab z = %.4f um (domain "
           "cell %.2f): u_x %.12e vs %.12e: %+.2e",
           s->window.shifts, z_lab * 1e6, p[2], p[3], want, p[3] / want - 1);
    CHECK(s->window.shifts == steps);
    CHECK(fabs(z_lab - 50.5e-6) < 1e-12);
    CHECK_NEAR(p[3], want, 1e-9);
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_gyration(&dev);
    test_exb(&dev);
    test_solenoid(&dev);
    test_quadrupole(&dev);
    test_plasma_lens(&dev);
    /* every strategy that takes applied fields passes the push its time (t_gather) */
    test_pec_walls(&dev, "deterministic");
    test_pec_walls(&dev, "global_atomics");
    test_pec_walls(&dev, "local_tiles");
    test_pec_walls(&dev, "simd_cells");
    test_window(&dev);
    device_close(&dev);
    return check_finish();
}
