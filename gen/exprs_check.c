/* exprs_check.c: every input expression parsed and evaluated on the host before anything is
 * built, so a NaN, an infinity or a negative density is an input error, not a crash at step 1. */
#include "exprs.h"

#include <math.h>

#include "constants.h"
#include <stdio.h>
#include <string.h>

/* Evaluations per expression. Up to this many the check visits every point the device will
 * evaluate at load; past it, an evenly spaced subset of cells along each axis (the first and
 * last included), so a 10^9-cell grid costs the same fraction of a second as a small one. */
#define CHECK_POINTS (1L << 22)

struct sweep {
    int n[3]; /* cells visited per axis */
    int cells[3];
};

static void sweep_init(struct sweep *s, const int *cells, long per_cell)
{
    long total = per_cell;
    for (int a = 0; a < 3; a++) {
        s->cells[a] = cells[a];
        s->n[a] = cells[a];
        total *= cells[a] > 0 ? cells[a] : 1;
    }
    if (total <= CHECK_POINTS)
        return;
    const double side = cbrt((double)CHECK_POINTS / (double)(per_cell > 0 ? per_cell : 1));
    for (int a = 0; a < 3; a++)
        if (s->n[a] > side)
            s->n[a] = side < 2 ? 2 : (int)side;
}

/* Cell index of sample i of n along an axis of `cells` cells: 0 and cells - 1 always visited. */
static long sweep_cell(const struct sweep *s, int a, int i)
{
    if (s->n[a] == s->cells[a] || s->n[a] < 2)
        return i;
    return (long)((double)i * (s->cells[a] - 1) / (s->n[a] - 1) + 0.5);
}

/* The cells along each axis where a run evaluates the initial fields and densities: the grid,
 * and along a moving window's axis also the cells it brings in at its leading face by the last
 * step (evaluated in the lab frame, which is where they lie). */
void gen_expr_lab_cells(const struct picl_config *cfg, int *cells)
{
    for (int a = 0; a < 3; a++)
        cells[a] = cfg->grid.cells[a];
    const struct cfg_window *w = &cfg->window;
    if (!w->enabled || !(w->speed > 0))
        return;
    const int a = w->axis;
    const double dx = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    const double travel = w->speed * PICL_C * ((double)cfg->steps * cfg->dt - w->start);
    const double extra = travel > 0 ? ceil(travel / dx) + 1 : 0;
    cells[a] = extra + cells[a] > 1 << 30 ? 1 << 30 : cells[a] + (int)extra;
}

/* The message of a bad value: where, key, the value and the point. */
int gen_expr_bad_value(const struct cfg_expr *e, double v, const double *r, double t, int with_t, const char *expected,
                       char *err, size_t err_len)
{
    char when[64] = "";
    if (with_t)
        snprintf(when, sizeof when, " and t = %.6g s", t);
    snprintf(err, err_len, "%s: %s: %s at (x, y, z) = (%.6g, %.6g, %.6g) m%s (the first such point); expected %s",
             e->where[0] ? e->where : "input", e->key, isnan(v) ? "is NaN" : isinf(v) ? (v > 0 ? "is inf" : "is -inf") : "is negative",
             r[0], r[1], r[2], when, expected);
    if (!isnan(v) && !isinf(v)) {
        size_t n = strlen(err);
        snprintf(err + n, err_len - n, " (got %.6g)", v);
    }
    return -1;
}

static int check_field(const struct picl_config *cfg, int comp, const struct expr_tree *tree, double *values,
                       char *err, size_t err_len)
{
    const struct cfg_expr *e = comp < 3 ? &cfg->init_E[comp] : &cfg->init_B[comp - 3];
    double d[3];
    for (int a = 0; a < 3; a++)
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    /* the Yee positions of templates/init_fields.cl: E half a cell along its own axis, B along
     * the other two */
    double half[3];
    for (int a = 0; a < 3; a++)
        half[a] = (comp < 3) == (a == comp % 3) ? 0.5 : 0.0;
    struct sweep s;
    int cells[3];
    gen_expr_lab_cells(cfg, cells);
    sweep_init(&s, cells, 1);
    for (int k = 0; k < s.n[2]; k++)
        for (int j = 0; j < s.n[1]; j++)
            for (int i = 0; i < s.n[0]; i++) {
                const long g[3] = {sweep_cell(&s, 0, i), sweep_cell(&s, 1, j), sweep_cell(&s, 2, k)};
                for (int a = 0; a < 3; a++)
                    values[a] = cfg->grid.lower[a] + ((double)g[a] + half[a]) * d[a];
                values[3] = 0;
                const double v = expr_eval(tree, values);
                if (!isfinite(v))
                    return gen_expr_bad_value(e, v, values, 0, 0, "a finite field everywhere in the grid", err, err_len);
            }
    return 0;
}

