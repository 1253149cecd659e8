/* beam.h: loading a Gaussian bunch (species.beam). The device draws particle n from its own
 * random numbers and names its cell; the host counts particles per cell, lays the boxes out
 * from the counts, and gives each particle its slot in its cell in the order of n; the device
 * then writes it there. Every box decomposition loads the same bunch. Set-up only. */
#ifndef PICL_BEAM_H
#define PICL_BEAM_H

#include "ctx.h"
#include "species.h"

/* Counts the bunch's particles per global cell into count[] (zeroed first) and returns, in
 * *cell (mem_alloc'd, sp->cfg->beam.particles entries), the cell of each particle. */
int beam_cells(struct species *sp, struct ctx *c, int *count, long **cell, char *err, size_t err_len);

/* Writes particle n into slot offset[cell[n]]++ of the species' arrays (offset: each cell's
 * first slot, consumed; -1 for cells of other ranks' boxes, whose particles are not this rank's). */
int beam_fill(struct species *sp, struct ctx *c, const long *cell, long *offset, char *err, size_t err_len);

#endif
