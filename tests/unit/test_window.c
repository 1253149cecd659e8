/* test_window.c: the moving window. It moves by speed x time in whole cells (counted by the
 * shifts it makes, against the analytic floor), and with it the fields: a CKC pulse at c dt = dx
 * travels one cell a step, so in a window moving at c it stands still, across box edges, to
 * round-off. A plasma keeps its density as the window brings it in (per slab within 3 sigma),
 * the injected profile is the lab-frame one (to round-off), density and momentum, and nothing is lost or duplicated at
 * the edges: ids stay unique and initial + injected - removed - absorbed = now, exactly; a
 * restart from a checkpoint continues bit for bit. */
#include "check.h"
#include "checkpoint.h"
#include "fixture.h"

#define DXM 1e-6 /* cell size, m */

/* Launches of a kernel so far (the timers count each launch when it completes). */
static long launches(struct sim *s, const char *name)
{
    timers_collect(&s->ctx.timers);
    for (int i = 0; i < s->ctx.timers.n; i++)
        if (!strcmp(s->ctx.timers.entry[i].name, name))
            return s->ctx.timers.entry[i].launches;
    return 0;
}

/* (a) A Gaussian pulse along `axis` (E across it, B its exact discrete partner at c dt = dx, as
 * in test_boundaries.c) in a window moving at c along the same axis, 3 boxes along it and 2
 * across: after 30 steps the window has shifted 30 times and the fields in it are the initial
 * ones, to round-off. */
static void test_pulse_stands_still(int axis)
{
    const char *ax = "xyz" + axis;
    const char *e_comp[3] = {"Ey", "Ez", "Ex"}, *b_comp[3] = {"Bz", "Bx", "By"};
    const enum field_comp fe[3] = {FC_EY, FC_EZ, FC_EX}, fb[3] = {FC_BZ, FC_BX, FC_BY};
    int cells[3] = {8, 8, 8}, box[3] = {4, 4, 4};
    cells[axis] = 48;
    box[axis] = 16;
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g},\n"
                   "           max_box = {%d, %d, %d} },\n"
                   "  boundary = { field = { %.1s = 'pec' } },\n"
                   "  solver = { name = 'ckc', cfl = 1.0 },\n"
                   "  steps = 30,\n"
                   "  moving_window = { axis = '%.1s' },\n"
                   "  constants = { E0 = 1e9, s0 = 24e-6, w = 4e-6, h = 0.5e-6 },\n"
                   "  fields = { %s = 'E0*exp(-pow((%.1s - s0)/w, 2))',\n"
                   "             %s = 'E0/(2*c)*(exp(-pow((%.1s - h - s0)/w, 2)) + exp(-pow((%.1s + h - s0)/w, 2)))' },\n"
                   "}\n",
                   cells[0], cells[1], cells[2], cells[0] * DXM, cells[1] * DXM, cells[2] * DXM, box[0], box[1],
                   box[2], ax, ax, e_comp[axis], ax, b_comp[axis], ax, ax);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const long n = (long)cells[0] * cells[1] * cells[2];
    double *e0 = fixture_field(s, fe[axis]), *b0 = fixture_field(s, fb[axis]);
    fixture_steps(s, 30);
    double *e1 = fixture_field(s, fe[axis]), *b1 = fixture_field(s, fb[axis]);
    double err_e = 0, err_b = 0, max_e = 0, max_b = 0;
    for (long i = 0; i < n; i++) {
        err_e = fmax(err_e, fabs(e1[i] - e0[i]));
        err_b = fmax(err_b, fabs(b1[i] - b0[i]));
        max_e = fmax(max_e, fabs(e0[i]));
        max_b = fmax(max_b, fabs(b0[i]));
    }
    const long shifts = launches(s, "window_shift_fields");
    const double offset = window_lower(&s->window, &s->ctx, axis) - cfg.grid.lower[axis];
    REPORT("window along %.1s at c, ckc at c dt = d%.1s, 3 boxes along it: %ld shifts in 30 steps (offset %.17g m); "
           "the pulse stands still: %s to %.1e, %s to %.1e (relative)",
           ax, ax, shifts, offset, e_comp[axis], err_e / max_e, b_comp[axis], err_b / max_b);
    CHECK(shifts == 30);
    CHECK(s->window.shifts == 30);
    CHECK(offset == 30 * s->ctx.lay.dx[axis]);
    CHECK(err_e <= 1e-12 * max_e);
    CHECK(err_b <= 1e-12 * max_b);
    free(e0);
    free(b0);
    free(e1);
    free(b1);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (b) At 0.37 c from t = 7.5 dt (Yee, dt below the cell's crossing time), the shifts made by
 * every step are floor(0.37 c (t - start) / dy): the offset trails the distance by less than a
 * cell and is exactly shifts x dy. */
static void test_speed_and_start(void)
{
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {8, 24, 8}, lower = {0, -12e-6, 0}, upper = {8e-6, 12e-6, 8e-6}, max_box = {8, 8, 8} },\n"
                   "  boundary = { field = { y = 'pec' } },\n"
                   "  steps = 60,\n"
                   "  moving_window = { axis = 'y', speed = 0.37, start = 7.5 * 0.999 / (picl.c * math.sqrt(3) / 1e-6) },\n"
                   "}\n");
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const double dy = s->ctx.lay.dx[1], v = 0.37 * PICL_C, start = cfg.window.start;
    int ok = 1;
    double worst = 0;
    for (long n = 1; n <= cfg.steps; n++) {
        fixture_steps(s, 1);
        const double t = n * cfg.dt, distance = t > start ? v * (t - start) : 0;
        const long want = (long)floor(distance / dy + 1e-9), got = launches(s, "window_shift_fields");
        const double offset = window_lower(&s->window, &s->ctx, 1) - cfg.grid.lower[1];
        /* the offset is lower + shifts dy minus lower: exact but for the rounding of that sum */
        const int fine = got == want && fabs(offset - got * dy) <= 1e-9 * dy && distance - offset >= -1e-9 * dy &&
                         distance - offset < dy;
        if (!fine && ok)
            printf("FAIL step %ld: t = %.17g s, distance %.17g m = %.9f cells: %ld shifts (want %ld), offset %.17g m\n",
                   n, t, distance, distance / dy, got, want, offset);
        ok &= fine;
        worst = fmax(worst, (distance - offset) / dy);
    }
    REPORT("window along y at 0.37 c from t = 7.5 dt: %ld shifts in %ld steps, each step's count = floor(v (t - "
           "start) / dy); distance - offset at most %.3f cells",
           s->window.shifts, cfg.steps, worst);
    CHECK(ok);
    CHECK(s->window.shifts == (long)floor(v * (cfg.steps * cfg.dt - start) / dy));
    fixture_free_sim(s);
    device_close(&dev);
}

