/* exchange.h: guard cells whose values live on other ranks (docs/design.md section 4). Plans are
 * made once per decomposition; each exchange is one pack kernel, one message per neighbouring
 * rank through pinned staging memory, and one unpack kernel, whatever the number of boxes. */
#ifndef PICL_EXCHANGE_H
#define PICL_EXCHANGE_H

#include "ctx.h"
#include "kernel.h"

/* The exchanges the step uses: FillBoundary of E, B, both, J, rho; SumBoundary of J, rho;
 * FillBoundary of the Gauss reference G0, which the moving window shifts with the fields; and
 * FillBoundary of the electrostatic solver's phi and search direction p (runtime/poisson.c). */
enum xgroup_id {
    XG_FILL_E, XG_FILL_B, XG_FILL_EB, XG_FILL_J, XG_FILL_RHO, XG_SUM_J, XG_SUM_RHO, XG_FILL_G0,
    XG_FILL_PHI, XG_FILL_ES_P, XG_COUNT
};

/* The components [*c0, *c1) of exchange g; returns 1 for a SumBoundary, 0 for a FillBoundary. */
int exchange_group(enum xgroup_id g, int *c0, int *c1);

struct xgroup {
    int sum; /* SumBoundary: guards go to the owners and are added */
    long *send_at, *recv_at; /* [n_ranks + 1]: each peer's stretch of the concatenated messages */
    long n_send, n_recv, n_targets;
    struct arena_buf send_index, recv_index; /* pack offsets; fill: unpack offsets, sum: the order */
    struct arena_buf targets, first; /* sum: the cells added to, and their first entry */
    struct arena_buf send_buf, recv_buf; /* device */
    struct arena_buf send_host, recv_host; /* pinned */
};

struct exchange {
    int n_ranks;
    struct xgroup group[XG_COUNT];
    struct kernel pack, unpack, unpack_add;
    long exchanges, messages; /* since the start: exchanges done and MPI messages sent */
    long bytes; /* sent */
    double seconds; /* wall time spent in exchanges (staging, messages, waits) */
};

/* Builds every plan: finds the remote guards (kernel halo_plan) and tells each owner what to
 * send. Collective over c->comm. F is the field buffer. */
int exchange_create(struct exchange *x, struct ctx *c, cl_mem F, char *err, size_t err_len);
void exchange_destroy(struct exchange *x, struct ctx *c);
/* Runs one exchange after the local kernel of the same name (collective). */
int exchange_run(struct exchange *x, struct ctx *c, cl_mem F, enum xgroup_id g, char *err, size_t err_len);
/* Forgets the counts and times so far (the summary's figures start after the first step). */
void exchange_restart_counts(struct exchange *x);
/* One line for the summary: exchanges, launches per exchange, messages, bytes, time. */
void exchange_print(const struct exchange *x, long steps, FILE *out);

#endif
