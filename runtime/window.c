/* window.c: the moving window (window.h); the kernels are in templates/window.cl and
 * window_inject.cl. A shift of one cell: FillBoundary of E, B, J and the Gauss reference (so the
 * last valid cell of each box can read its upper neighbour from its own guard cells), the field
 * shift, then per species the particle shift, the hand-over of the particles that changed box
 * (particles_deliver, as after a push) and the injection; last FillBoundary of E and B for the
 * next gather. As WarpX does it: in whole cells, at the end of the step that makes the distance
 * pass a cell. */
#include "window.h"

#include <math.h>
#include <string.h>

#include "exchange.h"
#include "gen.h"
#include "migrate.h"
#include "pml.h"

int window_create(struct window *w, struct ctx *c, struct fields *f, struct species *sp, int n_species, char *err,
                  size_t err_len)
{
    w->enabled = c->cfg->window.enabled; /* shifts stay: after a redistribution the window goes on */
    if (!w->enabled)
        return 0;
    if (kernel_create(&w->shift_fields, c->prog, "window_shift_fields", &c->timers, err, err_len) ||
        kernel_mem(&w->shift_fields, "F", f->buf.mem, err, err_len) ||
        kernel_create(&w->gauss_reference, c->prog, "window_gauss_reference", &c->timers, err, err_len) ||
        kernel_mem(&w->gauss_reference, "F", f->buf.mem, err, err_len))
        return -1;
    w->species = sp;
    const struct pml *pml = f->pml;
    w->n_psi = 0;
    for (int i = 0; pml && i < pml->n; i++) {
        const struct gen_pml_slab *slab = &pml->slab[i];
        if (c->lay.n_ranks > 1) {
            snprintf(err, err_len, "moving_window: with a PML (boundary.field = 'pml') the window runs on one rank "
                                   "only in this version of picl; run on one rank, or use 'pec' there");
            return -1;
        }
        char name[64];
        snprintf(name, sizeof name, "window_shift_psi_%s", slab->name);
        const int b = (slab->axis + 1) % 3, other = b == c->cfg->window.axis ? (slab->axis + 2) % 3 : b;
        if (slab->axis == c->cfg->window.axis) { /* a line across the slab at each (u, v) */
            w->psi_range[w->n_psi][0] = (size_t)c->lay.cells[b];
            w->psi_range[w->n_psi][1] = (size_t)c->lay.cells[(slab->axis + 2) % 3];
        } else { /* a line along the window's axis at each (l, o) */
            w->psi_range[w->n_psi][0] = (size_t)slab->cells;
            w->psi_range[w->n_psi][1] = (size_t)c->lay.cells[other];
        }
        if (kernel_create(&w->psi[w->n_psi], c->prog, name, &c->timers, err, err_len) ||
            kernel_mem(&w->psi[w->n_psi], "psi", pml->psi.mem, err, err_len))
            return -1;
        w->n_psi++;
    }
    for (int s = 0; s < n_species; s++) {
        cl_mem a[PA_COUNT];
        for (int i = 0; i < PA_COUNT; i++)
            a[i] = sp[s].array[i].mem;
        if (kernel_create(&w->shift_particles[s], c->prog, "window_shift_particles", &c->timers, err, err_len) ||
            kernel_particles(&w->shift_particles[s], a, err, err_len) ||
            kernel_mem(&w->shift_particles[s], "boxes", sp[s].boxes.mem, err, err_len) ||
            kernel_create(&w->deliver[s], c->prog, "particles_deliver", &c->timers, err, err_len) ||
            kernel_particles(&w->deliver[s], a, err, err_len) ||
            kernel_mem(&w->deliver[s], "boxes", sp[s].boxes.mem, err, err_len))
            return -1;
        if (sp[s].cfg->is_beam)
            continue; /* a bunch is not injected */
        char name[64];
        snprintf(name, sizeof name, "window_inject_%d", s);
        if (kernel_create(&w->inject[s], c->prog, name, &c->timers, err, err_len) ||
            kernel_particles(&w->inject[s], a, err, err_len) ||
            kernel_mem(&w->inject[s], "boxes", sp[s].boxes.mem, err, err_len))
            return -1;
    }
    return 0;
}

void window_destroy(struct window *w)
{
    kernel_release(&w->shift_fields);
    kernel_release(&w->gauss_reference);
    for (int s = 0; s < CFG_MAX_SPECIES; s++) {
        kernel_release(&w->shift_particles[s]);
        kernel_release(&w->deliver[s]);
        kernel_release(&w->inject[s]);
    }
    for (int i = 0; i < 6; i++)
        kernel_release(&w->psi[i]);
    w->n_psi = 0;
    w->species = NULL;
}

long window_shifts_at(const struct picl_config *cfg, const struct gen_layout *lay, double t)
{
    const struct cfg_window *win = &cfg->window;
    if (!win->enabled || t <= win->start)
        return 0;
    return (long)floor(win->speed * PICL_C * (t - win->start) / lay->dx[win->axis] + 1e-9);
}

