/* btd.h: back-transformed diagnostics (diagnostics.back_transformed, docs/boosted_frame.md): from
 * a run in the boosted frame, lab-frame snapshots of E and B at given lab times on a lab grid,
 * as WarpX's BackTransformed diagnostics. Each step, every lab point whose boosted-frame time
 * t' = gamma (t - beta z / c) the step has just passed is interpolated (linearly along the axis
 * and in time between this step and the last) and Lorentz-transformed into the lab; a snapshot is
 * written (an ordinary openPMD file, under a temporary name, renamed when complete) once all its
 * points are filled. Any number of ranks; a checkpoint keeps their state (btd_state.c). */
#ifndef PICL_BTD_H
#define PICL_BTD_H

#include "io_state.h"

struct btd;

/* The run's back-transformed diagnostics, or *out NULL when the input has none. resume_path: the
 * checkpoint a continued run starts from (NULL: a new run), whose state of them it takes on. */
int btd_open(struct btd **out, const struct io_state *io, const char *resume_path, char *err, size_t err_len);
/* Their state into the checkpoint file being written (collective; io/btd_state.c). */
int btd_checkpoint(const struct btd *b, struct hio_file *f, char *err, size_t err_len);
/* After the start and after each step: fills the points the step reached, writes what is complete. */
int btd_step(struct btd *b, const struct io_state *io, char *err, size_t err_len);
/* Frees everything; with ok, names the snapshots the run ended before completing (not written). */
void btd_close(struct btd *b, int ok);

#endif
