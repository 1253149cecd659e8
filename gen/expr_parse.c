/* expr_parse.c: a recursive-descent parser for the expression language, with C's precedence
 * and associativity, so that re-emitting the tree fully parenthesised keeps C's meaning. */
#include "expr_parse.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

/* OpenCL C's built-in math and common functions that take and return reals. pown's exponent is
 * an int in OpenCL, so its second argument must be an integer literal (checked below). */
static const struct {
    const char *name;
    int arity;
} functions[] = {
    {"sin", 1},   {"cos", 1},   {"tan", 1},   {"asin", 1},  {"acos", 1},  {"atan", 1},   {"atan2", 2},
    {"sinh", 1},  {"cosh", 1},  {"tanh", 1},  {"exp", 1},   {"exp2", 1},  {"exp10", 1},  {"log", 1},
    {"log2", 1},  {"log10", 1}, {"sqrt", 1},  {"rsqrt", 1}, {"cbrt", 1},  {"pow", 2},    {"pown", 2},
    {"powr", 2},  {"fabs", 1},  {"fmin", 2},  {"fmax", 2},  {"floor", 1}, {"ceil", 1},   {"round", 1},
    {"fmod", 2},  {"hypot", 2}, {"erf", 1},   {"erfc", 1},  {"tgamma", 1}, {"min", 2},   {"max", 2},
    {"clamp", 3}, {"step", 2},  {"smoothstep", 3}, {"sign", 1},
};
enum { N_FUNCTIONS = (int)(sizeof functions / sizeof functions[0]) };

