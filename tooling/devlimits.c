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

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs k over `global` items once to warm up, then LIMIT_RUNS times; seconds of each, sorted. */
static int time_kernel(struct device *dev, cl_kernel k, size_t global, double *t, char *err, size_t err_len)
{
    for (int r = -1; r < LIMIT_RUNS; r++) {
        cl_event ev;
        cl_int rc = clEnqueueNDRangeKernel(dev->queue, k, 1, NULL, &global, NULL, 0, NULL, &ev);
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
    qsort(t, LIMIT_RUNS, sizeof *t, cmp_double);
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
    prog = clCreateProgramWithSource(dev->context, 1, &src, NULL, &cl);
    if (cl == CL_SUCCESS)
        cl = clBuildProgram(prog, 1, &dev->id, "-cl-std=CL1.2", NULL, NULL);
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
    if (time_kernel(dev, k, n, t, err, err_len))
        goto done;
    const double moved = 3.0 * (double)n * (double)elem;
    lim->bandwidth = moved / t[LIMIT_RUNS / 2] / 1e9;
    if (out)
        fprintf(out, "bandwidth: %.1f GB/s (triad a = b + s c over 3 x %zu MiB of %s; median of %d, min %.1f, max %.1f)\n",
            moved / t[LIMIT_RUNS / 2] / 1e9, n * elem >> 20, fp64 ? "double" : "float", LIMIT_RUNS,
            moved / t[LIMIT_RUNS - 1] / 1e9, moved / t[0] / 1e9);
    clReleaseKernel(k);
    k = NULL;

    /* Flop rate: FMA chains, in double where the device has it, and in float. */
    const size_t items = (size_t)(dev->compute_units ? dev->compute_units : 1) * 8192 / scale > 0
                         ? (size_t)(dev->compute_units ? dev->compute_units : 1) * 8192 / scale : 1;
    const double flops = (double)items * 512.0 * 16.0 * 2.0; /* FMA_ITER x FMA_CHAINS x 2 */
    for (int p = fp64 ? 0 : 1; p < 2; p++) {
        double best[LIMIT_RUNS] = {0};
        const char *best_op = "";
        for (int op = 0; op < 2; op++) {
            char name[32];
            snprintf(name, sizeof name, "%s_%s", op ? "mad" : "fma", p == 0 ? "double" : "float");
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
            if (time_kernel(dev, k, items, t, err, err_len))
                goto done;
            if (!best[0] || t[LIMIT_RUNS / 2] < best[LIMIT_RUNS / 2]) {
                memcpy(best, t, sizeof best);
                best_op = op ? "mad" : "fma";
            }
            clReleaseKernel(k);
            k = NULL;
        }
        *(p == 0 ? &lim->flops_double : &lim->flops_float) = flops / best[LIMIT_RUNS / 2] / 1e9;
        if (out)
            fprintf(out, "flops %s: %.1f GFlop/s (%s(), 16 chains of 512 in each of %zu work items; median of %d, "
                     "min %.1f, max %.1f)\n",
                p == 0 ? "double" : "float", flops / best[LIMIT_RUNS / 2] / 1e9, best_op, items, LIMIT_RUNS,
                flops / best[LIMIT_RUNS - 1] / 1e9, flops / best[0] / 1e9);
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
