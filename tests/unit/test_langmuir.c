/* test_langmuir.c: the cold plasma oscillation of inputs/langmuir.lua has the plasma frequency
 * omega_pe = sqrt(n0 q_e^2 / (eps0 m_e)), to 1%, with shape orders 1, 2 and 3 (the CPU's
 * simd_cells at each, and order 2 in "deterministic" too).
 *
 * The reference is omega_pe as the leapfrog sees it, (2/dt) asin(omega_pe dt / 2) (2e-4 above
 * omega_pe here). The test also prints the frequency the grid predicts for this k: with the
 * energy-conserving gather the field acts on a particle through the shape of order p - 1
 * along x, whose Fourier transform is sinc(k dx / 2)^p, and summed over the grid's aliases
 * k + 2 pi q / dx this gives omega^2 = omega_pe^2 sum_q sinc^(2p)(k dx / 2 + pi q): exactly
 * omega_pe for p = 1, 0.08% (p = 2) and 0.12% (p = 3) below it at 64 cells per wavelength.
 *
 * Runs the documented input itself (from the repository root, as `make test` does), so the
 * example stays correct. */
#include "check.h"
#include "langmuir.h"


static void langmuir(int order, const char *strategy)
{
    char set[64], strat[64];
    snprintf(set, sizeof set, "shape_order=%d", order);
    snprintf(strat, sizeof strat, "deposition_strategy=%s", strategy);
    const char *sets[] = {set, strat};
    struct langmuir_run r;
    langmuir_measure(sets, 2, &r);
    /* the grid's prediction (see the top of the file) */
    double theta = r.k * r.dx / 2, alias = 0;
    for (int q = -100000; q <= 100000; q++) {
        double y = theta + PICL_PI * q, sinc = sin(y) / y;
        alias += pow(sinc, 2 * order);
    }
    double omega_grid = 2 / r.dt * asin(r.omega_pe * sqrt(alias) * r.dt / 2);
    REPORT("order %d, %s (%d steps, %.1f periods, %.1f s): omega %.8e rad/s; vs leapfrog omega_pe %.8e: %+.3e; "
           "vs grid prediction %.8e: %+.3e; amplitude %.4g V/m; Gauss residual %.1e",
           order, strategy, r.steps, r.omega * r.steps * r.dt / (2 * PICL_PI), r.seconds, r.omega, r.omega_leapfrog,
           r.omega / r.omega_leapfrog - 1, omega_grid, r.omega / omega_grid - 1, r.amplitude, r.gauss);
    CHECK_NEAR(r.omega, r.omega_leapfrog, 1e-2);
    /* and, much tighter, the grid's own prediction: what is left (2.5e-5 at order 2) is the
     * particle lattice's aliasing, which the prediction leaves out */
    CHECK_NEAR(r.omega, omega_grid, 1e-4);
    /* the amplitude is the input's E0, and the test is not fooled by a wave that never moves */
    CHECK_NEAR(r.amplitude, -fit_constant(&r.cfg, "E0"), 1e-2);
    CHECK(r.gauss < 1e-11);
}

int main(void)
{
    /* auto: simd_cells on CPUs at every order (by dual cell at order 2), else deterministic;
     * order 2 also explicitly deterministic, the scalar path the vectors replace */
    for (int order = 1; order <= 3; order++)
        langmuir(order, "auto");
    langmuir(2, "deterministic");
    return check_finish();
}
