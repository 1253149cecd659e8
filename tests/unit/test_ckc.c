/* test_ckc.c: the Cole-Karkkainen-Cowan solver. At c dt = dx on a cubic grid a plane wave along
 * an axis travels at exactly c and keeps its energy; off the axes it follows CKC's own discrete
 * dispersion relation; Yee at its own limit does neither, so these checks can fail. */
#include "check.h"
#include "ckc.h"
#include "fixture.h"
#include "wave.h"

#define NC 16 /* cells per axis */
#define DXM 1e-6 /* cell size of the cubic grids, m */

/* Cowan's weights on a cubic grid (PRST-AB 16, 041303, 2013), written here independently of
 * gen/ckc.c, which must reproduce them. */
#define CUBIC_ALPHA (7.0 / 12.0)
#define CUBIC_BETA (1.0 / 12.0)
#define CUBIC_GAMMA (1.0 / 48.0)


/* The factor S_a by which CKC's transverse averaging multiplies Faraday's difference along a for
 * the mode exp(i k.x): a line displaced by one cell along t carries cos(k_t d_t) relative to the
 * central one, so S_a = alpha_a + 2 sum_t beta_at cos(k_t d_t) + 4 gamma_a prod_t cos(k_t d_t).
 * S_a = 1 for Yee (w == NULL). */
static void ckc_factors(const struct gen_ckc *w, const double k[3], const double d[3], double S[3])
{
    for (int a = 0; a < 3; a++) {
        if (!w) {
            S[a] = 1;
            continue;
        }
        int t1 = (a + 1) % 3, t2 = (a + 2) % 3;
        double c1 = cos(k[t1] * d[t1]), c2 = cos(k[t2] * d[t2]);
        S[a] = w->alpha[a] + 2 * w->beta[a][t1] * c1 + 2 * w->beta[a][t2] * c2 + 4 * w->gamma[a] * c1 * c2;
    }
}

/* CKC's discrete dispersion relation, derived from maxwell_ckc.cl. With K_a = (2/d_a) sin(k_a d_a/2)
 * Yee's difference along a is i K_a; CKC's Faraday difference is i K_a S_a (= i Kt_a), Ampere stays
 * Yee's. Faraday: W B = Kt x E; Ampere: W E = -c^2 K x B, with W = (2/dt) sin(w dt/2) at half-integer
 * steps. Eliminating B: W^2 E = c^2 (K.Kt) E - c^2 Kt (K.E), and the discrete div E (Yee's, K.E)
 * vanishes in vacuum, so
 *     sin^2(w dt/2) / (c dt)^2 = sum_a S_a sin^2(k_a d_a/2) / d_a^2,
 * for both polarisations E perpendicular to K. Yee is S_a = 1. Along an axis of a cubic grid
 * S_x = alpha + 4 beta + 4 gamma = 1 and at c dt = dx: sin(w dt/2) = sin(k dx/2), w = c k exactly. */
static double dispersion_omega(const struct gen_ckc *w, const double k[3], const double d[3], double dt)
{
    double S[3], s = 0;
    ckc_factors(w, k, d, S);
    for (int a = 0; a < 3; a++) {
        double sa = sin(k[a] * d[a] / 2) / d[a];
        s += S[a] * sa * sa;
    }
    return 2 / dt * asin(PICL_C * dt * sqrt(s));
}

/* The discrete eigenmode (as yee_mode in test_vacuum_wave.c, with CKC's Kt in Faraday): E is `seed`
 * with its component along K removed; B at half-integer times is Kt x E / W, at integer times (the
 * mean of its neighbours in time) it carries a further cos(w dt/2). */
