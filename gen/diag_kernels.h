/* diag_kernels.h: which kernels of the physicist's reduced diagnostics a program needs
 * (templates/particle_stats.cl per species, templates/field_probe.cl once). A run that asks for
 * none gets a program without them, the same program as before they existed. */
#ifndef PICL_DIAG_KERNELS_H
#define PICL_DIAG_KERNELS_H

#include "config.h"

/* 1 when a moments, extrema or histogram diagnostic reads species s. */
int gen_species_stats(const struct picl_config *cfg, int s);
/* 1 when the run has field probes or field maxima (templates/field_probe.cl). */
int gen_field_probes(const struct picl_config *cfg);

#endif
