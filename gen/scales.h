/* scales.h: the plasma's own scales from a configuration (plasma frequency and wavelength, skin
 * depth, Debye length, the laser's a0 and wavelength) against the cell size, for `picl check`. */
#ifndef PICL_SCALES_H
#define PICL_SCALES_H

#include <stdio.h>

#include "config.h"

/* The peak density of species s (m^-3): its number, or the largest value of its density
 * expression at the cell centres where the run evaluates it (thinned past 64 per axis). */
double scales_peak_density(const struct picl_config *cfg, int s);
/* Lines "scales ..." for each plasma species and each laser; nothing when there are none. */
void scales_print(const struct picl_config *cfg, FILE *out);

#endif
