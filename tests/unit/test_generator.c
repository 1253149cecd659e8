/* test_generator.c: the generator's promises, checked on its output. Every valid combination
 * of options builds on the device; the header names every parameter and picl's version; loop
 * bounds are literals where docs/design.md says constants; each template compiles on its own. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "embedded.h"
#include "gen.h"
#include "program.h"

/* Only the config and device helpers of the fixture are needed here. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "fixture.h"
#pragma GCC diagnostic pop

static char err[65536];

/* ---------------------------------------------------------------------------------------- */
/* A small C preprocessor, enough for picl's templates: object- and function-like macros with
 * ## pasting, #undef, #if/#ifdef/#ifndef/#elif/#else/#endif with integer expressions. Loop
 * bounds are judged on its output, so a bound spelled as a macro counts as what the macro
 * finally is, at the point of the loop (species macros are redefined per species). */

#define MAX_MACROS 1024
#define MAX_PARAMS 16

struct macro {
    char *name, *body;
    int fn, n_params;
    char *params[MAX_PARAMS];
};

struct pp {
    struct macro m[MAX_MACROS];
    int n;
    char *out;
    size_t len, cap;
    int errors; /* active #include / #error / unbalanced conditionals */
};

struct text {
    char *s;
    size_t len, cap;
};

static void t_put(struct text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        if (!t->s) {
            printf("FAIL out of memory\n");
            exit(1);
        }
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void t_puts(struct text *t, const char *s)
{
    t_put(t, s, strlen(s));
}

static int is_id0(int c)
{
    return isalpha(c) || c == '_';
}

static int is_id(int c)
{
    return isalnum(c) || c == '_';
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        exit(1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* Comments become spaces (newlines kept, so line numbers stay); strings are left alone. */
static char *strip_comments(const char *src)
{
    size_t n = strlen(src);
    char *out = dup_n(src, n);
    for (size_t i = 0; i < n; i++) {
        if (src[i] == '"' || src[i] == '\'') {
            char q = src[i];
            for (i++; i < n && src[i] != q && src[i] != '\n'; i++)
                if (src[i] == '\\')
                    i++;
        } else if (src[i] == '/' && src[i + 1] == '/') {
            for (; i < n && src[i] != '\n'; i++)
                out[i] = ' ';
        } else if (src[i] == '/' && src[i + 1] == '*') {
            out[i] = out[i + 1] = ' ';
            for (i += 2; i < n && !(src[i] == '*' && src[i + 1] == '/'); i++)
                if (src[i] != '\n')
                    out[i] = ' ';
            if (i < n)
                out[i] = out[i + 1] = ' ';
            i++;
        }
    }
    return out;
}

static struct macro *pp_find(struct pp *p, const char *name, size_t len)
{
    for (int i = 0; i < p->n; i++)
        if (strlen(p->m[i].name) == len && !strncmp(p->m[i].name, name, len))
            return &p->m[i];
    return NULL;
}

static void macro_free(struct macro *m)
{
    free(m->name);
    free(m->body);
    for (int i = 0; i < m->n_params; i++)
        free(m->params[i]);
}

static void pp_undef(struct pp *p, const char *name, size_t len)
{
    struct macro *m = pp_find(p, name, len);
    if (m) {
        macro_free(m);
        *m = p->m[--p->n];
    }
}

static void pp_define(struct pp *p, const char *line)
{
    const char *s = line;
    while (isspace((unsigned char)*s))
        s++;
    const char *name = s;
    while (is_id(*s))
        s++;
    size_t name_len = (size_t)(s - name);
    pp_undef(p, name, name_len);
    if (p->n == MAX_MACROS) {
        printf("FAIL more than %d macros\n", MAX_MACROS);
        p->errors++;
        return;
    }
    struct macro *m = &p->m[p->n++];
    memset(m, 0, sizeof *m);
    m->name = dup_n(name, name_len);
    if (*s == '(') {
        m->fn = 1;
        s++;
        while (*s && *s != ')') {
            while (isspace((unsigned char)*s) || *s == ',')
                s++;
            const char *a = s;
            while (is_id(*s))
                s++;
            if (s > a && m->n_params < MAX_PARAMS)
                m->params[m->n_params++] = dup_n(a, (size_t)(s - a));
            while (*s && *s != ',' && *s != ')')
                s++;
        }
        if (*s == ')')
            s++;
    }
    while (isspace((unsigned char)*s))
        s++;
    size_t blen = strlen(s);
    while (blen && isspace((unsigned char)s[blen - 1]))
        blen--;
    m->body = dup_n(s, blen);
}

/* Names being expanded: a macro is not expanded inside its own expansion. */
struct hide {
    const struct macro *m;
    const struct hide *up;
};

static int hidden(const struct hide *h, const struct macro *m)
{
    for (; h; h = h->up)
        if (h->m == m)
            return 1;
    return 0;
}

static void expand(struct pp *p, const char *s, size_t n, const struct hide *h, struct text *out);

/* Substitutes the arguments into a function-like macro's body: raw next to ##, expanded
 * elsewhere; then pastes the ## operands together. */
static void substitute(struct pp *p, const struct macro *m, char **raw, int n_args, const struct hide *h,
                       struct text *out)
{
    struct text t = {0};
    const char *b = m->body;
    size_t n = strlen(b);
    for (size_t i = 0; i < n;) {
        if (is_id0((unsigned char)b[i])) {
            size_t j = i;
            while (j < n && is_id((unsigned char)b[j]))
                j++;
            int param = -1;
            for (int k = 0; k < m->n_params; k++)
                if (strlen(m->params[k]) == j - i && !strncmp(m->params[k], b + i, j - i))
                    param = k;
            if (param < 0 || param >= n_args) {
                t_put(&t, b + i, j - i);
            } else {
                size_t before = i, after = j;
                while (before > 0 && isspace((unsigned char)b[before - 1]))
                    before--;
                while (after < n && isspace((unsigned char)b[after]))
                    after++;
                int pasted = (before >= 2 && b[before - 1] == '#' && b[before - 2] == '#') ||
                             (after + 1 < n && b[after] == '#' && b[after + 1] == '#');
                if (pasted)
                    t_puts(&t, raw[param]);
                else
                    expand(p, raw[param], strlen(raw[param]), h, &t);
            }
            i = j;
        } else {
            t_put(&t, b + i, 1);
            i++;
        }
    }
    /* paste: drop "##" with the blanks around it */
    struct text pasted = {0};
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] == '#' && i + 1 < t.len && t.s[i + 1] == '#') {
            while (pasted.len && isspace((unsigned char)pasted.s[pasted.len - 1]))
                pasted.s[--pasted.len] = '\0';
            i += 2;
            while (i < t.len && isspace((unsigned char)t.s[i]))
                i++;
            i--;
            continue;
        }
        t_put(&pasted, t.s + i, 1);
    }
    struct hide inner = {m, h};
    if (pasted.len)
        expand(p, pasted.s, pasted.len, &inner, out);
    free(t.s);
    free(pasted.s);
}

