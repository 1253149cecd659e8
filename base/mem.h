/* mem.h: the one allocation hook for host memory. Every malloc in picl goes through here, so
 * a counter can prove that the time loop allocates nothing (docs/design.md section 2). */
#ifndef PICL_MEM_H
#define PICL_MEM_H

#include <stddef.h>

struct mem_stats {
    long allocs, frees; /* calls that returned memory, calls that released it */
    size_t bytes; /* requested by mem_alloc, mem_calloc and mem_realloc, ever */
};

void *mem_alloc(size_t bytes);
void *mem_calloc(size_t n, size_t size);
void *mem_realloc(void *p, size_t bytes);
void mem_free(void *p);
/* Room for element n of an array p of *cap elements of `size` bytes: when n == *cap the array
 * grows to twice *cap (to `first` from empty). Returns the array, moved or not; NULL when
 * memory runs out, with p and *cap as they were. */
void *mem_grow(void *p, int *cap, int n, size_t size, int first);
/* A Lua allocator (lua_Alloc) that counts through the same hook. */
void *mem_lua_alloc(void *ud, void *p, size_t old_size, size_t new_size);
struct mem_stats mem_get_stats(void);
/* Once at start-up: host buffers of 128 KiB and more (loading counts and offsets, output
 * staging) go back to the system when freed, instead of staying in the heap for the rest of
 * the run (glibc raises its threshold after the first such free). */
void mem_return_large(void);
/* The whole file at `path`, NUL-terminated, its length in *len; NULL with errno set on failure.
 * Free with mem_free. */
char *mem_read_file(const char *path, size_t *len);
/* The same, refusing (errno EFBIG) a file of more than `max` bytes once that many are read,
 * so that /dev/zero or a device never fills the host. */
char *mem_read_file_max(const char *path, size_t max, size_t *len);

#endif
