/* freelist.h: first-fit bookkeeping of free byte ranges in [0, capacity), with coalescing.
 * Pure arithmetic, no OpenCL and no malloc: the arena keeps one per device block. */
#ifndef PICL_FREELIST_H
#define PICL_FREELIST_H

#include <stddef.h>

/* Free ranges are separated by at least one live allocation (they are always coalesced), so
 * with at most FREELIST_MAX_RANGES - 1 live allocations the table can never overflow; alloc
 * enforces that cap instead of letting a later free fail. */
#define FREELIST_MAX_RANGES 1024

enum freelist_status {
    FREELIST_OK = 0,
    FREELIST_NO_FIT = 1, /* no free range holds the aligned request */
    FREELIST_TOO_MANY = 2, /* FREELIST_MAX_RANGES - 1 allocations are live */
    FREELIST_INVALID = 3 /* zero size, overflow, or a free of bytes that are not allocated */
};

struct freelist_range {
    size_t offset, size;
};

struct freelist {
    size_t capacity;
    size_t free_bytes;
    int n; /* free ranges, sorted by offset, none adjacent to another */
    int live; /* allocations not yet freed */
    struct freelist_range range[FREELIST_MAX_RANGES];
};

void freelist_init(struct freelist *fl, size_t capacity);
/* The bytes an allocation of `size` at `align` reserves: size rounded up to a multiple of align
 * (align 0 counts as 1); 0 when that overflows. Pass this, not the raw size, to freelist_free. */
size_t freelist_round(size_t size, size_t align);
/* First fit: the lowest-offset range that holds freelist_round(size, align) bytes starting at a
 * multiple of align. Alignment padding in front stays free. Returns an enum freelist_status. */
int freelist_alloc(struct freelist *fl, size_t size, size_t align, size_t *offset);
/* Returns [offset, offset + size) to the list, merging with its neighbours. `size` is the
 * reserved size (freelist_round). Returns FREELIST_INVALID, changing nothing, when any of those
 * bytes is already free or outside the capacity. */
int freelist_free(struct freelist *fl, size_t offset, size_t size);
size_t freelist_free_bytes(const struct freelist *fl);
int freelist_pieces(const struct freelist *fl);
size_t freelist_largest(const struct freelist *fl);

#endif