static void expand(struct pp *p, const char *s, size_t n, const struct hide *h, struct text *out)
{
    for (size_t i = 0; i < n;) {
        if (s[i] == '"' || s[i] == '\'') {
            size_t j = i + 1;
            while (j < n && s[j] != s[i]) {
                if (s[j] == '\\')
                    j++;
                j++;
            }
            j = j < n ? j + 1 : n;
            t_put(out, s + i, j - i);
            i = j;
            continue;
        }
        if (isdigit((unsigned char)s[i])) { /* a number, suffixes and exponents included */
            size_t j = i;
            while (j < n && (is_id((unsigned char)s[j]) || s[j] == '.' ||
                             ((s[j] == '+' || s[j] == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E'))))
                j++;
            t_put(out, s + i, j - i);
            i = j;
            continue;
        }
        if (!is_id0((unsigned char)s[i])) {
            t_put(out, s + i, 1);
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && is_id((unsigned char)s[j]))
            j++;
        struct macro *m = pp_find(p, s + i, j - i);
        if (!m || hidden(h, m)) {
            t_put(out, s + i, j - i);
            i = j;
            continue;
        }
        if (!m->fn) {
            struct hide inner = {m, h};
            t_puts(out, " ");
            expand(p, m->body, strlen(m->body), &inner, out);
            t_puts(out, " ");
            i = j;
            continue;
        }
        size_t k = j;
        while (k < n && isspace((unsigned char)s[k]))
            k++;
        if (k >= n || s[k] != '(') { /* a function-like macro's name without arguments */
            t_put(out, s + i, j - i);
            i = j;
            continue;
        }
        char *raw[MAX_PARAMS];
        int n_args = 0, depth = 0;
        size_t a = k + 1;
        for (k = k + 1; k < n; k++) {
            if (s[k] == '(') {
                depth++;
            } else if ((s[k] == ',' && depth == 0) || (s[k] == ')' && depth == 0)) {
                if (n_args < MAX_PARAMS)
                    raw[n_args++] = dup_n(s + a, k - a);
                a = k + 1;
                if (s[k] == ')')
                    break;
            } else if (s[k] == ')') {
                depth--;
            }
        }
        if (n_args == 1 && m->n_params == 0) /* F() */
            free(raw[--n_args]);
        t_puts(out, " ");
        substitute(p, m, raw, n_args, h, out);
        t_puts(out, " ");
        for (int q = 0; q < n_args; q++)
            free(raw[q]);
        i = k < n ? k + 1 : n;
    }
}

/* #if expressions: integers only; unknown names are 0, as in C. */
struct ev {
    const char *s;
};

static long ev_expr(struct ev *e, int min_prec);

static void ev_space(struct ev *e)
{
    while (isspace((unsigned char)*e->s))
        e->s++;
}

static long ev_unary(struct ev *e)
{
    ev_space(e);
    char c = *e->s;
    if (c == '!' || c == '-' || c == '+' || c == '~') {
        e->s++;
        long v = ev_unary(e);
        return c == '!' ? !v : c == '-' ? -v : c == '~' ? ~v : v;
    }
    if (c == '(') {
        e->s++;
        long v = ev_expr(e, 0);
        ev_space(e);
        if (*e->s == ')')
            e->s++;
        return v;
    }
    if (isdigit((unsigned char)c)) {
        char *end;
        long v = strtol(e->s, &end, 0);
        e->s = end;
        while (is_id((unsigned char)*e->s)) /* u, l suffixes */
            e->s++;
        return v;
    }
    while (is_id((unsigned char)*e->s))
        e->s++;
    return 0;
}

static const struct {
    const char *op;
    int prec;
} ev_ops[] = {{"||", 1}, {"&&", 2}, {"==", 6}, {"!=", 6}, {"<=", 7}, {">=", 7}, {"<<", 8}, {">>", 8},
              {"|", 3},  {"^", 4},  {"&", 5},  {"<", 7},  {">", 7},  {"+", 9},  {"-", 9},  {"*", 10},
              {"/", 10}, {"%", 10}};

static long ev_expr(struct ev *e, int min_prec)
{
    long v = ev_unary(e);
    for (;;) {
        ev_space(e);
        int found = -1;
        for (size_t i = 0; i < sizeof ev_ops / sizeof *ev_ops && found < 0; i++)
            if (!strncmp(e->s, ev_ops[i].op, strlen(ev_ops[i].op)))
                found = (int)i;
        if (found < 0 || ev_ops[found].prec < min_prec)
            return v;
        e->s += strlen(ev_ops[found].op);
        long r = ev_expr(e, ev_ops[found].prec + 1);
        const char *op = ev_ops[found].op;
        if (!strcmp(op, "||"))
            v = v || r;
        else if (!strcmp(op, "&&"))
            v = v && r;
        else if (!strcmp(op, "=="))
            v = v == r;
        else if (!strcmp(op, "!="))
            v = v != r;
        else if (!strcmp(op, "<="))
            v = v <= r;
        else if (!strcmp(op, ">="))
            v = v >= r;
        else if (!strcmp(op, "<<"))
            v = v << r;
        else if (!strcmp(op, ">>"))
            v = v >> r;
        else if (!strcmp(op, "|"))
            v = v | r;
        else if (!strcmp(op, "^"))
            v = v ^ r;
        else if (!strcmp(op, "&"))
            v = v & r;
        else if (!strcmp(op, "<"))
            v = v < r;
        else if (!strcmp(op, ">"))
            v = v > r;
        else if (!strcmp(op, "+"))
            v = v + r;
        else if (!strcmp(op, "-"))
            v = v - r;
        else if (!strcmp(op, "*"))
            v = v * r;
        else if (!strcmp(op, "/"))
            v = r ? v / r : 0;
        else
            v = r ? v % r : 0;
    }
}

static int pp_if(struct pp *p, const char *cond)
{
    /* defined(X) and defined X first, before macros expand */
    struct text t = {0};
    for (const char *s = cond; *s;) {
        if (!strncmp(s, "defined", 7) && !is_id((unsigned char)s[7])) {
            s += 7;
            while (*s == ' ' || *s == '(')
                s++;
            const char *a = s;
            while (is_id((unsigned char)*s))
                s++;
            t_puts(&t, pp_find(p, a, (size_t)(s - a)) ? " 1 " : " 0 ");
            while (*s == ' ' || *s == ')')
                s++;
        } else {
            t_put(&t, s++, 1);
        }
    }
    struct text x = {0};
    expand(p, t.s ? t.s : "0", t.s ? t.len : 1, NULL, &x);
    struct ev e = {x.s ? x.s : "0"};
    long v = ev_expr(&e, 0);
    free(t.s);
    free(x.s);
    return v != 0;
}

/* Runs the preprocessor over src; the output (p->out) holds the active text, expanded. */
static void pp_run(struct pp *p, const char *src)
{
    memset(p, 0, sizeof *p);
    char *code = strip_comments(src);
    struct text out = {0}, pending = {0};
    int active[64] = {1}, taken[64] = {1}, depth = 0;
    char *line = code;
    while (*line) {
        /* one logical line: backslash-newline joins */
        struct text l = {0};
        char *s = line;
        for (;;) {
            char *nl = strchr(s, '\n');
            size_t n = nl ? (size_t)(nl - s) : strlen(s);
            if (n && s[n - 1] == '\\') {
                t_put(&l, s, n - 1);
                s += n + 1;
                continue;
            }
            t_put(&l, s, n);
            s += n + (nl != NULL);
            break;
        }
        line = s;
        const char *d = l.s ? l.s : "";
        while (*d == ' ' || *d == '\t')
            d++;
        if (*d != '#') {
            if (active[depth]) {
                t_puts(&pending, d);
                t_puts(&pending, "\n");
            }
            free(l.s);
            continue;
        }
        /* a directive: expand the text before it with the macros as they are now */
        if (pending.len) {
            expand(p, pending.s, pending.len, NULL, &out);
            pending.len = 0;
        }
        d++;
        while (*d == ' ' || *d == '\t')
            d++;
        const char *word = d;
        while (is_id((unsigned char)*d))
            d++;
        size_t wl = (size_t)(d - word);
        while (*d == ' ' || *d == '\t')
            d++;
#define IS(w) (wl == strlen(w) && !strncmp(word, w, wl))
        if (IS("if") || IS("ifdef") || IS("ifndef")) {
            int v;
            if (IS("if")) {
                v = active[depth] && pp_if(p, d);
            } else {
                const char *a = d;
                while (is_id((unsigned char)*d))
                    d++;
                v = pp_find(p, a, (size_t)(d - a)) != NULL;
                v = IS("ifdef") ? v : !v;
            }
            if (depth + 1 == 64) {
                p->errors++;
                break;
            }
            depth++;
            active[depth] = active[depth - 1] && v;
            taken[depth] = v;
        } else if (IS("elif") || IS("else")) {
            if (depth == 0) {
                printf("FAIL #%.*s without #if\n", (int)wl, word);
                p->errors++;
            } else {
                int v = !taken[depth] && active[depth - 1] && (IS("else") || pp_if(p, d));
                active[depth] = v;
                taken[depth] = taken[depth] || v;
            }
        } else if (IS("endif")) {
            if (depth == 0) {
                printf("FAIL #endif without #if\n");
                p->errors++;
            } else {
                depth--;
            }
        } else if (active[depth]) {
            if (IS("define")) {
                pp_define(p, d);
            } else if (IS("undef")) {
                const char *a = d;
                while (is_id((unsigned char)*d))
                    d++;
                pp_undef(p, a, (size_t)(d - a));
            } else if (IS("include") || IS("error")) {
                printf("FAIL active #%s %s in generated source\n", IS("include") ? "include" : "error", d);
                p->errors++;
            }
            /* #pragma, #line: nothing to do */
        }
#undef IS
        t_puts(&out, "\n");
        free(l.s);
    }
    if (pending.len)
        expand(p, pending.s, pending.len, NULL, &out);
    if (depth != 0) {
        printf("FAIL %d unterminated #if\n", depth);
        p->errors++;
    }
    free(pending.s);
    free(code);
    p->out = out.s ? out.s : dup_n("", 0);
}

static void pp_free(struct pp *p)
{
    for (int i = 0; i < p->n; i++)
        macro_free(&p->m[i]);
    free(p->out);
}

/* ---------------------------------------------------------------------------------------- */
/* Loop bounds. After preprocessing, the condition of every `for` may hold only its own loop
 * variables, literals, operators and type names (casts). Anything else is a run-time bound,
 * allowed only where the list below says why. */

struct runtime_bound {
    const char *function_prefix; /* the function the loop is in (prefix: per-species suffixes) */
    const char *name; /* the run-time name in the condition; "" for a loop without condition */
    const char *why;
};

static const struct runtime_bound allowed[] = {
    /* Loops over the particles of a box: their number changes every step as particles move
     * between boxes, and only the device knows it (the box table, BT_COUNT). */
    {"push_deposit_", "n", "the particles of the box, BT_COUNT from the box table"},
    {"push_deposit_", "hi", "local_tiles: the particles of the tile, from the tile list or BT_COUNT"},
    {"push_deposit_", "q1", "simd_cells: the particles of a cell, from the ends of the cell list"},
    {"particles_tile_bin", "n", "the particles of the box being listed by tile, BT_COUNT"},
    {"particles_reorder_tiles", "n", "the particles of the box being sorted by cell, BT_COUNT"},
    {"push_back_", "box", "the particles of the box, from the box table"},
    {"deposit_rho_", "box", "the particles of the box, from the box table"},
    {"reduce_kinetic_", "box", "the particles of the box, from the box table"},
    {"reduce_kinetic_", "np", "the particle count of the species"},
    {"kinetic_centred_", "box", "the particles of the box, from the box table"},
    {"particles_deliver", "o1", "the particles waiting in a neighbour box's outbox, BT_OUT_COUNT"},
    {"particles_bin", "n", "the particles of the box being binned, BT_COUNT"},
    {"particles_reorder", "n", "the particles of the box being reordered, BT_COUNT"},
    {"window_shift_particles", "n", "the particles of the box the moving window shifts, BT_COUNT"},
    /* Between MPI ranks (templates/particles_deliver.cl, guards.cl): how many particles left for
     * other ranks, or arrived, is known only after the push; a cell's contributions from other
     * ranks' guards are a list made once per decomposition. */
    {"particles_count_remote", "o1", "the particles in the box's outbox, BT_OUT_COUNT"},
    {"particles_pack_remote", "o1", "the particles in the box's outbox, BT_OUT_COUNT"},
    {"particles_unpack_remote", "n", "the particles received this step, counted by MPI"},
    {"halo_unpack_add", "e1", "the entries other ranks send for one cell, from the exchange plan"},
    {"halo_sum", "e1", "the guard cells that alias one cell, from the plan made once per decomposition"},
    {"atomic_add_real", "", "compare-and-swap retry loop (atomic_add_real and atomic_add_real_local): it ends "
                            "when no other work item interfered"},
};

static const char *const type_words[] = {"int", "uint", "long", "ulong", "short", "ushort", "char", "uchar",
                                         "size_t", "float", "double", "real", "acc_real", "unsigned", "const"};

struct loop_report {
    int loops; /* for statements seen */
    int runtime; /* allowed run-time bounds */
    int inlined; /* bounds that are parameters of always_inline functions, constant at every call */
    int violations;
    char first[512]; /* the first violation, for the message */
    char all[2048]; /* every violation, one line each (as far as it fits) */
};

static int word_in(const char *w, size_t n, const char *const *list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strlen(list[i]) == n && !strncmp(list[i], w, n))
            return 1;
    return 0;
}

static int allowed_bound(const char *function, const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
        if (!strncmp(function, allowed[i].function_prefix, strlen(allowed[i].function_prefix)) &&
            strlen(allowed[i].name) == n && !strncmp(allowed[i].name, name, n))
            return 1;
    return 0;
}

/* The calling function's arguments after fmt, formatted into the array buf. */
#define FORMAT_VARARGS(buf, fmt)                                                                                       \
    do {                                                                                                               \
        va_list ap_;                                                                                                   \
        va_start(ap_, fmt);                                                                                            \
        vsnprintf(buf, sizeof buf, fmt, ap_);                                                                          \
        va_end(ap_);                                                                                                   \
    } while (0)

static void violation(struct loop_report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void violation(struct loop_report *r, const char *fmt, ...)
{
    char line[512];
    FORMAT_VARARGS(line, fmt);
    if (!r->violations)
        snprintf(r->first, sizeof r->first, "%s", line);
    size_t used = strlen(r->all);
    if (!strstr(r->all, line) && used + strlen(line) + 8 < sizeof r->all)
        snprintf(r->all + used, sizeof r->all - used, "    %s\n", line);
    r->violations++;
}

/* The next name in s[0, n) from *at that is not a number, a type word or one of vars; its
 * length in *len, or NULL when there is none (the text is constant but for vars). */
static const char *next_name(const char *s, size_t n, size_t *at, const char *const *vars, const size_t *var_len,
                             int n_vars, size_t *len)
{
    for (size_t q = *at; q < n; q++) {
        if (isdigit((unsigned char)s[q]) || (s[q] == '.' && q + 1 < n && isdigit((unsigned char)s[q + 1]))) {
            while (q < n && (is_id((unsigned char)s[q]) || s[q] == '.' ||
                             ((s[q] == '+' || s[q] == '-') && tolower((unsigned char)s[q - 1]) == 'e')))
                q++;
            q--;
            continue;
        }
        if (!is_id0((unsigned char)s[q]))
            continue;
        size_t e = q;
        while (e < n && is_id((unsigned char)s[e]))
            e++;
        int known = word_in(s + q, e - q, type_words, sizeof type_words / sizeof *type_words);
        for (int v = 0; v < n_vars && !known; v++)
            known = var_len[v] == e - q && !strncmp(vars[v], s + q, e - q);
        if (!known) {
            *at = e;
            *len = e - q;
            return s + q;
        }
        q = e - 1;
    }
    *at = n;
    return NULL;
}

/* Splits the parenthesised list that starts at s[open] ('(') at its top-level commas:
 * item i is [from[i], to[i]). Returns the number of items, and the index of ')' in *close. */
static int split_list(const char *s, size_t n, size_t open, size_t *from, size_t *to, int max, size_t *close)
{
    int items = 0, depth = 0;
    size_t a = open + 1;
    for (size_t q = open + 1; q < n; q++) {
        if (s[q] == '(' || s[q] == '[' || s[q] == '{') {
            depth++;
        } else if ((s[q] == ')' || s[q] == ']' || s[q] == '}') && depth > 0) {
            depth--;
        } else if ((s[q] == ',' || s[q] == ')') && depth == 0) {
            if (items < max) {
                from[items] = a;
                to[items] = q;
            }
            items++;
            a = q + 1;
            if (s[q] == ')') {
                *close = q;
                return items < max ? items : max;
            }
        }
    }
    *close = n;
    return items < max ? items : max;
}

/* A bound that is a parameter of an always_inline function is a literal after inlining when
 * every call passes a constant there; the check of those calls waits until the whole text
 * has been seen. */
struct inlined_bound {
    char function[128];
    int param;
    char loop[256];
};

static void check_inlined_calls(const char *text, const struct inlined_bound *ib, struct loop_report *r)
{
    size_t n = strlen(text), fl = strlen(ib->function);
    int braces = 0, calls = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '{')
            braces++;
        else if (text[i] == '}')
            braces--;
        if (braces == 0 || strncmp(text + i, ib->function, fl) || (i > 0 && is_id((unsigned char)text[i - 1])) ||
            is_id((unsigned char)text[i + fl]))
            continue;
        size_t k = i + fl;
        while (k < n && isspace((unsigned char)text[k]))
            k++;
        if (text[k] != '(')
            continue;
        size_t from[32], to[32], close;
        int items = split_list(text, n, k, from, to, 32, &close);
        calls++;
        size_t at = 0, len;
        const char *name = NULL;
        if (ib->param < items)
            name = next_name(text + from[ib->param], to[ib->param] - from[ib->param], &at, NULL, NULL, 0, &len);
        if (ib->param >= items || name)
            violation(r, "%s: %s, and a call passes '%.*s', not a constant", ib->function, ib->loop,
                      ib->param < items ? (int)(to[ib->param] - from[ib->param]) : 0,
                      ib->param < items ? text + from[ib->param] : "");
        i = close;
    }
    if (calls == 0)
        violation(r, "%s: %s, and no call of %s was found", ib->function, ib->loop, ib->function);
}

static void check_loops(const char *text, struct loop_report *r)
{
    memset(r, 0, sizeof *r);
    static struct inlined_bound pending[256];
    int n_pending = 0;
    char function[128] = "(file scope)", candidate[128] = "";
    size_t candidate_open = 0, decl_start = 0;
    /* the enclosing function's parameters, and whether it is always inlined */
    size_t param_from[32], param_to[32];
    int n_params = 0, always_inline = 0;
    int braces = 0, parens = 0;
    size_t n = strlen(text);
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c == '"' || c == '\'') {
            for (i++; i < n && text[i] != c; i++)
                if (text[i] == '\\')
                    i++;
            continue;
        }
        if (c == '{') {
            if (braces == 0 && candidate[0]) {
                snprintf(function, sizeof function, "%s", candidate);
                size_t close;
                n_params = split_list(text, n, candidate_open, param_from, param_to, 32, &close);
                char *decl = dup_n(text + decl_start, i - decl_start);
                always_inline = strstr(decl, "always_inline") != NULL;
                free(decl);
                candidate[0] = '\0';
            }
            braces++;
            continue;
        }
        if (c == '}' || c == ';') {
            braces -= c == '}';
            if (braces == 0 && parens == 0)
                decl_start = i + 1;
            continue;
        }
        if (c == '(') {
            parens++;
            continue;
        }
        if (c == ')') {
            parens--;
            continue;
        }
        if (!is_id0((unsigned char)c) || (i > 0 && is_id((unsigned char)text[i - 1])))
            continue;
        size_t j = i;
        while (j < n && is_id((unsigned char)text[j]))
            j++;
        size_t k = j;
        while (k < n && isspace((unsigned char)text[k]))
            k++;
        int call = k < n && text[k] == '(';
        if (braces == 0 && parens == 0 && call && strncmp(text + i, "__attribute__", j - i)) {
            snprintf(candidate, sizeof candidate, "%.*s", (int)(j - i), text + i);
            candidate_open = k;
        }
        if (!(j - i == 3 && !strncmp(text + i, "for", 3) && call)) {
            i = j - 1;
            continue;
        }
        /* for ( init ; cond ; incr ) */
        size_t part[3] = {k + 1, 0, 0}, end = 0;
        int depth = 0, semis = 0;
        for (size_t q = k + 1; q < n; q++) {
            if (text[q] == '(')
                depth++;
            else if (text[q] == ')' && depth-- == 0) {
                end = q;
                break;
            } else if (text[q] == ';' && depth == 0 && semis < 2)
                part[++semis] = q + 1;
        }
        r->loops++;
        if (semis != 2 || !end) {
            violation(r, "%s: a for statement that does not parse", function);
            i = j - 1;
            continue;
        }
        /* loop variables: the names assigned in the init part */
        const char *vars[8];
        size_t var_len[8];
        int n_vars = 0;
        for (size_t q = part[0]; q + 1 < part[1]; q++) {
            if (!is_id0((unsigned char)text[q]) || is_id((unsigned char)text[q - 1]))
                continue;
            size_t e = q;
            while (is_id((unsigned char)text[e]))
                e++;
            size_t a = e;
            while (isspace((unsigned char)text[a]))
                a++;
            if (text[a] == '=' && text[a + 1] != '=' && n_vars < 8) {
                vars[n_vars] = text + q;
                var_len[n_vars++] = e - q;
            }
            q = e - 1;
        }
        const char *cond = text + part[1];
        size_t cond_len = part[2] - 1 - part[1];
        int blank = 1;
        for (size_t q = 0; q < cond_len; q++)
            if (!isspace((unsigned char)cond[q]))
                blank = 0;
        if (blank) {
            if (allowed_bound(function, "", 0))
                r->runtime++;
            else
                violation(r, "%s: a for loop without a condition", function);
            i = j - 1;
            continue;
        }
        int runtime = 0, inlined = 0, bad = 0;
        size_t at = 0, len;
        const char *name;
        while (!bad && (name = next_name(cond, cond_len, &at, vars, var_len, n_vars, &len))) {
            if (allowed_bound(function, name, len)) {
                runtime = 1;
                continue;
            }
            int param = -1;
            for (int q = 0; q < n_params && always_inline; q++) {
                size_t pa = param_from[q], pe = param_to[q];
                while (pe > pa && !is_id((unsigned char)text[pe - 1])) /* trailing blanks */
                    pe--;
                size_t ps = pe;
                while (ps > pa && is_id((unsigned char)text[ps - 1]))
                    ps--;
                if (pe - ps == len && !strncmp(text + ps, name, len))
                    param = q;
            }
            if (param >= 0 && n_pending < 256) {
                struct inlined_bound *ib = &pending[n_pending++];
                snprintf(ib->function, sizeof ib->function, "%s", function);
                ib->param = param;
                snprintf(ib->loop, sizeof ib->loop, "for (...;%.*s;...) is bounded by its parameter '%.*s'",
                         (int)cond_len, cond, (int)len, name);
                inlined = 1;
                continue;
            }
            bad = 1;
            violation(r, "%s: for (...;%.*s;...) is bounded by run-time '%.*s'", function, (int)cond_len, cond,
                      (int)len, name);
        }
        r->runtime += runtime && !bad;
        r->inlined += inlined && !bad;
        i = j - 1;
    }
    for (int q = 0; q < n_pending; q++)
        check_inlined_calls(text, &pending[q], r);
}