/* Sorted copy of a species' ids; returns how many appear twice. */
static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static long duplicate_ids(struct sim *s, int sp)
{
    double *id = fixture_particles(s, sp, PA_ID);
    const long n = s->species[sp].np;
    qsort(id, (size_t)n, sizeof *id, cmp_double);
    long dup = 0;
    for (long i = 1; i < n; i++)
        dup += id[i] == id[i - 1];
    free(id);
    return dup;
}

static long absorbed(struct sim *s, int sp)
{
    long n = 0;
    for (int face = 0; face < 6; face++)
        n += particles_absorbed(&s->species[sp], &s->ctx, face);
    return n;
}

/* (c) A warm electron plasma on frozen protons (both 8 per cell, the electrons' Debye length a
 * cell), window along z at c with Yee: after it has moved more than the domain's length, every
 * particle entered through the window. Per slab of cells across z, the electrons are within 3
 * sigma (Poisson) of 8 x 64 and the protons exactly that; ids are unique; for both species
 * initial + injected - removed - absorbed is the count now; the protons injected are exactly
 * the lattice of every new layer. */
static void test_uniform_plasma(const char *strategy, const char *precision)
{
    const double u_th = 0.05, n0 = pow(u_th * PICL_C / DXM, 2) * PICL_EPS0 * PICL_M_E / (PICL_Q_E * PICL_Q_E);
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {8, 8, 32}, lower = {0, 0, 0}, upper = {8e-6, 8e-6, 32e-6}, max_box = {4, 4, 8} },\n"
                   "  boundary = { field = { z = 'pec' } },\n"
                   "  steps = 60, deposition_strategy = '%s', precision = '%s',\n"
                   "  moving_window = { axis = 'z' },\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = %.17g, ppc = 2, u_th = %g },\n"
                   "    { name = 'ions', particle = 'proton', density = %.17g, ppc = 2, frozen = true },\n"
                   "  },\n"
                   "}\n",
                   strategy, precision, n0, u_th, n0);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    long initial[2] = {s->species[0].np, s->species[1].np};
    fixture_steps(s, cfg.steps);
    const long shifts = s->window.shifts, per_slab = 8 * 64;
    long balance_bad = 0, dup = 0;
    for (int sp = 0; sp < 2; sp++) {
        particles_check(&s->species[sp], &s->ctx, NULL, fixture_err, sizeof fixture_err);
        const long in = window_injected(&s->species[sp], &s->ctx), out = window_removed(&s->species[sp], &s->ctx);
        const long lost = absorbed(s, sp), now = s->species[sp].np;
        REPORT("%s, %s, %s: %ld at load + %ld injected - %ld removed at the trailing edge - %ld absorbed = %ld; now %ld",
               strategy, precision, s->species[sp].cfg->name, initial[sp], in, out, lost, initial[sp] + in - out - lost, now);
        balance_bad += initial[sp] + in - out - lost != now;
        dup += duplicate_ids(s, sp);
        if (sp == 1)
            CHECK(in == shifts * per_slab);
    }
    CHECK(balance_bad == 0);
    CHECK(dup == 0);
    CHECK(shifts > 32);
    /* particles per slab of cells across z */
    double *z[2] = {fixture_particles(s, 0, PA_Z), fixture_particles(s, 1, PA_Z)};
    long slab[2][32] = {{0}};
    for (int sp = 0; sp < 2; sp++)
        for (long i = 0; i < s->species[sp].np; i++)
            slab[sp][(int)floor(z[sp][i])]++;
    double worst = 0;
    long ion_bad = 0;
    for (int k = 0; k < 32; k++) {
        worst = fmax(worst, fabs((double)slab[0][k] - per_slab) / sqrt((double)per_slab));
        ion_bad += slab[1][k] != per_slab;
    }
    REPORT("%s, %s: after %ld shifts (more than the 32 cells of the domain), electrons per slab of 64 cells: at most "
           "%.2f sigma from %ld; protons per slab: %ld slabs differ from %ld",
           strategy, precision, shifts, worst, per_slab, ion_bad, per_slab);
    CHECK(worst <= 3);
    CHECK(ion_bad == 0);
    /* charge conservation holds away from the window's faces */
    const double residual = fixture_gauss(s);
    REPORT("%s, %s: charge-conservation residual away from the faces %.2e", strategy, precision, residual);
    CHECK(residual < (strcmp(precision, "float") ? 1e-11 : 1e-4));
    free(z[0]);
    free(z[1]);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (d) A cold neutral plasma with the profile n0 (1 + 0.5 sin(k x)) of the lab frame, window
 * along x at c: nothing moves in the plasma, so every electron sits where it was made, and its
 * weight is the profile at its lab-frame position (window offset included) times dV / ppc,
 * to round-off; ids are unique. */
