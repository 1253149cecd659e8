/* test_collisions: binary Coulomb collisions (templates/collisions.cl, collide.cl) against theory.
 * The species are frozen, so nothing but the collisions changes momenta (no current, no field):
 * (a) temperature relaxation of electrons and ions of 10 m_e against the NRL formulary's rate,
 * integrated along the run; (b) isotropisation of an anisotropic electron Maxwellian against the
 * NRL rate; (c) energy and momentum of the pairs before and after one stage, equal weights;
 * (d) a restart continues bit for bit; (e) a cold beam's slowing down (friction) against the NRL rates. */
#include "fixture.h"

#include "constants.h"
#include "particle_attrs.h"

#define LN_LAMBDA 10.0
/* ln(Lambda) of the intra-species entries of the e-i test: 100 times the inter-species one, so that
 * both species stay Maxwellian, as the formulary's rate assumes. The exchange weights a pair as
 * 1 / g and a slow electron meets ions at g ~ v_th,i (0.22 v_th,e at m_i = 10 m_e), where its
 * exchange is ~ 90 times the thermal one: the slow electrons are depleted unless the electrons'
 * self-collisions refill them faster. With the physical 10 the exchange falls to 0.6-0.7 of the
 * rate; with 200 it was still 0.91 (independent model: 1.091 +- 0.016 at tau against 1.011 +- 0.018
 * for species redrawn Maxwellian each step; docs/collisions.md); with 1000 it is within the
 * saturation of the slow pairs (3-4% at this dt). Intra-species collisions keep each species'
 * energy, so they change T_e - T_i only through the distributions' shape. */
#define INTRA_LOG 1000.0

/* PICL_COLLIDE_CSV_DIR=DIR: each test writes its curves and their theory to DIR/NAME
 * (tools/plot_collisions.py draws them); NULL without it. */
static FILE *csv_open(const char *name)
{
    const char *dir = getenv("PICL_COLLIDE_CSV_DIR");
    if (!dir)
        return NULL;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "test_collisions: cannot write %s\n", path);
    return f;
}

/* Temperatures (J) of species sp: m c^2 <u^2 / gamma> / 3 in all (exact for a Maxwell-Juttner
 * distribution), and along z and across (m c^2 <u_z^2 / gamma>, the mean of x and y). */
static void temperatures(struct sim *s, int sp, double *t, double *t_par, double *t_perp)
{
    double *ux = fixture_particles(s, sp, PA_UX), *uy = fixture_particles(s, sp, PA_UY),
           *uz = fixture_particles(s, sp, PA_UZ);
    const long n = s->species[sp].np;
    double sum = 0, sz = 0, sxy = 0;
    for (long i = 0; i < n; i++) {
        const double x = ux[i] / PICL_C, y = uy[i] / PICL_C, z = uz[i] / PICL_C;
        const double g = sqrt(1 + x * x + y * y + z * z);
        sum += (x * x + y * y + z * z) / g;
        sz += z * z / g;
        sxy += 0.5 * (x * x + y * y) / g;
    }
    const double mc2 = s->species[sp].cfg->mass * PICL_C * PICL_C;
    *t = mc2 * sum / (3.0 * (double)n);
    if (t_par)
        *t_par = mc2 * sz / (double)n;
    if (t_perp)
        *t_perp = mc2 * sxy / (double)n;
    free(ux);
    free(uy);
    free(uz);
}

/* NRL formulary (Huba 2019, "Temperature isotropization" and "Relaxation rates"; Spitzer 1956):
 * dT_a/dt = nu (T_b - T_a), nu = 8 sqrt(2 pi) n_b q_a^2 q_b^2 ln(Lambda) sqrt(m_a m_b) /
 * (3 (4 pi eps0)^2 (m_a T_b + m_b T_a)^(3/2)). */
static double nu_relax(double n_b, double m_a, double m_b, double t_a, double t_b)
{
    const double e2 = PICL_Q_E * PICL_Q_E, k = 4 * PICL_PI * PICL_EPS0;
    return 8 * sqrt(2 * PICL_PI) * n_b * e2 * e2 * LN_LAMBDA * sqrt(m_a * m_b) /
           (3 * k * k * pow(m_a * t_b + m_b * t_a, 1.5));
}


