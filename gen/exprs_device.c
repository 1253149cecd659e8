/* exprs_device.c: the complete check of the input's expressions as kernels (exprs_device.h):
 * the points of each, the program, and the message for the first bad point. The positions are
 * those of exprs_check.c's host check, written once here for both sides (point() on the host,
 * emit_point() for the device), so the two name the same point. */
#include "exprs_device.h"

#include <math.h>
#include <stdio.h>

#include "emit.h"
#include "exprs.h"
#include "ident.h"

int gen_expr_checks(const struct picl_config *cfg, struct gen_expr_check *out)
{
    int n = 0, cells[3];
    gen_expr_lab_cells(cfg, cells);
    for (int c = 0; c < 6; c++) {
        const struct cfg_expr *e = c < 3 ? &cfg->init_E[c] : &cfg->init_B[c - 3];
        if (e->text[0])
            out[n++] = (struct gen_expr_check){.e = e, .kind = GEN_CHECK_FIELD, .comp = c,
                                               .n = {cells[0], cells[1], cells[2]}, .per = 1,
                                               .expected = "a finite field everywhere in the grid"};
    }
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        const struct cfg_expr *own[GEN_SPECIES_EXPRS];
        gen_species_exprs(sp, own);
        for (int i = 0; i < GEN_SPECIES_EXPRS; i++)
            if (own[i]->text[0])
                out[n++] = (struct gen_expr_check){.e = own[i], .kind = GEN_CHECK_LOAD, .species = s,
                                                   .non_negative = i < 2, .n = {cells[0], cells[1], cells[2]},
                                                   .per = (long)sp->ppc[0] * sp->ppc[1] * sp->ppc[2],
                                                   .expected = gen_species_expr_expected(i)};
    }
    const long steps = cfg->steps > 0 ? cfg->steps : 1;
    for (int c = 0; c < 6; c++) {
        const struct cfg_expr *e = c < 3 ? &cfg->applied.E[c] : &cfg->applied.B[c - 3];
        if (e->text[0])
            out[n++] = (struct gen_expr_check){
                .e = e, .kind = GEN_CHECK_APPLIED, .n = {cells[0] + 1L, cells[1] + 1L, cells[2] + 1L},
                .per = steps + 1 < GEN_APPLIED_TIMES ? steps + 1 : GEN_APPLIED_TIMES,
                .expected = "a finite applied field over the grid for the whole run"};
    }
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        if (!l->has_profile)
            continue;
        struct gen_expr_check *c = &out[n++];
        *c = (struct gen_expr_check){.e = &l->profile, .kind = GEN_CHECK_LASER, .laser = i,
                                     .n = {cfg->grid.cells[0] + 1L, cfg->grid.cells[1] + 1L, cfg->grid.cells[2] + 1L},
                                     .per = 1,
                                     .expected = "a finite field (V/m) on the antenna plane for the whole run"};
        c->n[l->axis] = steps + 1; /* time takes the normal axis's place */
    }
    return n;
}

double gen_expr_check_points(const struct gen_expr_check *c)
{
    return (double)c->n[0] * (double)c->n[1] * (double)c->n[2] * (double)c->per;
}

/* Point `flat` of check c: x, y, z (m) and t (s) in v; 0 when it lies outside the species'
 * region (no particle is made there, so nothing is evaluated). */
static int point(const struct picl_config *cfg, const struct gen_expr_check *c, long flat, double *v)
{
    long g[3];
    const long p = flat % c->per;
    flat /= c->per;
    g[0] = flat % c->n[0];
    flat /= c->n[0];
    g[1] = flat % c->n[1];
    g[2] = flat / c->n[1];
    double d[3];
    for (int a = 0; a < 3; a++)
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    v[3] = 0;
    if (c->kind == GEN_CHECK_FIELD) {
        for (int a = 0; a < 3; a++) /* the Yee positions: E half a cell along its axis, B along the others */
            v[a] = cfg->grid.lower[a] + ((double)g[a] + ((c->comp < 3) == (a == c->comp % 3) ? 0.5 : 0.0)) * d[a];
        return 1;
    }
    if (c->kind == GEN_CHECK_LOAD) {
        const struct cfg_species *sp = &cfg->species[c->species];
        const long q[3] = {p % sp->ppc[0], p / sp->ppc[0] % sp->ppc[1], p / ((long)sp->ppc[0] * sp->ppc[1])};
        int inside = 1;
        for (int a = 0; a < 3; a++) {
            v[a] = cfg->grid.lower[a] + ((double)g[a] + ((double)q[a] + 0.5) / sp->ppc[a]) * d[a];
            if (sp->has_region && (v[a] < sp->region_lower[a] || v[a] >= sp->region_upper[a]))
                inside = 0;
        }
        return inside;
    }
    for (int a = 0; a < 3; a++)
        v[a] = cfg->grid.lower[a] + (double)g[a] * d[a];
    if (c->kind == GEN_CHECK_APPLIED) {
        const long steps = cfg->steps > 0 ? cfg->steps : 1;
        v[3] = c->per > 1 ? (double)steps * cfg->dt * (double)p / (double)(c->per - 1) : 0;
    } else {
        const struct cfg_laser *l = &cfg->lasers[c->laser];
        v[l->axis] = l->position[l->axis];
        v[3] = (double)g[l->axis] * cfg->dt;
    }
    return 1;
}

