/* test_flux_mj.c: a Maxwell-Juttner flux (species.flux with a temperature) against theory, and
 * the charge conservation of flux injection.
 *
 * (a) One step of five flux species through -x (one program build), 128 a face cell (8192 each):
 *  - at rest, kT / m c^2 = theta = 0.01, 1, 10: the flux distribution v_n f(u) on v_n > 0 has the
 *    kinetic energy density (e^2 + 2e) exp(-e / theta) (u^3 du / gamma = (gamma^2 - 1) dgamma) and the
 *    cosine to the normal the density 2 mu, so <gamma> = 1 + theta (3 theta + 2) / (theta + 1) and
 *    <v_n> / c = (2/3) <u / gamma> (a quadrature); each mean within 4 standard errors (the sample's
 *    rms / sqrt(N)); the distributions of e and mu by Kolmogorov-Smirnov, D < 1.949 / sqrt(N), the
 *    asymptotic critical value at significance 0.001; every weight w with w N = Gamma A dt, Gamma =
 *    n c theta (1 + theta) exp(-1/theta) / (2 K2(1/theta)), to 1e-9 (K2 by its own quadrature here);
 *  - drifting along the normal (theta = 1, u_d = 1): Gamma and the mean <u_n> of the flux against a
 *    direct quadrature of the boosted f ~ exp(-Gamma_d (gamma - beta u_n) / theta) in the lab
 *    (u_n, u_perp), Gamma to 1e-6, <u_n> within 4 standard errors, <u_y> = <u_z> = 0 too;
 *  - drifting across and along (theta = 0.1, u_d = (0.3, 0.5, 0)): the mean momentum <u_x>, <u_y> of
 *    the flux against the rest-frame quadrature (u_n = s sqrt(1 + u_dn^2) mu + u_dn gamma', written
 *    out again here), within 4 standard errors, and Gamma to 1e-6.
 * (b) gen_flux_mj_mean's quadrature without drift against its closed form (1e-10), and against the
 *    lab quadrature of (a) with a drift (1e-6).
 * (c) A flux-injected plasma between PEC x walls, Maxwellian in through -x (its density an
 *    expression in z) and a drifting Maxwell-Juttner in through +x, shape order 3 on 2 x 2 x 2 boxes, 60 steps, dense enough for its
 *    fields to act: Gauss's law (the charge_residual) stays below 1e-11 at every step.
 * (d) flux.density as an expression of the crossing point and time: each particle's weight. */
#include "check.h"
#include "constants.h"
#include "fixture.h"
#include "flux_defs.h"

#define PI 3.14159265358979323846
#define PER_CELL 128
#define N_SP 5
#define KS_001 1.949 /* asymptotic Kolmogorov-Smirnov critical value x sqrt(N), significance 0.001 */

static const double theta[N_SP] = {0.01, 1, 10, 1, 0.1};
static const double drift[N_SP][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {0.3, 0.5, 0}};

/* e^x K2(x), by the trapezoid rule over t of exp(-x (cosh t - 1)) cosh(2t), finely. */
static double k2_scaled(double x)
{
    const double h = 2e-4;
    double sum = 0.5;
    for (int i = 1;; i++) {
        const double t = i * h, lnf = 2 * t - x * (cosh(t) - 1);
        sum += exp(lnf) * 0.5 * (1 + exp(-4 * t));
        if (lnf < -60 && x * sinh(t) > 2)
            break;
    }
    return sum * h;
}

/* The lab-frame drifting Maxwell-Juttner along the normal, f ~ exp(-G (gamma - beta u_n) / theta),
 * integrated over (u_n, u_perp) with the measure 2 pi u_perp (Simpson, h = 0.05; the flux over
 * u_n > 0 on its own grid, so the kink at u_n = 0 is an edge): *rate = <v_n; v_n > 0> / c and
 * *mean_un = <u_n> of the flux distribution. */
