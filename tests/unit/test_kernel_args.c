/* test_kernel_args.c: host and kernels agree on every kernel's parameters. For runs with and
 * without weights and ids, under each deposition strategy, with a moving window, PMLs, a laser
 * and a beam: every kernel of the generated program has as many parameters as the host's list
 * (runtime/kargs.c, the table the runtime sets arguments by) and, where the driver names them,
 * the same names in the same order; and two steps run, so every argument the runtime needs is set
 * (with the reduced diagnostics of io/diags.h: one write of each). */
#include "check.h"
#include "fixture.h"

#include "exprs_device.h"
#include "gen.h"
#include "kargs.h"
#include "scratch.h"
#include "strbuf.h"

#define MAX_ARGS 32

/* Plasma (weights only where the density is an expression), a beam, PMLs across x, a laser and a
 * moving window along z, two boxes along each axis. */
static const char *const input =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {16, 16, 32}, lower = {-8e-6, -8e-6, 0}, upper = {8e-6, 8e-6, 32e-6}, max_box = {8, 8, 16} },\n"
    "  boundary = { field = { x = 'pml', y = 'pec', z = 'pec' }, pml_cells = 4 },\n"
    "  steps = 2, shape_order = %d, deposition_strategy = '%s', work_group = %s, particle_ids = %s,\n"
    "  moving_window = { axis = 'z', speed = 1.0, start = 2e-15 },\n"
    "  lasers = { { name = 'pulse', position = {0, 0, 4e-6}, direction = '+z', polarization = {1, 0, 0},\n"
    "               wavelength = 0.8e-6, a0 = 0.1, waist = 4e-6, fwhm = 0.2e-15, t_peak = 0.5e-15 } },\n"
    "  species = { { name = 'electrons', particle = 'electron', ppc = 1, u_th = 0.01, density = %s },\n"
    "              { name = 'ions', particle = 'proton', ppc = 1, frozen = true, density = 1e24 },\n"
    "              { name = 'bunch', particle = 'electron', beam = { total_charge = -1e-15, particles = 500,\n"
    "                centroid = {0, 0, 16e-6}, rms = {1e-6, 1e-6, 2e-6}, gamma = 10 } } },\n"
    "%s}\n";

/* The physicist's reduced diagnostics (their kernels are in a program only when asked for), into
 * the folder %s; and binary collisions (their kernels too), between species and within one. */
static const char *const diagnostics =
    "  diagnostics = { output_dir = '%s', moments = { name = 'm', interval = 1, species = 'bunch' },\n"
    "    histograms = { name = 'h', interval = 1, species = 'electrons',\n"
    "      axes = { { quantity = 'x', bins = 4, min = -8e-6, max = 8e-6 }, { quantity = 'gamma', bins = 4, min = 1, max = 2 } } },\n"
    "    probes = { name = 'p', interval = 1, points = { {0, 0, 8e-6} } },\n"
    "    field_maxima = { name = 'f', interval = 1 } },\n"
    "  collisions = { { species = {'electrons', 'ions'} }, { species = {'electrons'}, coulomb_log = 10 } },\n";

/* The variant the runtime gave kernel `name` (a species' kernels that gather: the applied fields). */
static unsigned runtime_variant(const struct sim *s, const char *name)
{
    int sp;
    if (sscanf(name, "push_deposit_%d", &sp) == 1 && sp >= 0 && sp < s->n_species)
        return s->species[sp].push.variant;
    if (sscanf(name, "push_back_%d", &sp) == 1 && sp >= 0 && sp < s->n_species)
        return s->species[sp].push_back.variant;
    if (sscanf(name, "ionize_%d", &sp) == 1 && sp >= 0 && sp < s->n_species)
        return s->species[sp].ionize.variant;
    if (sscanf(name, "kinetic_centred_%d", &sp) == 1 && sp >= 0 && sp < s->n_species)
        return s->species[sp].kinetic.variant;
    return 0;
}

/* `text` built with the argument names kept (-cl-kernel-arg-info: only here, so the runtime's
 * build stays as it is), or NULL. */
static cl_program build_named(const struct device *dev, const char *text)
{
    cl_int rc;
    cl_program prog = clCreateProgramWithSource(dev->context, 1, &text, NULL, &rc);
    if (prog && clBuildProgram(prog, 1, &dev->id, "-cl-std=CL1.2 -cl-kernel-arg-info", NULL, NULL) != CL_SUCCESS) {
        clReleaseProgram(prog);
        prog = NULL;
    }
    return prog;
}

