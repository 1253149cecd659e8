/* room.h: how many particle slots each box of a species keeps, for itself and for its outbox.
 * Room is fixed when a species loads (the time loop never grows an array), so it must cover
 * what the run will bring into a box: its particles at load and their fluctuations, the plasma
 * a moving window brings in, a bunch that moves as a block. */
#ifndef PICL_ROOM_H
#define PICL_ROOM_H

#include "config.h"
#include "layout.h"

/* Slots a box of n particles keeps for itself and for its outbox (the plasma at load). */
long room_box_slots(long n);
long room_outbox_slots(long n);

/* Lattice candidates of species s (a plasma) in box b inside its region: the most the load can
 * put there. With a moving window the region limits only the axes across the window, since the
 * window carries the box over every position along its own axis. */
long room_lattice(const struct picl_config *cfg, const struct gen_layout *lay, int s, int b);

/* Each box's room (cap) and outbox room (out_cap) from the species' particles per global cell
 * at load (x fastest). `expected`: the counts are expectations (the memory estimate), to which
 * four standard deviations are added where a bunch's counts are summed. cell_count may be NULL
 * for a plasma or flux species: room_expected's counts then, taken per box (room_lattice) with
 * no per-cell array, so that an estimate of a large grid stays a few MB of host memory. */
void room_boxes(const struct picl_config *cfg, const struct gen_layout *lay, int s, const double *cell_count,
                int expected, long *cap, long *out_cap);

/* The least room every box of the domain keeps, whatever it holds, when boxes are laid out anew
 * mid-run (a redistribution between ranks): for a plasma with a moving window and for a bunch,
 * the room_boxes rules on room_expected's counts; zero for a plasma without a window (its room
 * follows its count). -1 without host memory. */
int room_floor(const struct picl_config *cfg, const struct gen_layout *lay, int s, long *cap, long *out_cap);

/* Particles per global cell before loading, for the memory estimate: the lattice of a plasma
 * (exact for uniform densities, an upper bound else), and a bunch's expected count (its
 * truncated Gaussian). */
void room_expected(const struct picl_config *cfg, const struct gen_layout *lay, int s, double *cell_count);

#endif
