/* sim.c: the time loop. Set-up allocates everything; a step only enqueues kernels, so the
 * steady loop creates no buffer and calls no malloc. */
#include "sim.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "btd.h"
#include "charge.h"
#include "costs.h"
#include "estimate.h"
#include "checkpoint.h"
#include "exchange.h"
#include "flux.h"
#include "ionize.h"
#include "log.h"
#include "migrate.h"
#include "mem.h"
#include "openpmd.h"
#include "program.h"
#include "psatd.h"
#include "psatd_solver.h"
#include "signals.h"

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int sim_generate(const struct picl_config *cfg, const struct gen_device *facts, struct strbuf *out, char *err,
                 size_t err_len)
{
    return gen_program(cfg, facts, out, err, err_len);
}

size_t sim_memory_limit(const struct picl_config *cfg, const struct device *dev)
{
    return cfg->memory_device > 0 ? (size_t)cfg->memory_device
                                  : (size_t)(dev->traits->memory_share * (double)dev->global_mem);
}

int sim_check_memory(const struct picl_config *cfg, const struct device *dev, char *err, size_t err_len)
{
    struct memory_estimate m;
    const double limit = (double)sim_memory_limit(cfg, dev);
    const double fields = estimate_fields_bytes(cfg);
    if (fields > limit) { /* before the estimate's host arrays of one entry per cell */
        snprintf(err, err_len,
                 "grid.cells: %d x %d x %d cells need at least %.1f MiB of device memory for the fields alone, but "
                 "the run may use %.1f MiB of %s; lower grid.cells or raise memory.device (the device has %.1f MiB)",
                 cfg->grid.cells[0], cfg->grid.cells[1], cfg->grid.cells[2], fields / 1048576.0, limit / 1048576.0,
                 dev->name, (double)dev->global_mem / 1048576.0);
        return -1;
    }
    if (estimate_memory(cfg, &dev->facts, &m, err, err_len))
        return -1;
    if (m.peak <= limit)
        return 0;
    long particles = 0;
    for (int s = 0; s < cfg->n_species; s++)
        particles += m.count[s];
    snprintf(err, err_len,
             "this run needs %.1f MiB of device memory (fields %.1f MiB, %ld particles %.1f MiB) but may use %.1f MiB "
             "of %s; lower grid.cells or the species' ppc, or raise memory.device (the device has %.1f MiB)",
             m.peak / 1048576.0, m.fields / 1048576.0, particles, (m.peak - m.fields) / 1048576.0, limit / 1048576.0,
             dev->name, (double)dev->global_mem / 1048576.0);
    return -1;
}

int sim_build(struct sim *s, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    const struct picl_config *cfg = c->cfg;
    struct device *dev = c->dev;
    /* every "auto" once, for this rank's boxes: the program and every stage read c->plan */
    plan_resolve(cfg, &dev->facts, &c->lay, &c->plan);
    if (plan_work_groups(cfg, &dev->facts, &c->lay, &c->plan, err, err_len))
        return -1;
    size_t limit = sim_memory_limit(cfg, dev);
    if (sim_check_memory(cfg, dev, err, err_len))
        return -1;
    if (arena_init(&c->arena, dev->context, dev->id, limit, 0, "memory.device", err, err_len))
        return -1;
    /* blocks are taken lazily: a run on one rank never maps any */
    size_t pinned = cfg->memory_pinned > 0 ? (size_t)cfg->memory_pinned : (size_t)64 << 20;
    if (arena_init_pinned(&c->pinned, dev->context, dev->id, dev->queue, pinned, "memory.pinned", err, err_len))
        return -1;
    struct strbuf src;
    sb_init(&src);
    double t0 = wall_seconds();
    int rc = gen_program_for(cfg, &dev->facts, &c->lay, &c->plan, &src, err, err_len);
    if (rc == 0)
        rc = program_build(dev, cfg, src.data, "picl.cl", &c->prog, err, err_len);
    sb_free(&src);
    if (rc)
        return -1;
    log_debug("kernels generated and built in %.2f s", wall_seconds() - t0);
    return 0;
}

