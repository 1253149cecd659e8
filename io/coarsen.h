/* coarsen.h: a full diagnostic's coarsened fields: each coarse value the mean of the fine values
 * of its block, the blocks tiling the sub-region, gathered on rank 0 in one fixed order. */
#ifndef PICL_COARSEN_H
#define PICL_COARSEN_H

#include <stddef.h>

#include "config.h"
#include "layout.h"

/* Does d coarsen any axis (then its fields take this path, else the plain slice)? */
int coarsen_active(const struct cfg_full *d);
/* The coarse cells of d per axis ((cell_hi - cell_lo) / coarsening: the schema makes them divide). */
size_t coarsen_count(const struct cfg_full *d, int dims[3]);
/* From one component with guards (`comp`, real_size bytes a value) of this rank's boxes: the
 * block means of d's sub-region on rank 0, as real_size values in the file's order (z, y, x), in
 * `out` (coarsen_count values); other ranks' out is untouched. Collective over MPI_COMM_WORLD
 * when MPI is up. `scratch` holds the fine sub-region in double; returns 0, -1 when MPI fails. */
int coarsen_average(const struct gen_layout *lay, const struct cfg_full *d, const char *comp, size_t real_size,
                    double *scratch, char *out);
/* The fine cells of d's sub-region (the scratch coarsen_average needs, in doubles). */
size_t coarsen_region_cells(const struct cfg_full *d);

#endif
