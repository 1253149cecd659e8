/* tune.c: `picl tune INPUT.lua`: a short sweep of the physics-neutral settings on the current
 * device, one axis at a time from picl's defaults (coordinate descent: the sum of the axes'
 * lengths, not their product), each variant gated against the defaults' J and E; the fastest
 * that passes is stored in the tuning file for this device, driver and problem class. */
#include "tune.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_gate.h"
#include "bench_variant.h"
#include "gen.h"
#include "log.h"
#include "mem.h"

/* A variant must beat the best so far by this fraction to replace it: less is within the
 * noise of a few repeats, and picl's defaults are kept unless something is clearly faster. */
#define TUNE_MARGIN 0.02

/* The values tried per device kind: the defaults' neighbourhood on CPUs (few threads, each
 * owning boxes), the usual work-group shapes on GPUs. Values that do not fit the run's boxes
 * or the device's work-group limit are skipped. */
struct tune_space {
    const char *kind;
    enum cfg_strategy strategies[4]; /* CFG_STRATEGY_AUTO: none */
    int wg_particles[4];
    int wg_cells[5][3];
    int sort_interval[4];
    int sort_bin[4];
};

static const struct tune_space spaces[] = {
    {"cpu",
     {CFG_STRATEGY_SIMD_CELLS, CFG_STRATEGY_DETERMINISTIC, CFG_STRATEGY_GLOBAL_ATOMICS, CFG_STRATEGY_LOCAL_TILES},
     {16, 64, 256, 0},
     {{8, 1, 1}, {16, 1, 1}, {8, 8, 1}, {4, 4, 4}, {0, 0, 0}},
     {0, 4, 16, 64},
     {1, 2, 4, 8}},
    {"gpu",
     {CFG_STRATEGY_GLOBAL_ATOMICS, CFG_STRATEGY_LOCAL_TILES, CFG_STRATEGY_DETERMINISTIC, CFG_STRATEGY_AUTO},
     {64, 128, 256, 512},
     {{32, 4, 1}, {64, 2, 1}, {16, 8, 1}, {8, 8, 4}, {32, 8, 1}},
     {0, 10, 25, 100},
     {1, 2, 4, 0}},
};

static const struct tune_space *space_for(const struct device *dev)
{
    for (size_t i = 0; i < sizeof spaces / sizeof *spaces; i++)
        if (!strcmp(spaces[i].kind, dev->traits->kind))
            return &spaces[i];
    return &spaces[1]; /* "other" devices: as GPUs */
}

/* The settings a run of cfg uses on dev when nothing is tuned: the plan's strategy and sorting
 * (gen/plan.c), and the work groups as plan_work_groups resolves them for these boxes (where the
 * row's default does not divide a box: a smaller shape, or {0,0,0}, the driver's), else as the
 * input or the device's traits row gives them. The row's own shape would be refused, written
 * explicitly into every later variant, where it does not divide the box. */
static void resolved_defaults(const struct picl_config *cfg, const struct device *dev, const struct gen_layout *lay,
                              struct tune_params *p)
{
    struct gen_plan plan;
    plan_resolve(cfg, &dev->facts, lay, &plan);
    p->strategy = plan.strategy;
    p->sort_interval = plan.sort_interval;
    memcpy(p->sort_bin, plan.sort_bin, sizeof p->sort_bin);
    char err[PLAN_REFUSAL_LEN];
    if (plan_work_groups(cfg, &dev->facts, lay, &plan, err, sizeof err) == 0) {
        for (int a = 0; a < 3; a++)
            p->wg_cells[a] = (int)plan.wg_cells[a];
        p->wg_particles = (int)plan.wg_particles;
        return;
    }
    const int given = cfg->wg_cells[0] || cfg->wg_cells[1] || cfg->wg_cells[2];
    for (int a = 0; a < 3; a++)
        p->wg_cells[a] = given ? cfg->wg_cells[a] : (int)dev->traits->cell_group[a];
    p->wg_particles = cfg->wg_particles > 0 ? cfg->wg_particles : (int)dev->traits->particle_group;
}