static void test_lab_profile(void)
{
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {32, 4, 4}, lower = {-5e-6, 0, 0}, upper = {27e-6, 4e-6, 4e-6}, max_box = {8, 4, 4} },\n"
                   "  boundary = { field = { x = 'pec' } },\n"
                   "  solver = { name = 'ckc', cfl = 1.0 },\n"
                   "  steps = 45,\n"
                   "  moving_window = { axis = 'x' },\n"
                   "  constants = { n0 = 1e24, k = 2*math.pi/13e-6 },\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = 'n0*(1 + 0.5*sin(k*x))', ppc = {2, 1, 1} },\n"
                   "    { name = 'ions', particle = 'proton', density = 'n0*(1 + 0.5*sin(k*x))', ppc = {2, 1, 1} },\n"
                   "    -- frozen (never pushed) tracers of negligible charge whose momentum is a profile\n"
                   "    { name = 'tracers', particle = 'electron', density = 1, ppc = 1, frozen = true,\n"
                   "      u_drift = { '1e-3*cos(k*x)', 0, 0 } },\n"
                   "  },\n"
                   "}\n");
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    fixture_steps(s, cfg.steps);
    {
        /* the momentum profile of the loaded and of the injected tracers is the lab frame's */
        const double lab0 = window_lower(&s->window, &s->ctx, 0), d0 = s->ctx.lay.dx[0];
        double *tx = fixture_particles(s, 2, PA_X), *tu = fixture_particles(s, 2, PA_UX), worst_u = 0;
        for (long i = 0; i < s->species[2].np; i++) {
            const double want = 1e-3 * PICL_C * cos(2 * PICL_PI / 13e-6 * (lab0 + tx[i] * d0));
            worst_u = fmax(worst_u, fabs(tu[i] - want) / (1e-3 * PICL_C));
        }
        REPORT("u_drift profile of %ld frozen tracers (%ld injected) vs 1e-3 c cos(k x_lab): worst error %.1e of 1e-3 c",
               s->species[2].np, window_injected(&s->species[2], &s->ctx), worst_u);
        CHECK(s->species[2].np == 32 * 16 && window_injected(&s->species[2], &s->ctx) > 0);
        CHECK(worst_u < 1e-9);
        free(tx);
        free(tu);
    }
    const double dx = s->ctx.lay.dx[0], dv = dx * s->ctx.lay.dx[1] * s->ctx.lay.dx[2];
    const double lab = window_lower(&s->window, &s->ctx, 0);
    double *x = fixture_particles(s, 0, PA_X), *w = fixture_particles(s, 0, PA_W);
    double worst = 0, lattice = 0;
    for (long i = 0; i < s->species[0].np; i++) {
        const double xm = lab + x[i] * dx, want = 1e24 * (1 + 0.5 * sin(2 * PICL_PI / 13e-6 * xm)) * dv / 2;
        worst = fmax(worst, fabs(w[i] / want - 1));
        lattice = fmax(lattice, fabs(x[i] * 2 - floor(x[i] * 2) - 0.5)); /* on the lattice: x = (m + 1/2) / 2 */
    }
    REPORT("profile in the lab frame, window along x at c: %ld shifts (offset %.6g m); %ld electrons, weights vs "
           "n(x_lab) dV / ppc: worst relative error %.1e; off the lattice by %.1e cells",
           s->window.shifts, lab - cfg.grid.lower[0], s->species[0].np, worst, lattice / 2);
    CHECK(s->window.shifts == 45);
    CHECK(s->species[0].np == 32 * 16 * 2);
    CHECK(worst < 1e-12);
    CHECK(lattice < 1e-9);
    CHECK(duplicate_ids(s, 0) == 0);
    free(x);
    free(w);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (e) Injection never writes past a box's room: with the room of the leading boxes cut down
 * to their count plus 10 (the box table on the device, as a fuller box would have it), the
 * next shift's injection stops at the room and the run stops with a message that names the
 * species, the box and the moving window. */