/* An expression of a species evaluated where the particles are loaded (the density, the
 * temperature, a momentum profile): finite there, and >= 0 when `non_negative`. */
static int check_at_load(const struct picl_config *cfg, const struct cfg_species *sp, const struct cfg_expr *e,
                         const struct expr_tree *tree, double *values, int non_negative, const char *expected,
                         char *err, size_t err_len)
{
    double d[3];
    for (int a = 0; a < 3; a++)
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    const int *ppc = sp->ppc;
    struct sweep s;
    int cells[3];
    gen_expr_lab_cells(cfg, cells);
    sweep_init(&s, cells, (long)ppc[0] * ppc[1] * ppc[2]);
    /* the candidates of templates/particle_load.cl, at the same positions */
    for (int k = 0; k < s.n[2]; k++)
        for (int j = 0; j < s.n[1]; j++)
            for (int i = 0; i < s.n[0]; i++) {
                const long g[3] = {sweep_cell(&s, 0, i), sweep_cell(&s, 1, j), sweep_cell(&s, 2, k)};
                for (int c = 0; c < ppc[2]; c++)
                    for (int b = 0; b < ppc[1]; b++)
                        for (int a = 0; a < ppc[0]; a++) {
                            const int q[3] = {a, b, c};
                            int inside = 1;
                            for (int ax = 0; ax < 3; ax++) {
                                values[ax] = cfg->grid.lower[ax] + ((double)g[ax] + (q[ax] + 0.5) / ppc[ax]) * d[ax];
                                if (sp->has_region &&
                                    (values[ax] < sp->region_lower[ax] || values[ax] >= sp->region_upper[ax]))
                                    inside = 0;
                            }
                            if (!inside)
                                continue;
                            values[3] = 0;
                            const double v = expr_eval(tree, values);
                            if (!isfinite(v) || (non_negative && v < 0))
                                return gen_expr_bad_value(e, v, values, 0, 0, expected, err, err_len);
                            if (!non_negative && fabs(v) > GEN_U_MAX) { /* a momentum */
                                snprintf(err, err_len, "%s: %s: is %g at (x, y, z) = (%.6g, %.6g, %.6g) m (the first "
                                         "such point); expected %s, |u| <= %g",
                                         e->where[0] ? e->where : "input", e->key, v, values[0], values[1], values[2],
                                         expected, GEN_U_MAX);
                                return -1;
                            }
                        }
            }
    return 0;
}

/* A laser profile on its antenna plane, at the nodes of the plane and at every step's time
 * (both thinned like the grid past CHECK_POINTS). */
static int check_profile(const struct picl_config *cfg, const struct cfg_laser *l, const struct expr_tree *tree,
                         double *values, char *err, size_t err_len)
{
    int cells[3] = {cfg->grid.cells[0] + 1, cfg->grid.cells[1] + 1, cfg->grid.cells[2] + 1};
    const long steps = cfg->steps > 0 ? cfg->steps : 1;
    cells[l->axis] = steps > 2147483646L ? 2147483646 : (int)steps + 1; /* time takes the normal axis's place */
    struct sweep s;
    sweep_init(&s, cells, 1);
    double d[3];
    for (int a = 0; a < 3; a++)
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    for (int k = 0; k < s.n[2]; k++)
        for (int j = 0; j < s.n[1]; j++)
            for (int i = 0; i < s.n[0]; i++) {
                const long g[3] = {sweep_cell(&s, 0, i), sweep_cell(&s, 1, j), sweep_cell(&s, 2, k)};
                for (int a = 0; a < 3; a++)
                    values[a] = cfg->grid.lower[a] + (double)g[a] * d[a];
                values[l->axis] = l->position[l->axis];
                values[3] = (double)g[l->axis] * cfg->dt;
                const double v = expr_eval(tree, values);
                if (!isfinite(v))
                    return gen_expr_bad_value(&l->profile, v, values, values[3], 1,
                                     "a finite field (V/m) on the antenna plane for the whole run", err, err_len);
            }
    return 0;
}

/* An applied field (gen/applied.c) at the grid's nodes (and, under a moving window, the lab
 * cells it reaches) at APPLIED_TIMES times spread over the run, the first and last step's
 * included: the push adds it wherever a particle may be. */
