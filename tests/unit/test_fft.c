/* test_fft.c: the FFT layer (runtime/fft.c) against a direct DFT on the host and its own inverse,
 * on arena memory at an offset, in double and float, powers of two and not (a prime, 17, too). */
#include <complex.h>
#include <stdlib.h>

#include "arena.h"
#include "check.h"
#include "fft.h"
#include "fixture.h"

/* Round off of an FFT grows like log N; these hold for the sizes below with a margin of ~1000
 * (measured: 2e-16..1e-15 in double, 1e-7..5e-7 in float, docs/psatd.md). */
#define TOL_DOUBLE 1e-12
#define TOL_FLOAT 1e-5

static struct device dev;
static struct arena arena;
static char err[4096];

/* The DFT with the sign of fft_forward, summed in long double, x fastest. */
static void dft(const double complex *in, double complex *out, const int n[3])
{
    const long double two_pi = 2 * acosl(-1);
    for (int kz = 0; kz < n[2]; kz++)
        for (int ky = 0; ky < n[1]; ky++)
            for (int kx = 0; kx < n[0]; kx++) {
                long double complex s = 0;
                for (int z = 0; z < n[2]; z++)
                    for (int y = 0; y < n[1]; y++)
                        for (int x = 0; x < n[0]; x++) {
                            long double ph = -two_pi * ((long double)(kx * x % n[0]) / n[0] +
                                                        (long double)(ky * y % n[1]) / n[1] +
                                                        (long double)(kz * z % n[2]) / n[2]);
                            s += in[x + n[0] * (y + n[1] * z)] * (cosl(ph) + I * sinl(ph));
                        }
                out[kx + n[0] * (ky + n[1] * kz)] = (double complex)s;
            }
}

/* Largest |a - b| over the largest |b|. */
static double rel_err(const double complex *a, const double complex *b, size_t n)
{
    double e = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        e = fmax(e, cabs(a[i] - b[i]));
        m = fmax(m, cabs(b[i]));
    }
    return e / m;
}

static void put(cl_mem mem, size_t offset, const double complex *h, size_t n, enum cfg_precision prec)
{
    if (prec == CFG_DOUBLE) {
        CHECK(clEnqueueWriteBuffer(dev.queue, mem, CL_TRUE, offset, n * sizeof *h, h, 0, NULL, NULL) == CL_SUCCESS);
        return;
    }
    float *f = malloc(n * 2 * sizeof *f);
    for (size_t i = 0; i < n; i++) {
        f[2 * i] = (float)creal(h[i]);
        f[2 * i + 1] = (float)cimag(h[i]);
    }
    CHECK(clEnqueueWriteBuffer(dev.queue, mem, CL_TRUE, offset, n * 2 * sizeof *f, f, 0, NULL, NULL) == CL_SUCCESS);
    free(f);
}

static void get(cl_mem mem, size_t offset, double complex *h, size_t n, enum cfg_precision prec)
{
    if (prec == CFG_DOUBLE) {
        CHECK(clEnqueueReadBuffer(dev.queue, mem, CL_TRUE, offset, n * sizeof *h, h, 0, NULL, NULL) == CL_SUCCESS);
        return;
    }
    float *f = malloc(n * 2 * sizeof *f);
    CHECK(clEnqueueReadBuffer(dev.queue, mem, CL_TRUE, offset, n * 2 * sizeof *f, f, 0, NULL, NULL) == CL_SUCCESS);
    for (size_t i = 0; i < n; i++)
        h[i] = f[2 * i] + I * f[2 * i + 1];
    free(f);
}

/* One shape: random data placed `pad` complex values into an arena buffer, whose neighbours
 * must come back untouched. */
