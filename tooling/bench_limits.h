/* bench_limits.h: the device's roofs as the tuning file keeps them (bench_limits.c): stored by
 * `picl bench --device-limits`, read back for the roofline of a sweep. */
#ifndef PICL_BENCH_LIMITS_H
#define PICL_BENCH_LIMITS_H

#include <stdio.h>

#include "devlimits.h"

/* `picl bench --device-limits`: measures, prints, and stores them in the tuning file (tuning:
 * its path from --tuning, or NULL for the default) for the roofline of picl run and bench. */
int bench_device_limits(const char *device_spec, const char *tuning, FILE *out, char *err, size_t err_len);
/* The roofs for a sweep on dev: the tuning file's, else measured now (a warning, and zeros, when
 * that fails); from says which, for the results file. */
void bench_limits_for(struct device *dev, const char *tuning, struct bench_limits *lim, char *from, size_t len);

#endif
