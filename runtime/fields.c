/* fields.c: the field buffer and the launches that update and exchange it. The kernels come
 * from templates/maxwell_*.cl, guards.cl, reduce.cl and init_fields.cl; the guard exchanges
 * between this rank's boxes follow the plans of guards.c. */
#include "fields.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#include "exchange.h"
#include "gen.h"
#include "godfrey.h"
#include "guards.h"
#include "laser.h"
#include "pml.h"
#include "psatd_solver.h"

/* One work item per valid cell of every box. */
static void valid_range(const struct gen_layout *lay, size_t g[3])
{
    g[0] = (size_t)lay->box[0];
    g[1] = (size_t)lay->box[1];
    g[2] = (size_t)lay->box[2] * (size_t)lay->n_local;
}

/* Valid-cell launches take the input's work-group size; the others let the driver choose. */
static int launch(struct kernel *k, struct ctx *c, const size_t g[3], char *err, size_t err_len)
{
    const int valid = g[0] == (size_t)c->lay.box[0];
    const size_t *local = valid && c->plan.wg_cells[0] ? c->plan.wg_cells : NULL;
    return kernel_launch(k, c->dev->queue, &c->timers, 3, g, local, err, err_len);
}

/* FillBoundary or SumBoundary g: the local plans (guards.c), then the guards other ranks own. */
static int exchange(struct fields *f, struct ctx *c, enum xgroup_id g, char *err, size_t err_len)
{
    if (guards_run(&f->guards, c, g, err, err_len))
        return -1;
    return f->xc ? exchange_run(f->xc, c, f->buf.mem, g, err, err_len) : 0;
}

int fields_fill_group(struct fields *f, struct ctx *c, int g, char *err, size_t err_len)
{
    return exchange(f, c, (enum xgroup_id)g, err, err_len);
}

int fields_create(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    memset(f, 0, sizeof *f);
    const struct gen_layout *lay = &c->lay;
    const int rz = c->cfg->geometry == CFG_GEOMETRY_RZ;
    /* with the Godfrey filter, its copy of E and B follows the solver's components */
    size_t bytes = (size_t)gen_field_buffer_comps(c->cfg) * (size_t)lay->comp_stride * c->real_size;
    if (arena_alloc(&c->arena, bytes, c->cfg->filter_godfrey ? "fields E, B, J, rho, Godfrey-filtered E, B"
                                                             : "fields E, B, J, rho", &f->buf, err, err_len))
        return -1;
    f->rows = (size_t)lay->box[1] * (size_t)lay->box[2] * (size_t)lay->n_local;
    if (arena_alloc(&c->arena, f->rows * 2 * sizeof(double), "field energy sums", &f->sums, err, err_len))
        return -1;
    f->sums_host = mem_calloc(f->rows * 2, sizeof(double));
    if (!f->sums_host) {
        snprintf(err, err_len, "out of host memory for %zu field sums", f->rows * 2);
        return -1;
    }
    const int psatd = c->cfg->solver == CFG_SOLVER_PSATD;
    struct {
        struct kernel *k;
        const char *name;
    } table[] = {{&f->init, "init_fields"},     {&f->push_B_half, rz ? "rz_push_B_half" : "maxwell_push_B_half"},
                 {&f->push_E, rz ? "rz_push_E" : "maxwell_push_E"}, {&f->reduce, rz ? "rz_reduce_fields" : "reduce_fields"},
                 {&f->gauss, rz ? "rz_reduce_gauss" : psatd ? "psatd_reduce_gauss" : "reduce_gauss"},     {&f->filter[0], "filter_J_x"},
                 {&f->filter[1], "filter_J_y"},   {&f->filter[2], "filter_J_z"},
                 {&f->filter_rho[0], "filter_rho_x"}, {&f->filter_rho[1], "filter_rho_y"},
                 {&f->filter_rho[2], "filter_rho_z"}};
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        if (psatd && table[i].k == &f->push_B_half) /* PSATD's program has no Faraday step */
            continue;
        if (kernel_create(table[i].k, c->prog, table[i].name, &c->timers, err, err_len))
            return -1;
        if (kernel_mem(table[i].k, "F", f->buf.mem, err, err_len))
            return -1;
    }
    if (c->cfg->filter_godfrey && (kernel_create(&f->godfrey, c->prog, "godfrey_EB", &c->timers, err, err_len) ||
                                   kernel_mem(&f->godfrey, "F", f->buf.mem, err, err_len)))
        return -1;
    if (kernel_mem(&f->gauss, "out", f->sums.mem, err, err_len) ||
        kernel_mem(&f->reduce, "out", f->sums.mem, err, err_len))
        return -1;
    if (guards_create(&f->guards, c, f->buf.mem, err, err_len))
        return -1;
    if (psatd) {
        f->psatd = mem_calloc(1, sizeof *f->psatd);
        if (!f->psatd) {
            snprintf(err, err_len, "out of host memory for the PSATD solver");
            return -1;
        }
        if (psatd_solver_create(f->psatd, c, f->buf.mem, err, err_len) ||
            kernel_mem(&f->gauss, "Fk", f->psatd->fk.mem, err, err_len))
            return -1;
    }
    if (c->lay.n_ranks > 1) {
        f->xc = mem_calloc(1, sizeof *f->xc);
        if (!f->xc) {
            snprintf(err, err_len, "out of host memory for the guard exchange");
            return -1;
        }
        if (exchange_create(f->xc, c, f->buf.mem, err, err_len))
            return -1;
    }
    return 0;
}

