/* exchange.c: FillBoundary and SumBoundary between ranks. The kernel halo_plan (templates/
 * guards.cl) tells each rank which of its guard cells another rank owns, with the same source
 * rule the local kernels use (periodic wrap, PEC images), so host and device never disagree.
 * Each rank sends its owners the list of cells it needs; from then on a FillBoundary is: pack
 * the owners' values (one kernel), stage them through pinned memory, one message per peer,
 * unpack into the guards (one kernel). A SumBoundary runs the same plan backwards: the guards
 * are packed and sent to the owners, which add them in a fixed order. */
#include "exchange.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"
#include "mem.h"

/* What one guard cell of this rank needs from another rank, for one component. */
struct need {
    int rank; /* the owner's rank */
    int local; /* offset of the guard in F */
    int gid, cell, sign; /* where the value is on the owner, and its sign (PEC images) */
};

/* Per component: the guards this rank needs (sorted by owner rank) and, per rank asking, the
 * signed offsets of the owners' cells this rank must send (in the order asked). */
struct comp_plan {
    struct need *need;
    long n_need;
    long *need_at; /* [n_ranks + 1] */
    int *give; /* offset, or ~offset for a negative sign */
    long *give_at; /* [n_ranks + 1] */
};

static const int group_comps[XG_COUNT][3] = {
    [XG_FILL_E] = {FC_EX, FC_EZ + 1, 0},  [XG_FILL_B] = {FC_BX, FC_BZ + 1, 0}, [XG_FILL_EB] = {FC_EX, FC_BZ + 1, 0},
    [XG_FILL_J] = {FC_JX, FC_JZ + 1, 0},  [XG_FILL_RHO] = {FC_RHO, FC_RHO + 1, 0},
    [XG_SUM_J] = {FC_JX, FC_JZ + 1, 1},   [XG_SUM_RHO] = {FC_RHO, FC_RHO + 1, 1},
    [XG_FILL_G0] = {FC_G0, FC_G0 + 1, 0}};

int exchange_group(enum xgroup_id g, int *c0, int *c1)
{
    *c0 = group_comps[g][0];
    *c1 = group_comps[g][1];
    return group_comps[g][2];
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cl_ok(cl_int rc, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "guard exchange: %s failed: %s", what, device_error_name(rc));
    return -1;
}

/* Finds the remote guards of stored component comp (field x MODE_COMPS + part) and asks their
 * owners for them. */