static void test_room_error(void)
{
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {4, 4, 32}, lower = {0, 0, 0}, upper = {4e-6, 4e-6, 32e-6}, max_box = {4, 4, 8} },\n"
                   "  boundary = { field = { z = 'pec' } },\n"
                   "  solver = { name = 'ckc', cfl = 1.0 },\n"
                   "  steps = 1,\n"
                   "  moving_window = { axis = 'z' },\n"
                   "  species = { { name = 'plasma', particle = 'electron', density = 1e20, ppc = 2 } },\n"
                   "}\n");
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    struct species *sp = &s->species[0];
    const int top = s->ctx.lay.n_boxes - 1;
    long *t = sp->boxes_host + top * BT_STRIDE;
    /* a shift hands the box's lowest layer down (a box of 8 layers), then injects a layer */
    const long count = t[BT_COUNT], layer = count / 8, cap = t[BT_CAP];
    t[BT_CAP] = count - layer + 10;
    clEnqueueWriteBuffer(s->ctx.dev->queue, sp->boxes.mem, CL_TRUE, 0, sizeof(long) * BT_STRIDE * s->ctx.lay.n_boxes,
                         sp->boxes_host, 0, NULL, NULL);
    const int rc = sim_step(s, fixture_err, sizeof fixture_err);
    REPORT("the leading box (%ld particles, room %ld) cut to room for 10 more than it keeps after handing a layer "
           "down, a layer of %ld injected: %s; it holds %ld of %ld",
           count, cap, layer, rc ? fixture_err : "(no error)", t[BT_COUNT], t[BT_CAP]);
    CHECK(rc != 0);
    CHECK(strstr(fixture_err, "species plasma: box 3 has no room for the plasma the moving window brings in") != NULL);
    CHECK(t[BT_COUNT] == t[BT_CAP]);
    fixture_free_sim(s);
    device_close(&dev);
}

