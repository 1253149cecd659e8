/* test_ionization.c: field ionization (species.ionization, templates/ionize.cl) against theory.
 * A uniform applied field (applied_fields E: exactly constant; the particles' own fields are
 * below 1e-6 V/m at density 1e12 m^-3) ionizes
 *  (a) hydrogen in three slabs of three field strengths: the fraction ionized after t against
 *      1 - exp(-w t), w the ADK rate written here from its formula (not picl's code), within 2%;
 *  (b) nitrogen in a stronger field through N5+: the population of every charge state against the
 *      rate equations dn_k/dt = w_{k-1} n_{k-1} - w_k n_k (RK4), within 0.01 of the ions;
 * and in both the electrons made equal the charge states gained, exactly, and Gauss's law holds to
 * round-off. (c) A checkpoint of (b) continued by a second run: the same charge states, electrons
 * and arrays, bit for bit. */
#include "check.h"
#include "checkpoint.h"
#include "fixture.h"

/* ADK with the PPT prefactor (l = m = 0) in the form of WarpX's ADK implementation (Chen et al.,
 * J. Comput. Phys. 236, 220, 2013): energies in eV, fields in V/m. */
#define U_H 13.605693122994 /* eV, Rydberg */
#define E_A 5.14220674763e11 /* V/m, atomic unit of field */
#define W_A 4.134137333518e16 /* 1/s, 1 / atomic unit of time */
static double adk_rate(double u_ion, int z_after, double e)
{
    const double n = z_after * sqrt(U_H / u_ion), l = n - 1;
    const double c2 = pow(2, 2 * n) / (n * tgamma(n + l + 1) * tgamma(n - l));
    return W_A * c2 * u_ion / (2 * U_H) * pow(2 * pow(u_ion / U_H, 1.5) * E_A / e, 2 * n - 1) *
           exp(-2.0 / 3.0 * pow(u_ion / U_H, 1.5) * E_A / e);
}

/* NIST ASD (physics.nist.gov/asd): H, and N through N6+ (eV). */
static const double U_HYDROGEN = 13.598434599702;
static const double U_NITROGEN[7] = {14.53413, 29.60125, 47.4453, 77.4735, 97.8901, 552.06741, 667.0461377};

/* PICL_IONIZE_CSV_DIR=DIR: the tests write their curves and theory to DIR/NAME
 * (tools/plot_ionization_rates.py draws them); NULL without it. */
static FILE *csv_open(const char *name)
{
    const char *dir = getenv("PICL_IONIZE_CSV_DIR");
    if (!dir)
        return NULL;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "test_ionization: cannot write %s\n", path);
    return f;
}

/* Charge states read back: every ion's level, their sum and the electrons of species e_sp. */
static long levels_gained(struct sim *s, int ion, int e_sp, int level0, double **level, long *electrons)
{
    *level = fixture_particles(s, ion, PA_LEVEL);
    long sum = 0;
    for (long i = 0; i < s->species[ion].np; i++)
        sum += (long)(*level)[i] - level0;
    particles_check(&s->species[e_sp], &s->ctx, NULL, fixture_err, sizeof fixture_err);
    *electrons = s->species[e_sp].np_all;
    return sum;
}

/* (a) Three slabs of 4 x 4 x 4 cells along x, E_z = E[slab], 32768 ions each; 50 steps of 2e-16 s.
 * Each step ionizes with probability 1 - exp(-w dt), so the fraction after n steps is 1 - exp(-w n dt)
 * exactly, up to the binomial noise sqrt(f (1 - f) / N) (reported). */
