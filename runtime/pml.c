/* pml.c: the PML's psi arrays and launches. The slab table comes from gen/pml_slabs.c, the
 * same the generator wrote the kernels' literals from, so both agree on every offset. */
#include "pml.h"

#include <string.h>

#include "comm.h"
#include "mem.h"

int pml_create(struct pml *p, struct ctx *c, cl_mem fields, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->n = gen_pml_slabs(c->cfg, &c->lay, p->slab, &p->part_reals);
    if (p->n == 0)
        return 0;
    p->parts = cfg_mode_comps(c->cfg);
    p->reals = p->part_reals * p->parts;
    if (arena_alloc(&c->arena, (size_t)p->reals * c->real_size, "PML auxiliary fields", &p->psi, err, err_len))
        return -1;
    double zero = 0;
    cl_int rc = clEnqueueFillBuffer(c->dev->queue, p->psi.mem, &zero, c->real_size, 0,
                                    (size_t)p->reals * c->real_size, 0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "clearing the PML's auxiliary fields failed: %s", device_error_name(rc));
        return -1;
    }
    p->items[0] = (size_t)(p->part_reals / GEN_PML_ARRAYS);
    p->items[1] = (size_t)p->parts;
    struct kernel *k[3] = {&p->E, &p->B[0], &p->B[1]};
    static const char *const name[3] = {"pml_E", "pml_B0", "pml_B1"};
    for (int e = 0; e < 3; e++)
        if (kernel_create(k[e], c->prog, name[e], &c->timers, err, err_len) ||
            kernel_mem(k[e], "F", fields, err, err_len) || kernel_mem(k[e], "psi", p->psi.mem, err, err_len))
            return -1;
    return 0;
}

void pml_destroy(struct pml *p, struct ctx *c)
{
    kernel_release(&p->E);
    kernel_release(&p->B[0]);
    kernel_release(&p->B[1]);
    if (p->psi.mem)
        arena_free(&c->arena, &p->psi);
    p->n = 0;
}

int pml_push_E(struct pml *p, struct ctx *c, char *err, size_t err_len)
{
    return p->n ? kernel_launch(&p->E, c->dev->queue, &c->timers, 2, p->items, NULL, err, err_len) : 0;
}

int pml_push_B(struct pml *p, struct ctx *c, int half, char *err, size_t err_len)
{
    return p->n ? kernel_launch(&p->B[half], c->dev->queue, &c->timers, 2, p->items, NULL, err, err_len) : 0;
}

int pml_save(struct pml *p, struct ctx *c, double **host, char *err, size_t err_len)
{
    *host = NULL;
    if (p->n == 0)
        return 0;
    const size_t n = (size_t)p->reals;
    double *h = mem_alloc(n * sizeof(double));
    if (!h) {
        snprintf(err, err_len, "out of host memory for the PML's auxiliary fields (%zu values)", n);
        return -1;
    }
    cl_int rc = clEnqueueReadBuffer(c->dev->queue, p->psi.mem, CL_TRUE, 0, n * c->real_size, h, 0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        mem_free(h);
        snprintf(err, err_len, "reading the PML's auxiliary fields failed: %s", device_error_name(rc));
        return -1;
    }
    if (c->real_size == sizeof(float)) /* widen in place, from the end */
        for (size_t i = n; i-- > 0;)
            h[i] = ((const float *)h)[i];
    *host = h;
    return 0;
}

int pml_load(struct pml *p, struct ctx *c, double *host, int sum, char *err, size_t err_len)
{
    if (p->n == 0 || !host)
        return 0;
    const struct gen_layout *lay = &c->lay;
    if (sum)
        comm_sum_doubles(c->comm, host, (int)p->reals);
    for (int i = 0; i < p->n; i++) {
        const struct gen_pml_slab *sl = &p->slab[i];
        const int a = sl->axis, b = (a + 1) % 3, cc = (a + 2) % 3;
        for (long m = 0; m < sl->size; m++) {
            int g[3];
            const long l = m % sl->cells, u = (m / sl->cells) % (long)sl->range[1], v = m / (sl->cells * (long)sl->range[1]);
            g[a] = (int)(sl->side ? lay->cells[a] - sl->cells + l : l);
            g[b] = (int)u;
            g[cc] = (int)v;
            const int box = g[0] / lay->box[0] + lay->nbox[0] * (g[1] / lay->box[1] + lay->nbox[1] * (g[2] / lay->box[2]));
            if (gen_box_slot(lay, box) < 0)
                for (int part = 0; part < p->parts; part++)
                    for (int k = 0; k < GEN_PML_ARRAYS; k++)
                        host[part * p->part_reals + sl->offset + k * sl->size + m] = 0;
        }
    }
    if (c->real_size == sizeof(float)) /* narrow in place, from the start */
        for (long i = 0; i < p->reals; i++)
            ((float *)host)[i] = (float)host[i];
    cl_int rc = clEnqueueWriteBuffer(c->dev->queue, p->psi.mem, CL_TRUE, 0, (size_t)p->reals * c->real_size, host, 0,
                                     NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "writing the PML's auxiliary fields failed: %s", device_error_name(rc));
        return -1;
    }
    return 0;
}

int pml_adopt(struct pml *p, struct ctx *c, double *host, char *err, size_t err_len)
{
    return pml_load(p, c, host, 1, err, err_len);
}

int pml_gather(struct pml *p, struct ctx *c, double **host, char *err, size_t err_len)
{
    if (pml_save(p, c, host, err, err_len))
        return -1;
    if (*host)
        comm_sum_doubles(c->comm, *host, (int)p->reals);
    return 0;
}

double pml_bytes(const struct picl_config *cfg, const struct gen_layout *lay, size_t real_size)
{
    struct gen_pml_slab slab[6];
    long reals;
    gen_pml_slabs(cfg, lay, slab, &reals);
    return (double)reals * cfg_mode_comps(cfg) * (double)real_size;
}
