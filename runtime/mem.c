/* mem.c: host allocation with counters. The counters are process-wide instrumentation, the
 * only mutable global besides the log level; the host side of picl is single-threaded. */
#include "mem.h"

#include <stdlib.h>

static struct mem_stats stats;

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

struct mem_stats mem_get_stats(void) { return stats; }