/* The checker itself must catch what it is for: a bound that is a kernel argument, directly
 * or through a function-like macro, is a violation; literals through macros are not. */
static void test_loop_checker(void)
{
    const char *src = "#define N 4\n"
                      "#define M (N + 2)\n"
                      "#define LOOP(n) for (int i = 0; i < (n); i++) x += i;\n"
                      "#define CAT2(a, b) a##b\n"
                      "#define CAT(a, b) CAT2(a, b)\n"
                      "#define SUFFIX _0\n"
                      "#if N > 3\n"
                      "#define BIG 1\n"
                      "#else\n"
                      "#define BIG m\n"
                      "#endif\n"
                      "/* for (int c = 0; c < comment; c++) is not code */\n"
                      "__kernel void CAT(k, SUFFIX)(int m)\n"
                      "{\n"
                      "    int x = 0;\n"
                      "    for (int j = 0; j < M * BIG; j++) x++;\n"
                      "    LOOP(N)\n"
                      "    LOOP(m)\n"
                      "}\n"
                      "__kernel void reduce_kinetic_3(int np) { for (int ip = 0; ip < np; ip++) ; }\n"
                      "__kernel void other(int np) { for (int ip = 0; ip < np; ip++) ; for (;;) break; }\n"
                      "static inline __attribute__((always_inline)) void win(int a, const int W)\n"
                      "{ for (int k = 0; k < W - 1; k++) a++; }\n"
                      "static inline void win2(const int W) { for (int k = 0; k < W; k++) ; }\n"
                      "static inline __attribute__((always_inline)) void win3(const int W) { for (int k = 0; k < W; k++) ; }\n"
                      "__kernel void user(int m) { win(m, N + 1); win(0, 3); win2(3); win3(3); win3(m); }\n";
    struct pp p;
    pp_run(&p, src);
    struct loop_report r;
    check_loops(p.out, &r);
    CHECK(p.errors == 0);
    CHECK(strstr(p.out, "k_0") != NULL);
    CHECK(r.loops == 9);
    CHECK(r.runtime == 1); /* np in reduce_kinetic_3 */
    CHECK(r.inlined == 2); /* win's W (constant at both calls), win3's W (not: see below) */
    /* m through LOOP, np in other(), for (;;) in other(), W of win2 (not always_inline),
     * win3(m) (a run-time argument for an inlined bound) */
    CHECK(r.violations == 5);
    CHECK(strstr(r.first, "k_0: ") == r.first && strstr(r.first, "'m'") != NULL);
    REPORT("loop checker self-test: %d loops, %d run-time bounds allowed, %d inlined, %d violations, first: %s",
           r.loops, r.runtime, r.inlined, r.violations, r.first);
    pp_free(&p);
}

