/* test_beam.c: a Gaussian bunch (species.beam). At load: exactly the requested number of
 * particles and charge, ids 0 .. N-1, centroid, rms sizes, mean momentum and spreads within 3
 * standard errors of the request, nothing beyond the truncation; the same bunch on 1 box as on
 * 140, bit for bit. In vacuum without fields it drifts at v = c beta exactly, through the boxes
 * along its axis (whose room it was given at load). A divergence gives u the requested slope
 * against the distance from the centroid. */
#include "check.h"
#include "estimate.h"
#include "fixture.h"

#define N_BEAM 20000
#define GAMMA 50.0

static void beam_config(struct picl_config *cfg, const char *max_box)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {20, 28, 64}, lower = {-10e-6, -14e-6, 0}, upper = {10e-6, 14e-6, 64e-6},\n"
                   "           max_box = %s },\n"
                   "  boundary = { field = 'pec' },\n"
                   "  steps = 1,\n"
                   "  species = { { name = 'bunch', particle = 'electron', seed = 11,\n"
                   "    beam = { total_charge = -50e-12, particles = %d, centroid = {1e-6, -2e-6, 30e-6},\n"
                   "             rms = {2e-6, 3e-6, 4e-6}, gamma = %.17g, energy_spread = 0.02, u_th = {0.1, 0.2, 0} } } },\n"
                   "}\n",
                   max_box, N_BEAM, GAMMA);
}

static void moments(const double *v, long n, double *mean, double *rms)
{
    double s = 0, s2 = 0;
    for (long i = 0; i < n; i++)
        s += v[i];
    *mean = s / n;
    for (long i = 0; i < n; i++)
        s2 += (v[i] - *mean) * (v[i] - *mean);
    *rms = sqrt(s2 / n);
}

/* Within k standard errors: of the mean (rms / sqrt(n)) or of the rms (rms / sqrt(2 n)). */
static int near_mean(double got, double want, double rms, long n, double k) { return fabs(got - want) <= k * rms / sqrt((double)n); }
static int near_rms(double got, double want, long n, double k) { return fabs(got - want) <= k * want / sqrt(2.0 * n); }

static void test_load(struct device *dev)
{
    struct picl_config cfg;
    beam_config(&cfg, "{4, 4, 8}");
    struct sim *s = fixture_sim(&cfg, dev);
    const struct cfg_beam *b = &cfg.species[0].beam;
    const long n = s->species[0].np;
    CHECK(n == N_BEAM);
    double *id = fixture_particles(s, 0, PA_ID), *w = fixture_particles(s, 0, PA_W);
    /* ids are a permutation of 0 .. N-1 */
    char *seen = calloc((size_t)N_BEAM, 1);
    long bad_ids = 0;
    double weight = 0;
    for (long i = 0; i < n; i++) {
        const long k = (long)id[i];
        bad_ids += k < 0 || k >= N_BEAM || seen[k];
        if (k >= 0 && k < N_BEAM)
            seen[k] = 1;
        weight += w[i];
    }
    const double charge = weight * cfg.species[0].charge;
    REPORT("%ld particles (%d asked), %ld bad or repeated ids; charge %.15g C (asked %.15g C, relative error %.1e)", n,
           N_BEAM, bad_ids, charge, b->total_charge, fabs(charge / b->total_charge - 1));
    CHECK(bad_ids == 0);
    CHECK_NEAR(charge, b->total_charge, 1e-12);

    const double *dx = s->ctx.lay.dx, *lower = s->ctx.lay.lower;
    const double u_mean = sqrt(GAMMA * GAMMA - 1);
    const double u_rms[3] = {0.1, 0.2, 0.02 * u_mean};
    int ok = 1;
    for (int a = 0; a < 3; a++) {
        double *x = fixture_particles(s, 0, (enum particle_array)(PA_X + a));
        double *u = fixture_particles(s, 0, (enum particle_array)(PA_UX + a));
        double far = 0;
        for (long i = 0; i < n; i++) {
            x[i] = lower[a] + x[i] * dx[a]; /* metres */
            u[i] /= PICL_C; /* gamma v / c */
            far = fmax(far, fabs(x[i] - b->centroid[a]) / b->rms[a]);
        }
        double xm, xr, um, ur;
        moments(x, n, &xm, &xr);
        moments(u, n, &um, &ur);
        const double want_u = a == 2 ? u_mean : 0;
        const int fine = near_mean(xm, b->centroid[a], b->rms[a], n, 3) && near_rms(xr, b->rms[a], n, 3) &&
                         near_mean(um, want_u, u_rms[a], n, 3) && near_rms(ur, u_rms[a], n, 3) && far <= b->truncate;
        REPORT("%c: centroid %+.4f um (asked %+.4f, %.2f standard errors), rms %.4f um (asked %.4f, %.2f se), "
               "farthest %.3f rms (cut at %.0f); u %.5f (asked %.5f, %.2f se), rms %.5f (asked %.5f, %.2f se)",
               "xyz"[a], xm * 1e6, b->centroid[a] * 1e6, fabs(xm - b->centroid[a]) / (b->rms[a] / sqrt((double)n)),
               xr * 1e6, b->rms[a] * 1e6, fabs(xr - b->rms[a]) / (b->rms[a] / sqrt(2.0 * n)), far, b->truncate, um,
               want_u, fabs(um - want_u) / (u_rms[a] / sqrt((double)n)), ur, u_rms[a],
               fabs(ur - u_rms[a]) / (u_rms[a] / sqrt(2.0 * n)));
        ok &= fine;
        free(x);
        free(u);
    }
    CHECK(ok);

    /* the memory estimate, which cannot draw the bunch, against the slots laid out from it */
    struct memory_estimate m;
    CHECK(estimate_memory(&cfg, &dev->facts, &m, fixture_err, sizeof fixture_err) == 0);
    const double actual = (double)s->species[0].slots * particles_slot_bytes(&cfg);
    REPORT("%d boxes; slots for the bunch: %ld (%.2f per particle); the estimate's %.0f bytes are %.3f of the "
           "%.0f laid out",
           s->ctx.lay.n_boxes, s->species[0].slots, (double)s->species[0].slots / n, m.particles[0],
           m.particles[0] / actual, actual);
    CHECK(m.particles[0] >= actual && m.particles[0] <= 1.25 * actual);
    free(seen);
    free(id);
    free(w);
    fixture_free_sim(s);
}