/* Total kinetic energy sum w m c^2 (gamma - 1) and momentum sum w m u of both species (J, kg m/s),
 * with the scale sum w m |u| against which the momentum's round-off is measured. */
static void totals(struct sim *s, double *energy, double p[3], double *p_scale)
{
    *energy = *p_scale = 0;
    p[0] = p[1] = p[2] = 0;
    for (int sp = 0; sp < s->n_species; sp++) {
        double *u[3] = {fixture_particles(s, sp, PA_UX), fixture_particles(s, sp, PA_UY), fixture_particles(s, sp, PA_UZ)};
        const double m = s->species[sp].cfg->mass;
        double w;
        CHECK(gen_species_weight(s->ctx.cfg, &s->ctx.lay, sp, &w)); /* equal weights */
        for (long i = 0; i < s->species[sp].np; i++) {
            const double u2 = (u[0][i] * u[0][i] + u[1][i] * u[1][i] + u[2][i] * u[2][i]) / (PICL_C * PICL_C);
            *energy += w * m * PICL_C * PICL_C * u2 / (1 + sqrt(1 + u2));
            for (int a = 0; a < 3; a++)
                p[a] += w * m * u[a][i];
            *p_scale += w * m * sqrt(u2) * PICL_C;
        }
        for (int a = 0; a < 3; a++)
            free(u[a]);
    }
}

/* (a) Electrons at 200 eV and ions (charge e, mass 10 m_e) at 100 eV, both 1e26 m^-3, ln(Lambda)
 * 10 between the species (1000 within each: INTRA_LOG): T_e - T_i against the formulary's equations
 * integrated (RK4) along the run, at every 10th
 * step up to the first relaxation time 1 / (2 nu) at the start (see the bound below). */