/* ---------------------------------------------------------------------------------------- */

/* `#line N "picl.cl"` must give the number of the next line, so compiler messages and
 * `picl gen`'s file agree. */
static int line_directives_ok(const char *src)
{
    int line = 1, bad = 0;
    for (const char *s = src; *s; line++) {
        int n, end = 0;
        if (sscanf(s, "#line %d \"picl.cl\"%n", &n, &end) == 1 && end > 0 && n != line + 1) {
            if (!bad)
                printf("FAIL line %d: #line %d, expected %d\n", line, n, line + 1);
            bad++;
        }
        const char *nl = strchr(s, '\n');
        if (!nl)
            break;
        s = nl + 1;
    }
    return bad == 0;
}

static int contains(const char *text, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int contains(const char *text, const char *fmt, ...)
{
    char want[512];
    FORMAT_VARARGS(want, fmt);
    if (strstr(text, want))
        return 1;
    printf("FAIL the header lacks \"%s\"\n", want);
    return 0;
}

static int count_token(const char *text, const char *word)
{
    int n = 0;
    size_t wl = strlen(word);
    for (const char *s = text; (s = strstr(s, word)); s += wl)
        if ((s == text || !is_id((unsigned char)s[-1])) && !is_id((unsigned char)s[wl]))
            n++;
    return n;
}

static int build(struct device *dev, const struct picl_config *cfg, const char *src, cl_uint *n_kernels)
{
    cl_program prog = NULL;
    if (program_build(dev, cfg, src, "picl.cl", &prog, err, sizeof err)) {
        printf("FAIL build: %.4000s\n", err);
        return -1;
    }
    cl_uint n = 0;
    cl_int rc = clCreateKernelsInProgram(prog, 0, NULL, &n);
    clReleaseProgram(prog);
    *n_kernels = n;
    return rc == CL_SUCCESS && n > 0 ? 0 : -1;
}

struct combo {
    const char *precision;
    int order, n_species, with_fields;
};

/* An input for one combination. Two species exercise a frozen background, a density
 * expression, a bounded region and several boxes; one species a constant density. */
static void combo_config(struct picl_config *cfg, const struct combo *c)
{
    const char *fields = c->with_fields ? "  fields = { Ex = 'E0*sin(k*x)', By = 'E0/c*cos(k*y + 0.1)', Bz = 2e-3 },\n" : "";
    const char *species =
        c->n_species == 1
            ? "  species = { { name = 'electrons', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 } },\n"
            : "  species = {\n"
              "    { name = 'electrons', particle = 'electron', density = 'n0*(1 + 0.1*cos(k*x))', ppc = {2, 1, 1},\n"
              "      u_drift = {0.01, 0, 0}, u_th = 0.01, seed = 7 },\n"
              "    { name = 'ions', particle = 'proton', density = 'n0', ppc = 1, frozen = true,\n"
              "      region = { lower = {0, 0, 0}, upper = {16e-7, 8e-7, 8e-7} } },\n"
              "  },\n";
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {16, 8, 8}, lower = {0, 0, 0}, upper = {16e-7, 8e-7, 8e-7}, max_box = %s },\n"
                   "  steps = 2, precision = '%s', shape_order = %d,\n"
                   "  constants = { k = 2*math.pi/16e-7, n0 = 1e24, E0 = 1e6 },\n"
                   "%s%s"
                   "  diagnostics = { reduced = { name = 'energy', interval = 1 } },\n"
                   "}\n",
                   c->n_species == 1 ? "{16, 8, 8}" : "{8, 8, 8}", c->precision, c->order, fields, species);
}