/* The device's point(): the same arithmetic, in T, with the check's numbers as literals. */
static void emit_point(struct strbuf *sb, const struct picl_config *cfg, const struct gen_expr_check *c)
{
    sb_printf(sb, "    const long p = f %% %ldL;\n    f /= %ldL;\n", c->per, c->per);
    sb_printf(sb, "    const long g0 = f %% %ldL;\n    f /= %ldL;\n", c->n[0], c->n[0]);
    sb_printf(sb, "    const long g1 = f %% %ldL, g2 = f / %ldL;\n    (void)p;\n", c->n[1], c->n[1]);
    const char *axis[3] = {"x", "y", "z"}, *g[3] = {"g0", "g1", "g2"};
    double d[3];
    for (int a = 0; a < 3; a++)
        d[a] = (cfg->grid.upper[a] - cfg->grid.lower[a]) / cfg->grid.cells[a];
    sb_puts(sb, "    T t = (T)0;\n");
    if (c->kind == GEN_CHECK_FIELD) {
        for (int a = 0; a < 3; a++)
            sb_printf(sb, "    const T %s = (T)%.17g + ((T)%s + (T)%.1f) * (T)%.17g;\n", axis[a], cfg->grid.lower[a], g[a],
                      (c->comp < 3) == (a == c->comp % 3) ? 0.5 : 0.0, d[a]);
    } else if (c->kind == GEN_CHECK_LOAD) {
        const struct cfg_species *sp = &cfg->species[c->species];
        sb_printf(sb, "    const long q0 = p %% %d, q1 = p / %d %% %d, q2 = p / %ldL;\n", sp->ppc[0], sp->ppc[0],
                  sp->ppc[1], (long)sp->ppc[0] * sp->ppc[1]);
        for (int a = 0; a < 3; a++)
            sb_printf(sb, "    const T %s = (T)%.17g + ((T)%s + ((T)q%d + (T)0.5) / (T)%d) * (T)%.17g;\n", axis[a],
                      cfg->grid.lower[a], g[a], a, sp->ppc[a], d[a]);
        if (sp->has_region)
            for (int a = 0; a < 3; a++)
                sb_printf(sb, "    if (%s < (T)%.17g || %s >= (T)%.17g)\n        return;\n", axis[a],
                          sp->region_lower[a], axis[a], sp->region_upper[a]);
    } else {
        const struct cfg_laser *l = c->kind == GEN_CHECK_LASER ? &cfg->lasers[c->laser] : NULL;
        for (int a = 0; a < 3; a++)
            if (l && a == l->axis)
                sb_printf(sb, "    const T %s = (T)%.17g;\n", axis[a], l->position[a]);
            else
                sb_printf(sb, "    const T %s = (T)%.17g + (T)%s * (T)%.17g;\n", axis[a], cfg->grid.lower[a], g[a],
                          d[a]);
        const long steps = cfg->steps > 0 ? cfg->steps : 1;
        if (l)
            sb_printf(sb, "    t = (T)%s * (T)%.17g;\n", g[l->axis], cfg->dt);
        else if (c->per > 1)
            sb_printf(sb, "    t = (T)%.17g * (T)p / (T)%ld;\n", (double)steps * cfg->dt, c->per - 1);
    }
}

int gen_expr_checks_source(struct strbuf *sb, const struct picl_config *cfg, const struct gen_device *dev,
                           const struct gen_expr_check *checks, int n, char *err, size_t err_len)
{
    sb_puts(sb, "/* picl_check.cl: every value of the input's expressions where the run evaluates them "
                "(gen/exprs_device.c) */\n");
    if (dev->has_fp64)
        sb_puts(sb, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\ntypedef double T;\n");
    else
        sb_puts(sb, "typedef float T;\n");
    if (ident_config(cfg, err, err_len) || gen_exprs_emit(sb, cfg, dev, err, err_len))
        return -1;
    for (int i = 0; i < n; i++) {
        const struct gen_expr_check *c = &checks[i];
        char fname[160];
        gen_expr_name(c->e->key, fname, sizeof fname);
        sb_printf(sb, "\n/* %s */\n__kernel void picl_check_%d(__global int *bad, const long first, const int n)\n{\n",
                  c->e->key, i);
        sb_puts(sb, "    const int w = (int)get_global_id(0);\n    if (w >= n)\n        return;\n"
                    "    long f = first + w;\n");
        emit_point(sb, cfg, c);
        sb_printf(sb, "    const T v = %s(x, y, z, t);\n", fname);
        sb_printf(sb, "    if (!isfinite(v)%s)\n        atomic_min(bad, w);\n}\n", c->non_negative ? " || v < (T)0" : "");
    }
    return 0;
}

void gen_expr_check_message(const struct picl_config *cfg, const struct gen_expr_check *c, long flat, char *err,
                            size_t err_len)
{
    double v[GEN_EXPR_MAX_NAMES];
    const char *names[GEN_EXPR_MAX_NAMES];
    gen_expr_scope(cfg, names, v);
    point(cfg, c, flat, v);
    const int with_t = c->kind == GEN_CHECK_APPLIED || c->kind == GEN_CHECK_LASER;
    struct expr_tree tree;
    double value = NAN;
    if (gen_expr_parse(cfg, c->e, &tree, err, err_len) == 0) {
        value = expr_eval(&tree, v);
        expr_free(&tree);
    }
    if (!isfinite(value) || (c->non_negative && value < 0)) {
        gen_expr_bad_value(c->e, value, v, v[3], with_t, c->expected, err, err_len);
        return;
    }
    /* the device's arithmetic (its precision, its math library) and the host's differ there */
    char when[64] = "";
    if (with_t)
        snprintf(when, sizeof when, " and t = %.6g s", v[3]);
    snprintf(err, err_len,
             "%s: %s: is not finite%s on the device at (x, y, z) = (%.6g, %.6g, %.6g) m%s (the first such point; the "
             "host computes %.6g there); expected %s",
             c->e->where[0] ? c->e->where : "input", c->e->key, c->non_negative ? " or is negative" : "", v[0], v[1],
             v[2], when, value, c->expected);
}
