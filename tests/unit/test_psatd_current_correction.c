/* test_psatd_current_correction.c: PSATD's current correction (solver.current_correction) keeps
 * the spectral Gauss law i k.E = rho/eps0 at round-off in a drifting thermal plasma with direct
 * deposition, which does not conserve charge; without it the residual grows. The residual is
 * computed here, from E and rho read back, with the same k as the solver (gen/psatd.c: exact k,
 * 0 at an even axis's Nyquist index) and Yee's half-cell shifts of Ex and Ez: picl's own charge
 * residual (fields_gauss, the reduced CSV's charge_residual) takes the same spectral divergence in
 * real space (psatd_gauss): it is checked against the same bounds. */
#include <complex.h>

#include "check.h"
#include "fixture.h"

#define NC 32
#define STEPS 60
#define TOL_CC 1e-12 /* relative, with the correction */
#define MIN_NO_CC 1e-3 /* relative, without it: the test must be able to fail */

static double axis_k(int m, int n, double dx)
{
    if (n % 2 == 0 && m == n / 2)
        return 0.0;
    return 2.0 * PICL_PI * (m <= n / 2 ? m : m - n) / (n * dx);
}

/* the 2D DFT sum_x f(x) exp(-i k.x) of an NC x NC (x fastest, z) array, one axis at a time */
static void dft2(const double *f, double complex *out)
{
    static double complex tmp[NC * NC];
    for (int l = 0; l < NC; l++)
        for (int m = 0; m < NC; m++) {
            double complex s = 0;
            for (int i = 0; i < NC; i++)
                s += f[i + NC * l] * cexp(-2 * I * PICL_PI * m * i / NC);
            tmp[m + NC * l] = s;
        }
    for (int m = 0; m < NC; m++)
        for (int q = 0; q < NC; q++) {
            double complex s = 0;
            for (int l = 0; l < NC; l++)
                s += tmp[m + NC * l] * cexp(-2 * I * PICL_PI * q * l / NC);
            out[m + NC * q] = s;
        }
}

/* max over k != 0 of |i k.E - rho/eps0|, relative to max |rho|/eps0, with rho deposited now;
 * *column: picl's charge_residual at the same step */
static double spectral_gauss(struct sim *s, double dx, int collocated, double *rho_max, double *column)
{
    double r;
    if (sim_gauss(s, 0, &r, fixture_err, sizeof fixture_err)) { /* deposits rho at the particles' x */
        printf("FAIL: sim_gauss: %s\n", fixture_err);
        exit(1);
    }
    static double complex ex[NC * NC], ez[NC * NC], rho[NC * NC];
    double *f = fixture_field(s, FC_EX);
    dft2(f, ex);
    free(f);
    f = fixture_field(s, FC_EZ);
    dft2(f, ez);
    free(f);
    f = fixture_field(s, FC_RHO);
    dft2(f, rho);
    free(f);
    double worst = 0, rmax = 0;
    for (int q = 0; q < NC; q++)
        for (int m = 0; m < NC; m++) {
            const double kx = axis_k(m, NC, dx), kz = axis_k(q, NC, dx);
            if (kx == 0 && kz == 0)
                continue;
            /* Ex sits half a cell along x, Ez along z: their transforms carry exp(i k d) (collocated: 0) */
            const double h = collocated ? 0 : 0.5;
            const double complex kE = kx * ex[m + NC * q] * cexp(-h * I * kx * dx) +
                                      kz * ez[m + NC * q] * cexp(-h * I * kz * dx);
            worst = fmax(worst, cabs(I * kE - rho[m + NC * q] / PICL_EPS0));
            rmax = fmax(rmax, cabs(rho[m + NC * q]) / PICL_EPS0);
        }
    *rho_max = rmax;
    *column = r;
    return rmax > 0 ? worst / rmax : worst;
}

/* one run of STEPS; the largest relative residual over the steps checked, and at the end; *col:
 * the largest charge_residual (picl's column) over the same steps */
