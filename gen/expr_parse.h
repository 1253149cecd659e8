/* expr_parse.h: the input's expression language (docs/input.md, "Expressions") parsed into a
 * tree, which is re-emitted as OpenCL C or evaluated on the host; nothing is pasted as written. */
#ifndef PICL_EXPR_PARSE_H
#define PICL_EXPR_PARSE_H

#include <stddef.h>

#include "strbuf.h"

/* Deeper nesting than this is refused, so no input can exhaust the parser's stack. */
#define EXPR_MAX_DEPTH 64

enum expr_kind { EXPR_NUM, EXPR_VAR, EXPR_CALL, EXPR_NEG, EXPR_PLUS, EXPR_NOT, EXPR_BINARY, EXPR_TERNARY };

struct expr_node {
    enum expr_kind kind;
    int op; /* EXPR_BINARY: an index into the operator table (expr_parse.c) */
    int fn; /* EXPR_CALL: an index into the function table */
    int var; /* EXPR_VAR: an index into the allowed names */
    int arg[3]; /* operands and arguments, node indices */
    int pos, len; /* the token in the source: what emission copies for numbers and names */
    double value; /* EXPR_NUM */
};

struct expr_tree {
    const char *src; /* not owned: must outlive the tree */
    struct expr_node *node;
    int n, cap, root;
};

/* Where and why a text is refused: `pos` counts characters from 1, `token` is the offending
 * token as the user wrote it (newlines and control characters shown as \n, \xNN). */
struct expr_error {
    int pos;
    char token[40];
    char message[320];
};

/* Parses `src` with the variables names[0 .. n_names-1] in scope (any C identifiers the caller
 * defines beside the expression: coordinates, physical and user constants). Returns 0 with
 * the tree (expr_free it), or -1 with *err filled and nothing to free. */
int expr_parse(struct expr_tree *tree, const char *src, const char *const *names, int n_names,
               struct expr_error *err);
void expr_free(struct expr_tree *tree);

/* The expression as OpenCL C, with parentheses where C's grammar needs them to give this tree,
 * which is the tree C gives the input's text: the compiler evaluates it in the same order and
 * the results are bit-identical (integer literals excepted: 2 is written 2.0, so 1/2 is 0.5). */
void expr_emit(const struct expr_tree *tree, struct strbuf *sb);

/* The value on the host in double precision, values[i] standing for names[i]; the functions
 * follow OpenCL's definitions (rsqrt, step, smoothstep, sign, ...). For checks at load only. */
double expr_eval(const struct expr_tree *tree, const double *values);

/* Parse and emit in one call: the reusable entry point for a new expression key. Returns 0 and
 * appends the OpenCL C text to sb, or -1 with *err. */
int expr_to_c(const char *src, const char *const *names, int n_names, struct strbuf *sb, struct expr_error *err);

/* The functions of the language, for documentation and tests: name and arity of entry i,
 * NULL past the end. */
const char *expr_function(int i, int *arity);

#endif
