/* test_arena.c: the first-fit free list, and the OpenCL arena built on it, on the first device.
 * Checks exact offsets and counters (no tolerance: this is bookkeeping, not arithmetic). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "check.h"
#include "freelist.h"

#define KiB ((size_t)1024)
#define MiB (KiB * 1024)
#define GiB (MiB * 1024)

/* Freeing the middle range and then its neighbours must leave one piece again. */
static void test_freelist_coalesce(void)
{
    static struct freelist fl;
    size_t a, b, c;
    freelist_init(&fl, 1000);
    CHECK(freelist_pieces(&fl) == 1 && freelist_free_bytes(&fl) == 1000);
    CHECK(freelist_alloc(&fl, 100, 1, &a) == FREELIST_OK && a == 0);
    CHECK(freelist_alloc(&fl, 100, 1, &b) == FREELIST_OK && b == 100);
    CHECK(freelist_alloc(&fl, 100, 1, &c) == FREELIST_OK && c == 200);
    CHECK(freelist_pieces(&fl) == 1 && freelist_free_bytes(&fl) == 700);

    CHECK(freelist_free(&fl, b, 100) == FREELIST_OK);
    CHECK(freelist_pieces(&fl) == 2 && freelist_largest(&fl) == 700);
    CHECK(freelist_free(&fl, a, 100) == FREELIST_OK); /* joins b's hole */
    CHECK(freelist_pieces(&fl) == 2 && freelist_largest(&fl) == 700);
    CHECK(freelist_free(&fl, c, 100) == FREELIST_OK); /* joins both sides */
    CHECK(freelist_pieces(&fl) == 1);
    CHECK(freelist_free_bytes(&fl) == 1000 && freelist_largest(&fl) == 1000);

    /* Free the outer two first, then the middle: the middle joins both sides at once. */
    CHECK(freelist_alloc(&fl, 300, 1, &a) == FREELIST_OK && a == 0);
    CHECK(freelist_alloc(&fl, 300, 1, &b) == FREELIST_OK && b == 300);
    CHECK(freelist_alloc(&fl, 400, 1, &c) == FREELIST_OK && c == 600);
    CHECK(freelist_pieces(&fl) == 0 && freelist_largest(&fl) == 0);
    CHECK(freelist_free(&fl, a, 300) == FREELIST_OK);
    CHECK(freelist_free(&fl, c, 400) == FREELIST_OK);
    CHECK(freelist_pieces(&fl) == 2);
    CHECK(freelist_free(&fl, b, 300) == FREELIST_OK);
    CHECK(freelist_pieces(&fl) == 1 && freelist_free_bytes(&fl) == 1000);
}

static void test_freelist_alignment(void)
{
    static struct freelist fl;
    size_t sizes[] = {1, 17, 100, 3, 64, 65, 1000, 5};
    size_t off, prev_end = 0;
    freelist_init(&fl, 100000);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        CHECK(freelist_alloc(&fl, sizes[i], 64, &off) == FREELIST_OK);
        CHECK(off % 64 == 0);
        CHECK(off >= prev_end); /* nothing overlaps what came before */
        prev_end = off + freelist_round(sizes[i], 64);
    }
    /* Sizes are rounded up inside, so every free range stays aligned too. */
    CHECK(freelist_free_bytes(&fl) == 100000 - prev_end);

    /* Mixed alignments: the padding in front of an aligned allocation stays free and usable. */
    freelist_init(&fl, 4096);
    CHECK(freelist_alloc(&fl, 10, 1, &off) == FREELIST_OK && off == 0);
    CHECK(freelist_alloc(&fl, 5, 256, &off) == FREELIST_OK && off == 256);
    CHECK(freelist_pieces(&fl) == 2); /* [10, 256) and [512, 4096) */
    CHECK(freelist_alloc(&fl, 100, 1, &off) == FREELIST_OK && off == 10);
    CHECK(freelist_alloc(&fl, 100, 3, &off) == FREELIST_OK && off == 111);
    CHECK(off % 3 == 0);
    CHECK(freelist_round(5, 256) == 256 && freelist_round(512, 256) == 512);
    CHECK(freelist_round(7, 0) == 7 && freelist_round(SIZE_MAX, 2) == 0);
}

