/* species_defs.h: the literals of one species (SP_*): charge and mass as the products the kernels
 * use, where and how its particles are loaded, and a beam's distribution. */
#ifndef PICL_SPECIES_DEFS_H
#define PICL_SPECIES_DEFS_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* #defines the SP_ macros of species s (a comment naming it first). */
void gen_species_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s);
/* #undefs every SP_ macro, for the next species. */
void gen_species_undefine(struct strbuf *sb);

#endif