static void case_run(int ndim, int nx, int ny, int nz, enum cfg_precision prec)
{
    int n[3] = { nx, ndim > 1 ? ny : 1, ndim > 2 ? nz : 1 };
    size_t points = (size_t)n[0] * n[1] * n[2], pad = 3;
    size_t elem = fft_bytes(1, (int[3]){ 1, 1, 1 }, prec);
    double tol = prec == CFG_DOUBLE ? TOL_DOUBLE : TOL_FLOAT;
    double complex *in = malloc((points + 2 * pad) * sizeof *in), *ref = malloc(points * sizeof *ref),
                   *got = malloc((points + 2 * pad) * sizeof *got);
    srand(12345);
    for (size_t i = 0; i < points + 2 * pad; i++)
        in[i] = (rand() / (double)RAND_MAX - 0.5) + I * (rand() / (double)RAND_MAX - 0.5);
    dft(in + pad, ref, n);

    struct arena_buf buf = { 0 };
    struct fft_plan plan;
    CHECK(arena_alloc(&arena, (points + 2 * pad) * elem, "fft test", &buf, err, sizeof err) == 0);
    put(buf.mem, 0, in, points + 2 * pad, prec);
    if (fft_plan_create(&plan, &dev, ndim, n, 1, prec, buf.mem, pad * elem, err, sizeof err)) {
        printf("FAIL: %s\n", err);
        check_failed++;
        goto done;
    }
    CHECK(plan.bytes == points * elem);
    CHECK(fft_forward(&plan, err, sizeof err) == 0);
    get(buf.mem, pad * elem, got, points, prec);
    double e_dft = rel_err(got, ref, points);
    CHECK(fft_inverse(&plan, err, sizeof err) == 0);
    get(buf.mem, 0, got, points + 2 * pad, prec);
    double e_trip = rel_err(got + pad, in + pad, points);
    double e_pad = rel_err(got, in, pad) + rel_err(got + pad + points, in + pad + points, pad);
    REPORT("%dD %dx%dx%d %-6s forward vs DFT %.2e, round trip %.2e (tolerance %.0e)", ndim, n[0], n[1], n[2],
           cfg_precision_names[prec], e_dft, e_trip, tol);
    CHECK(e_dft <= tol);
    CHECK(e_trip <= tol);
    /* in float the neighbours went through a float conversion, once, exactly as they came back */
    CHECK(e_pad <= (prec == CFG_DOUBLE ? 0 : 1e-7));
done:
    fft_destroy(&plan);
    fft_destroy(&plan); /* a second destroy is a no-op */
    arena_free(&arena, &buf);
    free(in);
    free(ref);
    free(got);
}

int main(void)
{
    fixture_device(&dev);
    REPORT("device: %s", dev.name);
    /* a small arena: under Oclgrind (docs/psatd.md) every byte of it is shadowed at each launch */
    CHECK(arena_init(&arena, dev.context, dev.id, (size_t)4 << 20, (size_t)1 << 20, "memory.device", err,
                     sizeof err) == 0);
    case_run(3, 8, 6, 10, CFG_DOUBLE);
    case_run(3, 8, 6, 10, CFG_FLOAT);
    case_run(3, 16, 16, 16, CFG_DOUBLE);
    case_run(2, 12, 10, 1, CFG_DOUBLE);
    case_run(2, 34, 8, 1, CFG_FLOAT); /* 17 = a prime above 13: Bluestein */
    case_run(1, 17, 1, 1, CFG_DOUBLE);
    case_run(1, 30, 1, 1, CFG_FLOAT);
    case_run(3, 10, 1, 6, CFG_DOUBLE); /* picl's 2D: y dropped, one point */

    struct fft_plan bad;
    CHECK(fft_plan_create(&bad, &dev, 4, (int[3]){ 8, 8, 8 }, 1, CFG_DOUBLE, NULL, 0, err, sizeof err) != 0);
    CHECK(strstr(err, "4 dimensions") != NULL);
    CHECK(fft_forward(&bad, err, sizeof err) != 0);
    arena_destroy(&arena);
    device_close(&dev);
    return check_finish();
}
