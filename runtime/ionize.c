/* ionize.c: field ionization (ionize.h). Its arguments are set at every launch: the arrays of
 * the ion and of its product move when boxes get new room (a restart, load balancing), and a
 * step of ionization is a few dozen clSetKernelArg against a loop over every ion. */
#include "ionize.h"

#include <stdio.h>

#include "kargs.h"

static int ionize_one(struct species *ion, struct species *product, const struct fields *f, struct ctx *c, long step,
                      double t, double lab_offset, char *err, size_t err_len)
{
    struct kernel *k = &ion->ionize;
    if (!k->k) {
        char name[64];
        snprintf(name, sizeof name, "ionize_%d", ion->index);
        if (kernel_create(k, c->prog, name, &c->timers, err, err_len))
            return -1;
        k->variant = c->cfg->applied.enabled ? KARGS_APPLIED : 0u;
    }
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = ion->array[i].mem;
    const cl_long n = (cl_long)step;
    if (kernel_mem(k, "F", f->buf.mem, err, err_len) || kernel_set(k, "n_step", sizeof n, &n, err, err_len) ||
        kernel_particles(k, a, err, err_len) || kernel_mem(k, "boxes", ion->boxes.mem, err, err_len) ||
        kernel_mem(k, "e_boxes", product->boxes.mem, err, err_len))
        return -1;
#define SET_PRODUCT(E, name, param, type, kept)                                                 \
    if (kernel_mem(k, "e_" #param, product->array[PA_##E].mem, err, err_len))                  \
        return -1;
    PICL_PARTICLE_ARRAYS(SET_PRODUCT)
#undef SET_PRODUCT
    if (c->cfg->applied.enabled &&
        (kernel_set_acc(k, "t_gather", c->dev->facts.has_fp64, t, err, err_len) ||
         kernel_set_acc(k, "lab_offset", c->dev->facts.has_fp64, lab_offset, err, err_len)))
        return -1;
    const size_t boxes = (size_t)c->lay.n_local, one = 1;
    return kernel_launch(k, c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len);
}

int ionize_step(struct species *all, int n, const struct fields *f, struct ctx *c, long step, double t,
                double lab_offset, char *err, size_t err_len)
{
    for (int i = 0; i < n; i++) {
        const struct cfg_ionization *io = &all[i].cfg->ionization;
        if (io->enabled && ionize_one(&all[i], &all[io->product], f, c, step, t, lab_offset, err, err_len))
            return -1;
    }
    return 0;
}
