/* test_diag_probe.c: field probes (diagnostics.probes) and field maxima (diagnostics.field_maxima)
 * in a Yee plane wave along x (Ey, Bz),
 * every 5 steps: against the discrete eigenmode of Yee's scheme (wave.h's relation, so the
 * dispersion is the solver's own) interpolated with the gather's shape (order 1, energy-
 * conserving: Ey linear between nodes along x, Bz the nearest cell centre along x), to
 * round-off; the continuum wave's value is reported beside it. And the launches they add to the
 * run: one per kernel and due step, none on the other steps (the same run without them). */
#include "csv_read.h"
#include "fixture.h"
#include "scratch.h"

#define NX 32
#define DX 1e-6
#define E0 1e9
#define STEPS 20
#define EVERY 5

static const double points[2][3] = {{10.3 * DX, 1.7 * DX, 2.2 * DX}, {21.75 * DX, 0.5 * DX, 3.1 * DX}};

static void test_plane_wave(struct device *dev)
{
    char dir[64], path[128];
    scratch_dir(dir, sizeof dir, "diag_probe");
    const double dt = 0.9 / (PICL_C * sqrt(3.0) / DX), k = 2 * PICL_PI / (NX * DX);
    const double K = 2 / DX * sin(k * DX / 2), omega = 2 / dt * asin(PICL_C * dt * K / 2);
    const double W = 2 / dt * sin(omega * dt / 2), b = K * E0 / W * cos(omega * dt / 2);
    struct picl_config cfg, bare;
    /* the same run without the diagnostics: the launches they add, and none on other steps */
    static const char *const none[] = {"diagnostics.probes={}", "diagnostics.field_maxima={}"};
    for (int with = 0; with < 2; with++)
        fixture_config(with ? &cfg : &bare, with ? NULL : none, with ? 0 : 2,
                       FIXTURE_INPUT
                       "  grid = { cells = {%d, 4, 4}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = {8, 4, 4} },\n"
                       "  solver = { name = 'yee', dt = %.17g }, shape_order = 1, steps = %d,\n"
                       "  constants = { k = %.17g, e0 = %.17g, b0 = %.17g },\n"
                       "  fields = { Ey = 'e0*cos(k*x)', Bz = 'b0*cos(k*x)' },\n"
                       "  diagnostics = { output_dir = '%s',\n"
                       "    probes = { name = 'probe', interval = %d, points = { {%.17g, %.17g, %.17g}, {%.17g, %.17g, %.17g} } },\n"
                       "    field_maxima = { name = 'fmax', interval = %d } },\n"
                       "}\n",
                       NX, NX * DX, 4 * DX, 4 * DX, dt, STEPS, k, E0, b, dir, EVERY, points[0][0], points[0][1],
                       points[0][2], points[1][0], points[1][1], points[1][2], EVERY);
    struct sim *s = fixture_sim(&bare, dev);
    if (sim_run(s, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_run: %s\n", fixture_err);
        exit(1);
    }
    const long launches_bare = s->ctx.timers.launches;
    fixture_free_sim(s);
    s = fixture_sim(&cfg, dev);
    if (sim_run(s, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_run: %s\n", fixture_err);
        exit(1);
    }
    const long added = s->ctx.timers.launches - launches_bare;
    REPORT("launches in the run: %ld more than without the probe and the field maxima (2 kernels due at %d of %d "
           "steps: %d)", added, STEPS / EVERY + 1, STEPS + 1, 2 * (STEPS / EVERY + 1));
    CHECK(added == 2 * (STEPS / EVERY + 1));
    /* launches of the probe kernel: once per due step (0, 5, ..., 20), never in between */
    long probe_launches = -1;
    for (int i = 0; i < s->ctx.timers.n; i++)
        if (!strcmp(s->ctx.timers.entry[i].name, "field_probe"))
            probe_launches = s->ctx.timers.entry[i].launches;
    REPORT("field_probe launched %ld times in %d steps (due at %d of them)", probe_launches, STEPS, STEPS / EVERY + 1);
    CHECK(probe_launches == STEPS / EVERY + 1);
    fixture_free_sim(s);
    snprintf(path, sizeof path, "%s/probe.csv", dir);
    double worst = 0, worst_b = 0, continuum = 0;
    for (int n = 0; n <= STEPS; n += EVERY) {
        struct csv_row r;
        csv_row(path, n, &r);
        const double t = n * dt;
        for (int p = 0; p < 2; p++) {
            const double g = points[p][0] / DX, f = g - floor(g), i0 = floor(g);
            const double ey = E0 * ((1 - f) * cos(k * i0 * DX - omega * t) + f * cos(k * (i0 + 1) * DX - omega * t));
            const double bz = b * cos(k * (i0 + 0.5) * DX - omega * t);
            char name[6][32];
            static const char *const comp[6] = {"Ex_V_m", "Ey_V_m", "Ez_V_m", "Bx_T", "By_T", "Bz_T"};
            for (int c = 0; c < 6; c++)
                snprintf(name[c], sizeof name[c], "p%d_%s", p, comp[c]);
            worst = fmax(worst, fabs(csv_get(&r, name[1]) - ey) / E0);
            worst = fmax(worst, fabs(csv_get(&r, name[0])) / E0 + fabs(csv_get(&r, name[2])) / E0);
            worst_b = fmax(worst_b, fabs(csv_get(&r, name[5]) - bz) / b);
            worst_b = fmax(worst_b, (fabs(csv_get(&r, name[3])) + fabs(csv_get(&r, name[4]))) / b);
            continuum = fmax(continuum, fabs(csv_get(&r, name[1]) - E0 * cos(k * points[p][0] - PICL_C * k * t)) / E0);
        }
        csv_row_free(&r);
    }
    /* the field maxima: over the nodes of the eigenmode (Ey nodal along x; Bz at cell centres,
     * and |B| at the nodes from the four Bz around each, b cos(k dx / 2) cos(k x_i - omega t)) */
    double worst_max = 0;
    snprintf(path, sizeof path, "%s/fmax.csv", dir);
    for (int n = 0; n <= STEPS; n += EVERY) {
        struct csv_row r;
        csv_row(path, n, &r);
        const double t = n * dt;
        double ey = 0, bz = 0, bn = 0;
        for (int i = 0; i < NX; i++) {
            ey = fmax(ey, fabs(E0 * cos(k * i * DX - omega * t)));
            bz = fmax(bz, fabs(b * cos(k * (i + 0.5) * DX - omega * t)));
            bn = fmax(bn, fabs(b * cos(k * DX / 2) * cos(k * i * DX - omega * t)));
        }
        worst_max = fmax(worst_max, fabs(csv_get(&r, "Ey_max_V_m") - ey) / E0 + fabs(csv_get(&r, "E_max_V_m") - ey) / E0 +
                                        (csv_get(&r, "Ex_max_V_m") + csv_get(&r, "Ez_max_V_m")) / E0);
        worst_max = fmax(worst_max, fabs(csv_get(&r, "Bz_max_T") - bz) / b + fabs(csv_get(&r, "B_max_T") - bn) / b +
                                        (csv_get(&r, "Bx_max_T") + csv_get(&r, "By_max_T")) / b);
        csv_row_free(&r);
    }
    REPORT("field maxima at steps 0-%d: within %.2e of the eigenmode's over the nodes", STEPS, worst_max);
    CHECK(worst_max < 1e-9);
    REPORT("Ey at 2 points, steps 0-%d: within %.2e of E0 of the interpolated Yee eigenmode, Bz within %.2e of its "
           "amplitude; %.2e of E0 from the continuum wave (interpolation and dispersion)",
           STEPS, worst, worst_b, continuum);
    CHECK(worst < 1e-9);
    CHECK(worst_b < 1e-9);
    CHECK(continuum < 0.05);
    scratch_remove(dir);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_plane_wave(&dev);
    device_close(&dev);
    return check_finish();
}