static void test_combinations(struct device *dev)
{
    const char *precisions[] = {"float", "double"};
    int combos = 0, built = 0;
    cl_uint kernels_min = 1u << 30, kernels_max = 0;
    for (int pi = 0; pi < 2; pi++)
        for (int order = 1; order <= 3; order++)
            for (int ns = 1; ns <= 2; ns++)
                for (int wf = 0; wf <= 1; wf++) {
                    struct combo c = {precisions[pi], order, ns, wf};
                    struct picl_config *cfg = calloc(1, sizeof *cfg);
                    if (!cfg)
                        exit(1);
                    combo_config(cfg, &c);
                    struct strbuf src;
                    sb_init(&src);
                    combos++;
                    int rc = gen_program(cfg, &dev->facts, &src, err, sizeof err);
                    if (rc)
                        printf("FAIL %s order %d, %d species%s: gen_program: %s\n", c.precision, order, ns,
                               wf ? ", fields" : "", err);
                    CHECK(rc == 0);
                    cl_uint nk = 0;
                    if (rc == 0) {
                        int ok = build(dev, cfg, src.data, &nk) == 0;
                        if (!ok)
                            printf("FAIL %s order %d, %d species%s does not build\n", c.precision, order, ns,
                                   wf ? ", fields" : "");
                        CHECK(ok);
                        built += ok;
                        kernels_min = nk < kernels_min ? nk : kernels_min;
                        kernels_max = nk > kernels_max ? nk : kernels_max;

                        /* the header: every parameter and the version */
                        const char *end = strstr(src.data, "*/");
                        char *header = dup_n(src.data, end ? (size_t)(end - src.data) : 0);
                        CHECK(strncmp(src.data, "/* Generated by picl " PICL_VERSION " ", 22 + strlen(PICL_VERSION)) == 0);
                        CHECK(contains(header, "%s", cfg->input_path));
                        CHECK(contains(header, "input hash   %016llx", (unsigned long long)cfg->input_hash));
                        CHECK(contains(header, "device       %s", dev->facts.name));
                        CHECK(contains(header, "precision    %s", c.precision));
                        CHECK(contains(header, "grid         16 x 8 x 8 cells"));
                        CHECK(contains(header, "boxes        %s", ns == 1 ? "1 x 1 x 1 of 16 x 8 x 8" : "2 x 1 x 1 of 8 x 8 x 8"));
                        CHECK(contains(header, "solver       yee, dt = %.17g s", cfg->dt));
                        CHECK(contains(header, "shape order %d, pusher boris", order));
                        CHECK(contains(header, "species 0    electrons: q = -1.60217663e-19 C"));
                        if (ns == 2)
                            CHECK(contains(header, "species 1    ions: q = 1.60217663e-19 C, m = 1.67262192e-27 kg, ppc 1 x 1 x 1, frozen"));
                        CHECK(contains(header, "constant     k = "));
                        CHECK(contains(header, "constant     E0 = 1000000"));
                        free(header);

                        CHECK(line_directives_ok(src.data));
                        struct pp p;
                        pp_run(&p, src.data);
                        CHECK(p.errors == 0);
                        struct loop_report r;
                        check_loops(p.out, &r);
                        if (r.violations)
                            printf("FAIL %s order %d, %d species%s: %d loops with run-time bounds (add them to "
                                   "allowed[] with a reason if they must be):\n%s",
                                   c.precision, order, ns, wf ? ", fields" : "", r.violations, r.all);
                        CHECK(r.violations == 0);
                        CHECK(r.loops > 10);
                        /* one allowed run-time loop per species (reduce_kinetic), plus the CAS loop */
                        CHECK(r.runtime >= ns);
                        if (pi == 1 && order == 3 && ns == 2 && wf == 1)
                            REPORT("double order 3, 2 species, fields: %d lines, %u kernels, %d for loops: %d with an "
                                   "allowed run-time bound, %d bounded by a constant argument of an inlined function",
                                   sb_lines(&src), nk, r.loops, r.runtime, r.inlined);
                        /* float runs must not quietly compute in double, except for diagnostics (acc_real) */
                        if (pi == 0) {
                            int doubles = count_token(p.out, "double");
                            int acc = count_token(src.data, "acc_real");
                            CHECK(acc > 0);
                            if (!dev->facts.has_fp64)
                                CHECK(doubles == 0);
                        }
                        pp_free(&p);
                    }
                    sb_free(&src);
                    free(cfg);
                }
    REPORT("%d combinations (float/double x order 1-3 x 1-2 species x with/without fields): %d built on %s, "
           "%u to %u kernels each",
           combos, built, dev->name, kernels_min, kernels_max);
}

/* A float run for a device without fp64 uses no double at all and builds. */
static void test_no_fp64(struct device *dev)
{
    struct combo c = {"float", 3, 2, 1};
    struct picl_config *cfg = calloc(1, sizeof *cfg);
    if (!cfg)
        exit(1);
    combo_config(cfg, &c);
    struct gen_device facts = dev->facts;
    facts.has_fp64 = 0;
    snprintf(facts.name, sizeof facts.name, "%s", "a float-only device");
    struct strbuf src;
    sb_init(&src);
    CHECK(gen_program(cfg, &facts, &src, err, sizeof err) == 0);
    struct pp p;
    pp_run(&p, src.data);
    int doubles = count_token(p.out, "double");
    CHECK(doubles == 0);
    CHECK(strstr(src.data, "cl_khr_fp64") == NULL);
    cl_uint nk;
    CHECK(build(dev, cfg, src.data, &nk) == 0);
    REPORT("float-only device: %d uses of double after preprocessing; builds", doubles);
    pp_free(&p);
    sb_free(&src);

    /* double on it is refused with the key to change */
    struct combo d = {"double", 1, 1, 0};
    combo_config(cfg, &d);
    sb_init(&src);
    CHECK(gen_program(cfg, &facts, &src, err, sizeof err) != 0);
    CHECK(strncmp(err, "precision:", 10) == 0);
    sb_free(&src);
    free(cfg);
}

/* PMLs on all six faces and two lasers (a Gaussian along +y, a profile expression along -z):
 * with Yee and CKC, float and double, the program builds with every slab's and laser's kernels,
 * names them in its header and keeps the loop rules; on a float-only device it uses no double;
 * a profile that does not parse is refused by the generator against its key. */
static void pml_laser_config(struct picl_config *cfg, const char *solver, const char *precision, const char *profile)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {16, 24, 32}, lower = {0, 0, 0}, upper = {16e-7, 24e-7, 32e-7}, max_box = 8 },\n"
                   "  boundary = { field = 'pml', pml_cells = { x = 3, y = {4, 5}, z = 6 } },\n"
                   "  solver = '%s', steps = 2, precision = '%s', shape_order = 2,\n"
                   "  constants = { E1 = 1e9 },\n"
                   "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 } },\n"
                   "  lasers = {\n"
                   "    { name = 'a', position = {8e-7, 6e-7, 16e-7}, direction = '+y', polarization = {1, 0, 1},\n"
                   "      wavelength = 4e-7, a0 = 1, waist = 5e-7, tau = 2e-15, t_peak = 5e-15, focal_distance = 5e-7 },\n"
                   "    { name = 'b', position = {8e-7, 12e-7, 24e-7}, direction = '-z', polarization = {0, 1, 0},\n"
                   "      profile = '%s' } },\n"
                   "}\n",
                   solver, precision, profile);
}

