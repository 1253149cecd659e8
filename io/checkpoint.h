/* checkpoint.h: everything a run needs to continue, one HDF5 file per checkpoint
 * (<checkpoint.dir>/checkpoint_%06T.h5) that every rank writes its boxes into: the field buffer
 * with its guard cells by global box, each species' live particles box by box with, per box, its
 * count, its offset in the file, its room and its absorbed counters; step, time, the Gauss
 * reference's scale, the PML's auxiliary fields when the run has a PML (the whole layers, the
 * ranks' parts summed), the input's hash, picl's version and the format's version. Any number of
 * ranks can continue from it. Per-box checksums let a restart prove that it reads what was
 * written. (No random numbers are drawn after loading, so there is no generator state to keep.) */
#ifndef PICL_CHECKPOINT_H
#define PICL_CHECKPOINT_H

#include <stddef.h>

#include "config.h"
#include "io_state.h"

/* Raised whenever the file's layout or meaning changes; a restart refuses other versions. */
#define CKPT_FORMAT_VERSION 3

/* Writes a checkpoint of the run's state at io->step (checkpoint_write.c), then removes all but
 * the newest cfg->checkpoint.keep of them. path (may be NULL) receives the file's name. */
int ckpt_save(const struct io_state *io, double *bytes, char *path, size_t path_len, char *err, size_t err_len);
/* The newest complete checkpoint in cfg->checkpoint.dir. */
int ckpt_latest(const struct picl_config *cfg, char *path, size_t path_len, char *err, size_t err_len);
/* Replaces the state of a freshly created run with the checkpoint's (checkpoint_read.c), after
 * checking that the file belongs to this input and layout and that its data are intact: fields,
 * PML, species and the moving window, and io->step, io->time. */
int ckpt_load(struct io_state *io, const char *path, char *err, size_t err_len);
/* The first of ckpt_load's checks, alone and without the device: the file opens and its root
 * (format, input, layout, step, clock, scales, ranks) belongs to this run. One rank; for
 * tests/fuzz/fuzz_checkpoint.c. */
int ckpt_check_header(const struct io_state *io, const char *path, long *step, char *err, size_t err_len);
/* (sim.h's ckpt_write and ckpt_restore do both for a whole struct sim.) */

#endif
