/* particle_attrs.h: which attributes every particle carries in memory (particle_attrs.c). */
#ifndef PICL_PARTICLE_ATTRS_H
#define PICL_PARTICLE_ATTRS_H

#include "config.h"
#include "layout.h"

/* A 64-bit id per particle when a full diagnostic writes particles or particle_ids = true; a
 * weight per particle unless every species gives all its particles one weight, *w (a plasma of
 * uniform density, a beam: returns 1). */
int gen_stores_ids(const struct picl_config *cfg);
/* Some species is ionizable: every particle stores a charge state (PARTICLE_LEVELS), an id and a
 * weight. */
int gen_ionizes(const struct picl_config *cfg);
int gen_stores_weights(const struct picl_config *cfg);
int gen_species_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s, double *w);
/* m^3 per unit density of one macro-particle of a plasma species: cell volume / particles per cell. */
double gen_weight_per_density(const struct cfg_species *sp, const struct gen_layout *lay);

#endif
