/* test_flux_injection.c: species.flux (WarpX NFluxPerCell) against theory. Each step injects
 * exactly per_cell x the face's cells, only in the boxes at the face; the normal velocities of
 * a step's particles follow the flux distribution v f(v) of the Maxwellian (mean sqrt(pi kT / 2m)
 * without drift, a quadrature with one); and the physical particles in the box after a
 * stream of steps, their weights summed, are within 3 sigma of n A \int f(v) min(v T, L) dv; ids
 * are unique, and a restart from a checkpoint continues bit for bit. */
#include "check.h"
#include "checkpoint.h"
#include "flux.h"
#include "fixture.h"

#define PI 3.14159265358979323846
#define SIGMA 0.05 /* u_th, units of c: non-relativistic (gamma - 1 ~ 1e-3) */
#define DENSITY 1e18 /* m^-3: the stream's own fields are negligible (omega_p T ~ 1e-3) */

static struct sim *flux_sim(struct picl_config *cfg, struct device *dev, const char *face, double ud, int per_cell,
                            long steps)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },\n"
                   "  boundary = { particles = { x = 'absorbing' } },\n"
                   "  steps = %ld,\n"
                   "  species = { { name = 'f', particle = 'electron', u_th = %.17g, u_drift = { %.17g, 0.01, 0 },\n"
                   "                flux = { face = '%s', per_cell = %d, density = %.17g } } },\n"
                   "}\n",
                   steps, SIGMA, ud, face, per_cell, DENSITY);
    fixture_device(dev);
    return fixture_sim(cfg, dev);
}

/* \int_0^inf v^k exp(-(v - ud)^2 / 2 s^2) dv (Simpson, to 12 s beyond the mean). */
static double moment(int k, double ud, double s)
{
    const double hi = fmax(ud, 0) + 12 * s;
    const int n = 20000;
    const double h = hi / n;
    double sum = 0;
    for (int i = 0; i <= n; i++) {
        const double v = i * h, f = pow(v, k) * exp(-(v - ud) * (v - ud) / (2 * s * s));
        sum += f * (i == 0 || i == n ? 1 : i % 2 ? 4 : 2);
    }
    return sum * h / 3;
}

/* (a) One step: the count is per_cell x 64 exactly, all within a step's travel of the face,
 * moving inwards; their mean inward u/c against <u_n> = M2 / M1 of the flux distribution,
 * which for ud = 0 is s sqrt(pi / 2) = sqrt(pi kT / 2m) (M2 = s^3 sqrt(pi / 2), M1 = s^2), within 3
 * standard errors of its rms sqrt(M3 / M1 - <u_n>^2). Transverse u: the Gaussian's mean and rms. */
static void test_one_step(const char *face, double ud_in)
{
    struct picl_config cfg;
    struct device dev;
    const int per_cell = 64, upper = face[0] == '+';
    const double sign = upper ? -1 : 1;
    struct sim *s = flux_sim(&cfg, &dev, face, sign * ud_in, per_cell, 1);
    fixture_steps(s, 1);
    double *x = fixture_particles(s, 0, PA_X), *ux = fixture_particles(s, 0, PA_UX),
           *uy = fixture_particles(s, 0, PA_UY);
    const long n = s->species[0].np;
    const double c_dt = PICL_C * cfg.dt / 1e-6; /* cells a particle at c crosses in a step */
    double mean = 0, mean_y = 0, var_y = 0, far = 0;
    long outward = 0;
    for (long i = 0; i < n; i++) {
        const double un = sign * ux[i] / PICL_C, depth = upper ? 8 - x[i] : x[i];
        mean += un / n;
        mean_y += uy[i] / PICL_C / n;
        outward += un <= 0;
        far = fmax(far, depth / (un * c_dt));
    }
    for (long i = 0; i < n; i++)
        var_y += pow(uy[i] / PICL_C - mean_y, 2) / (n - 1);
    const double m1 = moment(1, ud_in, SIGMA), want = moment(2, ud_in, SIGMA) / m1;
    const double rms = sqrt(moment(3, ud_in, SIGMA) / m1 - want * want), se = rms / sqrt((double)n);
    REPORT("flux through %s, inward drift %+.3f c, u_th %.3f c: %ld injected in a step (want %d x 64); "
           "<u_n> %.6f c, theory %.6f c (%s%.2f standard errors); transverse <u_y> %.5f (0.01), rms %.5f (%.3f); "
           "deepest at %.4f of its step's travel, %ld moving outwards",
           face, ud_in, SIGMA, n, per_cell, mean, want, ud_in == 0 ? "sqrt(pi kT/2m); " : "", fabs(mean - want) / se,
           mean_y, sqrt(var_y), SIGMA, far, outward);
    CHECK(n == (long)per_cell * 64);
    CHECK(fabs(mean - want) <= 3 * se);
    if (ud_in == 0)
        CHECK(fabs(want - SIGMA * sqrt(PI / 2)) <= 1e-9 * SIGMA);
    CHECK(fabs(mean_y - 0.01) <= 3 * SIGMA / sqrt((double)n));
    CHECK(fabs(sqrt(var_y) - SIGMA) <= 3 * SIGMA / sqrt(2.0 * n));
    CHECK(far <= 1 && outward == 0);
    free(x);
    free(ux);
    free(uy);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (b) A stream of inward drift ud for T = 240 steps, leaving through +x (absorbing) at L = 8 cells:
 * each step adds per_cell x 64 (checked every step), and the physical particles in the box, the
 * sum of their weights, are n A \int_0^inf f(v) min(v T, L) dv with f the normalized Gaussian of
 * mean ud and rms s (the flux through A for a time T, less what has crossed L; for ud = 0 in
 * closed form, n A [T s / sqrt(2 pi) (1 - exp(-vL^2 / 2 s^2)) + L erfc(vL / sqrt(2) s) / 2], vL = L / T;
 * by quadrature else), within 3 sigma of the count's binomial spread (each injected particle is
 * in the box or not). */
