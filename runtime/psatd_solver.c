/* psatd_solver.c: the PSATD step on the device: pack every box into the whole domain's arrays,
 * forward FFT, k-space update, inverse FFT, unpack. The tables are computed once on the host in double (gen/psatd.c) and stored in `real`. */
#include "psatd_solver.h"

#include <limits.h>
#include <string.h>

#include "constants.h"
#include "mem.h"
#include "psatd.h"

/* Writes n doubles into buf as the run's `real`. */
static int upload(struct ctx *c, struct arena_buf *buf, const double *v, size_t n, const char *what, char *err,
                  size_t err_len)
{
    if (arena_alloc(&c->arena, n * c->real_size, what, buf, err, err_len))
        return -1;
    void *host = mem_alloc(n * c->real_size);
    if (!host) {
        snprintf(err, err_len, "psatd: out of host memory for %s", what);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (c->real_size == sizeof(double))
            ((double *)host)[i] = v[i];
        else
            ((float *)host)[i] = (float)v[i];
    cl_int rc = clEnqueueWriteBuffer(c->dev->queue, buf->mem, CL_TRUE, 0, n * c->real_size, host, 0, NULL, NULL);
    mem_free(host);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "psatd: writing %s failed: %s", what, device_error_name(rc));
        return -1;
    }
    return 0;
}

int psatd_solver_create(struct psatd_solver *p, struct ctx *c, cl_mem fields, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    const struct gen_layout *lay = &c->lay;
    /* One FFT of the whole periodic domain, each box packed at its offset; with several ranks each
     * packs its own boxes and the arrays are summed over the ranks (gather_ranks) */
    const int *n = lay->cells;
    p->points = (size_t)n[0] * n[1] * n[2];
    struct psatd_tables t;
    const int galilean = psatd_uses_gal(c->cfg), arrays = psatd_rho_deposits(c->cfg) ? 11 : 9;
    double vg[3];
    for (int a = 0; a < 3; a++)
        vg[a] = c->cfg->v_galilean[a] * PICL_C;
    if (psatd_tables(&t, n, lay->dx, c->cfg->dt, galilean ? vg : NULL, err, err_len))
        return -1;
    const size_t axes = (size_t)n[0] + n[1] + n[2];
    int rc = upload(c, &p->coef, t.coef, 4 * p->points, "psatd k-space coefficients", err, err_len) ||
             upload(c, &p->k, t.k, axes, "psatd wavenumbers", err, err_len) ||
             upload(c, &p->shift, t.shift, 2 * axes, "psatd staggering shifts", err, err_len) ||
             (galilean && upload(c, &p->gal, t.gal, 12 * p->points, "psatd Galilean coefficients", err, err_len));
    psatd_tables_free(&t);
    if (rc)
        return -1;
    const size_t bytes = fft_bytes(3, n, c->cfg->precision);
    p->bytes = bytes;
    p->arrays = arrays;
    /* the sum over the ranks is one MPI call on all the arrays: refused here if too long for one */
    if (lay->n_ranks > 1 && (size_t)arrays * bytes / c->real_size > INT_MAX) {
        snprintf(err, err_len, "psatd: %zu values to sum over the ranks, more than one MPI call takes",
                 (size_t)arrays * bytes / c->real_size);
        return -1;
    }
    if (lay->n_ranks > 1 && !(p->host = mem_alloc((size_t)arrays * bytes))) {
        snprintf(err, err_len, "psatd: out of host memory for the %d ranks' sum of the k-space arrays (%zu bytes)",
                 lay->n_ranks, (size_t)arrays * bytes);
        return -1;
    }
    if (arena_alloc(&c->arena, (size_t)arrays * bytes, "psatd transforms of E, B, J (and rho^n, rho^n+1)", &p->fk,
                    err, err_len) ||
        fft_plan_create(&p->plan, c->dev, 3, n, arrays, c->cfg->precision, p->fk.mem, 0, err, err_len))
        return -1;
    if (psatd_rho_deposits(c->cfg) &&
        (kernel_create(&p->pack_rho, c->prog, "psatd_pack_rho", &c->timers, err, err_len) ||
         kernel_mem(&p->pack_rho, "F", fields, err, err_len) || kernel_mem(&p->pack_rho, "Fk", p->fk.mem, err, err_len)))
        return -1;
    if (kernel_create(&p->pack, c->prog, "psatd_pack", &c->timers, err, err_len) ||
        kernel_create(&p->push, c->prog, "psatd_push", &c->timers, err, err_len) ||
        kernel_create(&p->unpack, c->prog, "psatd_unpack", &c->timers, err, err_len) ||
        kernel_mem(&p->pack, "F", fields, err, err_len) || kernel_mem(&p->pack, "Fk", p->fk.mem, err, err_len) ||
        kernel_mem(&p->unpack, "F", fields, err, err_len) || kernel_mem(&p->unpack, "Fk", p->fk.mem, err, err_len) ||
        kernel_mem(&p->push, "F", p->fk.mem, err, err_len) || kernel_mem(&p->push, "coef", p->coef.mem, err, err_len) ||
        kernel_mem(&p->push, "k", p->k.mem, err, err_len) || kernel_mem(&p->push, "shift", p->shift.mem, err, err_len) ||
        /* standard PSATD reads no gal: any buffer binds the argument */
        kernel_mem(&p->push, "gal", galilean ? p->gal.mem : p->coef.mem, err, err_len))
        return -1;
    if (kernel_create(&p->pack_gauss, c->prog, "psatd_pack_gauss", &c->timers, err, err_len) ||
        kernel_create(&p->gauss, c->prog, "psatd_gauss", &c->timers, err, err_len) ||
        kernel_mem(&p->pack_gauss, "F", fields, err, err_len) ||
        kernel_mem(&p->pack_gauss, "Fk", p->fk.mem, err, err_len) || kernel_mem(&p->gauss, "F", p->fk.mem, err, err_len) ||
        kernel_mem(&p->gauss, "k", p->k.mem, err, err_len) || kernel_mem(&p->gauss, "shift", p->shift.mem, err, err_len))
        return -1;
    return 0;
}

