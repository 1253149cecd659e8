/* arena.c: device memory as sub-buffers of a few large OpenCL buffers, first fit with coalescing.
 * Creating buffers is slow and fragments device memory; doing it only here makes both visible. */
#include "arena.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void set_err(char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t err_len, const char *fmt, ...)
{
    if (!err || err_len == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
}

void arena_format_size(size_t bytes, char *out, size_t len)
{
    static const char *unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (!out || len == 0)
        return;
    if (bytes < 1024) {
        snprintf(out, len, "%zu B", bytes);
        return;
    }
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024.0 && u < 6) {
        v /= 1024.0;
        u++;
    }
    snprintf(out, len, "%.2f %s", v, unit[u]);
}

size_t arena_parse_size(const char *text, int *ok)
{
    static const struct {
        const char *name;
        double bytes;
    } unit[] = {
        {"B", 1.0},
        {"KiB", 1024.0},
        {"MiB", 1048576.0},
        {"GiB", 1073741824.0},
        {"TiB", 1099511627776.0},
        {"kB", 1e3},
        {"MB", 1e6},
        {"GB", 1e9},
        {"TB", 1e12},
    };
    if (ok)
        *ok = 0;
    if (!text)
        return 0;
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    /* strtod would take "inf", "nan" and hex; sizes are plain decimal numbers. */
    if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
        return 0;
    char *end;
    double v = strtod(p, &end);
    if (end == p)
        return 0;
    for (const char *c = p; c < end; c++)
        if (!isdigit((unsigned char)*c) && !strchr(".eE+-", *c))
            return 0; /* "0x10" */
    p = end;
    while (isspace((unsigned char)*p))
        p++;
    const char *u0 = p;
    while (isalpha((unsigned char)*p))
        p++;
    size_t ulen = (size_t)(p - u0);
    while (isspace((unsigned char)*p))
        p++;
    if (*p != '\0')
        return 0;
    double mult = 1.0;
    if (ulen > 0) {
        size_t i, n = sizeof unit / sizeof unit[0];
        for (i = 0; i < n; i++)
            if (strlen(unit[i].name) == ulen && strncasecmp(unit[i].name, u0, ulen) == 0)
                break;
        if (i == n)
            return 0;
        mult = unit[i].bytes;
    }
    double bytes = v * mult;
    /* (double)SIZE_MAX rounds up to 2^64, so >= rejects everything that does not fit. */
    if (!(bytes >= 0.0) || bytes >= (double)SIZE_MAX)
        return 0;
    if (ok)
        *ok = 1;
    return (size_t)(bytes + 0.5);
}

int arena_init(struct arena *a, cl_context context, cl_device_id device, size_t limit,
               size_t block_size, const char *limit_key, char *err, size_t err_len)
{
    memset(a, 0, sizeof *a);
    snprintf(a->limit_key, sizeof a->limit_key, "%s", limit_key ? limit_key : "(no setting)");

    cl_uint align_bits = 0;
    cl_ulong max_alloc = 0, global = 0;
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits,
                                &align_bits, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc, &max_alloc,
                             NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL);
    if (rc != CL_SUCCESS) {
        set_err(err, err_len, "arena: clGetDeviceInfo failed (OpenCL error %d)", (int)rc);
        return 1;
    }

    /* Sub-buffer origins must be aligned for every device of the context, not only ours. */
    cl_device_id devs[16];
    size_t devs_bytes = 0;
    if (clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof devs, devs, &devs_bytes) ==
        CL_SUCCESS) {
        for (size_t i = 0; i < devs_bytes / sizeof devs[0]; i++) {
            cl_uint bits = 0;
            cl_ulong most = 0;
            if (clGetDeviceInfo(devs[i], CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits,
                                NULL) == CL_SUCCESS &&
                bits > align_bits)
                align_bits = bits;
            if (clGetDeviceInfo(devs[i], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof most, &most,
                                NULL) == CL_SUCCESS &&
                most > 0 && most < max_alloc)
                max_alloc = most;
        }
    }

    a->align = align_bits >= 8 ? align_bits / 8 : 1; /* the query answers in bits */
    a->max_alloc = max_alloc < SIZE_MAX ? (size_t)max_alloc : SIZE_MAX;
    if (limit == 0)
        limit = global < SIZE_MAX ? (size_t)global : SIZE_MAX;
    a->limit = limit;
    if (block_size == 0)
        block_size = ARENA_DEFAULT_BLOCK;
    if (block_size > a->max_alloc)
        block_size = a->max_alloc;
    a->block_size = block_size;

    rc = clRetainContext(context);
    if (rc != CL_SUCCESS) {
        set_err(err, err_len, "arena: clRetainContext failed (OpenCL error %d)", (int)rc);
        return 1;
    }
    a->context = context;
    return 0;
}

