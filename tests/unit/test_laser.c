/* test_laser.c: the laser antenna. A focused Gaussian pulse, recorded at its focus after it has
 * left the antenna, has the requested peak field, waist and duration (Gaussian fits to its
 * temporal and transverse profiles, 2%). A plane-wave pulse (a waist far wider than the
 * periodic transverse box) carries the energy the requested field brings through the antenna
 * plane, sends nothing backwards, and keeps its energy while it crosses the periodic faces and
 * the antenna plane again (Yee along +x, CKC along -z). */
#include "check.h"
#include "fixture.h"

#define LAMBDA 1e-6 /* m */

/* ---- fits: models v(x) ~ sum_k c_k phi_k(x; p) with one or two linear coefficients c_k,
 * found by least squares for each p, and the two nonlinear parameters p by Nelder and Mead's
 * simplex on the residual (variable projection). */

struct fit {
    const double *x, *v;
    int n;
    double omega; /* temporal model: the carrier's angular frequency */
    int temporal; /* 1: exp(-(x - p0)^2 / p1^2) (c0 cos wx + c1 sin wx); 0: c0 exp(-2 (x - p0)^2 / p1^2) */
    double c[2];
};

static double fit_residual_p(struct fit *f, const double p[2])
{
    double M[2][2] = {{0}}, r[2] = {0};
    const int k = f->temporal ? 2 : 1;
    for (int i = 0; i < f->n; i++) {
        const double u = (f->x[i] - p[0]) / p[1];
        double phi[2];
        if (f->temporal) {
            const double env = exp(-u * u);
            phi[0] = env * cos(f->omega * f->x[i]);
            phi[1] = env * sin(f->omega * f->x[i]);
        } else {
            phi[0] = exp(-2 * u * u);
        }
        for (int a = 0; a < k; a++) {
            r[a] += phi[a] * f->v[i];
            for (int b = 0; b < k; b++)
                M[a][b] += phi[a] * phi[b];
        }
    }
    if (k == 1) {
        f->c[0] = r[0] / M[0][0];
        f->c[1] = 0;
    } else {
        const double det = M[0][0] * M[1][1] - M[0][1] * M[1][0];
        f->c[0] = (r[0] * M[1][1] - r[1] * M[0][1]) / det;
        f->c[1] = (r[1] * M[0][0] - r[0] * M[1][0]) / det;
    }
    double res = 0;
    for (int i = 0; i < f->n; i++) {
        const double u = (f->x[i] - p[0]) / p[1];
        const double model = f->temporal ? exp(-u * u) * (f->c[0] * cos(f->omega * f->x[i]) + f->c[1] * sin(f->omega * f->x[i]))
                                         : f->c[0] * exp(-2 * u * u);
        res += (f->v[i] - model) * (f->v[i] - model);
    }
    return res;
}

/* Nelder-Mead from p (with steps s), to a relative size of 1e-12; p gets the best point. */
static void fit_run(struct fit *f, double p[2], const double s[2])
{
    double P[3][2] = {{p[0], p[1]}, {p[0] + s[0], p[1]}, {p[0], p[1] + s[1]}}, R[3];
    for (int i = 0; i < 3; i++)
        R[i] = fit_residual_p(f, P[i]);
    for (int it = 0; it < 2000; it++) {
        int best = 0, worst = 0;
        for (int i = 1; i < 3; i++) {
            best = R[i] < R[best] ? i : best;
            worst = R[i] > R[worst] ? i : worst;
        }
        const int mid = 3 - best - worst;
        if (fabs(P[worst][0] - P[best][0]) < 1e-12 * fabs(p[1]) && fabs(P[worst][1] - P[best][1]) < 1e-12 * fabs(p[1]))
            break;
        double c[2], t[2], e[2];
        for (int a = 0; a < 2; a++) {
            c[a] = 0.5 * (P[best][a] + P[mid][a]);
            t[a] = 2 * c[a] - P[worst][a];
        }
        const double rt = fit_residual_p(f, t);
        if (rt < R[best]) {
            for (int a = 0; a < 2; a++)
                e[a] = 3 * c[a] - 2 * P[worst][a];
            const double re = fit_residual_p(f, e);
            memcpy(P[worst], re < rt ? e : t, sizeof e);
            R[worst] = re < rt ? re : rt;
        } else if (rt < R[mid]) {
            memcpy(P[worst], t, sizeof t);
            R[worst] = rt;
        } else {
            for (int a = 0; a < 2; a++)
                t[a] = 0.5 * (c[a] + P[worst][a]);
            const double rc = fit_residual_p(f, t);
            if (rc < R[worst]) {
                memcpy(P[worst], t, sizeof t);
                R[worst] = rc;
            } else {
                for (int i = 0; i < 3; i++)
                    if (i != best) {
                        for (int a = 0; a < 2; a++)
                            P[i][a] = 0.5 * (P[i][a] + P[best][a]);
                        R[i] = fit_residual_p(f, P[i]);
                    }
            }
        }
    }
    int best = 0;
    for (int i = 1; i < 3; i++)
        best = R[i] < R[best] ? i : best;
    p[0] = P[best][0];
    p[1] = P[best][1];
    fit_residual_p(f, p); /* the coefficients at the best point */
}

