/* applied.h: applied_fields (external E and B on particles) as one inline function the push
 * calls after its gather; nothing at all when the input applies none. */
#ifndef PICL_APPLIED_H
#define PICL_APPLIED_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* APPLIED_FIELDS, the push's extra time parameter (APPLIED_PARAM, APPLIED_ARG) and
 * applied_add(x, u, back, ahead, t, lab_offset, E, B), which adds the applied fields at x (cells
 * of the domain) and time t (s) to E and B, the hard-edged elements weighed by the fraction of the
 * impulse's path (from `back` steps before to `ahead` steps after, at u) inside them. Writes
 * nothing when cfg applies no field. After gen_exprs_emit. */
void gen_applied_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay);

#endif