/* The out-of-memory message: the request, the state of every block, and what would help. */
static void explain(const struct arena *a, size_t bytes, const char *what, const char *why,
                    const char *hint, char *err, size_t err_len)
{
    size_t free_bytes = 0, largest = 0;
    int pieces = 0;
    for (int b = 0; b < a->n_blocks; b++) {
        free_bytes += freelist_free_bytes(&a->free[b]);
        pieces += freelist_pieces(&a->free[b]);
        size_t l = freelist_largest(&a->free[b]);
        if (l > largest)
            largest = l;
    }
    char s_ask[32], s_free[32], s_large[32], s_rest[32], s_limit[32], s_use[32], s_peak[32];
    arena_format_size(bytes, s_ask, sizeof s_ask);
    arena_format_size(free_bytes, s_free, sizeof s_free);
    arena_format_size(largest, s_large, sizeof s_large);
    arena_format_size(a->limit - a->stats.capacity, s_rest, sizeof s_rest);
    arena_format_size(a->limit, s_limit, sizeof s_limit);
    arena_format_size(a->stats.in_use, s_use, sizeof s_use);
    arena_format_size(a->stats.peak, s_peak, sizeof s_peak);
    set_err(err, err_len,
            "%s: cannot allocate %s (%zu bytes) for %s: %s. Free: %s in %d %s (largest %s) "
            "across %d %s, plus %s of the %s limit not yet taken from the device; in use %s, "
            "peak %s. %s",
            a->map_queue ? "pinned host memory" : "device memory", s_ask, bytes, what ? what : "(unnamed)", why,
            s_free, pieces, pieces == 1 ? "piece" : "pieces",
            s_large, a->n_blocks, a->n_blocks == 1 ? "block" : "blocks", s_rest, s_limit, s_use,
            s_peak, hint);
}

/* Creates a block big enough for `need` bytes, or explains why not. */
static int add_block(struct arena *a, size_t need, size_t bytes, const char *what, char *err,
                     size_t err_len)
{
    char why[160] = "", hint[160], s1[32];
    size_t left = a->limit > a->stats.capacity ? a->limit - a->stats.capacity : 0;
    snprintf(hint, sizeof hint, "Raise the limit with the input setting %s.", a->limit_key);
    if (need > a->max_alloc) {
        arena_format_size(a->max_alloc, s1, sizeof s1);
        snprintf(why, sizeof why, "the device allows at most %s in one buffer", s1);
        snprintf(hint, sizeof hint,
                 "Raising %s does not help: this is the device's limit, so split the data "
                 "(smaller boxes).",
                 a->limit_key);
    } else if (need > left) {
        snprintf(why, sizeof why, "no free piece is large enough and the limit is reached");
    } else if (a->n_blocks == ARENA_MAX_BLOCKS) {
        snprintf(why, sizeof why, "no free piece is large enough and all %d blocks exist",
                 ARENA_MAX_BLOCKS);
        snprintf(hint, sizeof hint,
                 "A larger block size lets the same blocks hold more (the limit, %s, is not the "
                 "problem).",
                 a->limit_key);
    }
    if (why[0]) {
        explain(a, bytes, what, why, hint, err, err_len);
        return 1;
    }

    /* A block is block_size, or the rest of the limit if that is less, or one request's size
     * when a single request is bigger than a block. */
    size_t size = a->block_size;
    if (size > left)
        size = left;
    if (size < need)
        size = need;

    cl_int rc;
    a->stats.buffers_created++;
    cl_mem_flags flags = CL_MEM_READ_WRITE | (a->map_queue ? CL_MEM_ALLOC_HOST_PTR : 0);
    cl_mem block = clCreateBuffer(a->context, flags, size, NULL, &rc);
    if (!block || rc != CL_SUCCESS) {
        arena_format_size(size, s1, sizeof s1);
        snprintf(why, sizeof why, "clCreateBuffer of a %s block failed (OpenCL error %d)", s1,
                 (int)rc);
        snprintf(hint, sizeof hint,
                 "The device has less free memory than the limit; lower %s to what it has.",
                 a->limit_key);
        explain(a, bytes, what, why, hint, err, err_len);
        return 1;
    }
    if (a->map_queue) {
        void *host = clEnqueueMapBuffer(a->map_queue, block, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, size, 0, NULL,
                                        NULL, &rc);
        if (!host || rc != CL_SUCCESS) {
            clReleaseMemObject(block);
            snprintf(why, sizeof why, "mapping a pinned block failed (OpenCL error %d)", (int)rc);
            snprintf(hint, sizeof hint, "Lower %s.", a->limit_key);
            explain(a, bytes, what, why, hint, err, err_len);
            return 1;
        }
        a->block_host[a->n_blocks] = host;
    }
    a->blocks[a->n_blocks] = block;
    freelist_init(&a->free[a->n_blocks], size);
    a->n_blocks++;
    a->stats.capacity += size;
    return 0;
}