void sim_unbuild(struct sim *s)
{
    struct ctx *c = &s->ctx;
    if (c->dev && c->dev->queue)
        clFinish(c->dev->queue);
    timers_collect(&c->timers);
    if (s->diags) /* before the program and the arena they hold kernels and buffers of */
        pstats_unbuild(&s->diags->ps, c);
    window_destroy(&s->window);
    collide_destroy(&s->collide, c);
    for (int i = 0; i < s->n_species; i++)
        particles_destroy(&s->species[i], c);
    lasers_destroy(&s->lasers);
    pml_destroy(&s->pml, c);
    if (s->poisson) {
        poisson_destroy(s->poisson, c);
        mem_free(s->poisson);
        s->poisson = NULL;
    }
    fields_destroy(&s->fields, c);
    if (c->prog)
        clReleaseProgram(c->prog);
    c->prog = NULL;
    if (c->arena.context)
        arena_destroy(&c->arena);
    if (c->pinned.context)
        arena_destroy(&c->pinned);
    memset(&c->arena, 0, sizeof c->arena);
    memset(&c->pinned, 0, sizeof c->pinned);
}

int sim_attach_sources(struct sim *s, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    if (pml_create(&s->pml, c, s->fields.buf.mem, err, err_len) ||
        lasers_create(&s->lasers, c, s->fields.buf.mem, err, err_len))
        return -1;
    s->fields.pml = s->pml.n ? &s->pml : NULL;
    s->fields.lasers = s->lasers.n ? &s->lasers : NULL;
    if (c->cfg->solver == CFG_SOLVER_ELECTROSTATIC) {
        s->poisson = mem_calloc(1, sizeof *s->poisson);
        if (!s->poisson) {
            snprintf(err, err_len, "out of host memory for the electrostatic solver");
            return -1;
        }
        if (poisson_create(s->poisson, c, &s->fields, err, err_len))
            return -1;
    }
    return 0;
}

int sim_create(struct sim *s, const struct picl_config *cfg, struct device *dev, char *err, size_t err_len)
{
    return sim_create_ranked(s, cfg, dev, NULL, err, err_len);
}

int sim_box_weights(const struct picl_config *cfg, const struct gen_layout *lay, double *weight, char *err,
                    size_t err_len)
{
    const double cells = (double)lay->box[0] * lay->box[1] * lay->box[2];
    for (int b = 0; b < lay->n_boxes; b++)
        weight[b] = cells;
    return estimate_box_particles(cfg, lay, weight, err, err_len);
}

/* How far a moving window has moved the domain along its axis (m; 0 without one): the
 * applied fields are the lab frame's. */
static double lab_offset(const struct sim *s)
{
    const struct picl_config *cfg = s->ctx.cfg;
    if (!cfg->window.enabled)
        return 0;
    const int a = cfg->window.axis;
    return window_lower(&s->window, &s->ctx, a) - s->ctx.lay.lower[a];
}

/* E and B of the electrostatic solver at time t: rho of the particles where they are, phi, E = -grad(phi). */
static int electrostatic(struct sim *s, double t, char *err, size_t err_len)
{
    return charge_deposit(&s->fields, s->species, s->n_species, -1, &s->ctx, err, err_len) ||
                   poisson_solve(s->poisson, &s->fields, &s->ctx, t, err, err_len)
               ? -1
               : 0;
}

