/* flux_defs.c: the literals of templates/flux_inject.cl for one flux species; the weight is computed
 * here, once, so the kernel only draws velocities and positions. */
#include "flux_defs.h"

#include <math.h>

#include "constants.h"
#include "emit.h"

/* Inward normal drift and spread (units of c): the face -x enters towards +x, +x towards -x. */
static void normal_maxwellian(const struct cfg_species *sp, double *ud, double *uth)
{
    const double sign = sp->flux.side ? -1.0 : 1.0;
    *ud = sign * sp->u_drift[sp->flux.axis];
    *uth = sp->u_th[sp->flux.axis];
}

double gen_flux_rate(const struct cfg_species *sp)
{
    double ud, uth;
    normal_maxwellian(sp, &ud, &uth);
    double v; /* <v_n, v_n > 0> over the whole distribution, units of c */
    if (uth > 0)
        v = uth / 2.5066282746310002 * exp(-ud * ud / (2 * uth * uth)) + 0.5 * ud * (1 + erf(ud / (sqrt(2.0) * uth)));
    else
        v = ud > 0 ? ud : 0;
    return sp->flux.density * PICL_C * v;
}

double gen_flux_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    const int a = sp->flux.axis;
    const double area = lay->dx[(a + 1) % 3] * lay->dx[(a + 2) % 3];
    return gen_flux_rate(sp) * cfg->dt * area / sp->flux.per_cell;
}

void gen_flux_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    double ud, uth;
    normal_maxwellian(sp, &ud, &uth);
    sb_puts(sb, "/* flux injection (gen/flux.c): face axis and side (0 lower), macro-particles per cell per\n"
                " * step, their weight, the inward normal Maxwellian's mean and rms u/c */\n");
    gen_define_int(sb, "SP_FLUX_AXIS", sp->flux.axis);
    gen_define_int(sb, "SP_FLUX_SIDE", sp->flux.side);
    gen_define_int(sb, "SP_FLUX_PER_CELL", sp->flux.per_cell);
    gen_define_acc(sb, "SP_FLUX_WEIGHT", gen_flux_weight(cfg, lay, s));
    gen_define_acc(sb, "SP_FLUX_UD", ud);
    gen_define_acc(sb, "SP_FLUX_UTH", uth);
    gen_define_acc(sb, "SP_FLUX_DT", cfg->dt);
}

void gen_flux_undefine(struct strbuf *sb)
{
    static const char *const names[] = {"SP_FLUX_AXIS", "SP_FLUX_SIDE", "SP_FLUX_PER_CELL", "SP_FLUX_WEIGHT",
                                        "SP_FLUX_UD", "SP_FLUX_UTH", "SP_FLUX_DT"};
    for (size_t m = 0; m < sizeof names / sizeof *names; m++)
        sb_printf(sb, "#undef %s\n", names[m]);
}
