/* godfrey.h: the Godfrey-Vay filter's stencil along z against the numerical Cherenkov
 * instability (gen/godfrey.c, docs/filters.md), written as literals for templates/godfrey.cl. */
#ifndef PICL_GODFREY_H
#define PICL_GODFREY_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* Taps on each side of the centre: four powers of a three-point stencil. */
#define GODFREY_HALF GEN_GODFREY_GUARDS

/* The two sets of coefficients: Ex, Ey, Bz (on z nodes) and Bx, By, Ez (half a cell off). */
enum { GODFREY_SET_E_XY_BZ = 0, GODFREY_SET_B_XY_EZ = 1 };

/* The filtered copy: Ex, Ey, Ez, Bx, By, Bz after the FC_COUNT components of the field buffer. */
#define GODFREY_COMPS 6
/* Components the field buffer holds for this run. */
static inline int gen_field_buffer_comps(const struct picl_config *cfg)
{
    return FC_COUNT * cfg_mode_comps(cfg) + (cfg->filter_godfrey ? GODFREY_COMPS : 0);
}

/* a1..a4 of T(k) = 1 + sum_n a_n sin^2n(k dz / 2) at c dt / dz (clamped to [0, 1]). */
void gen_godfrey_coeffs(double cdtodz, int set, double a[4]);
/* The symmetric stencil of T: w[0] on the centre, w[m] on the cells m away on either side. */
void gen_godfrey_stencil(const double a[4], double w[GODFREY_HALF + 1]);
/* c dt / dz of the run. */
double gen_godfrey_cdtodz(const struct picl_config *cfg, const struct gen_layout *lay);
/* GODFREY_* lines of the prelude when filter.godfrey is on; nothing otherwise. */
void gen_godfrey_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay);

#endif