static void test_hydrogen(void)
{
    const double E[3] = {3.2e10, 3.4e10, 3.7e10}, dt = 2e-16, dx = 2e-7;
    const int steps = 50, ppc = 8;
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {12, 4, 4}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { name = 'yee', dt = %.17g }, steps = %d, shape_order = 1,\n"
                   "  applied_fields = { E = { 0, 0, 'x < %.17g ? %.17g : (x < %.17g ? %.17g : %.17g)' } },\n"
                   "  species = {\n"
                   "    { name = 'H', ionization = { element = 'H', product = 'e' }, density = 1e12, ppc = %d },\n"
                   "    { name = 'e', particle = 'electron', density = 0, ppc = 1 },\n"
                   "  },\n"
                   "}\n",
                   12 * dx, 4 * dx, 4 * dx, dt, steps, 4 * dx, E[0], 8 * dx, E[1], E[2], ppc);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const double t0 = fixture_seconds();
    FILE *csv = csv_open("hydrogen.csv");
    if (csv)
        fprintf(csv, "t_s,f1,f2,f3,theory1,theory2,theory3,E1,E2,E3\n");
    for (int done = 0; done < steps; done += 5) {
        fixture_steps(s, 5);
        if (csv) { /* the fraction ionized in each slab every 5 steps, for tools/plot_ionization_rates.py */
            double *lv = fixture_particles(s, 0, PA_LEVEL), *xv = fixture_particles(s, 0, PA_X);
            long ion[3] = {0, 0, 0}, cnt[3] = {0, 0, 0};
            for (long i = 0; i < s->species[0].np; i++) {
                cnt[(int)(xv[i] / 4)]++;
                ion[(int)(xv[i] / 4)] += lv[i] > 0;
            }
            const double t = (done + 5) * dt;
            fprintf(csv, "%.6g", t);
            for (int k = 0; k < 3; k++)
                fprintf(csv, ",%.6f", (double)ion[k] / (double)cnt[k]);
            for (int k = 0; k < 3; k++)
                fprintf(csv, ",%.6f", 1 - exp(-adk_rate(U_HYDROGEN, 1, E[k]) * t));
            fprintf(csv, ",%.4g,%.4g,%.4g\n", E[0], E[1], E[2]);
            free(lv);
            free(xv);
        }
    }
    if (csv)
        fclose(csv);
    double *level, *x = fixture_particles(s, 0, PA_X);
    long electrons;
    const long gained = levels_gained(s, 0, 1, 0, &level, &electrons);
    long ionized[3] = {0, 0, 0}, count[3] = {0, 0, 0};
    for (long i = 0; i < s->species[0].np; i++) {
        const int slab = (int)(x[i] / 4); /* positions in cells of the domain */
        count[slab]++;
        ionized[slab] += level[i] > 0;
    }
    for (int k = 0; k < 3; k++) {
        const double w = adk_rate(U_HYDROGEN, 1, E[k]), want = 1 - exp(-w * steps * dt);
        const double got = (double)ionized[k] / (double)count[k];
        const double se = sqrt(want * (1 - want) / (double)count[k]);
        REPORT("H in E = %.3g V/m: w = %.4g /s, after %.3g s ionized %.5f of %ld, 1 - exp(-w t) = %.5f "
               "(standard error %.5f, relative %.2f%%)",
               E[k], w, steps * dt, got, count[k], want, se, 100 * se / want);
        CHECK_NEAR(got, want, 0.02);
    }
    const double gauss = fixture_gauss(s);
    REPORT("electrons made %ld, charge states gained %ld; Gauss residual %.3g (%.1f s)", electrons, gained, gauss,
           fixture_seconds() - t0);
    CHECK(electrons == gained);
    CHECK(gauss < 1e-11);
    free(level);
    free(x);
    fixture_free_sim(s);
    device_close(&dev);
}

/* dn_k/dt = w_{k-1} n_{k-1} - w_k n_k from n_0 = 1, RK4 with steps of h to time t. */
static void rate_equations(const double *w, int levels, double t, double *n)
{
    const double h = 1e-21;
    for (int k = 0; k < levels; k++)
        n[k] = k == 0;
    for (long i = 0; i < (long)llround(t / h); i++) {
        double k1[8], k2[8], k3[8], k4[8], m[8];
#define RATES(out, v)                                                                               \
    for (int k = 0; k < levels; k++)                                                                \
        out[k] = -w[k] * v[k] + (k ? w[k - 1] * v[k - 1] : 0);
        RATES(k1, n);
        for (int k = 0; k < levels; k++)
            m[k] = n[k] + h / 2 * k1[k];
        RATES(k2, m);
        for (int k = 0; k < levels; k++)
            m[k] = n[k] + h / 2 * k2[k];
        RATES(k3, m);
        for (int k = 0; k < levels; k++)
            m[k] = n[k] + h * k3[k];
        RATES(k4, m);
#undef RATES
        for (int k = 0; k < levels; k++)
            n[k] += h / 6 * (k1[k] + 2 * k2[k] + 2 * k3[k] + k4[k]);
    }
}

/* Nitrogen's populations at time t (step), against the rate equations (0.01 of the ions: the
 * binomial noise is at most 0.004; one level per step of w dt <= 0.12 departs from the continuous
 * equations by at most 0.002 here). */