static void test_relaxation(struct device *dev, int restart_check)
{
    char ckpt_dir[] = "/tmp/picl_collide_ckpt_XXXXXX";
    fixture_tmpdir(ckpt_dir);
    /* dt: s0 (the s of a pair at the rms relative speed) near 0.014, where Nanbu's saturation of the
     * slow pairs costs about 3.5% of the exchange (docs/collisions.md) */
    const double n = 1e26, mu = 10, dt = 2.5e-14 / 8;
    const int steps = 880; /* and 1 + 20 more: the input asks for 920 */
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {4, 4, 4}, lower = {0, 0, 0}, upper = {1.6e-4, 1.6e-4, 1.6e-4}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = %d + 40, checkpoint = { dir = '%s', keep = 1 },\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = %g, ppc = 8, temperature = 200, frozen = true },\n"
                   "    { name = 'ions', charge = picl.q_e, mass = %g * picl.m_e, density = %g, ppc = 8, temperature = 100,\n"
                   "      frozen = true } },\n"
                   "  collisions = { { species = {'electrons', 'ions'}, coulomb_log = %g },\n"
                   "                 { species = {'electrons'}, coulomb_log = %g },\n"
                   "                 { species = {'ions', 'ions'}, coulomb_log = %g } },\n"
                   "}\n",
                   dt, steps, ckpt_dir, n, mu, n, LN_LAMBDA, INTRA_LOG, INTRA_LOG);
    struct sim *s = fixture_sim(&cfg, dev);
    /* (c) one stage of all three entries: energy and momentum of the pairs conserved to round-off */
    double e0, e1, p0[3], p1[3], scale;
    totals(s, &e0, p0, &scale);
    fixture_steps(s, 1);
    totals(s, &e1, p1, &scale);
    const double dp = sqrt((p1[0] - p0[0]) * (p1[0] - p0[0]) + (p1[1] - p0[1]) * (p1[1] - p0[1]) +
                           (p1[2] - p0[2]) * (p1[2] - p0[2]));
    REPORT("one collision stage (equal weights, double): kinetic energy changed by %.2e of itself, momentum by "
           "%.2e of sum w m |u|", fabs(e1 - e0) / e0, dp / scale);
    CHECK(fabs(e1 - e0) <= 1e-13 * e0 && dp <= 1e-13 * scale);
    double te, ti;
    temperatures(s, 0, &te, NULL, NULL);
    temperatures(s, 1, &ti, NULL, NULL);
    const double me = PICL_M_E, mi = mu * PICL_M_E;
    const double tau = 1 / (2 * nu_relax(n, me, mi, te, ti));
    double th_e = te, th_i = ti, worst = 0, t = 0;
    const double d0 = te - ti;
    FILE *csv = csv_open("relaxation.csv");
    if (csv)
        fprintf(csv, "t_s,Te_eV,Ti_eV,Te_theory_eV,Ti_theory_eV\n%.9g,%.9g,%.9g,%.9g,%.9g\n", 0.0, te / PICL_Q_E,
                ti / PICL_Q_E, te / PICL_Q_E, ti / PICL_Q_E);
    const double t0 = fixture_seconds();
    for (int k = 1; k * 10 <= steps; k++) {
        fixture_steps(s, 10);
        for (int sub = 0; sub < 100; sub++) { /* RK4 over 10 steps in 100 parts */
            const double h = 10 * dt / 100;
            double ke[4], ki[4], e = th_e, i = th_i;
            for (int r = 0; r < 4; r++) {
                const double nu_e = nu_relax(n, me, mi, e, i), nu_i = nu_relax(n, mi, me, i, e);
                ke[r] = nu_e * (i - e);
                ki[r] = nu_i * (e - i);
                const double f = r < 2 ? 0.5 : 1.0;
                if (r < 3) {
                    e = th_e + f * h * ke[r];
                    i = th_i + f * h * ki[r];
                }
            }
            th_e += h * (ke[0] + 2 * ke[1] + 2 * ke[2] + ke[3]) / 6;
            th_i += h * (ki[0] + 2 * ki[1] + 2 * ki[2] + ki[3]) / 6;
        }
        t += 10 * dt;
        temperatures(s, 0, &te, NULL, NULL);
        temperatures(s, 1, &ti, NULL, NULL);
        if (csv)
            fprintf(csv, "%.9g,%.9g,%.9g,%.9g,%.9g\n", t, te / PICL_Q_E, ti / PICL_Q_E, th_e / PICL_Q_E,
                    th_i / PICL_Q_E);
        if (t <= tau * (1 + 1e-9))
            worst = fmax(worst, fabs((te - ti) - (th_e - th_i)) / (th_e - th_i));
    }
    if (csv)
        fclose(csv);
    REPORT("e-i relaxation (m_i = 10 m_e, 32768 + 32768 particles, ln(Lambda) 10): first relaxation time %.3g s "
           "= %.0f steps; T_e - T_i against the NRL rate: worst relative difference %.3f over [0, tau]; at the end "
           "(%.1f tau) %.2f eV vs %.2f eV (from %.1f eV); %.1f s",
           tau, tau / dt, worst, steps * dt / tau, (te - ti) / PICL_Q_E, (th_e - th_i) / PICL_Q_E, d0 / PICL_Q_E,
           fixture_seconds() - t0);
    /* 512 particles a cell (4^3 cells): the independent model pairing in closed sets of 64, as
     * picl's frozen cells of the old 8^3 grid did, relaxes about 4% slower (1.100 +- 0.012 against
     * 1.067 +- 0.016 with 512 and 1.061 +- 0.011 globally; not explained: docs/collisions.md).
     * measured 0.047 (0.085 at 64 a cell, 0.132 with INTRA_LOG 200, 0.35 with 10): the saturation of the slow pairs
     * (3.2% at the start, by quadrature) and the run's noise (a run's ratio at tau scatters by
     * 0.03 at this count); the draws are counter-based, so this is a fixed number for a given
     * device and precision. The 10%: docs/collisions.md */
    CHECK(worst <= 0.10);
    if (restart_check) {
        /* (d) b continues from a checkpoint of s at step steps + 1; both take 20 more steps */
        struct sim *b = fixture_sim(&cfg, dev);
        char path[1024];
        fixture_restart(s, b, path, sizeof path);
        fixture_steps(s, 20);
        fixture_steps(b, 20);
        long differ = 0, n_all = 0;
        for (int sp = 0; sp < 2; sp++)
            for (int a = PA_UX; a <= PA_UZ; a++) {
                double *va = fixture_particles(s, sp, (enum particle_array)a),
                       *vb = fixture_particles(b, sp, (enum particle_array)a);
                for (long i = 0; i < s->species[sp].np; i++)
                    differ += memcmp(&va[i], &vb[i], sizeof(double)) != 0;
                n_all += s->species[sp].np;
                free(va);
                free(vb);
            }
        REPORT("restart at step %d, both runs continued 20 steps with collisions: %ld of %ld momenta differ", steps + 1,
               differ, n_all);
        CHECK(differ == 0);
        remove(path);
        fixture_free_sim(b);
    }
    rmdir(ckpt_dir);
    fixture_free_sim(s);
}

