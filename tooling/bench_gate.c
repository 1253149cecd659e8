/* bench_gate.c: the correctness gate of a variant (docs/bench.md): J and E against the
 * reference of its physics group, to round-off; the charge-conservation residual of a
 * charge-conserving deposition; and nothing that is not a finite number. */
#include "bench_gate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config.h"

double bench_rel_diff(const double *a, const double *ref, size_t n)
{
    double d = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(a[i]))
            return INFINITY;
        double e = fabs(a[i] - ref[i]);
        d = e > d ? e : d;
        m = fabs(ref[i]) > m ? fabs(ref[i]) : m;
    }
    return m > 0 ? d / m : d;
}

int bench_same_grid(const struct bench_fields *a, const struct bench_fields *b)
{
    return a->done && b->done && !memcmp(a->cells, b->cells, sizeof a->cells);
}

double bench_gate_rel(int precision, double given)
{
    return given > 0 ? given : precision == CFG_DOUBLE ? 1e-9 : 1e-3;
}

double bench_gate_residual(int precision, double given)
{
    return given > 0 ? given : precision == CFG_DOUBLE ? 1e-9 : 1e-4;
}

int bench_gate(const struct bench_result *r, const struct bench_fields *fl, const struct bench_fields *ref,
               double tol_rel, double tol_residual, double *rel_J, double *rel_E, char *why, size_t why_len)
{
    const size_t n3 = 3 * (size_t)r->cells;
    *rel_J = *rel_E = 0;
    why[0] = '\0';
    if (!isfinite(r->residual)) {
        snprintf(why, why_len, "the charge residual is not a number");
        return 0;
    }
    if (ref) {
        if (!bench_same_grid(ref, fl)) {
            snprintf(why, why_len, "its reference did not run");
            return 0;
        }
        *rel_J = bench_rel_diff(fl->J, ref->J, n3);
        *rel_E = bench_rel_diff(fl->E, ref->E, n3);
        if (!(*rel_J <= tol_rel) || !(*rel_E <= tol_rel)) {
            snprintf(why, why_len, "J differs by %.3g, E by %.3g from its reference (tolerance %.3g)", *rel_J, *rel_E,
                     tol_rel);
            return 0;
        }
    } else {
        for (size_t q = 0; q < n3; q++)
            if (!isfinite(fl->J[q]) || !isfinite(fl->E[q])) {
                snprintf(why, why_len, "J or E holds a value that is not finite");
                return 0;
            }
    }
    if (r->charge_conserving && !(r->residual <= tol_residual)) {
        snprintf(why, why_len, "charge-conservation residual %.3g above %.3g", r->residual, tol_residual);
        return 0;
    }
    return 1;
}