static void check_nitrogen(struct sim *s, long step, double dt, double e)
{
    double w[7], n[7];
    for (int k = 0; k < 7; k++)
        w[k] = adk_rate(U_NITROGEN[k], k + 1, e);
    rate_equations(w, 7, step * dt, n);
    double *level;
    long electrons, pop[8] = {0};
    const long gained = levels_gained(s, 0, 1, 0, &level, &electrons);
    const long ions = s->species[0].np;
    for (long i = 0; i < ions; i++)
        pop[(int)level[i]]++;
    double worst = 0;
    for (int k = 0; k <= 5; k++) {
        const double got = (double)pop[k] / (double)ions, d = fabs(got - n[k]);
        REPORT("N%d+ at t = %.3g s: %.4f of the ions, rate equations %.4f", k, step * dt, got, n[k]);
        worst = d > worst ? d : worst;
    }
    CHECK(worst <= 0.01);
    CHECK(pop[6] + pop[7] == 0);
    const double gauss = fixture_gauss(s);
    REPORT("worst difference %.4f; electrons made %ld, charge states gained %ld; Gauss residual %.3g", worst,
           electrons, gained, gauss);
    CHECK(electrons == gained);
    CHECK(gauss < 1e-11);
    free(level);
}

/* The populations N0+ .. N6+ at step and the rate equations' (for tools/plot_ionization_rates.py). */
static void nitrogen_csv(FILE *csv, struct sim *s, long step, double dt, double e)
{
    if (!csv)
        return;
    double w[7], n[7], *level = fixture_particles(s, 0, PA_LEVEL);
    for (int k = 0; k < 7; k++)
        w[k] = adk_rate(U_NITROGEN[k], k + 1, e);
    rate_equations(w, 7, step * dt, n);
    long pop[8] = {0};
    for (long i = 0; i < s->species[0].np; i++)
        pop[(int)level[i]]++;
    fprintf(csv, "%.6g", step * dt);
    for (int k = 0; k < 7; k++)
        fprintf(csv, ",%.6f", (double)pop[k] / (double)s->species[0].np);
    for (int k = 0; k < 7; k++)
        fprintf(csv, ",%.6f", n[k]);
    fprintf(csv, "\n");
    free(level);
}

/* (b) and (c): 16384 nitrogen atoms in E = 5e11 V/m, steps of 2e-19 s (w_max dt = 0.12); the
 * populations at steps 100 and 250; a checkpoint at step 100 continued by a second run to 250. */
static void test_nitrogen(void)
{
    char ckpt_dir[] = "/tmp/picl_ionize_ckpt_XXXXXX";
    fixture_tmpdir(ckpt_dir);
    const double e = 5e11, dt = 2e-19, dx = 1e-9;
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {4, 4, 4}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { name = 'yee', dt = %.17g }, steps = 250, shape_order = 1,\n"
                   "  checkpoint = { dir = '%s', keep = 1 },\n"
                   "  applied_fields = { E = { %.17g, 0, 0 } },\n"
                   "  species = {\n"
                   "    { name = 'N', ionization = { element = 'N', initial_level = 0, product = 'e' },\n"
                   "      density = 1e12, ppc = {8, 8, 4} },\n"
                   "    { name = 'e', particle = 'electron', density = 0, ppc = 1 },\n"
                   "  },\n"
                   "}\n",
                   4 * dx, 4 * dx, 4 * dx, dt, ckpt_dir, e);
    fixture_device(&dev);
    struct sim *a = fixture_sim(&cfg, &dev), *b = fixture_sim(&cfg, &dev);
    const double t0 = fixture_seconds();
    FILE *csv = csv_open("nitrogen.csv");
    if (csv)
        fprintf(csv, "t_s,n0,n1,n2,n3,n4,n5,n6,theory0,theory1,theory2,theory3,theory4,theory5,theory6\n");
    for (int step = 10; step <= 100; step += 10) {
        fixture_steps(a, 10);
        nitrogen_csv(csv, a, step, dt, e);
    }
    check_nitrogen(a, 100, dt, e);
    char path[1024];
    fixture_restart(a, b, path, sizeof path);
    for (int step = 110; step <= 250; step += 10) {
        fixture_steps(a, 10);
        nitrogen_csv(csv, a, step, dt, e);
    }
    if (csv)
        fclose(csv);
    fixture_steps(b, 150);
    check_nitrogen(a, 250, dt, e);
    long differ = 0, counts = 0;
    for (int sp = 0; sp < 2; sp++) {
        particles_check(&a->species[sp], &a->ctx, NULL, fixture_err, sizeof fixture_err);
        particles_check(&b->species[sp], &b->ctx, NULL, fixture_err, sizeof fixture_err);
        const long n = a->species[sp].np;
        counts += n != b->species[sp].np;
        for (int k = 0; k < PA_ATTRS; k++) {
            double *va = fixture_particles(a, sp, (enum particle_array)k),
                   *vb = fixture_particles(b, sp, (enum particle_array)k);
            for (long i = 0; i < n && i < b->species[sp].np; i++)
                differ += !(va[i] == vb[i]);
            free(va);
            free(vb);
        }
    }
    REPORT("checkpoint at step 100 continued to 250: %ld ions, %ld electrons; %ld values differ from the run that "
           "never stopped, %ld counts differ (%.1f s)",
           a->species[0].np, a->species[1].np, differ, counts, fixture_seconds() - t0);
    CHECK(differ == 0 && counts == 0);
    remove(path);
    rmdir(ckpt_dir);
    fixture_free_sim(a);
    fixture_free_sim(b);
    device_close(&dev);
}