void fields_destroy(struct fields *f, struct ctx *c)
{
    struct kernel *all[] = {&f->init,      &f->push_B_half,   &f->push_E,        &f->reduce,
                            &f->gauss,     &f->filter[0],     &f->filter[1],     &f->filter[2],
                            &f->filter_rho[0], &f->filter_rho[1], &f->filter_rho[2], &f->godfrey};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        kernel_release(all[i]);
    guards_destroy(&f->guards, c);
    if (f->psatd) {
        psatd_solver_destroy(f->psatd, c);
        mem_free(f->psatd);
        f->psatd = NULL;
    }
    if (f->xc) {
        exchange_destroy(f->xc, c);
        mem_free(f->xc);
        f->xc = NULL;
    }
    if (f->buf.mem)
        arena_free(&c->arena, &f->buf);
    if (f->sums.mem)
        arena_free(&c->arena, &f->sums);
    mem_free(f->sums_host);
    f->sums_host = NULL;
}

int fields_initialize(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    size_t g[3];
    valid_range(&c->lay, g);
    /* guards of J and rho too: deposition adds into them */
    double zero = 0;
    cl_int rc = clEnqueueFillBuffer(c->dev->queue, f->buf.mem, &zero, c->real_size, 0,
                                    (size_t)FC_COUNT * cfg_mode_comps(c->cfg) * c->lay.comp_stride * c->real_size,
                                    0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "clearing the fields failed: %s", device_error_name(rc));
        return -1;
    }
    if (launch(&f->init, c, g, err, err_len) || exchange(f, c, XG_FILL_EB, err, err_len))
        return -1;
    return 0;
}

static int zero_components(struct fields *f, struct ctx *c, int first, int count, char *err, size_t err_len)
{
    double zero = 0;
    /* every mode of the fields first .. first + count - 1 (RZ: MODE_COMPS each) */
    size_t comp = (size_t)c->lay.comp_stride * c->real_size * (size_t)cfg_mode_comps(c->cfg);
    cl_int rc = clEnqueueFillBuffer(c->dev->queue, f->buf.mem, &zero, c->real_size, (size_t)first * comp,
                                    (size_t)count * comp, 0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "clearing %s failed: %s", gen_comp_name((enum field_comp)first),
                 device_error_name(rc));
        return -1;
    }
    return 0;
}

