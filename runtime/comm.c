/* comm.c: MPI set-up and the few collective decisions the runtime makes. */
#include "comm.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "mem.h"

int comm_init(struct comm *c, int *argc, char ***argv)
{
    int started = 0;
    c->owns_mpi = 0;
    MPI_Initialized(&started);
    if (!started) {
        /* Open MPI's hwloc loads its OpenCL plugin in MPI_Init, which asks every device for AMD's
         * and NVIDIA's own properties (CL_DEVICE_TOPOLOGY_AMD, CL_DEVICE_PCI_BUS_ID_NV): other
         * devices reject them (CL_INVALID_VALUE under Oclgrind's API checker), and picl picks
         * its device itself. A user's own HWLOC_COMPONENTS wins. */
        setenv("HWLOC_COMPONENTS", "-opencl", 0);
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

enum { TAG_FAILED = 7301, TAG_VERDICT = 7302 };

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void nap(void)
{
    struct timespec t = {0, 2000000}; /* 2 ms between polls */
    nanosleep(&t, NULL);
}

/* Point-to-point only, with tags of its own: a failed rank cannot know which collective the
 * others are in, so nothing here may be one. */
int comm_fail(const struct comm *c, const char *err, double wait_s)
{
    if (!c || c->size <= 1) {
        log_error("%s", err);
        return 1;
    }
    const int len = (int)strlen(err) + 1;
    const double until = seconds_now() + wait_s;
    if (c->rank == 0) {
        log_error("%s", err);
        int heard = 1;
        char *other = NULL;
        while (heard < c->size && seconds_now() < until) {
            int flag = 0, n = 0;
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, TAG_FAILED, c->world, &flag, &st);
            if (!flag) {
                nap();
                continue;
            }
            MPI_Get_count(&st, MPI_CHAR, &n);
            char *grown = mem_realloc(other, (size_t)n + 1);
            if (!grown)
                break;
            other = grown;
            MPI_Recv(other, n, MPI_CHAR, st.MPI_SOURCE, TAG_FAILED, c->world, MPI_STATUS_IGNORE);
            other[n] = '\0';
            if (strcmp(other, err))
                log_error("rank %d: %s", st.MPI_SOURCE, other);
            heard++;
        }
        mem_free(other);
        int all = heard == c->size;
        for (int r = 1; all && r < c->size; r++)
            MPI_Send(&all, 1, MPI_INT, r, TAG_VERDICT, c->world);
        return all;
    }
    MPI_Request sent, verdict;
    int all = 0, done = 0;
    MPI_Isend(err, len, MPI_CHAR, 0, TAG_FAILED, c->world, &sent);
    MPI_Irecv(&all, 1, MPI_INT, 0, TAG_VERDICT, c->world, &verdict);
    while (!done && seconds_now() < until + 1.0) { /* rank 0 answers by its own deadline */
        MPI_Test(&verdict, &done, MPI_STATUS_IGNORE);
        if (!done)
            nap();
    }
    if (done && all) {
        MPI_Wait(&sent, MPI_STATUS_IGNORE);
        return 1;
    }
    /* rank 0 is elsewhere: say it here, and the caller aborts */
    log_error("rank %d: %s", c->rank, err);
    return 0;
}