static double run(int correction, double vg, int collocated, double *last, double *col)
{
    const double dx = 1e-6, L = NC * dx, u_th = 0.05;
    const double wp = u_th * PICL_C / dx, n0 = wp * wp * PICL_EPS0 * PICL_M_E / (PICL_Q_E * PICL_Q_E);
    struct picl_config cfg;
    /* electrons and protons on the same lattice: rho = 0 and E = 0 at the start, so Gauss's law
     * holds there; the electrons drift and are hot, the protons are cold */
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  geometry = '2d',\n"
                   "  grid = { cells = {%d, %d}, lower = {0, 0}, upper = {%.17g, %.17g} },\n"
                   "  boundary = { field = 'periodic', particles = 'periodic' },\n"
                   "  solver = { name = 'psatd', dt = %.17g, current_correction = %s, v_galilean = {0, 0, %.17g},\n"
                   "             grid = '%s' }, steps = %d,\n"
                   "  precision = 'double', shape_order = 2, deposition = 'direct',\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = %.17g, ppc = {2, 2}, u_th = %.17g,\n"
                   "      u_drift = { 0.1, 0, 0.05 } },\n"
                   "    { name = 'protons', particle = 'proton', density = %.17g, ppc = {2, 2} },\n"
                   "  },\n}\n",
                   NC, NC, L, L, 0.5 * dx / PICL_C, correction ? "true" : "false", vg,
                   collocated ? "collocated" : "staggered", STEPS, n0, u_th, n0);
    CHECK(cfg.psatd_cc == correction && cfg.v_galilean[2] == vg);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    double worst = 0, rmax = 0, column;
    *col = 0;
    for (int done = 0; done < STEPS; done += STEPS / 6) {
        fixture_steps(s, STEPS / 6);
        *last = spectral_gauss(s, dx, collocated, &rmax, &column);
        worst = fmax(worst, *last);
        *col = fmax(*col, column);
        if (getenv("PICL_CC_VERBOSE"))
            printf("  step %d: %.6e (charge_residual %.6e)\n", done + STEPS / 6, *last, column);
    }
    CHECK(rmax > 0);
    fixture_free_sim(s);
    device_close(&dev);
    return worst;
}

int main(void)
{
    const double t0 = fixture_seconds();
    double last_cc, last_no;
    double last_gal, col_cc, col_no, col_gal, last_col, col_col;
    const double cc = run(1, 0, 0, &last_cc, &col_cc);
    const double no = run(0, 0, 0, &last_no, &col_no);
    const double gal = run(1, -0.5, 0, &last_gal, &col_gal);
    const double coll = run(1, 0, 1, &last_col, &col_col);
    REPORT("spectral Gauss law max |i k.E - rho/eps0| / max |rho/eps0| over %d steps (every %d): with current "
           "correction %.2e (at the end %.2e; tolerance %.0e), without %.2e (at the end %.2e; must exceed %.0e); %.1f s",
           STEPS, STEPS / 6, cc, last_cc, TOL_CC, no, last_no, MIN_NO_CC, fixture_seconds() - t0);
    REPORT("Galilean, v_galilean = -0.5 c along z, with current correction: %.2e (at the end %.2e; tolerance %.0e)",
           gal, last_gal, TOL_CC);
    REPORT("collocated grid, with current correction: %.2e (at the end %.2e; tolerance %.0e)", coll, last_col, TOL_CC);
    REPORT("charge_residual column (PSATD's spectral div E at the nodes) over the same steps: with current correction "
           "%.2e, Galilean %.2e, collocated %.2e (tolerance %.0e), without %.2e (must exceed %.0e)",
           col_cc, col_gal, col_col, TOL_CC, col_no, MIN_NO_CC);
    CHECK(col_cc < TOL_CC);
    CHECK(col_col < TOL_CC);
    CHECK(coll < TOL_CC);
    CHECK(col_gal < TOL_CC);
    CHECK(col_no > MIN_NO_CC);
    CHECK(cc < TOL_CC);
    CHECK(gal < TOL_CC);
    CHECK(no > MIN_NO_CC);
    return check_finish();
}
