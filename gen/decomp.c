/* decomp.c: boxes over ranks. A space-filling curve keeps each rank's boxes together (fewer
 * faces between ranks, so less to exchange); knapsack evens the load when boxes cost different
 * amounts; round robin is the simple reference. Every rank runs the same arithmetic on the same
 * numbers, so all ranks agree on the map without a message. */
#include "decomp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Morton key of box (x, y, z): the bits of the three indices interleaved, x lowest. */
static unsigned long long morton(unsigned x, unsigned y, unsigned z)
{
    unsigned long long key = 0;
    for (int bit = 0; bit < 21; bit++) {
        key |= (unsigned long long)((x >> bit) & 1u) << (3 * bit);
        key |= (unsigned long long)((y >> bit) & 1u) << (3 * bit + 1);
        key |= (unsigned long long)((z >> bit) & 1u) << (3 * bit + 2);
    }
    return key;
}

struct keyed {
    double key;
    unsigned long long tie;
    int box;
};

static int by_key(const void *pa, const void *pb)
{
    const struct keyed *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->tie != b->tie)
        return a->tie < b->tie ? -1 : 1;
    return a->box - b->box;
}

/* Boxes in curve order, cut into n_ranks runs of about equal weight. */
static void distribute_sfc(const struct gen_layout *lay, const double *w, int n_ranks, struct keyed *k, int *owner)
{
    const int nb = lay->n_boxes;
    double total = 0;
    for (int b = 0; b < nb; b++) {
        const unsigned x = (unsigned)(b % lay->nbox[0]), y = (unsigned)((b / lay->nbox[0]) % lay->nbox[1]),
                       z = (unsigned)(b / (lay->nbox[0] * lay->nbox[1]));
        k[b] = (struct keyed){(double)morton(x, y, z), 0, b};
        total += w[b];
    }
    qsort(k, (size_t)nb, sizeof *k, by_key);
    /* box i goes to the rank whose share of the total holds the middle of the box's weight */
    double before = 0;
    for (int i = 0; i < nb; i++) {
        const double mid = before + 0.5 * w[k[i].box];
        int r = total > 0 ? (int)(mid / total * n_ranks) : i * n_ranks / nb;
        owner[k[i].box] = r < n_ranks ? r : n_ranks - 1;
        before += w[k[i].box];
    }
}

/* Heaviest box first to the lightest rank (ties: the lower rank). */
static void distribute_knapsack(const struct gen_layout *lay, const double *w, int n_ranks, struct keyed *k,
                                int *owner, double *load)
{
    const int nb = lay->n_boxes;
    for (int b = 0; b < nb; b++)
        k[b] = (struct keyed){-w[b], 0, b};
    qsort(k, (size_t)nb, sizeof *k, by_key);
    for (int r = 0; r < n_ranks; r++)
        load[r] = 0;
    for (int i = 0; i < nb; i++) {
        int best = 0;
        for (int r = 1; r < n_ranks; r++)
            if (load[r] < load[best])
                best = r;
        owner[k[i].box] = best;
        load[best] += w[k[i].box];
    }
}

/* The map's arrays for n_boxes boxes over n_ranks ranks, as seen from `rank`; on failure the
 * caller frees what was allocated (decomp_free). */
static int map_alloc(struct gen_decomp *d, int n_boxes, int n_ranks, int rank)
{
    d->n_boxes = n_boxes;
    d->n_ranks = n_ranks;
    d->rank = rank;
    d->owner = malloc((size_t)n_boxes * sizeof *d->owner);
    d->slot = malloc((size_t)n_boxes * sizeof *d->slot);
    d->gid = malloc((size_t)n_boxes * sizeof *d->gid);
    return d->owner && d->slot && d->gid ? 0 : -1;
}

/* This rank's boxes in slots, in global order: slot[b] (-1 for another rank's box) and gid[slot]. */
static void number_local(struct gen_decomp *d)
{
    d->n_local = 0;
    for (int b = 0; b < d->n_boxes; b++) {
        d->slot[b] = d->owner[b] == d->rank ? d->n_local : -1;
        if (d->owner[b] == d->rank)
            d->gid[d->n_local++] = b;
    }
}

