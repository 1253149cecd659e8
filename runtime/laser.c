/* laser.c: launches of the laser antennas. The kernels hold everything about each laser as
 * literals; only the time is passed, as acc_real (double where the device has it). */
#include "laser.h"

#include <string.h>

int lasers_create(struct lasers *l, struct ctx *c, cl_mem fields, char *err, size_t err_len)
{
    memset(l, 0, sizeof *l);
    for (int i = 0; i < c->cfg->n_lasers; i++) {
        char name[32];
        struct kernel *k[2] = {&l->J[i], &l->B[i]};
        for (int e = 0; e < 2; e++) {
            snprintf(name, sizeof name, "laser_%c_%d", e ? 'B' : 'J', i);
            if (kernel_create(k[e], c->prog, name, &c->timers, err, err_len) ||
                kernel_mem(k[e], "F", fields, err, err_len))
                return -1;
        }
        l->n = i + 1;
        const int a = c->cfg->lasers[i].axis;
        l->range[i][0] = (size_t)c->lay.cells[(a + 1) % 3];
        l->range[i][1] = (size_t)c->lay.cells[(a + 2) % 3];
    }
    return 0;
}

void lasers_destroy(struct lasers *l)
{
    for (int i = 0; i < l->n; i++) {
        kernel_release(&l->J[i]);
        kernel_release(&l->B[i]);
    }
    l->n = 0;
}

static int launch_all(struct lasers *l, struct kernel *k, struct ctx *c, double t, char *err, size_t err_len)
{
    const float tf = (float)t;
    const int fp64 = c->dev->facts.has_fp64;
    for (int i = 0; i < l->n; i++) {
        const struct cfg_window *w = &c->cfg->window;
        const cl_int shift = w->enabled && w->axis == c->cfg->lasers[i].axis ? (cl_int)l->window_shifts : 0;
        if (kernel_set(&k[i], "t", fp64 ? sizeof t : sizeof tf, fp64 ? (const void *)&t : (const void *)&tf, err,
                       err_len) ||
            kernel_set(&k[i], "shift", sizeof shift, &shift, err, err_len) ||
            kernel_launch(&k[i], c->dev->queue, &c->timers, 2, l->range[i], NULL, err, err_len))
            return -1;
    }
    return 0;
}

int lasers_add_J(struct lasers *l, struct ctx *c, double t, char *err, size_t err_len)
{
    return launch_all(l, l->J, c, t, err, err_len);
}

int lasers_push_B(struct lasers *l, struct ctx *c, double t, char *err, size_t err_len)
{
    return launch_all(l, l->B, c, t, err, err_len);
}