#define APPLIED_TIMES 16
static int check_applied(const struct picl_config *cfg, const struct cfg_expr *e, const struct expr_tree *tree,
                         double *values, char *err, size_t err_len)
{
    double d[3];
    for (int a = 0; a < 3; a++)
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    const long steps = cfg->steps > 0 ? cfg->steps : 1;
    const int times = steps + 1 < APPLIED_TIMES ? (int)steps + 1 : APPLIED_TIMES;
    struct sweep s;
    int cells[3];
    gen_expr_lab_cells(cfg, cells);
    for (int a = 0; a < 3; a++)
        cells[a] += 1; /* the nodes */
    sweep_init(&s, cells, times);
    for (int k = 0; k < s.n[2]; k++)
        for (int j = 0; j < s.n[1]; j++)
            for (int i = 0; i < s.n[0]; i++)
                for (int n = 0; n < times; n++) {
                    const long g[3] = {sweep_cell(&s, 0, i), sweep_cell(&s, 1, j), sweep_cell(&s, 2, k)};
                    for (int a = 0; a < 3; a++)
                        values[a] = cfg->grid.lower[a] + (double)g[a] * d[a];
                    values[3] = times > 1 ? (double)steps * cfg->dt * n / (times - 1) : 0;
                    const double v = expr_eval(tree, values);
                    if (!isfinite(v))
                        return gen_expr_bad_value(e, v, values, values[3], 1, "a finite applied field over the grid for the whole run",
                                         err, err_len);
                }
    return 0;
}

/* Numbers the schema passes through unevaluated: the momenta of every species, finite and
 * within GEN_U_MAX. */
static int check_momenta(const struct cfg_species *sp, char *err, size_t err_len)
{
    const double *v[3] = {sp->u_drift, sp->u_th, sp->beam.u_th};
    const char *const key[3] = {"u_drift", "u_th", "beam.u_th"};
    for (int q = 0; q < 3; q++)
        for (int a = 0; a < 3; a++)
            if (!(fabs(v[q][a]) <= GEN_U_MAX)) {
                snprintf(err, err_len,
                         "%s: species.%s.%s: component %d is %g; expected a finite number (gamma v / c) with "
                         "|u| <= %g",
                         sp->where[0] ? sp->where : "input", sp->name, key[q], a + 1, v[q][a], GEN_U_MAX);
                return -1;
            }
    for (int a = 0; a < 3 && sp->is_beam; a++) /* the divergence's u at the bunch's edge */
        if (!(fabs(sp->beam.divergence[a]) * sp->beam.truncate * sp->beam.rms[a] <= GEN_U_MAX)) {
            snprintf(err, err_len,
                     "%s: species.%s.beam.divergence: component %d is %g 1/m, so u reaches %g at truncate * rms "
                     "from the centroid; expected |u| <= %g",
                     sp->where[0] ? sp->where : "input", sp->name, a + 1, sp->beam.divergence[a],
                     fabs(sp->beam.divergence[a]) * sp->beam.truncate * sp->beam.rms[a], GEN_U_MAX);
            return -1;
        }
    if (sp->is_beam && !(fabs(sp->beam.u) <= GEN_U_MAX)) {
        snprintf(err, err_len, "%s: species.%s.beam: the mean u is %g; expected a finite number with |u| <= %g",
                 sp->where[0] ? sp->where : "input", sp->name, sp->beam.u, GEN_U_MAX);
        return -1;
    }
    return 0;
}

/* Numbers that become literals of the program through products and quotients (q dt / 2m, a
 * laser's E0 and omega): bounded so that every literal is finite in single precision too. The
 * generator refuses any that still is not (gen_check_literals); these say which key. */
#define QM_MAX 1e15 /* C/kg: ~5700 times the electron's */
#define E0_MAX 1e30 /* V/m: a0 ~ 3e17 at 1 um */
#define WAVELENGTH_MIN 1e-15 /* m */
static int check_bounds(const struct picl_config *cfg, char *err, size_t err_len)
{
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        const char *where = sp->where[0] ? sp->where : "input";
        if (!(isfinite(sp->charge) && sp->mass > 0 && isfinite(sp->mass) &&
              fabs(sp->charge / sp->mass) <= QM_MAX)) {
            snprintf(err, err_len, "%s: species.%s.charge: charge %g C over mass %g kg is %g C/kg; expected finite "
                     "numbers, mass > 0 and |charge / mass| <= %g C/kg", where, sp->name, sp->charge, sp->mass,
                     sp->charge / sp->mass, QM_MAX);
            return -1;
        }
    }
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        const char *where = l->where[0] ? l->where : "input";
        if (l->has_profile)
            continue;
        if (!(l->wavelength >= WAVELENGTH_MIN && isfinite(l->wavelength))) {
            snprintf(err, err_len, "%s: lasers.%s.wavelength: %g m; expected a finite wavelength >= %g m", where,
                     l->name, l->wavelength, WAVELENGTH_MIN);
            return -1;
        }
        if (!(l->E0 <= E0_MAX)) {
            snprintf(err, err_len, "%s: lasers.%s.a0: a0 %g is a peak field E0 of %g V/m; expected E0 <= %g V/m",
                     where, l->name, l->a0, l->E0, E0_MAX);
            return -1;
        }
    }
    return 0;
}

