/* devlimits.c: the device's memory bandwidth and flop rates, measured by picl's own kernels
 * (templates/bench_limits.cl) with profiling events, so that each kernel's roofline position
 * (docs/bench.md, Roofline) uses numbers from the same device. */
#include "devlimits.h"

#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "gen.h"
#include "mem.h"

#define LIMIT_RUNS 5
#define FLOP_RUNS 21 /* short runs (about 2 ms): on a shared machine some of them find every core free */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The vector width of the FMA kernels: the device's preferred one, at least 2 (the kernels
 * are written for vector types), 4 doubles or 8 floats where the device does not say. */
static int fma_width(int preferred, int fallback)
{
    return preferred >= 2 ? preferred : preferred == 1 ? 2 : fallback;
}

/* Runs k over `global` items (work-groups of *local; NULL: the driver's) once to warm up, then `runs` times; seconds of each, sorted. */
static int time_kernel(struct device *dev, cl_kernel k, size_t global, const size_t *local, int runs, double *t,
                       char *err, size_t err_len)
{
    for (int r = -1; r < runs; r++) {
        cl_event ev;
        cl_int rc = clEnqueueNDRangeKernel(dev->queue, k, 1, NULL, &global, local, 0, NULL, &ev);
        if (rc != CL_SUCCESS) {
            snprintf(err, err_len, "device limits: launch over %zu items failed: %s", global, device_error_name(rc));
            return -1;
        }
        clWaitForEvents(1, &ev);
        cl_ulong start = 0, end = 0;
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
        clReleaseEvent(ev);
        if (r >= 0)
            t[r] = (double)(end - start) * 1e-9;
    }
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    return 0;
}