int arena_alloc(struct arena *a, size_t bytes, const char *what, struct arena_buf *out, char *err,
                size_t err_len)
{
    memset(out, 0, sizeof *out);
    out->block = -1;
    /* A zero-byte request still gets a distinct, valid cl_mem so kernels can take it. */
    size_t region = bytes > 0 ? bytes : 1;
    size_t need = freelist_round(region, a->align);
    if (need == 0) {
        set_err(err, err_len, "device memory: %zu bytes for %s is not a size", bytes,
                what ? what : "(unnamed)");
        return 1;
    }

    int b;
    size_t offset = 0;
    for (b = 0; b < a->n_blocks; b++)
        if (freelist_alloc(&a->free[b], need, a->align, &offset) == FREELIST_OK)
            break;
    if (b == a->n_blocks) {
        if (add_block(a, need, bytes, what, err, err_len))
            return 1;
        if (freelist_alloc(&a->free[b], need, a->align, &offset) != FREELIST_OK) {
            set_err(err, err_len, "device memory: a new block cannot hold %s (arena bug)",
                    what ? what : "(unnamed)");
            return 1;
        }
    }

    cl_buffer_region r = {offset, region};
    cl_int rc;
    a->stats.buffers_created++;
    cl_mem mem = clCreateSubBuffer(a->blocks[b], 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &rc);
    if (!mem || rc != CL_SUCCESS) {
        freelist_free(&a->free[b], offset, need);
        set_err(err, err_len,
                "device memory: clCreateSubBuffer for %s (%zu bytes at offset %zu of block %d) "
                "failed (OpenCL error %d)",
                what ? what : "(unnamed)", region, offset, b, (int)rc);
        return 1;
    }

    out->mem = mem;
    out->host = a->block_host[b] ? (char *)a->block_host[b] + offset : NULL;
    out->offset = offset;
    out->size = bytes;
    out->block = b;
    a->stats.in_use += need;
    if (a->stats.in_use > a->stats.peak)
        a->stats.peak = a->stats.in_use;
    a->stats.allocs++;
    return 0;
}

void arena_free(struct arena *a, struct arena_buf *buf)
{
    if (!buf || !buf->mem)
        return;
    /* OpenCL keeps the sub-buffer alive until commands already enqueued on it finish; a later
     * user of the range on the same in-order queue runs after them. */
    clReleaseMemObject(buf->mem);
    size_t need = freelist_round(buf->size > 0 ? buf->size : 1, a->align);
    if (buf->block >= 0 && buf->block < a->n_blocks &&
        freelist_free(&a->free[buf->block], buf->offset, need) == FREELIST_OK)
        a->stats.in_use -= need;
    a->stats.frees++;
    buf->mem = NULL;
    buf->block = -1;
}

int arena_init_pinned(struct arena *a, cl_context context, cl_device_id device, cl_command_queue queue,
                      size_t limit, const char *limit_key, char *err, size_t err_len)
{
    if (arena_init(a, context, device, limit, limit, limit_key, err, err_len))
        return 1;
    a->map_queue = queue;
    return 0;
}

void arena_destroy(struct arena *a)
{
    for (int b = 0; b < a->n_blocks; b++) {
        if (a->block_host[b])
            clEnqueueUnmapMemObject(a->map_queue, a->blocks[b], a->block_host[b], 0, NULL, NULL);
        a->block_host[b] = NULL;
    }
    if (a->map_queue && a->n_blocks)
        clFinish(a->map_queue);
    for (int b = 0; b < a->n_blocks; b++)
        if (a->blocks[b])
            clReleaseMemObject(a->blocks[b]);
    if (a->context)
        clReleaseContext(a->context);
    a->n_blocks = 0;
    a->context = NULL;
}
