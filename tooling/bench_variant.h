/* bench_variant.h: one variant of a sweep or a tuning run (bench_variant.c): an input with its
 * --set strings built, warmed up and timed, with J and E kept for the gate (bench_gate.h). */
#ifndef PICL_BENCH_VARIANT_H
#define PICL_BENCH_VARIANT_H

#include "device.h"
#include "kernel.h"

#define BENCH_MAX_REPEATS 64

/* J and E of a variant after all its steps, global cell index, x fastest. */
struct bench_fields {
    int done;
    int cells[3];
    double *J, *E; /* 3 components each */
};

/* One variant's measurements: wall clock per step of each repeat, each kernel's device time per
 * step, and the work the cost model counts in each kernel per step (bench_roofline.c). */
struct bench_result {
    double setup_s, step[BENCH_MAX_REPEATS], kernel[TIMER_MAX][BENCH_MAX_REPEATS];
    char kernel_name[TIMER_MAX][64];
    double kernel_flops[TIMER_MAX], kernel_bytes[TIMER_MAX], kernel_items[TIMER_MAX]; /* per step; 0: no model */
    const char *kernel_item[TIMER_MAX]; /* "particle", "cell" ... */
    int n_kernels;
    double launches_per_step, residual;
    long particles, cells;
    int precision, charge_conserving;
};

/* Builds and runs the input at `base` with `sets`: `warmup` steps, then `repeats` timed runs of
 * `steps` steps; keeps J and E at the end in fl. */
int bench_variant_run(const char *base, char *const *sets, int n_sets, int warmup, int steps, int repeats,
                      struct device *dev, struct bench_result *r, struct bench_fields *fl, char *err,
                      size_t err_len);
void bench_fields_free(struct bench_fields *fl);
double bench_median(const double *v, int n);

#endif
