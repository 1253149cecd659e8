/* migrate.c: particle redistribution between ranks. The kernels are in templates/
 * particles_deliver.cl (particles_count_remote, particles_pack_remote, particles_unpack_remote). A
 * record is record_words() 64-bit words (the kernels' MIGRATE_WORDS); the order of arrival (by
 * rank, then by box, then by outbox slot) is fixed, so a run repeats itself exactly. */
#include "migrate.h"

#include <string.h>
#include <time.h>

#include "gen.h"
#include "mem.h"
#include "species.h"

/* x, y, z, ux, uy, uz, the weight and the id where the run keeps them, the destination box */
static int record_words(const struct ctx *c)
{
    return 7 + gen_stores_weights(c->cfg) + gen_stores_ids(c->cfg) + gen_ionizes(c->cfg); /* the charge state */
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cl_ok(cl_int rc, const struct species *sp, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "species %s: particle exchange: %s failed: %s", sp->cfg->name, what, device_error_name(rc));
    return -1;
}

int migrate_create(struct migrate *m, struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    memset(m, 0, sizeof *m);
    const int nb = c->lay.n_local, nr = c->lay.n_ranks;
    /* a rank sends at most what its outboxes hold; it is given the same room to receive */
    for (int b = 0; b < nb; b++)
        m->capacity += sp->boxes_host[b * BT_STRIDE + BT_OUT_CAP];
    m->counts_host = mem_calloc((size_t)nb * (size_t)nr, sizeof(int));
    m->offsets_host = mem_calloc((size_t)nb * (size_t)nr, sizeof(long));
    m->send_at = mem_calloc((size_t)nr + 1, sizeof(long));
    m->recv_at = mem_calloc((size_t)nr + 1, sizeof(long));
    m->send_n = mem_calloc((size_t)nr, sizeof(int));
    m->recv_n = mem_calloc((size_t)nr, sizeof(int));
    if (!m->counts_host || !m->offsets_host || !m->send_at || !m->recv_at || !m->send_n || !m->recv_n) {
        snprintf(err, err_len, "out of host memory for the particle exchange");
        return -1;
    }
    const size_t rec = (size_t)record_words(c) * sizeof(cl_ulong), bytes = (size_t)m->capacity * rec;
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    if (arena_alloc(&c->arena, (size_t)nb * nr * sizeof(int), "particle exchange counts", &m->counts, err, err_len) ||
        arena_alloc(&c->arena, (size_t)nb * nr * sizeof(long), "particle exchange offsets", &m->offsets, err,
                    err_len) ||
        arena_alloc(&c->arena, bytes, "particle exchange send buffer", &m->send, err, err_len) ||
        arena_alloc(&c->arena, bytes, "particle exchange receive buffer", &m->recv, err, err_len) ||
        arena_alloc(&c->pinned, bytes, "particle exchange send staging", &m->send_host, err, err_len) ||
        arena_alloc(&c->pinned, bytes, "particle exchange receive staging", &m->recv_host, err, err_len) ||
        kernel_create(&m->count, c->prog, "particles_count_remote", &c->timers, err, err_len) ||
        kernel_create(&m->pack, c->prog, "particles_pack_remote", &c->timers, err, err_len) ||
        kernel_create(&m->unpack, c->prog, "particles_unpack_remote", &c->timers, err, err_len))
        return -1;
    struct kernel *k[3] = {&m->count, &m->pack, &m->unpack};
    for (int i = 0; i < 3; i++)
        if (kernel_particles(k[i], a, err, err_len) || kernel_mem(k[i], "boxes", sp->boxes.mem, err, err_len))
            return -1;
    return kernel_mem(&m->count, "count", m->counts.mem, err, err_len) ||
                   kernel_mem(&m->pack, "offset", m->offsets.mem, err, err_len) ||
                   kernel_mem(&m->pack, "send", m->send.mem, err, err_len) ||
                   kernel_mem(&m->unpack, "recv", m->recv.mem, err, err_len)
               ? -1
               : 0;
}

void migrate_destroy(struct migrate *m, struct ctx *c)
{
    kernel_release(&m->count);
    kernel_release(&m->pack);
    kernel_release(&m->unpack);
    struct arena_buf *dev[] = {&m->counts, &m->offsets, &m->send, &m->recv};
    for (size_t i = 0; i < sizeof dev / sizeof *dev; i++)
        arena_free(&c->arena, dev[i]);
    arena_free(&c->pinned, &m->send_host);
    arena_free(&c->pinned, &m->recv_host);
    mem_free(m->counts_host);
    mem_free(m->offsets_host);
    mem_free(m->send_at);
    mem_free(m->recv_at);
    mem_free(m->send_n);
    mem_free(m->recv_n);
    memset(m, 0, sizeof *m);
}