/* (d) The charge state in the push and the deposition, under `strategy`: N3+ ions (initial_level 3,
 * ionizable, so their charge is 3 e from the stored level) at rest in E_x = 1e11 V/m, below N3+'s
 * threshold (ADK exponent -47: none ionize), for 250 steps of 1.8e-14 s: each ion's u_x is
 * 3 e E (N - 1/2) dt / m (the half step back at the start, as every leapfrog) to 1e-9 while the
 * ions cross two cells, and Gauss's law holds to round-off. With the species' own charge e in
 * place of 3 e the momentum would be 3x off and the deposition would break Gauss's law. */
static void test_charge_state(struct device *dev, const char *strategy)
{
    const double e_field = 1e11, dt = 1.8e-14, dx = 1e-5;
    const int steps = 250;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 4, 4}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { name = 'yee', dt = %.17g }, steps = %d, shape_order = 3,\n"
                   "  deposition_strategy = '%s',\n"
                   "  applied_fields = { E = { %.17g, 0, 0 } },\n"
                   "  species = {\n"
                   "    { name = 'N', ionization = { element = 'N', initial_level = 3, product = 'e' },\n"
                   "      density = 1e12, ppc = 8, u_th = 0 },\n"
                   "    { name = 'e', particle = 'electron', density = 0, ppc = 1 },\n"
                   "  },\n"
                   "}\n",
                   8 * dx, 4 * dx, 4 * dx, dt, steps, strategy, e_field);
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, steps);
    double *ux = fixture_particles(s, 0, PA_UX), *level;
    long electrons;
    levels_gained(s, 0, 1, 3, &level, &electrons);
    const double kick = 3 * 1.602176634e-19 * e_field * dt / cfg.species[0].mass, want = kick * (steps - 0.5);
    double worst = 0;
    long not3 = 0;
    for (long i = 0; i < s->species[0].np; i++) {
        worst = fmax(worst, fabs(ux[i] / want - 1));
        not3 += level[i] != 3;
    }
    /* the distance those momenta carry the ions: dt^2 / dx times the sum of n - 1/2 kicks */
    const double moved = kick * dt / dx * steps * steps / 2;
    const double gauss = fixture_gauss(s);
    REPORT("N3+ in E_x = %.3g V/m, %s: u_x / (3 e E (N - 1/2) dt / m) - 1 worst %.3g over %ld ions, moved %.2f "
           "cells; %ld not N3+, %ld electrons; Gauss residual %.3g",
           e_field, strategy, worst, s->species[0].np, moved, not3, electrons, gauss);
    CHECK(worst < 1e-9 && moved > 1);
    CHECK(not3 == 0 && electrons == 0);
    CHECK(gauss < 1e-11);
    free(ux);
    free(level);
    fixture_free_sim(s);
}

int main(void)
{
    test_hydrogen();
    test_nitrogen();
    struct device dev;
    fixture_device(&dev);
    test_charge_state(&dev, "deterministic");
    test_charge_state(&dev, "simd_cells");
    device_close(&dev);
    return check_finish();
}