static void test_freelist_first_fit(void)
{
    static struct freelist fl;
    size_t a, b, c, off;
    freelist_init(&fl, 1000);
    CHECK(freelist_alloc(&fl, 100, 1, &a) == FREELIST_OK && a == 0);
    CHECK(freelist_alloc(&fl, 200, 1, &b) == FREELIST_OK && b == 100);
    CHECK(freelist_alloc(&fl, 100, 1, &c) == FREELIST_OK && c == 300);
    CHECK(freelist_free(&fl, b, 200) == FREELIST_OK); /* holes: [100,300) and [400,1000) */
    /* First fit takes the lowest hole that is big enough, not the best-fitting one. */
    CHECK(freelist_alloc(&fl, 150, 1, &off) == FREELIST_OK && off == 100);
    CHECK(freelist_alloc(&fl, 100, 1, &off) == FREELIST_OK && off == 400); /* 50 left below */
    CHECK(freelist_alloc(&fl, 50, 1, &off) == FREELIST_OK && off == 250);
    CHECK(freelist_pieces(&fl) == 1 && freelist_free_bytes(&fl) == 500);
}

static void test_freelist_exhaustion(void)
{
    static struct freelist fl;
    size_t off = 12345, a;
    freelist_init(&fl, 256);
    CHECK(freelist_alloc(&fl, 257, 1, &off) == FREELIST_NO_FIT && off == 12345);
    CHECK(freelist_alloc(&fl, 256, 1, &a) == FREELIST_OK && a == 0);
    CHECK(freelist_alloc(&fl, 1, 1, &off) == FREELIST_NO_FIT);
    CHECK(freelist_alloc(&fl, 0, 1, &off) == FREELIST_INVALID);
    CHECK(freelist_alloc(&fl, SIZE_MAX, 64, &off) == FREELIST_INVALID);
    CHECK(freelist_free(&fl, 200, 100) == FREELIST_INVALID); /* past the capacity */
    CHECK(freelist_free(&fl, a, 256) == FREELIST_OK);
    CHECK(freelist_free(&fl, a, 256) == FREELIST_INVALID); /* double free */
    CHECK(freelist_free(&fl, 10, 20) == FREELIST_INVALID); /* inside a free range */
    CHECK(freelist_free_bytes(&fl) == 256 && freelist_pieces(&fl) == 1);

    /* A free range that does not fit once aligned is skipped. */
    freelist_init(&fl, 200);
    CHECK(freelist_alloc(&fl, 1, 1, &a) == FREELIST_OK);
    CHECK(freelist_alloc(&fl, 128, 128, &off) == FREELIST_NO_FIT); /* [128,256) is not there */
    CHECK(freelist_alloc(&fl, 64, 64, &off) == FREELIST_OK && off == 64);

    /* The live-allocation cap keeps the range table from ever overflowing. */
    freelist_init(&fl, 4096);
    int n_ok = 0;
    while (freelist_alloc(&fl, 1, 1, &off) == FREELIST_OK)
        n_ok++;
    CHECK(n_ok == FREELIST_MAX_RANGES - 1);
    CHECK(freelist_alloc(&fl, 1, 1, &off) == FREELIST_TOO_MANY);
    int bad = 0;
    for (int i = 0; i < n_ok; i += 2)
        bad += freelist_free(&fl, (size_t)i, 1) != FREELIST_OK;
    CHECK(bad == 0);
    CHECK(freelist_pieces(&fl) == FREELIST_MAX_RANGES / 2);
    for (int i = 1; i < n_ok; i += 2)
        bad += freelist_free(&fl, (size_t)i, 1) != FREELIST_OK;
    CHECK(bad == 0 && freelist_pieces(&fl) == 1 && freelist_free_bytes(&fl) == 4096);
}

/* Random allocations and frees against a byte map: no overlap, every offset aligned, and the
 * free count always agrees with the map. */
