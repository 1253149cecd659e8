/* btd_cross.h: the particles that crossed back-transformed snapshots' lab times in the last step
 * (templates/btd_particles.cl, for io/btd.c): one kernel per species that a back-transformed
 * diagnostic writes, and one set of record buffers in the arena, grown to what a step needs. */
#ifndef PICL_BTD_CROSS_H
#define PICL_BTD_CROSS_H

#include <stdint.h>

#include "arena.h"
#include "ctx.h"
#include "kernel.h"
#include "particles.h"

/* A record is BTD_RECORD reals (templates/kernel_iface.h, which the kernel shares). */

struct btd_cross {
    struct kernel k[CFG_MAX_SPECIES];
    struct arena_buf times, count, rec, rec_id;
    int cap; /* records the buffers hold */
    float *floats; /* the records as read from a device without fp64 */
    double *rec_host; /* the records as doubles */
    uint64_t *id_host;
    size_t host_cap; /* records the host arrays hold */
};

/* The records of species sp's particles whose last move passed one of the n lab times[] (its
 * move ended at boosted time t_now; lower_a, m: the domain's lower edge along the boost's axis
 * then). *rec: *n records of BTD_RECORD doubles, *id their ids, valid until the next call. */
int btd_cross_run(struct btd_cross *x, struct species *sp, struct ctx *c, const double *times, int n_times,
                  double t_now, double lower_a, const double **rec, const uint64_t **id, long *n, char *err,
                  size_t err_len);
/* Releases the kernels and buffers (before the arena and program go). */
void btd_cross_release(struct btd_cross *x, struct ctx *c);

#endif