static void make_mode(struct wave *wv, const struct gen_ckc *w, const int n[3], const double d[3], const int m[3],
                      const double seed[3], double dt)
{
    double K[3], Kt[3], S[3], kk = 0, ke = 0;
    wv->dt = dt;
    for (int a = 0; a < 3; a++) {
        wv->n[a] = n[a];
        wv->d[a] = d[a];
        wv->k[a] = 2 * PICL_PI * m[a] / (n[a] * d[a]);
        K[a] = 2 / d[a] * sin(wv->k[a] * d[a] / 2);
        kk += K[a] * K[a];
        ke += K[a] * seed[a];
    }
    ckc_factors(w, wv->k, d, S);
    for (int a = 0; a < 3; a++) {
        wv->e[a] = seed[a] - ke / kk * K[a];
        Kt[a] = K[a] * S[a];
    }
    wv->omega = dispersion_omega(w, wv->k, d, dt);
    double W = 2 / dt * sin(wv->omega * dt / 2), shift = cos(wv->omega * dt / 2);
    const double *e = wv->e;
    wv->b[0] = (Kt[1] * e[2] - Kt[2] * e[1]) / W * shift;
    wv->b[1] = (Kt[2] * e[0] - Kt[0] * e[2]) / W * shift;
    wv->b[2] = (Kt[0] * e[1] - Kt[1] * e[0]) / W * shift;
}

static void cubic_weights(struct gen_ckc *w)
{
    for (int a = 0; a < 3; a++) {
        w->alpha[a] = CUBIC_ALPHA;
        w->gamma[a] = CUBIC_GAMMA;
        for (int t = 0; t < 3; t++)
            w->beta[a][t] = t == a ? 0 : CUBIC_BETA;
    }
}



/* Runs `steps` steps of `solver`; returns the angular frequency from the unwrapped phase of
 * component c and sets *energy_change to (W_end - W_0) / W_0 of the field energy. */
static double measure_omega(const struct wave *w, const char *solver, enum field_comp c, int steps,
                            const char *precision, double *energy_change)
{
    double w0, w1, omega = wave_omega(w, solver, c, steps, precision, &w0, &w1);
    *energy_change = (w1 - w0) / w0;
    return omega;
}

/* gen/ckc.c gives Cowan's cubic weights, every axis's weights sum to one on any grid, and at
 * c dt = min(d) the scheme is stable: the right side of the dispersion relation never exceeds
 * 1/(c dt)^2 over the whole Brillouin zone (scanned), on a cubic and a stretched grid. */
static void test_weights(void)
{
    const double cube[3] = {DXM, DXM, DXM}, stretched[3] = {1e-6, 1.5e-6, 2e-6};
    struct gen_ckc w;
    gen_ckc_weights(cube, &w);
    double err = 0;
    for (int a = 0; a < 3; a++) {
        err = fmax(err, fabs(w.alpha[a] - CUBIC_ALPHA) + fabs(w.gamma[a] - CUBIC_GAMMA));
        for (int t = 0; t < 3; t++)
            err = fmax(err, fabs(w.beta[a][t] - (t == a ? 0 : CUBIC_BETA)));
    }
    REPORT("cubic weights: alpha %.15f beta %.15f gamma %.15f (max error vs 7/12, 1/12, 1/48: %.1e)", w.alpha[0],
           w.beta[0][1], w.gamma[0], err);
    CHECK(err < 1e-15);

    const double *grids[2] = {cube, stretched};
    for (int g = 0; g < 2; g++) {
        const double *d = grids[g];
        gen_ckc_weights(d, &w);
        double sum_err = 0;
        for (int a = 0; a < 3; a++) {
            int t1 = (a + 1) % 3, t2 = (a + 2) % 3;
            sum_err = fmax(sum_err, fabs(w.alpha[a] + 2 * w.beta[a][t1] + 2 * w.beta[a][t2] + 4 * w.gamma[a] - 1));
        }
        double dmin = fmin(d[0], fmin(d[1], d[2])), cdt = dmin, worst = 0;
        const int M = 64;
        for (int i = 0; i <= M; i++)
            for (int j = 0; j <= M; j++)
                for (int l = 0; l <= M; l++) {
                    double k[3] = {PICL_PI * i / (M * d[0]), PICL_PI * j / (M * d[1]), PICL_PI * l / (M * d[2])}, S[3];
                    ckc_factors(&w, k, d, S);
                    double s = 0;
                    for (int a = 0; a < 3; a++) {
                        double sa = sin(k[a] * d[a] / 2) / d[a];
                        s += S[a] * sa * sa;
                    }
                    worst = fmax(worst, cdt * cdt * s);
                }
        REPORT("%s grid (%g x %g x %g um): weights sum to 1 within %.1e; at c dt = %g um, max sin^2(w dt/2) "
               "over k = %.15f",
               g ? "stretched" : "cubic", d[0] * 1e6, d[1] * 1e6, d[2] * 1e6, sum_err, dmin * 1e6, worst);
        CHECK(sum_err < 1e-15);
        CHECK(worst <= 1 + 1e-12);
    }
}

