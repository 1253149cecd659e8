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

static int is_mj(const struct cfg_species *sp) { return sp->distribution == CFG_THERMAL_MAXWELL_JUTTNER; }

static double drift2(const struct cfg_species *sp)
{
    return sp->u_drift[0] * sp->u_drift[0] + sp->u_drift[1] * sp->u_drift[1] + sp->u_drift[2] * sp->u_drift[2];
}

double gen_k2_scaled(double x)
{
    /* e^x K2(x) = \int_0^inf exp(-x (cosh t - 1)) cosh(2t) dt. The integrand is even, analytic in
     * the strip |Im t| < pi/2 and decays doubly exponentially, so the trapezoid rule converges
     * like exp(-pi^2 / h) (and like exp(-2 pi^2 / (x h^2)) where x is large and the integrand a
     * Gaussian of rms 1/sqrt(x)): at h = 0.05 min(1, 1/sqrt(x)) both are far below round-off. */
    const double h = 0.05 * fmin(1.0, 1.0 / sqrt(x));
    double sum = 0.5;
    for (long i = 1; i < 100000000L; i++) {
        const double t = (double)i * h, lnf = 2 * t - x * (cosh(t) - 1);
        sum += exp(lnf) * 0.5 * (1 + exp(-4 * t));
        if (lnf < -50 && x * sinh(t) > 2)
            break;
    }
    return sum * h;
}

/* E over mu uniform in [-1, 1] of max(a mu + b, 0) (h1), of the indicator a mu + b > 0 (h0) and
 * of mu times it (hm), a >= 0. */
static void half_range(double a, double b, double *h1, double *h0, double *hm)
{
    if (b >= a) {
        *h1 = b;
        *h0 = 1;
        *hm = 0;
    } else if (b <= -a) {
        *h1 = *h0 = *hm = 0;
    } else {
        const double mu0 = -b / a;
        *h1 = (a + b) * (a + b) / (4 * a);
        *h0 = (1 - mu0) / 2;
        *hm = (1 - mu0 * mu0) / 4;
    }
}

/* Simpson's rule over w in [w0, w1] of the two integrands of gen_flux_mj_mean (which see). */
static void mj_simpson(double theta, double u_dn, double w0, double w1, double *v, double *p)
{
    const int n = 20000;
    const double h = (w1 - w0) / n, len_a = sqrt(1 + u_dn * u_dn);
    double sv = 0, sp = 0;
    for (int i = 0; i <= n; i++) {
        const double w = w0 + i * h, t = w * w, e = theta * t, gp = 1 + e, s = sqrt(e * (e + 2));
        double h1, h0, hm;
        half_range(s * len_a, u_dn * gp, &h1, &h0, &hm);
        const double jac = 2 * w * exp(-t) * (i == 0 || i == n ? 1 : i % 2 ? 4 : 2);
        sv += jac * s * h1;
        sp += jac * s * gp * (h0 + (gp > 1 ? u_dn * s / (len_a * gp) * hm : 0));
    }
    *v += sv * h / 3;
    *p += sp * h / 3;
}

double gen_flux_mj_mean(double theta, double u_dn, double u_d2, int quadrature, double *p_in)
{
    const double k2s = gen_k2_scaled(1 / theta);
    if (!quadrature && u_d2 == 0) {
        if (p_in)
            *p_in = 0.5;
        return theta * (1 + theta) / (2 * k2s);
    }
    /* In the rest frame (rest density n / Gamma_d, Gamma_d = sqrt(1 + u_d2)) the speed s = gamma' beta'
     * is Maxwell-Juttner, s^2 exp(-gamma'/theta) ds / (theta K2(1/theta)), and the direction
     * uniform; the boost gives u_n = s sqrt(1 + u_dn^2) mu + u_dn gamma', mu the cosine of the
     * rest-frame direction to the vector e_n + (Gamma_d - 1) d_n d (d the drift's direction), and
     * v_n d^3u in the lab is u_n d^3u' / gamma'. So n <v_n; v_n > 0> = (n / Gamma_d) E'[max(u_n, 0) /
     * gamma'], and P(v_n > 0) = E'[(u_n > 0) (1 + u_dn s mu / (sqrt(1 + u_dn^2) gamma'))] (the
     * density's weight gamma / gamma'): the averages over mu are closed (half_range), leaving one
     * integral over s. With gamma' = 1 + theta w^2 it is smooth in w but where u_n's range
     * starts to straddle 0 (s = |u_dn|, w* below); Simpson's rule on [0, w*] and beyond, 20000
     * intervals each, to w^2 = 100 past the part that counts: 1e-12 relative (tested against the
     * closed form without drift). */
    const double w_kink = sqrt((sqrt(1 + u_dn * u_dn) - 1) / theta), w_far = 10;
    double v = 0, p = 0;
    if (u_dn > 0)
        mj_simpson(theta, u_dn, 0, fmin(w_kink, w_far), &v, &p);
    if (w_kink < w_far || u_dn < 0)
        mj_simpson(theta, u_dn, w_kink, sqrt(w_kink * w_kink + w_far * w_far), &v, &p);
    if (p_in)
        *p_in = p / k2s;
    return v / (k2s * sqrt(1 + u_d2));
}