/* Binary operators by precedence level, lowest first; each level is left-associative. */
static const char *const binops[] = {"||", "&&", "==", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/"};
static const int binop_level[] = {0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5};
enum { N_BINOPS = (int)(sizeof binops / sizeof binops[0]), N_LEVELS = 6 };

enum tok_kind { T_END, T_NUM, T_IDENT, T_OP, T_BAD };

struct parser {
    struct expr_tree *tree;
    const char *const *names;
    int n_names;
    struct expr_error *err;
    /* the current token */
    enum tok_kind kind;
    int pos, len;
    int depth;
    char scope[120]; /* the names in scope, for a message (scope_list) */
};

static int is_op(const struct parser *p, const char *op)
{
    return p->kind == T_OP && (int)strlen(op) == p->len && !strncmp(p->tree->src + p->pos, op, (size_t)p->len);
}

/* The token at p->pos .. p->pos + p->len, printable, into err->token. */
static void quote_token(const struct parser *p, int pos, int len)
{
    char *o = p->err->token;
    size_t n = 0, cap = sizeof p->err->token;
    if (len > 24)
        len = 24; /* a long token is named by its start */
    for (int i = 0; i < len && n + 5 < cap; i++) {
        unsigned char ch = (unsigned char)p->tree->src[pos + i];
        if (ch == '\n')
            n += (size_t)snprintf(o + n, cap - n, "\\n");
        else if (ch < 32 || ch >= 127)
            n += (size_t)snprintf(o + n, cap - n, "\\x%02x", ch);
        else
            o[n++] = (char)ch;
    }
    o[n] = '\0';
}

/* Records the first failure: the token at pos .. pos + len (none at the end) and `what`, in
 * which `expected`, when not NULL, fills the one %s. Returns -1 for the caller to pass up. */
static int fail_at(struct parser *p, int pos, int len, const char *what_fmt, const char *expected)
{
    if (p->err->message[0]) /* the first failure is the one reported */
        return -1;
    p->err->pos = pos + 1;
    quote_token(p, pos, len);
    char what[160];
    if (expected)
        snprintf(what, sizeof what, what_fmt, expected);
    else
        snprintf(what, sizeof what, "%s", what_fmt);
    if (len > 0)
        snprintf(p->err->message, sizeof p->err->message, "'%s' at character %d: %s", p->err->token, pos + 1, what);
    else
        snprintf(p->err->message, sizeof p->err->message, "at character %d (the end): %s", pos + 1, what);
    return -1;
}

/* The names in scope, as a message lists them (the first ones, when there are many). */
static const char *scope_list(struct parser *p)
{
    char *list = p->scope;
    const size_t size = sizeof p->scope;
    size_t used = 0;
    list[0] = 0;
    for (int i = 0; i < p->n_names; i++) {
        const size_t need = strlen(p->names[i]) + (i ? 2 : 0);
        if (used + need + 5 >= size) {
            snprintf(list + used, size - used, ", ...");
            break;
        }
        used += (size_t)snprintf(list + used, size - used, "%s%s", i ? ", " : "", p->names[i]);
    }
    return list;
}

/* Reads the next token. Anything outside the language is a T_BAD token of one character (or
 * the comment or preprocessor opener), so the message names what the user wrote. */
static void next(struct parser *p)
{
    const char *s = p->tree->src;
    int i = p->pos + p->len;
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    p->pos = i;
    p->len = 0;
    const char ch = s[i];
    if (!ch) {
        p->kind = T_END;
        return;
    }
    if (isdigit((unsigned char)ch) || (ch == '.' && isdigit((unsigned char)s[i + 1]))) {
        int j = i;
        while (isdigit((unsigned char)s[j]))
            j++;
        if (s[j] == '.')
            for (j++; isdigit((unsigned char)s[j]); j++) {}
        if ((s[j] == 'e' || s[j] == 'E') &&
            (isdigit((unsigned char)s[j + 1]) || ((s[j + 1] == '+' || s[j + 1] == '-') && isdigit((unsigned char)s[j + 2])))) {
            j += 2;
            while (isdigit((unsigned char)s[j]))
                j++;
        }
        /* a suffix or letters glued to the number (1f, 0x10, 2e) belong to the bad token */
        int k = j;
        while (isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '.')
            k++;
        p->kind = k == j ? T_NUM : T_BAD;
        p->len = k - i;
        return;
    }
    if (isalpha((unsigned char)ch) || ch == '_') {
        int j = i;
        while (isalnum((unsigned char)s[j]) || s[j] == '_')
            j++;
        p->kind = T_IDENT;
        p->len = j - i;
        return;
    }
    static const char *const two[] = {"||", "&&", "==", "!=", "<=", ">="};
    for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
        if (ch == two[k][0] && s[i + 1] == two[k][1]) {
            p->kind = T_OP;
            p->len = 2;
            return;
        }
    if ((ch == '/' && (s[i + 1] == '*' || s[i + 1] == '/'))) {
        p->kind = T_BAD;
        p->len = 2;
        return;
    }
    p->kind = strchr("+-*/<>!?:(),", ch) ? T_OP : T_BAD;
    p->len = 1;
}

static int new_node(struct parser *p, enum expr_kind kind, int pos, int len)
{
    struct expr_tree *t = p->tree;
    if (t->n == t->cap) /* the caller sized the array for one node per character */
        return fail_at(p, pos, len, "too many terms", NULL);
    struct expr_node *n = &t->node[t->n];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->pos = pos;
    n->len = len;
    n->arg[0] = n->arg[1] = n->arg[2] = -1;
    return t->n++;
}

static int bad_token(struct parser *p, const char *expected)
{
    const char *s = p->tree->src + p->pos;
    if (p->kind == T_END)
        return fail_at(p, p->pos, 0, "the expression ends here; expected %s", expected);
    if (p->kind == T_BAD && s[0] == '/')
        return fail_at(p, p->pos, p->len, "comments are not part of an expression", NULL);
    if (p->kind == T_BAD && (s[0] == '\n' || s[0] == '\r'))
        return fail_at(p, p->pos, p->len, "an expression is one line (a line break could start a preprocessor "
                                          "line)", NULL);
    if (p->kind == T_BAD && s[0] == '#')
        return fail_at(p, p->pos, p->len, "preprocessor lines are not part of an expression", NULL);
    if (p->kind == T_BAD && isdigit((unsigned char)s[0]))
        return fail_at(p, p->pos, p->len, "not a number; expected digits, a '.' and an exponent (2.5e-3), "
                                          "no suffix or hexadecimal", NULL);
    if (p->kind == T_BAD && (s[0] == '=' || s[0] == '%' || s[0] == '&' || s[0] == '|' || s[0] == '~' ||
                             s[0] == '^' || s[0] == '[' || s[0] == ']' || s[0] == '{' || s[0] == '}' ||
                             s[0] == ';' || s[0] == '"' || s[0] == '\'' || s[0] == '\\' || s[0] == '.'))
        return fail_at(p, p->pos, p->len, "not an operator of the expression language; expected %s", expected);
    return fail_at(p, p->pos, p->len, "unexpected; expected %s", expected);
}

static int parse_ternary(struct parser *p);

static int parse_call(struct parser *p, int fn, int pos, int len)
{
    int node = new_node(p, EXPR_CALL, pos, len);
    if (node < 0)
        return -1;
    p->tree->node[node].fn = fn;
    next(p); /* the '(' */
    int n = 0; /* arguments seen; the first three are kept, more are an arity error below */
    if (!is_op(p, ")"))
        for (;;) {
            int a = parse_ternary(p);
            if (a < 0)
                return -1;
            if (n < 3)
                p->tree->node[node].arg[n] = a;
            n++;
            if (!is_op(p, ","))
                break;
            next(p);
        }
    if (!is_op(p, ")"))
        return bad_token(p, "',' or ')'");
    if (n != functions[fn].arity) {
        char msg[120];
        snprintf(msg, sizeof msg, "takes %d argument%s, not %d", functions[fn].arity,
                 functions[fn].arity == 1 ? "" : "s", n);
        return fail_at(p, pos, len, msg, NULL);
    }
    if (!strcmp(functions[fn].name, "pown")) {
        /* OpenCL's pown(real, int): the exponent an integer literal, maybe negated */
        const struct expr_node *e = &p->tree->node[p->tree->node[node].arg[1]];
        if (e->kind == EXPR_NEG)
            e = &p->tree->node[e->arg[0]];
        if (e->kind != EXPR_NUM || strspn(p->tree->src + e->pos, "0123456789") != (size_t)e->len || e->len > 9)
            return fail_at(p, e->pos, e->len, "pown's exponent must be an integer literal (pown(x, 3)); use pow for "
                                              "others", NULL);
    }
    next(p); /* the ')' */
    return node;
}

static int parse_primary(struct parser *p)
{
    const int pos = p->pos, len = p->len;
    const char *s = p->tree->src + pos;
    if (p->kind == T_NUM) {
        int node = new_node(p, EXPR_NUM, pos, len);
        if (node < 0)
            return -1;
        p->tree->node[node].value = strtod(s, NULL);
        next(p);
        return node;
    }
    if (p->kind == T_IDENT) {
        next(p);
        if (is_op(p, "(")) {
            for (int f = 0; f < N_FUNCTIONS; f++)
                if ((int)strlen(functions[f].name) == len && !strncmp(functions[f].name, s, (size_t)len))
                    return parse_call(p, f, pos, len);
            return fail_at(p, pos, len, "not a function of the expression language (docs/input.md lists them)",
                           NULL);
        }
        for (int v = 0; v < p->n_names; v++)
            if ((int)strlen(p->names[v]) == len && !strncmp(p->names[v], s, (size_t)len)) {
                int node = new_node(p, EXPR_VAR, pos, len);
                if (node < 0)
                    return -1;
                p->tree->node[node].var = v;
                return node;
            }
        for (int f = 0; f < N_FUNCTIONS; f++)
            if ((int)strlen(functions[f].name) == len && !strncmp(functions[f].name, s, (size_t)len))
                return fail_at(p, pos, len, "a function, called without '('", NULL);
        return fail_at(p, pos, len, "unknown name; expected one of %s", scope_list(p));
    }
    if (is_op(p, "(")) {
        next(p);
        int inner = parse_ternary(p);
        if (inner < 0)
            return -1;
        if (!is_op(p, ")"))
            return bad_token(p, "')'");
        next(p);
        return inner;
    }
    return bad_token(p, "a number, a name, a function call, '(' or a unary '-', '+' or '!'");
}

static int parse_unary(struct parser *p)
{
    const int pos = p->pos, len = p->len;
    enum expr_kind kind;
    if (is_op(p, "-"))
        kind = EXPR_NEG;
    else if (is_op(p, "+"))
        kind = EXPR_PLUS;
    else if (is_op(p, "!"))
        kind = EXPR_NOT;
    else
        return parse_primary(p);
    if (++p->depth > EXPR_MAX_DEPTH)
        return fail_at(p, pos, len, "nested more than 64 deep", NULL);
    next(p);
    int a = parse_unary(p);
    p->depth--;
    if (a < 0)
        return -1;
    int node = new_node(p, kind, pos, len);
    if (node < 0)
        return -1;
    p->tree->node[node].arg[0] = a;
    return node;
}

/* The binary operator at the current token with precedence `level`, or -1. */
static int binop_here(const struct parser *p, int level)
{
    for (int o = 0; o < N_BINOPS; o++)
        if (binop_level[o] == level && is_op(p, binops[o]))
            return o;
    return -1;
}

static int parse_level(struct parser *p, int level)
{
    if (level == N_LEVELS)
        return parse_unary(p);
    int left = parse_level(p, level + 1);
    for (int o; left >= 0 && (o = binop_here(p, level)) >= 0;) {
        const int pos = p->pos, len = p->len;
        next(p);
        int right = parse_level(p, level + 1);
        if (right < 0)
            return -1;
        int node = new_node(p, EXPR_BINARY, pos, len);
        if (node < 0)
            return -1;
        struct expr_node *n = &p->tree->node[node];
        n->op = o;
        n->arg[0] = left;
        n->arg[1] = right;
        left = node;
    }
    return left;
}

/* C's conditional: logical-or [? expression : conditional], right-associative. */
static int parse_ternary(struct parser *p)
{
    if (++p->depth > EXPR_MAX_DEPTH)
        return fail_at(p, p->pos, p->len, "nested more than 64 deep", NULL);
    int cond = parse_level(p, 0);
    if (cond >= 0 && is_op(p, "?")) {
        const int pos = p->pos, len = p->len;
        next(p);
        int a = parse_ternary(p);
        if (a < 0)
            return -1;
        if (!is_op(p, ":"))
            return bad_token(p, "':' of the '?'");
        next(p);
        int b = parse_ternary(p);
        if (b < 0)
            return -1;
        int node = new_node(p, EXPR_TERNARY, pos, len);
        if (node < 0)
            return -1;
        struct expr_node *n = &p->tree->node[node];
        n->arg[0] = cond;
        n->arg[1] = a;
        n->arg[2] = b;
        cond = node;
    }
    p->depth--;
    return cond;
}

int expr_parse(struct expr_tree *tree, const char *src, const char *const *names, int n_names,
               struct expr_error *err)
{
    memset(tree, 0, sizeof *tree);
    memset(err, 0, sizeof *err);
    const size_t len = strlen(src);
    if (len > 1u << 20) {
        snprintf(err->message, sizeof err->message, "the expression is %zu characters; expected at most %u", len,
                 1u << 20);
        return -1;
    }
    tree->src = src;
    tree->cap = (int)len + 1;
    tree->node = mem_calloc((size_t)tree->cap, sizeof *tree->node);
    if (!tree->node) {
        snprintf(err->message, sizeof err->message, "out of host memory parsing the expression");
        return -1;
    }
    struct parser p = {.tree = tree, .names = names, .n_names = n_names, .err = err};
    next(&p);
    if (p.kind == T_END) {
        fail_at(&p, p.pos, 0, "an empty expression; expected %s", "a number, a name or a function call");
        expr_free(tree);
        return -1;
    }
    tree->root = parse_ternary(&p);
    if (tree->root >= 0 && p.kind != T_END)
        tree->root = bad_token(&p, "an operator or the end of the expression");
    if (tree->root < 0) {
        expr_free(tree);
        return -1;
    }
    return 0;
}

void expr_free(struct expr_tree *tree)
{
    mem_free(tree->node);
    memset(tree, 0, sizeof *tree);
}

/* C's precedence of a node: 0 the conditional, 1 .. 6 the binary levels (|| lowest), 7 unary,
 * 8 a number, name or call. */
static int precedence(const struct expr_node *n)
{
    switch (n->kind) {
    case EXPR_TERNARY: return 0;
    case EXPR_BINARY: return 1 + binop_level[n->op];
    case EXPR_NEG: case EXPR_PLUS: case EXPR_NOT: return 7;
    default: return 8;
    }
}

/* Whether C gives node n the type int: a comparison or logical operator, and arithmetic or a
 * conditional on such values only (numbers are written as reals, names and calls are reals). */
static int int_typed(const struct expr_tree *t, const struct expr_node *n)
{
    switch (n->kind) {
    case EXPR_NOT: return 1;
    case EXPR_NEG: case EXPR_PLUS: return int_typed(t, &t->node[n->arg[0]]);
    case EXPR_TERNARY: return int_typed(t, &t->node[n->arg[1]]) && int_typed(t, &t->node[n->arg[2]]);
    case EXPR_BINARY:
        return binop_level[n->op] < 4 || (int_typed(t, &t->node[n->arg[0]]) && int_typed(t, &t->node[n->arg[1]]));
    default: return 0;
    }
}

/* Node i, in parentheses when its precedence is below `min`: only where C's grammar needs them,
 * so C parses the text back to this very tree, and no deeper than the input's own nesting. */
static void emit_node(const struct expr_tree *t, int i, int min, struct strbuf *sb)
{
    const struct expr_node *n = &t->node[i];
    const int prec = precedence(n);
    if (prec < min)
        sb_puts(sb, "(");
    switch (n->kind) {
    case EXPR_NUM:
        sb_write(sb, t->src + n->pos, (size_t)n->len);
        /* an integer literal becomes a real one: 1/2 is a half, as in the input's physics */
        if (strspn(t->src + n->pos, "0123456789") == (size_t)n->len)
            sb_puts(sb, ".0");
        break;
    case EXPR_VAR:
        sb_write(sb, t->src + n->pos, (size_t)n->len);
        break;
    case EXPR_CALL:
        sb_puts(sb, functions[n->fn].name);
        sb_puts(sb, "(");
        for (int a = 0; a < functions[n->fn].arity; a++) {
            if (a)
                sb_puts(sb, ", ");
            const struct expr_node *e = &t->node[n->arg[a]];
            if (a == 1 && !strcmp(functions[n->fn].name, "pown")) { /* the int exponent, as written */
                for (; e->kind == EXPR_NEG; e = &t->node[e->arg[0]])
                    sb_puts(sb, "-");
                sb_write(sb, t->src + e->pos, (size_t)e->len);
            } else if (int_typed(t, e)) {
                /* OpenCL's sin(int) is ambiguous between its overloads: an int argument made real,
                 * exactly (0 and 1, or small sums of them) */
                sb_puts(sb, "1.0 * ");
                emit_node(t, n->arg[a], 7, sb);
            } else {
                emit_node(t, n->arg[a], 0, sb);
            }
        }
        sb_puts(sb, ")");
        break;
    case EXPR_NEG:
    case EXPR_PLUS:
    case EXPR_NOT: {
        sb_puts(sb, n->kind == EXPR_NEG ? "-" : n->kind == EXPR_PLUS ? "+" : "!");
        /* "- -x", never "--x", which C reads as a decrement */
        const struct expr_node *e = &t->node[n->arg[0]];
        if ((e->kind == EXPR_NEG || e->kind == EXPR_PLUS) && n->kind != EXPR_NOT)
            sb_puts(sb, " ");
        emit_node(t, n->arg[0], 7, sb);
        break;
    }
    case EXPR_BINARY:
        /* left-associative: the left operand may share the level, the right one may not */
        emit_node(t, n->arg[0], prec, sb);
        sb_printf(sb, " %s ", binops[n->op]);
        emit_node(t, n->arg[1], prec + 1, sb);
        break;
    case EXPR_TERNARY:
        /* cond ? expression : conditional: only a conditional as the condition needs parentheses.
         * OpenCL refuses a real condition, so a real one is compared with zero, as C does. */
        if (int_typed(t, &t->node[n->arg[0]])) {
            emit_node(t, n->arg[0], 1, sb);
        } else {
            emit_node(t, n->arg[0], 4, sb);
            sb_puts(sb, " != 0.0");
        }
        sb_puts(sb, " ? ");
        emit_node(t, n->arg[1], 0, sb);
        sb_puts(sb, " : ");
        emit_node(t, n->arg[2], 0, sb);
        break;
    }
    if (prec < min)
        sb_puts(sb, ")");
}

void expr_emit(const struct expr_tree *tree, struct strbuf *sb)
{
    emit_node(tree, tree->root, 0, sb);
}

int expr_to_c(const char *src, const char *const *names, int n_names, struct strbuf *sb, struct expr_error *err)
{
    struct expr_tree t;
    if (expr_parse(&t, src, names, n_names, err))
        return -1;
    expr_emit(&t, sb);
    expr_free(&t);
    return 0;
}

const char *expr_function(int i, int *arity)
{
    if (i < 0 || i >= N_FUNCTIONS)
        return NULL;
    if (arity)
        *arity = functions[i].arity;
    return functions[i].name;
}

/* OpenCL's definitions where C has none or differs. */
static double fn_eval(const char *name, const double *a)
{
    static const struct {
        const char *name;
        double (*f1)(double);
        double (*f2)(double, double);
    } libm[] = {
        {"sin", sin, NULL},   {"cos", cos, NULL},     {"tan", tan, NULL},     {"asin", asin, NULL},
        {"acos", acos, NULL}, {"atan", atan, NULL},   {"sinh", sinh, NULL},   {"cosh", cosh, NULL},
        {"tanh", tanh, NULL}, {"exp", exp, NULL},     {"exp2", exp2, NULL},   {"log", log, NULL},
        {"log2", log2, NULL}, {"log10", log10, NULL}, {"sqrt", sqrt, NULL},   {"cbrt", cbrt, NULL},
        {"fabs", fabs, NULL}, {"floor", floor, NULL}, {"ceil", ceil, NULL},   {"round", round, NULL},
        {"erf", erf, NULL},   {"erfc", erfc, NULL},   {"tgamma", tgamma, NULL}, {"atan2", NULL, atan2},
        {"pow", NULL, pow},   {"pown", NULL, pow},    {"fmin", NULL, fmin},   {"fmax", NULL, fmax},
        {"min", NULL, fmin},  {"max", NULL, fmax},    {"fmod", NULL, fmod},   {"hypot", NULL, hypot},
    };
    for (size_t i = 0; i < sizeof libm / sizeof libm[0]; i++)
        if (!strcmp(libm[i].name, name))
            return libm[i].f1 ? libm[i].f1(a[0]) : libm[i].f2(a[0], a[1]);
    if (!strcmp(name, "exp10"))
        return pow(10, a[0]);
    if (!strcmp(name, "rsqrt"))
        return 1 / sqrt(a[0]);
    if (!strcmp(name, "powr")) /* OpenCL: x >= 0 only */
        return a[0] < 0 ? NAN : pow(a[0], a[1]);
    if (!strcmp(name, "clamp"))
        return fmin(fmax(a[0], a[1]), a[2]);
    if (!strcmp(name, "step"))
        return a[1] < a[0] ? 0.0 : 1.0;
    if (!strcmp(name, "smoothstep")) {
        double u = fmin(fmax((a[2] - a[0]) / (a[1] - a[0]), 0.0), 1.0);
        return u * u * (3 - 2 * u);
    }
    if (!strcmp(name, "sign"))
        return a[0] > 0 ? 1.0 : a[0] < 0 ? -1.0 : isnan(a[0]) ? 0.0 : a[0];
    return NAN; /* unreachable: the parser knows only the functions above */
}

static double eval_node(const struct expr_tree *t, int i, const double *values)
{
    const struct expr_node *n = &t->node[i];
    switch (n->kind) {
    case EXPR_NUM:
        return n->value;
    case EXPR_VAR:
        return values[n->var];
    case EXPR_CALL: {
        double a[3] = {0, 0, 0};
        for (int k = 0; k < functions[n->fn].arity; k++)
            a[k] = eval_node(t, n->arg[k], values);
        return fn_eval(functions[n->fn].name, a);
    }
    case EXPR_NEG:
        return -eval_node(t, n->arg[0], values);
    case EXPR_PLUS:
        return eval_node(t, n->arg[0], values);
    case EXPR_NOT:
        return !eval_node(t, n->arg[0], values);
    case EXPR_TERNARY:
        return eval_node(t, n->arg[0], values) != 0 ? eval_node(t, n->arg[1], values) : eval_node(t, n->arg[2], values);
    case EXPR_BINARY:
        break;
    }
    const double a = eval_node(t, n->arg[0], values);
    switch (n->op) { /* && and || short-circuit as in C */
    case 0:
        return a != 0 || eval_node(t, n->arg[1], values) != 0;
    case 1:
        return a != 0 && eval_node(t, n->arg[1], values) != 0;
    }
    const double b = eval_node(t, n->arg[1], values);
    switch (n->op) {
    case 2: return a == b;
    case 3: return a != b;
    case 4: return a < b;
    case 5: return a > b;
    case 6: return a <= b;
    case 7: return a >= b;
    case 8: return a + b;
    case 9: return a - b;
    case 10: return a * b;
    default: return a / b;
    }
}

double expr_eval(const struct expr_tree *tree, const double *values)
{
    return eval_node(tree, tree->root, values);
}