int fields_zero_J(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return zero_components(f, c, FC_JX, 3, err, err_len);
}

int fields_zero_rho(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return zero_components(f, c, FC_RHO, 1, err, err_len);
}

int fields_zero_phi(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return zero_components(f, c, FC_PHI, 1, err, err_len);
}

int fields_sum_J(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return exchange(f, c, XG_SUM_J, err, err_len);
}

static int filter_passes(struct fields *f, struct ctx *c, enum xgroup_id g, struct kernel *pass, char *err,
                         size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    /* lines along each axis: items over the other two axes, boxes folded into the second */
    const size_t lines[3][2] = {{(size_t)lay->box[1], (size_t)lay->box[2] * lay->n_local},
                                {(size_t)lay->box[0], (size_t)lay->box[2] * lay->n_local},
                                {(size_t)lay->box[0], (size_t)lay->box[1] * lay->n_local}};
    for (int a = 0; a < 3; a++)
        for (int p = 0; p < c->cfg->filter_passes[a]; p++)
            if (exchange(f, c, g, err, err_len) ||
                kernel_launch(&pass[a], c->dev->queue, &c->timers, 2, lines[a], NULL, err, err_len))
                return -1;
    return 0;
}

int fields_filter_J(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return filter_passes(f, c, XG_FILL_J, f->filter, err, err_len);
}

int fields_filter_rho(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return filter_passes(f, c, XG_FILL_RHO, f->filter_rho, err, err_len);
}

int fields_sum_rho(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    return exchange(f, c, XG_SUM_RHO, err, err_len);
}

/* What acts on B after half step `half` (0 first, 1 second) that used E at time t: the PML and
 * the lasers' sheets. */
static int after_B_half(struct fields *f, struct ctx *c, int half, double t, char *err, size_t err_len)
{
    return (f->pml && pml_push_B(f->pml, c, half, err, err_len)) ||
           (f->lasers && lasers_push_B(f->lasers, c, t, err, err_len));
}

/* One update of the solver on the valid cells. RZ (templates/maxwell_rz.cl): work items (r, mode,
 * z of every box) in the driver's work-groups, the axis in the kernels; the PML (along z, at r_max:
 * every mode's parts) and the lasers' sheets (templates/rz_laser.cl) act as in the Cartesian step. */
static int launch_update(struct kernel *k, struct ctx *c, char *err, size_t err_len)
{
    size_t g[3];
    valid_range(&c->lay, g);
    if (c->cfg->geometry != CFG_GEOMETRY_RZ)
        return launch(k, c, g, err, err_len);
    g[1] = (size_t)c->cfg->modes;
    return kernel_launch(k, c->dev->queue, &c->timers, 3, g, NULL, err, err_len);
}

int fields_advance(struct fields *f, struct ctx *c, double t, char *err, size_t err_len)
{
    if (f->psatd) /* the schema leaves no PML and no laser sheet to PSATD */
        return psatd_solver_advance(f->psatd, c, err, err_len) || exchange(f, c, XG_FILL_EB, err, err_len) ? -1 : 0;
    /* B half step reads E's upper guards; E reads B's lower guards and J; the second B half
     * step reads E's guards again; the gather of the next step reads both. */
    if (launch_update(&f->push_B_half, c, err, err_len) || after_B_half(f, c, 0, t, err, err_len) ||
        exchange(f, c, XG_FILL_B, err, err_len) ||
        launch_update(&f->push_E, c, err, err_len) || (f->pml && pml_push_E(f->pml, c, err, err_len)) ||
        exchange(f, c, XG_FILL_E, err, err_len) ||
        launch_update(&f->push_B_half, c, err, err_len) || after_B_half(f, c, 1, t + c->cfg->dt, err, err_len) ||
        exchange(f, c, XG_FILL_B, err, err_len))
        return -1;
    return 0;
}

/* The host wait of the diagnostics' row reductions (energy, Gauss residual), as `picl run -v` counts it. */
static const char *const diagnostic_sums = "fields: a diagnostic's sums (energy, Gauss residual)";

