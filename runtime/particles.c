/* particles.c: making and moving one species. Loading counts per cell on the device, scans
 * on the host (set-up only), then fills on the device, so particle order follows the global
 * cell index whatever the box decomposition. */
#include "particles.h"

#include <stdlib.h>
#include <string.h>

#include "gen.h"

static const char *const array_names[PA_COUNT] = {"x", "y", "z", "ux", "uy", "uz", "w", "id"};

static int species_kernel(struct kernel *k, struct ctx *c, const char *base, int index, char *err, size_t err_len)
{
    char name[64];
    snprintf(name, sizeof name, "%s_%d", base, index);
    return kernel_create(k, c->prog, name, &c->timers, err, err_len);
}

static int set_args(struct kernel *k, const cl_mem *mems, int n, char *err, size_t err_len)
{
    for (int i = 0; i < n; i++)
        if (kernel_arg(k, (cl_uint)i, sizeof(cl_mem), &mems[i], err, err_len))
            return -1;
    return 0;
}

static int load(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    const int *n = c->lay.cells;
    size_t cells = (size_t)n[0] * n[1] * n[2];
    struct arena_buf count = {0}, offset = {0};
    struct kernel kcount = {0}, kfill = {0};
    int *host_count = malloc(cells * sizeof(int));
    long *host_offset = malloc(cells * sizeof(long));
    int rc = -1;
    if (!host_count || !host_offset) {
        snprintf(err, err_len, "species %s: out of host memory for loading", sp->cfg->name);
        goto done;
    }
    if (arena_alloc(&c->arena, cells * sizeof(int), "particle loading counts", &count, err, err_len) ||
        species_kernel(&kcount, c, "load_count", sp->index, err, err_len) ||
        species_kernel(&kfill, c, "load_fill", sp->index, err, err_len) ||
        kernel_arg(&kcount, 0, sizeof(cl_mem), &count.mem, err, err_len))
        goto done;
    size_t g[3] = {(size_t)n[0], (size_t)n[1], (size_t)n[2]};
    if (kernel_launch(&kcount, c->dev->queue, &c->timers, 3, g, NULL, err, err_len))
        goto done;
    cl_int cl = clEnqueueReadBuffer(c->dev->queue, count.mem, CL_TRUE, 0, cells * sizeof(int), host_count, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(err, err_len, "species %s: reading counts failed: %s", sp->cfg->name, device_error_name(cl));
        goto done;
    }
    long total = 0;
    for (size_t i = 0; i < cells; i++) {
        host_offset[i] = total;
        total += host_count[i];
    }
    if (total > 2147483647L) {
        snprintf(err, err_len, "species %s: %ld particles on one rank; at most 2^31 - 1 are supported "
                 "(lower species.%s.ppc or use more ranks)", sp->cfg->name, total, sp->cfg->name);
        goto done;
    }
    sp->np = total;
    for (int a = 0; a < PA_COUNT; a++) {
        char what[128];
        size_t elem = a == PA_ID ? sizeof(cl_ulong) : c->real_size;
        snprintf(what, sizeof what, "species %s %s (%ld particles)", sp->cfg->name, array_names[a], total);
        if (arena_alloc(&c->arena, (size_t)(total > 0 ? total : 1) * elem, what, &sp->array[a], err, err_len))
            goto done;
    }
    if (arena_alloc(&c->arena, cells * sizeof(long), "particle loading offsets", &offset, err, err_len))
        goto done;
    cl = clEnqueueWriteBuffer(c->dev->queue, offset.mem, CL_TRUE, 0, cells * sizeof(long), host_offset, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(err, err_len, "species %s: writing offsets failed: %s", sp->cfg->name, device_error_name(cl));
        goto done;
    }
    cl_mem args[1 + PA_COUNT] = {offset.mem};
    for (int a = 0; a < PA_COUNT; a++)
        args[1 + a] = sp->array[a].mem;
    if (set_args(&kfill, args, 1 + PA_COUNT, err, err_len) ||
        kernel_launch(&kfill, c->dev->queue, &c->timers, 3, g, NULL, err, err_len))
        goto done;
    clFinish(c->dev->queue);
    rc = 0;
done:
    kernel_release(&kcount);
    kernel_release(&kfill);
    if (count.mem)
        arena_free(&c->arena, &count);
    if (offset.mem)
        arena_free(&c->arena, &offset);
    free(host_count);
    free(host_offset);
    return rc;
}

