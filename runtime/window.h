/* window.h: the moving window (moving_window): once the distance it has moved since `start`
 * passes another whole cell, fields and particles shift by one cell towards the lower face of
 * its axis, the particles that leave the domain there are dropped (and counted), and each
 * plasma species' profile, taken in the lab frame, fills the new cell layer at the upper face.
 * The domain keeps its coordinates; `shifts` cells is how far it has moved in the lab frame. */
#ifndef PICL_WINDOW_H
#define PICL_WINDOW_H

#include "ctx.h"
#include "fields.h"
#include "particles.h"

struct window {
    int enabled;
    long shifts; /* cells moved so far: the lab frame's lower corner is grid.lower + shifts dx */
    struct kernel shift_fields, gauss_reference;
    struct kernel shift_particles[CFG_MAX_SPECIES], deliver[CFG_MAX_SPECIES], inject[CFG_MAX_SPECIES];
    struct species *species; /* the run's, borrowed (their particle exchange between ranks) */
    /* the PMLs across the window's axis: their auxiliary arrays shift with the fields */
    struct kernel psi[6];
    size_t psi_range[6][2];
    int n_psi;
};

/* The kernels (nothing when the input has no window); `shifts` is kept, so that after the
 * device side is rebuilt (a redistribution between ranks) the window goes on where it was. */
int window_create(struct window *w, struct ctx *c, struct fields *f, struct species *sp, int n_species, char *err,
                  size_t err_len);
void window_destroy(struct window *w);
/* Whole cells a window has moved by time t: floor(speed c (t - start) / dx), 0 before start
 * (a distance within 1e-9 cell of a whole number counts as that number). */
long window_shifts_at(const struct picl_config *cfg, const struct gen_layout *lay, double t);
/* Shifts until the window has made window_shifts_at(t) shifts. */
int window_advance(struct window *w, struct ctx *c, struct fields *f, int n_species, double t, char *err,
                   size_t err_len);
/* After the shifts of a step, with rho deposited (and filtered as J is): the leading NG + 1
 * node layers take their Gauss residual as the reference of the charge-conservation
 * diagnostic, which ignores the NG + 1 layers at either face (docs/input.md). */
int window_gauss_reference(struct window *w, struct ctx *c, char *err, size_t err_len);
/* The lab-frame position of the domain's lower corner along axis a, in metres. */
double window_lower(const struct window *w, const struct ctx *c, int a);
/* Particles of a species the window has dropped at the trailing face and injected at the
 * leading face since the start, on all ranks, as of the last particles_check. */
long window_removed(const struct species *sp, const struct ctx *c);
long window_injected(const struct species *sp, const struct ctx *c);

#endif