/* The same bunch on one box as on 5 x 7 x 4 boxes: every particle (by id) bit for bit. */
static void test_decomposition(struct device *dev)
{
    struct picl_config one, many;
    beam_config(&one, "{20, 28, 64}");
    beam_config(&many, "{4, 4, 16}");
    struct sim *a = fixture_sim(&one, dev), *b = fixture_sim(&many, dev);
    long differ = 0;
    for (int k = PA_X; k <= PA_W; k++) {
        double *va = fixture_by_id(a, 0, (enum particle_array)k, N_BEAM);
        double *vb = fixture_by_id(b, 0, (enum particle_array)k, N_BEAM);
        for (long i = 0; i < N_BEAM; i++)
            differ += !(va[i] == vb[i]);
        free(va);
        free(vb);
    }
    REPORT("1 box vs %d boxes: %ld of %d particles x 7 attributes differ", b->ctx.lay.n_boxes, differ, N_BEAM);
    CHECK(differ == 0);
    fixture_free_sim(a);
    fixture_free_sim(b);
}

/* A cold bunch (no spread) of negligible charge at gamma = 10 in a periodic vacuum box, 4
 * boxes along its axis: after 60 steps (35 cells, through two box edges and the periodic
 * edge) every particle has moved by 60 v dt / dz cells along z with v = c beta, and not at all
 * across, to round-off. */
