/* pml.c: the PML's psi arrays and launches. The slab table comes from gen/pml_slabs.c, the
 * same the generator wrote the kernels' literals from, so both agree on every offset. */
#include "pml.h"

#include <string.h>

int pml_create(struct pml *p, struct ctx *c, cl_mem fields, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->n = gen_pml_slabs(c->cfg, &c->lay, p->slab, &p->reals);
    if (p->n == 0)
        return 0;
    if (arena_alloc(&c->arena, (size_t)p->reals * c->real_size, "PML auxiliary fields", &p->psi, err, err_len))
        return -1;
    double zero = 0;
    cl_int rc = clEnqueueFillBuffer(c->dev->queue, p->psi.mem, &zero, c->real_size, 0,
                                    (size_t)p->reals * c->real_size, 0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "clearing the PML's auxiliary fields failed: %s", device_error_name(rc));
        return -1;
    }
    for (int i = 0; i < p->n; i++) {
        char name[32];
        struct kernel *k[3] = {&p->E[i], &p->B[0][i], &p->B[1][i]};
        static const char *const what[3] = {"E", "B0", "B1"};
        for (int e = 0; e < 3; e++) {
            snprintf(name, sizeof name, "pml_%s_%s", what[e], p->slab[i].name);
            if (kernel_create(k[e], c->prog, name, &c->timers, err, err_len) ||
                kernel_arg(k[e], 0, sizeof(cl_mem), &fields, err, err_len) ||
                kernel_arg(k[e], 1, sizeof(cl_mem), &p->psi.mem, err, err_len))
                return -1;
        }
    }
    return 0;
}

void pml_destroy(struct pml *p, struct ctx *c)
{
    for (int i = 0; i < p->n; i++) {
        kernel_release(&p->E[i]);
        kernel_release(&p->B[0][i]);
        kernel_release(&p->B[1][i]);
    }
    if (p->psi.mem)
        arena_free(&c->arena, &p->psi);
    p->n = 0;
}

static int launch_all(struct pml *p, struct kernel *k, struct ctx *c, char *err, size_t err_len)
{
    for (int i = 0; i < p->n; i++)
        if (kernel_launch(&k[i], c->dev->queue, &c->timers, 3, p->slab[i].range, NULL, err, err_len))
            return -1;
    return 0;
}

int pml_push_E(struct pml *p, struct ctx *c, char *err, size_t err_len)
{
    return launch_all(p, p->E, c, err, err_len);
}

int pml_push_B(struct pml *p, struct ctx *c, int half, char *err, size_t err_len)
{
    return launch_all(p, p->B[half], c, err, err_len);
}

double pml_bytes(const struct picl_config *cfg, const struct gen_layout *lay, size_t real_size)
{
    struct gen_pml_slab slab[6];
    long reals;
    gen_pml_slabs(cfg, lay, slab, &reals);
    return (double)reals * (double)real_size;
}
