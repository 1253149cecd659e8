/* diag_kernels.c: the diagnostics' kernels a program needs (diag_kernels.h), and the filtered
 * copies of templates/particle_stats.cl, one per diagnostic with a filter (or a histogram with
 * an expression axis or weight). */
#include "diag_kernels.h"

#include <stdio.h>

#include "constants.h"
#include "emit.h"
#include "expr_parse.h"
#include "exprs.h"

int gen_species_stats(const struct picl_config *cfg, int s)
{
    const struct cfg_diags *d = &cfg->diags;
    for (int i = 0; i < d->n_moments; i++)
        if (d->moments[i].species == s)
            return 1;
    for (int i = 0; i < d->n_extrema; i++)
        if (d->extrema[i].species == s)
            return 1;
    for (int i = 0; i < d->n_hist; i++)
        if (d->hist[i].species == s)
            return 1;
    return 0;
}

int gen_field_probes(const struct picl_config *cfg)
{
    return cfg->diags.n_probes > 0 || cfg->diags.n_field_max > 0;
}

void gen_diag_tag(char kind, int index, char *out, size_t len)
{
    snprintf(out, len, "_%c%d", kind, index);
}

/* The names a filter may use: the particle's quantities in SI, then the physical and user
 * constants of every other expression (gen_expr_scope, less its x, y, z, t). */
static const char *const filter_quantities[] = {"x", "y", "z", "ux", "uy", "uz", "gamma", "energy"};
#define FILTER_QUANTITIES ((int)(sizeof filter_quantities / sizeof filter_quantities[0]))

int gen_diag_filter_parse(const struct picl_config *cfg, const struct cfg_expr *e, struct expr_tree *tree,
                          char *err, size_t err_len)
{
    const char *scope[GEN_EXPR_MAX_NAMES];
    const char *names[GEN_EXPR_MAX_NAMES + FILTER_QUANTITIES];
    const int n_scope = gen_expr_scope(cfg, scope, NULL);
    int n = 0;
    for (int i = 0; i < FILTER_QUANTITIES; i++)
        names[n++] = filter_quantities[i];
    for (int i = 4; i < n_scope; i++)
        names[n++] = scope[i];
    struct expr_error why;
    if (expr_parse(tree, e->text, names, n, &why) == 0)
        return 0;
    snprintf(err, err_len, "%s: %s: %s", e->where[0] ? e->where : "input", e->key, why.message);
    return -1;
}

/* The filter of diagnostic i (moments, then extrema, then histograms) and the species it reads. */
static const struct cfg_expr *filter_of(const struct cfg_diags *d, int i, int *kind, int *k, int *species)
{
    *kind = i < d->n_moments ? 0 : i < d->n_moments + d->n_extrema ? 1 : 2;
    *k = *kind == 0 ? i : *kind == 1 ? i - d->n_moments : i - d->n_moments - d->n_extrema;
    *species = *kind == 0 ? d->moments[*k].species : *kind == 1 ? d->extrema[*k].species : d->hist[*k].species;
    return *kind == 0 ? &d->moments[*k].filter : *kind == 1 ? &d->extrema[*k].filter : &d->hist[*k].filter;
}

static int check_one(const struct picl_config *cfg, const struct cfg_expr *e, char *err, size_t err_len)
{
    struct expr_tree tree;
    if (!e->text[0])
        return 0;
    if (gen_diag_filter_parse(cfg, e, &tree, err, err_len))
        return -1;
    expr_free(&tree);
    return 0;
}

int gen_diag_filters_check(const struct picl_config *cfg, char *err, size_t err_len)
{
    const struct cfg_diags *d = &cfg->diags;
    for (int i = 0; i < d->n_moments + d->n_extrema + d->n_hist; i++) {
        int kind, k, species;
        if (check_one(cfg, filter_of(d, i, &kind, &k, &species), err, err_len))
            return -1;
    }
    /* a full diagnostic's particle_filter: the same names, evaluated on the host (io/openpmd.c) */
    for (int i = 0; i < cfg->n_full; i++)
        if (check_one(cfg, &cfg->full[i].particle_filter, err, err_len))
            return -1;
    /* a histogram's expression axes and weight: the same names, the same parser */
    for (int i = 0; i < d->n_hist; i++) {
        if (check_one(cfg, &d->hist[i].weight_expr, err, err_len))
            return -1;
        for (int a = 0; a < d->hist[i].n_axes; a++)
            if (check_one(cfg, &d->hist[i].axis[a].expr, err, err_len))
                return -1;
    }
    return 0;
}

/* Every user expression of a diagnostic (a filter, a histogram's expression axis or weight)
 * becomes kernel text here and nowhere else: parsed (gen_diag_filter_parse) and written from
 * its tree (gen/expr_parse.c) as an inline function `fname` of the quantities in SI, returning
 * its value (with `condition`: 1 where it is nonzero); #line names the input key, so a
 * compiler's message about it becomes an input error (runtime/program.c). */