int sim_create_ranked(struct sim *s, const struct picl_config *cfg, struct device *dev, const struct comm *comm,
                      char *err, size_t err_len)
{
    memset(s, 0, sizeof *s);
    struct ctx *c = &s->ctx;
    c->cfg = cfg;
    c->dev = dev;
    c->comm = comm;
    c->real_size = cfg->precision == CFG_DOUBLE ? sizeof(double) : sizeof(float);
    if (gen_layout(cfg, &c->lay, err, err_len))
        return -1;
    if (comm && comm->size > 1) {
        double *weight = mem_alloc((size_t)c->lay.n_boxes * sizeof *weight);
        if (!weight) {
            snprintf(err, err_len, "out of host memory");
            return -1;
        }
        int rc = sim_box_weights(cfg, &c->lay, weight, err, err_len) ||
                 decomp_make(&s->decomp, &c->lay, cfg->distribution, weight, comm->size, comm->rank, err, err_len);
        mem_free(weight);
        if (rc)
            return -1;
        decomp_apply(&s->decomp, &c->lay);
        log_debug("rank %d: %d of %d boxes", comm->rank, c->lay.n_local, c->lay.n_boxes);
    }
    for (int i = 0; i < cfg->n_full; i++)
        if (opmd_filter_open(cfg, &cfg->full[i], &s->full_filter[i], err, err_len))
            return -1;
    if (sim_build(s, err, err_len))
        return -1;
    if (fields_create(&s->fields, c, err, err_len) || fields_initialize(&s->fields, c, err, err_len))
        return -1;
    if (sim_attach_sources(s, err, err_len))
        return -1;
    for (int i = 0; i < cfg->n_species; i++) {
        if (particles_create(&s->species[i], c, &s->fields, i, err, err_len))
            return -1;
        s->n_species = i + 1;
        log_debug("species %s: %ld particles", cfg->species[i].name, s->species[i].np);
    }
    if (window_create(&s->window, c, &s->fields, s->species, s->n_species, err, err_len) ||
        collide_prepare(&s->collide, c, s->species, s->n_species, err, err_len))
        return -1;
    /* the electrostatic solver's E^0 from the particles at x^0 (docs/electrostatic.md) */
    if (s->poisson && electrostatic(s, s->time, err, err_len))
        return -1;
    /* u^0 -> u^{-1/2} with the initial fields, then the reference of the Gauss residual */
    if (fields_godfrey(&s->fields, c, err, err_len)) /* the gather's filtered E, B (docs/filters.md) */
        return -1;
    for (int i = 0; i < s->n_species; i++)
        if (particles_time(&s->species[i], c, s->time, lab_offset(s), err, err_len) ||
            particles_push_back(&s->species[i], c, err, err_len))
            return -1;
    double residual;
    if (sim_gauss(s, 1, &residual, err, err_len))
        return -1;
    timers_collect(&c->timers);
    return 0;
}

int sim_gauss(struct sim *s, int store, double *residual, char *err, size_t err_len)
{
    return charge_gauss(&s->fields, s->species, s->n_species, &s->ctx, store, residual, err, err_len);
}

long sim_particles(const struct sim *s)
{
    long n = 0;
    for (int i = 0; i < s->n_species; i++)
        n += s->species[i].np_all;
    return n;
}