static void test_stream(double ud)
{
    struct picl_config cfg;
    struct device dev;
    const int per_cell = 2;
    const long steps = 240;
    struct sim *s = flux_sim(&cfg, &dev, "-x", ud, per_cell, steps);
    long exact = 1;
    for (long k = 1; k <= steps; k++) {
        fixture_steps(s, 1);
        const long in = s->species[0].np + particles_absorbed(&s->species[0], &s->ctx, 0) +
                        particles_absorbed(&s->species[0], &s->ctx, 1);
        exact &= in == k * per_cell * 64;
    }
    double *w = fixture_particles(s, 0, PA_W);
    const long n = s->species[0].np;
    double phys = 0;
    for (long i = 0; i < n; i++)
        phys += w[i];
    const double area = 8e-6 * 8e-6, T = steps * cfg.dt, L = 8e-6, sc = SIGMA * PICL_C;
    /* \int_0^inf f(v) min(vT, L) dv, f = exp(-v^2 / 2 sc^2) / (sqrt(2 pi) sc) */
    const double vl = L / T;
    const double part1 = T * sc / sqrt(2 * PI) * (1 - exp(-vl * vl / (2 * sc * sc)));
    const double part2 = L * 0.5 * erfc(vl / (sqrt(2.0) * sc));
    double integral = part1 + part2;
    if (ud != 0) { /* Simpson over v in (0, ud + 12 s] */
        const double hi = (fmax(ud, 0) + 12 * SIGMA) * PICL_C, udc = ud * PICL_C;
        const int m = 20000;
        const double h = hi / m;
        integral = 0;
        for (int i = 0; i <= m; i++) {
            const double v = i * h, f = exp(-(v - udc) * (v - udc) / (2 * sc * sc)) / (sqrt(2 * PI) * sc);
            integral += f * fmin(v * T, L) * (i == 0 || i == m ? 1 : i % 2 ? 4 : 2) * h / 3;
        }
    }
    const double want = DENSITY * area * integral;
    const long injected = steps * per_cell * 64;
    const double p = want / (w[0] * injected), sigma = w[0] * sqrt(injected * p * (1 - p));
    REPORT("stream through -x, drift %+.3f c, for %ld steps: injected per step exact %s; %ld macro-particles in the box, "
           "%.6e physical, theory n A \\int f min(vT, L) = %.6e (%.2f sigma; %.1f%% of the injected left at +x)",
           ud, steps, exact ? "every step" : "NOT", n, phys, want, fabs(phys - want) / sigma,
           100.0 * (1 - (double)n / injected));
    CHECK(exact);
    CHECK(fabs(phys - want) <= 3 * sigma);
    CHECK(n < injected); /* some have left: the min(vT, L) matters */
    free(w);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (d) temperature = 1 keV with distribution = "maxwellian" (and another seed): the mean inward u of a step's
 * particles against sqrt(pi kT / 2m) / c from the temperature itself, within 3 standard errors
 * (rms of the flux distribution's u_n: sqrt(2 - pi / 2) sqrt(kT / m)). */
static void test_temperature(void)
{
    struct picl_config cfg;
    struct device dev;
    const double t_ev = 1000, per_cell = 64;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },\n"
                   "  boundary = { particles = { z = 'absorbing' } }, steps = 1,\n"
                   "  species = { { name = 'f', particle = 'electron', temperature = %.17g, distribution = 'maxwellian', seed = 5,\n"
                   "                flux = { face = '-z', per_cell = %g, density = 1e18 } } },\n"
                   "}\n",
                   t_ev, per_cell);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    fixture_steps(s, 1);
    double *uz = fixture_particles(s, 0, PA_UZ);
    const long n = s->species[0].np;
    double mean = 0;
    for (long i = 0; i < n; i++)
        mean += uz[i] / n;
    const double kt_m = t_ev * PICL_Q_E / PICL_M_E, want = sqrt(PI * kt_m / 2), se = sqrt((2 - PI / 2) * kt_m / n);
    REPORT("flux through -z of a 1 keV Maxwellian: %ld particles, <u_n> %.6e m/s, sqrt(pi kT / 2m) %.6e m/s "
           "(%.2f standard errors)",
           n, mean, want, fabs(mean - want) / se);
    CHECK(n == 64 * 64 && fabs(mean - want) <= 3 * se);
    free(uz);
    fixture_free_sim(s);
    device_close(&dev);
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* (c) Checkpoint at step 10 of a flow through +y on 2 x 2 x 2 boxes, both runs continued to 30:
 * every particle array and count the same, bit for bit, and no id twice. */
static void test_restart(void)
{
    char ckpt_dir[] = "/tmp/picl_flux_ckpt_XXXXXX";
    fixture_tmpdir(ckpt_dir);
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 8e-6}, max_box = 4 },\n"
                   "  boundary = { particles = { y = 'absorbing' } },\n"
                   "  steps = 30, checkpoint = { dir = '%s', keep = 1 },\n"
                   "  species = { { name = 'f', particle = 'electron', u_th = 0.1, u_drift = { 0, -0.2, 0 },\n"
                   "                flux = { face = '+y', per_cell = 3, density = 1e22 } } },\n"
                   "}\n",
                   ckpt_dir);
    fixture_device(&dev);
    struct sim *a = fixture_sim(&cfg, &dev), *b = fixture_sim(&cfg, &dev);
    fixture_steps(a, 10);
    char path[1024];
    fixture_restart(a, b, path, sizeof path);
    fixture_steps(a, 20);
    fixture_steps(b, 20);
    long differ = 0, dup = 0;
    particles_check(&a->species[0], &a->ctx, NULL, fixture_err, sizeof fixture_err);
    particles_check(&b->species[0], &b->ctx, NULL, fixture_err, sizeof fixture_err);
    const long n = a->species[0].np;
    const int counts = n != b->species[0].np || flux_injected(&a->species[0]) != flux_injected(&b->species[0]) ||
                       particles_absorbed(&a->species[0], &a->ctx, 2) != particles_absorbed(&b->species[0], &b->ctx, 2);
    for (int k = PA_X; k <= PA_ID; k++) {
        double *va = fixture_particles(a, 0, (enum particle_array)k), *vb = fixture_particles(b, 0, (enum particle_array)k);
        for (long i = 0; i < n && i < b->species[0].np; i++)
            differ += !(va[i] == vb[i]);
        if (k == PA_ID) {
            qsort(va, (size_t)n, sizeof *va, cmp_double);
            for (long i = 1; i < n; i++)
                dup += va[i] == va[i - 1];
        }
        free(va);
        free(vb);
    }
    REPORT("flow through +y, checkpoint at step 10, continued to 30: %ld particles (%ld injected, %ld left through -y); "
           "%ld values differ from the run that never stopped, counts %s; %ld ids twice",
           n, flux_injected(&a->species[0]), particles_absorbed(&a->species[0], &a->ctx, 2), differ,
           counts ? "differ" : "agree", dup);
    CHECK(flux_injected(&a->species[0]) == 30 * 3 * 64);
    CHECK(differ == 0 && counts == 0 && dup == 0);
    remove(path);
    rmdir(ckpt_dir);
    fixture_free_sim(a);
    fixture_free_sim(b);
    device_close(&dev);
}

int main(void)
{
    test_one_step("-x", 0);
    test_one_step("+x", 0);
    test_one_step("-x", SIGMA);
    test_one_step("-x", -0.5 * SIGMA);
    test_one_step("-x", -3 * SIGMA);
    test_stream(0);
    test_stream(SIGMA);
    test_restart();
    test_temperature();
    return check_finish();
}