static int emit_expression(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e,
                           const char *fname, int condition, char *err, size_t err_len)
{
    struct expr_tree tree;
    if (gen_diag_filter_parse(cfg, e, &tree, err, err_len))
        return -1;
    gen_expr_comment(sb, e, &tree);
    sb_printf(sb,
              "static inline %s %s(const acc_real x, const acc_real y, const acc_real z, const acc_real ux,\n"
              "    const acc_real uy, const acc_real uz, const acc_real gamma, const acc_real energy)\n{\n",
              condition ? "int" : "acc_real", fname);
    gen_expr_constants(sb, cfg, "acc_real");
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)ux; (void)uy; (void)uz; (void)gamma; (void)energy;\n");
    if (condition)
        gen_expr_return(sb, e, &tree, "(", ") != 0");
    else
        gen_expr_return(sb, e, &tree, "(acc_real)(", ")");
    expr_free(&tree);
    return 0;
}

/* A copy's macros: its filter when it has one, its suffix and m c^2. */
static int emit_filter(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e, const char *tag,
                       double mc2, char *err, size_t err_len)
{
    char fname[48];
    if (e->text[0]) {
        snprintf(fname, sizeof fname, "pstat_filter%s", tag);
        if (emit_expression(sb, cfg, e, fname, 1, err, err_len))
            return -1;
    }
    sb_printf(sb, "#define PSTAT_SUFFIX PICL_CAT(SP_SUFFIX, %s)\n", tag);
    sb_printf(sb, "#define PSTAT_MC2 ((acc_real)%.17g)\n", mc2);
    if (e->text[0])
        sb_printf(sb, "#define PSTAT_ACCEPT(x, y, z, ux, uy, uz, g, e) pstat_filter%s(x, y, z, ux, uy, uz, g, e)\n",
                  tag);
    return 0;
}

/* A histogram's expression axes (PSTAT_AXIS_a) and weight (PSTAT_WEIGHT_FACTOR). */
static int emit_hist_expressions(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_hist *h,
                                 const char *tag, char *err, size_t err_len)
{
    char fname[48];
    int any = h->weight_expr.text[0] != 0;
    for (int a = 0; a < h->n_axes; a++) {
        if (h->axis[a].quantity != HQ_EXPRESSION)
            continue;
        any = 1;
        snprintf(fname, sizeof fname, "pstat_axis%s_%d", tag, a);
        if (emit_expression(sb, cfg, &h->axis[a].expr, fname, 0, err, err_len))
            return -1;
        sb_printf(sb, "#define PSTAT_AXIS_%d %s\n", a, fname);
    }
    if (h->weight_expr.text[0]) {
        snprintf(fname, sizeof fname, "pstat_weight%s", tag);
        if (emit_expression(sb, cfg, &h->weight_expr, fname, 0, err, err_len))
            return -1;
        sb_printf(sb, "#define PSTAT_WEIGHT_FACTOR %s\n", fname);
    }
    if (any) /* the histogram kernel computes the SI quantities once per particle for them */
        sb_puts(sb, "#define PSTAT_HAS_EXPR\n");
    return 0;
}

int gen_diag_filters_emit(struct strbuf *sb, const struct picl_config *cfg, int s, char *err, size_t err_len)
{
    const struct cfg_diags *d = &cfg->diags;
    const double mc2 = cfg->species[s].mass * PICL_C * PICL_C;
    const int n = d->n_moments + d->n_extrema + d->n_hist;
    for (int i = 0; i < n; i++) {
        int kind, k, species;
        const struct cfg_expr *e = filter_of(d, i, &kind, &k, &species);
        const int own = kind == 2 ? cfg_hist_own_kernel(&d->hist[k]) : e->text[0] != 0;
        if (species != s || !own)
            continue;
        char tag[16];
        gen_diag_tag("mxh"[kind], k, tag, sizeof tag);
        if (emit_filter(sb, cfg, e, tag, mc2, err, err_len) ||
            (kind == 2 && emit_hist_expressions(sb, cfg, &d->hist[k], tag, err, err_len)) ||
            gen_emit_template(sb, "particle_stats.cl", err, err_len))
            return -1;
        sb_puts(sb, "#undef PSTAT_SUFFIX\n#undef PSTAT_MC2\n#undef PSTAT_ACCEPT\n#undef PSTAT_HAS_EXPR\n"
                    "#undef PSTAT_AXIS_0\n#undef PSTAT_AXIS_1\n#undef PSTAT_AXIS_2\n#undef PSTAT_WEIGHT_FACTOR\n");
    }
    return 0;
}
