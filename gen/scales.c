/* scales.c: what a physicist checks first in an input: is the plasma wavelength, the skin depth,
 * the Debye length, the laser wavelength resolved by the cells? Numbers from the resolved
 * configuration; a density profile's peak from its expression (exprs.h), as the run loads it. */
#include "scales.h"

#include <math.h>

#include "constants.h"
#include "exprs.h"

/* Cell centres visited per axis at most: 64^3 evaluations, well under a millisecond per 10^5. */
#define SCALES_POINTS 64

/* The peak of expression e over the cell centres the run loads (inside the species' region),
 * and where it is (r); -1 when e does not parse or has no finite value there. *constant: 1 when
 * e is a number alone (a density given as a number is held as such a text). */
static double expr_peak(const struct picl_config *cfg, const struct cfg_species *sp, const struct cfg_expr *e,
                        double *r, int *constant)
{
    struct expr_tree tree;
    char err[256];
    *constant = 0;
    if (gen_expr_parse(cfg, e, &tree, err, sizeof err))
        return -1;
    if (tree.node[tree.root].kind == EXPR_NUM) {
        const double v = tree.node[tree.root].value;
        *constant = 1;
        expr_free(&tree);
        return v;
    }
    const char *names[GEN_EXPR_MAX_NAMES];
    double values[GEN_EXPR_MAX_NAMES], d[3], peak = -1;
    gen_expr_scope(cfg, names, values);
    int cells[3], n[3];
    gen_expr_lab_cells(cfg, cells);
    for (int a = 0; a < 3; a++) {
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
        n[a] = cells[a] < SCALES_POINTS ? cells[a] : SCALES_POINTS;
    }
    for (int k = 0; k < n[2]; k++)
        for (int j = 0; j < n[1]; j++)
            for (int i = 0; i < n[0]; i++) {
                const int idx[3] = {i, j, k};
                int inside = 1;
                for (int a = 0; a < 3; a++) {
                    /* evenly spaced cells, the first and the last included */
                    const double c = n[a] < 2 ? 0 : (double)idx[a] * (cells[a] - 1) / (n[a] - 1);
                    values[a] = cfg->grid.lower[a] + (floor(c + 0.5) + 0.5) * d[a];
                    if (sp->has_region && (values[a] < sp->region_lower[a] || values[a] >= sp->region_upper[a]))
                        inside = 0;
                }
                values[3] = 0;
                const double v = inside ? expr_eval(&tree, values) : -1;
                if (isfinite(v) && v > peak) {
                    peak = v;
                    for (int a = 0; a < 3; a++)
                        r[a] = values[a];
                }
            }
    expr_free(&tree);
    return peak;
}

double scales_peak_density(const struct picl_config *cfg, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    double r[3] = {0, 0, 0};
    int constant;
    return sp->density_expr.text[0] ? expr_peak(cfg, sp, &sp->density_expr, r, &constant) : sp->density;
}

/* kT (J) of a species at r: its temperature expression, or m c^2 <u_th^2> from its spread of
 * u = gamma v / c (non-relativistic); 0 when it has none or gives it as expressions. */
static double species_kT(const struct picl_config *cfg, const struct cfg_species *sp, const double *r)
{
    if (sp->distribution != CFG_THERMAL_U_TH) {
        struct expr_tree tree;
        char err[256];
        if (gen_expr_parse(cfg, &sp->kT_expr, &tree, err, sizeof err))
            return 0;
        const char *names[GEN_EXPR_MAX_NAMES];
        double values[GEN_EXPR_MAX_NAMES];
        gen_expr_scope(cfg, names, values);
        for (int a = 0; a < 3; a++)
            values[a] = r[a];
        const double kT = sp->kT_unit * expr_eval(&tree, values);
        expr_free(&tree);
        return isfinite(kT) && kT > 0 ? kT : 0;
    }
    double u2 = 0;
    for (int a = 0; a < 3; a++) {
        if (sp->u_th_expr[a].text[0])
            return 0;
        u2 += sp->u_th[a] * sp->u_th[a];
    }
    return sp->mass * PICL_C * PICL_C * u2 / 3.0;
}

void scales_print(const struct picl_config *cfg, FILE *out)
{
    /* the coarsest cell of the axes the geometry keeps: what resolves a length least well */
    double dx = 0;
    for (int a = 0; a < 3; a++)
        if (cfg_has_axis(cfg, a) && (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a] > dx)
            dx = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        if (sp->is_beam || sp->is_file || sp->charge == 0 || !(sp->mass > 0))
            continue;
        double r[3] = {0, 0, 0};
        int constant = 1;
        const double n = sp->density_expr.text[0] ? expr_peak(cfg, sp, &sp->density_expr, r, &constant) : sp->density;
        const int profile = !constant;
        if (!(n > 0))
            continue;
        const double wp = sqrt(n * sp->charge * sp->charge / (PICL_EPS0 * sp->mass));
        const double skin = PICL_C / wp, lambda_p = 2 * PICL_PI * skin;
        fprintf(out, "scales             %s: %s n = %.4g m^-3: omega_p = %.4g rad/s (2 pi / omega_p = %.4g s, %.1f steps)\n",
                sp->name, profile ? "profile: peak" : "density", n, wp, 2 * PICL_PI / wp, 2 * PICL_PI / wp / cfg->dt);
        fprintf(out, "                   lambda_p = 2 pi c / omega_p = %.4g m (%.1f cells), skin depth c / omega_p = "
                     "%.4g m (%.2f cells of %.4g m)\n",
                lambda_p, lambda_p / dx, skin, skin / dx, dx);
        const double kT = species_kT(cfg, sp, r);
        if (kT > 0) {
            const double debye = sqrt(PICL_EPS0 * kT / (n * sp->charge * sp->charge));
            fprintf(out, "                   kT = %.4g eV: Debye length %.4g m = %.3g dx\n", kT / PICL_Q_E, debye,
                    debye / dx);
        }
    }
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        if (!(l->wavelength > 0))
            continue;
        const int a = l->axis;
        const double d = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
        fprintf(out, "scales             laser %s: a0 = %.4g, wavelength %.4g m = %.1f cells along %c\n", l->name, l->a0,
                l->wavelength, l->wavelength / d, "xyz"[a]);
    }
}