/* At c dt = dx a wave along each axis of a cubic grid travels at c (phase to round-off) and its
 * energy stays constant, even at 16/3 cells per wavelength. */
static void test_axis(void)
{
    struct gen_ckc cubic;
    cubic_weights(&cubic);
    const int n[3] = {NC, NC, NC};
    const double d[3] = {DXM, DXM, DXM};
    const struct {
        const char *name;
        int m[3];
        double seed[3];
        enum field_comp c;
        int steps;
    } cases[] = {{"along x, 16 cells per wavelength", {1, 0, 0}, {0, 1e9, 0}, FC_EY, 500},
                 {"along y, 16/3 cells per wavelength", {0, 3, 0}, {0, 0, 1e9}, FC_EZ, 100},
                 {"along z, 16/3 cells per wavelength", {0, 0, 3}, {1e9, 0, 0}, FC_EX, 100}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct wave w;
        make_mode(&w, &cubic, n, d, cases[i].m, cases[i].seed, DXM / PICL_C);
        double kc = PICL_C * sqrt(w.k[0] * w.k[0] + w.k[1] * w.k[1] + w.k[2] * w.k[2]), change;
        double omega = measure_omega(&w, "ckc", cases[i].c, cases[i].steps, "double", &change);
        REPORT("ckc %s, c dt = dx, %d steps: omega %.15e vs c k %.15e (rel %.2e; relation gives rel %.1e); "
               "energy change %.2e",
               cases[i].name, cases[i].steps, omega, kc, fabs(omega / kc - 1), fabs(w.omega / kc - 1), change);
        CHECK_NEAR(w.omega, kc, 1e-14);
        CHECK_NEAR(omega, kc, 1e-6);
        CHECK(fabs(change) < 1e-10);
    }
}

/* Off the axes CKC is dispersive, and the measured frequency follows its own relation, not the
 * continuum's and not Yee's. On the stretched grid the three axes' weights differ, so a weight
 * wired to the wrong axis in the template would show (the relation with beta_xy and beta_xz
 * exchanged is reported to show by how much). */
static void test_diagonal(void)
{
    struct gen_ckc cubic, stretched_w;
    cubic_weights(&cubic);
    const double cube[3] = {DXM, DXM, DXM}, stretched[3] = {1e-6, 1.5e-6, 2e-6};
    gen_ckc_weights(stretched, &stretched_w);
    const struct {
        const char *name;
        const struct gen_ckc *w;
        const double *d;
        int m[3];
        double seed[3];
        enum field_comp c;
    } cases[] = {{"cubic, mode (1,1,0)", &cubic, cube, {1, 1, 0}, {1e9, -1e9, 0}, FC_EX},
                 {"cubic, mode (1,1,1)", &cubic, cube, {1, 1, 1}, {1e9, -1e9, 0}, FC_EY},
                 {"cubic, mode (2,1,3)", &cubic, cube, {2, 1, 3}, {0, 1e9, -1e9}, FC_EZ},
                 {"stretched 1 x 1.5 x 2 um, mode (2,1,3)", &stretched_w, stretched, {2, 1, 3}, {0, 1e9, -1e9}, FC_EY}};
    const int n[3] = {NC, NC, NC};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const double *d = cases[i].d;
        double dt = fmin(d[0], fmin(d[1], d[2])) / PICL_C;
        struct wave w;
        make_mode(&w, cases[i].w, n, d, cases[i].m, cases[i].seed, dt);
        double change, kc = PICL_C * sqrt(w.k[0] * w.k[0] + w.k[1] * w.k[1] + w.k[2] * w.k[2]);
        double omega = measure_omega(&w, "ckc", cases[i].c, 100, "double", &change);
        double yee = dispersion_omega(NULL, w.k, d, dt);
        struct gen_ckc swapped = *cases[i].w;
        swapped.beta[0][1] = cases[i].w->beta[0][2];
        swapped.beta[0][2] = cases[i].w->beta[0][1];
        double wrong = dispersion_omega(&swapped, w.k, d, dt);
        REPORT("ckc %s, c dt = %g um, 100 steps: omega %.15e vs CKC relation %.15e (rel %.2e); continuum rel "
               "%.2e, Yee relation rel %.2e, beta_xy <-> beta_xz rel %.2e; energy change %.2e",
               cases[i].name, dt * PICL_C * 1e6, omega, w.omega, fabs(omega / w.omega - 1), fabs(omega / kc - 1),
               fabs(omega / yee - 1), fabs(omega / wrong - 1), change);
        CHECK_NEAR(omega, w.omega, 1e-6);
        CHECK(fabs(omega / kc - 1) > 1e-4);
        CHECK(fabs(omega / yee - 1) > 1e-4);
        CHECK(fabs(change) < 1e-10);
        if (d == stretched)
            CHECK(fabs(omega / wrong - 1) > 1e-5);
    }
}

