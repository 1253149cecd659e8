/* species_defs.c: the literals of one species (SP_*), defined before its templates and undefined
 * after, so every species gets its own copy of the particle kernels. */
#include "species_defs.h"

#include <stdio.h>

#include "beam_stats.h"
#include "constants.h"
#include "emit.h"
#include "ionization.h"
#include "particle_attrs.h"

static const char *const species_macros[] = {
    "SP_SUFFIX", "SP_QDT_2M", "SP_Q", "SP_RHO_PER_W", "SP_PPC_X", "SP_PPC_Y",
    "SP_PPC_Z", "SP_HAS_REGION", "SP_REGION_LO_X", "SP_REGION_LO_Y", "SP_REGION_LO_Z", "SP_REGION_HI_X",
    "SP_REGION_HI_Y", "SP_REGION_HI_Z", "SP_DENSITY", "SP_W_PER_DENSITY", "SP_SEED_LO", "SP_SEED_HI", "SP_UD_X",
    "SP_UD_Y", "SP_UD_Z", "SP_UTH_X", "SP_UTH_Y", "SP_UTH_Z", "SP_WEIGHT", "SP_BEAM_N", "SP_BEAM_CUT",
    "SP_BEAM_CX", "SP_BEAM_CY", "SP_BEAM_CZ", "SP_BEAM_SX", "SP_BEAM_SY", "SP_BEAM_SZ", "SP_THERMAL", "SP_THETA", "SP_FROZEN"};

/* A beam's literals: its particle count and weight, where it is, how wide, and its momentum as
 * the SP_UD_ (mean) and SP_UTH_ (rms) of every species. */
static void emit_beam_macros(struct strbuf *sb, const struct cfg_species *sp)
{
    const struct cfg_beam *b = &sp->beam;
    const char *axis_upper[3] = {"X", "Y", "Z"};
    char name[64];
    double cut, stretch;
    gen_beam_cut(b->truncate, &cut, &stretch);
    gen_define_int(sb, "SP_BEAM_N", b->particles);
    gen_define_acc(sb, "SP_BEAM_CUT", cut);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_BEAM_C%s", axis_upper[a]);
        gen_define_acc(sb, name, b->centroid[a]);
        snprintf(name, sizeof name, "SP_BEAM_S%s", axis_upper[a]);
        gen_define_acc(sb, name, b->rms[a] * stretch);
    }
}

/* One component of a momentum profile as a macro of the lab-frame position (m): the
 * expression's inline function (exprs.c), or the number as the literal it always was. */
static void emit_profile(struct strbuf *sb, const char *name, double value, const struct cfg_expr *e)
{
    if (e && e->text[0]) {
        char fname[160];
        gen_expr_name(e->key, fname, sizeof fname);
        sb_printf(sb, "#define %s(x, y, z) ((acc_real)%s((x), (y), (z), 0))\n", name, fname);
    } else {
        sb_printf(sb, "#define %s(x, y, z) ((acc_real)%.17g)\n", name, value);
    }
}

/* A beam's mean u along axis a at the position (x, y, z): the bunch's u along its axis plus the
 * correlated divergence, which grows with the distance from the centroid (PICMI's
 * velocity_divergence, an expanding or focusing bunch). */
static void emit_beam_drift(struct strbuf *sb, const char *name, const struct cfg_beam *b, int a)
{
    const char *const pos[3] = {"x", "y", "z"};
    sb_printf(sb, "#define %s(x, y, z) ((acc_real)%.17g", name, a == b->axis ? b->u : 0.0);
    if (b->divergence[a] != 0)
        sb_printf(sb, " + (acc_real)%.17g * ((%s) - (acc_real)%.17g)", b->divergence[a], pos[a], b->centroid[a]);
    sb_puts(sb, ")\n");
}

