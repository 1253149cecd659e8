/* io_state.h: what the writers and readers of io/ see of a run: pointers into the state that
 * sim/ owns (sim_io_state fills one), so that io/ needs no header of the layer above it. */
#ifndef PICL_IO_STATE_H
#define PICL_IO_STATE_H

#include "ctx.h"
#include "fields.h"
#include "hdf5io.h"
#include "particles.h"
#include "pml.h"
#include "window.h"

struct btd;

struct io_state {
    struct ctx *ctx; /* the device, layout, configuration and communicator */
    struct fields *fields; /* the field buffer and the Gauss reference's scale */
    struct pml *pml; /* the absorbing layers (pml->n 0: none) */
    struct species *species; /* n_species of them */
    int n_species;
    struct window *window; /* the moving window (window->enabled 0: none) */
    struct hio_staging *staging; /* host memory reused by every write */
    const struct btd *btd; /* the back-transformed diagnostics' state for a checkpoint (NULL: none) */
    long step; /* the step the state is at, and its time in s */
    double time;
};

#endif
