/* ionize.h: field ionization (templates/ionize.cl): each step, after the fields, every ionizable
 * species' particles may go up one charge state, each event adding an electron to its product. */
#ifndef PICL_IONIZE_H
#define PICL_IONIZE_H

#include "ctx.h"
#include "fields.h"
#include "species.h"

/* Step `step` (its fields E^{n+1} done) for every ionizable species of all[0 .. n), at time t
 * (s; the applied fields' time) with the moving window's lab offset (m). Nothing without an
 * ionizable species. The kernel is made at the first call and released by particles_destroy. */
int ionize_step(struct species *all, int n, const struct fields *f, struct ctx *c, long step, double t,
                double lab_offset, char *err, size_t err_len);

#endif