int bench_limits_measure(struct device *dev, struct bench_limits *lim, FILE *out, char *err, size_t err_len)
{
    int rc = -1;
    cl_program prog = NULL;
    cl_kernel k = NULL;
    cl_mem buf[3] = {NULL, NULL, NULL};
    memset(lim, 0, sizeof *lim);
    const char *src = gen_template("bench_limits.cl", NULL);
    if (!src) {
        snprintf(err, err_len, "template bench_limits.cl is missing from this build of picl");
        goto done;
    }
    cl_int cl;
    const int width[2] = {fma_width(dev->facts.vector_double, 4), fma_width(dev->facts.vector_float, 8)};
    char options[96];
    snprintf(options, sizeof options, "-cl-std=CL1.2 -DVW_DOUBLE=%d -DVW_FLOAT=%d", width[0], width[1]);
    prog = clCreateProgramWithSource(dev->context, 1, &src, NULL, &cl);
    if (cl == CL_SUCCESS)
        cl = clBuildProgram(prog, 1, &dev->id, options, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(err, err_len, "device limits: bench_limits.cl does not build on %s: %s", dev->name,
                 device_error_name(cl));
        goto done;
    }
    if (out)
        fprintf(out, "device: %s (%s, driver %s, %u compute units)\n", dev->name, dev->platform_name, dev->driver,
                dev->compute_units);
    /* Bandwidth: three buffers, each the smaller of 128 MiB, the largest allocation and a
     * sixteenth of global memory: far larger than any cache. */
    const int fp64 = dev->facts.has_fp64;
    const size_t elem = fp64 ? sizeof(double) : sizeof(float);
    size_t bytes = (size_t)128 << 20;
    if (bytes > dev->max_alloc)
        bytes = dev->max_alloc;
    if (bytes > dev->global_mem / 16)
        bytes = dev->global_mem / 16;
    /* PICL_LIMITS_SCALE=N divides both measurements' work by N: for a simulator (Oclgrind runs
     * a work item thousands of times slower than hardware) in a rehearsal, where the figures
     * mean nothing and only the path through the code counts (tools/gpu_check.sh --rehearse) */
    const char *scale_env = getenv("PICL_LIMITS_SCALE");
    const size_t scale = scale_env && strtoul(scale_env, NULL, 10) > 1 ? strtoul(scale_env, NULL, 10) : 1;
    bytes = bytes / scale < 4096 ? 4096 : bytes / scale;
    const size_t n = bytes / elem;
    for (int b = 0; b < 3; b++) {
        buf[b] = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, n * elem, NULL, &cl);
        double one = 1.0;
        float onef = 1.0f;
        if (cl == CL_SUCCESS)
            cl = clEnqueueFillBuffer(dev->queue, buf[b], fp64 ? (void *)&one : (void *)&onef, elem, 0, n * elem, 0,
                                     NULL, NULL);
        if (cl != CL_SUCCESS) {
            snprintf(err, err_len, "device limits: a buffer of %zu MiB: %s", n * elem >> 20, device_error_name(cl));
            goto done;
        }
    }
    double t[LIMIT_RUNS];
    k = clCreateKernel(prog, fp64 ? "triad_double" : "triad_float", &cl);
    double s = 0.5;
    float sf = 0.5f;
    if (cl == CL_SUCCESS)
        for (int a = 0; a < 3 && cl == CL_SUCCESS; a++)
            cl = clSetKernelArg(k, (cl_uint)a, sizeof(cl_mem), &buf[a]);
    if (cl == CL_SUCCESS)
        cl = clSetKernelArg(k, 3, elem, fp64 ? (void *)&s : (void *)&sf);
    if (cl != CL_SUCCESS) {
        snprintf(err, err_len, "device limits: triad kernel: %s", device_error_name(cl));
        goto done;
    }
    if (time_kernel(dev, k, n, NULL, LIMIT_RUNS, t, err, err_len))
        goto done;
    const double moved = 3.0 * (double)n * (double)elem;
    lim->bandwidth = moved / t[LIMIT_RUNS / 2] / 1e9;
    if (out)
        fprintf(out, "bandwidth: %.1f GB/s (triad a = b + s c over 3 x %zu MiB of %s; median of %d, min %.1f, max %.1f)\n",
            moved / t[LIMIT_RUNS / 2] / 1e9, n * elem >> 20, fp64 ? "double" : "float", LIMIT_RUNS,
            moved / t[LIMIT_RUNS - 1] / 1e9, moved / t[0] / 1e9);
    clReleaseKernel(k);
    k = NULL;

    /* Flop rate: 8, 12 and 16 chains of FMAs on vectors of the device's width, in double where
     * the device has it, and in float; work-groups of one item, so that the driver does not
     * widen the vectors again (and spill). Each twice: over every compute unit (1024 items per
     * unit, 512 FMAs per chain), and one work item alone (on one core of a CPU, 512 x 1024 FMAs
     * per chain) times the compute units. The roof is the larger, from the fastest run: the
     * peak is what the device can reach, and a machine shared with other processes gives all
     * of its cores at once only now and then, one of them far more often (the medians are
     * printed beside it). */
    const size_t units = dev->compute_units ? dev->compute_units : 1;
    const size_t items = units * 1024 / scale > 0 ? units * 1024 / scale : 1;
    const size_t one = 1;
    static const int chains[3] = {8, 12, 16};
    double tf[FLOP_RUNS];
    for (int p = fp64 ? 0 : 1; p < 2; p++) {
        double peak[2] = {0, 0}, median[2] = {0, 0};
        int peak_chains[2] = {0, 0};
        for (int v = 0; v < 3; v++) {
            char name[32];
            snprintf(name, sizeof name, "fma%d_%s", chains[v], p == 0 ? "double" : "float");
            k = clCreateKernel(prog, name, &cl);
            double a = 0.999999, b = 1e-6;
            float af = 0.999999f, bf = 1e-6f;
            if (cl == CL_SUCCESS)
                cl = clSetKernelArg(k, 0, sizeof(cl_mem), &buf[0]);
            if (cl == CL_SUCCESS)
                cl = clSetKernelArg(k, 1, p == 0 ? sizeof a : sizeof af, p == 0 ? (void *)&a : (void *)&af);
            if (cl == CL_SUCCESS)
                cl = clSetKernelArg(k, 2, p == 0 ? sizeof b : sizeof bf, p == 0 ? (void *)&b : (void *)&bf);
            if (cl != CL_SUCCESS) {
                snprintf(err, err_len, "device limits: kernel %s: %s", name, device_error_name(cl));
                goto done;
            }
            if (items * elem > n * elem) {
                snprintf(err, err_len, "device limits: %zu work items do not fit the buffer", items);
                goto done;
            }
            for (int alone = 0; alone < 2; alone++) {
                const int iter = alone ? (int)(512 * 1024 / scale) : 512;
                const size_t launch = alone ? 1 : items;
                cl = clSetKernelArg(k, 3, sizeof iter, &iter);
                if (cl != CL_SUCCESS) {
                    snprintf(err, err_len, "device limits: kernel %s: %s", name, device_error_name(cl));
                    goto done;
                }
                if (time_kernel(dev, k, launch, &one, FLOP_RUNS, tf, err, err_len))
                    goto done;
                /* iter x chains x W x 2 flops per item; one item alone stands for one unit */
                const double flops = (double)launch * iter * chains[v] * width[p] * 2.0 * (alone ? (double)units : 1);
                if (flops / tf[0] / 1e9 > peak[alone]) {
                    peak[alone] = flops / tf[0] / 1e9;
                    median[alone] = flops / tf[FLOP_RUNS / 2] / 1e9;
                    peak_chains[alone] = chains[v];
                }
            }
            clReleaseKernel(k);
            k = NULL;
        }
        *(p == 0 ? &lim->flops_double : &lim->flops_float) = peak[0] > peak[1] ? peak[0] : peak[1];
        if (out)
            fprintf(out, "flops %s: %.1f GFlop/s (fma() on %s%d, the best of %d runs each of 8, 12 and 16 chains; "
                         "all %zu units at once: %.1f with %d chains, median %.1f; one work item: %.1f x %zu units "
                         "with %d chains, median %.1f)\n",
                    p == 0 ? "double" : "float", peak[0] > peak[1] ? peak[0] : peak[1], p == 0 ? "double" : "float",
                    width[p], FLOP_RUNS, units, peak[0], peak_chains[0], median[0], peak[1] / (double)units, units,
                    peak_chains[1], median[1] / (double)units);
    }
    rc = 0;
done:
    if (k)
        clReleaseKernel(k);
    for (int b = 0; b < 3; b++)
        if (buf[b])
            clReleaseMemObject(buf[b]);
    if (prog)
        clReleaseProgram(prog);
    return rc;
}
