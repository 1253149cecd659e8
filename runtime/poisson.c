/* poisson.c: the electrostatic solver's launches (templates/poisson.cl): conjugate gradients on
 * -lap(phi) = rho / eps0 over every box of every rank, with the dot products summed on the host. */
#include "poisson.h"

#include <math.h>
#include <string.h>

#include "exchange.h"
#include "exprs.h"
#include "log.h"

/* the host wait of every solve's dot products, as `picl run -v` counts it (docs/speed.md) */
static const char *const cg_sums = "poisson: the conjugate gradients' dot products";

int poisson_create(struct poisson *p, struct ctx *c, struct fields *f, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    const struct picl_config *cfg = c->cfg;
    struct {
        struct kernel *k;
        const char *name;
        int work, out;
    } table[] = {{&p->boundary, "es_boundary", 0, 0}, {&p->rho_sum, "es_rho_sum", 0, 1},
                 {&p->residual, "es_residual", 1, 1}, {&p->apply, "es_apply", 1, 1},
                 {&p->update, "es_update", 1, 1},     {&p->direction, "es_direction", 1, 0},
                 {&p->field, "es_field", 0, 0}};
    if (arena_alloc(&c->arena, 2 * (size_t)c->lay.comp_stride * c->real_size, "electrostatic solver r, A p", &p->work,
                    err, err_len))
        return -1;
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (kernel_create(table[i].k, c->prog, table[i].name, &c->timers, err, err_len) ||
            kernel_mem(table[i].k, "F", f->buf.mem, err, err_len) ||
            (table[i].work && kernel_mem(table[i].k, "W", p->work.mem, err, err_len)) ||
            (table[i].out && kernel_mem(table[i].k, "out", f->sums.mem, err, err_len)))
            return -1;
    p->singular = 1;
    for (int a = 0; a < 3; a++) {
        if (!gen_has_axis(&c->lay, a) || cfg->field_boundary[a][0] == CFG_BOUNDARY_PERIODIC)
            continue;
        p->singular = 0;
        for (int side = 0; side < 2; side++) {
            const struct cfg_expr *e = &cfg->es_potential[a][side];
            if (!e->text[0])
                continue;
            if (gen_expr_parse(cfg, e, &p->potential[a][side], err, err_len))
                return -1;
            p->has_potential[a][side] = 1;
        }
    }
    return 0;
}

void poisson_destroy(struct poisson *p, struct ctx *c)
{
    struct kernel *all[] = {&p->boundary, &p->rho_sum, &p->residual, &p->apply, &p->update, &p->direction, &p->field};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        kernel_release(all[i]);
    for (int a = 0; a < 3; a++)
        for (int side = 0; side < 2; side++)
            if (p->has_potential[a][side])
                expr_free(&p->potential[a][side]);
    if (p->work.mem)
        arena_free(&c->arena, &p->work);
    memset(p, 0, sizeof *p);
}

/* The faces' potentials at t as es_boundary's arguments: scalars of t, evaluated here in double,
 * once a solve (both fills of phi below set the same values). */
static int set_potentials(struct poisson *p, struct ctx *c, double t, char *err, size_t err_len)
{
    static const char *const names[6] = {"vxl", "vxh", "vyl", "vyh", "vzl", "vzh"};
    const char *scope[GEN_EXPR_MAX_NAMES];
    double values[GEN_EXPR_MAX_NAMES];
    gen_expr_scope(c->cfg, scope, values);
    values[3] = t; /* x, y, z, t */
    const int fp64 = c->dev->facts.has_fp64;
    for (int a = 0; a < 3; a++)
        for (int side = 0; side < 2; side++) {
            const double v = p->has_potential[a][side] ? expr_eval(&p->potential[a][side], values) : 0.0;
            if (kernel_set_acc(&p->boundary, names[2 * a + side], fp64, v, err, err_len))
                return -1;
        }
    return 0;
}

