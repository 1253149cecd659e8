/* emit.c: literal macros, embedded templates and expression names, shared by the program's
 * writer (gen.c) and its parts (species, expressions, lasers, strategies). */
#include "emit.h"

#include <ctype.h>
#include <math.h>
#include <float.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "embedded.h"

void gen_define_int(struct strbuf *sb, const char *name, long value)
{
    sb_printf(sb, "#define %s %ld\n", name, value);
}

void gen_define_real(struct strbuf *sb, const char *name, double value)
{
    /* 17 significant digits round-trip a double exactly; the suffix keeps float kernels float. */
    sb_printf(sb, "#define %s ((real)%.17g)\n", name, value);
}

void gen_define_acc(struct strbuf *sb, const char *name, double value)
{
    sb_printf(sb, "#define %s ((acc_real)%.17g)\n", name, value);
}

const char *gen_template(const char *name, size_t *len)
{
    char path[256];
    snprintf(path, sizeof path, "templates/%s", name);
    for (int i = 0; i < embedded_count; i++) {
        if (strcmp(embedded_files[i].name, path) == 0) {
            if (len)
                *len = embedded_files[i].size;
            return embedded_files[i].data;
        }
    }
    return NULL;
}

int gen_emit_template(struct strbuf *sb, const char *name, char *err, size_t err_len)
{
    size_t len;
    const char *text = gen_template(name, &len);
    if (!text) {
        snprintf(err, err_len, "template %s is missing from this build of picl", name);
        return -1;
    }
    sb_printf(sb, "\n/* ---- templates/%s ---- */\n", name);
    sb_printf(sb, "#line 1 \"%s\"\n", name);
    sb_write(sb, text, len);
    sb_printf(sb, "#line %d \"picl.cl\"\n", sb_lines(sb) + 2);
    return 0;
}

void gen_expr_name(const char *key, char *out, size_t len)
{
    size_t n = (size_t)snprintf(out, len, "expr_");
    for (const char *p = key; *p && n + 1 < len; p++)
        out[n++] = isalnum((unsigned char)*p) ? *p : '_';
    out[n < len ? n : len - 1] = '\0';
}

void gen_comment_text(struct strbuf *sb, const char *text)
{
    for (const char *p = text; *p; p++) {
        const int odd = (*p == '*' && p[1] == '/') || *p == '"' || *p == '\\' || (unsigned char)*p < 32 ||
                        (unsigned char)*p > 126;
        sb_printf(sb, "%c", odd ? '?' : *p);
    }
}

/* The whole-word token at p, of n characters, is one of printf's spellings of a non-finite
 * double ("inf", "nan"; a sign before it is outside the word). */
static int nonfinite_word(const char *start, const char *p, size_t n)
{
    return (n == 3 && (strncmp(p, "inf", 3) == 0 || strncmp(p, "nan", 3) == 0)) &&
           (p == start || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'));
}

int gen_check_literals(const struct strbuf *sb, const char *input, int single, char *err, size_t err_len)
{
    if (!sb->len)
        return 0;
    const char *text = sb->data, *p = text, *bad = NULL;
    const char *why = "";
    while (*p && !bad) {
        if (p[0] == '/' && p[1] == '*') { /* comments may say anything */
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
        } else if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n')
                p++;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *w = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            if (nonfinite_word(text, w, (size_t)(p - w))) {
                bad = w;
                why = "not finite";
            }
        } else if (single && strncmp(p, "(real)", 6) == 0) {
            /* a float run: a literal beyond float's range would become inf in the kernel */
            char *end;
            const double v = strtod(p + 6, &end);
            if (end != p + 6 && fabs(v) > FLT_MAX) {
                bad = p;
                why = "beyond single precision's range (3.4e38)";
            }
            p += 6;
        } else {
            p++;
        }
    }
    if (!bad)
        return 0;
    const char *line = bad, *line_end = strchr(bad, '\n');
    while (line > text && line[-1] != '\n')
        line--;
    int line_no = 1;
    for (const char *q = text; q < line; q++)
        line_no += *q == '\n';
    const int n = (int)((line_end ? line_end : line + strlen(line)) - line);
    snprintf(err, err_len,
             "%s: a value the generator derived from the input is %s: picl.cl line %d reads `%.*s`; some input "
             "value is out of range (docs/input.md, \"Bounds on values\")",
             input && input[0] ? input : "input", why, line_no, n > 160 ? 160 : n, line);
    return -1;
}