/* The literals of species s: charge and mass enter only through these products. */
void gen_species_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    const double dv = lay->dx[0] * lay->dx[1] * lay->dx[2];
    const char *axis_upper[3] = {"X", "Y", "Z"};
    char name[64];
    sb_printf(sb, "\n/* ==== species %d: %s%s ==== */\n", s, sp->name, sp->frozen ? " (frozen)" : "");
    sb_printf(sb, "#define SP_SUFFIX _%d\n", s);
    gen_define_int(sb, "SP_FROZEN", sp->frozen);
    gen_define_real(sb, "SP_QDT_2M", sp->charge * cfg->dt / (2 * sp->mass));
    /* SP_Q and SP_RHO_PER_W are the deposition's only charges: 0 for a species that deposits
     * nothing (deposit = false), whose push (SP_QDT_2M) is unchanged */
    gen_define_real(sb, "SP_Q", sp->no_deposit ? 0.0 : sp->charge);
    gen_define_real(sb, "SP_RHO_PER_W", sp->no_deposit ? 0.0 : sp->charge / dv);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_PPC_%s", axis_upper[a]);
        gen_define_int(sb, name, sp->ppc[a]);
    }
    /* no particle starts inside a PML: the region ends at the PMLs' inner edges */
    double lo[3], hi[3];
    int has_region = sp->has_region;
    for (int a = 0; a < 3; a++) {
        const double edge_lo = lay->lower[a] + cfg->pml_cells[a][0] * lay->dx[a];
        const double edge_hi = lay->lower[a] + (lay->cells[a] - cfg->pml_cells[a][1]) * lay->dx[a];
        lo[a] = sp->has_region ? sp->region_lower[a] : cfg->grid.lower[a];
        hi[a] = sp->has_region ? sp->region_upper[a] : cfg->grid.upper[a];
        has_region |= cfg->pml_cells[a][0] > 0 || cfg->pml_cells[a][1] > 0;
        lo[a] = lo[a] > edge_lo ? lo[a] : edge_lo;
        hi[a] = hi[a] < edge_hi ? hi[a] : edge_hi;
        /* along a moving window's axis the region is the lab frame's (the window's own faces
         * have no PML): without one, the plasma lies everywhere the window goes */
        if ((cfg->window.enabled && cfg->window.axis == a) || (cfg->boost.enabled && cfg->boost.axis == a)) {
            lo[a] = sp->has_region ? sp->region_lower[a] : -1e30;
            hi[a] = sp->has_region ? sp->region_upper[a] : 1e30;
        }
    }
    gen_define_int(sb, "SP_HAS_REGION", has_region);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_REGION_LO_%s", axis_upper[a]);
        gen_define_acc(sb, name, lo[a]);
        snprintf(name, sizeof name, "SP_REGION_HI_%s", axis_upper[a]);
        gen_define_acc(sb, name, hi[a]);
    }
    if (sp->is_beam) {
        sb_puts(sb, "#define SP_DENSITY(x, y, z) ((acc_real)0)\n");
    } else if (sp->density_expr.text[0]) {
        char fname[160];
        gen_expr_name(sp->density_expr.key, fname, sizeof fname);
        sb_printf(sb, "#define SP_DENSITY(x, y, z) ((acc_real)%s((x), (y), (z), 0))\n", fname);
    } else {
        sb_printf(sb, "#define SP_DENSITY(x, y, z) ((acc_real)%.17g)\n", sp->density);
    }
    /* RZ: particle_load.cl weighs each particle by its radius in cells as well, so that the
     * ring it stands for, 2 pi r dr dz / ppc, carries the density's charge (docs/rz.md) */
    if (cfg->geometry == CFG_GEOMETRY_RZ)
        gen_define_acc(sb, "SP_W_PER_DENSITY",
                       2 * PICL_PI * lay->dx[0] * lay->dx[0] * lay->dx[2] / (sp->ppc[0] * sp->ppc[1] * sp->ppc[2]));
    else
        gen_define_acc(sb, "SP_W_PER_DENSITY", gen_weight_per_density(sp, lay));
    double w;
    if (gen_species_weight(cfg, lay, s, &w)) /* every particle's weight (particle_attrs.c) */
        gen_define_acc(sb, "SP_WEIGHT", w);
    sb_printf(sb, "#define SP_SEED_LO %uu\n#define SP_SEED_HI %uu\n", (unsigned)(sp->seed & 0xffffffffu),
              (unsigned)(sp->seed >> 32));
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_UD_%s", axis_upper[a]);
        if (sp->is_beam)
            emit_beam_drift(sb, name, &sp->beam, a);
        else
            emit_profile(sb, name, sp->u_drift[a], &sp->u_drift_expr[a]);
        snprintf(name, sizeof name, "SP_UTH_%s", axis_upper[a]);
        if (!sp->is_beam && sp->distribution == CFG_THERMAL_MAXWELLIAN) /* a Gaussian u of rms sqrt(kT/m) per axis */
            sb_printf(sb, "#define %s(x, y, z) (sqrt(fmax(SP_THETA(x, y, z), (acc_real)0)))\n", name);
        else
            emit_profile(sb, name, sp->is_beam ? sp->beam.u_th[a] : sp->u_th[a], sp->is_beam ? NULL : &sp->u_th_expr[a]);
    }
    /* SP_THERMAL: 0 the Gaussian of u_th, 1 that of a temperature, 2 Maxwell-Juttner
     * (maxwell_juttner.cl); SP_THETA = kT / (m c^2), a profile like the rest */
    gen_define_int(sb, "SP_THERMAL", sp->is_beam ? 0 : (int)sp->distribution);
    if (!sp->is_beam && sp->distribution != CFG_THERMAL_U_TH) {
        char fname[160];
        gen_expr_name(sp->kT_expr.key, fname, sizeof fname);
        sb_printf(sb, "#define SP_THETA(x, y, z) ((acc_real)%.17g * (acc_real)%s((x), (y), (z), 0))\n",
                  sp->kT_unit / (sp->mass * PICL_C * PICL_C), fname);
    }
    if (sp->is_beam)
        emit_beam_macros(sb, sp);
    gen_ionization_define(sb, cfg, s);
}

void gen_species_undefine(struct strbuf *sb)
{
    for (size_t m = 0; m < sizeof species_macros / sizeof *species_macros; m++)
        sb_printf(sb, "#undef %s\n", species_macros[m]);
    gen_ionization_undefine(sb);
}
