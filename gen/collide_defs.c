/* collide_defs.c: the literals of templates/collide.cl for one collision entry. Charges and
 * masses enter only through these products, computed here in double, so a float kernel never
 * meets q^4 (1e-76) or eps0^2. Momenta in the kernel are u / c and p / (m_a c), a the first species. */
#include "collide_defs.h"

#include <math.h>
#include <stdio.h>

#include "constants.h"
#include "emit.h"
#include "particle_attrs.h"

/* CODATA 2018 (exact since the 2019 SI): h / 2 pi in J s. */
#define COLLIDE_HBAR 1.054571817e-34

static const char *const collide_macros[] = {"COL_SUFFIX", "COL_INDEX", "COL_INTRA", "COL_MU", "COL_DT",
                                             "COL_LOG", "COL_LOG_AUTO", "COL_B0", "COL_HBAR", "COL_DEBYE_A", "COL_DEBYE_B",
                                             "COL_W_A", "COL_W_B"};

void gen_collide_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int i)
{
    const struct cfg_collision *col = &cfg->collisions[i];
    const struct cfg_species *a = &cfg->species[col->species[0]], *b = &cfg->species[col->species[1]];
    const double c2 = PICL_C * PICL_C;
    sb_printf(sb, "\n/* ==== collision %d: %s, species %s and %s, ln(Lambda) %s, every %d steps ==== */\n", i,
              col->name, a->name, b->name, col->coulomb_log > 0 ? "fixed" : "auto", col->interval);
    sb_printf(sb, "#define COL_SUFFIX _%d\n", i);
    gen_define_int(sb, "COL_INDEX", i);
    gen_define_int(sb, "COL_INTRA", col->species[0] == col->species[1]);
    /* m_b / m_a: b's momentum in units of m_a c is mu u_b / c */
    gen_define_acc(sb, "COL_MU", b->mass / a->mass);
    gen_define_acc(sb, "COL_DT", cfg->dt * col->interval);
    gen_define_acc(sb, "COL_LOG", col->coulomb_log);
    gen_define_int(sb, "COL_LOG_AUTO", col->coulomb_log <= 0);
    /* b0 = |q_a q_b| / (2 pi eps0 mu_R v_rel v_inv) (Perez eq. 22 without its misprinted square, as
     * WarpX and Smilei read it); in units of m_a c^2 the coefficient is a length */
    gen_define_acc(sb, "COL_B0", fabs(a->charge * b->charge) / (2 * PICL_PI * PICL_EPS0 * a->mass * c2));
    /* the quantum bound hbar / (2 p*) = COL_HBAR / |p* / (m_a c)| */
    gen_define_acc(sb, "COL_HBAR", COLLIDE_HBAR / (2 * a->mass * PICL_C));
    /* n q^2 / (eps0 T) with T = m c^2 <u^2 / gamma> / 3 (u in units of c): n COL_DEBYE / <u^2 / gamma> */
    gen_define_acc(sb, "COL_DEBYE_A", 3 * a->charge * a->charge / (PICL_EPS0 * a->mass * c2));
    gen_define_acc(sb, "COL_DEBYE_B", 3 * b->charge * b->charge / (PICL_EPS0 * b->mass * c2));
    /* every particle's weight where the run stores none (PARTICLE_WEIGHTS 0) */
    double wa = 0, wb = 0;
    if (!gen_species_weight(cfg, lay, col->species[0], &wa))
        wa = 0;
    if (!gen_species_weight(cfg, lay, col->species[1], &wb))
        wb = 0;
    gen_define_acc(sb, "COL_W_A", wa);
    gen_define_acc(sb, "COL_W_B", wb);
}

void gen_collide_undefine(struct strbuf *sb)
{
    for (size_t m = 0; m < sizeof collide_macros / sizeof *collide_macros; m++)
        sb_printf(sb, "#undef %s\n", collide_macros[m]);
}
