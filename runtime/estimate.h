/* estimate.h: the device memory a run will need, computed from the input alone, so that
 * `picl check` can say it and `picl run` can refuse a run that cannot fit before allocating. */
#ifndef PICL_ESTIMATE_H
#define PICL_ESTIMATE_H

#include <stdio.h>

#include "config.h"
#include "gen.h"

struct memory_estimate {
    double fields; /* bytes: all components with guards */
    double guards; /* bytes: the guard exchange's plans (guards.c) */
    double pml; /* bytes: the PML's auxiliary fields */
    double psatd; /* bytes: PSATD's complex E, B, J of the box and its k-space tables (psatd_solver.c) */
    double particles[CFG_MAX_SPECIES]; /* bytes: arrays with their growth room and outboxes */
    long count[CFG_MAX_SPECIES]; /* particles each species loads (an upper bound for profiles) */
    double sort; /* sort scratch, all species */
    double tiles; /* local_tiles lists of particles by tile, all species */
    double collide; /* binary collisions' cell lists: an int per slot and per cell, species in an entry */
    double loading; /* transient scratch while a species loads */
    double diagnostics; /* reduction buffers */
    double peak; /* the largest total at any moment */
};

/* dev: the device the run will use (its kind picks defaults such as sorting), or NULL. */
/* The fields' device bytes alone, from the layout (no host memory): a lower bound of the run's
 * peak that refuses a grid no device holds before estimate_memory allocates per-cell arrays.
 * 0 when the layout is invalid (estimate_memory then says why). */
double estimate_fields_bytes(const struct picl_config *cfg);
int estimate_memory(const struct picl_config *cfg, const struct gen_device *dev, struct memory_estimate *m, char *err,
                    size_t err_len);
/* Adds each species' particle count estimate of every box of lay to count[box]. */
int estimate_box_particles(const struct picl_config *cfg, const struct gen_layout *lay, double *count, char *err,
                           size_t err_len);
void estimate_print(const struct picl_config *cfg, const struct memory_estimate *m, FILE *out);

#endif
