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
static const int N[3] = { 12, 10, 6 };
static const double DX[3] = { 1.0e-6, 1.2e-6, 0.8e-6 };
static const int MODE[2] = { 2, 1 }; /* periods along x and y; none along z */

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

/* The analytic fields at time t at position r: a wave E0 z cos(k.r - w t) with B = k x E / w, plus
 * the response to J = (Jk cos(k.r) + Ju) z switched on at t = 0 (worked out in the comment of
 * psatd.cl's update: E'' = -w^2 E - J'/eps0 ... with E(0) = B(0) = 0). */
static void analytic(int comp, const double r[3], double t, double E0, double Jk, double Ju, double out[1])
{
    double kx = 2 * PICL_PI * MODE[0] / (N[0] * DX[0]), ky = 2 * PICL_PI * MODE[1] / (N[1] * DX[1]);
    double w = PICL_C * sqrt(kx * kx + ky * ky), th = kx * r[0] + ky * r[1], ph = th - w * t;
    double d = Jk / PICL_EPS0;
    switch (comp) {
    case FC_EZ: *out = E0 * cos(ph) - d * sin(w * t) / w * cos(th) - Ju * t / PICL_EPS0; break;
    case FC_BX: *out = ky / w * E0 * cos(ph) + d * ky / (w * w) * (cos(w * t) - 1) * sin(th); break;
    case FC_BY: *out = -kx / w * E0 * cos(ph) - d * kx / (w * w) * (cos(w * t) - 1) * sin(th); break;
    case FC_JZ: *out = Jk * cos(th) + Ju; break;
    default: *out = 0;
    }
}

/* Components in F's order: Ex Ey Ez Bx By Bz Jx Jy Jz (picl's enum order up to Jz). */
static void fill(double complex *h, double t, double E0, double Jk, double Ju)
{
    long P = (long)N[0] * N[1] * N[2];
    for (int c = 0; c < 9; c++) {
        double off[3];
        gen_stagger((enum field_comp)c, off);
        for (long p = 0; p < P; p++) {
            long idx[3] = { p % N[0], (p / N[0]) % N[1], p / (N[0] * N[1]) };
            double r[3], v;
            for (int a = 0; a < 3; a++)
                r[a] = (idx[a] + off[a]) * DX[a];
            analytic(c, r, t, E0, Jk, Ju, &v);
            h[c * P + p] = v;
        }
    }
}

static void run(enum cfg_precision prec)
{
    const int dbl = prec == CFG_DOUBLE;
    const long P = (long)N[0] * N[1] * N[2];
    const double dt = 2 * DX[0] / PICL_C, E0 = 1e9;
    const double w = PICL_C * 2 * PICL_PI * hypot(MODE[0] / (N[0] * DX[0]), MODE[1] / (N[1] * DX[1]));
    const double Jk = 0.3 * PICL_EPS0 * w * E0, Ju = 0.5 * PICL_EPS0 * E0 / (STEPS * dt);
    const size_t elem = dbl ? 16 : 8, rsz = dbl ? 8 : 4;
    double complex *h = malloc(9 * P * sizeof *h), *want = malloc(9 * P * sizeof *want);
    fill(h, 0, E0, Jk, Ju);
    fill(want, STEPS * dt, E0, Jk, Ju);

    struct psatd_tables tab;
    CHECK(psatd_tables(&tab, N, DX, dt, err, sizeof err) == 0);
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
    struct arena_buf F = { 0 }, Cf = { 0 }, K = { 0 }, S = { 0 };
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
             "#define PSATD_NY %d\n#define PSATD_NZ %d\n#define PSATD_C2 %.17g\n#define PSATD_INV_EPS0 %.17g\n",
             dbl ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "", dbl, dbl ? "double" : "float", N[0], N[1],
             N[2], PICL_C * PICL_C, 1 / PICL_EPS0);
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
    for (int c = 0; c < 6; c++)
        for (long p = 0; p < P; p++) {
            long i = c * P + p;
            double re = dbl ? ((double *)fh)[2 * i] : ((float *)fh)[2 * i];
            double im = dbl ? ((double *)fh)[2 * i + 1] : ((float *)fh)[2 * i + 1];
            double scale = c < 3 ? E0 : E0 / PICL_C;
            if (c < 3)
                eE = fmax(eE, fabs(re - creal(want[i])) / scale);
            else
                eB = fmax(eB, fabs(re - creal(want[i])) / scale);
            eIm = fmax(eIm, fabs(im) / scale);
        }
    double tol = dbl ? TOL_DOUBLE : TOL_FLOAT;
    REPORT("%s, %d steps at c dt = 2 dx, %dx%dx%d: max |E - analytic|/E0 %.2e, |B - analytic|/(E0/c) %.2e, "
           "imaginary part %.2e (tolerance %.0e)",
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
    run(CFG_DOUBLE);
    run(CFG_FLOAT);

    /* the k = 0 limits, written out: C = 1, S/(ck) = dt, (1-C)/k^2 = (c dt)^2/2 */
    struct psatd_tables t;
    CHECK(psatd_tables(&t, N, DX, 1e-15, err, sizeof err) == 0);
    CHECK_NEAR(t.coef[0], 1.0, 1e-15);
    CHECK_NEAR(t.coef[1], 1e-15, 1e-15);
    CHECK_NEAR(t.coef[2], 0.5 * pow(PICL_C * 1e-15, 2), 1e-15);
    CHECK_NEAR(t.coef[3], -1e-15 * pow(PICL_C * 1e-15, 2) / 6, 1e-15);
    CHECK(t.k[N[0] / 2] == 0); /* Nyquist of an even axis */
    psatd_tables_free(&t);
    CHECK(psatd_tables(&t, N, DX, 0, err, sizeof err) != 0);
    arena_destroy(&arena);
    device_close(&dev);
    return check_finish();
}