void psatd_solver_destroy(struct psatd_solver *p, struct ctx *c)
{
    kernel_release(&p->pack);
    kernel_release(&p->pack_rho); /* unset (a no-op) without rho deposits */
    kernel_release(&p->push);
    kernel_release(&p->unpack);
    kernel_release(&p->pack_gauss);
    kernel_release(&p->gauss);
    fft_destroy(&p->plan);
    mem_free(p->host);
    struct arena_buf *bufs[] = {&p->fk, &p->coef, &p->k, &p->shift, &p->gal};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        if (bufs[i]->mem)
            arena_free(&c->arena, bufs[i]);
}

/* Several ranks: arrays [first, first + count) of fk to 0, so that each rank's pack leaves 0
 * where the other ranks' boxes are and the sum over the ranks is every box's value exactly. */
static int zero_arrays(struct psatd_solver *p, struct ctx *c, int first, int count, char *err, size_t err_len)
{
    if (!p->host || count <= 0)
        return 0;
    const cl_double zero_d = 0;
    const cl_float zero_f = 0;
    return device_check(clEnqueueFillBuffer(c->dev->queue, p->fk.mem, c->real_size == 8 ? (const void *)&zero_d
                                                                                         : (const void *)&zero_f,
                                            c->real_size, (size_t)first * p->bytes, (size_t)count * p->bytes, 0, NULL,
                                            NULL),
                        "psatd: zeroing the k-space arrays", err, err_len);
}

/* Several ranks: every rank's packed boxes into every rank's arrays [0, arrays) of fk, by a sum
 * over the ranks through the host (x + 0 = x: the same values as one rank's pack). Every rank then
 * does the whole FFT and update and unpacks its own boxes: correct, but the FFT is not shared out
 * (docs/psatd.md, "Several boxes and ranks"). */
static int gather_ranks(struct psatd_solver *p, struct ctx *c, int arrays, char *err, size_t err_len)
{
    if (!p->host)
        return 0;
    const size_t total = (size_t)arrays * p->bytes, count = total / c->real_size; /* <= INT_MAX: create */
    if (device_check(clEnqueueReadBuffer(c->dev->queue, p->fk.mem, CL_TRUE, 0, total, p->host, 0, NULL, NULL),
                     "psatd: reading the packed arrays", err, err_len))
        return -1;
    int rc = MPI_Allreduce(MPI_IN_PLACE, p->host, (int)count, c->real_size == 8 ? MPI_DOUBLE : MPI_FLOAT, MPI_SUM,
                           c->comm->world);
    if (rc != MPI_SUCCESS) {
        snprintf(err, err_len, "psatd: summing the packed arrays over the ranks failed (MPI error %d)", rc);
        return -1;
    }
    return device_check(clEnqueueWriteBuffer(c->dev->queue, p->fk.mem, CL_TRUE, 0, total, p->host, 0, NULL, NULL),
                        "psatd: writing the gathered arrays", err, err_len);
}

/* The valid cells of every box of this rank, one work item each (CELL_ITEM). */
static void box_cells(const struct ctx *c, size_t cells[3])
{
    cells[0] = (size_t)c->lay.box[0];
    cells[1] = (size_t)c->lay.box[1];
    cells[2] = (size_t)c->lay.box[2] * (size_t)c->lay.n_local;
}

int psatd_solver_rho_old(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len)
{
    size_t cells[3];
    box_cells(c, cells);
    return zero_arrays(p, c, 9, 1, err, err_len) ||
           kernel_launch(&p->pack_rho, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len);
}

int psatd_solver_advance(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len)
{
    size_t cells[3];
    box_cells(c, cells);
    /* transform 9 (rho^n) was packed by psatd_solver_rho_old */
    return zero_arrays(p, c, 0, 9, err, err_len) || zero_arrays(p, c, 10, p->arrays - 10, err, err_len) ||
           kernel_launch(&p->pack, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len) ||
           gather_ranks(p, c, p->arrays, err, err_len) || fft_forward(&p->plan, err, err_len) ||
           kernel_launch(&p->push, c->dev->queue, &c->timers, 1, &p->points, NULL, err, err_len) ||
           fft_inverse(&p->plan, err, err_len) ||
           kernel_launch(&p->unpack, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len)
               ? -1
               : 0;
}

int psatd_solver_gauss(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len)
{
    size_t cells[3];
    box_cells(c, cells);
    /* the arrays are free between steps (the next step packs or zeroes each before it is read);
     * only the 4 that psatd_gauss reads are zeroed and summed over the ranks, the FFT batch
     * transforms the others' leftovers, which nothing reads */
    return zero_arrays(p, c, 0, 4, err, err_len) ||
           kernel_launch(&p->pack_gauss, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len) ||
           gather_ranks(p, c, 4, err, err_len) || fft_forward(&p->plan, err, err_len) ||
           kernel_launch(&p->gauss, c->dev->queue, &c->timers, 1, &p->points, NULL, err, err_len) ||
           fft_inverse(&p->plan, err, err_len)
               ? -1
               : 0;
}