int sim_step(struct sim *s, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    if (fields_zero_J(&s->fields, c, err, err_len))
        return -1;
    /* the gather reads the Godfrey-filtered copy of E and B, made from this step's fields after
     * every change to them (the solver, the window's shifts); docs/filters.md */
    if (fields_godfrey(&s->fields, c, err, err_len))
        return -1;
    /* PSATD's rho form (solver.update_with_rho) and current correction: rho^n from the particles at
     * x^n, before they move */
    const int psatd_rho = s->fields.psatd && psatd_rho_deposits(c->cfg);
    if (psatd_rho && (charge_deposit(&s->fields, s->species, s->n_species, -1, c, err, err_len) ||
                      psatd_solver_rho_old(s->fields.psatd, c, err, err_len)))
        return -1;
    for (int i = 0; i < s->n_species; i++)
        if (particles_time(&s->species[i], c, s->time, lab_offset(s), err, err_len) || /* t^n, and where */
            particles_push(&s->species[i], c, err, err_len))
            return -1;
    /* flux injection at t^{n+1}, where the step has carried those that crossed the face; their
     * current of the step joins J before it is summed, so Gauss's law holds */
    for (int i = 0; i < s->n_species; i++)
        if (flux_inject(&s->species[i], c, s->step, err, err_len))
            return -1;
    /* the antennas' currents join after the filter: they are exactly what the lasers ask for */
    s->lasers.window_shifts = s->window.shifts;
    if (fields_sum_J(&s->fields, c, err, err_len) || fields_filter_J(&s->fields, c, err, err_len) ||
        lasers_add_J(&s->lasers, c, s->time + 0.5 * c->cfg->dt, err, err_len) ||
        (psatd_rho && charge_deposit(&s->fields, s->species, s->n_species, -1, c, err, err_len)) || /* rho^{n+1} */
        (s->poisson ? electrostatic(s, s->time + c->cfg->dt, err, err_len) /* E^{n+1} from x^{n+1} */
                    : fields_advance(&s->fields, c, s->time, err, err_len)))
        return -1;
    /* field ionization at x^{n+1} in E^{n+1}, after this step's deposit (ionize.cl) */
    if (ionize_step(s->species, s->n_species, &s->fields, c, s->step, s->time + c->cfg->dt, lab_offset(s), err,
                    err_len))
        return -1;
    /* at the end of the step, where the window has moved by t^{n+1}; before the sort, which
     * then sees the particles where they are */
    const long shifts = s->window.shifts;
    if (window_advance(&s->window, c, &s->fields, s->n_species, (double)(s->step + 1) * c->cfg->dt, err, err_len))
        return -1;
    /* the charge-conservation reference of the new leading layers (a rho deposit per shift) */
    if (s->window.shifts != shifts &&
        (charge_deposit(&s->fields, s->species, s->n_species, -1, c, err, err_len) ||
         window_gauss_reference(&s->window, c, err, err_len)))
        return -1;
    const int sort = c->plan.sort_interval;
    if (sort > 0 && (s->step + 1) % sort == 0)
        for (int i = 0; i < s->n_species; i++)
            if (particles_sort(&s->species[i], c, err, err_len))
                return -1;
    /* binary collisions: after the deposit, before the next push, they change u^{n+1/2} only */
    if (collide_step(&s->collide, c, s->species, s->n_species, s->step, err, err_len))
        return -1;
    /* the box tables say whether every particle found room: a small read, once a step */
    for (int i = 0; i < s->n_species; i++)
        if ((!s->species[i].cfg->frozen || s->window.enabled || s->species[i].cfg->flux.enabled) &&
            particles_check(&s->species[i], c, NULL, err, err_len))
            return -1;
    s->step++;
    s->time += c->cfg->dt;
    timers_collect(&c->timers);
    return 0;
}

/* RZ's azimuthal modes, each with a field energy column; 0 in the other geometries. */
static int rz_modes(const struct sim *s)
{
    return s->ctx.cfg->geometry == CFG_GEOMETRY_RZ ? s->ctx.cfg->modes : 0;
}

/* Columns: field energies (in RZ then per mode), then per species its kinetic energy and count, then the total
 * energy and the charge-conservation residual. */