static void test_pml_laser(struct device *dev)
{
    int built = 0;
    const char *kernels[] = {"pml_E", "pml_B0", "pml_B1",
                             "laser_J_0", "laser_B_0", "laser_J_1", "laser_B_1"};
    for (int v = 0; v < 4; v++) {
        struct picl_config *cfg = calloc(1, sizeof *cfg);
        if (!cfg)
            exit(1);
        pml_laser_config(cfg, v & 1 ? "ckc" : "yee", v & 2 ? "double" : "float", "E1*sin(6e15*t)*exp(-x*x/1e-12)");
        struct strbuf src;
        sb_init(&src);
        CHECK(gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0);
        cl_program prog = NULL;
        int ok = program_build(dev, cfg, src.data, "picl.cl", &prog, err, sizeof err) == 0;
        if (!ok)
            printf("FAIL pml and lasers, %s, %s: %.2000s\n", v & 1 ? "ckc" : "yee", v & 2 ? "double" : "float", err);
        for (size_t k = 0; ok && k < sizeof kernels / sizeof *kernels; k++) {
            cl_int rc;
            cl_kernel kn = clCreateKernel(prog, kernels[k], &rc);
            if (rc != CL_SUCCESS)
                printf("FAIL pml and lasers: no kernel %s\n", kernels[k]);
            ok &= rc == CL_SUCCESS;
            if (kn)
                clReleaseKernel(kn);
        }
        if (prog)
            clReleaseProgram(prog);
        const char *end = strstr(src.data, "*/");
        char *header = dup_n(src.data, end ? (size_t)(end - src.data) : 0);
        CHECK(contains(header, "field x:pml(3 cells)/pml(3 cells) y:pml(4 cells)/pml(5 cells) z:pml(6 cells)"));
        CHECK(contains(header, "laser 0      a: +y, antenna on node plane 6"));
        CHECK(contains(header, "laser 1      b: -z, antenna on node plane 24"));
        free(header);
        struct pp p;
        pp_run(&p, src.data);
        struct loop_report r;
        check_loops(p.out, &r);
        if (p.errors || r.violations)
            printf("FAIL pml and lasers: %s\n", r.first);
        CHECK(ok && p.errors == 0 && r.violations == 0);
        built += ok;
        pp_free(&p);
        sb_free(&src);
        free(cfg);
    }
    /* a float-only device */
    struct picl_config *cfg = calloc(1, sizeof *cfg);
    if (!cfg)
        exit(1);
    pml_laser_config(cfg, "yee", "float", "E1*sin(6e15*t)");
    struct gen_device facts = dev->facts;
    facts.has_fp64 = 0;
    struct strbuf src;
    sb_init(&src);
    CHECK(gen_program(cfg, &facts, &src, err, sizeof err) == 0);
    struct pp p;
    pp_run(&p, src.data);
    const int doubles = count_token(p.out, "double");
    CHECK(doubles == 0);
    pp_free(&p);
    sb_free(&src);
    /* a profile that does not parse is refused by the generator, against its key (gen/expr_parse.c) */
    pml_laser_config(cfg, "yee", "double", "E1*sin(6e15*t");
    sb_init(&src);
    const int refused = gen_program(cfg, &dev->facts, &src, err, sizeof err) != 0;
    CHECK(refused && strstr(err, "lasers.b.profile: at character 14 (the end): the expression ends here"));
    if (!refused)
        printf("  the bad profile was not refused\n");
    else if (!strstr(err, "(the end)"))
        printf("  %s\n", err);
    sb_free(&src);
    free(cfg);
    REPORT("PMLs on six faces and two lasers: %d of 4 (yee, ckc x float, double) built with every slab's and laser's "
           "kernels; float-only device: %d doubles; a bad profile is reported against lasers.b.profile",
           built, doubles);
}

/* The other physics choices (solver, pusher, gather, deposition), each with both precisions
 * and every shape order, two species, several boxes and initial fields. Each either builds,
 * with its name in the header and the same loop rules, or is refused by the generator with a
 * message that starts with its key: never silently ignored. */
static void test_other_options(struct device *dev)
{
    static const struct {
        const char *key, *value, *also; /* also: a second --set the option needs, or "" */
    } options[] = {{"solver", "ckc", ""},
                   {"pusher", "vay", ""},
                   {"pusher", "higuera_cary", ""},
                   {"gather", "momentum_conserving", ""},
                   {"deposition", "direct", ""},
                   {"deposition_strategy", "global_atomics", ""},
                   {"deposition_strategy", "local_tiles", ""},
                   {"deposition_strategy", "local_tiles", "work_group.tile={4, 4, 2}"}};
    const char *precisions[] = {"float", "double"};
    char summary[1024] = "";
    size_t used = 0;
    for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
        int n_built = 0, n_refused = 0, n_failed = 0;
        for (int pi = 0; pi < 2; pi++)
            for (int order = 1; order <= 3; order++) {
                struct picl_config *cfg = calloc(1, sizeof *cfg);
                if (!cfg)
                    exit(1);
                char set[64];
                snprintf(set, sizeof set, "%s=%s", options[i].key, options[i].value);
                const char *sets[] = {set, options[i].also};
                fixture_config(cfg, sets, options[i].also[0] ? 2 : 1,
                               FIXTURE_INPUT
                               "  grid = { cells = {16, 8, 8}, lower = {0, 0, 0}, upper = {16e-7, 8e-7, 8e-7}, max_box = 8 },\n"
                               "  steps = 2, precision = '%s', shape_order = %d,\n"
                               "  constants = { k = 2*math.pi/16e-7, E0 = 1e6 },\n"
                               "  fields = { Ey = 'E0*cos(k*x)', Bz = 'E0/c*cos(k*x)' },\n"
                               "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 },\n"
                               "              { name = 'p', particle = 'proton', density = 1e24, ppc = 1 } },\n"
                               "}\n",
                               precisions[pi], order);
                struct strbuf src;
                sb_init(&src);
                if (gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0) {
                    cl_uint nk;
                    int ok = build(dev, cfg, src.data, &nk) == 0;
                    char named[96];
                    /* " * solver       ckc, dt = ..." or "pusher vay, gather ..." */
                    if (!strcmp(options[i].key, "solver"))
                        snprintf(named, sizeof named, " * solver       %s,", options[i].value);
                    else if (!strcmp(options[i].key, "deposition_strategy"))
                        snprintf(named, sizeof named, "(%s)", options[i].value);
                    else
                        snprintf(named, sizeof named, "%s %s", options[i].key, options[i].value);
                    const char *end_of_header = strstr(src.data, "*/");
                    int in_header = strstr(src.data, named) && strstr(src.data, named) < end_of_header;
                    struct pp p;
                    pp_run(&p, src.data);
                    struct loop_report r;
                    check_loops(p.out, &r);
                    if (!ok || !in_header || p.errors || r.violations)
                        printf("FAIL --set %s, %s, order %d: %s%s%s%s\n", set, precisions[pi], order,
                               ok ? "" : "does not build; ", in_header ? "" : "the header does not name it; ",
                               p.errors ? "preprocessing errors; " : "", r.violations ? r.first : "");
                    CHECK(ok && in_header && p.errors == 0 && r.violations == 0);
                    pp_free(&p);
                    n_built += ok;
                    n_failed += !ok;
                } else {
                    size_t kl = strlen(options[i].key);
                    int ok = !strncmp(err, options[i].key, kl) && err[kl] == ':';
                    if (!ok)
                        printf("FAIL --set %s refused without naming '%s': %s\n", set, options[i].key, err);
                    CHECK(ok);
                    n_refused++;
                }
                sb_free(&src);
                free(cfg);
            }
        used += (size_t)snprintf(summary + used, sizeof summary - used, "%s%s%s%s %d built, %d refused%s",
                                 i ? "; " : "", options[i].value, options[i].also[0] ? " " : "", options[i].also,
                                 n_built, n_refused, n_failed ? " (FAILED)" : "");
        if (used >= sizeof summary)
            used = sizeof summary - 1;
    }
    REPORT("other options x float/double x order 1-3: %s", summary);
}

/* The moving window along each axis with a plasma (mobile and frozen) and a beam, in both
 * precisions and every shape order: builds, names the window and the beam in the header, and
 * keeps the loop rules. Without a window no window kernel is generated. */
static void test_window_and_beam(struct device *dev)
{
    const char *precisions[] = {"float", "double"};
    int built = 0, tried = 0;
    for (int axis = 0; axis < 3; axis++)
        for (int pi = 0; pi < 2; pi++)
            for (int order = 1; order <= 3; order++) {
                const char ax = "xyz"[axis];
                struct picl_config *cfg = calloc(1, sizeof *cfg);
                if (!cfg)
                    exit(1);
                fixture_config(cfg, NULL, 0,
                               FIXTURE_INPUT
                               "  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6}, max_box = 8 },\n"
                               "  boundary = { field = { %c = 'pec', %c = 'pml' }, pml_cells = 3 },\n"
                               "  steps = 2, precision = '%s', shape_order = %d,\n"
                               "  moving_window = { axis = '%c', speed = 0.9 },\n"
                               "  fields = { Bz = 0.1 },\n"
                               "  species = {\n"
                               "    { name = 'e', particle = 'electron', density = '1e24*(%c > 8e-6)', ppc = 1, u_th = 0.01 },\n"
                               "    { name = 'p', particle = 'proton', density = 1e24, ppc = 1, frozen = true },\n"
                               "    { name = 'b', particle = 'electron',\n"
                               "      beam = { total_charge = -1e-12, particles = 100, centroid = {8e-6, 8e-6, 8e-6}, rms = 1e-6,\n"
                               "               axis = '%c', gamma = 100 } },\n"
                               "  },\n"
                               "}\n",
                               ax, "xyz"[(axis + 1) % 3], precisions[pi], order, ax, ax, ax);
                struct strbuf src;
                sb_init(&src);
                tried++;
                int ok = gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0;
                if (ok) {
                    cl_uint nk;
                    char window[64];
                    snprintf(window, sizeof window, " * window       moving along %c at 0.9", ax);
                    const char *end = strstr(src.data, "*/");
                    const int named = strstr(src.data, window) && strstr(src.data, window) < end &&
                                      strstr(src.data, "b: q = -1.60217663e-19 C, m = 9.1093837e-31 kg, beam of 100 "
                                                       "particles, -1e-12 C") != NULL;
                    struct pp p;
                    pp_run(&p, src.data);
                    struct loop_report r;
                    check_loops(p.out, &r);
                    const int builds = build(dev, cfg, src.data, &nk) == 0;
                    if (!builds || !named || p.errors || r.violations)
                        printf("FAIL window along %c, %s, order %d: %s%s%s%s\n", ax, precisions[pi], order,
                               builds ? "" : "does not build; ", named ? "" : "the header does not name window and beam; ",
                               p.errors ? "preprocessing errors; " : "", r.violations ? r.all : "");
                    /* the plasmas enter with the window, the bunch is drawn once */
                    /* and the PML across the window's axis shifts its memory with the fields */
                    char psi[64];
                    snprintf(psi, sizeof psi, "window_shift_psi_%c_LO", "XYZ"[(axis + 1) % 3]);
                    const int kernels = strstr(p.out, "window_inject_0") && strstr(p.out, "window_inject_1") &&
                                        !strstr(p.out, "window_inject_2") && strstr(p.out, "beam_fill_2") &&
                                        !strstr(p.out, "load_fill_2") && strstr(p.out, psi);
                    if (!kernels)
                        printf("FAIL window along %c, %s, order %d: the wrong loading or injection kernels\n", ax,
                               precisions[pi], order);
                    ok = builds && named && kernels && p.errors == 0 && r.violations == 0;
                    pp_free(&p);
                } else {
                    printf("FAIL window along %c: gen_program: %s\n", ax, err);
                }
                CHECK(ok);
                built += ok;
                sb_free(&src);
                free(cfg);
            }
    /* no window, no window kernels */
    struct picl_config *cfg = calloc(1, sizeof *cfg);
    struct combo c = {"double", 3, 2, 1};
    combo_config(cfg, &c);
    struct strbuf src;
    sb_init(&src);
    CHECK(gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0);
    CHECK(strstr(src.data, "void window_shift") == NULL && strstr(src.data, "#define WINDOW_AXIS") == NULL);
    sb_free(&src);
    free(cfg);
    REPORT("moving window along x, y, z x float/double x order 1-3, with a plasma, a frozen one, a beam and PMLs "
           "across: %d of %d built with the window and the beam in the header and the loop rules kept",
           built, tried);
}