/* (f) A restart: a run with a window, a warm plasma and a bunch, checkpointed at step 12 and
 * continued to step 24 from the file, ends bit for bit as the run that never stopped: fields,
 * every particle, the window's shifts and its counts. */
static void test_restart(void)
{
    char ckpt_dir[] = "/tmp/picl_window_ckpt_XXXXXX";
    fixture_tmpdir(ckpt_dir);
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT_IDS
                   "  grid = { cells = {8, 8, 32}, lower = {-4e-6, -4e-6, 0}, upper = {4e-6, 4e-6, 32e-6}, max_box = {8, 8, 8} },\n"
                   "  boundary = { field = { z = 'pec' } },\n"
                   "  solver = { name = 'ckc', cfl = 1.0 },\n"
                   "  steps = 24, filter = { passes = 1 },\n"
                   "  moving_window = { axis = 'z', speed = 0.7 },\n"
                   "  checkpoint = { dir = '%s', keep = 1 },\n"
                   "  species = {\n"
                   "    { name = 'e', particle = 'electron', density = '1e24*(z > 20e-6)', ppc = 1, u_th = 0.05 },\n"
                   "    { name = 'i', particle = 'proton', density = '1e24*(z > 20e-6)', ppc = 1, frozen = true },\n"
                   "    { name = 'b', particle = 'electron', beam = { total_charge = -1e-12, particles = 500,\n"
                   "      centroid = {0, 0, 14e-6}, rms = 1e-6, gamma = 30, u_th = 0.1 } },\n"
                   "  },\n"
                   "}\n",
                   ckpt_dir);
    fixture_device(&dev);
    struct sim *a = fixture_sim(&cfg, &dev), *b = fixture_sim(&cfg, &dev);
    fixture_steps(a, 12);
    char path[1024];
    fixture_restart(a, b, path, sizeof path);
    fixture_steps(a, 12);
    fixture_steps(b, 12);
    long differ = 0, counts = 0;
    for (int c = FC_EX; c <= FC_BZ; c++) {
        double *fa = fixture_field(a, (enum field_comp)c), *fb = fixture_field(b, (enum field_comp)c);
        for (long i = 0; i < 8 * 8 * 32; i++)
            differ += !(fa[i] == fb[i]);
        free(fa);
        free(fb);
    }
    for (int sp = 0; sp < 3; sp++) {
        particles_check(&a->species[sp], &a->ctx, NULL, fixture_err, sizeof fixture_err);
        particles_check(&b->species[sp], &b->ctx, NULL, fixture_err, sizeof fixture_err);
        counts += a->species[sp].np != b->species[sp].np ||
                  window_injected(&a->species[sp], &a->ctx) != window_injected(&b->species[sp], &b->ctx) ||
                  window_removed(&a->species[sp], &a->ctx) != window_removed(&b->species[sp], &b->ctx);
        for (int k = PA_X; k <= PA_ID; k++) {
            double *va = fixture_particles(a, sp, (enum particle_array)k);
            double *vb = fixture_particles(b, sp, (enum particle_array)k);
            for (long i = 0; i < a->species[sp].np && i < b->species[sp].np; i++)
                differ += !(va[i] == vb[i]);
            free(va);
            free(vb);
        }
    }
    REPORT("window at 0.7 c, checkpoint at step 12, continued to 24: %ld and %ld shifts, %ld injected electrons; %ld "
           "values differ from the run that never stopped, %ld counts",
           a->window.shifts, b->window.shifts, window_injected(&a->species[0], &a->ctx), differ, counts);
    CHECK(a->window.shifts == b->window.shifts && a->window.shifts == (long)floor(0.7 * 24 + 1e-9));
    CHECK(differ == 0);
    CHECK(counts == 0);
    remove(path);
    rmdir(ckpt_dir);
    fixture_free_sim(a);
    fixture_free_sim(b);
    device_close(&dev);
}