static int open_reduced(struct sim *s, char *err, size_t err_len)
{
    char names[REDUCED_MAX_COLUMNS][CFG_NAME_LEN + 32]; /* copied by reduced_open */
    const char *cols[REDUCED_MAX_COLUMNS];
    int n = 0;
    const char *fixed[] = {"electric_energy_J", "magnetic_energy_J", "field_energy_J"};
    for (int i = 0; i < 3; i++)
        cols[n++] = fixed[i];
    /* RZ: the field energy of each azimuthal mode, whose sum field_energy_J is */
    char per_mode[FIELDS_MAX_MODES][CFG_NAME_LEN + 32];
    for (int m = 0; m < rz_modes(s); m++) {
        snprintf(per_mode[m], sizeof per_mode[0], "field_energy_m%d_J", m);
        cols[n++] = per_mode[m];
    }
    for (int i = 0; i < s->n_species && n + 4 < REDUCED_MAX_COLUMNS; i++) {
        snprintf(names[2 * i], sizeof names[0], "kinetic_energy_%s_J", s->species[i].cfg->name);
        snprintf(names[2 * i + 1], sizeof names[0], "particles_%s", s->species[i].cfg->name);
        cols[n++] = names[2 * i];
        cols[n++] = names[2 * i + 1];
    }
    cols[n++] = "total_energy_J";
    cols[n++] = "charge_residual";
    /* particles absorbed per species and absorbing face, counted since the start */
    char lost[CFG_MAX_SPECIES * 6][CFG_NAME_LEN + 32]; /* copied by reduced_open too */
    const struct picl_config *cfg = s->ctx.cfg;
    for (int i = 0; i < s->n_species; i++)
        for (int face = 0; face < 6; face++)
            if (cfg->particle_boundary[face / 2][face % 2] == CFG_BOUNDARY_ABSORBING && n < REDUCED_MAX_COLUMNS - 2) {
                snprintf(lost[6 * i + face], sizeof lost[0], "absorbed_%s_%c_%s", s->species[i].cfg->name,
                         "xyz"[face / 2], face % 2 ? "hi" : "lo");
                cols[n++] = lost[6 * i + face];
            }
    /* the moving window: where it is, and what it dropped and injected per species */
    char moved[CFG_MAX_SPECIES * 2][CFG_NAME_LEN + 32];
    if (s->window.enabled && n < REDUCED_MAX_COLUMNS)
        cols[n++] = "window_offset_m";
    for (int i = 0; s->window.enabled && i < s->n_species && n + 2 <= REDUCED_MAX_COLUMNS; i++) {
        snprintf(moved[2 * i], sizeof moved[0], "window_removed_%s", s->species[i].cfg->name);
        snprintf(moved[2 * i + 1], sizeof moved[0], "window_injected_%s", s->species[i].cfg->name);
        cols[n++] = moved[2 * i];
        cols[n++] = moved[2 * i + 1];
    }
    if (s->ctx.comm && s->ctx.comm->rank != 0) {
        reduced_open_silent(&s->reduced, s->ctx.cfg, n);
        return 0;
    }
    return reduced_open_from(&s->reduced, s->ctx.cfg, cols, n, s->restarted ? s->start_step : -1, err, err_len);
}

static int write_reduced(struct sim *s, char *err, size_t err_len)
{
    struct reduced_row row;
    double we_m[FIELDS_MAX_MODES], wb_m[FIELDS_MAX_MODES], we = 0, wb = 0, total, residual;
    int n = 0;
    if (fields_energy_modes(&s->fields, &s->ctx, we_m, wb_m, err, err_len))
        return -1;
    for (int m = 0; m < (rz_modes(s) ? rz_modes(s) : 1); m++) {
        we += we_m[m];
        wb += wb_m[m];
    }
    row.value[n++] = we;
    row.value[n++] = wb;
    row.value[n++] = total = we + wb;
    for (int m = 0; m < rz_modes(s); m++)
        row.value[n++] = we_m[m] + wb_m[m];
    /* a moving species' kinetic energy is time-centred at t^n, as the fields are: its kernel
     * gathers them as the next push will (templates/kinetic_centred.cl) */
    if (fields_godfrey(&s->fields, &s->ctx, err, err_len))
        return -1;
    for (int i = 0; i < s->n_species; i++) {
        double kin;
        if (particles_time(&s->species[i], &s->ctx, s->time, lab_offset(s), err, err_len) ||
            particles_kinetic(&s->species[i], &s->ctx, &kin, err, err_len))
            return -1;
        row.value[n++] = kin;
        row.value[n++] = (double)s->species[i].np_all;
        total += kin;
    }
    row.value[n++] = total;
    if (sim_gauss(s, 0, &residual, err, err_len))
        return -1;
    row.value[n++] = residual;
    for (int i = 0; i < s->n_species; i++) /* the box tables were read at the end of the step */
        for (int face = 0; face < 6; face++)
            if (s->ctx.cfg->particle_boundary[face / 2][face % 2] == CFG_BOUNDARY_ABSORBING && n < s->reduced.n_columns - 2)
                row.value[n++] = (double)particles_absorbed(&s->species[i], &s->ctx, face);
    if (s->window.enabled && n < s->reduced.n_columns - 2) {
        const int a = s->ctx.cfg->window.axis;
        row.value[n++] = window_lower(&s->window, &s->ctx, a) - s->ctx.lay.lower[a];
    }
    for (int i = 0; s->window.enabled && i < s->n_species && n + 2 <= s->reduced.n_columns - 2; i++) {
        row.value[n++] = (double)window_removed(&s->species[i], &s->ctx);
        row.value[n++] = (double)window_injected(&s->species[i], &s->ctx);
    }
    timers_collect(&s->ctx.timers);
    return reduced_write(&s->reduced, s->step, s->time, &row, err, err_len);
}

