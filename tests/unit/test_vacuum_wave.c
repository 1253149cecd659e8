/* test_vacuum_wave.c: a plane wave in a periodic vacuum box travels at the phase speed of the
 * Yee scheme's discrete dispersion relation, keeps its energy, and does not care how the
 * domain is cut into boxes (FillBoundary is exact). */
#include "check.h"
#include "fixture.h"

#define NC 16 /* cells per axis */
#define DXM 1e-6 /* cell size, m */

struct wave {
    double k[3], e[3], b[3]; /* wave vector (1/m), E amplitude (V/m), B amplitude at integer time (T) */
    double omega, dt; /* discrete angular frequency (rad/s), step (s) */
};

/* The discrete eigenmode of Yee's scheme: sin(w dt/2)/(c dt) = |K|/2 with K_a = (2/dx) sin(k_a dx/2).
 * B at half-integer times is K x E / W with W = (2/dt) sin(w dt/2); at integer times (the mean of
 * its neighbours in time) it carries a further cos(w dt/2). Starting from it, nothing else is
 * excited, so the measured frequency must equal w to round-off. */
static void yee_mode(struct wave *w, const int m[3], const double e[3], double cfl, int ncells)
{
    double K[3], k2 = 0;
    w->dt = cfl / (PICL_C * sqrt(3.0 / (DXM * DXM)));
    for (int a = 0; a < 3; a++) {
        w->k[a] = 2 * PICL_PI * m[a] / (ncells * DXM);
        K[a] = 2 / DXM * sin(w->k[a] * DXM / 2);
        k2 += K[a] * K[a];
        w->e[a] = e[a];
    }
    w->omega = 2 / w->dt * asin(PICL_C * w->dt * sqrt(k2) / 2);
    double W = 2 / w->dt * sin(w->omega * w->dt / 2), shift = cos(w->omega * w->dt / 2);
    w->b[0] = (K[1] * e[2] - K[2] * e[1]) / W * shift;
    w->b[1] = (K[2] * e[0] - K[0] * e[2]) / W * shift;
    w->b[2] = (K[0] * e[1] - K[1] * e[0]) / W * shift;
}

static void wave_config(struct picl_config *cfg, const struct wave *w, int ncells, int max_box, const char *precision)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = %d },\n"
                   "  solver = { name = 'yee', dt = %.17g },\n"
                   "  steps = 1, precision = '%s',\n"
                   "  constants = { kx = %.17g, ky = %.17g, kz = %.17g, ex = %.17g, ey = %.17g, ez = %.17g,\n"
                   "                bx = %.17g, by = %.17g, bz = %.17g },\n"
                   "  fields = { Ex = 'ex*cos(kx*x + ky*y + kz*z)', Ey = 'ey*cos(kx*x + ky*y + kz*z)',\n"
                   "             Ez = 'ez*cos(kx*x + ky*y + kz*z)', Bx = 'bx*cos(kx*x + ky*y + kz*z)',\n"
                   "             By = 'by*cos(kx*x + ky*y + kz*z)', Bz = 'bz*cos(kx*x + ky*y + kz*z)' },\n"
                   "}\n",
                   ncells, ncells, ncells, ncells * DXM, ncells * DXM, ncells * DXM, max_box, w->dt, precision,
                   w->k[0], w->k[1], w->k[2], w->e[0], w->e[1], w->e[2], w->b[0], w->b[1], w->b[2]);
}

/* Phase of sum F(x) exp(-i k.x) over the grid, F at its staggered positions. */
static double mode_phase(const double *f, const struct wave *w, enum field_comp c, int n)
{
    double off[3], re = 0, im = 0;
    gen_stagger(c, off);
    for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                double ph = w->k[0] * (i + off[0]) * DXM + w->k[1] * (j + off[1]) * DXM + w->k[2] * (k + off[2]) * DXM;
                double v = f[i + n * (j + n * k)];
                re += v * cos(ph);
                im -= v * sin(ph);
            }
    return atan2(im, re);
}