/* The run's program again, built with the argument names kept. */
static cl_program named_program(const struct sim *s, const struct picl_config *cfg, const struct device *dev)
{
    struct strbuf src;
    sb_init(&src);
    cl_program prog = NULL;
    if (gen_program_for(cfg, &dev->facts, &s->ctx.lay, &s->ctx.plan, &src, fixture_err, sizeof fixture_err) == 0)
        prog = build_named(dev, src.data);
    sb_free(&src);
    return prog;
}

/* The expression-check program of runtime/exprs_verify.c, built with the argument names kept. */
static cl_program checks_program(const struct picl_config *cfg, struct device *dev)
{
    struct gen_expr_check *checks = calloc(GEN_EXPR_CHECKS_MAX, sizeof *checks);
    const int n = checks ? gen_expr_checks(cfg, checks) : 0;
    struct strbuf src;
    sb_init(&src);
    cl_program prog = NULL;
    if (n > 0 && gen_expr_checks_source(&src, cfg, &dev->facts, checks, n, fixture_err, sizeof fixture_err) == 0)
        prog = build_named(dev, src.data);
    sb_free(&src);
    free(checks);
    return prog;
}

/* Every kernel of the program against the host's list; returns how many kernels it compared. */
static int compare_kernels(const struct sim *s, cl_program prog, const char *what)
{
    cl_uint n = 0;
    if (clCreateKernelsInProgram(prog, 0, NULL, &n) != CL_SUCCESS || n == 0)
        return 0;
    cl_kernel *k = calloc(n, sizeof *k);
    if (!k || clCreateKernelsInProgram(prog, n, k, NULL) != CL_SUCCESS) {
        free(k);
        return 0;
    }
    int named = 0;
    for (cl_uint i = 0; i < n; i++) {
        char name[128] = "", arg[128];
        cl_uint nargs = 0;
        clGetKernelInfo(k[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
        clGetKernelInfo(k[i], CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
        const struct kargs_row *row = kargs_find(name);
        if (!row) {
            printf("FAIL %s: kernel %s is not in the host's table (runtime/kargs.c)\n", what, name);
            check_failed++;
            continue;
        }
        const char *want[MAX_ARGS];
        const int m = kargs_names(row, runtime_variant(s, name), want, MAX_ARGS);
        if ((int)nargs != m) {
            printf("FAIL %s: kernel %s takes %u arguments, the host's list has %d\n", what, name, nargs, m);
            check_failed++;
            continue;
        }
        int same = 1;
        for (cl_uint a = 0; a < nargs; a++)
            if (clGetKernelArgInfo(k[i], a, CL_KERNEL_ARG_NAME, sizeof arg, arg, NULL) == CL_SUCCESS) {
                named++;
                if (strcmp(arg, want[a])) {
                    printf("FAIL %s: kernel %s argument %u is %s, the host's list says %s\n", what, name, a, arg,
                           want[a]);
                    same = 0;
                }
            }
        CHECK(same);
    }
    for (cl_uint i = 0; i < n; i++)
        clReleaseKernel(k[i]);
    free(k);
    REPORT("%s: %u kernels, %d argument names compared", what, n, named);
    return (int)n;
}

static void run(struct device *dev, int order, const char *strategy, const char *wg, const char *ids,
                const char *density, const char *extra)
{
    char what[256];
    snprintf(what, sizeof what, "%s, order %d, work_group %s, ids %s, density %s%s", strategy, order, wg, ids, density,
             !extra[0] ? "" : strstr(extra, "godfrey") ? ", the Godfrey filter" : ", diagnostics");
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, input, order, strategy, wg, ids, density, extra);
    REPORT("%s: the run stores %s and %s", what, gen_stores_weights(&cfg) ? "weights" : "no weights",
           gen_stores_ids(&cfg) ? "ids" : "no ids");
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, 2); /* a launch with an argument left unset fails */
    if (strstr(extra, "diagnostics =")) { /* the diagnostics' kernels run in sim_run's writes: once here */
        const struct io_state io = sim_io_state(s);
        struct diags d;
        CHECK(diags_open(&d, &io, -1, fixture_err, sizeof fixture_err) == 0 &&
              diags_write(&d, &io, fixture_err, sizeof fixture_err) == 0);
        CHECK(diags_close(&d, &s->ctx, 0, fixture_err, sizeof fixture_err) == 0);
    }
    cl_program prog = named_program(s, &cfg, dev);
    CHECK(prog != NULL);
    if (prog) {
        CHECK(compare_kernels(s, prog, what) > 0);
        clReleaseProgram(prog);
    }
    if (density[0] == '\'') { /* an expression: the program that checks it on the device */
        char checked[300];
        snprintf(checked, sizeof checked, "%s, expression checks", what);
        prog = checks_program(&cfg, dev);
        CHECK(prog != NULL);
        if (prog) {
            CHECK(compare_kernels(s, prog, checked) > 0);
            clReleaseProgram(prog);
        }
    }
    fixture_free_sim(s);
}

/* Field ionization: an ion species (charge states, ids and weights stored; its ionize_ kernel
 * takes the product's arrays too), with and without applied fields, on two boxes per axis. */
static const char *const ionization_input =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-7, 8e-7, 8e-7}, max_box = 4 },\n"
    "  steps = 2, shape_order = 1, deposition_strategy = '%s',\n"
    "  fields = { Ez = 5e11 },%s\n"
    "  species = { { name = 'e', particle = 'electron', density = 0, ppc = 1 },\n"
    "              { name = 'N', ionization = { element = 'N', initial_level = 1, product = 'e' },\n"
    "                density = 1e20, ppc = 1 } },\n"
    "}\n";

