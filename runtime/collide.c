/* collide.c: the binary-collision stage (collide.h). The lists live beside the species (one int
 * per slot, one per cell of every box) and are made again at every stage, from the particles'
 * order, so no state outlives a step and a checkpoint needs nothing new. */
#include "collide.h"

#include <stdio.h>
#include <string.h>

void collide_destroy(struct collide *col, struct ctx *c)
{
    for (int s = 0; s < CFG_MAX_SPECIES; s++) {
        kernel_release(&col->list_k[s]);
        if (col->list[s].mem)
            arena_free(&c->arena, &col->list[s]);
        if (col->end[s].mem)
            arena_free(&c->arena, &col->end[s]);
    }
    for (int i = 0; i < CFG_MAX_COLLISIONS; i++)
        kernel_release(&col->entry[i]);
    memset(col, 0, sizeof *col);
}

/* The arguments of one side ("a" or "b") of an entry's kernel: species sp's momenta, weights, box
 * table and lists. */
static int entry_side(struct kernel *k, const char *side, const struct species *sp, const struct collide *col,
                      char *err, size_t err_len)
{
    char name[16];
    const struct {
        const char *what;
        cl_mem mem;
    } arg[] = {{"ux", sp->array[PA_UX].mem},  {"uy", sp->array[PA_UY].mem},
               {"uz", sp->array[PA_UZ].mem},  {"w", sp->array[PA_W].mem},
               {"_boxes", sp->boxes.mem},      {"_list", col->list[sp->index].mem},
               {"_end", col->end[sp->index].mem}};
    for (size_t i = 0; i < sizeof arg / sizeof *arg; i++) {
        snprintf(name, sizeof name, "%s%s", side, arg[i].what);
        if (kernel_mem(k, name, arg[i].mem, err, err_len))
            return -1;
    }
    return 0;
}

static int collide_create(struct collide *col, struct ctx *c, struct species *sp, int n_species, char *err,
                          size_t err_len)
{
    const struct picl_config *cfg = c->cfg;
    collide_destroy(col, c);
    const long cells = (long)c->lay.box[0] * c->lay.box[1] * c->lay.box[2];
    for (int i = 0; i < cfg->n_collisions; i++)
        for (int j = 0; j < 2; j++)
            col->listed[cfg->collisions[i].species[j]] = 1;
    for (int s = 0; s < n_species; s++) {
        if (!col->listed[s])
            continue;
        cl_mem a[PA_COUNT];
        for (int i = 0; i < PA_COUNT; i++)
            a[i] = sp[s].array[i].mem;
        if (arena_alloc(&c->arena, (size_t)(sp[s].slots > 0 ? sp[s].slots : 1) * sizeof(cl_int), "collision cell lists", &col->list[s], err,
                        err_len) ||
            arena_alloc(&c->arena, (size_t)(cells * c->lay.n_local) * sizeof(cl_int), "collision cell ends",
                        &col->end[s], err, err_len) ||
            kernel_create(&col->list_k[s], c->prog, "collide_list", &c->timers, err, err_len) ||
            kernel_particles(&col->list_k[s], a, err, err_len) ||
            kernel_mem(&col->list_k[s], "boxes", sp[s].boxes.mem, err, err_len) ||
            kernel_mem(&col->list_k[s], "cell_list", col->list[s].mem, err, err_len) ||
            kernel_mem(&col->list_k[s], "cell_end", col->end[s].mem, err, err_len))
            return -1;
        col->ux[s] = sp[s].array[PA_UX].mem;
    }
    for (int i = 0; i < cfg->n_collisions; i++) {
        char name[64];
        snprintf(name, sizeof name, "collide_%d", i);
        const struct cfg_collision *e = &cfg->collisions[i];
        if (kernel_create(&col->entry[i], c->prog, name, &c->timers, err, err_len) ||
            entry_side(&col->entry[i], "a", &sp[e->species[0]], col, err, err_len) ||
            entry_side(&col->entry[i], "b", &sp[e->species[1]], col, err, err_len))
            return -1;
    }
    col->prog = c->prog;
    col->ready = 1;
    return 0;
}

/* Whether the kernels were set up for this program and these particle arrays. */
static int collide_current(const struct collide *col, const struct ctx *c, const struct species *sp, int n_species)
{
    if (!col->ready || col->prog != c->prog)
        return 0;
    for (int s = 0; s < n_species; s++)
        if (col->listed[s] && col->ux[s] != sp[s].array[PA_UX].mem)
            return 0;
    return 1;
}

int collide_prepare(struct collide *col, struct ctx *c, struct species *sp, int n_species, char *err, size_t err_len)
{
    if (!c->cfg->n_collisions || collide_current(col, c, sp, n_species))
        return 0;
    return collide_create(col, c, sp, n_species, err, err_len);
}

int collide_step(struct collide *col, struct ctx *c, struct species *sp, int n_species, long step, char *err,
                 size_t err_len)
{
    const struct picl_config *cfg = c->cfg;
    int due = 0;
    for (int i = 0; i < cfg->n_collisions; i++)
        due |= (step + 1) % cfg->collisions[i].interval == 0;
    if (!due)
        return 0;
    if (collide_prepare(col, c, sp, n_species, err, err_len))
        return -1;
    const size_t boxes = (size_t)c->lay.n_local, one = 1;
    for (int s = 0; s < n_species; s++)
        if (col->listed[s] &&
            kernel_launch(&col->list_k[s], c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len))
            return -1;
    const size_t cells = boxes * (size_t)c->lay.box[0] * c->lay.box[1] * c->lay.box[2];
    const cl_long n = (cl_long)step;
    for (int i = 0; i < cfg->n_collisions; i++) {
        if ((step + 1) % cfg->collisions[i].interval)
            continue;
        if (kernel_set(&col->entry[i], "n_step", sizeof n, &n, err, err_len) ||
            kernel_launch(&col->entry[i], c->dev->queue, &c->timers, 1, &cells, NULL, err, err_len))
            return -1;
    }
    return 0;
}
