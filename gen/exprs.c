/* exprs.c: the user's expressions (initial fields, densities, momentum profiles, laser profiles) as inline
 * functions of (x, y, z, t), and the INIT_ macros that read the initial fields from them. */
#include "exprs.h"

#include "constants.h"
#include "emit.h"
#include "layout.h"

/* One user expression as an inline function of (x, y, z, t). The #line directive makes the
 * compiler name the input key in its messages, which the runtime turns into an input error. */
static void emit_expr(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e,
                      const struct gen_device *dev)
{
    char fname[160];
    gen_expr_name(e->key, fname, sizeof fname);
    const char *t = dev->has_fp64 ? "double" : "float";
    sb_printf(sb, "\n/* %s = \"%s\"  (%s) */\n", e->key, e->text, e->where);
    sb_printf(sb, "static inline %s %s(%s x, %s y, %s z, %s t)\n{\n", t, fname, t, t, t, t);
    sb_printf(sb, "    const %s c = %.17g, eps0 = %.17g, mu0 = %.17g, q_e = %.17g, m_e = %.17g, "
                  "m_p = %.17g, pi = %.17g;\n",
              t, PICL_C, PICL_EPS0, PICL_MU0, PICL_Q_E, PICL_M_E, PICL_M_P, PICL_PI);
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    const %s %s = %.17g;\n", t, cfg->constants[i].name, cfg->constants[i].value);
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)t; (void)c; (void)eps0; (void)mu0; (void)q_e;\n"
                "    (void)m_e; (void)m_p; (void)pi;\n");
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    (void)%s;\n", cfg->constants[i].name);
    sb_printf(sb, "#line 1 \"%s\"\n", e->key);
    sb_printf(sb, "    return (%s)(%s);\n", t, e->text);
    sb_printf(sb, "#line %d \"picl.cl\"\n}\n", sb_lines(sb) + 2);
}

/* Initial fields: one expression per component, zero where none was given. */
void gen_exprs_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_device *dev)
{
    const struct cfg_expr *exprs[6] = {&cfg->init_E[0], &cfg->init_E[1], &cfg->init_E[2],
                                       &cfg->init_B[0], &cfg->init_B[1], &cfg->init_B[2]};
    for (int c = 0; c < 6; c++)
        if (exprs[c]->text[0])
            emit_expr(sb, cfg, exprs[c], dev);
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        if (sp->density_expr.text[0])
            emit_expr(sb, cfg, &sp->density_expr, dev);
        if (sp->kT_expr.text[0])
            emit_expr(sb, cfg, &sp->kT_expr, dev);
        for (int a = 0; a < 3; a++) {
            if (sp->u_drift_expr[a].text[0])
                emit_expr(sb, cfg, &sp->u_drift_expr[a], dev);
            if (sp->u_th_expr[a].text[0])
                emit_expr(sb, cfg, &sp->u_th_expr[a], dev);
        }
    }
    for (int a = 0; a < 3; a++) { /* applied_fields (applied.c) */
        if (cfg->applied.E[a].text[0])
            emit_expr(sb, cfg, &cfg->applied.E[a], dev);
        if (cfg->applied.B[a].text[0])
            emit_expr(sb, cfg, &cfg->applied.B[a], dev);
    }
    for (int i = 0; i < cfg->n_lasers; i++)
        if (cfg->lasers[i].has_profile)
            emit_expr(sb, cfg, &cfg->lasers[i].profile, dev);
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
}
