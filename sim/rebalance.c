/* rebalance.c: boxes change rank during a run. sim_balance measures what each box costs and
 * decides; sim_redistribute moves the boxes: every rank packs the fields (guards included, so
 * the charge-conservation reference travels too) and particles of the boxes it gives away, one
 * MPI_Alltoallv carries them, and the device side is rebuilt for the new map (arenas, kernels
 * with the new box tables, guard-exchange plans). Particles keep their half-step momenta: the
 * run continues as if nothing happened, to round-off. */
#include "sim.h"

#include <string.h>

#include "log.h"
#include "mem.h"


static void state_pack(const long *t, int64_t *sh)
{
    int k = 0;
#define OUT(name, first, n)                                                                      \
    for (int e = 0; e < (n); e++)                                                              \
        sh[k++] = t[(first) + e];
    PICL_BOX_STATE(OUT)
#undef OUT
}

static void state_unpack(long *t, const int64_t *sh)
{
    int k = 0;
#define IN(name, first, n)                                                                       \
    for (int e = 0; e < (n); e++)                                                              \
        t[(first) + e] = (long)sh[k++];
    PICL_BOX_STATE(IN)
#undef IN
}

static int cl_ok(cl_int rc, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "redistribution: %s failed: %s", what, device_error_name(rc));
    return -1;
}

static size_t elem(const struct ctx *c, int a) { return particles_elem(c, (enum particle_array)a); }

/* Field components a box carries: FC_COUNT, each with its 2 modes - 1 parts in RZ. */
static int field_comps(const struct ctx *c) { return FC_COUNT * cfg_mode_comps(c->cfg); }

/* Bytes of one particle's attributes in a message (those the run stores). */
static size_t particle_bytes(const struct ctx *c)
{
    size_t n = 0;
    for (int a = 0; a < PA_ATTRS; a++)
        n += elem(c, a);
    return n;
}

/* Bytes box `slot` of this rank takes as a message. */
static size_t box_bytes(const struct sim *s, int slot)
{
    const struct ctx *c = &s->ctx;
    size_t n = sizeof(int64_t) + (size_t)field_comps(c) * (size_t)c->lay.box_stride * c->real_size;
    for (int i = 0; i < s->n_species; i++) {
        const long count = s->species[i].boxes_host[slot * BT_STRIDE + BT_COUNT];
        n += BOX_STATE_WORDS * sizeof(int64_t) + (size_t)count * particle_bytes(c);
    }
    return n;
}

/* The state of this rank on the host: the field buffer and every species' arrays. */
struct host_state {
    char *F;
    char *array[CFG_MAX_SPECIES][PA_ATTRS];
};

static void free_state(struct host_state *h, int n_species)
{
    mem_free(h->F);
    for (int i = 0; i < n_species; i++)
        for (int a = 0; a < PA_ATTRS; a++)
            mem_free(h->array[i][a]);
}

static int read_state(struct sim *s, struct host_state *h, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    memset(h, 0, sizeof *h);
    const size_t fbytes = (size_t)field_comps(c) * (size_t)c->lay.comp_stride * c->real_size;
    h->F = mem_alloc(fbytes);
    if (!h->F) {
        snprintf(err, err_len, "redistribution: out of host memory for the fields");
        return -1;
    }
    if (cl_ok(clEnqueueReadBuffer(c->dev->queue, s->fields.buf.mem, CL_TRUE, 0, fbytes, h->F, 0, NULL, NULL),
              "reading the fields", err, err_len))
        return -1;
    for (int i = 0; i < s->n_species; i++) {
        struct species *sp = &s->species[i];
        if (particles_check(sp, c, NULL, err, err_len))
            return -1;
        for (int a = 0; a < PA_ATTRS; a++) {
            const size_t bytes = (size_t)sp->slots * elem(c, a);
            h->array[i][a] = mem_alloc(bytes ? bytes : 1);
            if (!h->array[i][a]) {
                snprintf(err, err_len, "redistribution: out of host memory for the particles");
                return -1;
            }
            if (bytes && cl_ok(clEnqueueReadBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, 0, bytes, h->array[i][a],
                                                   0, NULL, NULL),
                               "reading the particles", err, err_len))
                return -1;
        }
    }
    return 0;
}

