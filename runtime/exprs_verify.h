/* exprs_verify.h: every value of the input's expressions checked on the run's device before the
 * run allocates anything: initial fields, densities, temperatures and momenta at every particle
 * candidate, applied fields and laser profiles over the whole run (gen/exprs_device.h). The host's
 * check (gen_exprs_check, which `picl check --no-build` runs) thins the points of a large grid;
 * this one visits them all. */
#ifndef PICL_EXPRS_VERIFY_H
#define PICL_EXPRS_VERIFY_H

#include <stddef.h>

#include "config.h"
#include "device.h"

/* 0, or -1 with "WHERE: KEY: is NaN at (x, y, z) = ... (the first such point); expected ...". */
int exprs_verify(const struct picl_config *cfg, const struct device *dev, char *err, size_t err_len);

#endif
