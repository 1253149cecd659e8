/* fft_compare.c: VkFFT against clFFT on the OpenCL device picl would use, to choose the FFT
 * library of the spectral solver (docs/psatd.md holds the figures and the choice).
 * Build and run (outside `make`; both libraries from Debian: libvkfft-dev libclfft-dev):
 *   cc -std=c11 -O2 -DCL_TARGET_OPENCL_VERSION=120 -o build/fft_compare bench/fft_compare.c \
 *      -lclFFT -lOpenCL -lm && build/fft_compare [--small]
 * --small runs only the correctness cases (for Oclgrind: oclgrind build/fft_compare --small). */
#define _POSIX_C_SOURCE 200809L
#define VKFFT_BACKEND 3
#include <vkFFT.h>
#include <clFFT.h>

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue queue;

enum lib { LIB_VKFFT, LIB_CLFFT };
static const char *lib_name[] = { "VkFFT", "clFFT" };

/* One plan of either library on one buffer of n complex values (2 n reals). */
struct plan {
    enum lib lib;
    int dbl;
    cl_mem buf;
    VkFFTApplication vk;
    clfftPlanHandle cl;
    int ok;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int plan_make(struct plan *p, enum lib lib, int dbl, int ndim, const size_t *n, cl_mem buf)
{
    memset(p, 0, sizeof *p);
    p->lib = lib;
    p->dbl = dbl;
    p->buf = buf;
    size_t total = n[0] * (ndim > 1 ? n[1] : 1) * (ndim > 2 ? n[2] : 1);
    if (lib == LIB_VKFFT) {
        VkFFTConfiguration c = { 0 };
        static uint64_t bytes;
        bytes = total * 2 * (dbl ? 8 : 4);
        c.FFTdim = ndim;
        for (int a = 0; a < 3; a++)
            c.size[a] = a < ndim ? n[a] : 1;
        c.platform = &plat;
        c.device = &dev;
        c.context = &ctx;
        c.commandQueue = &queue;
        c.buffer = &p->buf;
        c.bufferSize = &bytes;
        c.doublePrecision = dbl;
        c.normalize = 1;
        VkFFTResult r = initializeVkFFT(&p->vk, c);
        if (r != VKFFT_SUCCESS) {
            printf("    VkFFT plan failed: %d\n", (int)r);
            return -1;
        }
    } else {
        clfftDim d = ndim == 1 ? CLFFT_1D : ndim == 2 ? CLFFT_2D : CLFFT_3D;
        clfftStatus s = clfftCreateDefaultPlan(&p->cl, ctx, d, n);
        if (!s)
            s = clfftSetPlanPrecision(p->cl, dbl ? CLFFT_DOUBLE : CLFFT_SINGLE);
        if (!s)
            s = clfftSetLayout(p->cl, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
        if (!s)
            s = clfftSetResultLocation(p->cl, CLFFT_INPLACE);
        if (!s)
            s = clfftBakePlan(p->cl, 1, &queue, NULL, NULL);
        if (s) {
            printf("    clFFT plan failed: %d\n", (int)s);
            clfftDestroyPlan(&p->cl);
            return -1;
        }
    }
    p->ok = 1;
    return 0;
}

/* dir -1 forward (exp(-i k x)), +1 inverse (normalised by 1/N in both libraries). */
static int plan_run(struct plan *p, int dir)
{
    if (p->lib == LIB_VKFFT) {
        VkFFTLaunchParams lp = { 0 };
        lp.commandQueue = &queue;
        lp.buffer = &p->buf;
        return VkFFTAppend(&p->vk, dir, &lp) != VKFFT_SUCCESS;
    }
    return clfftEnqueueTransform(p->cl, dir < 0 ? CLFFT_FORWARD : CLFFT_BACKWARD, 1, &queue, 0, NULL,
                                 NULL, &p->buf, NULL, NULL) != CLFFT_SUCCESS;
}

static void plan_free(struct plan *p)
{
    if (!p->ok)
        return;
    if (p->lib == LIB_VKFFT)
        deleteVkFFT(&p->vk);
    else
        clfftDestroyPlan(&p->cl);
}

static void upload(cl_mem buf, const double complex *h, size_t total, int dbl)
{
    if (dbl) {
        clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, total * 16, h, 0, NULL, NULL);
        return;
    }
    float *f = malloc(total * 8);
    for (size_t i = 0; i < total; i++) {
        f[2 * i] = (float)creal(h[i]);
        f[2 * i + 1] = (float)cimag(h[i]);
    }
    clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, total * 8, f, 0, NULL, NULL);
    free(f);
}

static void download(cl_mem buf, double complex *h, size_t total, int dbl)
{
    if (dbl) {
        clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, total * 16, h, 0, NULL, NULL);
        return;
    }
    float *f = malloc(total * 8);
    clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, total * 8, f, 0, NULL, NULL);
    for (size_t i = 0; i < total; i++)
        h[i] = f[2 * i] + I * f[2 * i + 1];
    free(f);
}

/* The direct DFT, x fastest: out[k] = sum_j in[j] exp(-2 pi i k.j/n), in long double sums. */
static void dft(const double complex *in, double complex *out, const size_t *n)
{
    for (size_t kz = 0; kz < n[2]; kz++)
        for (size_t ky = 0; ky < n[1]; ky++)
            for (size_t kx = 0; kx < n[0]; kx++) {
                long double complex s = 0;
                for (size_t z = 0; z < n[2]; z++)
                    for (size_t y = 0; y < n[1]; y++)
                        for (size_t x = 0; x < n[0]; x++) {
                            long double ph = -2 * acosl(-1) *
                                             ((long double)(kx * x % n[0]) / n[0] + (long double)(ky * y % n[1]) / n[1] +
                                              (long double)(kz * z % n[2]) / n[2]);
                            s += in[x + n[0] * (y + n[1] * z)] * (cosl(ph) + I * sinl(ph));
                        }
                out[kx + n[0] * (ky + n[1] * kz)] = (double complex)s;
            }
}

