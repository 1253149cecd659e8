/* btd_cross.c: the particles that crossed back-transformed snapshots' lab times (btd_cross.h). */
#include "btd_cross.h"

#include <stdio.h>
#include <string.h>

#include "device.h"
#include "mem.h"

/* Device room for `cap` records (what was there is dropped). */
static int device_room(struct btd_cross *x, struct ctx *c, int cap, char *err, size_t err_len)
{
    arena_free(&c->arena, &x->rec);
    arena_free(&c->arena, &x->rec_id);
    x->cap = 0;
    if (arena_alloc(&c->arena, (size_t)cap * BTD_RECORD * ctx_acc_size(c), "back-transformed particles", &x->rec,
                    err, err_len) ||
        arena_alloc(&c->arena, (size_t)cap * sizeof(cl_ulong), "back-transformed particles' ids", &x->rec_id, err,
                    err_len))
        return -1;
    x->cap = cap;
    return 0;
}

static int host_room(struct btd_cross *x, size_t n, int fp64, char *err, size_t err_len)
{
    if (n <= x->host_cap)
        return 0;
    mem_free(x->floats);
    mem_free(x->rec_host);
    mem_free(x->id_host);
    x->floats = NULL;
    x->rec_host = mem_alloc(n * BTD_RECORD * sizeof(double));
    x->id_host = mem_alloc(n * sizeof(uint64_t));
    x->host_cap = x->rec_host && x->id_host ? n : 0;
    if (x->host_cap && !fp64 && !(x->floats = mem_alloc(n * BTD_RECORD * sizeof(float))))
        x->host_cap = 0;
    if (!x->host_cap) {
        snprintf(err, err_len, "diagnostics.back_transformed: out of host memory for %zu particles", n);
        return -1;
    }
    return 0;
}

/* One launch over the boxes with the count set to 0; *found: the records it wanted to write. */
static int launch(struct btd_cross *x, struct species *sp, struct ctx *c, int n_times, double t_now, double lower_a,
                  cl_int *found, char *err, size_t err_len)
{
    struct kernel *k = &x->k[sp->index];
    const cl_int zero = 0, cap = x->cap;
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    if (device_check(clEnqueueWriteBuffer(c->dev->queue, x->count.mem, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL),
                "back-transformed particles: clearing the count", err, err_len) ||
        kernel_particles(k, a, err, err_len) || kernel_mem(k, "boxes", sp->boxes.mem, err, err_len) ||
        kernel_mem(k, "times", x->times.mem, err, err_len) ||
        kernel_set(k, "n_times", sizeof(cl_int), &(cl_int){n_times}, err, err_len) ||
        kernel_set_acc(k, "t_now", c->dev->facts.has_fp64, t_now, err, err_len) ||
        kernel_set_acc(k, "lower_a", c->dev->facts.has_fp64, lower_a, err, err_len) ||
        kernel_mem(k, "count", x->count.mem, err, err_len) || kernel_set(k, "cap", sizeof cap, &cap, err, err_len) ||
        kernel_mem(k, "rec", x->rec.mem, err, err_len) || kernel_mem(k, "rec_id", x->rec_id.mem, err, err_len))
        return -1;
    const size_t boxes = (size_t)c->lay.n_local, one = 1;
    if (boxes > 0 && kernel_launch(k, c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len))
        return -1;
    device_waited(c->dev, "back-transformed particles: the count");
    return device_check(clEnqueueReadBuffer(c->dev->queue, x->count.mem, CL_TRUE, 0, sizeof *found, found, 0, NULL, NULL),
                   "back-transformed particles: reading the count", err, err_len);
}

int btd_cross_run(struct btd_cross *x, struct species *sp, struct ctx *c, const double *times, int n_times,
                  double t_now, double lower_a, const double **rec, const uint64_t **id, long *n, char *err,
                  size_t err_len)
{
    const size_t acc = ctx_acc_size(c);
    *n = 0;
    struct kernel *k = &x->k[sp->index];
    if (!k->k) {
        char name[64];
        snprintf(name, sizeof name, "btd_cross_%d", sp->index);
        if (kernel_create(k, c->prog, name, &c->timers, err, err_len))
            return -1;
    }
    if (!x->times.mem &&
        (arena_alloc(&c->arena, CFG_MAX_BTD * CFG_MAX_BTD_TIMES * acc, "back-transformed snapshots' times", &x->times,
                     err, err_len) ||
         arena_alloc(&c->arena, sizeof(cl_int), "back-transformed particles' count", &x->count, err, err_len) ||
         device_room(x, c, 4096, err, err_len)))
        return -1;
    float tf[CFG_MAX_BTD * CFG_MAX_BTD_TIMES];
    for (int i = 0; i < n_times; i++)
        tf[i] = (float)times[i];
    if (device_check(clEnqueueWriteBuffer(c->dev->queue, x->times.mem, CL_TRUE, 0, (size_t)n_times * acc,
                                     acc == sizeof(double) ? (const void *)times : (const void *)tf, 0, NULL, NULL),
                "back-transformed particles: writing the lab times", err, err_len))
        return -1;
    cl_int found = 0;
    if (launch(x, sp, c, n_times, t_now, lower_a, &found, err, err_len))
        return -1;
    if (found > x->cap) { /* the kernel wrote what fitted; again with room for all of it */
        if (device_room(x, c, found + found / 2, err, err_len) ||
            launch(x, sp, c, n_times, t_now, lower_a, &found, err, err_len))
            return -1;
    }
    if (found == 0)
        return 0;
    /* a device with fp64 writes the records as doubles: straight into rec_host */
    const int fp64 = acc == sizeof(double);
    if (host_room(x, (size_t)found, fp64, err, err_len) ||
        device_check(clEnqueueReadBuffer(c->dev->queue, x->rec.mem, CL_TRUE, 0, (size_t)found * BTD_RECORD * acc,
                                         fp64 ? (void *)x->rec_host : (void *)x->floats, 0, NULL, NULL),
                "back-transformed particles: reading the particles", err, err_len) ||
        device_check(clEnqueueReadBuffer(c->dev->queue, x->rec_id.mem, CL_TRUE, 0, (size_t)found * sizeof(cl_ulong),
                                    x->id_host, 0, NULL, NULL),
                "back-transformed particles: reading the particles' ids", err, err_len))
        return -1;
    for (size_t i = 0; !fp64 && i < (size_t)found * BTD_RECORD; i++)
        x->rec_host[i] = x->floats[i];
    *rec = x->rec_host;
    *id = x->id_host;
    *n = found;
    return 0;
}

void btd_cross_release(struct btd_cross *x, struct ctx *c)
{
    for (int s = 0; s < CFG_MAX_SPECIES; s++)
        kernel_release(&x->k[s]);
    arena_free(&c->arena, &x->times);
    arena_free(&c->arena, &x->count);
    arena_free(&c->arena, &x->rec);
    arena_free(&c->arena, &x->rec_id);
    mem_free(x->floats);
    mem_free(x->rec_host);
    mem_free(x->id_host);
    memset(x, 0, sizeof *x);
}
