/* collide_defs.h: the literals of one binary-collision entry (COL_*) for templates/collide.cl:
 * the pair's mass ratio, the Perez et al. 2012 coefficients in units of the first species'
 * m c, the time step of a stage, the Coulomb logarithm. */
#ifndef PICL_GEN_COLLIDE_DEFS_H
#define PICL_GEN_COLLIDE_DEFS_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* COL_* of collision i (gen_collide_undefine after its template). */
void gen_collide_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int i);
void gen_collide_undefine(struct strbuf *sb);

#endif
