/* bench_roofline.h: each hot kernel's place under the roofline (bench_roofline.c), for the
 * results of picl bench and the summary of picl run. */
#ifndef PICL_BENCH_ROOFLINE_H
#define PICL_BENCH_ROOFLINE_H

#include <stdio.h>

#include "devlimits.h"

/* A kernel's work per step: from the generator's cost model (gen/cost.h), the particles or
 * cells it ran over and its launches per step. */
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

#endif
