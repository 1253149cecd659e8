/* ckc.c: the Cole-Karkkainen-Cowan weights (Cowan et al., PRST-AB 16, 041303, 2013, in the
 * form WarpX uses in CartesianCKCAlgorithm), written as literals for maxwell_ckc.cl. */
#include "ckc.h"

#include <math.h>
#include <stdio.h>

void gen_ckc_weights(const double dx[3], struct gen_ckc *w)
{
    /* r_a = (dx_min / dx_a)^2 <= 1: the finest axis has r = 1. On a cubic grid every r is 1,
     * which gives Cowan's alpha = 7/12, beta = 1/12, gamma = 1/48. */
    double dmin = dx[0] < dx[1] ? dx[0] : dx[1];
    dmin = dmin < dx[2] ? dmin : dx[2];
    double r[3];
    for (int a = 0; a < 3; a++)
        r[a] = (dmin / dx[a]) * (dmin / dx[a]);
    const double pairs = r[0] * r[1] + r[1] * r[2] + r[2] * r[0];
    const double beta = 0.125 * (1.0 - r[0] * r[1] * r[2] / pairs);
    for (int a = 0; a < 3; a++) {
        const int t1 = (a + 1) % 3, t2 = (a + 2) % 3;
        const double rt = r[t1] * r[t2];
        w->beta[a][a] = 0.0;
        w->beta[a][t1] = r[t1] * beta;
        w->beta[a][t2] = r[t2] * beta;
        w->gamma[a] = rt * (0.0625 - 0.125 * rt / pairs);
        /* the weights of a difference sum to one, so a wave along an axis sees plain Yee */
        w->alpha[a] = 1.0 - 2.0 * w->beta[a][t1] - 2.0 * w->beta[a][t2] - 4.0 * w->gamma[a];
    }
}

void gen_ckc_weights_dim(const double dx[3], const int has[3], struct gen_ckc *w)
{
    if (has[0] && has[1] && has[2]) {
        gen_ckc_weights(dx, w);
        return;
    }
    double dmin = 0;
    for (int a = 0; a < 3; a++)
        if (has[a] && (dmin == 0 || dx[a] < dmin))
            dmin = dx[a];
    for (int a = 0; a < 3; a++) {
        w->gamma[a] = 0.0;
        w->alpha[a] = 1.0;
        for (int t = 0; t < 3; t++) {
            /* Cowan et al. 2013, 2D: beta = 1/8 scaled by (dmin / dx_t)^2 (WarpX's beta * r_t) */
            w->beta[a][t] = (t != a && has[a] && has[t]) ? 0.125 * (dmin / dx[t]) * (dmin / dx[t]) : 0.0;
            w->alpha[a] -= 2.0 * w->beta[a][t];
        }
    }
}

double gen_ckc_factor(const struct gen_ckc *w, int p, const double k[3], const double dx[3])
{
    const int t1 = (p + 1) % 3, t2 = (p + 2) % 3;
    const double c1 = cos(k[t1] * dx[t1]), c2 = cos(k[t2] * dx[t2]);
    return w->alpha[p] + 2 * (w->beta[p][t1] * c1 + w->beta[p][t2] * c2) + 4 * w->gamma[p] * c1 * c2;
}

static void define_weight(struct strbuf *sb, const char *name, double value)
{
    sb_printf(sb, "#define %s ((real)%.17g)\n", name, value);
}

void gen_ckc_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay)
{
    if (cfg->solver != CFG_SOLVER_CKC)
        return;
    struct gen_ckc w;
    const int has[3] = {cfg_has_axis(cfg, 0), cfg_has_axis(cfg, 1), cfg_has_axis(cfg, 2)};
    gen_ckc_weights_dim(lay->dx, has, &w);
    const char axis[3] = {'X', 'Y', 'Z'};
    char name[32];
    sb_puts(sb, "\n/* CKC weights of Faraday's difference along A: CKC_ALPHA_A on its own line,\n"
                " * CKC_BETA_AT on each line one cell away along T, CKC_GAMMA_A on each diagonal line\n"
                " * (Cowan et al. 2013, as WarpX; from dx, dy, dz by gen/ckc.c). */\n");
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "CKC_ALPHA_%c", axis[a]);
        define_weight(sb, name, w.alpha[a]);
        for (int t = 0; t < 3; t++) {
            if (t == a)
                continue;
            snprintf(name, sizeof name, "CKC_BETA_%c%c", axis[a], axis[t]);
            define_weight(sb, name, w.beta[a][t]);
        }
        snprintf(name, sizeof name, "CKC_GAMMA_%c", axis[a]);
        define_weight(sb, name, w.gamma[a]);
    }
}
