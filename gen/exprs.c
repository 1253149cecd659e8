/* exprs.c: the user's expressions (initial fields, densities, temperatures, momentum profiles,
 * applied fields, laser profiles) parsed and written as inline functions of (x, y, z, t), and the
 * INIT_ macros that read the initial fields from them. */
#include "exprs.h"

#include <stdio.h>
#include <string.h>

#include "constants.h"
#include "emit.h"
#include "layout.h"

int gen_expr_scope(const struct picl_config *cfg, const char **names, double *values)
{
    static const char *const fixed[GEN_EXPR_FIXED] = {"x", "y", "z", "t", "c", "eps0", "mu0", "q_e", "m_e", "m_p", "pi"};
    const double fixed_values[GEN_EXPR_FIXED] = {0, 0, 0, 0, PICL_C, PICL_EPS0, PICL_MU0, PICL_Q_E, PICL_M_E, PICL_M_P,
                                                 PICL_PI};
    int n = 0;
    for (; n < GEN_EXPR_FIXED; n++) {
        names[n] = fixed[n];
        if (values)
            values[n] = fixed_values[n];
    }
    for (int i = 0; i < cfg->n_constants && i < CFG_MAX_CONSTANTS; i++, n++) {
        names[n] = cfg->constants[i].name;
        if (values)
            values[n] = cfg->constants[i].value;
    }
    return n;
}

int gen_expr_parse(const struct picl_config *cfg, const struct cfg_expr *e, struct expr_tree *tree, char *err,
                   size_t err_len)
{
    const char *names[GEN_EXPR_MAX_NAMES];
    const int n = gen_expr_scope(cfg, names, NULL);
    struct expr_error why;
    if (expr_parse(tree, e->text, names, n, &why) == 0)
        return 0;
    snprintf(err, err_len, "%s: %s: %s", e->where[0] ? e->where : "input", e->key, why.message);
    return -1;
}

void gen_expr_comment(struct strbuf *sb, const struct cfg_expr *e, const struct expr_tree *tree)
{
    sb_puts(sb, "\n/* ");
    gen_comment_text(sb, e->key);
    sb_puts(sb, " = ");
    expr_emit(tree, sb);
    sb_puts(sb, "  (");
    gen_comment_text(sb, e->where);
    sb_puts(sb, ") */\n");
}

void gen_expr_constants(struct strbuf *sb, const struct picl_config *cfg, const char *type)
{
    sb_printf(sb, "    const %s c = %.17g, eps0 = %.17g, mu0 = %.17g, q_e = %.17g, m_e = %.17g, "
                  "m_p = %.17g, pi = %.17g;\n",
              type, PICL_C, PICL_EPS0, PICL_MU0, PICL_Q_E, PICL_M_E, PICL_M_P, PICL_PI);
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    const %s %s = %.17g;\n", type, cfg->constants[i].name, cfg->constants[i].value);
    sb_puts(sb, "    (void)c; (void)eps0; (void)mu0; (void)q_e; (void)m_e; (void)m_p; (void)pi;\n");
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    (void)%s;\n", cfg->constants[i].name);
}

void gen_expr_return(struct strbuf *sb, const struct cfg_expr *e, const struct expr_tree *tree, const char *before,
                     const char *after)
{
    /* the compiler's messages about the expression name the input key (the runtime says so) */
    sb_puts(sb, "#line 1 \"");
    gen_comment_text(sb, e->key);
    sb_printf(sb, "\"\n    return %s", before);
    expr_emit(tree, sb);
    sb_printf(sb, "%s;\n", after);
    sb_printf(sb, "#line %d \"picl.cl\"\n}\n", sb_lines(sb) + 2);
}

/* One user expression as an inline function of (x, y, z, t), written from its parse tree
 * (gen/expr_parse.c), so nothing of the input's text reaches the compiler unchecked. */
static int emit_expr(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e,
                     const struct gen_device *dev, char *err, size_t err_len)
{
    struct expr_tree tree;
    if (gen_expr_parse(cfg, e, &tree, err, err_len))
        return -1;
    char fname[160];
    gen_expr_name(e->key, fname, sizeof fname);
    const char *t = dev->has_fp64 ? "double" : "float";
    char cast[16];
    snprintf(cast, sizeof cast, "(%s)(", t);
    gen_expr_comment(sb, e, &tree);
    sb_printf(sb, "static inline %s %s(%s x, %s y, %s z, %s t)\n{\n", t, fname, t, t, t, t);
    gen_expr_constants(sb, cfg, t);
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)t;\n");
    gen_expr_return(sb, e, &tree, cast, ")");
    expr_free(&tree);
    return 0;
}