/* local_tiles sizes its tile to the device's local memory, or refuses with the key to change. */
static void test_local_tiles_sizes(struct device *dev)
{
    struct picl_config *cfg = calloc(1, sizeof *cfg);
    if (!cfg)
        exit(1);
    const char *const base =
        FIXTURE_INPUT
        "  grid = { cells = {16, 8, 8}, lower = {0, 0, 0}, upper = {16e-7, 8e-7, 8e-7}, max_box = %d },\n"
        "  steps = 2, shape_order = 3, deposition_strategy = 'local_tiles', work_group = { tile = %s },\n"
        "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 } },\n"
        "}\n";
    struct gen_device facts = dev->facts;
    struct strbuf src;
    /* J of an 8^3 box of order 3 in double, 3 x 14^3 x 8 bytes, does not fit 16 KiB; halving the
     * longest axis: 4x8x8, 4x4x8, 4x4x4, 2x4x4, 2x2x4 (3 x 8 x 8 x 10 x 8 = 15360 bytes) */
    facts.local_mem = 16384;
    fixture_config(cfg, NULL, 0, base, 8, "0");
    sb_init(&src);
    int rc = gen_program(cfg, &facts, &src, err, sizeof err);
    CHECK(rc == 0);
    int found = rc == 0 && strstr(src.data, " * tiles        2 x 2 x 4 cells, 32 per box, 15360 bytes") != NULL;
    CHECK(found);
    cl_uint nk = 0;
    CHECK(rc == 0 && build(dev, cfg, src.data, &nk) == 0);
    REPORT("local_tiles on a device with 16 KiB of local memory: %s; builds",
           found ? "tiles of 2 x 2 x 4 cells, 32 per box, 15360 bytes" : "NOT the expected tile");
    sb_free(&src);
    /* a given tile that does not fit, or does not divide the box; boxes too odd to halve */
    static const struct {
        int box, local_mem;
        const char *tile, *message;
    } refused[] = {
        {8, 16384, "8", "work_group.tile: a tile of 8 x 8 x 8 cells needs 65856 bytes of local memory"},
        {8, 1 << 20, "{3, 8, 8}", "work_group.tile: 3 cells along x do not divide the box's 8"},
        {8, 4096, "0", "deposition_strategy: a tile of 1 x 1 x 1 cells needs 8232 bytes of local memory"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        facts.local_mem = (size_t)refused[i].local_mem;
        fixture_config(cfg, NULL, 0, base, refused[i].box, refused[i].tile);
        sb_init(&src);
        rc = gen_program(cfg, &facts, &src, err, sizeof err);
        const int ok = rc != 0 && strncmp(err, refused[i].message, strlen(refused[i].message)) == 0;
        if (!ok)
            printf("FAIL tile %s, %d bytes of local memory: expected \"%s\", got %s\n", refused[i].tile,
                   refused[i].local_mem, refused[i].message, rc ? err : "no refusal");
        CHECK(ok);
        sb_free(&src);
    }
    /* a device without 64-bit atomics */
    facts = dev->facts;
    facts.has_int64_atomics = 0;
    fixture_config(cfg, NULL, 0, base, 8, "0");
    sb_init(&src);
    rc = gen_program(cfg, &facts, &src, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "deposition_strategy: \"local_tiles\" needs cl_khr_int64_base_atomics") == err);
    sb_free(&src);
    REPORT("refused: a tile larger than local memory, a tile that does not divide the box, a box that halves to "
           "1 x 1 x 1 and still does not fit, a device without int64 atomics; each names its key");
    free(cfg);
}

/* Each template compiles on its own with defaults.cl's stand-in values, as an editor or
 * `clang -cl-std=CL1.2 -I templates` would see it. The embedded copies are the ones tested. */
static void test_templates_standalone(struct device *dev)
{
    char dir[] = "/tmp/picl_templates_XXXXXX";
    fixture_tmpdir(dir);
    char path[256];
    int n_templates = 0;
    for (int i = 0; i < embedded_count; i++) {
        const char *name = embedded_files[i].name;
        if (strncmp(name, "templates/", 10))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, name + 10);
        FILE *f = fopen(path, "w");
        CHECK(f && fwrite(embedded_files[i].data, 1, embedded_files[i].size, f) == embedded_files[i].size);
        if (f)
            fclose(f);
        n_templates++;
    }
    CHECK(n_templates >= 5);
    char options[512];
    snprintf(options, sizeof options, "-cl-std=CL1.2 -I %s", dir);
    int built = 0;
    for (int i = 0; i < embedded_count; i++) {
        const char *name = embedded_files[i].name;
        if (strncmp(name, "templates/", 10))
            continue;
        size_t len = embedded_files[i].size;
        const char *text = embedded_files[i].data;
        cl_int rc;
        cl_program prog = clCreateProgramWithSource(dev->context, 1, &text, &len, &rc);
        CHECK(rc == CL_SUCCESS);
        if (rc != CL_SUCCESS)
            continue;
        rc = clBuildProgram(prog, 1, &dev->id, options, NULL, NULL);
        if (rc != CL_SUCCESS) {
            size_t log_len = 0;
            clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_len);
            char *log = calloc(1, log_len + 1);
            if (log)
                clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, log_len, log, NULL);
            printf("FAIL %s does not compile on its own (%s):\n%.4000s\n", name, device_error_name(rc),
                   log ? log : "");
            free(log);
        }
        CHECK(rc == CL_SUCCESS);
        built += rc == CL_SUCCESS;
        clReleaseProgram(prog);
    }
    for (int i = 0; i < embedded_count; i++)
        if (!strncmp(embedded_files[i].name, "templates/", 10)) {
            snprintf(path, sizeof path, "%s/%s", dir, embedded_files[i].name + 10);
            remove(path);
        }
    rmdir(dir);
    REPORT("%d of %d templates compile on their own with defaults.cl", built, n_templates);
}

/* applied_fields: without them the preprocessed program has no trace of them (no applied_add,
 * no time parameter of the push); with expressions and both elements it builds under every
 * strategy that takes them (simd_cells refuses them by name), and an expression that does not
 * compile is reported against its key. */
static void applied_config(struct picl_config *cfg, const char *strategy, const char *applied)
{
    char set[64];
    snprintf(set, sizeof set, "deposition_strategy=%s", strategy);
    const char *sets[] = {set};
    fixture_config(cfg, sets, 1,
                   FIXTURE_INPUT
                   "  grid = { cells = {8, 8, 16}, lower = {0, 0, 0}, upper = {8e-7, 8e-7, 16e-7}, max_box = 8 },\n"
                   "  steps = 2, shape_order = 3, constants = { E0 = 1e6, T = 1e-15 },\n"
                   "  %s\n"
                   "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 } },\n"
                   "}\n",
                   applied);
}