/* front_lo and front_hi of the injection kernel (templates/window_inject.cl). */
static int set_front(struct kernel *k, const struct ctx *c, double lo, double hi, char *err, size_t err_len)
{
    const int fp64 = c->dev->facts.has_fp64;
    return kernel_set_acc(k, "front_lo", fp64, lo, err, err_len) || kernel_set_acc(k, "front_hi", fp64, hi, err, err_len);
}

static int shift_once(struct window *w, struct ctx *c, struct fields *f, int n_species,
                      char *err, size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    const int axis = c->cfg->window.axis;
    const cl_long shifts = (cl_long)(w->shifts + 1);
    const size_t lines[2] = {(size_t)lay->box[0] * lay->box[1] * lay->box[2] / (size_t)lay->box[axis],
                             (size_t)lay->n_local};
    const size_t boxes = (size_t)lay->n_local, one = 1;
    /* E and B have their guards from the last half step of Maxwell's equations */
    if (fields_fill_group(f, c, XG_FILL_J, err, err_len) ||
        fields_fill_group(f, c, XG_FILL_G0, err, err_len) ||
        kernel_set(&w->shift_fields, "shifts", sizeof shifts, &shifts, err, err_len) ||
        kernel_launch(&w->shift_fields, c->dev->queue, &c->timers, 2, lines, NULL, err, err_len) ||
        fields_fill_group(f, c, XG_FILL_EB, err, err_len))
        return -1;
    for (int i = 0; i < w->n_psi; i++)
        if (kernel_launch(&w->psi[i], c->dev->queue, &c->timers, 2, w->psi_range[i], NULL, err, err_len))
            return -1;
    for (int s = 0; s < n_species; s++) {
        struct species *sp = &w->species[s];
        if (kernel_launch(&w->shift_particles[s], c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len) ||
            kernel_launch(&w->deliver[s], c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len) ||
            (sp->mg && migrate_run(sp->mg, sp, c, err, err_len)))
            return -1;
        /* a boosted plasma enters at every step instead (window_advance) */
        if (w->inject[s].k && !c->cfg->boost.enabled &&
            (kernel_set(&w->inject[s], "shifts", sizeof shifts, &shifts, err, err_len) ||
             set_front(&w->inject[s], c, 0, 0, err, err_len) ||
             kernel_launch(&w->inject[s], c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len)))
            return -1;
    }
    w->shifts++;
    return 0;
}

/* In a boosted frame the plasma streams in through the front face at every step: the lattice
 * points between last step's front and this step's (in cells of the domain at load, CELLS + the
 * shifts + beta c t / d along the axis; templates/window_inject.cl). t: the time after the step
 * (of dt), `before`: the shifts before it. */
static int inject_streaming(struct window *w, struct ctx *c, int n_species, long before, double t, char *err,
                            size_t err_len)
{
    const int a = c->cfg->window.axis;
    const double cells = c->lay.cells[a], per_s = c->cfg->boost.beta * PICL_C / c->lay.dx[a];
    const double lo = cells + (double)before + per_s * (t - c->cfg->dt), hi = cells + (double)w->shifts + per_s * t;
    const cl_long shifts = (cl_long)w->shifts;
    const size_t boxes = (size_t)c->lay.n_local, one = 1;
    for (int s = 0; s < n_species; s++)
        if (w->inject[s].k && (kernel_set(&w->inject[s], "shifts", sizeof shifts, &shifts, err, err_len) ||
                               set_front(&w->inject[s], c, lo, hi, err, err_len) ||
                               kernel_launch(&w->inject[s], c->dev->queue, &c->timers, 1, &boxes, &one, err, err_len)))
            return -1;
    return 0;
}

int window_advance(struct window *w, struct ctx *c, struct fields *f, int n_species, double t, char *err,
                   size_t err_len)
{
    if (!w->enabled)
        return 0;
    const long due = window_shifts_at(c->cfg, &c->lay, t);
    const long before = w->shifts;
    while (w->shifts < due)
        if (shift_once(w, c, f, n_species, err, err_len))
            return -1;
    return c->cfg->boost.enabled ? inject_streaming(w, c, n_species, before, t, err, err_len) : 0;
}

int window_gauss_reference(struct window *w, struct ctx *c, char *err, size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    const int axis = c->cfg->window.axis;
    const size_t g[3] = {(size_t)lay->box[0] * lay->box[1] * lay->box[2] / (size_t)lay->box[axis],
                         (size_t)lay->n_local, (size_t)lay->box[axis]};
    return kernel_launch(&w->gauss_reference, c->dev->queue, &c->timers, 3, g, NULL, err, err_len);
}

double window_lower(const struct window *w, const struct ctx *c, int a)
{
    const double moved = w->enabled && a == c->cfg->window.axis ? (double)w->shifts * c->lay.dx[a] : 0.0;
    return c->lay.lower[a] + moved;
}

long window_removed(const struct species *sp, const struct ctx *c)
{
    (void)c;
    return sp->window_all[0];
}

long window_injected(const struct species *sp, const struct ctx *c)
{
    (void)c;
    return sp->window_all[1];
}