static void lab_drift(double th, double ud, double *rate, double *mean_un)
{
    const double G = sqrt(1 + ud * ud), beta = ud / G, h = 0.05;
    const double reach = (60 * th + 1) / (G * (1 - beta)) + 10 * ud + 10; /* the exponent is below -60 beyond */
    const int n = 2 * (int)(reach / h / 2) + 2;
    const double step = reach / n;
    double norm = 0, flux = 0, flux_u = 0;
    for (int i = 0; i <= 2 * n; i++) {
        const double wi = i == 0 || i == 2 * n ? 1 : i % 2 ? 4 : 2, un = -reach + i * step;
        const int in = i - n; /* the flux's grid: u_n = in * step, in = 0 .. n */
        const double unf = in * step, wf = in == 0 || in == n ? 1 : in % 2 ? 4 : 2;
        for (int j = 0; j <= n; j++) {
            const double up = j * step, wj = j == 0 || j == n ? 1 : j % 2 ? 4 : 2;
            const double g = sqrt(1 + un * un + up * up);
            norm += exp(-(G * (g - beta * un) - 1) / th) * up * wi * wj;
            if (in >= 0) {
                const double gf = sqrt(1 + unf * unf + up * up);
                const double f = exp(-(G * (gf - beta * unf) - 1) / th) * up * wf * wj;
                flux += f * unf / gf;
                flux_u += f * unf * unf / gf;
            }
        }
    }
    *rate = flux / norm;
    *mean_un = flux_u / flux;
}

/* Rest-frame quadrature of the flux moments (u_dn along the inward normal, u_dt across): *rate,
 * and the mean normal and transverse momenta of the flux. In the rest frame the speed s has
 * s^2 exp(-gamma' / theta); u_n = a mu + b, u_t = s (u_dt u_dn / |A|) mu + (perpendicular, mean 0) +
 * u_dt gamma', a = s |A|, |A| = sqrt(1 + u_dn^2), b = u_dn gamma', mu uniform in [-1, 1]; the lab
 * flux weight is max(u_n, 0) / gamma'. */
static void rest_drift(double th, double u_dn, double u_dt, double *rate, double *mean_n, double *mean_t)
{
    const double len_a = sqrt(1 + u_dn * u_dn), G = sqrt(1 + u_dn * u_dn + u_dt * u_dt);
    const int n = 400000;
    const double w_max = sqrt(80.0 + (sqrt(1 + u_dn * u_dn) - 1) / th), h = w_max / n;
    double norm = 0, f1 = 0, fn = 0, ft = 0;
    for (int i = 0; i <= n; i++) {
        const double w = i * h, e = th * w * w, gp = 1 + e, s = sqrt(e * (e + 2));
        const double dens = s * gp * exp(-w * w) * 2 * w * (i == 0 || i == n ? 1 : i % 2 ? 4 : 2); /* s^2 e^-g' ds */
        const double a = s * len_a, b = u_dn * gp;
        double h1, h2, hm;
        if (b >= a) {
            h1 = b;
            h2 = b * b + a * a / 3;
            hm = a / 3;
        } else if (b <= -a) {
            h1 = h2 = hm = 0;
        } else {
            const double mu0 = -b / a;
            h1 = (a + b) * (a + b) / (4 * a);
            h2 = pow(a + b, 3) / (6 * a);
            hm = 0.5 * (a * (1 - mu0 * mu0 * mu0) / 3 + b * (1 - mu0 * mu0) / 2);
        }
        norm += dens;
        f1 += dens * h1 / gp;
        fn += dens * h2 / gp;
        ft += dens * (s * u_dt * u_dn / len_a * hm + u_dt * gp * h1) / gp;
    }
    *rate = f1 / norm / G;
    *mean_n = fn / f1;
    *mean_t = ft / f1;
}

/* <u / gamma> over the energy density (e^2 + 2e) exp(-e / theta) (Simpson in w, e = theta w^2). */
static double rest_mean_speed(double th)
{
    const int n = 200000;
    const double w_max = 10, h = w_max / n;
    double num = 0, den = 0;
    for (int i = 0; i <= n; i++) {
        const double w = i * h, e = th * w * w, g = (e * e + 2 * e) * exp(-w * w) * 2 * w;
        const double c = i == 0 || i == n ? 1 : i % 2 ? 4 : 2;
        num += c * g * sqrt(e * (e + 2)) / (1 + e);
        den += c * g;
    }
    return num / den;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Kolmogorov-Smirnov D of the n values v (sorted here) against the CDF cdf(v, th). */
static double ks(double *v, long n, double (*cdf)(double, double), double th)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    double d = 0;
    for (long k = 0; k < n; k++) {
        const double F = cdf(v[k], th);
        d = fmax(d, fmax(fabs(F - (double)k / n), fabs((double)(k + 1) / n - F)));
    }
    return d;
}

/* The mixture theta / (1 + theta) Gamma(3, theta) + 1 / (1 + theta) Gamma(2, theta) of e. */
static double cdf_energy(double e, double th)
{
    const double x = e / th, p2 = 1 - exp(-x) * (1 + x), p3 = p2 - exp(-x) * x * x / 2;
    return (th * p3 + p2) / (1 + th);
}