/* (f) Two electron populations, 'hot' at 200 eV and 'cold' at 100 eV, both 1e26 m^-3, ln(Lambda)
 * 10 between them and INTRA_LOG within each (kept Maxwellian, as the rate assumes): the formulary's
 * rate with m_a = m_b = m_e, dT_h/dt = -nu (T_h - T_c), dT_c/dt = nu (T_h - T_c), nu from
 * nu_relax, depends on T_h + T_c only, which is conserved: T_h - T_c decays as exp(-2 nu t)
 * exactly. Compared every 10th step over [0, 1.1 tau], tau = 1 / (2 nu). dt: the s of the slow
 * pairs as in (a) (Nanbu's saturation about 3%). */
static void test_two_electron_populations(struct device *dev)
{
    const double n = 1e26, m = PICL_M_E, dt = 2.5e-14 / 16;
    const int steps = 320;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {4, 4, 4}, lower = {0, 0, 0}, upper = {1.6e-4, 1.6e-4, 1.6e-4}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = %d,\n"
                   "  species = {\n"
                   "    { name = 'hot', particle = 'electron', density = %g, ppc = 8, temperature = 200, frozen = true },\n"
                   "    { name = 'cold', particle = 'electron', density = %g, ppc = 8, temperature = 100, frozen = true,\n"
                   "      seed = 7 } },\n"
                   "  collisions = { { species = {'hot', 'cold'}, coulomb_log = %g },\n"
                   "                 { species = {'hot'}, coulomb_log = %g },\n"
                   "                 { species = {'cold'}, coulomb_log = %g } },\n"
                   "}\n",
                   dt, steps, n, n, LN_LAMBDA, INTRA_LOG, INTRA_LOG);
    struct sim *s = fixture_sim(&cfg, dev);
    double th, tc;
    temperatures(s, 0, &th, NULL, NULL);
    temperatures(s, 1, &tc, NULL, NULL);
    const double nu = nu_relax(n, m, m, th, tc), tau = 1 / (2 * nu), d0 = th - tc;
    double worst = 0, theory = d0;
    const double t0 = fixture_seconds();
    FILE *csv = csv_open("two_populations.csv");
    if (csv)
        fprintf(csv, "t_s,Th_eV,Tc_eV,Th_theory_eV,Tc_theory_eV\n%.9g,%.9g,%.9g,%.9g,%.9g\n", 0.0, th / PICL_Q_E,
                tc / PICL_Q_E, th / PICL_Q_E, tc / PICL_Q_E);
    const double sum0 = th + tc;
    for (int k = 1; k * 10 <= steps; k++) {
        fixture_steps(s, 10);
        const double t = k * 10 * dt;
        temperatures(s, 0, &th, NULL, NULL);
        temperatures(s, 1, &tc, NULL, NULL);
        theory = d0 * exp(-2 * nu * t);
        if (csv)
            fprintf(csv, "%.9g,%.9g,%.9g,%.9g,%.9g\n", t, th / PICL_Q_E, tc / PICL_Q_E,
                    0.5 * (sum0 + theory) / PICL_Q_E, 0.5 * (sum0 - theory) / PICL_Q_E);
        if (t <= 1.1 * tau * (1 + 1e-9))
            worst = fmax(worst, fabs((th - tc) - theory) / theory);
    }
    REPORT("two electron populations (200 / 100 eV, 32768 + 32768 particles, ln(Lambda) 10 between, %g within): "
           "relaxation time %.3g s = %.0f steps; T_h - T_c against the NRL rate (exp(-2 nu t)): worst relative "
           "difference %.3f over [0, 1.1 tau]; at the end (%.2f tau) %.2f eV vs %.2f eV (from %.1f eV); %.1f s",
           INTRA_LOG, tau, tau / dt, worst, steps * dt / tau, (th - tc) / PICL_Q_E, theory / PICL_Q_E, d0 / PICL_Q_E,
           fixture_seconds() - t0);
    if (csv)
        fclose(csv);
    CHECK(worst <= 0.10);
    fixture_free_sim(s);
}

