/* particles.h: one species on one rank: struct-of-arrays in arena memory (positions in cells,
 * momenta u = gamma v, weights, 64-bit ids) and the launches that load, push and measure it. */
#ifndef PICL_PARTICLES_H
#define PICL_PARTICLES_H

#include "ctx.h"
#include "fields.h"

#define PARTICLE_REDUCE_CHUNKS 1024 /* REDUCE_CHUNKS in particle_diag.cl */

enum particle_array { PA_X, PA_Y, PA_Z, PA_UX, PA_UY, PA_UZ, PA_W, PA_ID, PA_COUNT };

struct species {
    int index;
    const struct cfg_species *cfg;
    long np; /* particles */
    struct arena_buf array[PA_COUNT];
    struct arena_buf sums; /* PARTICLE_REDUCE_CHUNKS partial sums */
    double *sums_host;
    struct kernel push, push_back, rho, kinetic;
};

/* Allocates the arrays and makes the particles on the device (count, scan, fill). */
int particles_create(struct species *sp, struct ctx *c, struct fields *f, int index, char *err, size_t err_len);
void particles_destroy(struct species *sp, struct ctx *c);
/* Gather, push, move and deposit J (frozen species: nothing). */
int particles_push(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* u^0 -> u^{-1/2}, once before the first step. */
int particles_push_back(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Adds the species' charge density to rho (not summed over boxes yet). */
int particles_deposit_rho(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Kinetic energy in J. */
int particles_kinetic(struct species *sp, struct ctx *c, double *energy, char *err, size_t err_len);
/* Copies array `a` to the host as doubles (ids as exact integers up to 2^53). */
int particles_read(struct species *sp, struct ctx *c, enum particle_array a, double *out, char *err, size_t err_len);

#endif
