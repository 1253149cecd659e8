/* bench_results.h: a sweep's results file, one JSON line per finished variant (bench_results.c):
 * the key that names a variant, whether the file holds it, and appending a line. */
#ifndef PICL_BENCH_RESULTS_H
#define PICL_BENCH_RESULTS_H

#include <stddef.h>

#include "device.h"
#include "strbuf.h"

/* What identifies a finished variant: the device, and a hash of the base input's text, every
 * --set string and the step counts (warmup, steps, repeats). A sweep run again skips it. */
void bench_results_key(const char *base, char *const *sets, int n_sets, const int counts[3], const struct device *dev,
                       char *key, size_t len);
/* The whole results file (or an empty text), to look keys up in; NULL: out of memory. */
char *bench_results_read(const char *path);
/* Whether text holds a whole line with this key. */
int bench_results_have(const char *text, const char *key);
/* Appends sb (whole lines) to the file in one write. */
int bench_results_append(const char *path, const struct strbuf *sb, char *err, size_t err_len);

#endif
