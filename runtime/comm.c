/* comm.c: MPI set-up and the few collective decisions the runtime makes. */
#include "comm.h"

int comm_init(struct comm *c, int *argc, char ***argv)
{
    int started = 0;
    c->owns_mpi = 0;
    MPI_Initialized(&started);
    if (!started) {
        if (MPI_Init(argc, argv) != MPI_SUCCESS)
            return -1;
        c->owns_mpi = 1;
    }
    c->world = MPI_COMM_WORLD;
    MPI_Comm_rank(c->world, &c->rank);
    MPI_Comm_size(c->world, &c->size);
    MPI_Comm node;
    MPI_Comm_split_type(c->world, MPI_COMM_TYPE_SHARED, c->rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &c->local_rank);
    MPI_Comm_size(node, &c->local_size);
    MPI_Comm_free(&node);
    return 0;
}

void comm_finalize(struct comm *c)
{
    if (c->owns_mpi)
        MPI_Finalize();
    c->owns_mpi = 0;
}

int comm_any(const struct comm *c, int failed)
{
    int any = failed;
    MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_LOR, c->world);
    return any;
}

void comm_sum_doubles(const struct comm *c, double *v, int n)
{
    if (c && c->size > 1)
        MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, c->world);
}

void comm_max_doubles(const struct comm *c, double *v, int n)
{
    if (c && c->size > 1)
        MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_MAX, c->world);
}

void comm_sum_longs(const struct comm *c, long *v, int n)
{
    if (c && c->size > 1)
        MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_LONG, MPI_SUM, c->world);
}

void comm_self(struct comm *c)
{
    c->world = MPI_COMM_SELF;
    c->rank = c->local_rank = 0;
    c->size = c->local_size = 1;
    c->owns_mpi = 0;
}
