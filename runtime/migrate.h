/* migrate.h: particles that cross into another rank's box (docs/design.md section 4). After the push
 * and the local delivery, the leavers still in the outboxes whose new box is on another rank are
 * packed into one record stream per rank (one kernel), staged through pinned memory, sent, and
 * appended to their boxes on arrival (one kernel). */
#ifndef PICL_MIGRATE_H
#define PICL_MIGRATE_H

#include "ctx.h"
#include "kernel.h"

struct species;

struct migrate {
    struct kernel count, pack, unpack;
    struct arena_buf counts, offsets, send, recv; /* device */
    struct arena_buf send_host, recv_host; /* pinned */
    int *counts_host;
    long *offsets_host;
    long *send_at, *recv_at; /* [n_ranks + 1] records per peer */
    int *send_n, *recv_n;
    long capacity; /* records each way */
    long sent, received, messages; /* since the start */
    double seconds;
};

int migrate_create(struct migrate *m, struct species *sp, struct ctx *c, char *err, size_t err_len);
void migrate_destroy(struct migrate *m, struct ctx *c);
/* Collective: every rank sends its leavers and takes in its arrivals. */
int migrate_run(struct migrate *m, struct species *sp, struct ctx *c, char *err, size_t err_len);

#endif
