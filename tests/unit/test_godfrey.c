/* test_godfrey.c: the Godfrey filter (gen/godfrey.c, templates/godfrey.cl, docs/filters.md).
 * Its stencil against the transfer function it stands for, worked out here by hand; then the
 * numerical Cherenkov instability of a plasma drifting at gamma = 30 along z with CKC, Vay,
 * order 3, Esirkepov and the energy-conserving gather: the field energy's growth rate without
 * the filter, and with it at least 10 times smaller over the same steps. */
#include "check.h"
#include "fixture.h"
#include "constants.h"
#include "godfrey.h"

/* T(k) = 1 + sum_n a_n sin^2n(k dz / 2), the form Godfrey and Vay fit. */
static double transfer_direct(const double a[4], double kdz)
{
    const double s = sin(kdz / 2) * sin(kdz / 2);
    return 1 + a[0] * s + a[1] * s * s + a[2] * s * s * s + a[3] * s * s * s * s;
}

/* T(k) of the stencil: w0 + 2 sum_m w_m cos(m k dz). */
static double transfer_stencil(const double w[GODFREY_HALF + 1], double kdz)
{
    double t = w[0];
    for (int m = 1; m <= GODFREY_HALF; m++)
        t += 2 * w[m] * cos(m * kdz);
    return t;
}

static void test_stencil(void)
{
    const double ratios[] = {0.0, 0.37, 0.5, 0.995, 1.0};
    for (int set = 0; set < 2; set++)
        for (size_t r = 0; r < sizeof ratios / sizeof *ratios; r++) {
            double a[4], w[GODFREY_HALF + 1];
            gen_godfrey_coeffs(ratios[r], set, a);
            gen_godfrey_stencil(a, w);
            for (int i = 0; i <= 16; i++) {
                const double kdz = PICL_PI * i / 16;
                CHECK(fabs(transfer_stencil(w, kdz) - transfer_direct(a, kdz)) < 1e-12); /* T is O(1) */
            }
            /* a long wave passes; the mode k dz = pi, where the instability lives, is gone */
            CHECK_NEAR(transfer_stencil(w, 0), 1.0, 1e-14);
            CHECK(fabs(transfer_stencil(w, PICL_PI)) < 2e-3);
        }
    /* c dt / dz = 1 is the table's last row (WarpX, NCIGodfreyTables.H, Ex, Ey, Bz) */
    double a[4];
    gen_godfrey_coeffs(1.0, GODFREY_SET_E_XY_BZ, a);
    CHECK_NEAR(a[0], -2.98769, 1e-12);
    CHECK_NEAR(a[3], 0.208607, 1e-12);
    /* half way between rows 99 and 100 */
    double lo[4], hi[4], mid[4];
    gen_godfrey_coeffs(0.99, GODFREY_SET_B_XY_EZ, lo);
    gen_godfrey_coeffs(1.0, GODFREY_SET_B_XY_EZ, hi);
    gen_godfrey_coeffs(0.995, GODFREY_SET_B_XY_EZ, mid);
    for (int n = 0; n < 4; n++)
        CHECK_NEAR(mid[n], 0.5 * (lo[n] + hi[n]), 1e-12);
}

/* The drifting plasma of inputs/nci_drift.lua, 8 x 8 x 64 cells. One electron and one proton per cell on
 * the same lattice; the electrons' small thermal spread (fixed seeds) is the noise the
 * instability grows from; the deterministic deposition gives the same bits on every run. */
#define NCI_INPUT                                                                                          \
    FIXTURE_INPUT                                                                                          \
    "  grid = { cells = { %d, %d, %d }, lower = { 0, 0, 0 }, upper = { %d * 1e-6, %d * 1e-6, %d * 1e-6 } },\n" \
    "  boundary = { field = 'periodic', particles = 'periodic' },\n"                                       \
    "  solver = { name = 'ckc', cfl = 1.0 }, steps = %d, precision = 'double', shape_order = 3,\n"         \
    "  pusher = 'vay', gather = 'energy_conserving', deposition = 'esirkepov',\n"                          \
    "  deposition_strategy = 'deterministic',\n"                                                           \
    "  filter = { godfrey = %s, passes = { 1, 1, 1 } },\n"                                                 \
    "  species = {\n"                                                                                      \
    "    { name = 'electrons', particle = 'electron', density = 1e25, ppc = 1,\n"                          \
    "      u_drift = { 0, 0, math.sqrt(30^2 - 1) }, u_th = 1e-3, seed = 1 },\n"                            \
    "    { name = 'protons', particle = 'proton', density = 1e25, ppc = 1,\n"                              \
    "      u_drift = { 0, 0, math.sqrt(30^2 - 1) }, seed = 2 },\n"                                         \
    "  },\n"                                                                                               \
    "}\n"

#define NX_NCI 8
#define NZ_NCI 64
#define FIT_FROM 800 /* steps: without the filter the instability leaves the noise near step 650 */
#define FIT_TO 1000
#define FIT_EVERY 20

/* Growth rate per step of the field energy: the least-squares slope of ln W over the fit's steps. */
static double growth_rate(int godfrey, double *w_end)
{
    static struct picl_config cfg; /* large: off the stack */
    fixture_config(&cfg, NULL, 0, NCI_INPUT, NX_NCI, NX_NCI, NZ_NCI, NX_NCI, NX_NCI, NZ_NCI, FIT_TO,
                   godfrey ? "true" : "false");
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    fixture_steps(s, FIT_FROM);
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (int step = FIT_FROM; step <= FIT_TO; step += FIT_EVERY) {
        if (step > FIT_FROM)
            fixture_steps(s, FIT_EVERY);
        double we, wb;
        if (fields_energy(&s->fields, &s->ctx, &we, &wb, fixture_err, sizeof fixture_err)) {
            printf("FAIL: fields_energy: %s\n", fixture_err);
            exit(1);
        }
        const double y = log(we + wb);
        sx += step;
        sy += y;
        sxx += (double)step * step;
        sxy += step * y;
        n++;
        *w_end = we + wb;
    }
    fixture_free_sim(s);
    device_close(&dev);
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

static void test_instability(void)
{
    double w_off, w_on;
    const double off = growth_rate(0, &w_off), on = growth_rate(1, &w_on);
    REPORT("field energy growth per step over steps %d..%d: %.4g without the Godfrey filter, %.4g with it "
           "(W = %.3g J and %.3g J at step %d)",
           FIT_FROM, FIT_TO, off, on, w_off, w_on, FIT_TO);
    /* the instability is there without the filter (0.037 per step measured: energy x 1600 over
     * the fit; 0.02 asks for x 50 at least) ... */
    CHECK(off > 0.02);
    /* ... and with it the rate is at least 10 times smaller */
    CHECK(on < off / 10);
}

int main(void)
{
    const double t0 = fixture_seconds();
    test_stencil();
    test_instability();
    REPORT("run time %.1f s", fixture_seconds() - t0);
    return check_finish();
}
