/* exprs_verify.c: the input's expressions evaluated on the run's device at every point the run
 * will evaluate them (gen/exprs_device.h), before anything is allocated or written. */
#include "exprs_verify.h"

#include <limits.h>
#include <stdio.h>
#include <time.h>

#include "exprs_device.h"
#include "kernel.h"
#include "log.h"
#include "mem.h"
#include "program.h"

/* Points per launch: one launch never takes long enough for a GPU's watchdog, and offsets fit
 * the kernel's int. */
#define SLAB (1L << 26)

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cl_failed(cl_int rc, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "checking the input's expressions on the device: %s failed: %s", what,
             device_error_name(rc));
    return -1;
}

/* Check i over all its points: 0, or -1 with the message (a bad point, or the device's error). */
static int run_check(const struct picl_config *cfg, const struct device *dev, cl_program prog, cl_mem bad,
                     const struct gen_expr_check *c, int i, char *err, size_t err_len)
{
    char name[32];
    snprintf(name, sizeof name, "picl_check_%d", i);
    /* launched here, outside a run's timers: a table of its own for kernel_create */
    struct timers *t = mem_calloc(1, sizeof *t);
    struct kernel kn = {0};
    if (!t) {
        snprintf(err, err_len, "out of host memory checking the input's expressions");
        return -1;
    }
    if (kernel_create(&kn, prog, name, t, err, err_len)) {
        mem_free(t);
        return -1;
    }
    const long total = (long)gen_expr_check_points(c);
    int result = 0;
    for (long first = 0; result == 0 && first < total; first += SLAB) {
        const cl_int n = (cl_int)(total - first < SLAB ? total - first : SLAB), none = INT_MAX;
        cl_int found = INT_MAX;
        const cl_long at = first;
        const size_t global = (size_t)n;
        if (cl_failed(clEnqueueWriteBuffer(dev->queue, bad, CL_TRUE, 0, sizeof none, &none, 0, NULL, NULL),
                      "clEnqueueWriteBuffer", err, err_len) ||
            kernel_mem(&kn, "bad", bad, err, err_len) || kernel_set(&kn, "first", sizeof at, &at, err, err_len) ||
            kernel_set(&kn, "n", sizeof n, &n, err, err_len) ||
            cl_failed(clEnqueueNDRangeKernel(dev->queue, kn.k, 1, NULL, &global, NULL, 0, NULL, NULL),
                      "clEnqueueNDRangeKernel", err, err_len) ||
            cl_failed(clEnqueueReadBuffer(dev->queue, bad, CL_TRUE, 0, sizeof found, &found, 0, NULL, NULL),
                      "clEnqueueReadBuffer", err, err_len))
            result = -1;
        else if (found != INT_MAX) {
            gen_expr_check_message(cfg, c, first + found, err, err_len);
            result = -1;
        }
    }
    kernel_release(&kn);
    mem_free(t);
    return result;
}

int exprs_verify(const struct picl_config *cfg, const struct device *dev, char *err, size_t err_len)
{
    struct gen_expr_check *checks = mem_calloc(GEN_EXPR_CHECKS_MAX, sizeof *checks);
    if (!checks) {
        snprintf(err, err_len, "out of host memory checking the input's expressions");
        return -1;
    }
    const int n = gen_expr_checks(cfg, checks);
    if (n == 0) {
        mem_free(checks);
        return 0;
    }
    const double started = seconds();
    double points = 0;
    for (int i = 0; i < n; i++)
        points += gen_expr_check_points(&checks[i]);
    struct strbuf src;
    sb_init(&src);
    cl_program prog = NULL;
    cl_mem bad = NULL;
    int rc = gen_expr_checks_source(&src, cfg, &dev->facts, checks, n, err, err_len) ||
             program_build(dev, cfg, src.data, "picl_check.cl", &prog, err, err_len);
    if (rc == 0) {
        cl_int cl;
        bad = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, &cl);
        rc = cl_failed(cl, "clCreateBuffer", err, err_len);
    }
    for (int i = 0; rc == 0 && i < n; i++)
        rc = run_check(cfg, dev, prog, bad, &checks[i], i, err, err_len);
    if (bad)
        clReleaseMemObject(bad);
    if (prog)
        clReleaseProgram(prog);
    sb_free(&src);
    mem_free(checks);
    if (rc == 0)
        log_info("expressions: %d checked on the device at all %.0f points in %.2f s", n, points,
                 seconds() - started);
    return rc ? -1 : 0;
}
