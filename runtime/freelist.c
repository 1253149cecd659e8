/* freelist.c: first-fit allocation over a sorted table of free byte ranges.
 * Linear scans are fine: a table holds at most a few hundred ranges and allocation is setup work. */
#include "freelist.h"

#include <stdint.h>
#include <string.h>

void freelist_init(struct freelist *fl, size_t capacity)
{
    memset(fl, 0, sizeof *fl);
    fl->capacity = capacity;
    fl->free_bytes = capacity;
    if (capacity > 0) {
        fl->range[0].offset = 0;
        fl->range[0].size = capacity;
        fl->n = 1;
    }
}

size_t freelist_round(size_t size, size_t align)
{
    if (align == 0)
        align = 1;
    size_t rem = size % align;
    if (rem == 0)
        return size;
    if (size > SIZE_MAX - (align - rem))
        return 0;
    return size + (align - rem);
}

static void remove_range(struct freelist *fl, int i)
{
    memmove(&fl->range[i], &fl->range[i + 1], (size_t)(fl->n - i - 1) * sizeof fl->range[0]);
    fl->n--;
}

static void insert_range(struct freelist *fl, int i, size_t offset, size_t size)
{
    memmove(&fl->range[i + 1], &fl->range[i], (size_t)(fl->n - i) * sizeof fl->range[0]);
    fl->range[i].offset = offset;
    fl->range[i].size = size;
    fl->n++;
}

int freelist_alloc(struct freelist *fl, size_t size, size_t align, size_t *offset)
{
    if (align == 0)
        align = 1;
    size_t need = freelist_round(size, align);
    if (size == 0 || need == 0)
        return FREELIST_INVALID;
    if (fl->live >= FREELIST_MAX_RANGES - 1)
        return FREELIST_TOO_MANY;
    for (int i = 0; i < fl->n; i++) {
        struct freelist_range *r = &fl->range[i];
        size_t start = freelist_round(r->offset, align);
        if (start == 0 && r->offset != 0)
            continue; /* rounding the start overflowed */
        size_t pad = start - r->offset;
        if (pad > r->size || r->size - pad < need)
            continue;
        size_t tail = r->size - pad - need;
        if (pad == 0 && tail == 0) {
            remove_range(fl, i);
        } else if (pad == 0) {
            r->offset += need;
            r->size = tail;
        } else {
            /* The padding stays free; the cap on live allocations guarantees room for a split. */
            r->size = pad;
            if (tail > 0)
                insert_range(fl, i + 1, start + need, tail);
        }
        fl->free_bytes -= need;
        fl->live++;
        *offset = start;
        return FREELIST_OK;
    }
    return FREELIST_NO_FIT;
}

int freelist_free(struct freelist *fl, size_t offset, size_t size)
{
    if (size == 0 || offset > fl->capacity || size > fl->capacity - offset)
        return FREELIST_INVALID;
    size_t end = offset + size;

    /* i: the first range that starts after `offset`; i - 1 is the one before it, if any. */
    int lo = 0, hi = fl->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (fl->range[mid].offset <= offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    int i = lo;
    struct freelist_range *prev = i > 0 ? &fl->range[i - 1] : NULL;
    struct freelist_range *next = i < fl->n ? &fl->range[i] : NULL;
    if (prev && prev->offset + prev->size > offset)
        return FREELIST_INVALID; /* double free or overlap with free bytes */
    if (next && end > next->offset)
        return FREELIST_INVALID;

    int join_prev = prev && prev->offset + prev->size == offset;
    int join_next = next && end == next->offset;
    if (join_prev && join_next) {
        prev->size += size + next->size;
        remove_range(fl, i);
    } else if (join_prev) {
        prev->size += size;
    } else if (join_next) {
        next->offset = offset;
        next->size += size;
    } else {
        if (fl->n >= FREELIST_MAX_RANGES)
            return FREELIST_TOO_MANY; /* only reachable when frees do not match allocations */
        insert_range(fl, i, offset, size);
    }
    fl->free_bytes += size;
    if (fl->live > 0)
        fl->live--;
    return FREELIST_OK;
}

size_t freelist_free_bytes(const struct freelist *fl) { return fl->free_bytes; }

int freelist_pieces(const struct freelist *fl) { return fl->n; }

size_t freelist_largest(const struct freelist *fl)
{
    size_t largest = 0;
    for (int i = 0; i < fl->n; i++)
        if (fl->range[i].size > largest)
            largest = fl->range[i].size;
    return largest;
}
