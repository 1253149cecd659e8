/* cost.h: the work of each hot kernel, counted from the variant the generator writes: flops
 * and bytes per particle (or per cell), for the roofline position of docs/design.md section 7.
 * The counting model is docs/bench.md's "Roofline"; a pure function, like the generator. */
#ifndef PICL_COST_H
#define PICL_COST_H

#include "gen.h"

#define GEN_COST_MAX 24
#define GEN_COST_ALL_SPECIES (-2) /* a kernel shared by the species: items are all their particles */

/* One kernel's work per launch: items * (flops, bytes) + fixed_bytes. */
struct gen_cost {
    char kernel[64]; /* its name in the timer table */
    const char *item; /* "particle", "cell", "guard cell", "edge cell" */
    int species; /* per-particle kernels: the species whose particles the runtime counts, or
                  * GEN_COST_ALL_SPECIES; per-cell kernels: -1 */
    double items; /* per-cell kernels: items per launch; per-particle kernels: 0 */
    double flops; /* per item: +, -, *, /, sqrt, rsqrt each 1 (an FMA is 2) */
    double bytes; /* per item, memory traffic (each datum once; stencil neighbours hit cache) */
    double fixed_bytes; /* per launch, independent of the items (fields a particle kernel reads) */
};

/* The kernels of this run that the model covers; returns how many (at most max). */
int gen_costs(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
              struct gen_cost *out, int max);

#endif