/* The other side: Yee at its own limit (cfl 0.999 of dx / (c sqrt 3)) runs the same axis wave
 * measurably slower than c, as its relation says; CKC's zero error above is not the measurement's. */
static void test_yee_differs(void)
{
    const int n[3] = {NC, NC, NC}, m[3] = {1, 0, 0};
    const double d[3] = {DXM, DXM, DXM}, seed[3] = {0, 1e9, 0};
    struct wave w;
    make_mode(&w, NULL, n, d, m, seed, 0.999 * DXM / (PICL_C * sqrt(3.0)));
    double change, kc = PICL_C * w.k[0];
    double omega = measure_omega(&w, "yee", FC_EY, 200, "double", &change);
    REPORT("yee along x at cfl 0.999 of its limit, 200 steps: omega rel to c k %.3e (Yee relation rel %.2e); "
           "energy change %.2e",
           fabs(omega / kc - 1), fabs(omega / w.omega - 1), change);
    CHECK_NEAR(omega, w.omega, 1e-6);
    CHECK(fabs(omega / kc - 1) > 1e-3);
}

/* In single precision the axis wave still runs at c to float round-off. */
static void test_float(void)
{
    struct gen_ckc cubic;
    cubic_weights(&cubic);
    const int n[3] = {NC, NC, NC}, m[3] = {1, 0, 0};
    const double d[3] = {DXM, DXM, DXM}, seed[3] = {0, 1e9, 0};
    struct wave w;
    make_mode(&w, &cubic, n, d, m, seed, DXM / PICL_C);
    double change, omega = measure_omega(&w, "ckc", FC_EY, 100, "float", &change);
    REPORT("ckc float along x, 100 steps: omega rel to c k %.2e, energy change %.2e", fabs(omega / w.omega - 1),
           change);
    CHECK_NEAR(omega, w.omega, 1e-4);
    CHECK(fabs(change) < 1e-4);
}

/* CKC's Faraday reaches one cell sideways into E's guards: the same diagonal wave on 1, 8 and 27
 * boxes gives the same fields to the last bits unless a guard cell the stencil reads is stale. */
static void test_boxes(void)
{
    struct gen_ckc cubic;
    cubic_weights(&cubic);
    const int nn = 24, n[3] = {nn, nn, nn}, m[3] = {1, 2, 1};
    const double d[3] = {DXM, DXM, DXM}, seed[3] = {1e9, 0, -1e9};
    struct wave w;
    make_mode(&w, &cubic, n, d, m, seed, DXM / PICL_C);
    wave_boxes_agree(&w, "ckc", "ckc, ");
}

int main(void)
{
    double t0 = fixture_seconds();
    test_weights();
    test_axis();
    test_diagonal();
    test_yee_differs();
    test_float();
    test_boxes();
    REPORT("run time %.1f s", fixture_seconds() - t0);
    return check_finish();
}
