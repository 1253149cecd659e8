/* ctx.h: what every stage of a run needs to enqueue work: the device, the built program, the
 * layout, the arena and the timers. Owned by struct sim; stages only borrow it. */
#ifndef PICL_CTX_H
#define PICL_CTX_H

#include "arena.h"
#include "comm.h"
#include "config.h"
#include "device.h"
#include "kernel.h"
#include "layout.h"
#include "gen.h"

struct ctx {
    const struct picl_config *cfg;
    struct device *dev;
    const struct comm *comm; /* the ranks of this run; NULL: one rank, no MPI */
    cl_program prog;
    struct gen_layout lay;
    struct gen_plan plan; /* every "auto" of the run, resolved once by sim_build (gen/plan.h) */
    struct arena arena; /* device memory */
    struct arena pinned; /* host-mapped staging memory for messages between ranks */
    struct timers timers;
    size_t real_size; /* bytes of `real` on the device */
};

/* Bytes of `acc_real` on the device: double where it has fp64, else float. */
static inline size_t ctx_acc_size(const struct ctx *c)
{
    return c->dev->facts.has_fp64 ? sizeof(double) : sizeof(float);
}

#endif
