/* bare_config.h: a configuration made in C, without an input script, for the tests of the
 * generator's pure parts (plan, cost): a cube of cells cut into boxes, order 3 in double precision. */
#ifndef PICL_BARE_CONFIG_H
#define PICL_BARE_CONFIG_H

#include <string.h>

#include "config.h"

/* cells and max_box along each axis; one species, sort bins and sort interval left at auto. */
static inline struct picl_config bare_config(int cells, int max_box)
{
    struct picl_config cfg;
    memset(&cfg, 0, sizeof cfg);
    for (int a = 0; a < 3; a++) {
        cfg.grid.cells[a] = cells;
        cfg.grid.max_box[a] = max_box;
        cfg.grid.upper[a] = 1e-5;
        cfg.sort_bin[a] = -1;
    }
    cfg.precision = CFG_DOUBLE;
    cfg.shape_order = 3;
    cfg.sort_interval = -1;
    cfg.n_species = 1;
    return cfg;
}

#endif
