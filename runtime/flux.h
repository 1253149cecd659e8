/* flux.h: flux injection (species.flux, WarpX NFluxPerCell): every step, each flux species'
 * particles enter through its face (templates/flux_inject.cl, one launch over the boxes). */
#ifndef PICL_FLUX_H
#define PICL_FLUX_H

#include "ctx.h"
#include "fields.h"
#include "species.h"

/* The injection kernel of species sp (nothing when it has no flux), depositing into f's J;
 * released by particles_destroy. */
int flux_create(struct species *sp, struct ctx *c, const struct fields *f, char *err, size_t err_len);
/* Step `step`'s particles (0 for the first step's): their ids follow from it. After the push and
 * before J is summed: each adds the current that brought it through the face to J. */
int flux_inject(struct species *sp, struct ctx *c, long step, char *err, size_t err_len);
/* Particles injected since the start, all ranks, as of the last particles_check. */
long flux_injected(const struct species *sp);

#endif
