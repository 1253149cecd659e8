/* test_mpi_psatd.c: PSATD over MPI ranks (runtime/psatd_solver.c, docs/psatd.md "Several boxes
 * and ranks"): every rank packs its boxes into the domain's arrays, the arrays are summed over
 * the ranks, every rank does the whole FFT and unpacks its own boxes. Started by
 * tests/cli/test_mpi_psatd.sh with mpirun -np 2. Rank 0 also runs each input alone
 * (MPI_COMM_SELF); after the steps E and B of every cell must equal that run's to TOL relative. */
#include "check.h"
#include "mpi_fixture.h"
#include "psatd_inputs.h"

/* The k-space arithmetic is the same on any number of ranks (x + 0 = x in the sum); what differs is
 * the order of the sums in the deposition and the guard exchanges: a few ulps a step. */
#define TOL 1e-12

/* fmt: one of psatd_inputs.h's, in boxes of 16 cells, with the deposition dep where it takes one. */
static void run_case(const char *label, const char *fmt, const char *dep, int steps, struct device *dev,
                     const struct comm *comm)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, fmt, "16", dep);
    struct comm self;
    comm_self(&self);
    struct sim *ref = NULL;
    if (comm->rank == 0) {
        ref = mpi_fixture_sim(&cfg, dev, &self);
        fixture_steps(ref, steps);
    }
    struct sim *s = mpi_fixture_sim(&cfg, dev, comm);
    fixture_steps(s, steps);
    /* the charge_residual (PSATD's spectral divergence, each rank's boxes in the gathered FFT):
     * with current correction at round-off on any number of ranks */
    double res = 0, res_ref = 0;
    if (cfg.n_species > 0 && ((ref && sim_gauss(ref, 0, &res_ref, fixture_err, sizeof fixture_err)) ||
                              sim_gauss(s, 0, &res, fixture_err, sizeof fixture_err))) {
        printf("FAIL: sim_gauss: %s\n", fixture_err);
        exit(1);
    }
    double diff = 0, scale = 0;
    for (int c = FC_EX; c <= FC_BZ; c++) {
        double *all = mpi_fixture_field(s, (enum field_comp)c, comm);
        if (comm->rank == 0) {
            double *want = fixture_field(ref, (enum field_comp)c);
            const int *n = s->ctx.lay.cells;
            const double unit = c >= FC_BX ? PICL_C : 1.0; /* E and c B together */
            for (long i = 0; i < (long)n[0] * n[1] * n[2]; i++) {
                diff = fmax(diff, unit * fabs(all[i] - want[i]));
                scale = fmax(scale, unit * fabs(want[i]));
            }
            free(want);
        }
        free(all);
    }
    if (comm->rank == 0) {
        REPORT("%s: %d ranks (%d boxes, %d on rank 0) vs 1 rank after %d steps: max abs difference of E, c B over "
               "max abs = %.3e (tolerance %.0e)",
               label, comm->size, s->ctx.lay.n_boxes, s->ctx.lay.n_local, steps, diff / scale, TOL);
        CHECK(scale > 0);
        CHECK(diff <= TOL * scale);
        CHECK(s->ctx.lay.n_local < s->ctx.lay.n_boxes || comm->size == 1);
        if (cfg.n_species > 0) {
            REPORT("%s: charge_residual %.2e on %d ranks, %.2e on 1 (tolerance %.0e)", label, res, comm->size, res_ref,
                   TOL);
            CHECK(res < TOL && res_ref < TOL);
        }
        fixture_free_sim(ref);
    }
    fixture_free_sim(s);
}

int main(int argc, char **argv)
{
    struct comm comm;
    struct device dev;
    mpi_fixture_start(&comm, &argc, &argv, &dev);
    /* the inputs of test_psatd_boxes, in 4 boxes over the ranks */
    run_case("2D vacuum", PSATD_INPUT_VACUUM_2D, "", 30, &dev, &comm);
    /* direct deposition: the current correction is on by default, so rho^n and rho^{n+1} are gathered too */
    run_case("2D Langmuir, direct deposition, current correction", PSATD_INPUT_LANGMUIR_2D, "direct", 40, &dev, &comm);
    return mpi_fixture_finish(&comm, &dev);
}
