/* hist_openpmd.h: a histogram of 2 or 3 axes as an openPMD mesh, one file per output step,
 * <output_dir>/<name>/openpmd_%06T.h5, beside its CSV, for openPMD-viewer's get_field. */
#ifndef PICL_HIST_OPENPMD_H
#define PICL_HIST_OPENPMD_H

#include "io_state.h"

/* bins: as pstats_histogram gives them (first axis fastest), equal on every rank. Collective. */
int hist_opmd_write(const struct io_state *io, const struct cfg_hist *h, const double *bins, char *err,
                    size_t err_len);

#endif