int gen_exprs_check(const struct picl_config *cfg, char *err, size_t err_len)
{
    if (check_bounds(cfg, err, err_len))
        return -1;
    const char *names[GEN_EXPR_MAX_NAMES];
    double values[GEN_EXPR_MAX_NAMES];
    gen_expr_scope(cfg, names, values);
    for (int a = 0; a < 3; a++)
        if (cfg->grid.cells[a] < 1 || !(cfg->grid.upper[a] > cfg->grid.lower[a]))
            return 0; /* the schema refuses such a grid; nothing to evaluate on */
    struct expr_tree tree;
    for (int c = 0; c < 6; c++) {
        const struct cfg_expr *e = c < 3 ? &cfg->init_E[c] : &cfg->init_B[c - 3];
        if (!e->text[0])
            continue;
        if (gen_expr_parse(cfg, e, &tree, err, err_len))
            return -1;
        const int rc = check_field(cfg, c, &tree, values, err, err_len);
        expr_free(&tree);
        if (rc)
            return -1;
    }
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        if (check_momenta(sp, err, err_len))
            return -1;
        const struct cfg_expr *own[GEN_SPECIES_EXPRS];
        gen_species_exprs(sp, own);
        for (int i = 0; i < GEN_SPECIES_EXPRS; i++) {
            if (!own[i]->text[0])
                continue;
            if (gen_expr_parse(cfg, own[i], &tree, err, err_len))
                return -1;
            const int rc = check_at_load(cfg, sp, own[i], &tree, values, i < 2, gen_species_expr_expected(i), err, err_len);
            expr_free(&tree);
            if (rc)
                return -1;
        }
    }
    for (int c = 0; c < 6; c++) {
        const struct cfg_expr *e = c < 3 ? &cfg->applied.E[c] : &cfg->applied.B[c - 3];
        if (!e->text[0])
            continue;
        if (gen_expr_parse(cfg, e, &tree, err, err_len))
            return -1;
        const int rc = check_applied(cfg, e, &tree, values, err, err_len);
        expr_free(&tree);
        if (rc)
            return -1;
    }
    for (int s = 0; s < cfg->n_species; s++) { /* a flux species' density: it must parse */
        const struct cfg_expr *e = &cfg->species[s].flux.density_expr;
        if (!cfg->species[s].flux.enabled || !e->text[0])
            continue;
        if (gen_expr_parse(cfg, e, &tree, err, err_len))
            return -1;
        expr_free(&tree);
    }
    /* the electrostatic solver's face potentials: finite at every solve, t = n dt for n = 0 .. steps
     * (runtime/poisson.c evaluates them on the host, once a step) */
    for (int c = 0; c < 6; c++) {
        const struct cfg_expr *e = &cfg->es_potential[c / 2][c % 2];
        if (cfg->solver != CFG_SOLVER_ELECTROSTATIC || !e->text[0])
            continue;
        if (gen_expr_parse(cfg, e, &tree, err, err_len))
            return -1;
        for (long n = 0; n <= cfg->steps; n++) {
            values[3] = (double)n * cfg->dt;
            const double v = expr_eval(&tree, values);
            if (!isfinite(v)) {
                snprintf(err, err_len, "%s: %s: %g at t = %g s (step %ld); expected a finite potential in V", e->where,
                         e->key, v, values[3], n);
                expr_free(&tree);
                return -1;
            }
        }
        values[3] = 0;
        expr_free(&tree);
    }
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        if (!l->has_profile)
            continue;
        if (gen_expr_parse(cfg, &l->profile, &tree, err, err_len))
            return -1;
        const int rc = check_profile(cfg, l, &tree, values, err, err_len);
        expr_free(&tree);
        if (rc)
            return -1;
    }
    return 0;
}