static void test_applied_fields(struct device *dev)
{
    static const char *const strategies[] = {"deterministic", "global_atomics", "local_tiles", "simd_cells"};
    const char *with = "applied_fields = { E = {0, 'E0*sin(t/T)', 0}, B = {0.1, 0, 'E0/c*cos(x*1e7)'},\n"
                       "    elements = { { kind = 'solenoid', B = 2, z = {2e-7, 6e-7} },\n"
                       "                 { kind = 'quadrupole', gradient = 100, z = {8e-7, 1.2e-6} } } },";
    int built = 0, refused = 0;
    for (int i = 0; i < 4; i++)
        for (int applied = 0; applied < 2; applied++) {
            struct picl_config *cfg = calloc(1, sizeof *cfg);
            if (!cfg)
                exit(1);
            applied_config(cfg, strategies[i], applied ? with : "");
            struct strbuf src;
            sb_init(&src);
            if (gen_program(cfg, &dev->facts, &src, err, sizeof err)) {
                /* only simd_cells with applied fields may refuse, naming them */
                const int ok = applied && i == 3 && strstr(err, "applied_fields") != NULL;
                if (!ok)
                    printf("FAIL %s, applied %d refused: %s\n", strategies[i], applied, err);
                CHECK(ok);
                refused++;
            } else {
                cl_uint nk;
                CHECK(build(dev, cfg, src.data, &nk) == 0);
                struct pp p;
                pp_run(&p, src.data);
                const int calls = count_token(p.out, "applied_add"), traces = count_token(p.out, "APPLIED_FIELDS");
                /* with them: the definition and the calls of advance and push_back */
                const int ok = p.errors == 0 && (applied ? calls >= 3 : calls == 0 && traces == 0) &&
                               (applied || !strstr(p.out, "t_gather"));
                if (!ok)
                    printf("FAIL %s, applied %d: applied_add %d times, APPLIED_FIELDS %d times after preprocessing\n",
                           strategies[i], applied, calls, traces);
                CHECK(ok);
                CHECK(applied || !strstr(src.data, "#define APPLIED_FIELDS"));
                pp_free(&p);
                built++;
            }
            sb_free(&src);
            free(cfg);
        }
    /* a mistake in an applied field is refused by the generator's parser, named by its key */
    struct picl_config *cfg = calloc(1, sizeof *cfg);
    if (!cfg)
        exit(1);
    applied_config(cfg, "deterministic", "applied_fields = { E = {0, 'E0*sin(t/T', 0} },");
    struct strbuf src;
    sb_init(&src);
    const int rc = gen_program(cfg, &dev->facts, &src, err, sizeof err);
    const int named = rc != 0 && strstr(err, "applied_fields.E.2: at character 11 (the end)") != NULL;
    if (!named)
        printf("FAIL a bad applied field is not reported against its key: %.2000s\n", err);
    CHECK(named);
    sb_free(&src);
    free(cfg);
    REPORT("applied_fields: %d programs built (none with a trace of them when none is applied), %d refused "
           "(simd_cells, by name); a bad expression is reported against applied_fields.E.2",
           built, refused);
}

/* flux injection: a program without a flux species has no trace of it (no flux_inject kernel,
 * no SP_FLUX_ literal, no sampler); with one it builds and has exactly one injection kernel,
 * that species'. */
static void test_flux_trace(struct device *dev)
{
    static const char *const species[2] = {
        "{ name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 }",
        "{ name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 },\n"
        "    { name = 'f', particle = 'electron', u_th = 0.01, flux = { face = '+z', per_cell = 2, density = 1e20 } }"};
    for (int with = 0; with < 2; with++) {
        struct picl_config *cfg = calloc(1, sizeof *cfg);
        if (!cfg)
            exit(1);
        fixture_config(cfg, NULL, 0,
                       FIXTURE_INPUT
                       "  grid = { cells = {8, 8, 16}, lower = {0, 0, 0}, upper = {8e-7, 8e-7, 16e-7}, max_box = 8 },\n"
                       "  boundary = { particles = { z = 'absorbing' } },\n"
                       "  steps = 2, species = { %s },\n"
                       "}\n",
                       species[with]);
        struct strbuf src;
        sb_init(&src);
        CHECK(gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0);
        struct pp p;
        pp_run(&p, src.data);
        const int kernels = count_token(p.out, "flux_inject_1") + count_token(p.out, "flux_inject_0");
        const int traces = (strstr(src.data, "SP_FLUX") != NULL) + (strstr(p.out, "flux_normal_u") != NULL);
        if (with) {
            cl_uint nk;
            CHECK(build(dev, cfg, src.data, &nk) == 0);
        }
        const int ok = p.errors == 0 && (with ? kernels == 1 && count_token(p.out, "flux_inject_0") == 0 && traces == 2
                                              : kernels == 0 && traces == 0 && !strstr(p.out, "flux_inject"));
        pp_free(&p);
        if (!ok)
            printf("FAIL flux %d: flux_inject_ %d times, SP_FLUX/flux_normal_u traces %d\n", with, kernels, traces);
        CHECK(ok);
        REPORT("flux injection %s: %d flux_inject kernel(s) after preprocessing, %d of SP_FLUX / flux_normal_u",
               with ? "of species 1" : "absent", kernels, traces);
        sb_free(&src);
        free(cfg);
    }
}

/* binary collisions: a program without collisions has no trace of them (no collide kernel, no COL_
 * literal, no scattering function); with two entries (one between species, one within) it builds
 * in float and double with collide_list and one kernel per entry. */
static void test_collision_trace(struct device *dev)
{
    static const char *const with_text[2] = {"", "  collisions = { { species = {'e', 'i'}, coulomb_log = 8 }, { species = {'e'} } },\n"};
    static const char *const precision[2] = {"double", "float"};
    for (int with = 0; with < 2; with++)
        for (int fp = 0; fp < 2; fp++) {
            struct picl_config *cfg = calloc(1, sizeof *cfg);
            if (!cfg)
                exit(1);
            fixture_config(cfg, NULL, 0,
                           FIXTURE_INPUT
                           "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-7, 8e-7, 8e-7}, max_box = 4 },\n"
                           "  steps = 2, precision = '%s',\n"
                           "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 },\n"
                           "    { name = 'i', particle = 'proton', density = 1e24, ppc = 1, u_th = 0.001 } },\n"
                           "%s}\n",
                           precision[fp], with_text[with]);
            struct strbuf src;
            sb_init(&src);
            CHECK(gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0);
            struct pp p;
            pp_run(&p, src.data);
            const int kernels = count_token(p.out, "collide_0") + count_token(p.out, "collide_1");
            const int traces = (strstr(src.data, "COL_MU") != NULL) + (strstr(p.out, "col_scatter") != NULL) +
                               (strstr(p.out, "collide_list") != NULL);
            if (with) {
                cl_uint nk;
                CHECK(build(dev, cfg, src.data, &nk) == 0);
            }
            const int ok = p.errors == 0 && (with ? kernels == 2 && traces == 3 : kernels == 0 && traces == 0 &&
                                                                                     !strstr(p.out, "collide"));
            pp_free(&p);
            if (!ok)
                printf("FAIL collisions %d (%s): collide_ %d times, traces %d\n", with, precision[fp], kernels, traces);
            CHECK(ok);
            if (fp == 0)
                REPORT("collisions %s: %d collide_<i> kernel(s) after preprocessing, %d of COL_MU / col_scatter / "
                       "collide_list",
                       with ? "of two entries" : "absent", kernels, traces);
            sb_free(&src);
            free(cfg);
        }
}

/* field ionization: a program without an ionizable species has no trace of it (no ionize_
 * kernel, no ADK constant, no charge state read or written: plevel stays a parameter only, as the
 * placeholders of weights and ids do); with one it builds and has exactly one ionize_ kernel,
 * that species', whose ADK constants are literals. */
static void test_ionization_trace(struct device *dev)
{
    static const char *const species[2] = {
        "{ name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 }",
        "{ name = 'e', particle = 'electron', density = 0, ppc = 1 },\n"
        "    { name = 'N', ionization = { element = 'N', product = 'e' }, density = 1e24, ppc = 1 }"};
    for (int with = 0; with < 2; with++) {
        struct picl_config *cfg = calloc(1, sizeof *cfg);
        if (!cfg)
            exit(1);
        fixture_config(cfg, NULL, 0,
                       FIXTURE_INPUT
                       "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-7, 8e-7, 8e-7}, max_box = 8 },\n"
                       "  steps = 2, species = { %s },\n"
                       "}\n",
                       species[with]);
        struct strbuf src;
        sb_init(&src);
        CHECK(gen_program(cfg, &dev->facts, &src, err, sizeof err) == 0);
        struct pp p;
        pp_run(&p, src.data);
        const int kernels = count_token(p.out, "ionize_1") + count_token(p.out, "ionize_0");
        const int traces = (strstr(p.out, "adk_log_pre") != NULL) + (strstr(p.out, "plevel[") != NULL);
        if (with) {
            cl_uint nk;
            CHECK(build(dev, cfg, src.data, &nk) == 0);
        }
        const int ok = p.errors == 0 && (with ? kernels == 1 && count_token(p.out, "ionize_0") == 0 && traces == 2
                                              : kernels == 0 && traces == 0 && !strstr(p.out, "ionize"));
        pp_free(&p);
        if (!ok)
            printf("FAIL ionization %d: ionize_ %d times, adk_log_pre/plevel[ traces %d\n", with, kernels, traces);
        CHECK(ok);
        REPORT("field ionization %s: %d ionize kernel(s) after preprocessing, %d of adk_log_pre / plevel[",
               with ? "of species 1" : "absent", kernels, traces);
        sb_free(&src);
        free(cfg);
    }
}

int main(void)
{
    test_loop_checker();
    struct device dev;
    fixture_device(&dev);
    test_combinations(&dev);
    test_no_fp64(&dev);
    test_other_options(&dev);
    test_window_and_beam(&dev);
    test_local_tiles_sizes(&dev);
    test_templates_standalone(&dev);
    test_pml_laser(&dev);
    test_applied_fields(&dev);
    test_flux_trace(&dev);
    test_collision_trace(&dev);
    test_ionization_trace(&dev);
    device_close(&dev);
    return check_finish();
}
