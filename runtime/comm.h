/* comm.h: the MPI world as picl sees it. A run without mpirun is a world of one rank;
 * nothing else in picl calls MPI_Init or MPI_Finalize. */
#ifndef PICL_COMM_H
#define PICL_COMM_H

#include <mpi.h>

struct comm {
    MPI_Comm world;
    int rank, size;
    int local_rank, local_size; /* among the ranks of this node: picks a GPU, sizes a CPU pool */
    int owns_mpi; /* we called MPI_Init, so we call MPI_Finalize */
};

int comm_init(struct comm *c, int *argc, char ***argv);
void comm_finalize(struct comm *c);
/* Every rank learns whether any rank failed: the run stops everywhere together, not in a hang. */
int comm_any(const struct comm *c, int failed);

/* A rank that failed reports `err` once for the whole run: rank 0 prints its own message and
 * those of other ranks that differ ("rank N: ..."); a rank whose message rank 0 cannot hear
 * (rank 0 did not fail and is busy in a collective) prints it itself after `wait_s` seconds.
 * Returns 1 when every rank failed, heard within wait_s (they can all finalize normally),
 * 0 when some rank did not (the caller must MPI_Abort: that rank may wait in a collective). */
int comm_fail(const struct comm *c, const char *err, double wait_s);

/* In-place reductions over all ranks; c NULL or a world of one: nothing to do. */
void comm_sum_doubles(const struct comm *c, double *v, int n);
void comm_max_doubles(const struct comm *c, double *v, int n);
void comm_sum_longs(const struct comm *c, long *v, int n);
/* A world of one rank (MPI_COMM_SELF), for a reference run inside an MPI program. */
void comm_self(struct comm *c);

#endif
