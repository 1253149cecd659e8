/* arena.h: device memory carved from a few large OpenCL buffers (paper section 3.1).
 * Every device buffer picl uses comes from here, so the counters below prove that the time
 * loop creates no OpenCL buffer and that memory use is what `picl check` predicted. */
#ifndef PICL_ARENA_H
#define PICL_ARENA_H

#include <stddef.h>

#include <CL/cl.h>

#include "freelist.h"

#define ARENA_MAX_BLOCKS 16
#define ARENA_DEFAULT_BLOCK ((size_t)256 << 20)

struct arena_stats {
    size_t capacity; /* bytes in all blocks */
    size_t in_use; /* bytes handed out (aligned sizes) */
    size_t peak; /* highest in_use so far */
    long buffers_created; /* clCreateBuffer + clCreateSubBuffer calls, ever */
    long allocs, frees;
};

/* One piece of device memory: `mem` is a sub-buffer of a block, usable as a kernel argument. */
struct arena_buf {
    cl_mem mem;
    size_t offset; /* within its block */
    size_t size; /* as requested */
    int block;
    void *host; /* pinned arenas: where the host reads and writes it; NULL otherwise */
};

struct arena {
    cl_context context;
    size_t align; /* bytes; CL_DEVICE_MEM_BASE_ADDR_ALIGN / 8 */
    size_t limit; /* bytes the arena may take from the device in all */
    size_t block_size; /* bytes of each large buffer */
    size_t max_alloc; /* CL_DEVICE_MAX_MEM_ALLOC_SIZE: no block can be larger */
    char limit_key[64]; /* the input setting that raises `limit`, for messages */
    cl_mem blocks[ARENA_MAX_BLOCKS];
    /* pinned arenas: host-mapped blocks (CL_MEM_ALLOC_HOST_PTR), mapped once through this queue */
    cl_command_queue map_queue;
    void *block_host[ARENA_MAX_BLOCKS];
    struct freelist free[ARENA_MAX_BLOCKS];
    int n_blocks;
    struct arena_stats stats;
};

/* Takes no device memory yet: blocks are created when a request does not fit in the ones there.
 * limit 0 means the device's global memory; block_size 0 means ARENA_DEFAULT_BLOCK. Both are
 * capped by what the device allows. The arena retains `context` until arena_destroy. */
int arena_init(struct arena *a, cl_context context, cl_device_id device, size_t limit,
               size_t block_size, const char *limit_key, char *err, size_t err_len);
/* A pinned arena: host-mapped memory for staging MPI messages (docs/design.md section 2). Each
 * block is mapped once for its lifetime; arena_buf.host points into the mapping. */
int arena_init_pinned(struct arena *a, cl_context context, cl_device_id device, cl_command_queue queue,
                      size_t limit, const char *limit_key, char *err, size_t err_len);
/* `what` names the buffer in the out-of-memory message ("field Ex", "species electrons x").
 * A request of 0 bytes still yields a valid (1-byte) sub-buffer. On failure `out->mem` is NULL
 * and err says what was asked, what is free, the peak, and which input key raises the limit. */
int arena_alloc(struct arena *a, size_t bytes, const char *what, struct arena_buf *out, char *err,
                size_t err_len);
/* Releases the sub-buffer and returns its range; NULL or an already freed buf is a no-op. */
void arena_free(struct arena *a, struct arena_buf *buf);
/* Releases the blocks and the context. Sub-buffers still held keep their block's memory alive
 * inside OpenCL until they are released, but the arena forgets them. */
void arena_destroy(struct arena *a);

/* "4 GiB", "256 MiB", "512MB", "1e9": binary units B KiB MiB GiB TiB, decimal kB MB GB TB (case
 * is ignored), none means bytes. *ok (if not NULL) is 0 for anything else, negative or too big. */
size_t arena_parse_size(const char *text, int *ok);
/* "1.50 GiB", "640 B": binary units, for messages. */
void arena_format_size(size_t bytes, char *out, size_t len);

#endif