static int plan_component(struct comp_plan *p, struct ctx *c, struct kernel *plan, int comp, struct arena_buf *remote,
                          struct arena_buf *remote_cell, int *host_remote, int *host_cell, char *err, size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    const int nr = lay->n_ranks;
    const size_t n = (size_t)lay->comp_stride;
    size_t g[3] = {(size_t)lay->dim[0], (size_t)lay->dim[1], (size_t)lay->dim[2] * (size_t)lay->n_local};
    if (kernel_set(plan, "c", sizeof(int), &comp, err, err_len) ||
        kernel_launch(plan, c->dev->queue, &c->timers, 3, g, NULL, err, err_len) ||
        cl_ok(clEnqueueReadBuffer(c->dev->queue, remote->mem, CL_TRUE, 0, n * sizeof(int), host_remote, 0, NULL, NULL),
              "reading the plan", err, err_len) ||
        cl_ok(clEnqueueReadBuffer(c->dev->queue, remote_cell->mem, CL_TRUE, 0, n * sizeof(int), host_cell, 0, NULL,
                                  NULL),
              "reading the plan", err, err_len))
        return -1;
    p->need_at = mem_calloc((size_t)nr + 1, sizeof(long));
    p->give_at = mem_calloc((size_t)nr + 1, sizeof(long));
    long *count = mem_calloc((size_t)nr, sizeof(long));
    int rc = -1;
    int *out = NULL, *in = NULL;
    if (!p->need_at || !p->give_at || !count)
        goto oom;
    for (size_t at = 0; at < n; at++)
        if (host_remote[at])
            count[lay->owner[abs(host_remote[at]) - 1]]++;
    for (int r = 0; r < nr; r++)
        p->need_at[r + 1] = p->need_at[r] + count[r];
    p->n_need = p->need_at[nr];
    p->need = mem_alloc((size_t)(p->n_need ? p->n_need : 1) * sizeof *p->need);
    out = mem_alloc((size_t)(p->n_need ? p->n_need : 1) * 3 * sizeof(int));
    if (!p->need || !out)
        goto oom;
    memset(count, 0, (size_t)nr * sizeof(long));
    for (size_t at = 0; at < n; at++) {
        if (!host_remote[at])
            continue;
        const int gid = abs(host_remote[at]) - 1, r = lay->owner[gid];
        const long e = p->need_at[r] + count[r]++;
        p->need[e] = (struct need){r, (int)((size_t)comp * n + at), gid, host_cell[at], host_remote[at] > 0 ? 1 : -1};
        out[3 * e] = gid;
        out[3 * e + 1] = host_cell[at];
        out[3 * e + 2] = p->need[e].sign;
    }
    /* every rank learns how many cells each other rank needs from it, then which */
    int *send_n = mem_alloc((size_t)nr * sizeof(int)), *recv_n = mem_alloc((size_t)nr * sizeof(int));
    MPI_Request *req = mem_alloc(2 * (size_t)nr * sizeof(MPI_Request));
    if (!send_n || !recv_n || !req) {
        mem_free(send_n);
        mem_free(recv_n);
        mem_free(req);
        goto oom;
    }
    for (int r = 0; r < nr; r++)
        send_n[r] = (int)(p->need_at[r + 1] - p->need_at[r]);
    MPI_Alltoall(send_n, 1, MPI_INT, recv_n, 1, MPI_INT, c->comm->world);
    for (int r = 0; r < nr; r++)
        p->give_at[r + 1] = p->give_at[r] + recv_n[r];
    in = mem_alloc((size_t)(p->give_at[nr] ? p->give_at[nr] : 1) * 3 * sizeof(int));
    p->give = mem_alloc((size_t)(p->give_at[nr] ? p->give_at[nr] : 1) * sizeof(int));
    int n_req = 0;
    for (int r = 0; in && p->give && r < nr; r++) {
        if (recv_n[r])
            MPI_Irecv(in + 3 * p->give_at[r], 3 * recv_n[r], MPI_INT, r, 100 + comp, c->comm->world, &req[n_req++]);
        if (send_n[r])
            MPI_Isend(out + 3 * p->need_at[r], 3 * send_n[r], MPI_INT, r, 100 + comp, c->comm->world, &req[n_req++]);
    }
    MPI_Waitall(n_req, req, MPI_STATUSES_IGNORE);
    mem_free(send_n);
    mem_free(recv_n);
    mem_free(req);
    if (!in || !p->give)
        goto oom;
    for (long e = 0; e < p->give_at[nr]; e++) {
        const int slot = gen_box_slot(lay, in[3 * e]);
        const long off = (long)comp * (long)n + (long)slot * lay->box_stride + in[3 * e + 1];
        p->give[e] = in[3 * e + 2] > 0 ? (int)off : ~(int)off;
    }
    rc = 0;
    goto done;
oom:
    snprintf(err, err_len, "guard exchange: out of host memory for the plans");
done:
    mem_free(count);
    mem_free(out);
    mem_free(in);
    return rc;
}

static void free_component(struct comp_plan *p)
{
    mem_free(p->need);
    mem_free(p->need_at);
    mem_free(p->give);
    mem_free(p->give_at);
    memset(p, 0, sizeof *p);
}

static int upload(struct ctx *c, const char *what, const void *data, size_t bytes, struct arena_buf *out, char *err,
                  size_t err_len)
{
    if (arena_alloc(&c->arena, bytes ? bytes : 1, what, out, err, err_len))
        return -1;
    if (!bytes)
        return 0;
    return cl_ok(clEnqueueWriteBuffer(c->dev->queue, out->mem, CL_TRUE, 0, bytes, data, 0, NULL, NULL), what, err,
                 err_len);
}

struct add_entry {
    int target, entry; /* entry: index into the receive buffer, ~index for a negative sign */
    long order;
};

