/* strategy.h: the deposition strategies as a table of operations, one row per strategy holding
 * what differs between them, as PoCL puts its drivers behind pocl_device_ops. */
#ifndef PICL_STRATEGY_H
#define PICL_STRATEGY_H

#include <stddef.h>

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* How the push of a species is launched. */
enum strategy_launch {
    STRATEGY_LAUNCH_BOXES, /* one work item per box, in a work-group of its own */
    STRATEGY_LAUNCH_PARTICLES, /* a work item per particle slot, a row of them per box */
    STRATEGY_LAUNCH_TILES /* a work-group per tile of every box */
};

/* The tiles a strategy lists the particles of a box by, as gen/plan.c sized them for the run. */
struct strategy_tiles {
    int tile[3]; /* cells of a tile */
    int per_box; /* tiles per box; 0: the strategy has none, or they do not fit */
    size_t bytes; /* local memory of a tile's J */
    size_t group; /* work items of a tile's work-group (TILE_GROUP) */
    int vector_width; /* simd_cells: particles per vector (VW) */
};

struct strategy_ops {
    enum cfg_strategy id;
    /* many work items push a box and count its leavers into 64-bit box-table entries with
     * atomics (cl_khr_int64_base_atomics) */
    int needs_int64_atomics;
    /* why the strategy does not apply to a run (a phrase naming the key); NULL: everywhere */
    const char *(*unfit)(const struct picl_config *cfg);
    enum strategy_launch launch;
    /* many work items push a box, so a particle that leaves it leaves a hole (PARTICLE_HOLES)
     * and the outbox is reset before every push */
    int holes;
    int atomic_j; /* DEPOSIT_ATOMIC: atomic additions into the box's J in global memory */
    int local_j; /* DEPOSIT_LOCAL_TILES: into a tile of J in local memory, sized to the device */
    /* DEPOSIT_SIMD_CELLS: the particles listed cell by cell (tiles of one cell) and pushed as
     * vectors; a sort reorders them in place through that list */
    int cell_tiles;
    /* the literals of its tiles (TILE_*, VW), after the DEPOSIT_ flags; NULL: none */
    void (*emit_tiles)(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay,
                       const struct strategy_tiles *t);
};

/* The row of strategy s (NULL for "auto", which gen/plan.c resolves to a row). */
const struct strategy_ops *strategy_ops(enum cfg_strategy s);

/* Why deposition_strategy "simd_cells" does not apply to this run (a phrase naming the key),
 * NULL when it does: it needs the particles of a list to share the nodes of their shapes (a
 * cell at odd shape orders, a dual cell at even ones; the energy-conserving gather) and
 * Esirkepov's deposition. */
const char *gen_simd_cells_unfit(const struct picl_config *cfg);

/* simd_cells lists the particles by dual cell, floor(x + 1/2) (N + 1 lists per axis of a box
 * of N cells), rather than by cell: at an even shape order, whose shapes centre on nodes. */
int gen_cell_lists_dual(const struct picl_config *cfg);

#endif
