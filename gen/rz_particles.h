/* rz_particles.h: the quasi-cylindrical particle kernels (gather, rho and charge-conserving J per
 * mode, templates/rz_particles.cl), written after the RZ solver's program for the unit tests. */
#ifndef PICL_GEN_RZ_PARTICLES_H
#define PICL_GEN_RZ_PARTICLES_H

#include <stddef.h>

#include "rz.h"
#include "strbuf.h"
#include "traits.h"

/* gen_rz_maxwell's program followed by the particle kernels rz_gather_k, rz_deposit_rho_k and
 * rz_deposit_current_k (one work item per particle, atomic additions), shape order 1. Nonzero
 * with a message when it cannot be generated. */
int gen_rz_particles(const struct gen_rz *rz, const struct gen_device *dev, struct strbuf *out, char *err,
                     size_t err_len);

/* The volumes and face areas rz_particles.cl divides by (RZ_RHO_V ...), as literals: shared by
 * the stand-alone program above and a run's (gen/gen.c). */
void gen_rz_particle_literals(struct strbuf *out, double dr, double dz, double dt);

#endif
