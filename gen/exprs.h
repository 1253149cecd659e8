/* exprs.h: the user's expressions written as OpenCL C functions, with the physical constants
 * and the input's own constants in scope. */
#ifndef PICL_EXPRS_H
#define PICL_EXPRS_H

#include <stddef.h>

#include "config.h"
#include "expr_parse.h"
#include "strbuf.h"
#include "traits.h"

/* The names an input expression may use: x, y, z, t, the physical constants, then the
 * input's constants in cfg order. */
#define GEN_EXPR_FIXED 11
#define GEN_EXPR_MAX_NAMES (GEN_EXPR_FIXED + CFG_MAX_CONSTANTS)
/* Fills names (and values, when not NULL; x, y, z, t as 0) and returns how many. */
int gen_expr_scope(const struct picl_config *cfg, const char **names, double *values);
/* Parses input expression e with those names in scope; on failure the message is
 * "WHERE: KEY: what is wrong" (FILE:LINE: KEY, like every other input error). */
int gen_expr_parse(const struct picl_config *cfg, const struct cfg_expr *e, struct expr_tree *tree, char *err,
                   size_t err_len);
/* The pieces of an expression's inline function, shared by every kind (exprs.c, diag_kernels.c):
 * the comment naming its key and source, the physical and user constants as `type`, and the
 * return statement under a #line that names the key (so a compiler message is an input error). */
void gen_expr_comment(struct strbuf *sb, const struct cfg_expr *e, const struct expr_tree *tree);
void gen_expr_constants(struct strbuf *sb, const struct picl_config *cfg, const char *type);
void gen_expr_return(struct strbuf *sb, const struct cfg_expr *e, const struct expr_tree *tree, const char *before,
                     const char *after);

/* Every expression of the input as an inline function (in the device's widest real), then
 * INIT_EX .. INIT_BZ: the initial value of each field component, zero where none was given. */
int gen_exprs_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_device *dev, char *err,
                   size_t err_len);

/* Before anything is built: every expression parses, and its values where the run evaluates
 * it (fields on the grid at t = 0, densities at the particles' load positions, laser profiles
 * on the antenna plane for every step) are finite, densities >= 0; the momenta are finite.
 * Returns nonzero with "WHERE: KEY: the value, the point, what was expected" (gen/exprs_check.c). */
int gen_exprs_check(const struct picl_config *cfg, char *err, size_t err_len);
/* A species' own expressions, in the order every pass over them takes: density, kT, u_drift x y z,
 * u_th x y z (empty texts where a number stands); and what each must be, for the messages. */
#define GEN_SPECIES_EXPRS 8
/* The largest |u| = gamma |v| / c of a momentum the input gives (u_drift, u_th, a beam's, a
 * momentum expression's values, a from_file momentum): beyond it (u c)^2 nears float's range
 * (3.4e38), where the push's gamma would overflow (docs/input.md, "Bounds on values"). */
#define GEN_U_MAX 1e10
void gen_species_exprs(const struct cfg_species *sp, const struct cfg_expr **own);
const char *gen_species_expr_expected(int i);
/* The cells along each axis where a run evaluates initial fields and densities: the grid, and
 * along a moving window's axis the cells it brings in by the last step too. */
void gen_expr_lab_cells(const struct picl_config *cfg, int *cells);
/* The message of bad value v of e at r (m; and t s when with_t): "WHERE: KEY: is NaN at ...". */
int gen_expr_bad_value(const struct cfg_expr *e, double v, const double *r, double t, int with_t, const char *expected,
                       char *err, size_t err_len);

/* 0 when no constant of the input is a macro the program `src` defines (a #define of the
 * generator or a template), else -1 and a message naming the constant: the name would be
 * replaced by the macro's text in every expression function. */
int gen_expr_macro_clash(const struct picl_config *cfg, const struct strbuf *src, char *err, size_t err_len);

#endif
