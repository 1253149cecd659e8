/* exprs_device.h: the complete check of the input's expressions, on the device: for each
 * expression, a kernel that evaluates it at every point the run will (fields at their Yee
 * positions, species' profiles at every particle candidate, applied fields at every node at
 * APPLIED_TIMES times, laser profiles at every node of the antenna plane at every step) and keeps
 * the first bad point's flat index; the host turns that index back into a position and a message.
 * gen_exprs_check (exprs_check.c) is the host's check, which thins the points past 2^22 per
 * expression; this one leaves none out (runtime/exprs_verify.c runs it before a run's first step). */
#ifndef PICL_EXPRS_DEVICE_H
#define PICL_EXPRS_DEVICE_H

#include <stddef.h>

#include "config.h"
#include "strbuf.h"
#include "traits.h"

enum gen_check_kind { GEN_CHECK_FIELD, GEN_CHECK_LOAD, GEN_CHECK_APPLIED, GEN_CHECK_LASER };
#define GEN_APPLIED_TIMES 16
#define GEN_EXPR_CHECKS_MAX (6 + 8 * CFG_MAX_SPECIES + 6 + CFG_MAX_LASERS)

/* One expression's points: n[0] x n[1] x n[2] nodes or cells, `per` points at each (particle
 * candidates or times), flat index ((k n1 + j) n0 + i) per + p: the host check's order. */
struct gen_expr_check {
    const struct cfg_expr *e;
    enum gen_check_kind kind;
    int comp; /* FIELD: the component, E 0..2, B 3..5 */
    int species; /* LOAD: its index */
    int laser; /* LASER: its index */
    int non_negative; /* densities and temperatures */
    long n[3], per;
    const char *expected; /* for the message */
};

/* The checks of cfg's expressions (none for an empty expression); returns how many. */
int gen_expr_checks(const struct picl_config *cfg, struct gen_expr_check *out);
/* Points of one check (n0 n1 n2 per). */
double gen_expr_check_points(const struct gen_expr_check *c);
/* The program: the expressions as functions (exprs.c) and kernel picl_check_<i> for check i,
 * taking (__global int *bad, long first, int n): points first .. first + n - 1; *bad becomes
 * the least offset from first of a bad one (left alone when none is bad). */
int gen_expr_checks_source(struct strbuf *sb, const struct picl_config *cfg, const struct gen_device *dev,
                           const struct gen_expr_check *checks, int n, char *err, size_t err_len);
/* The message for point `flat` of check c: "WHERE: KEY: is NaN at (x, y, z) = (...) m ... ;
 * expected ..." as the host check words it, with the host's value there. */
void gen_expr_check_message(const struct picl_config *cfg, const struct gen_expr_check *c, long flat, char *err,
                            size_t err_len);

#endif