/* Appends box `slot` (global index gid) to out. */
static char *pack_box(const struct sim *s, const struct host_state *h, int slot, int gid, char *out)
{
    const struct ctx *c = &s->ctx;
    const size_t rs = c->real_size, box = (size_t)c->lay.box_stride * rs;
    int64_t head = gid;
    memcpy(out, &head, sizeof head);
    out += sizeof head;
    for (int comp = 0; comp < field_comps(c); comp++) {
        memcpy(out, h->F + ((size_t)comp * (size_t)c->lay.comp_stride + (size_t)slot * c->lay.box_stride) * rs, box);
        out += box;
    }
    for (int i = 0; i < s->n_species; i++) {
        const long *t = s->species[i].boxes_host + slot * BT_STRIDE;
        int64_t sh[BOX_STATE_WORDS];
        state_pack(t, sh);
        memcpy(out, sh, sizeof sh);
        out += sizeof sh;
        for (int a = 0; a < PA_ATTRS; a++) {
            const size_t n = (size_t)t[BT_COUNT] * elem(c, a);
            memcpy(out, h->array[i][a] + (size_t)t[BT_START] * elem(c, a), n);
            out += n;
        }
    }
    return out;
}

/* Where each box's message starts in the received bytes, by new local slot. */
static int index_boxes(const struct sim *s, const char *in, size_t n, const struct gen_decomp *d, const char **at,
                       long *count, char *err, size_t err_len)
{
    const struct ctx *c = &s->ctx;
    const size_t rs = c->real_size;
    size_t pos = 0;
    int seen = 0;
    while (pos < n) {
        int64_t gid;
        memcpy(&gid, in + pos, sizeof gid);
        const int slot = gid >= 0 && gid < d->n_boxes ? d->slot[gid] : -1;
        if (slot < 0) {
            snprintf(err, err_len, "redistribution: received box %lld, which is not this rank's", (long long)gid);
            return -1;
        }
        at[slot] = in + pos;
        pos += sizeof gid + (size_t)field_comps(c) * (size_t)c->lay.box_stride * rs;
        for (int i = 0; i < s->n_species; i++) {
            int64_t sh[BOX_STATE_WORDS];
            memcpy(sh, in + pos, sizeof sh);
            count[(size_t)i * d->n_local + slot] = (long)sh[0];
            pos += sizeof sh + (size_t)sh[0] * particle_bytes(c);
        }
        seen++;
    }
    if (seen != d->n_local) {
        snprintf(err, err_len, "redistribution: received %d boxes, expected %d", seen, d->n_local);
        return -1;
    }
    return 0;
}

/* Writes the received boxes into the rebuilt device buffers. */
static int unpack_boxes(struct sim *s, const char **at, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    const size_t rs = c->real_size, box = (size_t)c->lay.box_stride * rs;
    cl_command_queue q = c->dev->queue;
    for (int slot = 0; slot < c->lay.n_local; slot++) {
        const char *p = at[slot] + sizeof(int64_t);
        for (int comp = 0; comp < field_comps(c); comp++, p += box)
            if (cl_ok(clEnqueueWriteBuffer(q, s->fields.buf.mem, CL_TRUE,
                                           ((size_t)comp * (size_t)c->lay.comp_stride + (size_t)slot * c->lay.box_stride) * rs,
                                           box, p, 0, NULL, NULL),
                      "writing the fields", err, err_len))
                return -1;
        for (int i = 0; i < s->n_species; i++) {
            struct species *sp = &s->species[i];
            long *t = sp->boxes_host + slot * BT_STRIDE;
            int64_t sh[BOX_STATE_WORDS];
            memcpy(sh, p, sizeof sh);
            p += sizeof sh;
            state_unpack(t, sh); /* the count as the new box table has it already */
            for (int a = 0; a < PA_ATTRS; a++) {
                const size_t n = (size_t)sh[0] * elem(c, a);
                if (n && cl_ok(clEnqueueWriteBuffer(q, sp->array[a].mem, CL_TRUE, (size_t)t[BT_START] * elem(c, a), n, p,
                                                    0, NULL, NULL),
                               "writing the particles", err, err_len))
                    return -1;
                p += n;
            }
        }
    }
    for (int i = 0; i < s->n_species; i++) {
        struct species *sp = &s->species[i];
        if (cl_ok(clEnqueueWriteBuffer(q, sp->boxes.mem, CL_TRUE, 0, sizeof(long) * BT_STRIDE * (size_t)c->lay.n_local,
                                       sp->boxes_host, 0, NULL, NULL),
                  "writing the box table", err, err_len) ||
            particles_check(sp, c, NULL, err, err_len))
            return -1;
    }
    return 0;
}

