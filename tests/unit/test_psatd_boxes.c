/* test_psatd_boxes.c: PSATD with several boxes on one rank (runtime/psatd_solver.c): every box's
 * valid cells are packed at its offset into one FFT of the whole periodic domain, so a run cut
 * into 2 or 4 boxes does the same k-space arithmetic as the one-box run and must agree with it to
 * round-off: a 2D vacuum wave, WarpX's 2D Langmuir set-up (Esirkepov), the same with direct
 * deposition (current correction on by default: rho packed too), and a 3D vacuum wave. */
#include "check.h"
#include "fixture.h"
#include "psatd_inputs.h"

/* The k-space update is the same; what differs is the order of the sums in the deposition and in
 * the guard exchanges between boxes, a few ulps a step. Measured: docs/psatd.md, "Several boxes". */
#define TOL_BOXES 1e-12

/* max_box per case: one box, then 2 (x cut) and 4 (x and z cut) boxes. */
static const char *const max_box_2d[] = {"{32, 32}", "{16, 32}", "{16, 16}"};
static const char *const max_box_3d[] = {"{16, 16, 16}", "{8, 16, 16}", "{8, 16, 8}"};

/* E and B of the three cuts of one input after `steps` steps: each against the one-box run. */
/* fmt takes max_box and, where it has a second %s, the deposition. */
static void boxes_agree(const char *what, const char *fmt, const char *dep, const char *const max_box[3], int steps,
                        int want_cc)
{
    double *ref[6] = {0};
    struct device dev;
    fixture_device(&dev);
    for (int t = 0; t < 3; t++) {
        struct picl_config cfg;
        fixture_config(&cfg, NULL, 0, fmt, max_box[t], dep);
        CHECK(cfg.psatd_cc == want_cc);
        struct sim *s = fixture_sim(&cfg, &dev);
        fixture_steps(s, steps);
        double maxdiff, maxval;
        if (!fixture_vs_first(s, ref, &maxdiff, &maxval)) {
            REPORT("%s: %d boxes vs 1 box after %d steps: max abs difference of E, B over max abs = %.3e "
                   "(tolerance %.0e)", what, s->ctx.lay.n_boxes, steps, maxdiff / maxval, TOL_BOXES);
            CHECK(s->ctx.lay.n_boxes == (t == 1 ? 2 : 4));
            CHECK(maxval > 0);
            CHECK(maxdiff <= TOL_BOXES * maxval);
        }
        fixture_free_sim(s);
    }
    for (int c = 0; c < 6; c++)
        free(ref[c]);
    device_close(&dev);
}

int main(void)
{
    const double t0 = fixture_seconds();
    boxes_agree("2D vacuum", PSATD_INPUT_VACUUM_2D, "", max_box_2d, 30, 0);
    boxes_agree("2D Langmuir, Esirkepov", PSATD_INPUT_LANGMUIR_2D, "esirkepov", max_box_2d, 40, 0);
    boxes_agree("2D Langmuir, direct deposition (current correction by default)", PSATD_INPUT_LANGMUIR_2D, "direct",
                max_box_2d, 40, 1);
    /* a 3D wave of one period along each axis, E along (1, -1, 0), c dt = dx */
    boxes_agree("3D vacuum",
                FIXTURE_INPUT
                "  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6}, max_box = %s },\n"
                "  boundary = { field = 'periodic', particles = 'periodic' },\n"
                "  solver = { name = 'psatd', cfl = 1 }, steps = 1, precision = 'double',\n"
                "  constants = { k = 392699.0816987241 },\n"
                "  fields = { Ex = '1e9*cos(k*(x + y + z))', Ey = '-1e9*cos(k*(x + y + z))',\n"
                "             Bx = '1e9/299792458/1.7320508075688772*cos(k*(x + y + z))',\n"
                "             By = '1e9/299792458/1.7320508075688772*cos(k*(x + y + z))',\n"
                "             Bz = '-2e9/299792458/1.7320508075688772*cos(k*(x + y + z))' },\n"
                "}\n",
                "", max_box_3d, 20, 0);
    REPORT("%.1f s", fixture_seconds() - t0);
    return check_finish();
}
