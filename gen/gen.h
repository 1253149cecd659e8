/* gen.h: the kernel generator. A pure function from the resolved configuration, its plan and
 * a few device facts to OpenCL C source: it never calls OpenCL, so it is tested without a device. */
#ifndef PICL_GEN_H
#define PICL_GEN_H

#include <stddef.h>

#include "beam_stats.h"
#include "config.h"
#include "constants.h"
#include "emit.h"
#include "layout.h"
#include "particle_attrs.h"
#include "plan.h"
#include "strbuf.h"
#include "traits.h"

/* Writes the whole program for this run into out (appending). Returns nonzero with a message
 * naming the input key when the configuration cannot be generated. */
int gen_program(const struct picl_config *cfg, const struct gen_device *dev, struct strbuf *out,
                char *err, size_t err_len);

/* The same for one rank of several, with the plan the run resolved (plan_resolve): lay is the
 * layout decomp_apply narrowed to the rank's boxes. */
int gen_program_for(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
                    const struct gen_plan *plan, struct strbuf *out, char *err, size_t err_len);

#endif
