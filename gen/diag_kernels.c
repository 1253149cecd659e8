/* diag_kernels.c: the diagnostics' kernels a program needs (diag_kernels.h), and the filtered
 * copies of templates/particle_stats.cl, one per diagnostic with a filter. */
#include "diag_kernels.h"

#include <stdio.h>

#include "constants.h"
#include "emit.h"

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

/* Every user expression of a diagnostic (a filter, a histogram's expression axis or weight)
 * becomes kernel text here and nowhere else: an inline function `fname` of the quantities in
 * SI, returning the expression's value (or, with `condition`, 1 where it holds). #line names
 * the input key, so a compiler's message about it becomes an input error (runtime/program.c). */
static void emit_expression(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e,
                            const char *fname, int condition)
{
    sb_printf(sb, "\n/* %s = \"%s\"  (%s) */\n", e->key, e->text, e->where);
    sb_printf(sb,
              "static inline %s %s(const acc_real x, const acc_real y, const acc_real z, const acc_real ux,\n"
              "    const acc_real uy, const acc_real uz, const acc_real gamma, const acc_real energy)\n{\n",
              condition ? "int" : "acc_real", fname);
    sb_printf(sb, "    const acc_real c = %.17g, eps0 = %.17g, mu0 = %.17g, q_e = %.17g, m_e = %.17g, m_p = %.17g, "
                  "pi = %.17g;\n",
              PICL_C, PICL_EPS0, PICL_MU0, PICL_Q_E, PICL_M_E, PICL_M_P, PICL_PI);
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    const acc_real %s = %.17g;\n", cfg->constants[i].name, cfg->constants[i].value);
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)ux; (void)uy; (void)uz; (void)gamma; (void)energy;\n"
                "    (void)c; (void)eps0; (void)mu0; (void)q_e; (void)m_e; (void)m_p; (void)pi;\n");
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    (void)%s;\n", cfg->constants[i].name);
    sb_printf(sb, "#line 1 \"%s\"\n", e->key);
    if (condition)
        sb_printf(sb, "    return (%s) ? 1 : 0;\n", e->text);
    else
        sb_printf(sb, "    return (acc_real)(%s);\n", e->text);
    sb_printf(sb, "#line %d \"picl.cl\"\n}\n", sb_lines(sb) + 2);
}

/* A copy's macros: its suffix, m c^2, and the filter when it has one. */
static void emit_filter(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e, const char *tag,
                        double mc2)
{
    char fname[48];
    if (e->text[0]) {
        snprintf(fname, sizeof fname, "pstat_filter%s", tag);
        emit_expression(sb, cfg, e, fname, 1);
        sb_printf(sb, "#define PSTAT_ACCEPT(x, y, z, ux, uy, uz, g, e) pstat_filter%s(x, y, z, ux, uy, uz, g, e)\n", tag);
    }
    sb_printf(sb, "#define PSTAT_SUFFIX PICL_CAT(SP_SUFFIX, %s)\n", tag);
    sb_printf(sb, "#define PSTAT_MC2 ((acc_real)%.17g)\n", mc2);
}

/* A histogram's expression axes (PSTAT_AXIS_a) and weight (PSTAT_WEIGHT_FACTOR). */
static void emit_hist_expressions(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_hist *h,
                                  const char *tag)
{
    char fname[48];
    int any = h->weight_expr.text[0] != 0;
    for (int a = 0; a < h->n_axes; a++) {
        if (h->axis[a].quantity != HQ_EXPRESSION)
            continue;
        any = 1;
        snprintf(fname, sizeof fname, "pstat_axis%s_%d", tag, a);
        emit_expression(sb, cfg, &h->axis[a].expr, fname, 0);
        sb_printf(sb, "#define PSTAT_AXIS_%d %s\n", a, fname);
    }
    if (h->weight_expr.text[0]) {
        snprintf(fname, sizeof fname, "pstat_weight%s", tag);
        emit_expression(sb, cfg, &h->weight_expr, fname, 0);
        sb_printf(sb, "#define PSTAT_WEIGHT_FACTOR %s\n", fname);
    }
    if (any) /* the histogram kernel computes the SI quantities once per particle for them */
        sb_puts(sb, "#define PSTAT_HAS_EXPR\n");
}

int gen_diag_filters_emit(struct strbuf *sb, const struct picl_config *cfg, int s, char *err, size_t err_len)
{
    const struct cfg_diags *d = &cfg->diags;
    const double mc2 = cfg->species[s].mass * PICL_C * PICL_C;
    const int n = d->n_moments + d->n_extrema + d->n_hist;
    for (int i = 0; i < n; i++) {
        const int kind = i < d->n_moments ? 0 : i < d->n_moments + d->n_extrema ? 1 : 2;
        const int k = kind == 0 ? i : kind == 1 ? i - d->n_moments : i - d->n_moments - d->n_extrema;
        const struct cfg_expr *e = kind == 0 ? &d->moments[k].filter : kind == 1 ? &d->extrema[k].filter
                                                                                 : &d->hist[k].filter;
        const int species = kind == 0 ? d->moments[k].species : kind == 1 ? d->extrema[k].species : d->hist[k].species;
        const int own = kind == 2 ? cfg_hist_own_kernel(&d->hist[k]) : e->text[0] != 0;
        if (species != s || !own)
            continue;
        char tag[16];
        gen_diag_tag("mxh"[kind], k, tag, sizeof tag);
        emit_filter(sb, cfg, e, tag, mc2);
        if (kind == 2)
            emit_hist_expressions(sb, cfg, &d->hist[k], tag);
        if (gen_emit_template(sb, "particle_stats.cl", err, err_len))
            return -1;
        sb_puts(sb, "#undef PSTAT_SUFFIX\n#undef PSTAT_MC2\n#undef PSTAT_ACCEPT\n#undef PSTAT_HAS_EXPR\n"
                    "#undef PSTAT_AXIS_0\n#undef PSTAT_AXIS_1\n#undef PSTAT_AXIS_2\n#undef PSTAT_WEIGHT_FACTOR\n");
    }
    return 0;
}