/* A Gaussian pulse E(t) = A exp(-(t - t0)^2 / tau^2) cos(omega t + phi): A, t0, tau. The start
 * comes from the moments of E^2, whose spread is tau^2 / 4. */
static void fit_pulse(const double *t, const double *e, int n, double omega, double *A, double *t0, double *tau)
{
    double s0 = 0, s1 = 0, s2 = 0;
    for (int i = 0; i < n; i++) {
        s0 += e[i] * e[i];
        s1 += e[i] * e[i] * t[i];
        s2 += e[i] * e[i] * t[i] * t[i];
    }
    double p[2] = {s1 / s0, 2 * sqrt(s2 / s0 - (s1 / s0) * (s1 / s0))}, s[2] = {0.1 * p[1], 0.1 * p[1]};
    struct fit f = {.x = t, .v = e, .n = n, .omega = omega, .temporal = 1};
    fit_run(&f, p, s);
    *A = hypot(f.c[0], f.c[1]);
    *t0 = p[0];
    *tau = fabs(p[1]);
}

/* A fluence profile F(y) = C exp(-2 (y - y0)^2 / w^2): the waist w and the centre y0. */
static void fit_profile(const double *y, const double *F, int n, double *w, double *y0)
{
    double s0 = 0, s1 = 0, s2 = 0;
    for (int i = 0; i < n; i++) {
        s0 += F[i];
        s1 += F[i] * y[i];
        s2 += F[i] * y[i] * y[i];
    }
    double p[2] = {s1 / s0, 2 * sqrt(s2 / s0 - (s1 / s0) * (s1 / s0))}, s[2] = {0.1 * p[1], 0.1 * p[1]};
    struct fit f = {.x = y, .v = F, .n = n, .temporal = 0};
    fit_run(&f, p, s);
    *y0 = p[0];
    *w = fabs(p[1]);
}

/* ---- (a) the focused Gaussian pulse */

/* cells: 64 along x (dx = lambda/10) with 8-cell PMLs at both x faces, 48 x 48 across (dy = dz =
 * lambda/5), periodic. The antenna at x = 12 cells sends the pulse towards +x, focused at x = 36
 * cells (24 cells ahead, a fifth of the Rayleigh length: w = 1.02 w0 on the antenna), polarized
 * along y, centred so that E_y's points lie on the axis. */
#define GX 64
#define GT 48
#define PROBE 36
static void gaussian_config(struct picl_config *cfg, double a0, double w0, double fwhm, double t_peak)
{
    fixture_config(cfg, NULL, 0,
                   "local picl = require('picl')\n"
                   "local lambda, dx, dy = %.17g, %.17g, %.17g\n"
                   "return picl.simulation {\n"
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%d*dx, %d*dy, %d*dy}, max_box = {32, 24, 24} },\n"
                   "  boundary = { field = { x = 'pml' }, pml_cells = 8 },\n"
                   "  steps = 1,\n"
                   "  lasers = { { name = 'pulse', position = {12*dx, %d.5*dy, %d*dy}, direction = '+x', polarization = {0, 1, 0},\n"
                   "               wavelength = lambda, a0 = %.17g, waist = %.17g, fwhm = %.17g, t_peak = %.17g,\n"
                   "               focal_distance = %d*dx } },\n"
                   "}\n",
                   LAMBDA, LAMBDA / 10, LAMBDA / 5, GX, GT, GT, GX, GT, GT, GT / 2, GT / 2, a0, w0, fwhm, t_peak, PROBE - 12);
}