/* Initial fields: one expression per component, zero where none was given. */
int gen_exprs_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_device *dev, char *err,
                   size_t err_len)
{
    const struct cfg_expr *exprs[6] = {&cfg->init_E[0], &cfg->init_E[1], &cfg->init_E[2],
                                       &cfg->init_B[0], &cfg->init_B[1], &cfg->init_B[2]};
    for (int c = 0; c < 6; c++)
        if (exprs[c]->text[0])
            if (emit_expr(sb, cfg, exprs[c], dev, err, err_len))
                return -1;
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        const struct cfg_expr *own[GEN_SPECIES_EXPRS];
        gen_species_exprs(sp, own);
        for (int i = 0; i < GEN_SPECIES_EXPRS; i++)
            if (own[i]->text[0] && emit_expr(sb, cfg, own[i], dev, err, err_len))
                return -1;
    }
    for (int s = 0; s < cfg->n_species; s++) { /* a flux species' density (flux_defs.c) */
        const struct cfg_expr *e = &cfg->species[s].flux.density_expr;
        if (cfg->species[s].flux.enabled && e->text[0] && emit_expr(sb, cfg, e, dev, err, err_len))
            return -1;
    }
    for (int a = 0; a < 3; a++) { /* applied_fields (applied.c) */
        if (cfg->applied.E[a].text[0] && emit_expr(sb, cfg, &cfg->applied.E[a], dev, err, err_len))
            return -1;
        if (cfg->applied.B[a].text[0] && emit_expr(sb, cfg, &cfg->applied.B[a], dev, err, err_len))
            return -1;
    }
    for (int i = 0; i < cfg->n_lasers; i++)
        if (cfg->lasers[i].has_profile)
            if (emit_expr(sb, cfg, &cfg->lasers[i].profile, dev, err, err_len))
                return -1;
    sb_puts(sb, "\n/* Initial value of field component C at (x, y, z) in metres. */\n");
    for (int c = 0; c < 6; c++) {
        char fname[160];
        sb_printf(sb, "#define INIT_%s(x, y, z) ", gen_comp_name((enum field_comp)c));
        if (exprs[c]->text[0]) {
            gen_expr_name(exprs[c]->key, fname, sizeof fname);
            sb_printf(sb, "((real)%s((x), (y), (z), 0))\n", fname);
        } else {
            sb_puts(sb, "((real)0)\n");
        }
    }
    return 0;
}

void gen_species_exprs(const struct cfg_species *sp, const struct cfg_expr **own)
{
    own[0] = &sp->density_expr;
    own[1] = &sp->kT_expr;
    for (int a = 0; a < 3; a++) {
        own[2 + a] = &sp->u_drift_expr[a];
        own[5 + a] = &sp->u_th_expr[a];
    }
}

const char *gen_species_expr_expected(int i)
{
    static const char *const expected[3] = {"a finite density >= 0 (m^-3) wherever the species is loaded",
                                            "a finite temperature >= 0 wherever the species is loaded",
                                            "a finite momentum (gamma v / c) wherever the species is loaded"};
    return expected[i < 2 ? i : 2];
}

int gen_expr_macro_clash(const struct picl_config *cfg, const struct strbuf *src, char *err, size_t err_len)
{
    if (!src->data)
        return 0;
    for (const char *p = strstr(src->data, "#define "); p; p = strstr(p + 1, "#define ")) {
        const char *name = p + 8;
        size_t n = 0;
        while ((name[n] >= 'A' && name[n] <= 'Z') || (name[n] >= 'a' && name[n] <= 'z') || name[n] == '_' ||
               (name[n] >= '0' && name[n] <= '9'))
            n++;
        for (int i = 0; i < cfg->n_constants; i++)
            if (strlen(cfg->constants[i].name) == n && !strncmp(cfg->constants[i].name, name, n)) {
                snprintf(err, err_len, "%s: constants.%s: '%s' is a macro of the generated program; expected another "
                         "name", cfg->input_path, cfg->constants[i].name, cfg->constants[i].name);
                return -1;
            }
    }
    return 0;
}