/* Runs `steps` steps, returns the measured angular frequency from the unwrapped phase. */
static double measure_omega(const struct wave *w, enum field_comp c, int steps, const char *precision,
                            double *energy_drift)
{
    struct picl_config cfg;
    struct device dev;
    wave_config(&cfg, w, NC, 8, precision);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    double we, wb, w0, phase = 0, prev = 0;
    fields_energy(&s->fields, &s->ctx, &we, &wb, fixture_err, sizeof fixture_err);
    w0 = we + wb;
    double *f = fixture_field(s, c);
    prev = mode_phase(f, w, c, NC);
    free(f);
    double start = prev;
    for (int n = 0; n < steps; n++) {
        fixture_steps(s, 1);
        f = fixture_field(s, c);
        double p = mode_phase(f, w, c, NC);
        free(f);
        double d = p - prev;
        d -= 2 * PICL_PI * floor((d + PICL_PI) / (2 * PICL_PI));
        phase += d;
        prev = p;
    }
    (void)start;
    fields_energy(&s->fields, &s->ctx, &we, &wb, fixture_err, sizeof fixture_err);
    *energy_drift = fabs(we + wb - w0) / w0;
    fixture_free_sim(s);
    device_close(&dev);
    return -phase / (steps * w->dt);
}

static void test_phase(const char *name, const int m[3], const double e[3], enum field_comp c)
{
    struct wave w;
    yee_mode(&w, m, e, 0.9, NC);
    double drift;
    double omega = measure_omega(&w, c, 100, "double", &drift);
    double kc = PICL_C * sqrt(w.k[0] * w.k[0] + w.k[1] * w.k[1] + w.k[2] * w.k[2]);
    REPORT("%s: omega measured %.12e, Yee %.12e (rel %.2e), continuum %.12e (rel %.2e); energy drift %.2e", name,
           omega, w.omega, fabs(omega / w.omega - 1), kc, fabs(omega / kc - 1), drift);
    CHECK_NEAR(omega, w.omega, 1e-6);
    /* the test can tell: at 16 cells per wavelength the scheme is measurably slower than c */
    CHECK(fabs(omega / kc - 1) > 1e-4);
    CHECK(drift < 1e-12);
}

static void test_float(void)
{
    struct wave w;
    int m[3] = {1, 0, 0};
    double e[3] = {0, 1e9, 0};
    yee_mode(&w, m, e, 0.9, NC);
    double drift;
    double omega = measure_omega(&w, FC_EY, 100, "float", &drift);
    REPORT("float: omega rel error %.2e, energy drift %.2e", fabs(omega / w.omega - 1), drift);
    CHECK_NEAR(omega, w.omega, 1e-4);
    CHECK(drift < 1e-4);
}

/* The same diagonal wave on 1, 8 and 27 boxes: the same arithmetic on the same values, so the
 * fields agree to the last bit unless a guard cell is wrong. */
static void test_boxes(void)
{
    struct wave w;
    int m[3] = {1, 2, 1};
    double e[3] = {1e9, 0, -1e9};
    const int n = 24;
    yee_mode(&w, m, e, 0.9, n);
    int boxes[3] = {24, 12, 8};
    double *ref[6] = {0};
    struct device dev;
    fixture_device(&dev);
    for (int t = 0; t < 3; t++) {
        struct picl_config cfg;
        wave_config(&cfg, &w, n, boxes[t], "double");
        struct sim *s = fixture_sim(&cfg, &dev);
        fixture_steps(s, 20);
        double maxdiff, maxval;
        if (!fixture_vs_first(s, ref, &maxdiff, &maxval)) {
            REPORT("%d boxes vs 1 box after 20 steps: max relative difference %.3e", s->ctx.lay.n_boxes,
                   maxdiff / maxval);
            CHECK(s->ctx.lay.n_boxes == (t == 1 ? 8 : 27));
            CHECK(maxdiff <= 1e-14 * maxval);
        }
        fixture_free_sim(s);
    }
    for (int c = 0; c < 6; c++)
        free(ref[c]);
    device_close(&dev);
}

int main(void)
{
    int along_x[3] = {1, 0, 0}, diagonal[3] = {1, 1, 1};
    double ey[3] = {0, 1e9, 0}, e_perp[3] = {1e9, -1e9, 0};
    test_phase("along x", along_x, ey, FC_EY);
    test_phase("diagonal", diagonal, e_perp, FC_EX);
    test_float();
    test_boxes();
    return check_finish();
}