/* The beam moments, extrema, histograms and probes (io/diags.h), when the input has any. */
static int open_diags(struct sim *s, char *err, size_t err_len)
{
    const struct cfg_diags *d = &s->ctx.cfg->diags;
    if (d->n_costs) {
        s->costs = mem_calloc(1, sizeof *s->costs);
        if (!s->costs || costs_open(s->costs, &s->ctx, s->restarted ? s->start_step : -1, err, err_len)) {
            if (!s->costs)
                snprintf(err, err_len, "out of host memory");
            return -1;
        }
    }
    if (s->ctx.cfg->n_btd) {
        const struct io_state bio = sim_io_state(s);
        if (btd_open(&s->btd, &bio, s->restarted ? s->restart_path : NULL, err, err_len))
            return -1;
    }
    if (d->n_moments + d->n_extrema + d->n_hist + d->n_probes + d->n_field_max == 0)
        return 0;
    s->diags = mem_calloc(1, sizeof *s->diags);
    if (!s->diags) {
        snprintf(err, err_len, "out of host memory");
        return -1;
    }
    const struct io_state io = sim_io_state(s);
    return diags_open(s->diags, &io, s->restarted ? s->start_step : -1, err, err_len);
}

/* Only on a step where one is due: no launch otherwise (the costs launch nothing at all). */
static int write_diags(struct sim *s, char *err, size_t err_len)
{
    if (s->costs && costs_due(s->ctx.cfg, s->step)) {
        double tp, tf;
        timers_collect(&s->ctx.timers);
        sim_kernel_times(&s->ctx.timers, &tp, &tf);
        if (costs_write(s->costs, &s->ctx, s->species, s->n_species, s->step, s->time, tp, tf, err, err_len))
            return -1;
    }
    if (s->btd) { /* every step: each fills the lab slices it reached (io/btd.c) */
        const struct io_state bio = sim_io_state(s);
        if (btd_step(s->btd, &bio, err, err_len))
            return -1;
    }
    if (!s->diags || !diags_due(s->ctx.cfg, s->step))
        return 0;
    const struct io_state io = sim_io_state(s);
    int rc = diags_write(s->diags, &io, err, err_len);
    timers_collect(&s->ctx.timers);
    return rc;
}

/* Full diagnostics due at this step, then a checkpoint when one is due: on its interval, at
 * the last step, or because a signal asked the run to stop (never the one it started from). */
static int write_output(struct sim *s, int stop, char *err, size_t err_len)
{
    const struct picl_config *cfg = s->ctx.cfg;
    const struct cfg_checkpoint *ck = &cfg->checkpoint;
    double t0 = wall_seconds();
    const struct io_state io = sim_io_state(s);
    for (int i = 0; i < cfg->n_full; i++) {
        if (!opmd_due(&cfg->full[i], s->step))
            continue;
        if (opmd_write(&io, &cfg->full[i], &s->full_filter[i], &s->io_bytes, err, err_len))
            return -1;
        s->io_files++;
    }
    int due = stop || (ck->enabled && ((ck->interval > 0 && s->step % ck->interval == 0) ||
                                       (ck->at_end && s->step == cfg->steps)));
    if (due && s->step != s->start_step) {
        char path[CFG_PATH_LEN + 64];
        if (ckpt_write(s, &s->io_bytes, path, sizeof path, err, err_len))
            return -1;
        s->io_files++;
        if (stop)
            log_info("%s: stopped after step %ld of %ld; checkpoint %s; continue with the same command plus --restart latest",
                     signals_name(stop), s->step, cfg->steps, path);
        else
            log_debug("checkpoint %s", path);
    }
    s->io_seconds += wall_seconds() - t0;
    return 0;
}