static int launch_boxes(struct kernel *k, struct ctx *c, char *err, size_t err_len)
{
    size_t g = (size_t)c->lay.n_local, l = 1;
    return kernel_launch(k, c->dev->queue, &c->timers, 1, &g, &l, err, err_len);
}

int migrate_run(struct migrate *m, struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    const int nb = c->lay.n_local, nr = c->lay.n_ranks;
    const int words = record_words(c);
    const size_t rec = (size_t)words * sizeof(cl_ulong);
    cl_command_queue q = c->dev->queue;
    const double t0 = now();
    device_waited(c->dev, "migrate: how many particles leave for other ranks");
    if (launch_boxes(&m->count, c, err, err_len) ||
        cl_ok(clEnqueueReadBuffer(q, m->counts.mem, CL_TRUE, 0, (size_t)nb * nr * sizeof(int), m->counts_host, 0, NULL,
                                  NULL),
              sp, "reading the counts", err, err_len))
        return -1;
    /* one contiguous message per rank, boxes in local order inside it */
    long at = 0;
    for (int r = 0; r < nr; r++) {
        m->send_at[r] = at;
        for (int b = 0; b < nb; b++) {
            m->offsets_host[b * nr + r] = at;
            at += m->counts_host[b * nr + r];
        }
        m->send_n[r] = (int)(at - m->send_at[r]);
    }
    m->send_at[nr] = at;
    if (at > 0 && (cl_ok(clEnqueueWriteBuffer(q, m->offsets.mem, CL_FALSE, 0, (size_t)nb * nr * sizeof(long),
                                              m->offsets_host, 0, NULL, NULL),
                         sp, "writing the offsets", err, err_len) ||
                   launch_boxes(&m->pack, c, err, err_len) ||
                   (device_waited(c->dev, "migrate: the particles that leave"), 0) ||
                   cl_ok(clEnqueueReadBuffer(q, m->send.mem, CL_TRUE, 0, (size_t)at * rec, m->send_host.host, 0, NULL,
                                             NULL),
                         sp, "staging the leavers", err, err_len)))
        return -1;
    MPI_Alltoall(m->send_n, 1, MPI_INT, m->recv_n, 1, MPI_INT, c->comm->world);
    long in = 0;
    for (int r = 0; r < nr; r++) {
        m->recv_at[r] = in;
        in += m->recv_n[r];
    }
    m->recv_at[nr] = in;
    int fail = in > m->capacity;
    MPI_Allreduce(MPI_IN_PLACE, &fail, 1, MPI_INT, MPI_LOR, c->comm->world);
    if (fail) {
        snprintf(err, err_len,
                 "species %s: more particles crossed into a rank in one step than its exchange buffer holds "
                 "(%ld records); use larger boxes (grid.max_box) or fewer ranks",
                 sp->cfg->name, m->capacity);
        return -1;
    }
    MPI_Request req[2 * 64];
    MPI_Request *reqs = nr <= 64 ? req : mem_alloc(2 * (size_t)nr * sizeof(MPI_Request));
    if (!reqs) {
        snprintf(err, err_len, "out of host memory for the particle exchange");
        return -1;
    }
    int n_req = 0;
    for (int r = 0; r < nr; r++) {
        if (m->recv_n[r])
            MPI_Irecv((char *)m->recv_host.host + (size_t)m->recv_at[r] * rec, m->recv_n[r] * words,
                      MPI_UINT64_T, r, 300, c->comm->world, &reqs[n_req++]);
        if (m->send_n[r]) {
            MPI_Isend((char *)m->send_host.host + (size_t)m->send_at[r] * rec, m->send_n[r] * words,
                      MPI_UINT64_T, r, 300, c->comm->world, &reqs[n_req++]);
            m->messages++;
        }
    }
    MPI_Waitall(n_req, reqs, MPI_STATUSES_IGNORE);
    if (reqs != req)
        mem_free(reqs);
    m->sent += at;
    m->received += in;
    if (in > 0) {
        cl_long n = in;
        if (cl_ok(clEnqueueWriteBuffer(q, m->recv.mem, CL_FALSE, 0, (size_t)in * rec, m->recv_host.host, 0, NULL, NULL),
                  sp, "staging the arrivals", err, err_len) ||
            kernel_set(&m->unpack, "n", sizeof n, &n, err, err_len) || launch_boxes(&m->unpack, c, err, err_len))
            return -1;
    }
    m->seconds += now() - t0;
    return 0;
}