static double max_rel_err(const double complex *a, const double complex *b, size_t total)
{
    double e = 0, m = 0;
    for (size_t i = 0; i < total; i++) {
        e = fmax(e, cabs(a[i] - b[i]));
        m = fmax(m, cabs(b[i]));
    }
    return e / m;
}

/* Round trip and forward-vs-DFT errors (relative to the largest value) for one size. */
static void check(enum lib lib, int dbl, int ndim, const size_t *n3)
{
    size_t n[3] = { n3[0], ndim > 1 ? n3[1] : 1, ndim > 2 ? n3[2] : 1 };
    size_t total = n[0] * n[1] * n[2];
    double complex *in = malloc(total * sizeof *in), *ref = malloc(total * sizeof *in),
                   *got = malloc(total * sizeof *in);
    srand(7);
    for (size_t i = 0; i < total; i++)
        in[i] = (rand() / (double)RAND_MAX - 0.5) + I * (rand() / (double)RAND_MAX - 0.5);
    dft(in, ref, n);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, total * 16, NULL, NULL);
    struct plan p;
    printf("%-6s %-6s %dD %3zux%zux%zu  ", lib_name[lib], dbl ? "double" : "float", ndim, n[0], n[1], n[2]);
    if (plan_make(&p, lib, dbl, ndim, n, buf)) {
        printf("unsupported\n");
    } else {
        upload(buf, in, total, dbl);
        plan_run(&p, -1);
        download(buf, got, total, dbl);
        double e_dft = max_rel_err(got, ref, total);
        plan_run(&p, 1);
        download(buf, got, total, dbl);
        printf("forward vs DFT %.2e  round trip %.2e\n", e_dft, max_rel_err(got, in, total));
    }
    plan_free(&p);
    clReleaseMemObject(buf);
    free(in);
    free(ref);
    free(got);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of 5 forward+inverse pairs, after one untimed pair (kernels built, caches warm). */
static void timing(enum lib lib, int dbl, int ndim, const size_t *n3)
{
    size_t n[3] = { n3[0], ndim > 1 ? n3[1] : 1, ndim > 2 ? n3[2] : 1 };
    size_t total = n[0] * n[1] * n[2];
    double complex *in = calloc(total, sizeof *in);
    for (size_t i = 0; i < total; i++)
        in[i] = sin(0.1 * i) + I * cos(0.37 * i);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, total * 16, NULL, NULL);
    struct plan p;
    printf("%-6s %-6s %dD %4zux%zux%zu  ", lib_name[lib], dbl ? "double" : "float", ndim, n[0], n[1], n[2]);
    double t0 = now();
    if (plan_make(&p, lib, dbl, ndim, n, buf)) {
        printf("unsupported\n");
    } else {
        double t_plan = now() - t0;
        upload(buf, in, total, dbl);
        double t[5];
        plan_run(&p, -1);
        plan_run(&p, 1);
        clFinish(queue);
        for (int r = 0; r < 5; r++) {
            t0 = now();
            plan_run(&p, -1);
            plan_run(&p, 1);
            clFinish(queue);
            t[r] = now() - t0;
        }
        qsort(t, 5, sizeof t[0], cmp);
        double complex *got = malloc(total * sizeof *got);
        download(buf, got, total, dbl);
        printf("plan %7.3f s  fwd+inv %8.3f ms  (%.2f ns/point)  round trip after 6 %.1e\n", t_plan,
               1e3 * t[2], 1e9 * t[2] / total, max_rel_err(got, in, total));
        free(got);
    }
    plan_free(&p);
    clReleaseMemObject(buf);
    free(in);
}

int main(int argc, char **argv)
{
    int small = argc > 1 && !strcmp(argv[1], "--small");
    cl_uint np;
    clGetPlatformIDs(1, &plat, &np);
    if (clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) {
        printf("no OpenCL device\n");
        return 1;
    }
    char name[256];
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    printf("device: %s\n", name);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
    queue = clCreateCommandQueue(ctx, dev, 0, NULL);
    clfftSetupData sd;
    clfftInitSetupData(&sd);
    clfftSetup(&sd);

    /* Non-powers of two as boxes have them; 17 and 34 carry a prime above 13. */
    static const size_t small_sizes[][4] = { { 3, 8, 6, 10 }, { 2, 12, 10, 1 }, { 1, 30, 1, 1 },
                                             { 1, 17, 1, 1 }, { 2, 34, 8, 1 }, { 3, 16, 16, 16 } };
    printf("== correctness (relative to the largest value)\n");
    for (int s = 0; s < 6; s++)
        for (int dbl = 1; dbl >= 0; dbl--)
            for (int lib = 0; lib < 2; lib++)
                check(lib, dbl, (int)small_sizes[s][0], small_sizes[s] + 1);
    if (!small) {
        static const size_t big[][4] = { { 3, 64, 64, 64 }, { 2, 256, 256, 1 }, { 1, 4096, 1, 1 },
                                         { 3, 60, 48, 40 }, { 3, 68, 68, 68 } };
        printf("== time per forward+inverse, median of 5\n");
        for (int s = 0; s < 5; s++)
            for (int dbl = 1; dbl >= 0; dbl--)
                for (int lib = 0; lib < 2; lib++)
                    timing(lib, dbl, (int)big[s][0], big[s] + 1);
    }
    clfftTeardown();
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return 0;
}
