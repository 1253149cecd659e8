/* diag_kernels.c: the diagnostics' kernels a program needs (diag_kernels.h), and the filtered
 * copies of templates/particle_stats.cl, one per diagnostic with a filter. */
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

int gen_diag_filters_check(const struct picl_config *cfg, char *err, size_t err_len)
{
    const struct cfg_diags *d = &cfg->diags;
    for (int i = 0; i < d->n_moments + d->n_extrema + d->n_hist; i++) {
        int kind, k, species;
        const struct cfg_expr *e = filter_of(d, i, &kind, &k, &species);
        struct expr_tree tree;
        if (!e->text[0])
            continue;
        if (gen_diag_filter_parse(cfg, e, &tree, err, err_len))
            return -1;
        expr_free(&tree);
    }
    return 0;
}

/* The filter as an inline function of the quantities in SI, written from its parse tree
 * (gen/expr_parse.c); #line names the input key, so a compiler's message about it becomes an
 * input error (runtime/program.c). */
static int emit_filter(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e, const char *tag,
                       double mc2, char *err, size_t err_len)
{
    struct expr_tree tree;
    if (gen_diag_filter_parse(cfg, e, &tree, err, err_len))
        return -1;
    gen_expr_comment(sb, e, &tree);
    sb_printf(sb,
              "static inline int pstat_filter%s(const acc_real x, const acc_real y, const acc_real z, const acc_real ux,\n"
              "    const acc_real uy, const acc_real uz, const acc_real gamma, const acc_real energy)\n{\n",
              tag);
    gen_expr_constants(sb, cfg, "acc_real");
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)ux; (void)uy; (void)uz; (void)gamma; (void)energy;\n");
    gen_expr_return(sb, e, &tree, "(", ") != 0");
    sb_printf(sb, "#define PSTAT_SUFFIX PICL_CAT(SP_SUFFIX, %s)\n", tag);
    sb_printf(sb, "#define PSTAT_MC2 ((acc_real)%.17g)\n", mc2);
    sb_printf(sb, "#define PSTAT_ACCEPT(x, y, z, ux, uy, uz, g, e) pstat_filter%s(x, y, z, ux, uy, uz, g, e)\n", tag);
    expr_free(&tree);
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
        if (species != s || !e->text[0])
            continue;
        char tag[16];
        gen_diag_tag("mxh"[kind], k, tag, sizeof tag);
        if (emit_filter(sb, cfg, e, tag, mc2, err, err_len) || gen_emit_template(sb, "particle_stats.cl", err, err_len))
            return -1;
        sb_puts(sb, "#undef PSTAT_SUFFIX\n#undef PSTAT_MC2\n#undef PSTAT_ACCEPT\n");
    }
    return 0;
}
