/* test_diag_histogram.c: particle binning (diagnostics.histograms) of a Maxwellian plasma
 * loaded on a lattice: the kinetic energy spectrum against the analytic one (chi-square with 3
 * degrees of freedom in u^2 / u_th^2, relativistically exact) within statistical error; a 3D
 * histogram of positions with one bin per cell holds ppc weights in every bin exactly; a 2D
 * (x, ux) histogram's marginals equal the 1D histograms of x and ux exactly; a histogram whose
 * range covers every particle holds the species' weight (or charge), density x volume; with the
 * filter 'ux > 0', the upper half of the ux histogram and nothing below. The
 * weight is a power of two (density 2^90 m^-3, cells of 2^-20 m, 64 per cell), so every sum of
 * weights is exact and "exactly" means bit for bit. */
#include "csv_read.h"
#include "fixture.h"
#include "scratch.h"

#define CELLS 8
#define PPC 4 /* per axis */
#define U_TH 0.01
#define E_BINS 32
#define U_BINS 50

static const double density = 1237940039285380274899124224.0; /* 2^90 m^-3 */
static const double m_e = 9.1093837015e-31, q_e = 1.602176634e-19;

/* P(chi^2_3 <= t) = erf(sqrt(t/2)) - sqrt(2 t / pi) exp(-t/2) */
static double chi2_3_cdf(double t)
{
    return erf(sqrt(t / 2)) - sqrt(2 * t / PICL_PI) * exp(-t / 2);
}

/* The share of particles with kinetic energy below E (J): u^2 = (1 + E / m c^2)^2 - 1. */
static double energy_cdf(double E)
{
    const double g = 1 + E / (m_e * PICL_C * PICL_C);
    return chi2_3_cdf((g * g - 1) / (U_TH * U_TH));
}

