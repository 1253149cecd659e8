/* test_psatd.c: the PSATD k-space update (templates/psatd.cl, gen/psatd.c) with the FFT layer on
 * one plane-wave mode in vacuum on picl's staggered grid, driven by a current constant in time:
 * after 25 steps at c dt = 2 dx (beyond Yee's Courant limit) E and B equal the analytic solution. */
#include <complex.h>
#include <stdlib.h>

#include "arena.h"
#include "check.h"
#include "constants.h"
#include "embedded.h"
#include "fft.h"
#include "fixture.h"
#include "layout.h"
#include "psatd.h"

/* A rotation of the field exact to round-off per step: 25 steps of ~1e-15 each in double,
 * of ~1e-7 each in float (measured 1.4e-14 and 2.2e-6: docs/psatd.md). */
#define TOL_DOUBLE 1e-12
#define TOL_FLOAT 2e-5

#define STEPS 25

/* One periodic box and one mode: m[a] periods along axis a, the wave polarised along e (unit, normal
 * to k); an axis of one point is one 2D drops. */
struct mode_case {
    const char *name;
    int n[3];
    double dx[3];
    int m[3];
    double e[3];
    /* the Galilean path (PSATD_GALILEAN, gen/psatd.c's gal table) with velocity vg, m/s; with vg
     * not zero, vacuum only (J = 0): the fields at the grid's points x' are those at x' + vg t */
    int galilean;
    double vg[3];
};
static const struct mode_case *cs;

static struct device dev;
static struct arena arena;
static char err[1 << 16];

static const char *template_text(const char *name)
{
    for (int i = 0; i < embedded_count; i++)
        if (!strcmp(embedded_files[i].name, name))
            return embedded_files[i].data;
    return NULL;
}

static void wavevector(double k[3])
{
    for (int a = 0; a < 3; a++)
        k[a] = 2 * PICL_PI * cs->m[a] / (cs->n[a] * cs->dx[a]);
}

/* The analytic fields at time t at position r: a wave E0 e cos(k.r - w t) with B = k x E / w, plus
 * the response to J = (Jk cos(k.r) + Ju) e switched on at t = 0 with E = B = 0:
 * E = -(Jk/eps0) sin(w t)/w cos(k.r) e - Ju t/eps0 e, B = (Jk/eps0) (cos(w t) - 1)/w^2 sin(k.r) k x e. */
static double analytic(int comp, const double r[3], double t, double E0, double Jk, double Ju)
{
    double k[3], kxe[3];
    wavevector(k);
    for (int a = 0; a < 3; a++)
        kxe[a] = k[(a + 1) % 3] * cs->e[(a + 2) % 3] - k[(a + 2) % 3] * cs->e[(a + 1) % 3];
    double w = PICL_C * sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
    double th = k[0] * r[0] + k[1] * r[1] + k[2] * r[2], ph = th - w * t, d = Jk / PICL_EPS0;
    if (comp < 3)
        return cs->e[comp] * (E0 * cos(ph) - d * sin(w * t) / w * cos(th) - Ju * t / PICL_EPS0);
    if (comp < 6)
        return kxe[comp - 3] * (E0 * cos(ph) / w + d * (cos(w * t) - 1) / (w * w) * sin(th));
    return cs->e[comp - 6] * (Jk * cos(th) + Ju);
}

/* Components in F's order: Ex Ey Ez Bx By Bz Jx Jy Jz (picl's enum order up to Jz). */
static void fill(double complex *h, double t, double E0, double Jk, double Ju)
{
    const int *N = cs->n;
    long P = (long)N[0] * N[1] * N[2];
    for (int c = 0; c < 9; c++) {
        double off[3];
        gen_stagger((enum field_comp)c, off);
        for (long p = 0; p < P; p++) {
            long idx[3] = { p % N[0], (p / N[0]) % N[1], p / (N[0] * N[1]) };
            double r[3];
            for (int a = 0; a < 3; a++)
                r[a] = (idx[a] + off[a]) * cs->dx[a] + cs->vg[a] * t;
            h[c * P + p] = analytic(c, r, t, E0, Jk, Ju);
        }
    }
}

