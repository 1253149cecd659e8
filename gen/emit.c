/* emit.c: literal macros, embedded templates and expression names, shared by the program's
 * writer (gen.c) and its parts (species, expressions, lasers, strategies). */
#include "emit.h"

#include <ctype.h>
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
