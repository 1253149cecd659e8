/* bench.h: `picl bench`: sweeping generator and input options over a base input, timing each
 * variant and gating it for correctness (bench.c), the spec that names the sweep (bench_spec.c),
 * the report of a results file (bench_report.c); the device's own limits (bench_limits.h) and
 * the roofline (bench_roofline.h) come with it. */
#ifndef PICL_BENCH_H
#define PICL_BENCH_H

#include <stdio.h>

#include "bench_limits.h"
#include "bench_roofline.h"
#include "bench_variant.h"
#include "config.h"

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

#endif
