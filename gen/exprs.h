/* exprs.h: the user's expressions written as OpenCL C functions, with the physical constants
 * and the input's own constants in scope. */
#ifndef PICL_EXPRS_H
#define PICL_EXPRS_H

#include "config.h"
#include "strbuf.h"
#include "traits.h"

/* Every expression of the input as an inline function (in the device's widest real), then
 * INIT_EX .. INIT_BZ: the initial value of each field component, zero where none was given. */
void gen_exprs_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_device *dev);

#endif