/* Runs a row reduction (two values per row of NX cells) and combines the rows on the host:
 * by sum, or by maximum when `max` is set. */
int fields_reduce_rows(struct fields *f, struct ctx *c, struct kernel *k, int max, const char *what, double out[2],
                       char *err, size_t err_len)
{
    size_t g[2] = {(size_t)c->lay.box[1], (size_t)c->lay.box[2] * (size_t)c->lay.n_local};
    if (kernel_launch(k, c->dev->queue, &c->timers, 2, g, NULL, err, err_len))
        return -1;
    size_t acc = c->dev->facts.has_fp64 ? sizeof(double) : sizeof(float);
    device_waited(c->dev, what);
    cl_int rc = clEnqueueReadBuffer(c->dev->queue, f->sums.mem, CL_TRUE, 0, f->rows * 2 * acc, f->sums_host, 0,
                                    NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "%s: reading its sums failed: %s", k->name, device_error_name(rc));
        return -1;
    }
    out[0] = out[1] = 0;
    for (size_t r = 0; r < 2 * f->rows; r++) {
        double v = acc == sizeof(double) ? f->sums_host[r] : ((float *)f->sums_host)[r];
        out[r % 2] = max ? (v > out[r % 2] ? v : out[r % 2]) : out[r % 2] + v;
    }
    /* one reduction over the ranks for both numbers */
    if (max)
        comm_max_doubles(c->comm, out, 2);
    else
        comm_sum_doubles(c->comm, out, 2);
    return 0;
}

int fields_gauss(struct fields *f, struct ctx *c, int store, double species_scale, double *residual, char *err,
                 size_t err_len)
{
    double v[2];
    /* PSATD: the divergence it conserves, spectral, not Yee's finite difference (docs/psatd.md) */
    if ((f->psatd && psatd_solver_gauss(f->psatd, c, err, err_len)) ||
        kernel_set(&f->gauss, "store", sizeof(int), &store, err, err_len) || fields_reduce_rows(f, c, &f->gauss, 1, diagnostic_sums, v, err, err_len))
        return -1;
    if (species_scale > v[1])
        v[1] = species_scale;
    /* the scale is the larger of max |rho/eps0| now and at the reference: charge that left
     * through an absorbing face does not take the scale with it */
    if (store)
        f->gauss_scale = v[1];
    const double scale = v[1] > f->gauss_scale ? v[1] : f->gauss_scale;
    *residual = scale > 0 ? v[0] / scale : v[0];
    return 0;
}

int fields_rho_max(struct fields *f, struct ctx *c, double *rho_max, char *err, size_t err_len)
{
    const int store = 0; /* the reference G0 stays: only the kernel's second number is used */
    double v[2];
    if (kernel_set(&f->gauss, "store", sizeof(int), &store, err, err_len) || fields_reduce_rows(f, c, &f->gauss, 1, diagnostic_sums, v, err, err_len))
        return -1;
    *rho_max = v[1];
    return 0;
}

/* The entries of fields_energy_modes: RZ's modes, the whole energy elsewhere. */
static int energy_entries(const struct ctx *c)
{
    return c->cfg->geometry == CFG_GEOMETRY_RZ ? c->cfg->modes : 1;
}

int fields_energy_modes(struct fields *f, struct ctx *c, double *we, double *wb, char *err, size_t err_len)
{
    const int rz = c->cfg->geometry == CFG_GEOMETRY_RZ, modes = energy_entries(c);
    double dv = c->lay.dx[0] * c->lay.dx[1] * c->lay.dx[2];
    for (int m = 0; m < modes; m++) {
        double v[2];
        if ((rz && kernel_set(&f->reduce, "mode", sizeof(int), &m, err, err_len)) ||
            fields_reduce_rows(f, c, &f->reduce, 0, diagnostic_sums, v, err, err_len))
            return -1;
        we[m] = 0.5 * PICL_EPS0 * v[0] * dv;
        wb[m] = 0.5 / PICL_MU0 * v[1] * dv;
    }
    return 0;
}