static void test_freelist_random(void)
{
    enum { CAP = 1 << 16, LIVE = 200 };
    static struct freelist fl;
    static unsigned char used[CAP];
    size_t off[LIVE], size[LIVE];
    int live[LIVE] = {0};
    unsigned long long rng = 12345;
    int overlaps = 0, misaligned = 0, mismatched = 0, frees_bad = 0;
    const size_t align = 32;

    freelist_init(&fl, CAP);
    memset(used, 0, sizeof used);
    for (int step = 0; step < 20000; step++) {
        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        int k = (int)((rng >> 33) % LIVE);
        if (live[k]) {
            frees_bad += freelist_free(&fl, off[k], size[k]) != FREELIST_OK;
            memset(used + off[k], 0, size[k]);
            live[k] = 0;
        } else {
            size_t want = 1 + (size_t)((rng >> 17) % 2000);
            size_t o;
            if (freelist_alloc(&fl, want, align, &o) != FREELIST_OK)
                continue;
            size_t got = freelist_round(want, align);
            misaligned += o % align != 0;
            for (size_t j = 0; j < got; j++)
                overlaps += used[o + j];
            memset(used + o, 1, got);
            off[k] = o;
            size[k] = got;
            live[k] = 1;
        }
        size_t n_free = 0;
        for (size_t j = 0; j < CAP; j += align)
            n_free += used[j] ? 0 : align;
        mismatched += n_free != freelist_free_bytes(&fl);
    }
    for (int k = 0; k < LIVE; k++)
        if (live[k])
            frees_bad += freelist_free(&fl, off[k], size[k]) != FREELIST_OK;
    CHECK(overlaps == 0);
    CHECK(misaligned == 0);
    CHECK(mismatched == 0);
    CHECK(frees_bad == 0);
    CHECK(freelist_pieces(&fl) == 1 && freelist_free_bytes(&fl) == CAP);
}

static void test_parse_size(void)
{
    int ok = -1;
    CHECK(arena_parse_size("4 GiB", &ok) == 4 * GiB && ok == 1);
    CHECK(arena_parse_size("256 MiB", &ok) == 256 * MiB && ok == 1);
    CHECK(arena_parse_size("512MB", &ok) == 512000000 && ok == 1);
    CHECK(arena_parse_size("1e9", &ok) == 1000000000 && ok == 1);
    CHECK(arena_parse_size("  2 kB  ", &ok) == 2000 && ok == 1);
    CHECK(arena_parse_size("1.5 KiB", &ok) == 1536 && ok == 1);
    CHECK(arena_parse_size("1.1 GB", &ok) == 1100000000 && ok == 1);
    CHECK(arena_parse_size("100", &ok) == 100 && ok == 1);
    CHECK(arena_parse_size("7 B", &ok) == 7 && ok == 1);
    CHECK(arena_parse_size("1 TiB", &ok) == 1024 * GiB && ok == 1);
    CHECK(arena_parse_size("3TB", &ok) == (size_t)3000000000000ULL && ok == 1);
    CHECK(arena_parse_size("16 gib", &ok) == 16 * GiB && ok == 1);
    CHECK(arena_parse_size("0", &ok) == 0 && ok == 1);
    CHECK(arena_parse_size("64 KiB", NULL) == 64 * KiB);

    const char *bad[] = {"", "   ", "GiB", "4 GiBs", "4 XB", "-1 GiB", "1e30 TB", "nan",
                         "inf", "4 GiB x", "0x10", "4 G iB", "1..5 MB", "+3 MB"};
    int n_bad_accepted = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ok = -1;
        arena_parse_size(bad[i], &ok);
        if (ok != 0) {
            n_bad_accepted++;
            printf("FAIL parse accepted \"%s\"\n", bad[i]);
        }
    }
    CHECK(n_bad_accepted == 0);
    ok = -1;
    CHECK(arena_parse_size(NULL, &ok) == 0 && ok == 0);

    char s[32];
    arena_format_size(0, s, sizeof s);
    CHECK(strcmp(s, "0 B") == 0);
    arena_format_size(1023, s, sizeof s);
    CHECK(strcmp(s, "1023 B") == 0);
    arena_format_size(1536, s, sizeof s);
    CHECK(strcmp(s, "1.50 KiB") == 0);
    arena_format_size(3 * GiB / 2, s, sizeof s);
    CHECK(strcmp(s, "1.50 GiB") == 0);
    arena_format_size(256 * MiB, s, sizeof s);
    CHECK(strcmp(s, "256.00 MiB") == 0);
}