/* (g) PMLs across the window's axis: their memory moves with the fields. A Gaussian Ey pulse
 * (centred, 3 cells wide across x and 4 along z) spreads into 8-cell PMLs at both x faces; a run
 * with a window along z at c (CKC at c dt = dz: one shift a step) against one without, on a
 * domain twice as long: after 30 steps the window's fields, 6 cells and more from its z faces, are
 * the fixed run's at the lab-frame position, to round-off, inside the PMLs as well. (Had the
 * PMLs' auxiliary fields stayed in place, the layers would differ at the level of the fields.) */
static void test_pml_across(void)
{
    const char *input =
        FIXTURE_INPUT_IDS
        "  grid = { cells = {40, 8, %d}, lower = {0, 0, 0}, upper = {40e-6, 8e-6, %de-6}, max_box = {20, 8, 16} },\n"
        "  boundary = { field = { x = 'pml', z = 'pec' }, pml_cells = 8 },\n"
        "  solver = { name = 'ckc', cfl = 1.0 },\n"
        "  steps = 30,\n"
        "  %s\n"
        "  constants = { E0 = 1e9 },\n"
        "  fields = { Ey = 'E0*exp(-pow((x - 20e-6)/3e-6, 2) - pow((z - 24e-6)/4e-6, 2))' },\n"
        "}\n";
    struct picl_config moving, fixed;
    struct device dev;
    fixture_config(&moving, NULL, 0, input, 48, 48, "moving_window = { axis = 'z' },");
    fixture_config(&fixed, NULL, 0, input, 96, 96, "");
    fixture_device(&dev);
    struct sim *w = fixture_sim(&moving, &dev), *f = fixture_sim(&fixed, &dev);
    fixture_steps(w, 30);
    fixture_steps(f, 30);
    const long shifts = w->window.shifts;
    double worst = 0, worst_pml = 0, scale = 0, in_pml = 0;
    for (int c = FC_EX; c <= FC_BZ; c++) {
        double *fw = fixture_field(w, (enum field_comp)c), *ff = fixture_field(f, (enum field_comp)c);
        for (int k = 6; k < 36; k++)
            for (int j = 0; j < 8; j++)
                for (int i = 0; i < 40; i++) {
                    const double unit = c >= FC_BX ? PICL_C : 1, a = unit * fw[i + 40 * (j + 8 * k)];
                    const double b = unit * ff[i + 40 * (j + 8 * (k + shifts))];
                    const int pml = i < 8 || i >= 32;
                    worst = fmax(worst, fabs(a - b));
                    scale = fmax(scale, fabs(b));
                    if (pml) {
                        worst_pml = fmax(worst_pml, fabs(a - b));
                        in_pml = fmax(in_pml, fabs(b));
                    }
                }
        free(fw);
        free(fw == ff ? NULL : ff);
    }
    REPORT("PMLs at both x faces, window along z at c, %ld shifts: the window's fields vs the fixed run's at the lab "
           "position: %.1e (relative to the largest field), in the PMLs %.1e (fields there reach %.2f of it)",
           shifts, worst / scale, worst_pml / scale, in_pml / scale);
    CHECK(shifts == 30);
    CHECK(in_pml > 0.05 * scale); /* the pulse did reach the layers */
    CHECK(worst <= 1e-12 * scale);
    fixture_free_sim(w);
    fixture_free_sim(f);
    device_close(&dev);
}

int main(void)
{
    for (int axis = 0; axis < 3; axis++)
        test_pulse_stands_still(axis);
    test_speed_and_start();
    test_uniform_plasma("deterministic", "double");
    test_uniform_plasma("global_atomics", "double");
    test_uniform_plasma("deterministic", "float");
    test_lab_profile();
    test_room_error();
    test_restart();
    test_pml_across();
    return check_finish();
}
