/* psatd_solver.c: the PSATD step on the device: pack, forward FFT, k-space update, inverse FFT,
 * unpack. The tables are computed once on the host in double (gen/psatd.c) and stored in `real`. */
#include "psatd_solver.h"

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
    /* the schema refuses several boxes; the rank count only the run knows */
    if (lay->n_ranks > 1 || lay->nbox[0] * lay->nbox[1] * lay->nbox[2] > 1) {
        snprintf(err, err_len, "solver: \"psatd\" runs on one box on one rank so far (one FFT of the whole grid; "
                               "the local FFTs with guard regions for boxes and ranks are not built yet), and this "
                               "run has %d boxes on %d ranks",
                 lay->nbox[0] * lay->nbox[1] * lay->nbox[2], lay->n_ranks);
        return -1;
    }
    const int *n = lay->box;
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
    return 0;
}

void psatd_solver_destroy(struct psatd_solver *p, struct ctx *c)
{
    kernel_release(&p->pack);
    if (psatd_rho_deposits(c->cfg))
        kernel_release(&p->pack_rho);
    kernel_release(&p->push);
    kernel_release(&p->unpack);
    fft_destroy(&p->plan);
    struct arena_buf *bufs[] = {&p->fk, &p->coef, &p->k, &p->shift, &p->gal};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        if (bufs[i]->mem)
            arena_free(&c->arena, bufs[i]);
}

int psatd_solver_rho_old(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len)
{
    const size_t cells[3] = {(size_t)c->lay.box[0], (size_t)c->lay.box[1], (size_t)c->lay.box[2]};
    return kernel_launch(&p->pack_rho, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len);
}

int psatd_solver_advance(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len)
{
    const size_t cells[3] = {(size_t)c->lay.box[0], (size_t)c->lay.box[1], (size_t)c->lay.box[2]};
    return kernel_launch(&p->pack, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len) ||
           fft_forward(&p->plan, err, err_len) ||
           kernel_launch(&p->push, c->dev->queue, &c->timers, 1, &p->points, NULL, err, err_len) ||
           fft_inverse(&p->plan, err, err_len) ||
           kernel_launch(&p->unpack, c->dev->queue, &c->timers, 3, cells, NULL, err, err_len)
               ? -1
               : 0;
}
