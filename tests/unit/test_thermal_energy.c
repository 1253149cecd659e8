/* test_thermal_energy.c: a thermal electron-proton plasma keeps its total energy (fields plus
 * particles) over 1000 steps with the energy-conserving gather: the drift is reported and must
 * stay below 1%.
 *
 * Explicit PIC conserves energy only approximately (the leapfrog, and aliasing that heats a
 * plasma whose Debye length the grid does not resolve). Here lambda_D = dx and
 * omega_pe dt = u_th / sqrt(3) = 0.029, so 1000 steps are 29 / omega_pe, 4.6 plasma periods.
 * The kinetic energy is measured with u at half steps and the field energy at whole steps, a
 * mismatch of order omega_pe dt times the (small) field energy. */
#include "check.h"
#include "fixture.h"

#define NC 8
#define STEPS 1000
#define EVERY 50

int main(void)
{
    /* 2 x 2 x 2 boxes: the push runs box by box, so 8 boxes keep both cores busy */
    struct fixture_plasma p = {.cells = NC, .max_box = NC / 2, .shape_order = 3, .ppc = 2, .ppc_ions = 2,
                               .precision = "double", .u_th = 0.05, .frozen_ions = 0};
    struct picl_config cfg;
    struct device dev;
    double t0 = fixture_seconds();
    struct sim *s = fixture_plasma_sim(&p, &cfg, &dev);
    const long np0 = sim_particles(s);
    double field, kinetic, w0 = fixture_energy(s, &field, &kinetic), worst = 0, field_max = field;
    REPORT("start: %ld particles, kinetic %.6e J, field %.3e J", np0, kinetic, field);
    for (int n = EVERY; n <= STEPS; n += EVERY) {
        fixture_steps(s, EVERY);
        double w = fixture_energy(s, &field, &kinetic);
        worst = fmax(worst, fabs(w / w0 - 1));
        field_max = fmax(field_max, field);
        if (n % 250 == 0)
            REPORT("step %4d: total %.9e J (%+.3e), field %.3e J", n, w, w / w0 - 1, field);
    }
    double w = fixture_energy(s, &field, &kinetic), drift = w / w0 - 1;
    REPORT("%d steps, %ld particles, %.1f s: energy drift %+.3e (max |W/W0 - 1| over the run %.3e); field energy at "
           "most %.2e of the total; Gauss residual %.1e",
           STEPS, sim_particles(s), fixture_seconds() - t0, drift, worst, field_max / w0, fixture_gauss(s));
    CHECK(sim_particles(s) == np0);
    CHECK(fabs(drift) < 1e-2);
    CHECK(worst < 1e-2);
    fixture_free_sim(s);
    device_close(&dev);
    return check_finish();
}
