/* test_diag_moments.c: the beam moments and particle extrema diagnostics (io/diags.c) of a
 * Gaussian bunch: against a two-pass computation on the host from the particles themselves (to
 * round-off), against the beam loader's parameters (within 3 standard errors), and the same on
 * one box as on 140 boxes (to round-off); a filtered copy against the host's moments of the
 * particles its filter keeps. */
#include "csv_read.h"
#include "fixture.h"
#include "scratch.h"

#define N_BEAM 20000
#define GAMMA 50.0
/* the core of the bunch: the particles a filter keeps, and the host's test of the same */
#define FILTER "x > 1e-6 && gamma > 50 && energy < 50 * m_e * c * c"
static int kept(double x, double gamma) { return x > 1e-6 && gamma > 50 && gamma - 1 < 50; }

static void beam_config(struct picl_config *cfg, const char *dir, const char *max_box)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {20, 28, 64}, lower = {-10e-6, -14e-6, 0}, upper = {10e-6, 14e-6, 64e-6},\n"
                   "           max_box = %s },\n"
                   "  boundary = { field = 'pec' },\n"
                   "  steps = 1,\n"
                   "  species = { { name = 'bunch', particle = 'electron', seed = 11,\n"
                   "    beam = { total_charge = -50e-12, particles = %d, centroid = {1e-6, -2e-6, 30e-6},\n"
                   "             rms = {2e-6, 3e-6, 4e-6}, gamma = %.17g, energy_spread = 0.02, u_th = {0.1, 0.2, 0} } } },\n"
                   "  diagnostics = { output_dir = '%s',\n"
                   "    moments = { { name = 'beam', interval = 1, species = 'bunch' },\n"
                   "                { name = 'core', interval = 1, species = 'bunch', filter = '%s' } },\n"
                   "    extrema = { { name = 'ext', interval = 1, species = 'bunch' },\n"
                   "                { name = 'core_ext', interval = 1, species = 'bunch', filter = '%s' } } },\n"
                   "}\n",
                   max_box, N_BEAM, GAMMA, dir, FILTER, FILTER);
}

struct host_moments {
    double mean[7], rms[7], emit[3], min[7], max[7], charge;
};

/* Two passes over the particles read to the host, in SI: x, y, z (m), ux, uy, uz (gamma v / c),
 * gamma; filtered: only those kept() keeps. */
static void host_moments(struct sim *s, struct host_moments *h, int filtered)
{
    const long n = s->species[0].np;
    double *v[7], *w = fixture_particles(s, 0, PA_W);
    for (int q = 0; q < 6; q++) {
        v[q] = fixture_particles(s, 0, (enum particle_array)(PA_X + q));
        for (long i = 0; i < n; i++)
            v[q][i] = q < 3 ? s->ctx.lay.lower[q] + v[q][i] * s->ctx.lay.dx[q] : v[q][i] / PICL_C;
    }
    v[6] = malloc(sizeof(double) * (size_t)n);
    for (long i = 0; i < n; i++)
        v[6][i] = sqrt(1 + v[3][i] * v[3][i] + v[4][i] * v[4][i] + v[5][i] * v[5][i]);
    for (long i = 0; i < n; i++)
        if (filtered && !kept(v[0][i], v[6][i]))
            w[i] = 0; /* out of every sum, and of the extrema below */
    double wsum = 0;
    for (long i = 0; i < n; i++)
        wsum += w[i];
    h->charge = wsum * s->ctx.cfg->species[0].charge;
    for (int q = 0; q < 7; q++) {
        double m = 0, m2 = 0;
        h->min[q] = INFINITY, h->max[q] = -INFINITY;
        for (long i = 0; i < n; i++) {
            m += w[i] * v[q][i];
            if (w[i] > 0) {
                h->min[q] = fmin(h->min[q], v[q][i]);
                h->max[q] = fmax(h->max[q], v[q][i]);
            }
        }
        m /= wsum;
        for (long i = 0; i < n; i++)
            m2 += w[i] * (v[q][i] - m) * (v[q][i] - m);
        h->mean[q] = m;
        h->rms[q] = sqrt(m2 / wsum);
    }
    for (int a = 0; a < 3; a++) {
        double c = 0;
        for (long i = 0; i < n; i++)
            c += w[i] * (v[a][i] - h->mean[a]) * (v[3 + a][i] - h->mean[3 + a]);
        c /= wsum;
        h->emit[a] = sqrt(h->rms[a] * h->rms[a] * h->rms[3 + a] * h->rms[3 + a] - c * c);
    }
    for (int q = 0; q < 7; q++)
        free(v[q]);
    free(w);
}

