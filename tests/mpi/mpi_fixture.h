/* mpi_fixture.h: what the MPI tests (tests/mpi/, started by tests/cli/test_mpi*.sh) share on top
 * of fixture.h: MPI and the device up, a run on a communicator, a field on rank 0, the verdict. */
#ifndef PICL_MPI_FIXTURE_H
#define PICL_MPI_FIXTURE_H

#include "fixture.h"

#include "comm.h"
#include "log.h"

/* MPI, the log (rank 0's only) and the device, or the test stops. */
static inline void mpi_fixture_start(struct comm *comm, int *argc, char ***argv, struct device *dev)
{
    if (comm_init(comm, argc, argv)) {
        printf("FAIL: MPI_Init\n");
        exit(1);
    }
    if (comm->rank != 0)
        log_set_level(LOG_ERROR);
    fixture_device(dev);
}

/* A run of cfg on the ranks of comm (comm_self: this rank alone), or every rank stops. */
static inline struct sim *mpi_fixture_sim(const struct picl_config *cfg, struct device *dev, const struct comm *comm)
{
    struct sim *s = calloc(1, sizeof *s);
    if (!s || sim_create_ranked(s, cfg, dev, comm, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_create: %s\n", fixture_err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return s;
}

/* Component c of every cell, on rank 0 (NULL elsewhere): each rank reads its own boxes' cells (0
 * elsewhere) and the sum over the ranks assembles the domain (every cell has one owner: x + 0 = x). */
static inline double *mpi_fixture_field(struct sim *s, enum field_comp c, const struct comm *comm)
{
    const int *n = s->ctx.lay.cells;
    const size_t cells = (size_t)n[0] * n[1] * n[2];
    double *mine = calloc(cells, sizeof(double)), *all = comm->rank == 0 ? calloc(cells, sizeof(double)) : NULL;
    if (!mine || fields_read(&s->fields, &s->ctx, c, mine, fixture_err, sizeof fixture_err)) {
        printf("FAIL: fields_read: %s\n", fixture_err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Reduce(mine, all, (int)cells, MPI_DOUBLE, MPI_SUM, 0, comm->world);
    free(mine);
    return all;
}

/* The device closed, the tally on rank 0, MPI ended: main's exit status, a failure if any rank's
 * check failed. */
static inline int mpi_fixture_finish(struct comm *comm, struct device *dev)
{
    device_close(dev);
    int failed = check_failed;
    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, comm->world);
    if (comm->rank == 0)
        check_finish();
    comm_finalize(comm);
    return failed ? 1 : 0;
}

#endif