double gen_flux_rate(const struct cfg_species *sp)
{
    double ud, uth;
    normal_maxwellian(sp, &ud, &uth);
    if (is_mj(sp))
        return sp->flux.density * PICL_C * gen_flux_mj_mean(sp->flux.theta, ud, drift2(sp), 0, NULL);
    double v; /* <v_n, v_n > 0> over the whole distribution, units of c */
    if (uth > 0)
        v = uth / 2.5066282746310002 * exp(-ud * ud / (2 * uth * uth)) + 0.5 * ud * (1 + erf(ud / (sqrt(2.0) * uth)));
    else
        v = ud > 0 ? ud : 0;
    return sp->flux.density * PICL_C * v;
}

double gen_flux_inward(const struct cfg_species *sp)
{
    double ud, uth, p;
    normal_maxwellian(sp, &ud, &uth);
    if (is_mj(sp)) {
        gen_flux_mj_mean(sp->flux.theta, ud, drift2(sp), 0, &p);
        return p;
    }
    return uth > 0 ? 0.5 * (1 + erf(ud / (sqrt(2.0) * uth))) : 1.0;
}

double gen_flux_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    const int a = sp->flux.axis;
    const double area = lay->dx[(a + 1) % 3] * lay->dx[(a + 2) % 3];
    return gen_flux_rate(sp) * cfg->dt * area / sp->flux.per_cell;
}

/* Rejection tries of a drifting Maxwell-Juttner flux: acceptance <v_n; v_n > 0> / c = p, so
 * ceil(40 / p) tries all fail with probability (1 - p)^(40 / p) < e^-40 = 4e-18; at most 1e6. */
static long mj_tries(double p) { return p > 40e-6 ? (long)ceil(40 / p) : 1000000L; }

void gen_flux_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    double ud, uth;
    normal_maxwellian(sp, &ud, &uth);
    sb_puts(sb, "/* flux injection (gen/flux_defs.c): face axis and side (0 lower), macro-particles per cell per\n"
                " * step, their weight, the inward normal Maxwellian's mean and rms u/c */\n");
    gen_define_int(sb, "SP_FLUX_AXIS", sp->flux.axis);
    gen_define_int(sb, "SP_FLUX_SIDE", sp->flux.side);
    gen_define_int(sb, "SP_FLUX_PER_CELL", sp->flux.per_cell);
    gen_define_acc(sb, "SP_FLUX_WEIGHT", gen_flux_weight(cfg, lay, s));
    gen_define_acc(sb, "SP_FLUX_UD", ud);
    gen_define_acc(sb, "SP_FLUX_UTH", uth);
    gen_define_acc(sb, "SP_FLUX_DT", cfg->dt);
    if (sp->flux.density_expr.text[0]) { /* SP_FLUX_WEIGHT is then per unit density */
        char fname[160];
        gen_expr_name(sp->flux.density_expr.key, fname, sizeof fname);
        sb_printf(sb, "#define SP_FLUX_DENSITY(x, y, z, t) ((acc_real)%s((x), (y), (z), (t)))\n", fname);
    }
    if (is_mj(sp)) {
        const double p = gen_flux_mj_mean(sp->flux.theta, ud, drift2(sp), 0, NULL);
        /* 1: at rest, drawn directly; 2: drifting, the Maxwell-Juttner accepted with v_n / c */
        sb_printf(sb, "/* Maxwell-Juttner flux of kT / m c^2 = %.9g: <v_n; v_n > 0> / c = %.9g%s */\n",
                  sp->flux.theta, p, drift2(sp) > 0 ? ", the expected rejection tries c / that" : "");
        gen_define_int(sb, "SP_FLUX_MJ", drift2(sp) > 0 ? 2 : 1);
        gen_define_acc(sb, "SP_FLUX_THETA", sp->flux.theta);
        gen_define_int(sb, "SP_FLUX_MJ_TRIES", mj_tries(p));
    }
}

void gen_flux_undefine(struct strbuf *sb)
{
    static const char *const names[] = {"SP_FLUX_AXIS", "SP_FLUX_SIDE",  "SP_FLUX_PER_CELL", "SP_FLUX_WEIGHT",
                                        "SP_FLUX_UD",   "SP_FLUX_UTH",   "SP_FLUX_DT",       "SP_FLUX_MJ",
                                        "SP_FLUX_THETA", "SP_FLUX_MJ_TRIES", "SP_FLUX_DENSITY"};
    for (size_t m = 0; m < sizeof names / sizeof *names; m++)
        sb_printf(sb, "#undef %s\n", names[m]);
}
