/* bench_gate.h: the correctness gate of a sweep or tuning variant (bench_gate.c, docs/bench.md):
 * its J and E against its reference's, and its charge residual. */
#ifndef PICL_BENCH_GATE_H
#define PICL_BENCH_GATE_H

#include <stddef.h>

#include "bench_variant.h"

/* The gate: J and E within tol_rel of the reference's (ref NULL: the variant is its own
 * reference), every value finite, and for a charge-conserving deposition the charge residual
 * within tol_residual (0: the defaults for the precision). Returns 1 when it passes; why says
 * what failed. */
int bench_gate(const struct bench_result *r, const struct bench_fields *fl, const struct bench_fields *ref,
               double tol_rel, double tol_residual, double *rel_J, double *rel_E, char *why, size_t why_len);
/* The gate's tolerances for a precision, where the spec gives none. */
double bench_gate_rel(int precision, double given);
double bench_gate_residual(int precision, double given);
/* max |a - ref| / max |ref| over n values; infinity when a is not finite. */
double bench_rel_diff(const double *a, const double *ref, size_t n);
/* Both variants ran, on the same grid. */
int bench_same_grid(const struct bench_fields *a, const struct bench_fields *b);

#endif
