/* btd.h: back-transformed diagnostics (diagnostics.back_transformed, docs/boosted_frame.md): from
 * a run in the boosted frame, lab-frame snapshots of E and B at given lab times on a lab grid,
 * as WarpX's BackTransformed diagnostics. Each step, every lab point whose boosted-frame time
 * t' = gamma (t - beta z / c) the step has just passed is interpolated (linearly along the axis
 * and in time between this step and the last) and Lorentz-transformed into the lab; a snapshot is
 * written (an ordinary openPMD file, under a temporary name, renamed when complete) once all its
 * points are filled. One rank only in this version. */
#ifndef PICL_BTD_H
#define PICL_BTD_H

#include "io_state.h"

struct btd;

/* The run's back-transformed diagnostics, or *out NULL when the input has none. resume_step >= 0
 * (a restart) is refused: the snapshots' earlier slices are not in a checkpoint. */
int btd_open(struct btd **out, const struct io_state *io, long resume_step, char *err, size_t err_len);
/* After the start and after each step: fills the points the step reached, writes what is complete. */
int btd_step(struct btd *b, const struct io_state *io, char *err, size_t err_len);
/* Frees everything; with ok, names the snapshots the run ended before completing (not written). */
void btd_close(struct btd *b, int ok);

#endif