/* NRL formulary, "Temperature isotropization" (SI: e^2 -> e^2 / (4 pi eps0)): within one species of
 * density n, dT_perp/dt = -nu (T_perp - T_par), dT_par/dt = 2 nu (T_perp - T_par), with
 * nu = 2 sqrt(pi) e^4 n ln(Lambda) / ((4 pi eps0)^2 m^(1/2) T_par^(3/2)) A^-2 [-3 + (A + 3) F(A)],
 * A = T_perp / T_par - 1, F = atan(sqrt(A)) / sqrt(A) (A > 0), atanh(sqrt(-A)) / sqrt(-A) (A < 0). */
static double nu_isotropy(double n, double m, double t_perp, double t_par)
{
    const double e2 = PICL_Q_E * PICL_Q_E, k = 4 * PICL_PI * PICL_EPS0, A = t_perp / t_par - 1;
    double bracket;
    if (fabs(A) < 1e-4) /* the limit: 4/15 - 4 A / 35 ... times A^2, so A^-2 [...] -> 4/15 */
        bracket = 4.0 / 15.0 - 4.0 * A / 35.0;
    else {
        const double F = A > 0 ? atan(sqrt(A)) / sqrt(A) : atanh(sqrt(-A)) / sqrt(-A);
        bracket = (-3 + (A + 3) * F) / (A * A);
    }
    return 2 * sqrt(PICL_PI) * e2 * e2 * n * LN_LAMBDA / (k * k * sqrt(m) * pow(t_par, 1.5)) * bracket;
}

/* (b) Electrons of 1e26 m^-3 with T_perp = 200 eV across z and T_par = 100 eV along it (Gaussian u),
 * ln(Lambda) 10: T_perp - T_par against the formulary's equations integrated (RK4) along the run,
 * at every 10th step up to the first isotropisation time 1 / (3 nu) at the start. */