static double cdf_cosine(double mu, double th)
{
    (void)th;
    return mu * mu;
}

static double mean_of(const double *v, long n, double *se)
{
    double m = 0, q = 0;
    for (long i = 0; i < n; i++)
        m += v[i] / n;
    for (long i = 0; i < n; i++)
        q += (v[i] - m) * (v[i] - m) / (n - 1);
    *se = sqrt(q / n);
    return m;
}

static void test_distributions(void)
{
    struct picl_config cfg;
    struct device dev;
    char list[4096] = "";
    const double mc2 = PICL_M_E * PICL_C * PICL_C, density = 1e18;
    for (int s = 0; s < N_SP; s++) {
        char one[512];
        snprintf(one, sizeof one,
                 "    { name = 's%d', particle = 'electron', kT = %.17g, u_drift = { %.17g, %.17g, %.17g },\n"
                 "      flux = { face = '-x', per_cell = %d, density = %.17g } },\n",
                 s, theta[s] * mc2, drift[s][0], drift[s][1], drift[s][2], PER_CELL, density);
        strcat(list, one);
    }
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },\n"
                   "  boundary = { particles = { x = 'absorbing' } }, steps = 1,\n"
                   "  species = {\n%s  },\n}\n",
                   list);
    fixture_device(&dev);
    struct sim *sim = fixture_sim(&cfg, &dev);
    fixture_steps(sim, 1);
    const double area = 8e-6 * 8e-6;
    for (int s = 0; s < N_SP; s++) {
        double *ux = fixture_particles(sim, s, PA_UX), *uy = fixture_particles(sim, s, PA_UY),
               *uz = fixture_particles(sim, s, PA_UZ), *w = fixture_particles(sim, s, PA_W);
        const long n = sim->species[s].np;
        double *gam = malloc(sizeof(double) * n), *vn = malloc(sizeof(double) * n), *e = malloc(sizeof(double) * n),
               *mu = malloc(sizeof(double) * n);
        long outward = 0;
        double wmax = 0, wmin = 1e300;
        for (long i = 0; i < n; i++) {
            const double u[3] = {ux[i] / PICL_C, uy[i] / PICL_C, uz[i] / PICL_C};
            const double u2 = u[0] * u[0] + u[1] * u[1] + u[2] * u[2], g = sqrt(1 + u2);
            gam[i] = g;
            e[i] = u2 / (g + 1);
            vn[i] = u[0] / g;
            mu[i] = u[0] / sqrt(u2);
            outward += u[0] <= 0;
            wmax = fmax(wmax, w[i]);
            wmin = fmin(wmin, w[i]);
        }
        double se_g, se_v, se_y, se_z;
        const double mg = mean_of(gam, n, &se_g), mv = mean_of(vn, n, &se_v);
        const double th = theta[s];
        const double rate_w = wmax * n / (area * cfg.dt * density * PICL_C); /* <v_n; v_n > 0> / c from the weights */
        CHECK(n == 64L * PER_CELL && outward == 0 && wmax == wmin);
        if (s <= 2) {
            const double want_g = 1 + th * (3 * th + 2) / (th + 1), want_v = 2.0 / 3.0 * rest_mean_speed(th);
            const double rate = th * (1 + th) / (2 * k2_scaled(1 / th));
            const double d_e = ks(e, n, cdf_energy, th), d_mu = ks(mu, n, cdf_cosine, th);
            REPORT("Maxwell-Juttner flux theta %g at rest, %ld particles: <gamma> %.6f vs 1 + theta (3 theta + 2) / "
                   "(theta + 1) = %.6f (%.2f se); <v_n> %.6f c vs %.6f c (%.2f se); K-S D(e) %.4f, D(mu) %.4f "
                   "(limit %.4f at 0.001); weight x count / (n A dt c) %.12f vs theta (1 + theta) e^-1/theta / 2 K2 "
                   "= %.12f",
                   th, n, mg, want_g, fabs(mg - want_g) / se_g, mv, want_v, fabs(mv - want_v) / se_v, d_e, d_mu,
                   KS_001 / sqrt((double)n), rate_w, rate);
            CHECK(fabs(mg - want_g) <= 4 * se_g);
            CHECK(fabs(mv - want_v) <= 4 * se_v);
            CHECK(d_e < KS_001 / sqrt((double)n) && d_mu < KS_001 / sqrt((double)n));
            CHECK(fabs(rate_w / rate - 1) < 1e-9);
        } else {
            for (long i = 0; i < n; i++) {
                vn[i] = ux[i] / PICL_C;
                e[i] = uy[i] / PICL_C;
                mu[i] = uz[i] / PICL_C;
            }
            const double mx = mean_of(vn, n, &se_v), my = mean_of(e, n, &se_y), mz = mean_of(mu, n, &se_z);
            double rate, want_x, want_y;
            rest_drift(th, drift[s][0], drift[s][1], &rate, &want_x, &want_y);
            if (s == 3) {
                double lab_rate, lab_un;
                lab_drift(th, drift[s][0], &lab_rate, &lab_un);
                const double gen_rate = gen_flux_mj_mean(th, drift[s][0], drift[s][0] * drift[s][0], 1, NULL);
                REPORT("(b) drifting u_d = %g along the normal, theta %g: <v_n; v_n > 0> / c from the lab-frame "
                       "quadrature %.10f, rest-frame %.10f, gen_flux_mj_mean %.10f; <u_n> of the flux %.8f (lab), %.8f "
                       "(rest)",
                       drift[s][0], th, lab_rate, rate, gen_rate, lab_un, want_x);
                CHECK(fabs(lab_rate / rate - 1) < 1e-6 && fabs(gen_rate / lab_rate - 1) < 1e-6);
                CHECK(fabs(lab_un / want_x - 1) < 1e-6);
            }
            REPORT("Maxwell-Juttner flux theta %g drifting (%g, %g, %g): %ld particles; <u_x> %.5f vs %.5f (%.2f se), "
                   "<u_y> %.5f vs %.5f (%.2f se), <u_z> %.5f vs 0 (%.2f se); weight x count / (n A dt c) %.10f vs %.10f",
                   th, drift[s][0], drift[s][1], drift[s][2], n, mx, want_x, fabs(mx - want_x) / se_v, my, want_y,
                   fabs(my - want_y) / se_y, mz, fabs(mz) / se_z, rate_w, rate);
            CHECK(fabs(mx - want_x) <= 4 * se_v && fabs(my - want_y) <= 4 * se_y && fabs(mz) <= 4 * se_z);
            CHECK(fabs(rate_w / rate - 1) < 1e-6);
        }
        free(ux);
        free(uy);
        free(uz);
        free(w);
        free(gam);
        free(vn);
        free(e);
        free(mu);
    }
    fixture_free_sim(sim);
    device_close(&dev);
}

