/* emit.h: the pieces every part of the generator writes programs with: literal macros, the
 * embedded templates and the names of the user's expressions. */
#ifndef PICL_EMIT_H
#define PICL_EMIT_H

#include <stddef.h>

#include "strbuf.h"

/* #define NAME VALUE: an integer, a `real` (the run's precision) or an `acc_real` (double
 * wherever the device has it). */
void gen_define_int(struct strbuf *sb, const char *name, long value);
void gen_define_real(struct strbuf *sb, const char *name, double value);
void gen_define_acc(struct strbuf *sb, const char *name, double value);

/* Refuses a generated program with a literal that is not finite ("inf", "nan" as printf writes
 * them), or in a `single` precision run a `(real)` literal beyond float's range: such a value
 * came from input values whose derived constants overflow (a cell size of 0, a charge over a mass
 * of 1e600). "INPUT: ... picl.cl line N reads `...`". Comments are not looked at. */
int gen_check_literals(const struct strbuf *sb, const char *input, int single, char *err, size_t err_len);

/* The embedded text of templates/NAME (NULL when there is none). */
const char *gen_template(const char *name, size_t *len);
/* Appends templates/NAME between #line directives, so the compiler's messages name the
 * template's own lines. Returns nonzero with a message when this build lacks it. */
int gen_emit_template(struct strbuf *sb, const char *name, char *err, size_t err_len);

/* The C identifier the generator gives the expression held by input key `key`. */
void gen_expr_name(const char *key, char *out, size_t len);

/* Appends text for a C comment or a #line file name: a file name from the input (which may hold
 * a comment's end, a quote or a newline, and so could end the comment) with those as '?'. */
void gen_comment_text(struct strbuf *sb, const char *text);

#endif
