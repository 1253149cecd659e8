/* openpmd.h: full diagnostics: the fields and particles of one step as an openPMD 1.1.0 file
 * with the ED-PIC extension, <output_dir>/<name>/openpmd_%06T.h5, written collectively through
 * parallel HDF5 (docs/output.md). */
#ifndef PICL_OPENPMD_H
#define PICL_OPENPMD_H

#include <stddef.h>

#include "config.h"

struct io_state;

/* True when full diagnostic d writes at `step`. */
int opmd_due(const struct cfg_full *d, long step);
/* Writes full diagnostic d at the sim's current step; adds the bytes of data written to
 * *bytes. Deposits rho (and each species' rho) when d asks for it. */
int opmd_write(const struct io_state *s, const struct cfg_full *d, double *bytes, char *err, size_t err_len);

#endif
