/* collide.h: the binary-collision stage (collisions = {...}; templates/collisions.cl, collide.cl):
 * every entry's interval, the particles of its species listed cell by cell, then one launch per
 * entry over the cells of every box. Only momenta change. */
#ifndef PICL_COLLIDE_H
#define PICL_COLLIDE_H

#include "ctx.h"
#include "species.h"

struct collide {
    int ready; /* the kernels and lists below belong to the program and particle arrays named here */
    cl_program prog;
    cl_mem ux[CFG_MAX_SPECIES]; /* each listed species' momentum array when the kernels were set */
    int listed[CFG_MAX_SPECIES]; /* the species some entry collides */
    struct arena_buf list[CFG_MAX_SPECIES]; /* per slot: the particles of each cell, at the box's slots */
    struct arena_buf end[CFG_MAX_SPECIES]; /* per box and cell: the end of the cell's list */
    struct kernel list_k[CFG_MAX_SPECIES]; /* collide_list on that species */
    struct kernel entry[CFG_MAX_COLLISIONS]; /* collide_<i> */
};

/* The collision stage of step `step` (the step being completed, 0 for the first): the entries due
 * on it ((step + 1) % interval == 0). Makes the lists and kernels on first use, and again when the
 * program or the particle arrays changed (a redistribution between ranks, a restart). Nothing
 * without collisions. */
int collide_step(struct collide *col, struct ctx *c, struct species *sp, int n_species, long step, char *err,
                 size_t err_len);
/* The lists and kernels made now (sim_create: not in the time loop); collide_step makes them again
 * only when the program or the arrays changed. Nothing without collisions. */
int collide_prepare(struct collide *col, struct ctx *c, struct species *sp, int n_species, char *err, size_t err_len);
/* Releases kernels and lists (before the program and arena go). */
void collide_destroy(struct collide *col, struct ctx *c);

#endif