int sim_redistribute(struct sim *s, const int *owner, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    const struct comm *comm = c->comm;
    const int nr = comm->size, nb = c->lay.n_boxes;
    struct host_state h;
    struct gen_decomp next;
    memset(&next, 0, sizeof next);
    int *send_n = mem_calloc((size_t)nr, sizeof(int)), *recv_n = mem_calloc((size_t)nr, sizeof(int));
    int *send_at = mem_calloc((size_t)nr, sizeof(int)), *recv_at = mem_calloc((size_t)nr, sizeof(int));
    char *out = NULL, *in = NULL;
    const char **at = NULL;
    long *count = NULL;
    double *psi = NULL;
    int rc = -1;
    if (!send_n || !recv_n || !send_at || !recv_at) {
        snprintf(err, err_len, "redistribution: out of host memory");
        goto done;
    }
    if (read_state(s, &h, err, err_len))
        goto done_state;
    /* messages: for each rank, the boxes it gets from this one, in global order */
    size_t total = 0;
    for (int slot = 0; slot < c->lay.n_local; slot++) {
        const size_t n = box_bytes(s, slot);
        send_n[owner[gen_box_gid(&c->lay, slot)]] += (int)n;
        total += n;
    }
    out = mem_alloc(total ? total : 1);
    if (!out) {
        snprintf(err, err_len, "redistribution: out of host memory for %zu bytes", total);
        goto done_state;
    }
    for (int r = 1; r < nr; r++)
        send_at[r] = send_at[r - 1] + send_n[r - 1];
    {
        char *put[64], **where = nr <= 64 ? put : mem_alloc((size_t)nr * sizeof(char *));
        if (!where) {
            snprintf(err, err_len, "redistribution: out of host memory");
            goto done_state;
        }
        for (int r = 0; r < nr; r++)
            where[r] = out + send_at[r];
        for (int slot = 0; slot < c->lay.n_local; slot++) {
            const int gid = gen_box_gid(&c->lay, slot);
            where[owner[gid]] = pack_box(s, &h, slot, gid, where[owner[gid]]);
        }
        if (where != put)
            mem_free(where);
    }
    MPI_Alltoall(send_n, 1, MPI_INT, recv_n, 1, MPI_INT, comm->world);
    size_t in_total = 0;
    for (int r = 0; r < nr; r++) {
        recv_at[r] = (int)in_total;
        in_total += (size_t)recv_n[r];
    }
    in = mem_alloc(in_total ? in_total : 1);
    if (!in) {
        snprintf(err, err_len, "redistribution: out of host memory for %zu bytes", in_total);
        goto done_state;
    }
    MPI_Alltoallv(out, send_n, send_at, MPI_BYTE, in, recv_n, recv_at, MPI_BYTE, comm->world);
    mem_free(out);
    out = NULL;
    free_state(&h, s->n_species);
    memset(&h, 0, sizeof h);

    if (decomp_from_owner(&next, nb, owner, nr, comm->rank, err, err_len))
        goto done;
    at = mem_calloc((size_t)next.n_local, sizeof *at);
    count = mem_calloc((size_t)next.n_local * (size_t)(s->n_species ? s->n_species : 1), sizeof *count);
    if (!at || !count) {
        snprintf(err, err_len, "redistribution: out of host memory");
        goto done;
    }
    if (index_boxes(s, in, in_total, &next, at, count, err, err_len))
        goto done;
    /* the device side again, for the new map (the PML's psi goes over with its cells) */
    const double gauss_scale = s->fields.gauss_scale;
    if (pml_save(&s->pml, c, &psi, err, err_len))
        goto done;
    sim_unbuild(s);
    decomp_free(&s->decomp);
    s->decomp = next;
    memset(&next, 0, sizeof next);
    if (gen_layout(c->cfg, &c->lay, err, err_len))
        goto done;
    decomp_apply(&s->decomp, &c->lay);
    if (sim_build(s, err, err_len) || fields_create(&s->fields, c, err, err_len) ||
        sim_attach_sources(s, err, err_len) || pml_adopt(&s->pml, c, psi, err, err_len))
        goto done;
    s->fields.gauss_scale = gauss_scale;
    for (int i = 0; i < s->n_species; i++)
        if (particles_create_from(&s->species[i], c, &s->fields, i, count + (size_t)i * c->lay.n_local, err, err_len))
            goto done;
    if (unpack_boxes(s, at, err, err_len) ||
        window_create(&s->window, c, &s->fields, s->species, s->n_species, err, err_len))
        goto done;
    rc = 0;
    goto done;
done_state:
    free_state(&h, s->n_species);
done:
    decomp_free(&next);
    mem_free(send_n);
    mem_free(recv_n);
    mem_free(send_at);
    mem_free(recv_at);
    mem_free(out);
    mem_free(in);
    mem_free(at);
    mem_free(count);
    mem_free(psi);
    return rc;
}