static void run_ionization(struct device *dev, const char *strategy, int applied)
{
    char what[256];
    snprintf(what, sizeof what, "ionization, %s%s", strategy, applied ? ", applied_fields" : "");
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, ionization_input, strategy, applied ? " applied_fields = { E = { 0, 0, 5e11 } }," : "");
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, 2);
    particles_check(&s->species[0], &s->ctx, NULL, fixture_err, sizeof fixture_err);
    REPORT("%s: %ld electrons after 2 steps", what, s->species[0].np_all);
    CHECK(s->species[0].np_all > 0);
    cl_program prog = named_program(s, &cfg, dev);
    CHECK(prog != NULL);
    if (prog) {
        CHECK(compare_kernels(s, prog, what) > 0);
        clReleaseProgram(prog);
    }
    fixture_free_sim(s);
}

/* The electrostatic solver's kernels (templates/poisson.cl; docs/electrostatic.md): Dirichlet x
 * faces, two boxes per axis, a species whose charge it solves for. */
static void run_electrostatic(struct device *dev)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   "local picl = require('picl')\n"
                   "return picl.simulation {\n"
                   "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {8e-7, 8e-7, 8e-7}, max_box = 4 },\n"
                   "  boundary = { field = { x = 'pec', y = 'periodic', z = 'periodic' },\n"
                   "               particles = { x = 'absorbing', y = 'periodic', z = 'periodic' } },\n"
                   "  solver = { name = 'electrostatic', dt = 1e-16, potential_x_hi = '1e-3*t/1e-16' },\n"
                   "  steps = 2, shape_order = 2,\n"
                   "  species = { { name = 'e', particle = 'electron', density = '1e20*(1 + x/8e-7)', ppc = 1 } },\n"
                   "}\n");
    struct sim *s = fixture_sim(&cfg, dev);
    fixture_steps(s, 2);
    cl_program prog = named_program(s, &cfg, dev);
    CHECK(prog != NULL);
    if (prog) {
        CHECK(compare_kernels(s, prog, "the electrostatic solver") > 0);
        clReleaseProgram(prog);
    }
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    /* a density expression gives every particle its weight; a number leaves weights out */
    run(&dev, 1, "deterministic", "{}", "false", "1e24", "");
    run(&dev, 3, "global_atomics", "{}", "true", "'1e24 * (1 + 0.1 * z / 32e-6)'", "");
    run(&dev, 1, "local_tiles", "{particles = 1}", "false", "'1e24 * (1 + 0.1 * z / 32e-6)'", "");
    run(&dev, 2, "local_tiles", "{tile = 4, particles = 4}", "true", "1e24", "");
    run(&dev, 3, "simd_cells", "{}", "true", "1e24", "");
    char dir[64], extra[1024];
    scratch_dir(dir, sizeof dir, "kargs");
    snprintf(extra, sizeof extra, diagnostics, dir);
    /* collisions keep ids (their cells pair by id): particle_ids = false would be refused */
    run(&dev, 1, "deterministic", "{}", "true", "'1e24 * (1 + 0.1 * z / 32e-6)'", extra);
    scratch_remove(dir);
    /* the Godfrey filter's kernel (CKC and the energy-conserving gather: docs/filters.md) */
    run(&dev, 3, "simd_cells", "{}", "true", "1e24", "  solver = 'ckc', filter = { godfrey = true, passes = 1 },\n");
    run(&dev, 3, "global_atomics", "{}", "false", "1e24", "  solver = 'ckc', filter = { godfrey = true },\n");
    run_electrostatic(&dev);
    run_ionization(&dev, "deterministic", 0);
    run_ionization(&dev, "global_atomics", 1);
    run_ionization(&dev, "local_tiles", 0);
    run_ionization(&dev, "simd_cells", 1);
    return check_finish();
}