static int by_target(const void *pa, const void *pb)
{
    const struct add_entry *a = pa, *b = pb;
    if (a->target != b->target)
        return a->target < b->target ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

/* One exchange's plan from the components' plans: a fill sends what owners give and unpacks
 * into the guards; a sum sends the guards and adds them into what the owners gave. */
static int build_group(struct xgroup *xg, struct ctx *c, const struct comp_plan *cp, int c0, int c1, int sum,
                       char *err, size_t err_len)
{
    const int nr = c->lay.n_ranks;
    xg->sum = sum;
    xg->send_at = mem_calloc((size_t)nr + 1, sizeof(long));
    xg->recv_at = mem_calloc((size_t)nr + 1, sizeof(long));
    if (!xg->send_at || !xg->recv_at)
        goto oom;
    long n_give = 0, n_need = 0;
    for (int comp = c0; comp < c1; comp++) {
        n_give += cp[comp].give_at[nr];
        n_need += cp[comp].n_need;
    }
    /* fill: send what is given, receive what is needed; sum: the other way round */
    xg->n_send = sum ? n_need : n_give;
    xg->n_recv = sum ? n_give : n_need;
    int *send = mem_alloc((size_t)(xg->n_send + 1) * sizeof(int));
    int *recv = mem_alloc((size_t)(xg->n_recv + 1) * sizeof(int));
    if (!send || !recv) {
        mem_free(send);
        mem_free(recv);
        goto oom;
    }
    long s = 0, q = 0;
    for (int r = 0; r < nr; r++) {
        xg->send_at[r] = s;
        xg->recv_at[r] = q;
        for (int comp = c0; comp < c1; comp++) {
            const struct comp_plan *p = &cp[comp];
            for (long e = p->give_at[r]; e < p->give_at[r + 1]; e++)
                if (sum)
                    recv[q++] = p->give[e];
                else
                    send[s++] = p->give[e];
            for (long e = p->need_at[r]; e < p->need_at[r + 1]; e++)
                if (sum)
                    send[s++] = p->need[e].local;
                else
                    recv[q++] = p->need[e].local;
        }
    }
    xg->send_at[nr] = s;
    xg->recv_at[nr] = q;
    int rc = upload(c, "exchange pack offsets", send, (size_t)s * sizeof(int), &xg->send_index, err, err_len);
    if (rc == 0 && !sum)
        rc = upload(c, "exchange unpack offsets", recv, (size_t)q * sizeof(int), &xg->recv_index, err, err_len);
    if (rc == 0 && sum) {
        /* the owners' cells added to, each with its entries in receive order */
        struct add_entry *a = mem_alloc((size_t)(q + 1) * sizeof *a);
        int *targets = mem_alloc((size_t)(q + 1) * sizeof(int)), *first = mem_alloc((size_t)(q + 2) * sizeof(int));
        int *order = mem_alloc((size_t)(q + 1) * sizeof(int));
        if (!a || !targets || !first || !order) {
            snprintf(err, err_len, "guard exchange: out of host memory for the plans");
            rc = -1;
        } else {
            for (long e = 0; e < q; e++) {
                const int enc = recv[e];
                a[e] = (struct add_entry){enc >= 0 ? enc : ~enc, enc >= 0 ? (int)e : ~(int)e, e};
            }
            qsort(a, (size_t)q, sizeof *a, by_target);
            long t = 0;
            for (long e = 0; e < q; e++) {
                if (e == 0 || a[e].target != a[e - 1].target) {
                    targets[t] = a[e].target;
                    first[t++] = (int)e;
                }
                order[e] = a[e].entry;
            }
            first[t] = (int)q;
            xg->n_targets = t;
            rc = upload(c, "exchange sum targets", targets, (size_t)t * sizeof(int), &xg->targets, err, err_len) ||
                 upload(c, "exchange sum ranges", first, (size_t)(t + 1) * sizeof(int), &xg->first, err, err_len) ||
                 upload(c, "exchange sum order", order, (size_t)q * sizeof(int), &xg->recv_index, err, err_len);
        }
        mem_free(a);
        mem_free(targets);
        mem_free(first);
        mem_free(order);
    }
    mem_free(send);
    mem_free(recv);
    if (rc)
        return -1;
    const size_t rs = c->real_size;
    return arena_alloc(&c->arena, (size_t)(s + 1) * rs, "exchange send buffer", &xg->send_buf, err, err_len) ||
           arena_alloc(&c->arena, (size_t)(q + 1) * rs, "exchange receive buffer", &xg->recv_buf, err, err_len) ||
           arena_alloc(&c->pinned, (size_t)(s + 1) * rs, "exchange send staging", &xg->send_host, err, err_len) ||
           arena_alloc(&c->pinned, (size_t)(q + 1) * rs, "exchange receive staging", &xg->recv_host, err, err_len);
oom:
    snprintf(err, err_len, "guard exchange: out of host memory for the plans");
    return -1;
}

int exchange_create(struct exchange *x, struct ctx *c, cl_mem F, char *err, size_t err_len)
{
    memset(x, 0, sizeof *x);
    const struct gen_layout *lay = &c->lay;
    x->n_ranks = lay->n_ranks;
    /* one plan per stored component: in RZ each field holds MODE_COMPS parts (its modes), which
     * share the field's staggering, so halo_plan's rule is the same for each (guards.cl) */
    const int mc = cfg_mode_comps(c->cfg), n_comps = (FC_G0 + 1) * mc;
    struct comp_plan *cp = mem_calloc((size_t)n_comps, sizeof *cp);
    struct arena_buf remote = {0}, remote_cell = {0};
    struct kernel plan = {0};
    const size_t n = (size_t)lay->comp_stride;
    int *host_remote = mem_alloc(n * sizeof(int)), *host_cell = mem_alloc(n * sizeof(int));
    int rc = -1;
    if (!cp || !host_remote || !host_cell) {
        snprintf(err, err_len, "guard exchange: out of host memory for the plans");
        goto done;
    }
    if (kernel_create(&x->pack, c->prog, "halo_pack", &c->timers, err, err_len) ||
        kernel_create(&x->unpack, c->prog, "halo_unpack", &c->timers, err, err_len) ||
        kernel_create(&x->unpack_add, c->prog, "halo_unpack_add", &c->timers, err, err_len) ||
        kernel_create(&plan, c->prog, "halo_plan", &c->timers, err, err_len) ||
        arena_alloc(&c->arena, n * sizeof(int), "exchange plan", &remote, err, err_len) ||
        arena_alloc(&c->arena, n * sizeof(int), "exchange plan cells", &remote_cell, err, err_len) ||
        kernel_mem(&plan, "remote", remote.mem, err, err_len) ||
        kernel_mem(&plan, "remote_cell", remote_cell.mem, err, err_len) ||
        kernel_mem(&x->pack, "F", F, err, err_len) || kernel_mem(&x->unpack, "F", F, err, err_len) ||
        kernel_mem(&x->unpack_add, "F", F, err, err_len))
        goto done;
    for (int comp = 0; comp < n_comps; comp++)
        if (plan_component(&cp[comp], c, &plan, comp, &remote, &remote_cell, host_remote, host_cell, err, err_len))
            goto done;
    for (int g = 0; g < XG_COUNT; g++)
        if (build_group(&x->group[g], c, cp, group_comps[g][0] * mc, group_comps[g][1] * mc, group_comps[g][2], err,
                        err_len))
            goto done;
    rc = 0;
done:
    for (int comp = 0; cp && comp < n_comps; comp++)
        free_component(&cp[comp]);
    mem_free(cp);
    kernel_release(&plan);
    arena_free(&c->arena, &remote);
    arena_free(&c->arena, &remote_cell);
    mem_free(host_remote);
    mem_free(host_cell);
    return rc;
}

void exchange_destroy(struct exchange *x, struct ctx *c)
{
    for (int g = 0; g < XG_COUNT; g++) {
        struct xgroup *xg = &x->group[g];
        struct arena_buf *dev[] = {&xg->send_index, &xg->recv_index, &xg->targets, &xg->first, &xg->send_buf,
                                   &xg->recv_buf};
        for (size_t i = 0; i < sizeof dev / sizeof *dev; i++)
            arena_free(&c->arena, dev[i]);
        arena_free(&c->pinned, &xg->send_host);
        arena_free(&c->pinned, &xg->recv_host);
        mem_free(xg->send_at);
        mem_free(xg->recv_at);
    }
    kernel_release(&x->pack);
    kernel_release(&x->unpack);
    kernel_release(&x->unpack_add);
    memset(x, 0, sizeof *x);
}

int exchange_run(struct exchange *x, struct ctx *c, cl_mem F, enum xgroup_id g, char *err, size_t err_len)
{
    (void)F;
    struct xgroup *xg = &x->group[g];
    const size_t rs = c->real_size;
    const double t0 = now();
    cl_command_queue q = c->dev->queue;
    if (xg->n_send) {
        size_t n = (size_t)xg->n_send;
        if (kernel_mem(&x->pack, "index", xg->send_index.mem, err, err_len) ||
            kernel_mem(&x->pack, "buf", xg->send_buf.mem, err, err_len) ||
            kernel_launch(&x->pack, q, &c->timers, 1, &n, NULL, err, err_len) ||
            (device_waited(c->dev, "exchange: guard cells to send to other ranks"), 0) ||
            cl_ok(clEnqueueReadBuffer(q, xg->send_buf.mem, CL_TRUE, 0, n * rs, xg->send_host.host, 0, NULL, NULL),
                  "staging the send buffer", err, err_len))
            return -1;
    }
    MPI_Request req[2 * 64];
    MPI_Request *reqs = x->n_ranks <= 64 ? req : mem_alloc(2 * (size_t)x->n_ranks * sizeof(MPI_Request));
    if (!reqs) {
        snprintf(err, err_len, "guard exchange: out of host memory");
        return -1;
    }
    int n_req = 0;
    const MPI_Datatype type = rs == sizeof(double) ? MPI_DOUBLE : MPI_FLOAT;
    for (int r = 0; r < x->n_ranks; r++) {
        const long nr = xg->recv_at[r + 1] - xg->recv_at[r], ns = xg->send_at[r + 1] - xg->send_at[r];
        if (nr)
            MPI_Irecv((char *)xg->recv_host.host + (size_t)xg->recv_at[r] * rs, (int)nr, type, r, 200 + g,
                      c->comm->world, &reqs[n_req++]);
        if (ns) {
            MPI_Isend((char *)xg->send_host.host + (size_t)xg->send_at[r] * rs, (int)ns, type, r, 200 + g,
                      c->comm->world, &reqs[n_req++]);
            x->messages++;
            x->bytes += ns * (long)rs;
        }
    }
    MPI_Waitall(n_req, reqs, MPI_STATUSES_IGNORE);
    if (reqs != req)
        mem_free(reqs);
    if (xg->n_recv) {
        if (cl_ok(clEnqueueWriteBuffer(q, xg->recv_buf.mem, CL_FALSE, 0, (size_t)xg->n_recv * rs, xg->recv_host.host, 0,
                                       NULL, NULL),
                  "staging the receive buffer", err, err_len))
            return -1;
        if (!xg->sum) {
            size_t n = (size_t)xg->n_recv;
            if (kernel_mem(&x->unpack, "index", xg->recv_index.mem, err, err_len) ||
                kernel_mem(&x->unpack, "buf", xg->recv_buf.mem, err, err_len) ||
                kernel_launch(&x->unpack, q, &c->timers, 1, &n, NULL, err, err_len))
                return -1;
        } else {
            size_t n = (size_t)xg->n_targets;
            if (kernel_mem(&x->unpack_add, "target", xg->targets.mem, err, err_len) ||
                kernel_mem(&x->unpack_add, "first", xg->first.mem, err, err_len) ||
                kernel_mem(&x->unpack_add, "order", xg->recv_index.mem, err, err_len) ||
                kernel_mem(&x->unpack_add, "buf", xg->recv_buf.mem, err, err_len) ||
                kernel_launch(&x->unpack_add, q, &c->timers, 1, &n, NULL, err, err_len))
                return -1;
        }
    }
    x->exchanges++;
    x->seconds += now() - t0;
    return 0;
}

void exchange_restart_counts(struct exchange *x)
{
    x->exchanges = x->messages = x->bytes = 0;
    x->seconds = 0;
}

void exchange_print(const struct exchange *x, long steps, FILE *out)
{
    if (!x->exchanges)
        return;
    fprintf(out,
            "exchange: %ld guard exchanges between ranks (%.1f per step), each one halo_pack and one halo_unpack "
            "launch at most; %ld messages, %.3f MB sent, %.3f s wall in exchanges (steps 2 on)\n",
            x->exchanges, steps ? (double)x->exchanges / (double)steps : 0.0, x->messages, (double)x->bytes / 1e6,
            x->seconds);
}