static double sum(const double *v, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void test_histograms(struct device *dev)
{
    char dir[64], path[128];
    scratch_dir(dir, sizeof dir, "diag_hist");
    const double L = CELLS * ldexp(1.0, -20), mc2 = m_e * PICL_C * PICL_C;
    const double e_max = 8 * mc2 * U_TH * U_TH; /* u^2 / u_th^2 up to about 16: 0.1% beyond */
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  steps = 1,\n"
                   "  species = { { name = 'e', particle = 'electron', density = %.17g, ppc = %d, u_th = %g, seed = 3 } },\n"
                   "  diagnostics = { output_dir = '%s', histograms = {\n"
                   "    { name = 'spectrum', interval = 1, species = 'e', axes = { quantity = 'energy', bins = %d, min = 0, max = %.17g } },\n"
                   "    { name = 'cells', interval = 1, species = 'e', axes = {\n"
                   "      { quantity = 'x', bins = %d, min = 0, max = %.17g }, { quantity = 'y', bins = %d, min = 0, max = %.17g },\n"
                   "      { quantity = 'z', bins = %d, min = 0, max = %.17g } } },\n"
                   "    { name = 'hx', interval = 1, species = 'e', axes = { { quantity = 'x', bins = %d, min = 0, max = %.17g } } },\n"
                   "    { name = 'qx', interval = 1, species = 'e', weight = 'charge', axes = { quantity = 'x', bins = 3, min = 0, max = %.17g } },\n"
                   "    { name = 'hux', interval = 1, species = 'e', axes = { quantity = 'ux', bins = %d, min = -0.1, max = 0.1 } },\n"
                   "    { name = 'fux', interval = 1, species = 'e', filter = 'ux > 0', axes = { quantity = 'ux', bins = %d, min = -0.1, max = 0.1 } },\n"
                   "    { name = 'xux', interval = 1, species = 'e', axes = { { quantity = 'x', bins = %d, min = 0, max = %.17g },\n"
                   "      { quantity = 'ux', bins = %d, min = -0.1, max = 0.1 } } } } },\n"
                   "}\n",
                   CELLS, CELLS, CELLS, L, L, L, density, PPC, U_TH, dir, E_BINS, e_max, CELLS, L, CELLS, L, CELLS, L,
                   CELLS, L, L, U_BINS, U_BINS, CELLS, L, U_BINS);
    struct sim *s = fixture_sim(&cfg, dev);
    const long n = s->species[0].np_all;
    if (sim_run(s, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_run: %s\n", fixture_err);
        exit(1);
    }
    fixture_free_sim(s);
    struct csv_row spec, cells, hx, qx, hux, xux, fux;
    const char *names[] = {"spectrum", "cells", "hx", "qx", "hux", "xux", "fux"};
    struct csv_row *rows[] = {&spec, &cells, &hx, &qx, &hux, &xux, &fux};
    for (int i = 0; i < 7; i++) {
        snprintf(path, sizeof path, "%s/%s.csv", dir, names[i]);
        csv_row(path, 0, rows[i]);
    }
    const double w = density * pow(L / CELLS, 3) / (PPC * PPC * PPC), total = density * L * L * L;
    CHECK(n == (long)CELLS * CELLS * CELLS * PPC * PPC * PPC);
    CHECK(w == ldexp(1.0, 24)); /* the weights' sums below are exact */

    /* the spectrum: each bin against N times its probability, and chi-square over the bins */
    const double *h = spec.value + 2;
    double chi2 = 0, worst = 0;
    int worst_bin = 0;
    for (int i = 0; i < E_BINS; i++) {
        const double p = energy_cdf(e_max * (i + 1) / E_BINS) - energy_cdf(e_max * i / E_BINS);
        const double want = n * p, got = h[i] / w, sigma = sqrt(n * p * (1 - p));
        chi2 += (got - want) * (got - want) / want;
        if (fabs(got - want) / sigma > worst)
            worst = fabs(got - want) / sigma, worst_bin = i;
    }
    const double beyond = n * (1 - energy_cdf(e_max)), got_beyond = n - sum(h, E_BINS) / w;
    REPORT("spectrum of %ld particles in %d bins to %.1f eV: chi-square %.1f (%d degrees of freedom; 4 sd above "
           "the mean is %.0f); worst bin %d at %.2f sd; beyond the range %.0f particles (want %.1f)",
           n, E_BINS, e_max / q_e, chi2, E_BINS, E_BINS + 4 * sqrt(2.0 * E_BINS), worst_bin, worst, got_beyond, beyond);
    CHECK(chi2 < E_BINS + 4 * sqrt(2.0 * E_BINS));
    CHECK(worst < 4.5);
    CHECK(fabs(got_beyond - beyond) <= 4 * sqrt(beyond) + 1);
    CHECK(cells.n - 2 == CELLS * CELLS * CELLS);

    /* one bin per cell of a lattice load: ppc weights each, exactly */
    long off = 0;
    for (int i = 2; i < cells.n; i++)
        off += cells.value[i] != PPC * PPC * PPC * w;
    REPORT("3D histogram, one bin per cell: %ld of %d bins differ from %d weights", off, cells.n - 2, PPC * PPC * PPC);
    CHECK(off == 0);

    /* the species' weight and charge when the range covers everything */
    CHECK(sum(hx.value + 2, CELLS) == total);
    CHECK(sum(hux.value + 2, U_BINS) == total);
    CHECK_NEAR(sum(qx.value + 2, 3), -q_e * total, 1e-15);

    /* marginals of the 2D histogram (x fastest) against the 1D ones, bit for bit */
    long differ = 0;
    for (int i = 0; i < CELLS; i++) {
        double m = 0;
        for (int j = 0; j < U_BINS; j++)
            m += xux.value[2 + i + CELLS * j];
        differ += m != hx.value[2 + i];
    }
    for (int j = 0; j < U_BINS; j++) {
        double m = 0;
        for (int i = 0; i < CELLS; i++)
            m += xux.value[2 + i + CELLS * j];
        differ += m != hux.value[2 + j];
    }
    REPORT("2D (x, ux) marginals against the 1D histograms: %ld of %d bins differ", differ, CELLS + U_BINS);
    CHECK(differ == 0);
    /* filter = 'ux > 0': the bins below 0 empty, those above as without the filter, exactly */
    long wrong = 0;
    for (int j = 0; j < U_BINS; j++)
        wrong += fux.value[2 + j] != (j < U_BINS / 2 ? 0.0 : hux.value[2 + j]);
    REPORT("filter 'ux > 0': %ld of %d bins differ from the unfiltered histogram's upper half", wrong, U_BINS);
    CHECK(wrong == 0);
    /* the bin centres in the header */
    CHECK(!strncmp(xux.name[2], "x_m=", 4) && strstr(xux.name[2], ";ux=") != NULL);
    CHECK(!strncmp(spec.name[2], "energy_J=", 9));
    for (int i = 0; i < 7; i++)
        csv_row_free(rows[i]);
    scratch_remove(dir);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    test_histograms(&dev);
    device_close(&dev);
    return check_finish();
}