static int first_device(cl_platform_id *platform, cl_device_id *device)
{
    cl_platform_id plats[8];
    cl_uint n = 0;
    if (clGetPlatformIDs(8, plats, &n) != CL_SUCCESS)
        return 1;
    for (cl_uint i = 0; i < n && i < 8; i++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, device, &nd) == CL_SUCCESS &&
            nd > 0) {
            *platform = plats[i];
            return 0;
        }
    }
    return 1;
}

/* Two sub-buffers of one block: data written through each reads back through it and lands at
 * the sub-buffer's offset in the block. Freeing and reallocating reuses the range. */
static void test_arena_subbuffers(cl_context ctx, cl_device_id dev, cl_command_queue q)
{
    static struct arena a;
    struct arena_buf x, y, x2, big, zero;
    char err[512] = "";
    cl_uint bits = 0;
    clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);

    CHECK(arena_init(&a, ctx, dev, 1 * MiB, 256 * KiB, "memory.device", err, sizeof err) == 0);
    CHECK(a.align == bits / 8 && a.align >= 1);
    REPORT("device base address alignment: %zu bytes", a.align);
    CHECK(a.n_blocks == 0 && a.stats.buffers_created == 0); /* blocks are lazy */

    CHECK(arena_alloc(&a, 1000 * sizeof(float), "x", &x, err, sizeof err) == 0);
    CHECK(arena_alloc(&a, 3000 * sizeof(int), "y", &y, err, sizeof err) == 0);
    CHECK(a.n_blocks == 1 && x.block == 0 && y.block == 0);
    CHECK(a.stats.buffers_created == 3); /* one block, two sub-buffers */
    CHECK(x.offset == 0 && y.offset == freelist_round(4000, a.align));
    CHECK(x.offset % a.align == 0 && y.offset % a.align == 0);
    size_t used = freelist_round(4000, a.align) + freelist_round(12000, a.align);
    CHECK(a.stats.in_use == used && a.stats.peak == used);
    CHECK(a.stats.capacity == 256 * KiB);

    size_t cl_off = 1;
    cl_mem parent = NULL;
    clGetMemObjectInfo(y.mem, CL_MEM_OFFSET, sizeof cl_off, &cl_off, NULL);
    clGetMemObjectInfo(y.mem, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL);
    CHECK(cl_off == y.offset && parent == a.blocks[0]);

    static float xs[1000], xr[1000];
    static int ys[3000], yr[3000], yb[3000];
    for (int i = 0; i < 1000; i++)
        xs[i] = 0.5f * (float)i;
    for (int i = 0; i < 3000; i++)
        ys[i] = 7 * i + 1;
    cl_int rc = clEnqueueWriteBuffer(q, x.mem, CL_TRUE, 0, sizeof xs, xs, 0, NULL, NULL);
    rc |= clEnqueueWriteBuffer(q, y.mem, CL_TRUE, 0, sizeof ys, ys, 0, NULL, NULL);
    rc |= clEnqueueReadBuffer(q, x.mem, CL_TRUE, 0, sizeof xr, xr, 0, NULL, NULL);
    rc |= clEnqueueReadBuffer(q, y.mem, CL_TRUE, 0, sizeof yr, yr, 0, NULL, NULL);
    rc |= clEnqueueReadBuffer(q, a.blocks[0], CL_TRUE, y.offset, sizeof yb, yb, 0, NULL, NULL);
    CHECK(rc == CL_SUCCESS);
    CHECK(memcmp(xs, xr, sizeof xs) == 0);
    CHECK(memcmp(ys, yr, sizeof ys) == 0);
    CHECK(memcmp(ys, yb, sizeof ys) == 0);

    /* Free and reallocate: same range, one more sub-buffer, no new block. */
    arena_free(&a, &x);
    CHECK(x.mem == NULL);
    arena_free(&a, &x); /* a second free is a no-op */
    CHECK(a.stats.in_use == freelist_round(12000, a.align) && a.stats.peak == used);
    CHECK(arena_alloc(&a, 1000 * sizeof(float), "x again", &x2, err, sizeof err) == 0);
    CHECK(x2.offset == 0 && x2.block == 0 && a.n_blocks == 1);
    CHECK(a.stats.buffers_created == 4);
    CHECK(a.stats.in_use == used);

    /* A request bigger than a block gets a block of its own size. */
    CHECK(arena_alloc(&a, 300 * KiB, "big", &big, err, sizeof err) == 0);
    CHECK(a.n_blocks == 2 && big.block == 1 && big.offset == 0);
    CHECK(a.stats.capacity == 256 * KiB + 300 * KiB);
    CHECK(a.stats.buffers_created == 6);

    /* Zero bytes still gives a usable cl_mem. */
    CHECK(arena_alloc(&a, 0, "empty", &zero, err, sizeof err) == 0);
    CHECK(zero.mem != NULL && zero.offset % a.align == 0);

    arena_free(&a, &zero);
    arena_free(&a, &big);
    arena_free(&a, &x2);
    arena_free(&a, &y);
    CHECK(a.stats.in_use == 0 && a.stats.allocs == 5 && a.stats.frees == 5); /* x counts once */
    for (int b = 0; b < a.n_blocks; b++)
        CHECK(freelist_pieces(&a.free[b]) == 1 &&
              freelist_free_bytes(&a.free[b]) == a.free[b].capacity);
    arena_destroy(&a);

    /* Near the limit a new block is only what is left: 600 KiB - 2 x 256 KiB = 88 KiB. */
    struct arena_buf full[3];
    CHECK(arena_init(&a, ctx, dev, 600 * KiB, 256 * KiB, "memory.device", err, sizeof err) == 0);
    CHECK(arena_alloc(&a, 256 * KiB, "full 0", &full[0], err, sizeof err) == 0);
    CHECK(arena_alloc(&a, 256 * KiB, "full 1", &full[1], err, sizeof err) == 0);
    CHECK(arena_alloc(&a, 10 * KiB, "small", &full[2], err, sizeof err) == 0);
    CHECK(a.n_blocks == 3 && a.free[2].capacity == 88 * KiB && a.stats.capacity == a.limit);
    for (int i = 0; i < 3; i++)
        arena_free(&a, &full[i]);
    arena_destroy(&a);
}