int fields_energy(struct fields *f, struct ctx *c, double *we, double *wb, char *err, size_t err_len)
{
    double e[FIELDS_MAX_MODES], b[FIELDS_MAX_MODES];
    if (fields_energy_modes(f, c, e, b, err, err_len))
        return -1;
    *we = *wb = 0;
    for (int m = 0; m < energy_entries(c); m++) {
        *we += e[m];
        *wb += b[m];
    }
    return 0;
}

int fields_read_comps(struct fields *f, struct ctx *c, enum field_comp first, int n_comp, double *out, char *err,
                      size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    size_t n = (size_t)lay->comp_stride;
    if (cfg_mode_comps(c->cfg) > 1 && n_comp > 1) {
        snprintf(err, err_len, "reading %d field components at once is not written for RZ yet", n_comp);
        return -1;
    }
    void *host = mem_alloc((size_t)n_comp * n * c->real_size);
    if (!host) {
        snprintf(err, err_len, "out of host memory reading %s", gen_comp_name(first));
        return -1;
    }
    device_waited(c->dev, "fields_read: a field component");
    cl_int rc = clEnqueueReadBuffer(c->dev->queue, f->buf.mem, CL_TRUE,
                                    (size_t)first * (size_t)cfg_mode_comps(c->cfg) * n * c->real_size, /* RZ: mode 0 */
                                    (size_t)n_comp * n * c->real_size, host, 0, NULL, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "reading %s failed: %s", gen_comp_name(first), device_error_name(rc));
        mem_free(host);
        return -1;
    }
    const size_t cells = (size_t)lay->cells[0] * lay->cells[1] * lay->cells[2];
    for (int m = 0; m < n_comp; m++)
        for (int b = 0; b < lay->n_local; b++) {
            const int gb = gen_box_gid(lay, b);
            int bx = gb % lay->nbox[0], by = (gb / lay->nbox[0]) % lay->nbox[1],
                bz = gb / (lay->nbox[0] * lay->nbox[1]);
            for (int k = 0; k < lay->box[2]; k++)
                for (int j = 0; j < lay->box[1]; j++)
                    for (int i = 0; i < lay->box[0]; i++) {
                        size_t src = (size_t)m * n + (size_t)b * lay->box_stride + (size_t)(i + lay->ngs[0]) +
                                     (size_t)(j + lay->ngs[1]) * lay->dim[0] +
                                     (size_t)(k + lay->ngs[2]) * lay->dim[0] * lay->dim[1];
                        size_t gi = (size_t)(bx * lay->box[0] + i), gj = (size_t)(by * lay->box[1] + j),
                               gk = (size_t)(bz * lay->box[2] + k);
                        size_t dst = (size_t)m * cells + gi + (size_t)lay->cells[0] * (gj + (size_t)lay->cells[1] * gk);
                        out[dst] = c->real_size == sizeof(double) ? ((double *)host)[src] : ((float *)host)[src];
                    }
        }
    mem_free(host);
    return 0;
}

int fields_read(struct fields *f, struct ctx *c, enum field_comp comp, double *out, char *err, size_t err_len)
{
    return fields_read_comps(f, c, comp, 1, out, err, err_len);
}

int fields_godfrey(struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    if (!c->cfg->filter_godfrey)
        return 0;
    /* every allocated (i, j), and along z the cells the copy keeps (templates/godfrey.cl) */
    const struct gen_layout *lay = &c->lay;
    const size_t g[3] = {(size_t)lay->dim[0], (size_t)lay->dim[1],
                         (size_t)(lay->box[2] + 2 * (lay->ngs[2] - GODFREY_HALF)) * (size_t)lay->n_local};
    return kernel_launch(&f->godfrey, c->dev->queue, &c->timers, 3, g, NULL, err, err_len);
}
