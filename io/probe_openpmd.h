/* probe_openpmd.h: a line or plane probe as openPMD meshes E and B, one file per output step,
 * <output_dir>/<name>/openpmd_%06T.h5, for openPMD-viewer's get_field. */
#ifndef PICL_PROBE_OPENPMD_H
#define PICL_PROBE_OPENPMD_H

#include "io_state.h"

/* values: as pstats_probe gives them (Ex Ey Ez Bx By Bz per point, the first axis fastest),
 * equal on every rank. Collective. */
int probe_opmd_write(const struct io_state *io, const struct cfg_probe *p, const double *values, char *err,
                     size_t err_len);

#endif
