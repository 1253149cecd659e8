/* strbuf.h: a growable text buffer, how the generator writes OpenCL C source.
 * A failed allocation is remembered and reported once by strbuf_ok(), not at every call. */
#ifndef PICL_STRBUF_H
#define PICL_STRBUF_H

#include <stddef.h>

struct strbuf {
    char *data; /* always NUL-terminated when len > 0 */
    size_t len, cap;
    int failed; /* an allocation failed: the text is incomplete */
};

void sb_init(struct strbuf *sb);
void sb_free(struct strbuf *sb);
void sb_puts(struct strbuf *sb, const char *text);
void sb_write(struct strbuf *sb, const char *data, size_t n);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sb_ok(const struct strbuf *sb);
int sb_lines(const struct strbuf *sb); /* newlines so far: for #line directives */

#endif