static void test_isotropisation(struct device *dev)
{
    const double n = 1e26, t_perp0 = 200 * PICL_Q_E, t_par0 = 100 * PICL_Q_E, m = PICL_M_E;
    const double tau = 1 / (3 * nu_isotropy(n, m, t_perp0, t_par0)), dt = tau / 400;
    const int steps = 480;
    const double c2 = PICL_C * PICL_C;
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1.6e-4, 1.6e-4, 1.6e-4}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = %d,\n"
                   "  species = { { name = 'electrons', particle = 'electron', density = %g, ppc = 4, frozen = true,\n"
                   "                u_th = { %.17g, %.17g, %.17g } } },\n"
                   "  collisions = { { species = {'electrons'}, coulomb_log = %g } },\n"
                   "}\n",
                   dt, steps, n, sqrt(t_perp0 / (m * c2)), sqrt(t_perp0 / (m * c2)), sqrt(t_par0 / (m * c2)),
                   LN_LAMBDA);
    struct sim *s = fixture_sim(&cfg, dev);
    double t, tz, txy;
    temperatures(s, 0, &t, &tz, &txy);
    const double d0 = txy - tz;
    double th_perp = txy, th_par = tz, worst = 0, time = 0;
    const double t0 = fixture_seconds();
    FILE *csv = csv_open("isotropisation.csv");
    if (csv)
        fprintf(csv, "t_s,Tperp_eV,Tpar_eV,Tperp_theory_eV,Tpar_theory_eV\n%.9g,%.9g,%.9g,%.9g,%.9g\n", 0.0,
                txy / PICL_Q_E, tz / PICL_Q_E, txy / PICL_Q_E, tz / PICL_Q_E);
    for (int k = 1; k * 10 <= steps; k++) {
        fixture_steps(s, 10);
        for (int sub = 0; sub < 100; sub++) {
            const double h = 10 * dt / 100;
            double kp[4], kz[4], p = th_perp, z = th_par;
            for (int r = 0; r < 4; r++) {
                const double nu = nu_isotropy(n, m, p, z);
                kp[r] = -nu * (p - z);
                kz[r] = 2 * nu * (p - z);
                const double f = r < 2 ? 0.5 : 1.0;
                if (r < 3) {
                    p = th_perp + f * h * kp[r];
                    z = th_par + f * h * kz[r];
                }
            }
            th_perp += h * (kp[0] + 2 * kp[1] + 2 * kp[2] + kp[3]) / 6;
            th_par += h * (kz[0] + 2 * kz[1] + 2 * kz[2] + kz[3]) / 6;
        }
        time += 10 * dt;
        temperatures(s, 0, &t, &tz, &txy);
        if (csv)
            fprintf(csv, "%.9g,%.9g,%.9g,%.9g,%.9g\n", time, txy / PICL_Q_E, tz / PICL_Q_E, th_perp / PICL_Q_E,
                    th_par / PICL_Q_E);
        if (time <= tau * (1 + 1e-9))
            worst = fmax(worst, fabs((txy - tz) - (th_perp - th_par)) / (th_perp - th_par));
    }
    REPORT("isotropisation (electrons, 32768 particles, T_perp 200 eV, T_par 100 eV, ln(Lambda) 10): first "
           "isotropisation time %.3g s = 400 steps; T_perp - T_par against the NRL rate: worst relative difference "
           "%.3f over [0, tau]; at the end (%.1f tau) %.2f eV vs %.2f eV (from %.1f eV); %.1f s",
           tau, worst, steps * dt / tau, (txy - tz) / PICL_Q_E, (th_perp - th_par) / PICL_Q_E, d0 / PICL_Q_E,
           fixture_seconds() - t0);
    if (csv)
        fclose(csv);
    /* measured 0.089 (0.097 at dt * 4): the 10%; the draws are counter-based, so this is a
     * fixed number for a given device and precision, not a noisy one */
    CHECK(worst <= 0.10);
    fixture_free_sim(s);
}

/* psi(x) = erf(sqrt x) - 2 sqrt(x / pi) e^-x (the Maxwell integral of the NRL formulary) and its
 * derivative 2 sqrt(x / pi) e^-x. */
static double psi(double x)
{
    return erf(sqrt(x)) - 2 * sqrt(x / PICL_PI) * exp(-x);
}

static double psi_prime(double x)
{
    return 2 * sqrt(x / PICL_PI) * exp(-x);
}

/* (e) Friction: a cold electron beam (1 keV along z, 1e22 m^-3) in electrons of 1e26 m^-3 at
 * 10 eV, ln(Lambda) 10, beam-background entry only. The background's weight is 1e4 times the
 * beam's: a background particle takes its new momentum with probability 1e-4 (Perez sec. II.D), so
 * it stays Maxwellian at 10 eV (the beam's whole energy would heat it by 0.07 eV): the beam is a set
 * of test particles in a fixed Maxwellian, what the theory below assumes.
 * Two expectations for the beam's <v_z>:
 * - the NRL formulary's test-particle Fokker-Planck equation (Huba 2019, "Collisions and transport";
 *   Rosenbluth, MacDonald and Judd 1957), with its drag nu_s and diffusion nu_par, nu_perp as
 *   functions of speed, integrated by a Langevin Monte-Carlo in NumPy (tools/collisions_0d/
 *   friction_fp.py 10000 10000: 10000 test particles, 10000 steps per tau_s, no picl code): FRICTION_FP below,
 *   <v_z> / v0 at t / tau_s = 0, 0.05, ..., 1.5 (tau_s = 1 / nu_s(v0)), over the whole slowing down
 *   and the thermalisation that follows;
 * - the same rates with one speed for all beam particles (a closure, RK4 here: dv_z/dt = -nu_s v_z,
 *   d(v^2)/dt = -nu_eps v^2), which holds only while the beam's spread of speeds is small: over
 *   [0, tau_s / 2] (docs/collisions.md, "Friction"). */