int particles_create(struct species *sp, struct ctx *c, struct fields *f, int index, char *err, size_t err_len)
{
    memset(sp, 0, sizeof *sp);
    sp->index = index;
    sp->cfg = &c->cfg->species[index];
    if (load(sp, c, err, err_len))
        return -1;
    int np = (int)sp->np;
    const cl_mem *a = NULL;
    cl_mem all[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        all[i] = sp->array[i].mem;
    a = all;
    if (!sp->cfg->frozen) {
        cl_mem push_args[8] = {f->buf.mem, a[PA_X], a[PA_Y], a[PA_Z], a[PA_UX], a[PA_UY], a[PA_UZ], a[PA_W]};
        if (species_kernel(&sp->push, c, "push_deposit", index, err, err_len) ||
            set_args(&sp->push, push_args, 8, err, err_len) ||
            kernel_arg(&sp->push, 8, sizeof(int), &np, err, err_len) ||
            species_kernel(&sp->push_back, c, "push_back", index, err, err_len) ||
            set_args(&sp->push_back, push_args, 7, err, err_len) ||
            kernel_arg(&sp->push_back, 7, sizeof(int), &np, err, err_len))
            return -1;
    }
    cl_mem rho_args[5] = {f->buf.mem, a[PA_X], a[PA_Y], a[PA_Z], a[PA_W]};
    cl_mem kin_args[4] = {a[PA_UX], a[PA_UY], a[PA_UZ], a[PA_W]};
    if (arena_alloc(&c->arena, PARTICLE_REDUCE_CHUNKS * sizeof(double), "particle sums", &sp->sums, err, err_len))
        return -1;
    sp->sums_host = calloc(PARTICLE_REDUCE_CHUNKS, sizeof(double));
    if (!sp->sums_host) {
        snprintf(err, err_len, "out of host memory");
        return -1;
    }
    if (species_kernel(&sp->rho, c, "deposit_rho", index, err, err_len) ||
        set_args(&sp->rho, rho_args, 5, err, err_len) || kernel_arg(&sp->rho, 5, sizeof(int), &np, err, err_len) ||
        species_kernel(&sp->kinetic, c, "reduce_kinetic", index, err, err_len) ||
        set_args(&sp->kinetic, kin_args, 4, err, err_len) ||
        kernel_arg(&sp->kinetic, 4, sizeof(int), &np, err, err_len) ||
        kernel_arg(&sp->kinetic, 5, sizeof(cl_mem), &sp->sums.mem, err, err_len))
        return -1;
    return 0;
}

void particles_destroy(struct species *sp, struct ctx *c)
{
    kernel_release(&sp->push);
    kernel_release(&sp->push_back);
    kernel_release(&sp->rho);
    kernel_release(&sp->kinetic);
    for (int a = 0; a < PA_COUNT; a++)
        if (sp->array[a].mem)
            arena_free(&c->arena, &sp->array[a]);
    if (sp->sums.mem)
        arena_free(&c->arena, &sp->sums);
    free(sp->sums_host);
    sp->sums_host = NULL;
}

static int launch_1d(struct kernel *k, struct ctx *c, long n, char *err, size_t err_len)
{
    size_t g = (size_t)n;
    return kernel_launch(k, c->dev->queue, &c->timers, 1, &g, NULL, err, err_len);
}

int particles_push(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    if (sp->cfg->frozen)
        return 0;
    return launch_1d(&sp->push, c, sp->np, err, err_len);
}

int particles_push_back(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    if (sp->cfg->frozen)
        return 0;
    return launch_1d(&sp->push_back, c, sp->np, err, err_len);
}

int particles_deposit_rho(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    return launch_1d(&sp->rho, c, sp->np, err, err_len);
}

int particles_kinetic(struct species *sp, struct ctx *c, double *energy, char *err, size_t err_len)
{
    *energy = 0;
    if (sp->np == 0)
        return 0;
    if (launch_1d(&sp->kinetic, c, PARTICLE_REDUCE_CHUNKS, err, err_len))
        return -1;
    size_t acc = c->dev->facts.has_fp64 ? sizeof(double) : sizeof(float);
    cl_int rc = clEnqueueReadBuffer(c->dev->queue, sp->sums.mem, CL_TRUE, 0, PARTICLE_REDUCE_CHUNKS * acc,
                                    sp->sums_host, 0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "species %s: reading kinetic energy failed: %s", sp->cfg->name, device_error_name(rc));
        return -1;
    }
    double sum = 0;
    for (int i = 0; i < PARTICLE_REDUCE_CHUNKS; i++)
        sum += acc == sizeof(double) ? sp->sums_host[i] : ((float *)sp->sums_host)[i];
    *energy = sum * sp->cfg->mass * PICL_C * PICL_C;
    return 0;
}

int particles_read(struct species *sp, struct ctx *c, enum particle_array a, double *out, char *err, size_t err_len)
{
    size_t elem = a == PA_ID ? sizeof(cl_ulong) : c->real_size;
    size_t n = (size_t)sp->np;
    void *host = malloc(n * elem + 1);
    if (!host) {
        snprintf(err, err_len, "out of host memory");
        return -1;
    }
    cl_int rc = n ? clEnqueueReadBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, 0, n * elem, host, 0, NULL, NULL)
                  : CL_SUCCESS;
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "species %s: reading %s failed: %s", sp->cfg->name, array_names[a], device_error_name(rc));
        free(host);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = a == PA_ID ? (double)((cl_ulong *)host)[i]
                 : elem == sizeof(double) ? ((double *)host)[i]
                                          : ((float *)host)[i];
    free(host);
    return 0;
}