static void run(const struct mode_case *c, enum cfg_precision prec)
{
    cs = c;
    const int *N = c->n, dbl = prec == CFG_DOUBLE;
    const double *DX = c->dx;
    const long P = (long)N[0] * N[1] * N[2];
    const double dt = 2 * DX[0] / PICL_C, E0 = 1e9;
    double k[3];
    wavevector(k);
    const double w = PICL_C * sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
    const int moving = c->vg[0] != 0 || c->vg[1] != 0 || c->vg[2] != 0;
    const double Jk = moving ? 0 : 0.3 * PICL_EPS0 * w * E0, Ju = moving ? 0 : 0.5 * PICL_EPS0 * E0 / (STEPS * dt);
    const size_t elem = dbl ? 16 : 8, rsz = dbl ? 8 : 4;
    double complex *h = malloc(9 * P * sizeof *h), *want = malloc(9 * P * sizeof *want);
    fill(h, 0, E0, Jk, Ju);
    fill(want, STEPS * dt, E0, Jk, Ju);

    struct psatd_tables tab;
    CHECK(psatd_tables(&tab, N, DX, dt, c->galilean ? c->vg : NULL, err, sizeof err) == 0);
    long axes = N[0] + N[1] + N[2];
    /* the device's copies, in `real` */
    void *fh = malloc(9 * P * elem), *ch = malloc(4 * P * rsz), *kh = malloc(axes * rsz), *sh = malloc(2 * axes * rsz);
    for (long i = 0; i < 18 * P; i++) {
        double v = i % 2 ? cimag(h[i / 2]) : creal(h[i / 2]);
        if (dbl) ((double *)fh)[i] = v; else ((float *)fh)[i] = (float)v;
    }
    for (long i = 0; i < 4 * P; i++) {
        if (dbl) ((double *)ch)[i] = tab.coef[i]; else ((float *)ch)[i] = (float)tab.coef[i];
    }
    for (long i = 0; i < 2 * axes; i++) {
        if (i < axes) {
            if (dbl) ((double *)kh)[i] = tab.k[i]; else ((float *)kh)[i] = (float)tab.k[i];
        }
        if (dbl) ((double *)sh)[i] = tab.shift[i]; else ((float *)sh)[i] = (float)tab.shift[i];
    }
    struct arena_buf F = { 0 }, Cf = { 0 }, K = { 0 }, S = { 0 }, G = { 0 };
    if (c->galilean) {
        void *gh = malloc(12 * P * rsz);
        for (long i = 0; i < 12 * P; i++) {
            if (dbl) ((double *)gh)[i] = tab.gal[i]; else ((float *)gh)[i] = (float)tab.gal[i];
        }
        CHECK(arena_alloc(&arena, 12 * P * rsz, "psatd gal", &G, err, sizeof err) == 0);
        CHECK(clEnqueueWriteBuffer(dev.queue, G.mem, CL_TRUE, 0, 12 * P * rsz, gh, 0, NULL, NULL) == CL_SUCCESS);
        free(gh);
    }
    CHECK(arena_alloc(&arena, 9 * P * elem, "psatd F", &F, err, sizeof err) == 0);
    CHECK(arena_alloc(&arena, 4 * P * rsz, "psatd coef", &Cf, err, sizeof err) == 0);
    CHECK(arena_alloc(&arena, axes * rsz, "psatd k", &K, err, sizeof err) == 0);
    CHECK(arena_alloc(&arena, 2 * axes * rsz, "psatd shift", &S, err, sizeof err) == 0);
    CHECK(clEnqueueWriteBuffer(dev.queue, F.mem, CL_TRUE, 0, 9 * P * elem, fh, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(clEnqueueWriteBuffer(dev.queue, Cf.mem, CL_TRUE, 0, 4 * P * rsz, ch, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(clEnqueueWriteBuffer(dev.queue, K.mem, CL_TRUE, 0, axes * rsz, kh, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(clEnqueueWriteBuffer(dev.queue, S.mem, CL_TRUE, 0, 2 * axes * rsz, sh, 0, NULL, NULL) == CL_SUCCESS);

    char prelude[512];
    snprintf(prelude, sizeof prelude,
             "%s#define PICL_PRELUDE\n#define REAL_IS_DOUBLE %d\ntypedef %s real;\n#define PSATD_NX %d\n"
             "#define PSATD_NY %d\n#define PSATD_NZ %d\n#define PSATD_C2 %.17g\n#define PSATD_INV_EPS0 %.17g\n"
             "#define PSATD_GALILEAN %d\n",
             dbl ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "", dbl, dbl ? "double" : "float", N[0], N[1],
             N[2], PICL_C * PICL_C, 1 / PICL_EPS0, c->galilean);
    const char *src[2] = { prelude, template_text("templates/psatd.cl") };
    CHECK(src[1] != NULL);
    cl_int rc;
    cl_program prog = clCreateProgramWithSource(dev.context, 2, src, NULL, &rc);
    rc = clBuildProgram(prog, 1, &dev.id, "-cl-std=CL1.2", NULL, NULL);
    if (rc != CL_SUCCESS) {
        clGetProgramBuildInfo(prog, dev.id, CL_PROGRAM_BUILD_LOG, sizeof err, err, NULL);
        printf("FAIL: psatd.cl does not build: %s\n", err);
        exit(1);
    }
    cl_kernel kern = clCreateKernel(prog, "psatd_push", &rc);
    CHECK(rc == CL_SUCCESS);
    clSetKernelArg(kern, 0, sizeof(cl_mem), &F.mem);
    clSetKernelArg(kern, 1, sizeof(cl_mem), &Cf.mem);
    clSetKernelArg(kern, 2, sizeof(cl_mem), &K.mem);
    clSetKernelArg(kern, 3, sizeof(cl_mem), &S.mem);
    clSetKernelArg(kern, 4, sizeof(cl_mem), c->galilean ? &G.mem : &Cf.mem);

    struct fft_plan plan;
    if (fft_plan_create(&plan, &dev, 3, N, 9, prec, F.mem, 0, err, sizeof err)) {
        printf("FAIL: %s\n", err);
        exit(1);
    }
    size_t global = (size_t)P;
    for (int s = 0; s < STEPS; s++) {
        CHECK(fft_forward(&plan, err, sizeof err) == 0);
        CHECK(clEnqueueNDRangeKernel(dev.queue, kern, 1, NULL, &global, NULL, 0, NULL, NULL) == CL_SUCCESS);
        CHECK(fft_inverse(&plan, err, sizeof err) == 0);
    }
    CHECK(clEnqueueReadBuffer(dev.queue, F.mem, CL_TRUE, 0, 9 * P * elem, fh, 0, NULL, NULL) == CL_SUCCESS);
    /* errors relative to each field's scale: E0 for E, E0/c for B; imaginary parts must stay 0 */
    double eE = 0, eB = 0, eIm = 0;
    for (int comp = 0; comp < 6; comp++)
        for (long p = 0; p < P; p++) {
            long i = comp * P + p;
            double re = dbl ? ((double *)fh)[2 * i] : ((float *)fh)[2 * i];
            double im = dbl ? ((double *)fh)[2 * i + 1] : ((float *)fh)[2 * i + 1];
            double scale = comp < 3 ? E0 : E0 / PICL_C;
            if (comp < 3)
                eE = fmax(eE, fabs(re - creal(want[i])) / scale);
            else
                eB = fmax(eB, fabs(re - creal(want[i])) / scale);
            eIm = fmax(eIm, fabs(im) / scale);
        }
    double tol = dbl ? TOL_DOUBLE : TOL_FLOAT;
    REPORT("%s%s %s, %d steps at c dt = 2 dx, %dx%dx%d: max |E - analytic|/E0 %.2e, |B - analytic|/(E0/c) %.2e, "
           "imaginary part %.2e (tolerance %.0e)",
           c->galilean ? (moving ? "Galilean vg != 0, vacuum: " : "Galilean path at vg = 0: ") : "", c->name,
           cfg_precision_names[prec], STEPS, N[0], N[1], N[2], eE, eB, eIm, tol);
    CHECK(eE <= tol);
    CHECK(eB <= tol);
    CHECK(eIm <= tol);
    fft_destroy(&plan);
    clReleaseKernel(kern);
    clReleaseProgram(prog);
    arena_free(&arena, &F);
    arena_free(&arena, &Cf);
    arena_free(&arena, &K);
    arena_free(&arena, &S);
    if (G.mem)
        arena_free(&arena, &G);
    psatd_tables_free(&tab);
    free(h);
    free(want);
    free(fh);
    free(ch);
    free(kh);
    free(sh);
}

int main(void)
{
    fixture_device(&dev);
    REPORT("device: %s", dev.name);
    CHECK(arena_init(&arena, dev.context, dev.id, (size_t)4 << 20, (size_t)1 << 20, "memory.device", err,
                     sizeof err) == 0);
    struct mode_case cases[] = {
        /* k in the x-y plane, E along z */
        { "3D k=(2,1,0)", { 12, 10, 6 }, { 1.0e-6, 1.2e-6, 0.8e-6 }, { 2, 1, 0 }, { 0, 0, 1 }, 0, { 0, 0, 0 } },
        /* picl's 2D: y dropped (one point), k in the x-z plane, E along y */
        { "2D k=(1,0,2)", { 12, 1, 10 }, { 1.0e-6, 1.0e-6, 0.9e-6 }, { 1, 0, 2 }, { 0, 1, 0 }, 0, { 0, 0, 0 } },
        /* every component of k and of E nonzero: e along k x (0.3, -1, 0.7), set below */
        { "3D k=(1,1,-2)", { 10, 8, 9 }, { 1.0e-6, 1.2e-6, 0.8e-6 }, { 1, 1, -2 }, { 0, 0, 0 }, 0, { 0, 0, 0 } },
    };
    {
        double k[3], v[3] = { 0.3, -1, 0.7 }, norm = 0;
        cs = &cases[2];
        wavevector(k);
        for (int a = 0; a < 3; a++) {
            cases[2].e[a] = k[(a + 1) % 3] * v[(a + 2) % 3] - k[(a + 2) % 3] * v[(a + 1) % 3];
            norm += cases[2].e[a] * cases[2].e[a];
        }
        for (int a = 0; a < 3; a++)
            cases[2].e[a] /= sqrt(norm);
    }
    run(&cases[0], CFG_DOUBLE);
    run(&cases[0], CFG_FLOAT);
    run(&cases[1], CFG_DOUBLE);
    run(&cases[2], CFG_DOUBLE);
    /* the Galilean update at vg = 0 is the standard one (with the driven current), to round-off */
    struct mode_case g0 = cases[0];
    g0.galilean = 1;
    run(&g0, CFG_DOUBLE);
    g0 = cases[2];
    g0.galilean = 1;
    run(&g0, CFG_DOUBLE);
    /* with vg = -0.995 c along z (WarpX's NCI test) a vacuum wave stays exact, in 3D and 2D */
    g0 = cases[2];
    g0.galilean = 1;
    g0.vg[2] = -0.99498743710662 * PICL_C;
    run(&g0, CFG_DOUBLE);
    run(&g0, CFG_FLOAT);
    g0 = cases[1];
    g0.galilean = 1;
    g0.vg[2] = 0.6 * PICL_C;
    run(&g0, CFG_DOUBLE);

    /* the k = 0 limits, written out: C = 1, S/(ck) = dt, (1-C)/k^2 = (c dt)^2/2 */
    struct psatd_tables t;
    const int N[3] = { 12, 10, 6 };
    const double DX[3] = { 1.0e-6, 1.2e-6, 0.8e-6 };
    CHECK(psatd_tables(&t, N, DX, 1e-15, NULL, err, sizeof err) == 0);
    CHECK_NEAR(t.coef[0], 1.0, 1e-15);
    CHECK_NEAR(t.coef[1], 1e-15, 1e-15);
    CHECK_NEAR(t.coef[2], 0.5 * pow(PICL_C * 1e-15, 2), 1e-15);
    CHECK_NEAR(t.coef[3], -1e-15 * pow(PICL_C * 1e-15, 2) / 6, 1e-15);
    CHECK(t.k[N[0] / 2] == 0); /* Nyquist of an even axis */
    psatd_tables_free(&t);
    CHECK(psatd_tables(&t, N, DX, 0, NULL, err, sizeof err) != 0);
    arena_destroy(&arena);
    device_close(&dev);
    return check_finish();
}
