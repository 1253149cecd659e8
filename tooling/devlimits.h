/* devlimits.h: the device's own roofs, memory bandwidth and flop rates measured by picl's
 * kernels (devlimits.c); kept in the tuning file for the roofline of picl run and bench. */
#ifndef PICL_DEVLIMITS_H
#define PICL_DEVLIMITS_H

#include <stdio.h>

#include "device.h"

/* The device's roofs (GB/s, GFlop/s); 0: not known. */
struct bench_limits {
    double bandwidth, flops_double, flops_float;
};

/* Memory bandwidth (triad) and flop rates (FMA chains, double and float) of a device; out:
 * where to print them, or NULL. */
int bench_limits_measure(struct device *dev, struct bench_limits *lim, FILE *out, char *err, size_t err_len);

#endif
