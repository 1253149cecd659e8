/* ionization.c: the literals of field ionization (ionization.h). The rate is ADK tunnelling
 * with the Perelomov-Popov-Terent'ev prefactor for l = m = 0, in the form Smilei (Nuter et al.,
 * Phys. Plasmas 18, 033107, 2011) and WarpX use, in atomic units:
 *   w = A I (2 (2I)^(3/2) / E)^(2n - 1) exp(-2 (2I)^(3/2) / (3 E)),
 *   n = Z / sqrt(2 I) (Z the charge after the event), A = 2^(2n) / (n Gamma(2n)),
 * I the ionization energy in hartree, E the field in atomic units (Ammosov, Delone and Krainov,
 * Sov. Phys. JETP 64, 1191, 1986). Everything but E is a constant of the charge state, computed
 * here once and written as literals: w = exp(log_pre - power ln E - expo / E) in SI. */
#include "ionization.h"

#include <math.h>
#include <stdio.h>

#include "emit.h"
#include "ion_energies.h"

/* Atomic units (CODATA 2018): the Rydberg energy (eV), the atomic unit of field (V/m) and of
 * time (s). */
#define RYDBERG_EV 13.605693122994
#define ATOMIC_FIELD 5.14220674763e11
#define ATOMIC_TIME 2.4188843265857e-17

int gen_adk_constants(int z, int k, double *log_pre, double *power, double *expo)
{
    if (z < 1 || z > GEN_ELEMENTS || k < 0 || k >= z)
        return -1;
    const double u = gen_elements[z - 1].energy_ev[k] / RYDBERG_EV; /* 2 I in hartree */
    const double zc = k + 1.0, n = zc / sqrt(u);
    const double log_a = 2 * n * log(2.0) - log(n) - lgamma(2 * n);
    *power = 2 * n - 1;
    *expo = 2.0 / 3.0 * pow(u, 1.5) * ATOMIC_FIELD;
    *log_pre = log_a + log(u / 2) + *power * log(2 * pow(u, 1.5) * ATOMIC_FIELD) - log(ATOMIC_TIME);
    return 0;
}

double gen_adk_rate(int z, int k, double E)
{
    double lp, p, x;
    if (gen_adk_constants(z, k, &lp, &p, &x) || !(E > 0))
        return 0;
    return exp(lp - p * log(E) - x / E);
}

void gen_ionization_define(struct strbuf *sb, const struct picl_config *cfg, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    const struct cfg_ionization *io = &sp->ionization;
    if (!io->enabled) {
        sb_puts(sb, "#define SP_ZQ(i) ((real)1)\n#define SP_LEVEL0 0\n#define SP_IONIZABLE 0\n");
        return;
    }
    sb_printf(sb, "/* field ionization of %s (gen/ionization.c): charge = level x e; product species %d (%s) */\n",
              io->element, io->product, cfg->species[io->product].name);
    sb_puts(sb, "#define SP_ZQ(i) ((real)plevel[i])\n#define SP_IONIZABLE 1\n");
    gen_define_int(sb, "SP_LEVEL0", io->initial_level);
    gen_define_int(sb, "SP_ION_LEVELS", io->z);
    gen_define_int(sb, "SP_ION_INDEX", s);
    const char *names[3] = {"adk_log_pre", "adk_power", "adk_expo"};
    for (int t = 0; t < 3; t++) {
        sb_printf(sb, "__constant acc_real %s_%d[%d] = {", names[t], s, io->z);
        for (int k = 0; k < io->z; k++) {
            double c[3];
            gen_adk_constants(io->z, k, &c[0], &c[1], &c[2]);
            sb_printf(sb, "%s%.17g", k ? ", " : "", c[t]);
        }
        sb_puts(sb, "};\n");
        sb_printf(sb, "#define SP_%s %s_%d\n", t == 0 ? "ADK_LOG_PRE" : t == 1 ? "ADK_POWER" : "ADK_EXPO", names[t], s);
    }
}

void gen_ionization_undefine(struct strbuf *sb)
{
    static const char *const m[] = {"SP_ZQ", "SP_LEVEL0", "SP_IONIZABLE", "SP_ION_LEVELS", "SP_ION_INDEX",
                                    "SP_ADK_LOG_PRE", "SP_ADK_POWER", "SP_ADK_EXPO"};
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
        sb_printf(sb, "#undef %s\n", m[i]);
}