static void test_gaussian(void)
{
    const double a0 = 0.5, w0 = 2 * LAMBDA, tau = 2 * LAMBDA / PICL_C, fwhm = tau * sqrt(2 * log(2));
    const double t_peak = 3.5 * tau, omega = 2 * PICL_PI * PICL_C / LAMBDA;
    const double E0 = a0 * PICL_M_E * PICL_C * omega / PICL_Q_E;
    struct picl_config cfg;
    struct device dev;
    gaussian_config(&cfg, a0, w0, fwhm, t_peak);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const double dx = LAMBDA / 10, dy = LAMBDA / 5;
    /* the peak reaches the focus 24 cells after the antenna; the record ends 3.5 tau later */
    const int steps = (int)ceil((t_peak + (PROBE - 12) * dx / PICL_C + 3.5 * tau) / cfg.dt);
    double *t = malloc(sizeof(double) * steps), *axis = malloc(sizeof(double) * steps);
    double *fluence = calloc((size_t)GT * GT, sizeof(double));
    const int jc = GT / 2, kc = GT / 2;
    for (int n = 0; n < steps; n++) {
        fixture_steps(s, 1);
        double *ey = fixture_field(s, FC_EY);
        t[n] = (n + 1) * cfg.dt;
        axis[n] = ey[PROBE + GX * (jc + GT * kc)];
        for (int k = 0; k < GT; k++)
            for (int j = 0; j < GT; j++) {
                const double e = ey[PROBE + GX * (j + (long)GT * k)];
                fluence[j + GT * k] += e * e;
            }
        free(ey);
    }
    double A, t0, tau_fit;
    fit_pulse(t, axis, steps, omega, &A, &t0, &tau_fit);
    /* E_y sits half a cell up along y: across y the points are at (j + 1/2) dy, along z at k dz */
    double y[GT], fy[GT], fz[GT], wy, wz, yc, zc;
    for (int j = 0; j < GT; j++) {
        fy[j] = fluence[j + GT * kc];
        fz[j] = fluence[jc + GT * j];
    }
    for (int j = 0; j < GT; j++)
        y[j] = (j + 0.5) * dy;
    fit_profile(y, fy, GT, &wy, &yc);
    for (int j = 0; j < GT; j++)
        y[j] = j * dy;
    fit_profile(y, fz, GT, &wz, &zc);
    const double arrival = t_peak + (PROBE - 12) * dx / PICL_C;
    REPORT("gaussian pulse at its focus (yee, %d steps): peak field %.6e V/m (E0 %.6e, a0 %.2f: %+.2f%%), duration tau "
           "%.4e s (%.4e: %+.2f%%), waist along y %.4e m and along z %.4e m (%.4e: %+.2f%%, %+.2f%%), centre (%.3f, %.3f) "
           "um, peak %.2f steps after the paraxial prediction",
           steps, A, E0, a0, 100 * (A / E0 - 1), tau_fit, tau, 100 * (tau_fit / tau - 1), wy, wz, w0, 100 * (wy / w0 - 1),
           100 * (wz / w0 - 1), yc * 1e6, zc * 1e6, (t0 - arrival) / cfg.dt);
    CHECK_NEAR(A, E0, 0.02);
    CHECK_NEAR(tau_fit, tau, 0.02);
    CHECK_NEAR(wy, w0, 0.02);
    CHECK_NEAR(wz, w0, 0.02);
    CHECK(fabs(yc - (jc + 0.5) * dy) < 0.05 * dy && fabs(zc - kc * dy) < 0.05 * dy);
    free(t);
    free(axis);
    free(fluence);
    fixture_free_sim(s);
    device_close(&dev);
}

/* ---- (b) a plane-wave pulse in a periodic box */

