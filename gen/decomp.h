/* decomp.h: which rank holds which box. Every rank computes the same map from the input (and,
 * after a load-balancing event, from the measured costs), so no rank needs to be told. */
#ifndef PICL_DECOMP_H
#define PICL_DECOMP_H

#include <stddef.h>

#include "config.h"
#include "layout.h"

struct gen_decomp {
    int n_boxes; /* of the whole domain */
    int n_ranks, rank; /* the world, and the rank this map is for */
    int *owner; /* [n_boxes] the rank that holds each box */
    int n_local; /* boxes this rank holds */
    int *gid; /* [n_local] the global index of each local box, ascending */
    int *slot; /* [n_boxes] the local index of each box, -1 where another rank holds it */
};

/* Distributes the boxes of lay over n_ranks by `how`, each box costing weight[b] (NULL: all
 * equal), and keeps the local view of `rank`. Fails when a rank would hold no box. */
int decomp_make(struct gen_decomp *d, const struct gen_layout *lay, enum cfg_distribution how, const double *weight,
                int n_ranks, int rank, char *err, size_t err_len);
/* The map that owner[] describes, seen from `rank`. */
int decomp_from_owner(struct gen_decomp *d, int n_boxes, const int *owner, int n_ranks, int rank, char *err,
                      size_t err_len);
/* The same map seen from another rank (for plans that need both sides). */
int decomp_local_of(const struct gen_decomp *d, int rank, int *gid, int max);
void decomp_free(struct gen_decomp *d);
/* Narrows lay to the boxes d gives this rank (n_local, comp_stride and the box maps). */
void decomp_apply(const struct gen_decomp *d, struct gen_layout *lay);
/* Largest rank load over the mean load, for weights w (1: perfect balance). */
double decomp_imbalance(const struct gen_decomp *d, const double *weight);

#endif
