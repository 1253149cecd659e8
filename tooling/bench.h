/* bench.h: `picl bench`: sweeping generator and input options over a base input, timing each
 * variant and gating it for correctness (bench.c), the spec that names the sweep (bench_spec.c),
 * the report of a results file (bench_report.c), and the device's own limits (devlimits.c). */
#ifndef PICL_BENCH_H
#define PICL_BENCH_H

#include <stdio.h>

#include "config.h"
#include "device.h"
#include "kernel.h"

#define BENCH_MAX_REPEATS 64

struct bench_variant {
    char id[1024]; /* "sort.interval=4 sort.bin_size=2": the swept keys and values */
    char group[1024]; /* the physics-changing part of id: variants of a group must agree */
    char params[2048]; /* the swept values as a JSON object */
    char *sets[CFG_MAX_SETS]; /* --set strings for cfg_load: the spec's, the command line's, the axes' */
    int n_sets;
    int ref; /* the variant this one is gated against (itself: a reference) */
    int info_ref; /* the spec's reference, compared for information only */
};

struct bench_spec {
    char path[CFG_PATH_LEN], name[CFG_NAME_LEN];
    char base[CFG_PATH_LEN]; /* the base input, as a path from the current folder */
    char results[CFG_PATH_LEN];
    int warmup, steps, repeats;
    double gate_rel, gate_residual; /* 0: the default for the variant's precision */
    struct bench_variant *v;
    int n;
};

/* The device's roofs (GB/s, GFlop/s); 0: not known. */
struct bench_limits {
    double bandwidth, flops_double, flops_float;
};

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
/* The correctness gate (docs/bench.md): J and E within tol_rel of the reference's (ref NULL:
 * the variant is its own reference), every value finite, and for a charge-conserving deposition
 * the charge residual within tol_residual (0: the defaults for the precision). Returns 1 when it
 * passes; why says what failed. */
int bench_gate(const struct bench_result *r, const struct bench_fields *fl, const struct bench_fields *ref,
               double tol_rel, double tol_residual, double *rel_J, double *rel_E, char *why, size_t why_len);
/* The gate's tolerances for a precision, where the spec gives none. */
double bench_gate_rel(int precision, double given);
double bench_gate_residual(int precision, double given);

/* A kernel's work per step (bench_roofline.c): from the generator's cost model (gen/cost.h),
 * the particles or cells it ran over and its launches per step. */
struct bench_roof_row {
    char kernel[64];
    const char *item;
    double items, flops, bytes, seconds; /* per step; seconds: device time */
};
struct sim;
/* The rows of every modelled kernel of s that ran, from its timers over the last `steps` steps. */
int bench_roofline_rows(const struct sim *s, long steps, struct bench_roof_row *rows, int max);
/* The table: arithmetic intensity, attained GB/s and GFlop/s, and the fraction of the roofline
 * min(peak, intensity x bandwidth) for the run's precision (lim NULL or 0: no fraction).
 * min_share: rows below this share of the modelled kernels' time are left out. */
void bench_roofline_print(const struct bench_roof_row *rows, int n, const struct bench_limits *lim, int precision,
                          double min_share, FILE *out);

/* Runs the spec's script in the input sandbox and expands its sweep; cli_sets apply to every
 * variant after the spec's own `set`. */
int bench_spec_load(struct bench_spec *spec, const char *path, const char *const *cli_sets, int n_cli_sets,
                    char *err, size_t err_len);
void bench_spec_free(struct bench_spec *spec);

/* The sweep: every variant not yet in the results file is built, warmed up, timed and gated,
 * and one JSON line is appended for it. results: NULL for the spec's own file. */
int bench_run(const struct bench_spec *spec, const char *device_spec, const char *results, const char *tuning,
              char *err, size_t err_len);

/* A results file as a table sorted by time (gate failures and errors after), and a CSV next to
 * it: FILE with .jsonl replaced by .csv. */
int bench_report(const char *results, FILE *out, char *err, size_t err_len);

/* Memory bandwidth (triad) and flop rates (FMA chains, double and float) of a device; out:
 * where to print them, or NULL. */
int bench_limits_measure(struct device *dev, struct bench_limits *lim, FILE *out, char *err, size_t err_len);
/* `picl bench --device-limits`: measures, prints, and stores them in the tuning file (tuning:
 * its path from --tuning, or NULL for the default) for the roofline of picl run and bench. */
int bench_device_limits(const char *device_spec, const char *tuning, FILE *out, char *err, size_t err_len);

#endif