/* 256 cells of lambda/20 along the laser's axis, 4 x 4 across, periodic everywhere. The
 * antenna at cell 64 from the face the pulse leaves, waist 1 m (uniform across the box to
 * 1e-11), tau = lambda / c. */
#define PL 256
#define PA 64
static void plane_config(struct picl_config *cfg, const char *solver, int axis, int sign, double tau, double t_peak)
{
    const double d = LAMBDA / 20;
    double upper[3] = {4 * d, 4 * d, 4 * d}, pos[3] = {2 * d, 2 * d, 2 * d};
    int cells[3] = {4, 4, 4};
    cells[axis] = PL;
    upper[axis] = PL * d;
    pos[axis] = (sign > 0 ? PA : PL - PA) * d;
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 64 },\n"
                   "  solver = %s, steps = 1, shape_order = 1,\n"
                   "  lasers = { { position = {%.17g, %.17g, %.17g}, direction = '%c%c', polarization = {%s},\n"
                   "               wavelength = %.17g, E0 = 1e12, waist = 1, tau = %.17g, t_peak = %.17g } },\n"
                   "}\n",
                   cells[0], cells[1], cells[2], upper[0], upper[1], upper[2], solver, pos[0], pos[1], pos[2],
                   sign > 0 ? '+' : '-', "xyz"[axis], axis == 0 ? "0, 0.6, 0.8" : "0.6, 0.8, 0", LAMBDA, tau, t_peak);
}

/* Yee's exact energy invariant eps0/2 E^n.E^n + 1/(2 mu0) B^{n-1/2}.B^{n+1/2} (here with B^{n -+ 1/2}
 * = B^n +- dt/2 curl E^n) for fields uniform across the axis a, where curl E has two components,
 * differences of E along a; and the plain eps0/2 E^2 + B^2/(2 mu0) in the cells behind the
 * antenna (`behind`, a range of cells along a that may wrap). */
static double plane_invariant(struct sim *s, int a, const int behind[2], double *plain_behind)
{
    const int b = (a + 1) % 3, c = (a + 2) % 3, n = PL * 16;
    const int stride[3] = {1, s->ctx.lay.cells[0], s->ctx.lay.cells[0] * s->ctx.lay.cells[1]};
    const double d = s->ctx.lay.dx[a], dt = s->ctx.cfg->dt, dv = d * s->ctx.lay.dx[b] * s->ctx.lay.dx[c];
    double *E[3], *B[3];
    for (int q = 0; q < 3; q++) {
        E[q] = fixture_field(s, (enum field_comp)(FC_EX + q));
        B[q] = fixture_field(s, (enum field_comp)(FC_BX + q));
    }
    double e2 = 0, bb = 0;
    *plain_behind = 0;
    for (int m = 0; m < n; m++) {
        int g[3] = {m % stride[1], (m / stride[1]) % s->ctx.lay.cells[1], m / stride[2]};
        const int up = m + ((g[a] + 1) % PL - g[a]) * stride[a]; /* the next cell along a, periodic */
        /* curl E: component b is -dE_c/da, component c is dE_b/da */
        const double curl_b = -(E[c][up] - E[c][m]) / d, curl_c = (E[b][up] - E[b][m]) / d;
        double em = 0, bm = 0;
        for (int q = 0; q < 3; q++) {
            em += E[q][m] * E[q][m];
            bm += B[q][m] * B[q][m];
        }
        e2 += em;
        bb += bm - 0.25 * dt * dt * (curl_b * curl_b + curl_c * curl_c);
        const int k = (g[a] - behind[0] + PL) % PL;
        if (k < (behind[1] - behind[0] + PL) % PL)
            *plain_behind += (0.5 * PICL_EPS0 * em + 0.5 / PICL_MU0 * bm) * dv;
    }
    for (int q = 0; q < 3; q++) {
        free(E[q]);
        free(B[q]);
    }
    return (0.5 * PICL_EPS0 * e2 + 0.5 / PICL_MU0 * bb) * dv;
}