struct tune_state {
    const struct tune_options *o;
    const struct picl_config *cfg; /* the input with o->sets */
    struct device *dev;
    FILE *out;
    struct bench_result *r;
    struct bench_fields ref; /* the defaults' J and E: every variant's gate */
    struct tune_params best;
    double best_ms, default_ms;
    int measured, eligible;
};

/* Runs the input with o->sets and then p's settings; prints one row. Returns the median ms
 * per step when the variant ran and passed the gate, else a negative number. */
static double measure(struct tune_state *st, const struct tune_params *p, const char *label, int is_ref)
{
    const struct tune_options *o = st->o;
    char text[512], err[4096], why[512] = "";
    tune_params_text(p, st->cfg, 1, text, sizeof text);
    /* the input's --set strings, then the settings as --set strings, one per key */
    char *sets[CFG_MAX_SETS];
    int n = 0;
    for (int i = 0; i < o->n_sets && n < CFG_MAX_SETS; i++)
        sets[n++] = (char *)o->sets[i];
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok && n < CFG_MAX_SETS; tok = strtok_r(NULL, " ", &save))
        sets[n++] = tok;
    struct bench_fields fl;
    memset(&fl, 0, sizeof fl);
    st->measured++;
    double ms = -1;
    int rc = bench_variant_run(o->input, sets, is_ref ? o->n_sets : n, o->warmup, o->steps,
                               o->repeats, st->dev, st->r, &fl, err, sizeof err);
    if (rc) {
        fprintf(st->out, "  %-40s %9s %9s %9s %7s  error: %.300s\n", label, "-", "-", "-", "-", err);
        fflush(st->out);
        bench_fields_free(&fl);
        return -1;
    }
    const struct bench_result *r = st->r;
    double lo = r->step[0], hi = r->step[0];
    for (int q = 1; q < o->repeats; q++) {
        lo = r->step[q] < lo ? r->step[q] : lo;
        hi = r->step[q] > hi ? r->step[q] : hi;
    }
    const double med = 1e3 * bench_median(r->step, o->repeats);
    double rel_J, rel_E;
    int pass = bench_gate(r, &fl, is_ref ? NULL : &st->ref, bench_gate_rel(r->precision, 0),
                          bench_gate_residual(r->precision, 0), &rel_J, &rel_E, why, sizeof why);
    char gate[600];
    if (!pass)
        snprintf(gate, sizeof gate, "FAILED: %s", why);
    else if (is_ref)
        snprintf(gate, sizeof gate, "ref (charge residual %.1e)", r->residual);
    else
        snprintf(gate, sizeof gate, "ok (J %.1e, E %.1e)", rel_J, rel_E);
    fprintf(st->out, "  %-40s %9.3f %9.3f %9.3f %7.2f  %s\n", label, med, 1e3 * lo, 1e3 * hi, r->setup_s, gate);
    fflush(st->out); /* a row as soon as it is known, also into a pipe */
    if (is_ref) {
        st->ref = fl; /* kept for the gate of every other variant */
    } else {
        bench_fields_free(&fl);
    }
    if (pass) {
        st->eligible++;
        ms = med;
    }
    return ms;
}

/* Tries p (the best so far with one setting changed); keeps it when it is clearly faster. */
static void try_variant(struct tune_state *st, const struct tune_params *p, const char *label)
{
    const double ms = measure(st, p, label, 0);
    if (ms > 0 && ms < st->best_ms * (1 - TUNE_MARGIN)) {
        st->best = *p;
        st->best_ms = ms;
    }
}

static const char *const strategy_names[] = CFG_STRATEGY_NAMES;

/* The stages, in order of their effect: the deposition strategy, the particles' work group
 * (only a per-particle strategy launches one), the cells' work group, the sort interval, and the
 * bin size (only when sorting). */