static const double FRICTION_FP[31] = {
    1.00000, 0.94942, 0.89721, 0.84287, 0.78710, 0.72942, 0.66918, 0.60473, 0.53652, 0.46421, 0.38297, 0.29588, 0.20702, 0.13042, 0.07598, 0.03754, 0.01699, 0.00752, 0.00290, -0.00005, 0.00149, 0.00046, -0.00132, -0.00028, 0.00025, -0.00120, 0.00115, 0.00009, -0.00062, -0.00081, 0.00034};
/* the table's standard error is below 0.0025 v0 (0.0008 past 0.8 tau_s) */

static void friction_rates(double v, double tb, double *nu_s, double *nu_eps)
{
    const double e2 = PICL_Q_E * PICL_Q_E, m = PICL_M_E, n_b = 1e26;
    const double nu0 = n_b * e2 * e2 * LN_LAMBDA / (4 * PICL_PI * PICL_EPS0 * PICL_EPS0 * m * m * v * v * v);
    const double x = m * v * v / (2 * tb);
    *nu_s = 2 * psi(x) * nu0;
    *nu_eps = 2 * (psi(x) - psi_prime(x)) * nu0;
}

static void test_friction(struct device *dev)
{
    const double m = PICL_M_E, c2 = PICL_C * PICL_C, tb = 10 * PICL_Q_E, e_beam = 1000 * PICL_Q_E;
    const double g0 = 1 + e_beam / (m * c2), u0 = sqrt(g0 * g0 - 1), v0 = PICL_C * u0 / g0;
    double nu_s0, nu_eps0;
    friction_rates(v0, tb, &nu_s0, &nu_eps0);
    /* 1600 steps per tau_s = 1 / nu_s(v0) (at 400: 0.139, 800: 0.064, the saturation of the slow pairs), 2400 steps: to 1.5 tau_s, where the beam has thermalised */
    const double tau = 1 / nu_s0, dt = tau / 1600;
    const int steps = 2400, every = 80; /* 0.05 tau_s: the table's spacing */
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {4, 4, 4}, lower = {0, 0, 0}, upper = {5e-4, 5e-4, 5e-4}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = %d,\n"
                   "  species = {\n"
                   "    { name = 'beam', particle = 'electron', density = 1e22, ppc = 8, frozen = true,\n"
                   "      u_drift = { 0, 0, %.17g } },\n"
                   "    { name = 'background', particle = 'electron', density = 1e26, ppc = 8, frozen = true,\n"
                   "      temperature = 10 } },\n"
                   "  collisions = { { species = {'beam', 'background'}, coulomb_log = %g } },\n"
                   "}\n",
                   dt, steps, u0, LN_LAMBDA);
    struct sim *s = fixture_sim(&cfg, dev);
    double speed = v0, vz_th = v0, worst_closure = 0, worst_rel = 0, worst_abs = 0, time = 0, vz = 0, half = 0, half_closure = 0;
    const double t0 = fixture_seconds();
    FILE *csv = csv_open("friction.csv");
    if (csv)
        fprintf(csv, "t_over_tau,vz_over_v0,fp_over_v0,closure_over_v0,beam_T_eV,background_T_eV\n"
                     "0,1,1,1,0,%.6g\n", 10.0);
    for (int k = 1; k * every <= steps; k++) {
        fixture_steps(s, every);
        for (int sub = 0; sub < 200 && k * every <= steps / 3; sub++) { /* RK4 over `every` steps in 200 parts */
            const double h = every * dt / 200;
            double ks[4], kz[4], sp = speed, z = vz_th;
            for (int r = 0; r < 4; r++) {
                double ns, ne;
                friction_rates(sp, tb, &ns, &ne);
                ks[r] = -0.5 * ne * sp;
                kz[r] = -ns * z;
                const double f = r < 2 ? 0.5 : 1.0;
                if (r < 3) {
                    sp = speed + f * h * ks[r];
                    z = vz_th + f * h * kz[r];
                }
            }
            speed += h * (ks[0] + 2 * ks[1] + 2 * ks[2] + ks[3]) / 6;
            vz_th += h * (kz[0] + 2 * kz[1] + 2 * kz[2] + kz[3]) / 6;
        }
        time += every * dt;
        double *ux = fixture_particles(s, 0, PA_UX), *uy = fixture_particles(s, 0, PA_UY),
               *uz = fixture_particles(s, 0, PA_UZ);
        vz = 0;
        for (long i = 0; i < s->species[0].np; i++) {
            const double x = ux[i] / PICL_C, y = uy[i] / PICL_C, z = uz[i] / PICL_C;
            vz += uz[i] / sqrt(1 + x * x + y * y + z * z);
        }
        vz /= (double)s->species[0].np;
        free(ux);
        free(uy);
        free(uz);
        double t_beam, t_bg;
        temperatures(s, 0, &t_beam, NULL, NULL);
        temperatures(s, 1, &t_bg, NULL, NULL);
        const double fp = FRICTION_FP[k] * v0;
        if (FRICTION_FP[k] >= 0.05)
            worst_rel = fmax(worst_rel, fabs(vz - fp) / fp);
        else
            worst_abs = fmax(worst_abs, fabs(vz - fp) / v0);
        if (k * every <= steps / 3) /* the closure over [0, tau_s / 2] */
            worst_closure = fmax(worst_closure, fabs(vz - vz_th) / vz_th);
        if (k * every == steps / 3) {
            half = vz;
            half_closure = vz_th;
        }
        if (csv)
            fprintf(csv, "%.4f,%.6f,%.6f,%.6f,%.6g,%.6g\n", time / tau, vz / v0, FRICTION_FP[k],
                    k * every <= steps / 3 ? vz_th / v0 : NAN, t_beam / PICL_Q_E, t_bg / PICL_Q_E);
        if (getenv("PICL_FRICTION_TRACE"))
            printf("    t/tau %.3f vz/v0 %.4f Fokker-Planck %.4f; T beam %.3f eV, background %.4f eV\n",
                   time / tau, vz / v0, FRICTION_FP[k], t_beam / PICL_Q_E, t_bg / PICL_Q_E);
        if (k * every == steps) {
            REPORT("friction, the end (1.5 tau_s): beam %.3f eV (thermalised: the background's %.3f eV)",
                   t_beam / PICL_Q_E, t_bg / PICL_Q_E);
            /* the beam ends Maxwellian at the background's temperature (the Fokker-Planck model's
             * stationary state), within 10% */
            CHECK(fabs(t_beam - t_bg) <= 0.1 * t_bg && fabs(t_bg - tb) <= 0.01 * tb);
        }
    }
    if (csv)
        fclose(csv);
    REPORT("friction (cold electron beam, 1 keV, 32768 particles, in electrons of 1e26 m^-3 at 10 eV, ln(Lambda) "
           "10): slowing-down time 1 / nu_s(v0) %.3g s = 1600 steps; <v_z> against the test-particle "
           "Fokker-Planck equation (Langevin, NRL coefficients): worst relative difference %.4f while it is "
           "above 0.05 v0 (t <= 0.75 tau_s), worst %.4f v0 from there to 1.5 tau_s; against the one-speed "
           "closure: worst %.4f over [0, tau_s / 2]; at tau_s / 2 %.4g m/s, Fokker-Planck %.4g, closure's "
           "%.4g (from %.4g); %.1f s",
           tau, worst_rel, worst_abs, worst_closure, half, FRICTION_FP[10] * v0, half_closure, v0,
           fixture_seconds() - t0);
    /* 10% of the expectation (the bound) while <v_z> >= 0.05 v0; past it <v_z> -> 0 and the
     * noise of the means (0.0004 v0 for picl's 32768 particles and the table's 40000) is what is
     * left: 0.005 v0 there (about 6 standard errors of the difference) */
    CHECK(worst_rel <= 0.10 && worst_abs <= 0.005);
    CHECK(worst_closure <= 0.10);
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    if (!getenv("PICL_FRICTION_TRACE")) {
        test_relaxation(&dev, 1);
        test_isotropisation(&dev);
        test_two_electron_populations(&dev);
    }
    test_friction(&dev);
    device_close(&dev);
    return check_finish();
}
