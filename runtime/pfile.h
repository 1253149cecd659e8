/* pfile.h: particles of a species read from an openPMD file (species.from_file). Every rank
 * reads the file in bounded chunks (hyperslabs of PFILE_CHUNK particles), counts the particles
 * of every cell of the domain and keeps those inside its own boxes. Set-up only. */
#ifndef PICL_PFILE_H
#define PICL_PFILE_H

#include <stdint.h>

#include "ctx.h"
#include "species.h"

/* particles per hyperslab read: eight doubles each, 4 MiB per chunk */
#define PFILE_CHUNK 65536

/* The particles this rank keeps, in the order of the file: position in cells of the domain,
 * u = gamma v (m/s), weight, index in the file (their id) and global cell. */
struct pfile_particles {
    long n, cap;
    double *x[3], *u[3], *w;
    uint64_t *id;
    long *cell;
};

/* Reads sp->file: count[] (every cell of the domain, zeroed first) gets the particles of each
 * cell, *out (NULL: only counted, as `picl check` estimates) those of this rank's boxes; single:
 * positions as the float the device holds. Errors name the input's FILE:LINE and key. */
int pfile_read(const struct cfg_species *sp, const struct gen_layout *lay, int single, int *count,
               struct pfile_particles *out, char *err, size_t err_len);

/* Writes particle i into slot offset[cell]++ of the species' arrays (offset: each cell's first
 * slot, consumed; every kept particle's cell is this rank's); elem[a]: the bytes a particle holds
 * in array a (particles_elem), 0 for an array the run does not store. */
int pfile_fill(struct species *sp, struct ctx *c, const struct pfile_particles *p, long *offset,
               const size_t elem[PA_ATTRS], char *err, size_t err_len);

void pfile_free(struct pfile_particles *p);

#endif