static void test_drift(struct device *dev)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {16, 16, 64}, lower = {-8e-6, -8e-6, 0}, upper = {8e-6, 8e-6, 64e-6}, max_box = {8, 8, 16} },\n"
                   "  steps = 60,\n"
                   "  species = { { name = 'bunch', particle = 'electron',\n"
                   "    beam = { total_charge = -1.6e-25, particles = 4000, centroid = {0, 0, 40e-6}, rms = {1e-6, 1e-6, 2e-6},\n"
                   "             gamma = 10 } } },\n"
                   "}\n");
    struct sim *s = fixture_sim(&cfg, dev);
    const long n = 4000;
    double *x0[3], *x1[3];
    for (int a = 0; a < 3; a++)
        x0[a] = fixture_by_id(s, 0, (enum particle_array)(PA_X + a), n);
    double *u0 = fixture_by_id(s, 0, PA_UZ, n);
    fixture_steps(s, cfg.steps);
    for (int a = 0; a < 3; a++)
        x1[a] = fixture_by_id(s, 0, (enum particle_array)(PA_X + a), n);
    const double beta = sqrt(1 - 1 / 100.0), cells = 64;
    const double shift = cfg.steps * beta * PICL_C * cfg.dt / s->ctx.lay.dx[2];
    double worst = 0, across = 0, u_spread = 0;
    for (long i = 0; i < n; i++) {
        const double moved = fmod(x1[2][i] - x0[2][i] + 2 * cells, cells);
        worst = fmax(worst, fabs(moved - shift));
        across = fmax(across, fmax(fabs(x1[0][i] - x0[0][i]), fabs(x1[1][i] - x0[1][i])));
        u_spread = fmax(u_spread, fabs(u0[i] / PICL_C - sqrt(99.0)));
    }
    REPORT("gamma 10 in vacuum, %ld steps: moved %.12f cells (c beta t / dz); worst difference %.1e cells, across "
           "%.1e; u at load = sqrt(gamma^2 - 1) to %.1e; particles %ld",
           cfg.steps, shift, worst, across, u_spread, s->species[0].np);
    CHECK(s->species[0].np == n);
    CHECK(worst < 1e-9);
    CHECK(across == 0);
    CHECK(u_spread < 1e-12);
    for (int a = 0; a < 3; a++) {
        free(x0[a]);
        free(x1[a]);
    }
    free(u0);
    fixture_free_sim(s);
}

/* A divergence (species.beam.divergence): the slope of u against x from the centroid, measured
 * as <dx du> / <dx^2>, is the requested one within 3 standard errors of a least-squares slope
 * (the u_th noise over rms * sqrt(n)), per axis; the rms about that line stays u_th. */
static void test_divergence(struct device *dev)
{
    const double div[3] = {2e4, -3e4, 5e3}, u_th[3] = {0.1, 0.2, 0.05};
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {20, 28, 64}, lower = {-10e-6, -14e-6, 0}, upper = {10e-6, 14e-6, 64e-6} },\n"
                   "  boundary = { field = 'pec' },\n"
                   "  steps = 1,\n"
                   "  species = { { name = 'bunch', particle = 'electron', seed = 5,\n"
                   "    beam = { total_charge = -50e-12, particles = %d, centroid = {1e-6, -2e-6, 30e-6},\n"
                   "             rms = {2e-6, 3e-6, 4e-6}, u = 0.5, u_th = {%g, %g, %g}, divergence = {%g, %g, %g} } } },\n"
                   "}\n",
                   N_BEAM, u_th[0], u_th[1], u_th[2], div[0], div[1], div[2]);
    struct sim *s = fixture_sim(&cfg, dev);
    const struct cfg_beam *b = &cfg.species[0].beam;
    const long n = s->species[0].np;
    const double *dx = s->ctx.lay.dx, *lower = s->ctx.lay.lower;
    int ok = n == N_BEAM;
    for (int a = 0; a < 3; a++) {
        double *x = fixture_particles(s, 0, (enum particle_array)(PA_X + a));
        double *u = fixture_particles(s, 0, (enum particle_array)(PA_UX + a));
        double xm, xr, um, ur, xu = 0, res = 0;
        for (long i = 0; i < n; i++) {
            x[i] = lower[a] + x[i] * dx[a];
            u[i] /= PICL_C;
        }
        moments(x, n, &xm, &xr);
        moments(u, n, &um, &ur);
        for (long i = 0; i < n; i++)
            xu += (x[i] - xm) * (u[i] - um);
        const double slope = xu / n / (xr * xr);
        for (long i = 0; i < n; i++) {
            const double r = u[i] - um - slope * (x[i] - xm);
            res += r * r;
        }
        res = sqrt(res / n);
        const double se = u_th[a] / (xr * sqrt((double)n));
        const double want_u = a == b->axis ? 0.5 : 0;
        const int fine = fabs(slope - div[a]) <= 3 * se && near_rms(res, u_th[a], n, 3) &&
                         near_mean(um, want_u, ur, n, 3);
        REPORT("%c: slope <dx du>/<dx^2> %.1f 1/m (asked %.1f, %.2f standard errors of %.1f); rms about the line "
               "%.5f (u_th %.5f); mean u %.5f (asked %.5f)",
               "xyz"[a], slope, div[a], fabs(slope - div[a]) / se, se, res, u_th[a], um, want_u);
        ok &= fine;
        free(x);
        free(u);
    }
    CHECK(ok);
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_load(&dev);
    test_decomposition(&dev);
    test_drift(&dev);
    test_divergence(&dev);
    device_close(&dev);
    return check_finish();
}
