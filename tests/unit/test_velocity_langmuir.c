/* test_velocity_langmuir.c: a standing Langmuir wave started by a velocity perturbation alone
 * (u_drift profiles, E = B = 0 at t = 0) in a 3D periodic cube, against cold-fluid theory.
 *
 * Electrons and positrons of density n0 each start with opposite drifts v_e = -v_p = a c grad(phi),
 * phi = -cos(kx) cos(ky) cos(kz) / k, i.e. v_e = a c (sin(kx)cos(ky)cos(kz), cos(kx)sin(ky)cos(kz),
 * cos(kx)cos(ky)sin(kz)). The current J = -2 q_e n0 v_e is a gradient, so B stays 0, and the
 * linearised cold fluid gives eps0 dE/dt = -J, m dv_e/dt = -q_e E, hence
 *   d^2 v_e / dt^2 = -omega_p^2 v_e,  omega_p^2 = 2 n0 q_e^2 / (eps0 m_e)  (both species),
 *   v_e = a c grad(phi) cos(omega_p t),  E = (m_e omega_p a c / q_e) grad(phi) sin(omega_p t),
 * e.g. Ex = E0 sin(kx) cos(ky) cos(kz) sin(omega_p t) with E0 = m_e c a omega_p / q_e.
 *
 * Checked: every node of Ex, Ey, Ez at four times up to the quarter period (omega_p t = pi/2,
 * where E peaks), max |E - theory| / E0 < 5% at shape order 1; the figure at order 3 is reported
 * (and bounded loosely). 16 cells per wavelength: the shape's smoothing (sinc^(2p)(k dx / 2) per
 * axis) lowers the frequency by 2% at order 1, which over a quarter period costs well under 1%;
 * at order 3 it is 6%. a = 1e-3 keeps the wave linear (the electrons move 0.1% of a wavelength). */
#include "check.h"
#include "fixture.h"

#define N 16 /* cells per axis, one wavelength */

static double max_error(int order, int *steps_out)
{
    const double dx = FIXTURE_DX, L = N * dx, k = 2 * PICL_PI / L, a = 1e-3;
    const double dt = 0.999 * dx / (PICL_C * sqrt(3.0));
    const double omega = 0.05 / dt; /* omega_p dt = 0.05 */
    const double n0 = omega * omega * PICL_EPS0 * PICL_M_E / (2 * PICL_Q_E * PICL_Q_E);
    const double E0 = PICL_M_E * PICL_C * a * omega / PICL_Q_E;
    const int steps = (int)lround(PICL_PI / 2 / (omega * dt));
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g} },\n"
                   "  boundary = { field = 'periodic', particles = 'periodic' },\n"
                   "  solver = { name = 'yee', cfl = 0.999 }, steps = %d, precision = 'double', shape_order = %d,\n"
                   "  constants = { a = %.17g, k = %.17g },\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = %.17g, ppc = 2,\n"
                   "      u_drift = { 'a*sin(k*x)*cos(k*y)*cos(k*z)', 'a*cos(k*x)*sin(k*y)*cos(k*z)',\n"
                   "                  'a*cos(k*x)*cos(k*y)*sin(k*z)' } },\n"
                   "    { name = 'positrons', particle = 'positron', density = %.17g, ppc = 2,\n"
                   "      u_drift = { '-a*sin(k*x)*cos(k*y)*cos(k*z)', '-a*cos(k*x)*sin(k*y)*cos(k*z)',\n"
                   "                  '-a*cos(k*x)*cos(k*y)*sin(k*z)' } },\n"
                   "  },\n}\n",
                   N, N, N, L, L, L, steps, order, a, k, n0, n0);
    CHECK_NEAR(cfg.dt, dt, 1e-12);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    double worst = 0, bmax = 0;
    int done = 0;
    for (int q = 1; q <= 4; q++) {
        const int n = steps * q / 4;
        fixture_steps(s, n - done);
        done = n;
        const double st = sin(omega * n * dt);
        for (int c = 0; c < 3; c++) {
            double *e = fixture_field(s, (enum field_comp)(FC_EX + c));
            for (int kk = 0; kk < N; kk++)
                for (int j = 0; j < N; j++)
                    for (int i = 0; i < N; i++) {
                        /* the Yee node of component c sits half a cell up along c */
                        const double r[3] = {(i + (c == 0) * 0.5) * dx, (j + (c == 1) * 0.5) * dx,
                                             (kk + (c == 2) * 0.5) * dx};
                        double f = 1;
                        for (int b = 0; b < 3; b++)
                            f *= b == c ? sin(k * r[b]) : cos(k * r[b]);
                        const double err = fabs(e[i + N * (j + N * kk)] - E0 * f * st) / E0;
                        worst = err > worst ? err : worst;
                    }
            free(e);
        }
        for (int c = 0; c < 3; c++) {
            double b = fixture_field_max(s, (enum field_comp)(FC_BX + c)) * PICL_C / E0;
            bmax = b > bmax ? b : bmax;
        }
    }
    REPORT("order %d: %d steps to omega_p t = %.4f; max |E - theory| / E0 = %.4f over 3 x %d^3 nodes at 4 times; "
           "max c|B| / E0 = %.2e",
           order, steps, omega * steps * dt, worst, N, bmax);
    CHECK(bmax < 1e-5); /* the current is curl-free: B is round-off (3e-7 at order 1) */
    fixture_free_sim(s);
    device_close(&dev);
    *steps_out = steps;
    return worst;
}

int main(void)
{
    int steps;
    const double e1 = max_error(1, &steps);
    CHECK(e1 < 0.05);
    const double e3 = max_error(3, &steps);
    CHECK(e3 < 0.10); /* reported; loose bound: order 3 smooths k dx = 0.39 by 6% in frequency */
    return check_finish();
}
