/* bench_json.h: the JSON of one line of a sweep's results file (bench_json.c); bench_report.c
 * reads it back. The fields are documented in docs/bench.md. */
#ifndef PICL_BENCH_JSON_H
#define PICL_BENCH_JSON_H

#include "bench_variant.h"
#include "devlimits.h"
#include "strbuf.h"

/* What names a line: the variant, its spec, the device, the step counts and the roofs. */
struct bench_json_head {
    const char *key, *id, *spec, *base;
    const char *params; /* a JSON object already */
    char *const *sets;
    int n_sets;
    const struct device *dev;
    int warmup, steps, repeats;
    const struct bench_limits *lim;
    const char *lim_from;
};

/* A finished variant's gate, as bench.c judged it. */
struct bench_json_gate {
    int pass, is_reference, residual_gated;
    const char *reference, *why;
    double rel_J, rel_E, residual, tol_rel, tol_residual;
    const char *info_id; /* the spec's reference when it is not the gate's, else NULL */
    double info_rel_J, info_rel_E;
};

void bench_json_string(struct strbuf *sb, const char *s);
/* JSON has no NaN or infinity: they are written as null. */
void bench_json_number(struct strbuf *sb, double v);
/* Opens the line: "{" and the fields of h, up to the roofs. */
void bench_json_head(struct strbuf *sb, const struct bench_json_head *h);
/* A variant that did not run: its error. */
void bench_json_error(struct strbuf *sb, const char *error);
/* The timings of a variant that ran over `repeats` repeats; *med, *lo, *hi: its seconds per step. */
void bench_json_timing(struct strbuf *sb, const struct bench_result *r, int repeats, double *med, double *lo,
                       double *hi);
/* The status and the gate of a variant that ran. */
void bench_json_gate(struct strbuf *sb, const struct bench_json_gate *g);

#endif