/* The rate and the ETA count the steps after the first: the first one holds the driver's
 * just-in-time compile of every kernel it launches (seconds cold, against milliseconds a step),
 * and averaging it in made a 20-step run announce a minute that was not coming. After the first
 * step alone there is no rate yet, and the line says so. */
static void progress(const struct sim *s, double started, int tty)
{
    const struct picl_config *cfg = s->ctx.cfg;
    double elapsed = wall_seconds() - started;
    long after_first = s->step - s->start_step - 1;
    double since = elapsed - s->wall_first;
    double rate = after_first > 0 && since > 0 ? (double)after_first / since : 0;
    char eta[32] = "-";
    if (rate > 0)
        snprintf(eta, sizeof eta, "%.0f s", (double)(cfg->steps - s->step) / rate);
    else if (s->step >= cfg->steps)
        snprintf(eta, sizeof eta, "0 s");
    if (tty)
        fprintf(stderr, "\rstep %ld/%ld  t = %.4e s  %.2f steps/s  ETA %s   ", s->step, cfg->steps, s->time, rate,
                eta);
    else
        log_info("step %ld/%ld  t = %.4e s  %.2f steps/s  ETA %s", s->step, cfg->steps, s->time, rate, eta);
}

int sim_run(struct sim *s, char *err, size_t err_len)
{
    const struct picl_config *cfg = s->ctx.cfg;
    int tty = isatty(STDERR_FILENO) && log_get_level() >= LOG_INFO;
    int interval = cfg->progress_interval > 0 ? cfg->progress_interval : 100;
    if (open_reduced(s, err, err_len) || open_diags(s, err, err_len))
        return -1;
    int rc = 0;
    timers_reset(&s->ctx.timers); /* the table is about the time loop, not the set-up */
    /* a restarted run's first step was written by the run that made its checkpoint */
    if (!s->restarted && reduced_due(&s->reduced, s->step))
        rc = write_reduced(s, err, err_len);
    if (rc == 0 && !s->restarted)
        rc = write_diags(s, err, err_len);
    if (rc == 0 && !s->restarted)
        rc = write_output(s, 0, err, err_len);
    signals_install();
    double started = wall_seconds();
    waits_mark(&s->waits, s->ctx.dev, &s->ctx.timers);
    while (rc == 0 && s->step < cfg->steps) {
        waits_since(&s->waits, s->ctx.dev, &s->ctx.timers, 0);
        rc = sim_step(s, err, err_len);
        waits_since(&s->waits, s->ctx.dev, &s->ctx.timers, 1);
        if (s->step == s->start_step + 1)
            s->wall_first = wall_seconds() - started;
        /* like the time per step, the exchange figures leave out the first step (it waits for
         * the other ranks' just-in-time compiles) */
        if (s->step == s->start_step + 1 && s->fields.xc)
            exchange_restart_counts(s->fields.xc);
        if (rc == 0 && cfg->balance_interval > 0 && s->step % cfg->balance_interval == 0 && s->step < cfg->steps)
            rc = sim_balance(s, err, err_len);
        if (rc == 0 && reduced_due(&s->reduced, s->step))
            rc = write_reduced(s, err, err_len);
        if (rc == 0)
            rc = write_diags(s, err, err_len);
        if (rc == 0) {
            s->stop_signal = signals_pending();
            rc = write_output(s, s->stop_signal, err, err_len);
        }
        if (tty || s->step % interval == 0 || s->step == cfg->steps || s->stop_signal)
            progress(s, started, tty);
        if (s->stop_signal)
            break;
    }
    signals_restore();
    waits_since(&s->waits, s->ctx.dev, &s->ctx.timers, 0);
    waits_report(&s->waits, s->ctx.dev, s->step - s->start_step);
    clFinish(s->ctx.dev->queue);
    s->wall_loop = wall_seconds() - started;
    s->io_bytes_all = s->io_bytes;
    if (rc == 0) /* a rank that failed stops them all (MPI_Abort): no collective to match */
        comm_sum_doubles(s->ctx.comm, &s->io_bytes_all, 1);
    if (tty)
        fputc('\n', stderr);
    if (reduced_close(&s->reduced, rc == 0, err, err_len))
        rc = -1;
    if (s->diags && diags_close(s->diags, &s->ctx, rc == 0, err, err_len))
        rc = -1;
    if (s->costs && costs_close(s->costs, rc == 0, err, err_len))
        rc = -1;
    btd_close(s->btd, rc == 0);
    s->btd = NULL;
    return rc;
}

