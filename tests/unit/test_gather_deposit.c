/* test_gather_deposit.c: the momentum-conserving gather and the direct deposition do what
 * docs/input.md says, value for value, and give the cold plasma oscillation of
 * inputs/langmuir.lua at the plasma frequency, to 1%.
 *
 * First, against a reference written here from the definitions (B-splines as functions of the
 * distance to each grid point, periodic indices, no shared code with the templates): one step of
 * 53760 electrons with thermal momenta, at lattice positions that fill the cells unevenly, in six
 * different sinusoidal E and B components on 8 boxes, at shape orders 1, 2, 3. The momentum after
 * the step (Boris push of the gathered fields) and the current J on the grid must agree to 1e-12
 * relative: a wrong stagger, averaging axis, shape offset or guard cell shows as an error of
 * order one.
 *
 * Then the Langmuir oscillation, at the input's shape order 3. The reference is omega_pe as the leapfrog sees it, (2/dt) asin(omega_pe dt / 2). The test
 * also prints what the grid predicts for the wave's k (theta = k dx / 2, shape order p, aliases
 * left out): a particle's current reaches E_x through the deposition's shape and E_x reaches the
 * particle through the gather's, and omega^2 = omega_pe^2 times the product of their Fourier
 * transforms:
 *   momentum-conserving gather + Esirkepov: J_x as the order p - 1 shape along x, sinc^p; the
 *     node average, cos(theta); the order-p nodal gather, sinc^(p+1)   -> sinc^(2p+1) cos
 *   energy-conserving gather + direct: J_x with the order-p shape, sinc^(p+1); the order p - 1
 *     gather of E_x, sinc^p                                             -> sinc^(2p+1)
 * At order 3 and 64 cells per wavelength: 0.2% (momentum) and 0.14% (direct) below omega_pe;
 * measured within 3e-7 of the prediction, which the test asserts to 1e-5.
 *
 * Direct deposition does not conserve charge: the Gauss residual, against its reference taken
 * at start-up, grows; the test reports it and checks that it is no longer at round-off (so the
 * diagnostic can tell), while the momentum-conserving gather with Esirkepov keeps it there. */
#include "check.h"
#include "langmuir.h"


/* ---- the reference: gather and deposition from their definitions ---- */

#define RN 8 /* cells per axis of the reference run */
#define RPPC_X 3
#define RPPC_Y 5
#define RPPC_Z 7

/* The B-spline of order p at distance d from a grid point (Hockney and Eastwood, ch. 5). */
static double bspline(int p, double d)
{
    d = fabs(d);
    switch (p) {
    case 1:
        return d < 1 ? 1 - d : 0;
    case 2:
        return d < 0.5 ? 0.75 - d * d : d < 1.5 ? 0.5 * (1.5 - d) * (1.5 - d) : 0;
    default:
        return d < 1 ? 2.0 / 3.0 - d * d + 0.5 * d * d * d : d < 2 ? (2 - d) * (2 - d) * (2 - d) / 6 : 0;
    }
}

static int wrap_index(int i)
{
    return ((i % RN) + RN) % RN;
}

static double grid_at(const double *f, int i, int j, int k)
{
    return f[wrap_index(i) + RN * (wrap_index(j) + RN * wrap_index(k))];
}

/* Component f at the node (i, j, k): the mean of its staggered neighbours along the axes in
 * `avg` (bit a set: staggered along axis a, values at n - 1/2 and n + 1/2 stored at n - 1, n). */
static double node_value(const double *f, int avg, int i, int j, int k)
{
    double sum = 0;
    int n = 0;
    for (int c = 0; c <= ((avg >> 2) & 1); c++)
        for (int b = 0; b <= ((avg >> 1) & 1); b++)
            for (int a = 0; a <= (avg & 1); a++) {
                sum += grid_at(f, i - a, j - b, k - c);
                n++;
            }
    return sum / n;
}

/* Momentum-conserving gather at x (cells): node values times the order-p spline of the
 * distance, over every node in reach. */
