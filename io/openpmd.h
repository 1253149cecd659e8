/* openpmd.h: full diagnostics: the fields and particles of one step as an openPMD 1.1.0 file
 * with the ED-PIC extension, <output_dir>/<name>/openpmd_%06T.h5, written collectively through
 * parallel HDF5 (docs/output.md). */
#ifndef PICL_OPENPMD_H
#define PICL_OPENPMD_H

#include <stddef.h>

#include "config.h"
#include "expr_parse.h"

struct io_state;

/* A full diagnostic's particle_filter, parsed once when the run starts (gen_diag_filter_parse's
 * scope) and evaluated on the host for each particle the diagnostic would write. */
struct opmd_filter {
    int on; /* 0: the diagnostic has none, every particle passes */
    struct expr_tree tree;
};
int opmd_filter_open(const struct picl_config *cfg, const struct cfg_full *d, struct opmd_filter *f, char *err,
                     size_t err_len);
void opmd_filter_close(struct opmd_filter *f);

/* True when full diagnostic d writes at `step`. */
int opmd_due(const struct cfg_full *d, long step);
/* Writes full diagnostic d at the sim's current step, its particles those f selects too; adds
 * the bytes of data written to *bytes. Deposits rho (and each species' rho) when d asks for it. */
int opmd_write(const struct io_state *s, const struct cfg_full *d, const struct opmd_filter *f, double *bytes,
               char *err, size_t err_len);

#endif
