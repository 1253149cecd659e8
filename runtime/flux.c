/* flux.c: flux injection (flux.h). The kernel adds to the box table's injected count, the
 * moving window's (a flux species never has a window), so particles_check reduces it too. */
#include "flux.h"

#include <stdio.h>

int flux_create(struct species *sp, struct ctx *c, const struct fields *f, char *err, size_t err_len)
{
    if (!sp->cfg->flux.enabled)
        return 0;
    char name[64];
    snprintf(name, sizeof name, "flux_inject_%d", sp->index);
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    if (kernel_create(&sp->flux_inject, c->prog, name, &c->timers, err, err_len) ||
        kernel_particles(&sp->flux_inject, a, err, err_len) ||
        kernel_mem(&sp->flux_inject, "boxes", sp->boxes.mem, err, err_len) ||
        kernel_mem(&sp->flux_inject, "F", f->buf.mem, err, err_len))
        return -1;
    return 0;
}

int flux_inject(struct species *sp, struct ctx *c, long step, char *err, size_t err_len)
{
    if (!sp->flux_inject.k)
        return 0;
    const cl_long n = (cl_long)step;
    const size_t boxes = (size_t)c->lay.n_local, one = 1;
    return kernel_set(&sp->flux_inject, "step", sizeof n, &n, err, err_len) ||
           kernel_launch(&sp->flux_inject, c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len);
}

long flux_injected(const struct species *sp) { return sp->window_all[1]; }