/* A fragmented, full arena: the message must let the user act on it. */
static void test_arena_exhaustion(cl_context ctx, cl_device_id dev)
{
    static struct arena a;
    static struct arena_buf piece[16];
    struct arena_buf more;
    char err[512] = "";

    CHECK(arena_init(&a, ctx, dev, 1 * MiB, 256 * KiB, "memory.device", err, sizeof err) == 0);
    int failed = 0;
    for (int i = 0; i < 16; i++)
        failed += arena_alloc(&a, 64 * KiB, "piece", &piece[i], err, sizeof err) != 0;
    CHECK(failed == 0 && a.n_blocks == 4 && a.stats.capacity == 1 * MiB);
    for (int i = 0; i < 16; i += 2)
        arena_free(&a, &piece[i]);
    long created = a.stats.buffers_created;

    err[0] = '\0';
    CHECK(arena_alloc(&a, 128 * KiB, "field Ex", &more, err, sizeof err) != 0);
    CHECK(more.mem == NULL);
    CHECK(a.stats.buffers_created == created); /* nothing was attempted past the limit */
    REPORT("out-of-memory message: %s", err);
    CHECK(strstr(err, "128.00 KiB") != NULL); /* asked */
    CHECK(strstr(err, "field Ex") != NULL);
    CHECK(strstr(err, "512.00 KiB") != NULL); /* free */
    CHECK(strstr(err, "8 pieces") != NULL);
    CHECK(strstr(err, "largest 64.00 KiB") != NULL);
    CHECK(strstr(err, "peak 1.00 MiB") != NULL);
    CHECK(strstr(err, "memory.device") != NULL);

    /* What does fit still fits, in a hole, without a new buffer beyond its sub-buffer. */
    CHECK(arena_alloc(&a, 64 * KiB, "fits", &more, err, sizeof err) == 0);
    CHECK(more.offset == 0 && more.block == 0 && a.stats.buffers_created == created + 1);
    arena_free(&a, &more);

    /* A single request over the whole limit. */
    CHECK(arena_alloc(&a, 3 * GiB / 2, "species electrons x", &more, err, sizeof err) != 0);
    CHECK(strstr(err, "1.50 GiB") != NULL && strstr(err, "memory.device") != NULL);
    for (int i = 1; i < 16; i += 2)
        arena_free(&a, &piece[i]);
    CHECK(a.stats.in_use == 0);
    arena_destroy(&a);

    /* Out of blocks, not out of limit: the message says so. */
    static struct arena_buf tiny[ARENA_MAX_BLOCKS];
    CHECK(arena_init(&a, ctx, dev, 64 * MiB, 4 * KiB, "memory.device", err, sizeof err) == 0);
    failed = 0;
    for (int i = 0; i < ARENA_MAX_BLOCKS; i++)
        failed += arena_alloc(&a, 4 * KiB, "tiny", &tiny[i], err, sizeof err) != 0;
    CHECK(failed == 0 && a.n_blocks == ARENA_MAX_BLOCKS);
    CHECK(arena_alloc(&a, 4 * KiB, "one too many", &more, err, sizeof err) != 0);
    CHECK(strstr(err, "blocks") != NULL && strstr(err, "4.00 KiB") != NULL);
    for (int i = 0; i < ARENA_MAX_BLOCKS; i++)
        arena_free(&a, &tiny[i]);
    arena_destroy(&a);

    /* More than the device puts in one buffer: refused before asking the device. */
    CHECK(arena_init(&a, ctx, dev, 0, 0, "memory.device", err, sizeof err) == 0);
    CHECK(a.limit > 0 && a.block_size <= a.max_alloc);
    if (a.max_alloc < SIZE_MAX) {
        CHECK(arena_alloc(&a, a.max_alloc + 1, "huge", &more, err, sizeof err) != 0);
        CHECK(strstr(err, "in one buffer") != NULL && a.stats.buffers_created == 0);
    }
    arena_destroy(&a);
}