/* phi's guards, then the faces' potentials on the Dirichlet nodes (FillBoundary's PEC rule
 * leaves them zero). */
static int fill_phi(struct poisson *p, struct fields *f, struct ctx *c, char *err, size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    const size_t g[3] = {(size_t)lay->dim[0], (size_t)lay->dim[1], (size_t)lay->dim[2] * (size_t)lay->n_local};
    return fields_fill_group(f, c, XG_FILL_PHI, err, err_len) ||
                   kernel_launch(&p->boundary, c->dev->queue, &c->timers, 3, g, NULL, err, err_len)
               ? -1
               : 0;
}

int poisson_solve(struct poisson *p, struct fields *f, struct ctx *c, double t, char *err, size_t err_len)
{
    const int fp64 = c->dev->facts.has_fp64;
    const struct gen_layout *lay = &c->lay;
    double v[2], rho_mean = 0;
    if (p->singular) {
        if (fields_reduce_rows(f, c, &p->rho_sum, 0, cg_sums, v, err, err_len))
            return -1;
        rho_mean = v[0] / ((double)lay->cells[0] * lay->cells[1] * lay->cells[2]);
    }
    /* phi of the last solve is the first guess: it changes little in a step */
    if (set_potentials(p, c, t, err, err_len) || fill_phi(p, f, c, err, err_len) ||
        kernel_set_acc(&p->residual, "rho_mean", fp64, rho_mean, err, err_len) ||
        fields_reduce_rows(f, c, &p->residual, 0, cg_sums, v, err, err_len))
        return -1;
    double rr = v[0];
    const double bb = v[1], tol = c->cfg->es_precision;
    int it = 0;
    /* |r| <= tol |b| (WarpX's required_precision is MLMG's relative tolerance); b = 0 is phi = 0 */
    while (bb > 0 && rr > tol * tol * bb) {
        if (it == c->cfg->es_max_iters) {
            snprintf(err, err_len, "electrostatic solver: |r|/|b| = %.3g after %d iterations, above "
                     "solver.required_precision %.3g; expected fewer cells, a looser precision or a larger "
                     "solver.max_iterations", sqrt(rr / bb), it, tol);
            return -1;
        }
        double pap[2], rr_new[2];
        if (fields_fill_group(f, c, XG_FILL_ES_P, err, err_len) ||
            fields_reduce_rows(f, c, &p->apply, 0, cg_sums, pap, err, err_len))
            return -1;
        if (!(pap[0] > 0)) /* round-off has taken over: the direction has no length left */
            break;
        if (kernel_set_acc(&p->update, "alpha", fp64, rr / pap[0], err, err_len) ||
            fields_reduce_rows(f, c, &p->update, 0, cg_sums, rr_new, err, err_len))
            return -1;
        const size_t rows[2] = {(size_t)lay->box[1], (size_t)lay->box[2] * (size_t)lay->n_local};
        if (kernel_set_acc(&p->direction, "beta", fp64, rr_new[0] / rr, err, err_len) ||
            kernel_launch(&p->direction, c->dev->queue, &c->timers, 2, rows, NULL, err, err_len))
            return -1;
        rr = rr_new[0];
        it++;
    }
    p->iterations = it;
    if (bb == 0 && fields_zero_phi(f, c, err, err_len)) /* no charge, no potential on any face */
        return -1;
    const size_t g[3] = {(size_t)lay->box[0], (size_t)lay->box[1], (size_t)lay->box[2] * (size_t)lay->n_local};
    if (fill_phi(p, f, c, err, err_len) || kernel_launch(&p->field, c->dev->queue, &c->timers, 3, g, NULL, err, err_len) ||
        fields_fill_group(f, c, XG_FILL_EB, err, err_len))
        return -1;
    log_debug("electrostatic solve at t = %g s: %d iterations, |r|/|b| = %.3g", t, it, bb > 0 ? sqrt(rr / bb) : 0);
    return 0;
}
