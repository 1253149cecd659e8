/* test_mpi_collide.c: binary collisions give the same momenta, bit for bit, on any number of ranks
 * (docs/collisions.md, "Random numbers and reproducibility"). Started by tests/cli/test_mpi_collide.sh
 * with mpirun -np 2. Rank 0 runs the input alone (MPI_COMM_SELF), then every rank runs it together,
 * by space-filling curve and by round robin; after STEPS steps every momentum, by particle id, must
 * equal the 1-rank run's. The particles stream through the boxes (the field stays zero: the test
 * switch debug.drop_term = 'ampere_J', no charge ever reaches Ampere's law, so the push leaves u
 * alone and only the collisions change it), so the order in which they reach a box's cells differs
 * between decompositions: the pairing must follow the ids, not the slots. */
#include "check.h"
#include "mpi_fixture.h"

#define STEPS 24
#define PPC 4
#define CELLS 512 /* 8^3 */

static const char *const input =
    "local picl = require('picl')\n"
    "return picl.simulation {\n"
    "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {4e-8, 4e-8, 4e-8}, max_box = 4 },\n"
    "  steps = 24, debug = { drop_term = 'ampere_J' },\n"
    "  species = {\n"
    "    { name = 'electrons', particle = 'electron', density = 1e28, ppc = 4, u_th = 0.1 },\n"
    "    { name = 'ions', charge = picl.q_e, mass = 10 * picl.m_e, density = 1e28, ppc = 4, u_th = 0.05 } },\n"
    "  collisions = { { species = {'electrons', 'ions'}, coulomb_log = 100 },\n"
    "                 { species = {'electrons'} },\n"
    "                 { species = {'ions'}, coulomb_log = 100, interval = 2 } },\n"
    "}\n";

/* Momentum component a of species sp by id on rank 0: each rank puts its own particles' values at
 * their ids, zero elsewhere, and the sum over ranks assembles them (each id on one rank: x + 0 is
 * x exactly). With count, held[id] (rank 0's) counts the particles of that id over the ranks. */
static double *gather_by_id(struct sim *s, int sp, enum particle_array a, const struct comm *comm, int count_ids,
                            double *held)
{
    const long n_ids = (long)CELLS * PPC;
    double *id = fixture_particles(s, sp, PA_ID), *v = fixture_particles(s, sp, a);
    double *mine = calloc((size_t)n_ids, sizeof(double)), *count = calloc((size_t)n_ids, sizeof(double));
    double *all = comm->rank == 0 ? calloc((size_t)n_ids, sizeof(double)) : NULL;
    if (!mine || !count || (comm->rank == 0 && !all)) {
        printf("FAIL: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (long i = 0; i < s->species[sp].np; i++)
        if (id[i] >= 0 && id[i] < (double)n_ids) {
            mine[(long)id[i]] = v[i];
            count[(long)id[i]] += 1;
        }
    MPI_Reduce(mine, all, (int)n_ids, MPI_DOUBLE, MPI_SUM, 0, comm->world);
    if (count_ids) /* on every rank: a collective */
        MPI_Reduce(count, held, (int)n_ids, MPI_DOUBLE, MPI_SUM, 0, comm->world);
    free(id);
    free(v);
    free(mine);
    free(count);
    return all;
}

int main(int argc, char **argv)
{
    struct comm comm;
    struct device dev;
    mpi_fixture_start(&comm, &argc, &argv, &dev);
    const long n_ids = (long)CELLS * PPC;
    struct comm self;
    comm_self(&self);
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0, "%s", input);
    /* the reference on rank 0 alone, and the initial momenta (to see that the collisions acted) */
    double *ref[2][3] = {{NULL}}, *start[2][3] = {{NULL}};
    if (comm.rank == 0) {
        struct sim *r = mpi_fixture_sim(&cfg, &dev, &self);
        for (int sp = 0; sp < 2; sp++)
            for (int a = 0; a < 3; a++)
                start[sp][a] = gather_by_id(r, sp, (enum particle_array)(PA_UX + a), &self, 0, NULL);
        fixture_steps(r, STEPS);
        for (int sp = 0; sp < 2; sp++)
            for (int a = 0; a < 3; a++)
                ref[sp][a] = gather_by_id(r, sp, (enum particle_array)(PA_UX + a), &self, 0, NULL);
        fixture_free_sim(r);
    }
    const char *const variants[][1] = {{"parallel.distribution=sfc"}, {"parallel.distribution=round_robin"}};
    for (int v = 0; v < 2; v++) {
        struct picl_config vc;
        fixture_config(&vc, variants[v], 1, "%s", input);
        struct sim *s = mpi_fixture_sim(&vc, &dev, &comm);
        fixture_steps(s, STEPS);
        long differ = 0, missing = 0, changed = 0, total = 0;
        double rel = 0;
        for (int sp = 0; sp < 2; sp++) {
            double *held = comm.rank == 0 ? calloc((size_t)n_ids, sizeof(double)) : NULL;
            double *u[3];
            for (int a = 0; a < 3; a++)
                u[a] = gather_by_id(s, sp, (enum particle_array)(PA_UX + a), &comm, a == 0, held);
            if (comm.rank == 0) {
                for (long i = 0; i < n_ids; i++) {
                    if (held[i] != 1) {
                        missing++;
                        continue;
                    }
                    total++;
                    double du2 = 0, u2 = 0;
                    for (int a = 0; a < 3; a++) {
                        differ += memcmp(&u[a][i], &ref[sp][a][i], sizeof(double)) != 0;
                        du2 += (ref[sp][a][i] - start[sp][a][i]) * (ref[sp][a][i] - start[sp][a][i]);
                        u2 += start[sp][a][i] * start[sp][a][i];
                    }
                    changed += du2 > 0;
                    rel += sqrt(du2 / u2);
                }
            }
            for (int a = 0; a < 3; a++)
                free(u[a]);
            free(held);
        }
        if (comm.rank == 0) {
            REPORT("collisions on %d ranks (%s), %d steps: %ld of %ld momenta differ from the 1-rank run's (by id), "
                   "%ld ids not held once; the collisions changed %ld of %ld particles' momenta (mean |du| / |u| "
                   "%.3f)",
                   comm.size, variants[v][0], STEPS, differ, 3 * total, missing, changed, total,
                   rel / (double)(total ? total : 1));
            CHECK(missing == 0 && differ == 0);
            CHECK(changed == total);
        }
        fixture_free_sim(s);
    }
    if (comm.rank == 0)
        for (int sp = 0; sp < 2; sp++)
            for (int a = 0; a < 3; a++) {
                free(ref[sp][a]);
                free(start[sp][a]);
            }
    return mpi_fixture_finish(&comm, &dev);
}
