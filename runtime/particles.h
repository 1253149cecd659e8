/* particles.h: one species on one rank: struct-of-arrays in arena memory (positions in cells,
 * momenta u = gamma v, weights, 64-bit ids) and the launches that load, push and measure it. */
#ifndef PICL_PARTICLES_H
#define PICL_PARTICLES_H

#include "ctx.h"
#include "fields.h"
#include "species.h"

/* The time (s) of the fields the next push and push_back gather and how far a moving window has
 * moved the domain (m; 0 without one), for a run with applied_fields (lab-frame expressions in
 * x, y, z, t); nothing otherwise. */
int particles_time(struct species *sp, struct ctx *c, double t, double lab_offset, char *err, size_t err_len);

/* Bytes of one slot of array a: 0 for the weight or id when the run stores none
 * (gen/particle_attrs.c; the kernels then take a placeholder buffer and never touch it). */
size_t particles_elem(const struct ctx *c, enum particle_array a);
/* Bytes one slot takes in all arrays of a species of this run. */
size_t particles_slot_bytes(const struct picl_config *cfg);
/* Allocates the arrays and makes the particles on the device (count, scan, fill). */
int particles_create(struct species *sp, struct ctx *c, struct fields *f, int index, char *err, size_t err_len);
/* The same with room for count[b] particles in local box b and none made (the caller writes
 * them with particles_write_box). */
int particles_create_from(struct species *sp, struct ctx *c, struct fields *f, int index, const long *count, char *err,
                          size_t err_len);
/* The same with the room of each box given, room[2 b] slots and room[2 b + 1] outbox slots (at
 * least count[b] and 1): a restart keeps the room the interrupted run had. */
int particles_create_room(struct species *sp, struct ctx *c, struct fields *f, int index, const long *count,
                          const long *room, char *err, size_t err_len);
void particles_destroy(struct species *sp, struct ctx *c);
/* Gather, push, move and deposit J, then hand leavers to their new boxes (frozen: nothing). */
int particles_push(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Binning alone: the permutation into bin order (sp->perm) and the ends of the bins
 * (sp->bin_end), nothing moved. */
int particles_bin(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Counting sort of every box's particles by bin (sort.bin_size): binning, then reordering. */
int particles_sort(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Reads the box table: live particle count on this rank, and an error if a box on any rank ran
 * out of room. Collective over the ranks. */
int particles_check(struct species *sp, struct ctx *c, long *count, char *err, size_t err_len);
/* Particles absorbed through face 2 axis + side (side 0 lower, 1 upper) since the start, as of
 * the last particles_check. */
long particles_absorbed(const struct species *sp, const struct ctx *c, int face);
/* u^0 -> u^{-1/2}, once before the first step. */
int particles_push_back(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Adds the species' charge density to rho (not summed over boxes yet). */
int particles_deposit_rho(struct species *sp, struct ctx *c, char *err, size_t err_len);
/* Kinetic energy in J. */
int particles_kinetic(struct species *sp, struct ctx *c, double *energy, char *err, size_t err_len);
/* Copies array `a` of the live particles to the host as doubles, box by box (ids as exact
 * integers up to 2^53); out must hold np values (np is refreshed by particles_check). Weights
 * the run does not store read as the species' one weight; ids it does not store are an error. */
int particles_read(struct species *sp, struct ctx *c, enum particle_array a, double *out, char *err, size_t err_len);

#endif
