/* particle_attrs.c: which attributes every particle carries in memory. Positions and momenta
 * always; a 64-bit id only when something reads it (a full or back-transformed diagnostic that
 * writes particles: it writes ids and picks every stride-th particle by id; or particle_ids =
 * true); a weight
 * only when weights differ between particles. A plasma of uniform density and a beam give
 * every macro-particle of the species the same weight, which the kernels then take as a
 * literal (SP_WEIGHT): 16 bytes less per particle in double. */
#include "particle_attrs.h"

#include "flux_defs.h"

#include <math.h>

/* Field ionization keys its random numbers by particle id and gives each new electron its ion's
 * weight, so a run with an ionizable species stores ids and weights, and every species a charge
 * state (PARTICLE_LEVELS: the kernels that move particles between slots serve all species). */
int gen_ionizes(const struct picl_config *cfg)
{
    for (int s = 0; s < cfg->n_species; s++)
        if (cfg->species[s].ionization.enabled)
            return 1;
    return 0;
}

int gen_stores_ids(const struct picl_config *cfg)
{
    if (gen_ionizes(cfg))
        return 1;
    /* collisions pair each cell's particles in the order of their ids (templates/collisions.cl,
     * collide_list), which no decomposition changes */
    if (cfg->n_collisions > 0)
        return 1;
    if (cfg->particle_ids >= 0)
        return cfg->particle_ids;
    for (int i = 0; i < cfg->n_full; i++)
        if (cfg->full[i].species)
            return 1;
    /* back-transformed particles carry their ids into the lab snapshots */
    for (int s = 0; s < cfg->n_species; s++)
        if (cfg_btd_writes(cfg, s))
            return 1;
    return 0;
}

/* A beam's macro-particles share its charge equally; a plasma's weigh density times cell volume
 * over particles per cell, one weight where the density is a number (kept beside its text; 0
 * for an expression); particles from a file bring their own. */
static int weight_fixed(const struct cfg_species *sp)
{
    if (sp->flux.enabled) /* one weight unless its density is an expression */
        return !sp->flux.density_expr.text[0];
    return !sp->is_file && (sp->is_beam || sp->density > 0);
}

int gen_species_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s, double *w)
{
    const struct cfg_species *sp = &cfg->species[s];
    if (sp->is_beam)
        *w = fabs(sp->beam.total_charge / sp->charge) / (double)sp->beam.particles;
    else if (sp->flux.enabled) /* density x mean inward velocity x dt x face cell / per_cell */
        *w = gen_flux_weight(cfg, lay, s);
    else /* as particle_load.cl computes it */
        *w = sp->density * gen_weight_per_density(sp, lay);
    return weight_fixed(sp);
}

double gen_weight_per_density(const struct cfg_species *sp, const struct gen_layout *lay)
{
    return lay->dx[0] * lay->dx[1] * lay->dx[2] / (sp->ppc[0] * sp->ppc[1] * sp->ppc[2]);
}

int gen_stores_weights(const struct picl_config *cfg)
{
    /* RZ: a plasma's weights grow with the radius (particle_load.cl) */
    if (cfg->geometry == CFG_GEOMETRY_RZ && cfg->n_species > 0)
        return 1;
    if (gen_ionizes(cfg))
        return 1;
    for (int s = 0; s < cfg->n_species; s++)
        if (!weight_fixed(&cfg->species[s]))
            return 1;
    return 0;
}
