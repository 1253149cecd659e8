/* layout.h: how the domain is cut into boxes and how a box's field arrays are laid out.
 * The generator bakes these numbers into the kernels; the runtime sizes buffers with them. */
#ifndef PICL_LAYOUT_H
#define PICL_LAYOUT_H

#include <stddef.h>

#include "config.h"

/* Field components, all in one buffer: component c of box b starts at
 * c * comp_stride + b * box_stride. Every component uses the same index space; its position
 * inside cell (i,j,k) is given by its Yee staggering (gen_stagger). */
enum field_comp {
    CFG_FIELD_COMPS(CFG_ENUMERATOR) /* FC_EX .. FC_PHI, base/config.h */
    FC_G0, /* div E - rho/eps0 at the start: the charge-conservation diagnostic's reference */
    FC_ES_P, /* the electrostatic solver's search direction, whose guards each iteration fills */
    FC_COUNT
};

struct gen_layout {
    int cells[3]; /* whole domain */
    int box[3]; /* valid cells per box: every box has the same shape */
    int nbox[3]; /* boxes per axis */
    int n_boxes; /* of the whole domain */
    /* The boxes this rank holds (gen/decomp.h): local slot s is global box gid[s]; slot[g] is
     * -1 where another rank holds box g, owner[g] that rank. NULL maps: one rank holds all, in
     * order (gen_layout's default). */
    int n_local;
    int n_ranks, rank;
    const int *gid, *slot, *owner;
    int ng; /* guard cells the particle shapes and field stencils need on every side of a box */
    int ngs[3]; /* per axis: ng (+ GEN_GODFREY_GUARDS along z with the Godfrey filter), or 0 along
                 * an axis 2D or 1D drops (its one cell has no guards) */
    int dim[3]; /* box[] + 2 ngs[]: allocated cells per axis */
    long box_stride; /* dim[0] * dim[1] * dim[2] */
    long comp_stride; /* n_local * box_stride: the boxes of this rank */
    double dx[3]; /* m */
    double lower[3]; /* m */
};

/* Guard cells the run needs: the particle shape reach after a move of up to one cell
 * (Esirkepov uses the old and new positions together) and the field stencils. */
int gen_guard_cells(const struct picl_config *cfg);
/* The half width of the Godfrey filter's stencil (gen/godfrey.h), added to the guard cells along
 * z (ngs[2]) only. */
#define GEN_GODFREY_GUARDS 4
/* The layout of the whole domain, held by one rank; decomp_apply narrows it to a rank's boxes. */
int gen_layout(const struct picl_config *cfg, struct gen_layout *lay, char *err, size_t err_len);
/* Global index of local box s, and local slot of global box g (-1: another rank's). */
static inline int gen_box_gid(const struct gen_layout *lay, int s) { return lay->gid ? lay->gid[s] : s; }
static inline int gen_box_slot(const struct gen_layout *lay, int g) { return lay->slot ? lay->slot[g] : g; }
/* Whether the geometry keeps axis a (cfg_has_axis from the layout: only a dropped axis of 2D or
 * 1D has no guard cells). */
static inline int gen_has_axis(const struct gen_layout *lay, int a) { return lay->ngs[a] > 0; }
/* Offset of component c (0 or 0.5 cell per axis) on the Yee grid. */
void gen_stagger(enum field_comp c, double offset[3]);
/* Offset of component c in this run's grid: gen_stagger's, or 0 on the collocated grid
 * (solver.grid = "collocated", where every component sits at the nodes). */
void gen_field_offset(const struct picl_config *cfg, enum field_comp c, double offset[3]);
const char *gen_comp_name(enum field_comp c);

#endif
