/* laser.h: the laser antennas of a run (templates/laser.cl): one kernel per laser adds its
 * current sheet to J each step, another its magnetic sheet after each B half step. */
#ifndef PICL_LASER_H
#define PICL_LASER_H

#include "ctx.h"

struct lasers {
    int n;
    struct kernel J[CFG_MAX_LASERS], B[CFG_MAX_LASERS];
    size_t range[CFG_MAX_LASERS][2]; /* the antenna plane's cells along the two transverse axes */
    /* cells the moving window has moved (sim_step sets it each step): an antenna along the
     * window's axis stays in the lab frame, so its plane is that many cells lower in the grid */
    long window_shifts;
};

int lasers_create(struct lasers *l, struct ctx *c, cl_mem fields, char *err, size_t err_len);
void lasers_destroy(struct lasers *l);
/* Adds every antenna's current at time t (t^{n+1/2}) to J: after SumBoundary and the filter. */
int lasers_add_J(struct lasers *l, struct ctx *c, double t, char *err, size_t err_len);
/* After a B half step that used E at time t (before FillBoundary of B). */
int lasers_push_B(struct lasers *l, struct ctx *c, double t, char *err, size_t err_len);

#endif
