/* plan.h: the settings a run resolves from its input (with the tuning file applied) and the
 * device's traits, computed once at set-up; the generator and the runtime both read them. */
#ifndef PICL_PLAN_H
#define PICL_PLAN_H

#include <stddef.h>

#include "config.h"
#include "layout.h"
#include "strategy.h"
#include "traits.h"

#define PLAN_REFUSAL_LEN 1024

struct gen_plan {
    enum cfg_strategy strategy; /* deposition_strategy, "auto" resolved */
    const struct strategy_ops *ops; /* its row */
    struct strategy_tiles tiles; /* its tiles (per_box 0: none, or they do not fit) */
    int sort_interval; /* steps between sorts; 0: never */
    int sort_bin[3]; /* cells per bin */
    size_t wg_cells[3]; /* work-group of the per-cell kernels; 0: the driver chooses (plan_work_groups) */
    size_t wg_particles; /* work-group of the per-particle kernels; 0: the driver chooses */
    /* why the program cannot be generated for this device ("" when it can), reported by the
     * generator after its own checks, so the first message stays the one it always was */
    char refusal[PLAN_REFUSAL_LEN];
};

/* Resolves every "auto" of cfg for device dev (NULL: no device, as on a CPU, and nothing
 * checked against its limits) and layout lay (the boxes' size is what matters). */
void plan_resolve(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
                  struct gen_plan *plan);

/* simd_cells' particles per vector (VW) in precision `precision` (enum cfg_precision): the
 * device's preferred vector width where simd_cells.cl has vectors of it (4 or 8 doubles; 4, 8
 * or 16 floats: AVX2 prefers 4 and 8, AVX-512 8 and 16), the largest it has where the device
 * prefers more, else (no device, or one that prefers scalars or pairs, as GPUs do) what the
 * row's vector_bits hold; and no wider than the power of two at or below ppc, the most
 * particles per cell any species loads (0: not known), but at least 4: lanes past a cell's
 * last particle are wasted (16 floats at 8 per cell ran 1.1-1.3x slower than 8, docs/speed.md). */
int plan_vector_width(const struct gen_device *dev, int precision, int ppc);

/* Whether the push lists its particles by tile before every push (particle_tiles.cl). */
int plan_lists_tiles(const struct gen_plan *plan);

/* The plan's work-group sizes, from the input or the device's traits, for a run on the device
 * (not for the generator alone, which does not need them). OpenCL 1.2 wants the global size a
 * multiple of the local one: per-cell launches cover whole boxes, so each size must divide the
 * box (or, for z, NZ times the rank's boxes). Returns nonzero with a message naming the key
 * when the input's sizes do not fit. */
int plan_work_groups(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
                     struct gen_plan *plan, char *err, size_t err_len);

#endif
