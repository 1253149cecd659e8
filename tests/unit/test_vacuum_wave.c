/* test_vacuum_wave.c: a plane wave in a periodic vacuum box travels at the phase speed of the
 * Yee scheme's discrete dispersion relation, keeps its energy, and does not care how the
 * domain is cut into boxes (FillBoundary is exact). */
#include "check.h"
#include "fixture.h"
#include "wave.h"

#define NC 16 /* cells per axis */
#define DXM 1e-6 /* cell size, m */


/* The discrete eigenmode of Yee's scheme: sin(w dt/2)/(c dt) = |K|/2 with K_a = (2/dx) sin(k_a dx/2).
 * B at half-integer times is K x E / W with W = (2/dt) sin(w dt/2); at integer times (the mean of
 * its neighbours in time) it carries a further cos(w dt/2). Starting from it, nothing else is
 * excited, so the measured frequency must equal w to round-off. */
static void yee_mode(struct wave *w, const int m[3], const double e[3], double cfl, int ncells)
{
    double K[3], k2 = 0;
    w->dt = cfl / (PICL_C * sqrt(3.0 / (DXM * DXM)));
    for (int a = 0; a < 3; a++) {
        w->n[a] = ncells;
        w->d[a] = DXM;
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



/* Runs `steps` steps, returns the measured angular frequency from the unwrapped phase. */
static double measure_omega(const struct wave *w, enum field_comp c, int steps, const char *precision,
                            double *energy_drift)
{
    double w0, w1, omega = wave_omega(w, "yee", c, steps, precision, &w0, &w1);
    *energy_drift = fabs(w1 - w0) / w0;
    return omega;
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
    wave_boxes_agree(&w, "yee", "");
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