static void sweep(struct tune_state *st, const struct gen_layout *lay)
{
    const struct tune_space *sp = space_for(st->dev);
    char label[128];
    /* each stage starts from the best so far; its starting value is measured already */
    struct tune_params start = st->best;
    for (int i = 0; i < 4; i++) {
        struct tune_params p = st->best;
        p.strategy = sp->strategies[i];
        const struct strategy_ops *ops = strategy_ops(p.strategy);
        if (!ops || p.strategy == start.strategy || (ops->unfit && ops->unfit(st->cfg)))
            continue;
        snprintf(label, sizeof label, "deposition_strategy=%s", strategy_names[p.strategy]);
        try_variant(st, &p, label);
    }
    start = st->best;
    /* only the per-particle strategies launch work-groups of particles */
    const struct strategy_ops *start_ops = strategy_ops(start.strategy);
    if (start_ops && start_ops->launch != STRATEGY_LAUNCH_BOXES)
        for (int i = 0; i < 4; i++) {
            struct tune_params p = st->best;
            p.wg_particles = sp->wg_particles[i];
            if (p.wg_particles <= 0 || p.wg_particles == start.wg_particles ||
                (size_t)p.wg_particles > st->dev->facts.max_work_group)
                continue;
            snprintf(label, sizeof label, "work_group.particles=%d", p.wg_particles);
            try_variant(st, &p, label);
        }
    start = st->best;
    for (int i = 0; i < 5; i++) {
        struct tune_params p = st->best;
        memcpy(p.wg_cells, sp->wg_cells[i], sizeof p.wg_cells);
        if (!memcmp(p.wg_cells, start.wg_cells, sizeof p.wg_cells) || !tune_cells_fit(p.wg_cells, lay, st->dev))
            continue;
        snprintf(label, sizeof label, "work_group.cells={%d,%d,%d}", p.wg_cells[0], p.wg_cells[1], p.wg_cells[2]);
        try_variant(st, &p, label);
    }
    start = st->best;
    for (int i = 0; i < 4; i++) {
        struct tune_params p = st->best;
        p.sort_interval = sp->sort_interval[i];
        /* an interval longer than a timed run would not sort inside it, and look free */
        if (p.sort_interval == start.sort_interval || p.sort_interval > st->o->steps)
            continue;
        snprintf(label, sizeof label, "sort.interval=%d", p.sort_interval);
        try_variant(st, &p, label);
    }
    start = st->best;
    if (start.sort_interval > 0 && start.sort_interval <= st->o->steps)
        for (int i = 0; i < 4; i++) {
            struct tune_params p = st->best;
            const int b = sp->sort_bin[i];
            /* b along the kept axes, one bin along an axis 2D or 1D drops */
            for (int a = 0; a < 3; a++)
                p.sort_bin[a] = cfg_has_axis(st->cfg, a) ? b : 1;
            if (b <= 0 || !memcmp(p.sort_bin, start.sort_bin, sizeof p.sort_bin))
                continue;
            if (b > lay->box[0] && b > lay->box[1] && b > lay->box[2])
                continue; /* one bin per box: no order left to gain */
            snprintf(label, sizeof label, "sort.bin_size=%d", b);
            try_variant(st, &p, label);
        }
}