static double gather_mc(const double *f, int avg, int p, const double x[3])
{
    const int i0 = (int)floor(x[0]), j0 = (int)floor(x[1]), k0 = (int)floor(x[2]);
    double sum = 0;
    for (int k = k0 - 2; k <= k0 + 3; k++)
        for (int j = j0 - 2; j <= j0 + 3; j++)
            for (int i = i0 - 2; i <= i0 + 3; i++) {
                double w = bspline(p, x[0] - i) * bspline(p, x[1] - j) * bspline(p, x[2] - k);
                if (w != 0)
                    sum += w * node_value(f, avg, i, j, k);
            }
    return sum;
}

/* Boris (Birdsall and Langdon 4.4) in double. */
static void boris(double u[3], const double E[3], const double B[3], double qdt_2m)
{
    double um[3], t[3], s[3], up[3];
    for (int a = 0; a < 3; a++)
        um[a] = u[a] + qdt_2m * E[a];
    double gamma = sqrt(1 + (um[0] * um[0] + um[1] * um[1] + um[2] * um[2]) / (PICL_C * PICL_C));
    for (int a = 0; a < 3; a++)
        t[a] = qdt_2m * B[a] / gamma;
    double t2 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
    for (int a = 0; a < 3; a++)
        s[a] = 2 * t[a] / (1 + t2);
    for (int a = 0; a < 3; a++)
        up[a] = um[a] + um[(a + 1) % 3] * t[(a + 2) % 3] - um[(a + 2) % 3] * t[(a + 1) % 3];
    for (int a = 0; a < 3; a++)
        u[a] = um[a] + up[(a + 1) % 3] * s[(a + 2) % 3] - up[(a + 2) % 3] * s[(a + 1) % 3] + qdt_2m * E[a];
}

/* Array a of species 0 by particle id (ids run over cells x ppc). */
static double *by_id(struct sim *s, enum particle_array a, long n_ids)
{
    double *id = fixture_particles(s, 0, PA_ID), *v = fixture_particles(s, 0, a);
    double *out = malloc(sizeof(double) * (size_t)n_ids);
    for (long i = 0; i < n_ids; i++)
        out[i] = NAN;
    for (long i = 0; i < s->species[0].np; i++)
        out[(long)id[i]] = v[i];
    free(id);
    free(v);
    return out;
}