/* (b) The generator's quadrature without drift against its closed form. */
static void test_quadrature(void)
{
    double worst = 0;
    const double th[] = {1e-3, 0.01, 0.1, 1, 10, 100};
    for (size_t i = 0; i < sizeof th / sizeof *th; i++) {
        double p;
        const double q = gen_flux_mj_mean(th[i], 0, 0, 1, &p), closed = gen_flux_mj_mean(th[i], 0, 0, 0, NULL);
        const double mine = th[i] * (1 + th[i]) / (2 * k2_scaled(1 / th[i]));
        worst = fmax(worst, fmax(fabs(q / closed - 1), fmax(fabs(closed / mine - 1), fabs(p - 0.5))));
    }
    REPORT("(b) gen_flux_mj_mean: quadrature vs closed form theta (1 + theta) e^-1/theta / 2 K2(1/theta) and P(v_n > 0) "
           "vs 1/2 at theta 1e-3 .. 100: worst relative difference %.2e",
           worst);
    CHECK(worst < 1e-10);
}

/* (c) Gauss's law with flux injection through both PEC x walls. */
static void test_charge(void)
{
    struct picl_config cfg;
    struct device dev;
    const double mc2 = PICL_M_E * PICL_C * PICL_C;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },\n"
                   "  boundary = { field = { x = 'pec' } }, shape_order = 3, steps = 60,\n"
                   "  species = {\n"
                   "    { name = 'in', particle = 'electron', u_th = 0.05, u_drift = { 0.1, 0.02, 0 },\n"
                   "      flux = { face = '-x', per_cell = 2, density = '1e19*(1 + 0.5*cos(785398.16*z))' } },\n"
                   "    { name = 'back', particle = 'positron', kT = %.17g, u_drift = { -0.2, 0, 0.1 },\n"
                   "      flux = { face = '+x', per_cell = 2, density = 1e19 } } },\n"
                   "}\n",
                   0.02 * mc2);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    double worst = 0, field = 0;
    for (int k = 0; k < 60; k++) {
        fixture_steps(s, 1);
        worst = fmax(worst, fixture_gauss(s));
    }
    fixture_energy(s, &field, NULL);
    const long absorbed = particles_absorbed(&s->species[0], &s->ctx, 1) + particles_absorbed(&s->species[1], &s->ctx, 0);
    REPORT("(c) flux injection through PEC x walls (Maxwellian in at -x, drifting Maxwell-Juttner at +x), shape order 3, "
           "8 boxes, 60 steps: %ld + %ld particles inside, %ld absorbed at the far walls, field energy %.3e J; max "
           "charge_residual %.2e",
           s->species[0].np, s->species[1].np, absorbed, field, worst);
    CHECK(worst < 1e-11 && field > 0 && absorbed > 0);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (d) flux.density as an expression: two Maxwellian streams through -x, one of n0 (1 + sin(k y) / 2),
 * one of n0 (1 + t / T): every particle's weight is w0 n / n0 with n taken where and when it crossed
 * the face (y kept, t = dt (1 - f) for a particle f of its step's travel inside), w0 = n0 c u_th /
 * sqrt(2 pi) dt A / per_cell, to 1e-9. */
static void test_density_expression(void)
{
    struct picl_config cfg;
    struct device dev;
    const double n0 = 1e18, k = 2 * PI / 8e-6, T = 1e-14, uth = 0.05;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },\n"
                   "  boundary = { particles = { x = 'absorbing' } }, steps = 1,\n"
                   "  species = {\n"
                   "    { name = 'y', particle = 'electron', u_th = %.17g,\n"
                   "      flux = { face = '-x', per_cell = 16, density = '%.17g*(1 + 0.5*sin(%.17g*y))' } },\n"
                   "    { name = 't', particle = 'electron', u_th = %.17g,\n"
                   "      flux = { face = '-x', per_cell = 16, density = '%.17g*(1 + t/%.17g)' } } },\n"
                   "}\n",
                   uth, n0, k, uth, n0, T);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    fixture_steps(s, 1);
    const double w0 = n0 * PICL_C * uth / sqrt(2 * PI) * cfg.dt * 1e-12 / 16;
    double worst[2] = {0, 0}, spread[2][2] = {{1e300, 0}, {1e300, 0}};
    long n[2];
    for (int sp = 0; sp < 2; sp++) {
        double *x = fixture_particles(s, sp, PA_X), *y = fixture_particles(s, sp, PA_Y), *ux = fixture_particles(s, sp, PA_UX),
               *uy = fixture_particles(s, sp, PA_UY), *uz = fixture_particles(s, sp, PA_UZ), *w = fixture_particles(s, sp, PA_W);
        n[sp] = s->species[sp].np;
        for (long i = 0; i < n[sp]; i++) {
            const double g = sqrt(1 + (ux[i] * ux[i] + uy[i] * uy[i] + uz[i] * uz[i]) / (PICL_C * PICL_C));
            const double f = x[i] * 1e-6 / (ux[i] / g * cfg.dt); /* x in cells of 1e-6 m */
            const double want = sp == 0 ? 1 + 0.5 * sin(k * y[i] * 1e-6) : 1 + cfg.dt * (1 - f) / T;
            worst[sp] = fmax(worst[sp], fabs(w[i] / (w0 * want) - 1));
            spread[sp][0] = fmin(spread[sp][0], w[i] / w0);
            spread[sp][1] = fmax(spread[sp][1], w[i] / w0);
        }
        free(x);
        free(y);
        free(ux);
        free(uy);
        free(uz);
        free(w);
    }
    REPORT("(d) flux.density expressions: n0 (1 + sin(k y) / 2): %ld particles, weights %.4f .. %.4f of w0, worst "
           "relative error %.2e; n0 (1 + t / T): %ld particles, %.4f .. %.4f of w0, worst %.2e",
           n[0], spread[0][0], spread[0][1], worst[0], n[1], spread[1][0], spread[1][1], worst[1]);
    CHECK(n[0] == 64 * 16 && n[1] == 64 * 16);
    CHECK(worst[0] < 1e-9 && worst[1] < 1e-9);
    CHECK(spread[0][0] < 0.6 && spread[0][1] > 1.4 && spread[1][1] > 1.1);
    fixture_free_sim(s);
    device_close(&dev);
}

int main(void)
{
    test_quadrature();
    test_distributions();
    test_charge();
    test_density_expression();
    return check_finish();
}
