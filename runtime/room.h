/* room.h: how many particle slots each box of a species keeps, for itself and for its outbox.
 * Room is fixed when a species loads (the time loop never grows an array), so it must cover
 * what the run will bring into a box: its particles at load and their fluctuations, the plasma
 * a moving window brings in, a bunch that travels along its axis. */
#ifndef PICL_ROOM_H
#define PICL_ROOM_H

#include "config.h"
#include "layout.h"

/* Lattice candidates of species s (a plasma) in box b inside its region: the most the load can
 * put there. With a moving window the region limits only the axes across the window, since the
 * window carries the box over every position along its own axis. */
long room_lattice(const struct picl_config *cfg, const struct gen_layout *lay, int s, int b);

/* Each box's room (cap) and outbox room (out_cap) from its particles at load (count[b]). */
void room_boxes(const struct picl_config *cfg, const struct gen_layout *lay, int s, const long *count, long *cap,
                long *out_cap);

/* Particles per box before loading, for the memory estimate: the lattice count of a plasma
 * (exact for uniform densities, an upper bound else), and for a beam the expected count of its
 * truncated Gaussian plus four standard deviations of the binomial count. */
void room_expected(const struct picl_config *cfg, const struct gen_layout *lay, int s, long *count);

#endif