/* The field energy a pulse E_inc(t) brings through the antenna's area S: S eps0 c int E_inc^2 dt
 * = S eps0 c E0^2 tau sqrt(pi/2) / 2 (the carrier's average 1/2; its correction is
 * exp(-omega^2 tau^2 / 2) ~ 3e-9). On the grid the antenna makes E = E_inc exactly (the
 * total-field/scattered-field source), but the pulse travels at the grid's group velocity
 * v_g = c cos(k d/2) / cos(omega dt/2) (from sin(omega dt/2) / (c dt) = sin(k d/2) / d), so it is
 * v_g / c as long; and B at whole steps, the mean of the half steps', is cos(omega dt/2) of E/c.
 * Expected, then: U = U_inc (v_g / c) (1 + cos^2(omega dt/2)) / 2 for eps0/2 E^2 + B^2/(2 mu0),
 * and U_inc (v_g / c) (1 + cos(omega dt)) / 2 for Yee's invariant. */
static void test_plane_wave(const char *solver, int axis, int sign)
{
    const double tau = LAMBDA / PICL_C, t_peak = 3.5 * tau, d = LAMBDA / 20;
    struct picl_config cfg;
    struct device dev;
    plane_config(&cfg, solver, axis, sign, tau, t_peak);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const double expected = 16 * d * d * PICL_EPS0 * PICL_C * 1e24 * tau * sqrt(PICL_PI / 2) / 2;
    const double omega = 2 * PICL_PI * PICL_C / LAMBDA, half = 0.5 * omega * cfg.dt;
    const double k = 2 / d * asin(d / (PICL_C * cfg.dt) * sin(half)), vg = cos(0.5 * k * d) / cos(half);
    const double grid_plain = expected * vg * (1 + cos(half) * cos(half)) / 2, grid_inv = expected * vg * (1 + cos(2 * half)) / 2;
    /* emitted by t_peak + 3.5 tau: then it lies within 7 c tau = 140 cells ahead of the antenna */
    const int emitted = (int)ceil((t_peak + 3.5 * tau) / cfg.dt);
    fixture_steps(s, emitted);
    const int plane = cfg.lasers[0].plane;
    int behind[2]; /* cells [behind[0], behind[1]) along the axis, wrapping */
    if (sign > 0) {
        behind[0] = (plane + 145) % PL;
        behind[1] = plane - 2;
    } else {
        behind[0] = plane + 2;
        behind[1] = (plane - 145 + PL) % PL;
    }
    double leak;
    const double w_emitted = plane_invariant(s, axis, behind, &leak);
    const double plain = fixture_energy(s, NULL, NULL);
    /* then once round the periodic box and through the antenna plane again */
    const int round = (int)ceil(PL * d / (PICL_C * cfg.dt));
    double drift = 0, dummy;
    for (int n = 0; n < round; n += 8) {
        fixture_steps(s, 8);
        drift = fmax(drift, fabs(plane_invariant(s, axis, behind, &dummy) / w_emitted - 1));
    }
    REPORT("plane-wave pulse (%s, %c%c, %d + %d steps): field energy (E^2 + B^2) %.6e J for %.6e J brought through "
           "the antenna (%+.2f%%; %+.3f%% from the grid's expectation, v_g/c = %.5f), Yee's invariant %+.3f%% from its "
           "expectation; energy behind the antenna %.1e of it; the invariant kept to %.1e over one more round of the "
           "periodic box",
           solver, sign > 0 ? '+' : '-', "xyz"[axis], emitted, round, plain, expected, 100 * (plain / expected - 1),
           100 * (plain / grid_plain - 1), vg, 100 * (w_emitted / grid_inv - 1), leak / w_emitted, drift);
    CHECK_NEAR(plain, expected, 0.02);
    CHECK_NEAR(plain, grid_plain, 2e-3);
    CHECK_NEAR(w_emitted, grid_inv, 2e-3);
    CHECK(leak < 1e-6 * w_emitted);
    CHECK(drift < 1e-10);
    fixture_free_sim(s);
    device_close(&dev);
}

int main(void)
{
    double t0 = fixture_seconds();
    test_plane_wave("'yee'", 0, 1);
    test_plane_wave("'ckc'", 2, -1);
    test_gaussian();
    REPORT("%.1f s", fixture_seconds() - t0);
    return check_finish();
}
