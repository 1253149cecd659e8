/* beam.c: loading a Gaussian bunch (beam.h); the draws are in templates/particle_beam.cl. */
#include "beam.h"

#include <string.h>

#include "mem.h"

static int beam_kernel(struct kernel *k, struct ctx *c, const char *base, int index, char *err, size_t err_len)
{
    char name[64];
    snprintf(name, sizeof name, "%s_%d", base, index);
    return kernel_create(k, c->prog, name, &c->timers, err, err_len);
}

static int cl_fail(cl_int rc, const struct species *sp, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "species %s: %s failed: %s", sp->cfg->name, what, device_error_name(rc));
    return -1;
}

int beam_cells(struct species *sp, struct ctx *c, int *count, long **cell, char *err, size_t err_len)
{
    const long n = sp->cfg->beam.particles;
    const int *cells = c->lay.cells;
    const size_t n_cells = (size_t)cells[0] * cells[1] * cells[2];
    struct arena_buf buf = {0};
    struct kernel k = {0};
    int rc = -1;
    *cell = mem_alloc((size_t)n * sizeof(long));
    if (!*cell) {
        snprintf(err, err_len, "species %s: out of host memory for the cells of %ld beam particles", sp->cfg->name, n);
        return -1;
    }
    size_t g = (size_t)n;
    if (arena_alloc(&c->arena, (size_t)n * sizeof(long), "beam loading cells", &buf, err, err_len) ||
        beam_kernel(&k, c, "beam_cell", sp->index, err, err_len) ||
        kernel_mem(&k, "cell", buf.mem, err, err_len) ||
        kernel_launch(&k, c->dev->queue, &c->timers, 1, &g, NULL, err, err_len) ||
        cl_fail(clEnqueueReadBuffer(c->dev->queue, buf.mem, CL_TRUE, 0, (size_t)n * sizeof(long), *cell, 0, NULL,
                                    NULL),
                sp, "reading the beam's cells", err, err_len))
        goto done;
    memset(count, 0, n_cells * sizeof(int));
    for (long i = 0; i < n; i++) {
        if ((*cell)[i] < 0 || (size_t)(*cell)[i] >= n_cells) {
            snprintf(err, err_len, "species %s: beam particle %ld landed outside the domain (cell %ld)", sp->cfg->name,
                     i, (*cell)[i]);
            goto done;
        }
        count[(*cell)[i]]++;
    }
    rc = 0;
done:
    kernel_release(&k);
    if (buf.mem)
        arena_free(&c->arena, &buf);
    if (rc) {
        mem_free(*cell);
        *cell = NULL;
    }
    return rc;
}

int beam_fill(struct species *sp, struct ctx *c, const long *cell, long *offset, char *err, size_t err_len)
{
    const long n = sp->cfg->beam.particles;
    struct arena_buf buf = {0};
    struct kernel k = {0};
    int rc = -1;
    long *slot = mem_alloc((size_t)n * sizeof(long));
    if (!slot) {
        snprintf(err, err_len, "species %s: out of host memory for the slots of %ld beam particles", sp->cfg->name, n);
        return -1;
    }
    /* a stable counting sort: in each cell, the order of i; -1 for another rank's cells */
    for (long i = 0; i < n; i++)
        slot[i] = offset[cell[i]] < 0 ? -1 : offset[cell[i]]++;
    size_t g = (size_t)n;
    if (arena_alloc(&c->arena, (size_t)n * sizeof(long), "beam loading slots", &buf, err, err_len) ||
        cl_fail(clEnqueueWriteBuffer(c->dev->queue, buf.mem, CL_TRUE, 0, (size_t)n * sizeof(long), slot, 0, NULL,
                                     NULL),
                sp, "writing the beam's slots", err, err_len) ||
        beam_kernel(&k, c, "beam_fill", sp->index, err, err_len) ||
        kernel_mem(&k, "slot", buf.mem, err, err_len))
        goto done;
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    if (kernel_particles(&k, a, err, err_len) || kernel_launch(&k, c->dev->queue, &c->timers, 1, &g, NULL, err, err_len))
        goto done;
    clFinish(c->dev->queue);
    rc = 0;
done:
    kernel_release(&k);
    if (buf.mem)
        arena_free(&c->arena, &buf);
    mem_free(slot);
    return rc;
}