static void run(struct device *dev, const char *max_box, struct csv_row *mom, struct csv_row *ext,
                struct host_moments *h, struct csv_row *core, struct csv_row *core_ext, struct host_moments *hc,
                int *boxes)
{
    char dir[64], path[96];
    scratch_dir(dir, sizeof dir, "diag_moments");
    struct picl_config cfg;
    beam_config(&cfg, dir, max_box);
    struct sim *s = fixture_sim(&cfg, dev);
    *boxes = s->ctx.lay.n_boxes;
    if (h) {
        host_moments(s, h, 0);
        host_moments(s, hc, 1);
    }
    if (sim_run(s, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_run: %s\n", fixture_err);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/beam.csv", dir);
    csv_row(path, 0, mom);
    snprintf(path, sizeof path, "%s/ext.csv", dir);
    csv_row(path, 0, ext);
    snprintf(path, sizeof path, "%s/core.csv", dir);
    csv_row(path, 0, core);
    snprintf(path, sizeof path, "%s/core_ext.csv", dir);
    csv_row(path, 0, core_ext);
    fixture_free_sim(s);
    scratch_remove(dir);
}

static const char *const axis = "xyz";

static void test_moments(struct device *dev)
{
    struct csv_row mom, ext, mom1, ext1, core, core_ext, core1, core_ext1;
    struct host_moments h, hc;
    int boxes, boxes1;
    run(dev, "{4, 4, 16}", &mom, &ext, &h, &core, &core_ext, &hc, &boxes);
    const long n = N_BEAM;
    CHECK(csv_get(&mom, "particles") == N_BEAM);
    CHECK_NEAR(csv_get(&mom, "charge_C"), h.charge, 1e-11); /* 20000 sums in two orders */
    CHECK_NEAR(csv_get(&mom, "charge_C"), -50e-12, 1e-12);
    /* against the host's two passes: to round-off (the device sums box by box, shifted) */
    double worst = 0;
    const char *worst_name = "";
    for (int q = 0; q < 7; q++) {
        char name[2][32];
        const char *base = q < 3 ? (char[2]){axis[q], 0} : q < 6 ? (const char *[]){"ux", "uy", "uz"}[q - 3] : "gamma";
        snprintf(name[0], sizeof name[0], q < 3 ? "%s_mean_m" : "%s_mean", base);
        snprintf(name[1], sizeof name[1], q < 3 ? "%s_rms_m" : "%s_rms", base);
        const double scale = h.rms[q] > 0 ? h.rms[q] : 1;
        double e = fabs(csv_get(&mom, name[0]) - h.mean[q]) / scale;
        if (q < 6 && e > worst)
            worst = e, worst_name = base;
        if (q < 6) {
            e = fabs(csv_get(&mom, name[1]) - h.rms[q]) / scale;
            if (e > worst)
                worst = e, worst_name = base;
        }
        char lo[32], hi[32];
        snprintf(lo, sizeof lo, q < 3 ? "%s_min_m" : "%s_min", base);
        snprintf(hi, sizeof hi, q < 3 ? "%s_max_m" : "%s_max", base);
        CHECK_NEAR(csv_get(&ext, lo), h.min[q], 1e-12);
        CHECK_NEAR(csv_get(&ext, hi), h.max[q], 1e-12);
    }
    CHECK_NEAR(csv_get(&mom, "gamma_mean"), h.mean[6], 1e-12);
    const double mc2 = 9.1093837015e-31 * PICL_C * PICL_C;
    CHECK_NEAR(csv_get(&mom, "energy_rms_J"), mc2 * h.rms[6], 1e-8);
    for (int a = 0; a < 3; a++) {
        char name[32];
        snprintf(name, sizeof name, "emittance_%c_m", axis[a]);
        CHECK_NEAR(csv_get(&mom, name), h.emit[a], 1e-8);
    }
    REPORT("%d boxes: means and rms against the host's two passes within %.2e rms (worst: %s)", boxes, worst,
           worst_name);
    CHECK(worst < 1e-10);

    /* against the loader's parameters: 3 standard errors (of a mean rms / sqrt(n), of an rms
     * rms / sqrt(2 n)); the emittance of uncorrelated x and ux is rms_x rms_ux, whose relative
     * standard error is sqrt(1/(2n) + 1/(2n)) */
    const double centroid[3] = {1e-6, -2e-6, 30e-6}, rms[3] = {2e-6, 3e-6, 4e-6};
    const double u_mean = sqrt(GAMMA * GAMMA - 1), u_rms[3] = {0.1, 0.2, 0.02 * u_mean};
    for (int a = 0; a < 3; a++) {
        char mean_name[32], rms_name[32], um_name[32], ur_name[32], emit_name[32];
        snprintf(mean_name, 32, "%c_mean_m", axis[a]);
        snprintf(rms_name, 32, "%c_rms_m", axis[a]);
        snprintf(um_name, 32, "u%c_mean", axis[a]);
        snprintf(ur_name, 32, "u%c_rms", axis[a]);
        snprintf(emit_name, 32, "emittance_%c_m", axis[a]);
        const double xm = csv_get(&mom, mean_name), xr = csv_get(&mom, rms_name), um = csv_get(&mom, um_name),
                     ur = csv_get(&mom, ur_name), em = csv_get(&mom, emit_name);
        const double want_u = a == 2 ? u_mean : 0, want_e = rms[a] * u_rms[a];
        const double se[5] = {fabs(xm - centroid[a]) / (rms[a] / sqrt((double)n)),
                              fabs(xr - rms[a]) / (rms[a] / sqrt(2.0 * n)),
                              fabs(um - want_u) / (u_rms[a] / sqrt((double)n)),
                              fabs(ur - u_rms[a]) / (u_rms[a] / sqrt(2.0 * n)),
                              fabs(em - want_e) / (want_e / sqrt((double)n))};
        REPORT("%c: mean %.2f, rms %.2f, u mean %.2f, u rms %.2f, emittance %.3e m (want %.3e) %.2f standard errors",
               axis[a], se[0], se[1], se[2], se[3], em, want_e, se[4]);
        for (int k = 0; k < 5; k++)
            CHECK(se[k] <= 3);
    }
    /* gamma: the mean of sqrt(1 + u^2) over the spreads, to second order in them; its rms is
     * that of uz times uz / gamma (the transverse spreads add to second order only) */
    const double g0 = sqrt(1 + u_mean * u_mean + u_rms[0] * u_rms[0] + u_rms[1] * u_rms[1] + u_rms[2] * u_rms[2]);
    const double g_rms = u_rms[2] * u_mean / GAMMA;
    const double gm = csv_get(&mom, "gamma_mean"), er = csv_get(&mom, "energy_rms_J") / mc2;
    REPORT("gamma: mean %.5f (want %.5f, %.2f se), rms spread %.5f (want %.5f, %.2f se)", gm, g0,
           fabs(gm - g0) / (g_rms / sqrt((double)n)), er, g_rms, fabs(er - g_rms) / (g_rms / sqrt(2.0 * n)));
    CHECK(fabs(gm - g0) <= 3 * g_rms / sqrt((double)n));
    CHECK(fabs(er - g_rms) <= 3 * g_rms / sqrt(2.0 * n));
    CHECK_NEAR(csv_get(&mom, "energy_mean_J"), mc2 * (gm - 1), 1e-9);

    /* one box: the same bunch (the loader draws it alike on any boxes), other sums */
    run(dev, "{20, 28, 64}", &mom1, &ext1, NULL, &core1, &core_ext1, NULL, &boxes1);
    double diff = 0;
    for (int i = 2; i < mom.n; i++)
        diff = fmax(diff, fabs(mom.value[i] - mom1.value[i]) / fmax(fabs(mom1.value[i]), 1e-300));
    for (int i = 2; i < ext.n; i++)
        diff = fmax(diff, fabs(ext.value[i] - ext1.value[i]) / fmax(fabs(ext1.value[i]), 1e-300));
    REPORT("%d boxes against %d box: largest relative difference of any column %.2e", boxes, boxes1, diff);
    CHECK(diff < 1e-9);
    struct csv_row *rows[] = {&mom, &ext, &mom1, &ext1, &core, &core_ext, &core1, &core_ext1};
    for (int i = 0; i < 8; i++)
        csv_row_free(rows[i]);
}

/* The filtered diagnostics against the host's moments of the particles the filter keeps. */
static void test_filter(struct device *dev)
{
    struct csv_row mom, ext, core, core_ext;
    struct host_moments h, hc;
    int boxes;
    run(dev, "{4, 4, 16}", &mom, &ext, &h, &core, &core_ext, &hc, &boxes);
    const double kept_share = csv_get(&core, "particles") / N_BEAM;
    double worst = 0;
    for (int a = 0; a < 3; a++) {
        char mean[32], rms[32], um[32], ur[32], lo[32], hi[32];
        snprintf(mean, 32, "%c_mean_m", axis[a]);
        snprintf(rms, 32, "%c_rms_m", axis[a]);
        snprintf(um, 32, "u%c_mean", axis[a]);
        snprintf(ur, 32, "u%c_rms", axis[a]);
        snprintf(lo, 32, "%c_min_m", axis[a]);
        snprintf(hi, 32, "%c_max_m", axis[a]);
        worst = fmax(worst, fabs(csv_get(&core, mean) - hc.mean[a]) / hc.rms[a]);
        worst = fmax(worst, fabs(csv_get(&core, rms) - hc.rms[a]) / hc.rms[a]);
        worst = fmax(worst, fabs(csv_get(&core, um) - hc.mean[3 + a]) / hc.rms[3 + a]);
        worst = fmax(worst, fabs(csv_get(&core, ur) - hc.rms[3 + a]) / hc.rms[3 + a]);
        CHECK_NEAR(csv_get(&core_ext, lo), hc.min[a], 1e-12);
        CHECK_NEAR(csv_get(&core_ext, hi), hc.max[a], 1e-12);
    }
    CHECK_NEAR(csv_get(&core, "charge_C"), hc.charge, 1e-11);
    CHECK_NEAR(csv_get(&core, "gamma_mean"), hc.mean[6], 1e-12);
    CHECK_NEAR(csv_get(&core_ext, "gamma_min"), hc.min[6], 1e-12);
    CHECK(csv_get(&core_ext, "x_min_m") > 1e-6 && csv_get(&core_ext, "gamma_min") > 50 &&
          csv_get(&core_ext, "gamma_max") < 51);
    REPORT("filter \"%s\": %.1f%% of the bunch kept; its moments within %.2e rms of the host's over the same "
           "particles", FILTER, 100 * kept_share, worst);
    CHECK(worst < 1e-10);
    CHECK(kept_share > 0.1 && kept_share < 0.5);
    struct csv_row *rows[] = {&mom, &ext, &core, &core_ext};
    for (int i = 0; i < 4; i++)
        csv_row_free(rows[i]);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_moments(&dev);
    test_filter(&dev);
    device_close(&dev);
    return check_finish();
}
