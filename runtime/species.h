/* species.h: one species on one rank as the stages see it: its arrays (templates/kernel_iface.h) in
 * arena memory, its box table and its kernels. particles.c makes and moves it; beam.c, migrate.c
 * and window.c work on it without needing particles.c. */
#ifndef PICL_SPECIES_H
#define PICL_SPECIES_H

#include "arena.h"
#include "config.h"
#include "kernel.h"
#include "kernel_iface.h"

struct migrate;

/* Particles of box b live in slots [start, start + count) of every array, with room up to
 * start + cap; each box also has an outbox for the particles that leave it during a push. */
struct species {
    int index;
    const struct cfg_species *cfg;
    long np; /* live particles on this rank, as of the last particles_check */
    long np_all; /* on all ranks */
    long lost_all[6]; /* absorbed through each face of the domain, all ranks */
    long window_all[2]; /* dropped and injected by the moving window, all ranks */
    struct migrate *mg; /* the exchange with other ranks; NULL on one rank */
    long slots; /* length of every array: boxes' room plus outboxes */
    struct arena_buf array[PA_COUNT];
    struct arena_buf boxes; /* the box table */
    long *boxes_host;
    struct arena_buf sums; /* one partial sum per box */
    double *sums_host;
    struct kernel push, push_back, deliver, rho, kinetic, bin, reorder, outbox_reset, tile_bin;
    struct kernel flux_inject; /* flux.c: only for a species with flux */
    struct kernel ionize; /* ionize.c: only for an ionizable species, made at its first step */
    long max_cap; /* the largest box's room: the slot range of a global_atomics launch */
    /* (tiles per box and their work-group: c->plan.tiles) the particles of each box listed tile
     * by tile, and the end of every tile's list */
    struct arena_buf tile_end; /* the tile list itself: PA_DEST at the boxes' own slots */
    int cells_listed; /* simd_cells: a sort has just left the particles in the order of their list */
    /* sorting (only when sort.interval > 0): destination of each particle, one 8-byte scratch
     * slot per particle, and the end of every bin of every box */
    struct arena_buf perm, scratch, bin_end;
};

#endif
