/* strbuf.c: a growable text buffer. Doubling keeps appends amortised O(1); the generator
 * runs once per program, so simplicity beats everything else here. */
#include "strbuf.h"
#include "mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(struct strbuf *sb) { memset(sb, 0, sizeof *sb); }

void sb_free(struct strbuf *sb)
{
    mem_free(sb->data);
    sb_init(sb);
}

static int sb_reserve(struct strbuf *sb, size_t extra)
{
    if (sb->failed)
        return -1;
    if (sb->len + extra + 1 <= sb->cap)
        return 0;
    size_t cap = sb->cap ? sb->cap : 4096;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    char *data = mem_realloc(sb->data, cap);
    if (!data) {
        sb->failed = 1;
        return -1;
    }
    sb->data = data;
    sb->cap = cap;
    return 0;
}

void sb_write(struct strbuf *sb, const char *data, size_t n)
{
    if (sb_reserve(sb, n))
        return;
    memcpy(sb->data + sb->len, data, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *text) { sb_write(sb, text, strlen(text)); }

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || sb_reserve(sb, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

int sb_ok(const struct strbuf *sb) { return !sb->failed; }

int sb_lines(const struct strbuf *sb)
{
    int n = 0;
    for (size_t i = 0; i < sb->len; i++)
        n += sb->data[i] == '\n';
    return n;
}
