/* flux_defs.h: a flux species' literals (WarpX NFluxPerCell): its face, particles per cell per step,
 * the weight that makes them carry density * mean inward velocity, and its normal Maxwellian. */
#ifndef PICL_GEN_FLUX_DEFS_H
#define PICL_GEN_FLUX_DEFS_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* Particles per m^2 per s that cross the face inwards from a Maxwellian of density n whose u
 * along the inward normal is Gaussian of mean ud and rms uth (units of c, taken as v/c: the
 * non-relativistic flux): n c [uth / sqrt(2 pi) exp(-ud^2 / 2 uth^2) + ud / 2 (1 + erf(ud / (sqrt 2 uth)))]. */
double gen_flux_rate(const struct cfg_species *sp);

/* The physical particles of one macro-particle: rate * dt * cell area of the face / per_cell. */
double gen_flux_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s);

/* SP_FLUX_* of species s (after gen_species_define; gen_flux_undefine after its templates). */
void gen_flux_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s);
void gen_flux_undefine(struct strbuf *sb);

#endif