void sim_kernel_times(const struct timers *t, double *particles, double *fields)
{
    *particles = *fields = 0;
    for (int i = 0; i < t->n; i++) {
        const char *n = t->entry[i].name;
        const int particle = strstr(n, "push") == n || strstr(n, "particles_") == n || strstr(n, "deposit_rho") == n;
        /* maxwell_push_* are field kernels */
        if (particle && strstr(n, "maxwell") != n)
            *particles += t->entry[i].seconds;
        else
            *fields += t->entry[i].seconds;
    }
}

int sim_balance(struct sim *s, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    const struct comm *comm = c->comm;
    if (!comm || comm->size < 2)
        return 0;
    const int nb = c->lay.n_boxes;
    timers_collect(&c->timers);
    double tp, tf;
    sim_kernel_times(&c->timers, &tp, &tf);
    const double dp = tp - s->balance_particle_time, df = tf - s->balance_field_time;
    /* each box's share of this rank's time: particle work by its particles, field work evenly */
    double *cost = mem_calloc((size_t)nb, sizeof *cost);
    if (!cost) {
        snprintf(err, err_len, "load balancing: out of host memory");
        return -1;
    }
    long np = 0;
    for (int i = 0; i < s->n_species; i++)
        np += s->species[i].np;
    for (int slot = 0; slot < c->lay.n_local; slot++) {
        long n = 0;
        for (int i = 0; i < s->n_species; i++)
            n += s->species[i].boxes_host[slot * BT_STRIDE + BT_COUNT];
        cost[gen_box_gid(&c->lay, slot)] = (np > 0 ? dp * (double)n / (double)np : 0) + df / c->lay.n_local;
    }
    log_debug("load balance, rank %d: %.4f s in particle kernels, %.4f s in field kernels, %ld particles, %d boxes",
              comm->rank, dp, df, np, c->lay.n_local);
    comm_sum_doubles(comm, cost, nb);
    struct gen_decomp proposal;
    const enum cfg_distribution how =
        c->cfg->distribution == CFG_DIST_ROUND_ROBIN ? CFG_DIST_KNAPSACK : c->cfg->distribution;
    int rc = decomp_make(&proposal, &c->lay, how, cost, comm->size, comm->rank, err, err_len);
    if (rc == 0) {
        const double now = decomp_imbalance(&s->decomp, cost), then = decomp_imbalance(&proposal, cost);
        int moved = 0;
        for (int b = 0; b < nb; b++)
            moved += proposal.owner[b] != s->decomp.owner[b];
        if (moved && then < now * (1 - c->cfg->balance_threshold)) {
            log_info("load balance at step %ld: imbalance %.3f -> %.3f (max over mean rank cost), %d of %d boxes move",
                     s->step, now, then, moved, nb);
            rc = sim_redistribute(s, proposal.owner, err, err_len);
            s->balance_events += rc == 0;
        } else {
            log_debug("load balance at step %ld: imbalance %.3f, best %.3f: no change", s->step, now, then);
        }
        decomp_free(&proposal);
    }
    mem_free(cost);
    sim_kernel_times(&c->timers, &s->balance_particle_time, &s->balance_field_time);
    return rc;
}
