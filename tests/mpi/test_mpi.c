/* test_mpi.c: a run over the ranks of this MPI world against the same run on one rank
 * (docs/design.md sections 4 and 6, the MPI decomposition check). Started by
 * tests/cli/test_mpi.sh with mpirun -np 1, 2 and 4. For each case, rank 0 also runs the input
 * alone (MPI_COMM_SELF); after 20 steps every field component of every cell must equal that run's
 * to 1e-10 relative (to the largest value of E and c B together, or of J; double), particle
 * counts exactly, the charge-conservation residual (over every cell, rank edges included) stay
 * below 1e-11, and each exchange between ranks cost one pack and one unpack launch on each rank. */
#include "check.h"
#include "mpi_fixture.h"

#include "checkpoint.h"
#include "exchange.h"

#define STEPS 20

static long launches(const struct timers *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->entry[i].name, name))
            return t->entry[i].launches;
    return 0;
}

/* What happens half-way through a case's run. */
enum midway { MIDWAY_NONE, MIDWAY_ROTATE, MIDWAY_BALANCE, MIDWAY_RESTART };

/* A checkpoint of the run, then a fresh run on the same ranks that continues from it (in a folder
 * rank 0 makes and removes). Returns the fresh run. */
static struct sim *restart(struct sim *s, const struct picl_config *cfg, struct device *dev, const struct comm *comm)
{
    static struct picl_config again;
    again = *cfg;
    char dir[64] = "/tmp/picl_mpi_ckpt_XXXXXX", path[CFG_PATH_LEN + 64];
    if (comm->rank == 0 && !mkdtemp(dir))
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, comm->world);
    snprintf(again.checkpoint.dir, sizeof again.checkpoint.dir, "%s", dir);
    again.checkpoint.enabled = 1;
    again.checkpoint.keep = 2;
    s->ctx.cfg = &again;
    double bytes = 0;
    if (ckpt_write(s, &bytes, path, sizeof path, fixture_err, sizeof fixture_err)) {
        printf("FAIL: ckpt_write: %s\n", fixture_err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const long step = s->step;
    fixture_free_sim(s);
    struct sim *t = mpi_fixture_sim(&again, dev, comm);
    if (ckpt_restore(t, path, fixture_err, sizeof fixture_err)) {
        printf("FAIL: ckpt_restore: %s\n", fixture_err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Barrier(comm->world);
    if (comm->rank == 0) {
        REPORT("checkpoint at step %ld on %d ranks, continued by a fresh run", step, comm->size);
        remove(path);
        rmdir(dir);
    }
    return t;
}

static struct sim *midway(struct sim *s, enum midway what, const struct picl_config *cfg, struct device *dev,
                          const struct comm *comm)
{
    if (what == MIDWAY_RESTART)
        return restart(s, cfg, dev, comm);
    if (what == MIDWAY_NONE || comm->size < 2)
        return s;
    int rc = 0;
    if (what == MIDWAY_ROTATE) { /* every box to the next rank */
        int owner[4096];
        const int nb = s->ctx.lay.n_boxes;
        for (int b = 0; b < nb && b < 4096; b++)
            owner[b] = (s->ctx.lay.owner[b] + 1) % comm->size;
        rc = sim_redistribute(s, owner, fixture_err, sizeof fixture_err);
        if (comm->rank == 0)
            REPORT("redistribution after step %ld: every box moved to the next rank, rank 0 now holds %d boxes",
                   s->step, s->ctx.lay.n_local);
    } else {
        rc = sim_balance(s, fixture_err, sizeof fixture_err);
        CHECK(s->balance_events == 1); /* round robin put the plasma on one rank: balancing must act */
        if (comm->rank == 0)
            REPORT("load balancing after step %ld: %d event(s), rank 0 now holds %d boxes", s->step,
                   s->balance_events, s->ctx.lay.n_local);
    }
    if (rc) {
        printf("FAIL: %s\n", fixture_err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return s;
}

static void run_case(const char *label, const char *input, const char *const *sets, int n_sets, struct device *dev,
                     const struct comm *comm, enum midway what)
{
    struct picl_config cfg;
    fixture_config(&cfg, sets, n_sets, "%s", input);
    struct comm self;
    comm_self(&self);
    /* the reference, on rank 0 alone */
    struct sim *ref = NULL;
    long ref_count = 0;
    double ref_residual = 0;
    if (comm->rank == 0) {
        ref = mpi_fixture_sim(&cfg, dev, &self);
        fixture_steps(ref, STEPS);
        ref_count = sim_particles(ref);
        sim_gauss(ref, 0, &ref_residual, fixture_err, sizeof fixture_err);
    }
    struct sim *s = mpi_fixture_sim(&cfg, dev, comm);
    timers_collect(&s->ctx.timers);
    timers_reset(&s->ctx.timers);
    const long before = s->fields.xc ? s->fields.xc->exchanges : 0;
    fixture_steps(s, STEPS / 2);
    s = midway(s, what, &cfg, dev, comm);
    fixture_steps(s, STEPS - STEPS / 2);
    timers_collect(&s->ctx.timers);
    /* every exchange this rank took part in: one pack launch where it sent, one unpack where it
     * received, never more */
    const long exchanges = s->fields.xc ? s->fields.xc->exchanges - before : 0;
    const long packs = launches(&s->ctx.timers, "halo_pack");
    const long unpacks = launches(&s->ctx.timers, "halo_unpack") + launches(&s->ctx.timers, "halo_unpack_add");
    if (what == MIDWAY_NONE) { /* a redistribution starts the exchange's counters afresh */
        CHECK(packs <= exchanges && unpacks <= exchanges);
        if (comm->size > 1)
            CHECK(exchanges > 0 && packs > 0 && unpacks > 0);
    }
    double residual = 1;
    if (sim_gauss(s, 0, &residual, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_gauss: %s\n", fixture_err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const long count = sim_particles(s);
    /* the difference of each component relative to the largest value of its field (E, B as c B,
     * J): a component that is zero but for round-off (B of a Langmuir wave) is not divided by
     * its own noise */
    double worst = 0, diff[FC_JZ + 1] = {0}, scale[3] = {0};
    enum field_comp worst_comp = FC_EX;
    for (int c = FC_EX; c <= FC_JZ; c++) {
        double *all = mpi_fixture_field(s, (enum field_comp)c, comm);
        if (comm->rank == 0) {
            double *want = fixture_field(ref, (enum field_comp)c);
            const int *n = s->ctx.lay.cells;
            const double unit = c >= FC_BX && c <= FC_BZ ? PICL_C : 1.0;
            for (long i = 0; i < (long)n[0] * n[1] * n[2]; i++) {
                diff[c] = fmax(diff[c], unit * fabs(all[i] - want[i]));
                scale[c / 3] = fmax(scale[c / 3], unit * fabs(want[i]));
            }
            free(want);
        }
        free(all);
    }
    const double field_scale = fmax(scale[0], scale[1]);
    for (int c = FC_EX; c <= FC_JZ; c++) {
        const double ref_scale = c < FC_JX ? field_scale : scale[2];
        const double rel = ref_scale > 0 ? diff[c] / ref_scale : diff[c];
        if (rel > worst || c == FC_EX) {
            worst = rel;
            worst_comp = (enum field_comp)c;
        }
    }
    if (comm->rank == 0) {
        REPORT("%-44s %d ranks: fields vs 1 rank %.2e (worst %s), particles %ld vs %ld, residual %.2e (1 rank %.2e), "
               "%ld exchanges, %ld pack + %ld unpack launches on rank 0",
               label, comm->size, worst, gen_comp_name(worst_comp), count, ref_count, residual, ref_residual, exchanges,
               packs, unpacks);
        CHECK(worst <= 1e-10);
        CHECK(count == ref_count);
        CHECK(residual <= 1e-11);
        fixture_free_sim(ref);
    }
    fixture_free_sim(s);
}

static const char *const uniform =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {32, 32, 32}, lower = {-10e-6, -10e-6, -10e-6}, upper = {10e-6, 10e-6, 10e-6}, max_box = 16 },\n"
    "  boundary = { field = 'periodic', particles = 'periodic' },\n"
    "  steps = 20, shape_order = 3,\n"
    "  species = { { name = 'electrons', charge = -picl.q_e, mass = picl.m_e, density = 1e25, ppc = 1, u_th = 0.05 } },\n"
    "}\n";

/* Conducting walls along x, absorbing for particles, periodic across: the PEC images and the
 * particle losses at faces that rank edges cut. */
static const char *const walls =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {32, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 8e-6, 8e-6}, max_box = {8, 8, 8} },\n"
    "  boundary = { field = { x = 'pec' }, particles = { x = 'absorbing' } },\n"
    "  steps = 20, shape_order = 2,\n"
    "  species = { { name = 'electrons', charge = -picl.q_e, mass = picl.m_e, density = 1e25, ppc = 1, u_th = 0.2 } },\n"
    "}\n";

/* A moving window along z at c (CKC at c dt = dz: a shift every step) over a warm plasma that
 * enters through a density step, frozen protons and a bunch: shifts across rank edges (fields
 * through their guards, particles through the particle exchange, frozen ones too), injection
 * on the ranks of the leading boxes. */
static const char *const window =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {16, 8, 32}, lower = {-8e-6, -4e-6, 0}, upper = {8e-6, 4e-6, 32e-6}, max_box = 8 },\n"
    "  boundary = { field = { z = 'pec' } },\n"
    "  solver = { name = 'ckc', cfl = 1.0 },\n"
    "  steps = 20, shape_order = 3, filter = { passes = 1 },\n"
    "  moving_window = { axis = 'z' },\n"
    "  species = {\n"
    "    { name = 'electrons', particle = 'electron', density = 'z > 24e-6 ? 1e25 : 0.0', ppc = 1, u_th = 0.05 },\n"
    "    { name = 'ions', particle = 'proton', density = 'z > 24e-6 ? 1e25 : 0.0', ppc = 1, frozen = true },\n"
    "    { name = 'bunch', particle = 'electron', beam = { total_charge = -1e-13, particles = 2000,\n"
    "      centroid = {0, 0, 16e-6}, rms = {2e-6, 1e-6, 2e-6}, gamma = 20, u_th = 0.1 } },\n"
    "  },\n"
    "}\n";

/* PMLs on the x faces (particles reflected at their inner edges), a plane-wave laser that
 * reaches the upper PML, and a plasma whose fields fill the PMLs: the PML's auxiliary arrays on
 * ranks that hold a part of a layer, and handed over when boxes change rank. */
static const char *const pml_laser =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {32, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 8e-6, 8e-6}, max_box = {8, 8, 8} },\n"
    "  boundary = { field = { x = 'pml' }, particles = { x = 'reflecting' }, pml_cells = 6 },\n"
    "  steps = 20, shape_order = 2,\n"
    "  species = { { name = 'electrons', charge = -picl.q_e, mass = picl.m_e, density = 1e25, ppc = 1, u_th = 0.2 } },\n"
    "  lasers = { { position = {10e-6, 4e-6, 4e-6}, direction = '+x', polarization = {0, 1, 0}, wavelength = 2e-6,\n"
    "               E0 = 1e11, waist = 1, tau = 4e-15, t_peak = 8e-15 } },\n"
    "}\n";

int main(int argc, char **argv)
{
    struct comm comm;
    struct device dev;
    mpi_fixture_start(&comm, &argc, &argv, &dev);
    const char *o1[] = {"shape_order=1", "filter.passes=1"};
    const char *knap[] = {"parallel.distribution=knapsack", "deposition_strategy=global_atomics"};
    const char *rr[] = {"parallel.distribution=round_robin", "shape_order=2"};
    const char *tiles[] = {"deposition_strategy=local_tiles", "work_group.tile=8"};
    const char *lang[] = {"grid.max_box={16,4,4}"};
    /* particles in half the domain only (slow, so that few reach the empty boxes' room), all of
     * them on half the ranks by round robin: the measured imbalance is far above the threshold
     * whatever the timing noise of a busy machine */
    const char *half[] = {"parallel.distribution=round_robin", "parallel.balance_threshold=0.05",
                          "species.electrons.ppc=2", "species.electrons.u_th=0.002",
                          "species.electrons.region={lower={-10e-6,-10e-6,-10e-6},upper={0,10e-6,10e-6}}"};
    run_case("uniform plasma, order 3, sfc", uniform, NULL, 0, &dev, &comm, MIDWAY_NONE);
    run_case("uniform plasma, order 1, filtered J", uniform, o1, 2, &dev, &comm, MIDWAY_NONE);
    run_case("uniform plasma, knapsack, global_atomics", uniform, knap, 2, &dev, &comm, MIDWAY_NONE);
    run_case("uniform plasma, round robin, order 2", uniform, rr, 2, &dev, &comm, MIDWAY_NONE);
    run_case("uniform plasma, local_tiles, 8 tiles per box", uniform, tiles, 2, &dev, &comm, MIDWAY_NONE);
    run_case("PEC walls, absorbed particles", walls, NULL, 0, &dev, &comm, MIDWAY_NONE);
    run_case("uniform plasma, boxes moved mid-run", uniform, NULL, 0, &dev, &comm, MIDWAY_ROTATE);
    run_case("plasma in half the domain, load balanced", uniform, half, 5, &dev, &comm, MIDWAY_BALANCE);
    run_case("moving window, plasma and bunch", window, NULL, 0, &dev, &comm, MIDWAY_NONE);
    run_case("moving window, boxes moved mid-run", window, NULL, 0, &dev, &comm, MIDWAY_ROTATE);
    run_case("PMLs and a laser, boxes moved mid-run", pml_laser, NULL, 0, &dev, &comm, MIDWAY_ROTATE);
    run_case("PMLs and a laser, restarted mid-run", pml_laser, NULL, 0, &dev, &comm, MIDWAY_RESTART);
    /* the Langmuir input, cut into 4 boxes along the wave */
    FILE *f = fopen("inputs/langmuir.lua", "r");
    if (f) {
        static char text[65536];
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = '\0';
        fclose(f);
        run_case("Langmuir wave (inputs/langmuir.lua)", text, lang, 1, &dev, &comm, MIDWAY_NONE);
    } else {
        CHECK(!"inputs/langmuir.lua is readable (run from the repository root)");
    }
    return mpi_fixture_finish(&comm, &dev);
}