int tune_run(const struct tune_options *opt, FILE *out, char *err, size_t err_len)
{
    struct tune_options o = *opt;
    o.warmup = o.warmup > 0 ? o.warmup : 2;
    o.steps = o.steps > 0 ? o.steps : 16;
    o.repeats = o.repeats > 0 ? o.repeats : 3;
    if (o.repeats > BENCH_MAX_REPEATS) {
        snprintf(err, err_len, "--repeats: at most %d", BENCH_MAX_REPEATS);
        return 2;
    }
    char path[CFG_PATH_LEN];
    if (tune_path(o.tuning, path, sizeof path, err, err_len))
        return 2;
    /* the file is read first: a damaged one stops here, before minutes of sweeping */
    struct tune_db db;
    if (tune_db_load(&db, path, err, err_len))
        return 2;
    int rc = 2;
    struct picl_config *cfg = mem_calloc(1, sizeof *cfg);
    struct device dev;
    int dev_open = 0;
    struct tune_state st;
    memset(&st, 0, sizeof st);
    st.r = mem_alloc(sizeof *st.r);
    if (!cfg || !st.r) {
        snprintf(err, err_len, "out of host memory");
        goto done;
    }
    if (cfg_load(cfg, o.input, o.sets, o.n_sets, err, err_len))
        goto done;
    if (device_open(&dev, o.device, err, err_len))
        goto done;
    dev_open = 1;
    struct gen_layout lay;
    if (gen_layout(cfg, &lay, err, err_len))
        goto done;
    char cls[TUNE_CLASS];
    tune_class(cfg, cls, sizeof cls);
    rc = 1;

    /* the device's roofs first (a second or two), stored with the winner */
    struct bench_limits lim;
    if (bench_limits_measure(&dev, &lim, NULL, err, err_len))
        goto done;
    fprintf(out, "tune: %s (%s, driver %s), class %s, input %s; %d + %d x %d steps per variant\n", dev.name,
            dev.platform_name, dev.driver, cls, o.input, o.warmup, o.repeats, o.steps);
    fprintf(out, "tune: roofs %.1f GB/s, %.1f GFlop/s double, %.1f GFlop/s float\n", lim.bandwidth, lim.flops_double,
            lim.flops_float);
    st.o = &o;
    st.cfg = cfg;
    st.dev = &dev;
    st.out = out;
    resolved_defaults(cfg, &dev, &lay, &st.best);
    char text[512];
    tune_params_text(&st.best, cfg, 1, text, sizeof text);
    fprintf(out, "tune: picl's defaults here: %s; then one setting at a time, kept when %.0f%% faster\n", text,
            100 * TUNE_MARGIN);
    fprintf(out, "  %-40s %9s %9s %9s %7s  %s\n", "variant", "ms/step", "min", "max", "setup s", "gate");
    st.default_ms = st.best_ms = measure(&st, &st.best, "defaults", 1);
    if (st.default_ms <= 0) {
        snprintf(err, err_len, "the input with picl's defaults did not run or failed its own gate; nothing to tune");
        goto done;
    }
    st.eligible = 0;
    const struct tune_params defaults = st.best;
    sweep(&st, &lay);
    if (memcmp(&st.best, &defaults, sizeof defaults)) {
        /* The defaults were timed first and the winner minutes later: a machine whose load
         * changed in between makes a winner of noise. Both again, back to back, decide. */
        fprintf(out, "tune: the defaults and the fastest again, back to back:\n");
        const double d2 = measure(&st, &defaults, "defaults", 0);
        const double b2 = measure(&st, &st.best, "the fastest", 0);
        if (d2 > 0 && b2 > 0 && b2 < d2 * (1 - TUNE_MARGIN)) {
            st.best_ms = b2;
            st.default_ms = d2;
        } else {
            fprintf(out, "tune: not %.0f%% faster when measured again: picl's defaults stay\n", 100 * TUNE_MARGIN);
            st.best = defaults;
            st.best_ms = st.default_ms = d2 > 0 ? d2 : st.default_ms;
        }
    }

    struct tune_entry e;
    memset(&e, 0, sizeof e);
    snprintf(e.vendor, sizeof e.vendor, "%s", dev.vendor);
    snprintf(e.device, sizeof e.device, "%s", dev.name);
    snprintf(e.driver, sizeof e.driver, "%s", dev.driver);
    snprintf(e.cls, sizeof e.cls, "%s", cls);
    e.p = st.best;
    e.ms = st.best_ms;
    e.default_ms = st.default_ms;
    snprintf(e.input, sizeof e.input, "%s", o.input);
    snprintf(e.picl, sizeof e.picl, "%s", PICL_VERSION);
    time_t now = time(NULL);
    strftime(e.date, sizeof e.date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    struct tune_entry l = e;
    l.limits = 1;
    l.lim = lim;
    if (tune_db_put(&db, &e) || tune_db_put(&db, &l)) {
        snprintf(err, err_len, "out of host memory");
        goto done;
    }
    if (tune_db_save(&db, err, err_len))
        goto done;
    tune_params_text(&st.best, cfg, 1, text, sizeof text);
    fprintf(out, "tune: %d variants measured, %d passed the gate\n", st.measured, st.eligible + 1);
    fprintf(out, "tune: the fastest: %s: %.3f ms per step against %.3f with picl's defaults (%.2fx)\n", text,
            st.best_ms, st.default_ms, st.default_ms / st.best_ms);
    fprintf(out, "tune: written to %s for %s, driver %s, class %s\n", path, dev.name, dev.driver, cls);
    rc = 0;
done:
    bench_fields_free(&st.ref);
    mem_free(st.r);
    mem_free(cfg);
    tune_db_free(&db);
    if (dev_open)
        device_close(&dev);
    return rc;
}
