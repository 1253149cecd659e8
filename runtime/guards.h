/* guards.h: FillBoundary and SumBoundary between the boxes of one rank, by plans. The kernel
 * halo_local_plan (templates/guards.cl) says once per decomposition where each guard's value comes
 * from; each exchange is then a gather over a list, one launch per distinct plan. */
#ifndef PICL_GUARDS_H
#define PICL_GUARDS_H

#include "ctx.h"
#include "exchange.h"
#include "kernel.h"

/* FillBoundary of one or more components: dst[e] takes src[e] (an offset inside the component,
 * ~offset negated, HALO_PLAN_ZERO zero). */
struct guards_fill {
    struct arena_buf dst, src;
    int n;
};

/* SumBoundary: target t (~offset: set to zero) adds the guards order[first[t] .. first[t + 1]). */
struct guards_sum {
    struct arena_buf target, first, order;
    int n_targets, n_entries;
};

/* One launch of an exchange: plan `plan` for `count` components packed four bits each. */
struct guards_launch {
    int plan, comps, count;
};

struct guards {
    /* distinct plans: components whose cells map alike (the same staggering across every
     * non-periodic axis) share one */
    struct guards_fill fill[FC_COUNT];
    struct guards_sum sum[FC_COUNT];
    int n_fill, n_sum;
    struct kernel kernel[XG_COUNT]; /* halo_fill or halo_sum, timed as halo_fill_E ... halo_fill_G0 */
    struct guards_launch launch[XG_COUNT][FC_COUNT];
    int n_launch[XG_COUNT];
    size_t bytes; /* device memory the plans hold */
};

/* Makes the plans of every component for this rank's boxes (F: the field buffer). */
int guards_create(struct guards *gd, struct ctx *c, cl_mem F, char *err, size_t err_len);
void guards_destroy(struct guards *gd, struct ctx *c);
/* The local part of exchange g (exchange_run adds what other ranks hold). */
int guards_run(struct guards *gd, struct ctx *c, enum xgroup_id g, char *err, size_t err_len);
/* Bytes of device memory the plans will take (an estimate: every guard cell of a box local). */
double guards_estimate(const struct picl_config *cfg, const struct gen_layout *lay);

#endif