static void reference(int order)
{
    const double dx = 1e-6, L = RN * dx, dt = 0.999 * dx / (PICL_C * sqrt(3.0));
    const double n0 = 1e24, E0 = 1e10, B0 = 30;
    char set[32];
    snprintf(set, sizeof set, "shape_order=%d", order);
    struct picl_config cfg;
    double t0 = fixture_seconds();
    fixture_config(&cfg, (const char *[]){set}, 1,
                   "local picl = require('picl')\n"
                   "local k = 2 * picl.pi / %.17g\n"
                   "return picl.simulation {\n"
                   "  particle_ids = true, -- the test follows particles by id\n"
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = 4 },\n"
                   "  solver = { dt = %.17g }, steps = 1, pusher = 'boris',\n"
                   "  gather = 'momentum_conserving', deposition = 'direct',\n"
                   "  constants = { k = k, E0 = %.17g, B0 = %.17g },\n"
                   "  fields = { Ex = 'E0*sin(k*x + 2*k*y - k*z + 0.3)', Ey = 'E0*cos(2*k*x - k*y + k*z + 0.1)',\n"
                   "             Ez = 'E0*sin(k*x + k*y + 2*k*z + 0.7)', Bx = 'B0*cos(k*x - 2*k*y + k*z + 0.2)',\n"
                   "             By = 'B0*sin(2*k*x + k*y - k*z + 0.5)', Bz = 'B0*cos(-k*x + k*y + 2*k*z + 0.9)' },\n"
                   "  species = { { name = 'electrons', particle = 'electron', density = %.17g,\n"
                   "                ppc = {%d, %d, %d}, u_drift = {0.1, -0.07, 0.05}, u_th = 0.05 } },\n"
                   "}\n",
                   L, RN, RN, RN, L, L, L, dt, E0, B0, n0, RPPC_X, RPPC_Y, RPPC_Z);
    struct device dev;
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const long n_ids = (long)RN * RN * RN * RPPC_X * RPPC_Y * RPPC_Z;
    CHECK(s->species[0].np == n_ids);
    double *f[6];
    for (int c = 0; c < 6; c++)
        f[c] = fixture_field(s, (enum field_comp)c);
    double *x0[3], *u0[3], *u1[3], *w = by_id(s, PA_W, n_ids);
    for (int a = 0; a < 3; a++) {
        x0[a] = by_id(s, (enum particle_array)(PA_X + a), n_ids);
        u0[a] = by_id(s, (enum particle_array)(PA_UX + a), n_ids);
    }
    fixture_steps(s, 1);
    for (int a = 0; a < 3; a++)
        u1[a] = by_id(s, (enum particle_array)(PA_UX + a), n_ids);
    double *J[3], *Jref[3];
    for (int a = 0; a < 3; a++) {
        J[a] = fixture_field(s, (enum field_comp)(FC_JX + a));
        Jref[a] = calloc(RN * RN * RN, sizeof(double));
    }
    /* staggered axes of Ex, Ey, Ez, Bx, By, Bz as bit masks */
    const int avg[6] = {1, 2, 4, 6, 5, 3};
    const double qdt_2m = -PICL_Q_E * dt / (2 * PICL_M_E), dV = dx * dx * dx;
    double du_max = 0, du_err = 0;
    for (long p = 0; p < n_ids; p++) {
        const double x[3] = {x0[0][p], x0[1][p], x0[2][p]};
        double E[3], B[3], u[3] = {u0[0][p], u0[1][p], u0[2][p]};
        for (int a = 0; a < 3; a++) {
            E[a] = gather_mc(f[a], avg[a], order, x);
            B[a] = gather_mc(f[3 + a], avg[3 + a], order, x);
        }
        boris(u, E, B, qdt_2m);
        for (int a = 0; a < 3; a++) {
            du_max = fmax(du_max, fabs(u[a] - u0[a][p]));
            du_err = fmax(du_err, fabs(u1[a][p] - u[a]));
        }
        /* direct deposition of the device's u^{1/2} at the midpoint of the step */
        const double *ud = (const double[3]){u1[0][p], u1[1][p], u1[2][p]};
        const double gamma = sqrt(1 + (ud[0] * ud[0] + ud[1] * ud[1] + ud[2] * ud[2]) / (PICL_C * PICL_C));
        double v[3], xm[3];
        for (int a = 0; a < 3; a++) {
            v[a] = ud[a] / gamma;
            xm[a] = x[a] + 0.5 * v[a] * dt / dx;
        }
        const double jq = -PICL_Q_E * w[p] / dV;
        const int i0 = (int)floor(xm[0]), j0 = (int)floor(xm[1]), k0 = (int)floor(xm[2]);
        for (int k = k0 - 3; k <= k0 + 3; k++)
            for (int j = j0 - 3; j <= j0 + 3; j++)
                for (int i = i0 - 3; i <= i0 + 3; i++) {
                    const long at = wrap_index(i) + RN * (wrap_index(j) + RN * wrap_index(k));
                    const double sx = bspline(order, xm[0] - i), sy = bspline(order, xm[1] - j),
                                 sz = bspline(order, xm[2] - k);
                    const double hx = bspline(order, xm[0] - i - 0.5), hy = bspline(order, xm[1] - j - 0.5),
                                 hz = bspline(order, xm[2] - k - 0.5);
                    Jref[0][at] += jq * v[0] * hx * sy * sz;
                    Jref[1][at] += jq * v[1] * sx * hy * sz;
                    Jref[2][at] += jq * v[2] * sx * sy * hz;
                }
    }
    double j_max = 0, j_err = 0;
    for (int a = 0; a < 3; a++)
        for (long c = 0; c < RN * RN * RN; c++) {
            j_max = fmax(j_max, fabs(Jref[a][c]));
            j_err = fmax(j_err, fabs(J[a][c] - Jref[a][c]));
        }
    REPORT("reference, order %d (%ld particles, %.1f s): momentum-conserving gather + push: max |du - du_ref| / "
           "max |du| %.2e; direct J: max |J - J_ref| / max |J| %.2e",
           order, n_ids, fixture_seconds() - t0, du_err / du_max, j_err / j_max);
    CHECK(du_err <= 1e-12 * du_max);
    CHECK(j_err <= 1e-12 * j_max);
    for (int a = 0; a < 3; a++) {
        free(x0[a]);
        free(u0[a]);
        free(u1[a]);
        free(J[a]);
        free(Jref[a]);
    }
    for (int c = 0; c < 6; c++)
        free(f[c]);
    free(w);
    fixture_free_sim(s);
    device_close(&dev);
}

