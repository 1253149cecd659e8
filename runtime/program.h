/* program.h: building generated source on the device. A failed build is reported as an input
 * error when a user expression caused it, and with the whole build log otherwise. */
#ifndef PICL_PROGRAM_H
#define PICL_PROGRAM_H

#include <stddef.h>

#include <CL/cl.h>

#include "config.h"
#include "device.h"

/* Builds `source` (named `what` in messages, e.g. "picl.cl"). On failure returns nonzero and
 * writes the message into err (which should be large: build logs are long). */
int program_build(const struct device *dev, const struct picl_config *cfg, const char *source,
                  const char *what, cl_program *out, char *err, size_t err_len);

/* Compiles every kernel of a built program now, where that leaves them in a cache the next
 * process finds: on PoCL with POCL_WORK_GROUP_SPECIALIZATION=0 (the user sets it: picl leaves PoCL's default), whose
 * program binary holds the same generic compile a launch looks up. Elsewhere does nothing.
 * `picl check` calls it, so that the run after it compiles nothing. */
int program_compile_all(const struct device *dev, cl_program prog, const char *what, char *err, size_t err_len);

#endif
