/* diag_kernels.c: the diagnostics' kernels a program needs (diag_kernels.h). */
#include "diag_kernels.h"

int gen_species_stats(const struct picl_config *cfg, int s)
{
    const struct cfg_diags *d = &cfg->diags;
    for (int i = 0; i < d->n_moments; i++)
        if (d->moments[i].species == s)
            return 1;
    for (int i = 0; i < d->n_extrema; i++)
        if (d->extrema[i].species == s)
            return 1;
    for (int i = 0; i < d->n_hist; i++)
        if (d->hist[i].species == s)
            return 1;
    return 0;
}

int gen_field_probes(const struct picl_config *cfg)
{
    return cfg->diags.n_probes > 0 || cfg->diags.n_field_max > 0;
}
