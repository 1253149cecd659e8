/* io_state.h: what the writers and readers of io/ see of a run: views of the time loop's state,
 * so that io/ stands below sim/ (sim_io_state fills one; a restart writes through it). */
#ifndef PICL_IO_STATE_H
#define PICL_IO_STATE_H

#include "fields.h"
#include "hdf5io.h"
#include "particles.h"
#include "window.h"

struct io_state {
    struct ctx *ctx;
    struct fields *fields;
    struct species *species; /* n_species of them */
    int n_species;
    struct window *window;
    struct hio_staging *staging; /* host memory reused by every write */
    long *step;
    double *time; /* s */
};

#endif
