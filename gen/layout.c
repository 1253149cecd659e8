/* layout.c: boxes and guard cells. Boxes all share one shape (max_box divides the grid), so
 * every box dimension and stride is a literal in the kernels and one launch covers all boxes. */
#include "layout.h"

#include <stdio.h>

int gen_guard_cells(const struct picl_config *cfg)
{
    /* A particle starts a step in [0, n) of its box and ends it within (-1, n+1). Order 1
     * then touches nodes -1 .. n+1; orders 2 and 3 reach nodes -2 .. n+2. */
    return cfg->shape_order == 1 ? 2 : 3;
}

int gen_layout(const struct picl_config *cfg, struct gen_layout *lay, char *err, size_t err_len)
{
    lay->ng = gen_guard_cells(cfg);
    lay->n_boxes = 1;
    for (int a = 0; a < 3; a++) {
        const char *axis = &"xyz"[a];
        lay->ngs[a] = cfg_has_axis(cfg, a) ? lay->ng : 0;
        /* the Godfrey filter reads GEN_GODFREY_GUARDS cells either side along z, so the filtered
         * copy the gather reads keeps ng guard cells of its own there: along z only (as WarpX) */
        if (a == 2 && cfg->filter_godfrey)
            lay->ngs[a] += GEN_GODFREY_GUARDS;
        lay->cells[a] = cfg->grid.cells[a];
        lay->box[a] = cfg->grid.max_box[a];
        if (lay->box[a] <= 0 || lay->cells[a] % lay->box[a]) {
            snprintf(err, err_len, "grid.max_box: %d cells along %.1s do not split into boxes of %d",
                     lay->cells[a], axis, lay->box[a]);
            return -1;
        }
        if (lay->box[a] < lay->ngs[a]) {
            snprintf(err, err_len,
                     "grid.max_box: boxes of %d cells along %.1s are thinner than the %d guard "
                     "cells shape order %d%s needs; use max_box >= %d",
                     lay->box[a], axis, lay->ngs[a], cfg->shape_order,
                     cfg->filter_godfrey && a == 2 ? " and the Godfrey filter (filter.godfrey)" : "", lay->ngs[a]);
            return -1;
        }
        /* the mirror image of the deepest guard cell must lie inside the domain */
        if (cfg->field_boundary[a][0] != CFG_BOUNDARY_PERIODIC && lay->cells[a] <= lay->ngs[a]) {
            snprintf(err, err_len,
                     "boundary: a non-periodic axis needs more cells than the %d guard cells of shape order %d; "
                     "%.1s has %d",
                     lay->ngs[a], cfg->shape_order, axis, lay->cells[a]);
            return -1;
        }
        lay->nbox[a] = lay->cells[a] / lay->box[a];
        lay->n_boxes *= lay->nbox[a];
        lay->dim[a] = lay->box[a] + 2 * lay->ngs[a];
        lay->lower[a] = cfg->grid.lower[a];
        lay->dx[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    }
    lay->box_stride = (long)lay->dim[0] * lay->dim[1] * lay->dim[2];
    lay->n_local = lay->n_boxes;
    lay->n_ranks = 1;
    lay->rank = 0;
    lay->gid = lay->slot = lay->owner = NULL;
    lay->comp_stride = lay->box_stride * lay->n_local;
    return 0;
}

void gen_stagger(enum field_comp c, double offset[3])
{
    /* Yee: E and J along their own axis at half cells, B normal to its face, rho at nodes. */
    for (int a = 0; a < 3; a++)
        offset[a] = 0.0;
    switch (c) {
    case FC_EX: case FC_JX: offset[0] = 0.5; break;
    case FC_EY: case FC_JY: offset[1] = 0.5; break;
    case FC_EZ: case FC_JZ: offset[2] = 0.5; break;
    case FC_BX: offset[1] = offset[2] = 0.5; break;
    case FC_BY: offset[0] = offset[2] = 0.5; break;
    case FC_BZ: offset[0] = offset[1] = 0.5; break;
    default: break;
    }
}

void gen_field_offset(const struct picl_config *cfg, enum field_comp c, double offset[3])
{
    gen_stagger(c, offset);
    if (cfg->grid_type == CFG_GRID_COLLOCATED)
        offset[0] = offset[1] = offset[2] = 0.0;
}

const char *gen_comp_name(enum field_comp c)
{
    if (c <= FC_PHI)
        return cfg_field_comp_names[c];
    return c == FC_G0 ? "G0" : c == FC_ES_P ? "es_p" : "?";
}
