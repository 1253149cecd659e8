/* mem.c: host allocation with counters. The counters are process-wide instrumentation, the
 * only mutable global besides the log level; the host side of picl is single-threaded. */
#include "mem.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

static struct mem_stats stats;

void mem_return_large(void)
{
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
#endif
}

void *mem_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (p) {
        stats.allocs++;
        stats.bytes += bytes;
    }
    return p;
}

void *mem_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p) {
        stats.allocs++;
        stats.bytes += n * size;
    }
    return p;
}

void *mem_realloc(void *p, size_t bytes)
{
    void *q = realloc(p, bytes ? bytes : 1);
    if (q) {
        stats.allocs++;
        stats.bytes += bytes;
        if (p)
            stats.frees++;
    }
    return q;
}

void mem_free(void *p)
{
    if (p) {
        stats.frees++;
        free(p);
    }
}

void *mem_lua_alloc(void *ud, void *p, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        mem_free(p);
        return NULL;
    }
    return mem_realloc(p, new_size);
}

void *mem_grow(void *p, int *cap, int n, size_t size, int first)
{
    if (n < *cap)
        return p;
    const int c = *cap ? 2 * *cap : first;
    void *bigger = mem_realloc(p, (size_t)c * size);
    if (bigger)
        *cap = c;
    return bigger;
}

struct mem_stats mem_get_stats(void) { return stats; }

/* The whole file, NUL-terminated; errno is kept for the message on failure. */
char *mem_read_file(const char *path, size_t *len)
{
    return mem_read_file_max(path, (size_t)-1, len);
}

char *mem_read_file_max(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0;
    char *buf = mem_alloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - 1 - n, f);
        if (ferror(f) || feof(f))
            break;
        if (n > max) { /* /dev/zero, a device, a huge file: stop before it fills the host */
            mem_free(buf);
            buf = NULL;
            errno = EFBIG;
            break;
        }
        char *bigger = mem_realloc(buf, cap * 2);
        if (!bigger) {
            mem_free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        int e = errno;
        mem_free(buf);
        buf = NULL;
        errno = e ? e : EIO;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}