/* ---- the Langmuir oscillation ---- */


struct variant {
    const char *gather, *deposition;
    int order;
};

static void langmuir(const struct variant *v)
{
    char sets_text[3][64];
    snprintf(sets_text[0], sizeof sets_text[0], "gather=%s", v->gather);
    snprintf(sets_text[1], sizeof sets_text[1], "deposition=%s", v->deposition);
    snprintf(sets_text[2], sizeof sets_text[2], "shape_order=%d", v->order);
    const char *sets[] = {sets_text[0], sets_text[1], sets_text[2]};
    struct langmuir_run r;
    langmuir_measure(sets, 3, &r);
    const int p = v->order, momentum = strcmp(v->gather, "momentum_conserving") == 0;
    const double theta = r.k * r.dx / 2, sinc = sin(theta) / theta;
    double factor = pow(sinc, 2 * p + 1) * (momentum ? cos(theta) : 1.0);
    double omega_grid = 2 / r.dt * asin(r.omega_pe * sqrt(factor) * r.dt / 2);
    REPORT("%s gather, %s deposition, order %d (%d steps, %.1f s): omega %.8e rad/s; vs leapfrog omega_pe %+.3e; "
           "vs grid prediction (no aliases) %+.3e; Gauss residual %.1e",
           v->gather, v->deposition, p, r.steps, r.seconds, r.omega, r.omega / r.omega_leapfrog - 1,
           r.omega / omega_grid - 1, r.gauss);
    CHECK_NEAR(r.omega, r.omega_leapfrog, 1e-2);
    /* and the grid's own prediction, much tighter: a wrong stagger or shape in the template
     * moves omega by more than (theta^2 / 6 = 4e-4 per order of sinc) */
    CHECK_NEAR(r.omega, omega_grid, 1e-5);
    /* the wave is there and has the input's amplitude (the test is not fooled by a still field) */
    CHECK_NEAR(r.amplitude, -fit_constant(&r.cfg, "E0"), 1e-2);
    /* direct deposition must miss the bound Esirkepov meets (1.7e-10 measured: the residual is
     * taken against the species' own charge density, 1e3 times the net of this wave's) */
    if (strcmp(v->deposition, "esirkepov") == 0)
        CHECK(r.gauss < 1e-11);
    else
        CHECK(r.gauss > 1e-11);
}

int main(void)
{
    for (int order = 1; order <= 3; order++)
        reference(order);
    /* the input's shape order only: each variant is a program to build (~10 s on PoCL), and the
     * reference above already covers orders 1 and 2 value for value (order 1 was measured at
     * -1.2e-3 (momentum) and -6.0e-4 (direct) from omega_pe, within 3e-7 of the prediction) */
    const struct variant variants[] = {
        {"momentum_conserving", "esirkepov", 3},
        {"energy_conserving", "direct", 3},
    };
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++)
        langmuir(&variants[i]);
    return check_finish();
}