int decomp_make(struct gen_decomp *d, const struct gen_layout *lay, enum cfg_distribution how, const double *weight,
                int n_ranks, int rank, char *err, size_t err_len)
{
    memset(d, 0, sizeof *d);
    const int nb = lay->n_boxes;
    if (n_ranks > nb) {
        snprintf(err, err_len,
                 "parallel: %d ranks but the grid has only %d boxes; every rank needs one (lower grid.max_box or use "
                 "fewer ranks)",
                 n_ranks, nb);
        return -1;
    }
    const int no_map = map_alloc(d, nb, n_ranks, rank);
    struct keyed *k = malloc((size_t)nb * sizeof *k);
    double *w = malloc((size_t)nb * sizeof *w), *load = malloc((size_t)n_ranks * sizeof *load);
    if (no_map || !k || !w || !load) {
        free(k);
        free(w);
        free(load);
        decomp_free(d);
        snprintf(err, err_len, "out of host memory for the map of %d boxes", nb);
        return -1;
    }
    for (int b = 0; b < nb; b++)
        w[b] = weight ? weight[b] : 1.0;
    if (how == CFG_DIST_SFC)
        distribute_sfc(lay, w, n_ranks, k, d->owner);
    else if (how == CFG_DIST_KNAPSACK)
        distribute_knapsack(lay, w, n_ranks, k, d->owner, load);
    else
        for (int b = 0; b < nb; b++)
            d->owner[b] = b % n_ranks;
    free(k);
    free(w);
    /* a rank left without a box takes one from the rank that holds the most */
    for (int r = 0; r < n_ranks; r++)
        load[r] = 0;
    for (int b = 0; b < nb; b++)
        load[d->owner[b]] += 1;
    for (int r = 0; r < n_ranks; r++) {
        if (load[r] > 0)
            continue;
        int most = 0;
        for (int q = 1; q < n_ranks; q++)
            if (load[q] > load[most])
                most = q;
        for (int b = nb - 1; b >= 0; b--)
            if (d->owner[b] == most) {
                d->owner[b] = r;
                load[most] -= 1;
                load[r] += 1;
                break;
            }
    }
    free(load);
    number_local(d);
    return 0;
}

int decomp_from_owner(struct gen_decomp *d, int n_boxes, const int *owner, int n_ranks, int rank, char *err,
                      size_t err_len)
{
    memset(d, 0, sizeof *d);
    if (map_alloc(d, n_boxes, n_ranks, rank)) {
        decomp_free(d);
        snprintf(err, err_len, "out of host memory for the map of %d boxes", n_boxes);
        return -1;
    }
    for (int b = 0; b < n_boxes; b++)
        d->owner[b] = owner[b];
    number_local(d);
    return 0;
}

int decomp_local_of(const struct gen_decomp *d, int rank, int *gid, int max)
{
    int n = 0;
    for (int b = 0; b < d->n_boxes; b++)
        if (d->owner[b] == rank) {
            if (n < max)
                gid[n] = b;
            n++;
        }
    return n;
}

void decomp_free(struct gen_decomp *d)
{
    free(d->owner);
    free(d->slot);
    free(d->gid);
    memset(d, 0, sizeof *d);
}

void decomp_apply(const struct gen_decomp *d, struct gen_layout *lay)
{
    lay->n_local = d->n_local;
    lay->n_ranks = d->n_ranks;
    lay->rank = d->rank;
    lay->gid = d->gid;
    lay->slot = d->slot;
    lay->owner = d->owner;
    lay->comp_stride = lay->box_stride * lay->n_local;
}

double decomp_imbalance(const struct gen_decomp *d, const double *weight)
{
    double *load = calloc((size_t)d->n_ranks, sizeof *load), total = 0, most = 0;
    if (!load)
        return 0;
    for (int b = 0; b < d->n_boxes; b++) {
        load[d->owner[b]] += weight ? weight[b] : 1.0;
        total += weight ? weight[b] : 1.0;
    }
    for (int r = 0; r < d->n_ranks; r++)
        if (load[r] > most)
            most = load[r];
    free(load);
    return total > 0 ? most / (total / d->n_ranks) : 1.0;
}