void sim_destroy(struct sim *s)
{
    struct ctx *c = &s->ctx;
    reduced_close(&s->reduced, 0, NULL, 0);
    if (s->diags)
        diags_close(s->diags, c, 0, NULL, 0);
    mem_free(s->diags);
    s->diags = NULL;
    if (s->costs)
        costs_close(s->costs, 0, NULL, 0);
    mem_free(s->costs);
    s->costs = NULL;
    btd_close(s->btd, 0);
    s->btd = NULL;
    sim_unbuild(s);
    timers_release(&c->timers);
    hio_staging_free(&s->staging);
    for (int i = 0; i < CFG_MAX_FULL; i++)
        opmd_filter_close(&s->full_filter[i]);
    decomp_free(&s->decomp);
}

void sim_summary(const struct sim *s, FILE *out)
{
    if (!out)
        return;
    const struct picl_config *cfg = s->ctx.cfg;
    const double cells = (double)cfg->grid.cells[0] * cfg->grid.cells[1] * cfg->grid.cells[2];
    const long particles = sim_particles(s), steps = s->step - s->start_step;
    /* the first step compiles work-group functions in some drivers (PoCL): leave it out */
    const double per_step = steps > 1 ? (s->wall_loop - s->wall_first) / (double)(steps - 1)
                            : steps ? s->wall_loop : 0;
    /* FOM = cells * (0.1 + 0.9 * ppc) / (time per step), the paper's section 4 */
    const double ppc = (double)particles / cells;
    fprintf(out, "summary: %ld steps, %ld cells, %ld particles (%.2f per cell)\n", s->step, (long)cells, particles, ppc);
    char which[96] = "wall, one step";
    if (steps > 1)
        snprintf(which, sizeof which, "wall, steps %ld-%ld; the first took %.3f s", s->start_step + 2, s->step,
                 s->wall_first);
    fprintf(out, "summary: %.4f s per step (%s), %.1f ns per particle per step, FOM %.3e\n", per_step, which,
            particles ? 1e9 * per_step / (double)particles : 0.0,
            per_step > 0 ? cells * (0.1 + 0.9 * ppc) / per_step : 0.0);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(out, "summary: device arena peak %.1f MiB in %ld buffers; peak resident memory %.1f MiB\n",
            (double)s->ctx.arena.stats.peak / 1048576.0, s->ctx.arena.stats.buffers_created, (double)ru.ru_maxrss / 1024.0);
    if (s->io_files)
        fprintf(out, "summary: output %ld files, %.3f GB of data in %.3f s (%.3f GB/s, the time steps included it)\n",
                s->io_files, s->io_bytes_all / 1e9, s->io_seconds,
                s->io_seconds > 0 ? s->io_bytes_all / 1e9 / s->io_seconds : 0.0);
    if (s->ctx.comm && s->ctx.comm->size > 1) {
        fprintf(out, "summary: %d ranks, %d boxes (%s distribution), rank 0 holds %d\n", s->ctx.comm->size,
                s->ctx.lay.n_boxes, cfg_distribution_names[cfg->distribution],
                s->ctx.lay.n_local);
        if (s->fields.xc)
            exchange_print(s->fields.xc, steps > 1 ? steps - 1 : steps, out);
        for (int i = 0; i < s->n_species; i++)
            if (s->species[i].mg)
                fprintf(out, "particles: species %s: rank 0 sent %ld and received %ld particles in %ld messages, "
                             "%.3f s wall\n",
                        s->species[i].cfg->name, s->species[i].mg->sent, s->species[i].mg->received,
                        s->species[i].mg->messages, s->species[i].mg->seconds);
    }
}