/* The pinned arena: host writes through arena_buf.host are what the device reads, and what
 * the device writes the host sees there, with no copy call. */
static void test_arena_pinned(cl_context ctx, cl_device_id dev, cl_command_queue q)
{
    static struct arena a;
    char err[1024];
    CHECK(arena_init_pinned(&a, ctx, dev, q, 1 << 20, "memory.pinned", err, sizeof err) == 0);
    struct arena_buf s1, s2;
    CHECK(arena_alloc(&a, 4096, "send buffer", &s1, err, sizeof err) == 0);
    CHECK(arena_alloc(&a, 4096, "receive buffer", &s2, err, sizeof err) == 0);
    CHECK(s1.host != NULL && s2.host != NULL);
    CHECK(a.stats.buffers_created == 3); /* one block, two sub-buffers */
    if (s1.host && s2.host) {
        for (int i = 0; i < 1024; i++)
            ((float *)s1.host)[i] = (float)i;
        /* device-side copy from one pinned buffer to the other */
        CHECK(clEnqueueCopyBuffer(q, s1.mem, s2.mem, 0, 0, 4096, 0, NULL, NULL) == CL_SUCCESS);
        clFinish(q);
        int same = 1;
        for (int i = 0; i < 1024; i++)
            same &= ((float *)s2.host)[i] == (float)i;
        CHECK(same);
    }
    struct arena_buf big;
    CHECK(arena_alloc(&a, 2 << 20, "staging for 2 ranks", &big, err, sizeof err) != 0);
    CHECK(strstr(err, "pinned host memory") != NULL && strstr(err, "memory.pinned") != NULL);
    REPORT("pinned exhaustion: %s", err);
    arena_free(&a, &s1);
    arena_free(&a, &s2);
    arena_destroy(&a);
}

int main(void)
{
    test_freelist_coalesce();
    test_freelist_alignment();
    test_freelist_first_fit();
    test_freelist_exhaustion();
    test_freelist_random();
    test_parse_size();

    cl_platform_id platform;
    cl_device_id device;
    int have = first_device(&platform, &device) == 0;
    CHECK(have); /* picl needs an OpenCL device; PoCL provides one on any CPU */
    if (have) {
        char name[256] = "";
        clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL);
        REPORT("device: %s", name);
        cl_int rc;
        cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
        CHECK(ctx != NULL && rc == CL_SUCCESS);
        cl_command_queue q = ctx ? clCreateCommandQueue(ctx, device, 0, &rc) : NULL;
        CHECK(q != NULL);
        if (ctx && q) {
            test_arena_subbuffers(ctx, device, q);
            test_arena_exhaustion(ctx, device);
            test_arena_pinned(ctx, device, q);
        }
        if (q)
            clReleaseCommandQueue(q);
        if (ctx)
            clReleaseContext(ctx);
    }
    return check_finish();
}
