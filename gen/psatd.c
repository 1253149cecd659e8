/* psatd.c: the k-space tables of the PSATD update, in double, with the limits at k = 0 written
 * out so that the long-wavelength modes lose no digits. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "constants.h"
#include "mem.h"
#include "psatd.h"

static double axis_k(int m, int n, double dx)
{
    if (n == 1 || (n % 2 == 0 && m == n / 2))
        return 0.0;
    int s = m <= n / 2 ? m : m - n;
    return 2.0 * PICL_PI * s / (n * dx);
}

/* The Galilean coefficients of one k-point (WarpX's PsatdAlgorithmGalilean::
 * InitializeSpectralCoefficients, with the exact k for both its staggered and centred k): with
 * om = c|k|, w = k.vg, theta = exp(i w dt/2), C = cos(om dt), S_ck = sin(om dt)/om,
 *   T2 = theta^2, X1 = (1 - T2 C + i w T2 S_ck)/(eps0 (om^2 - w^2)),
 *   X2 = c^2 (theta* X1 - theta (1-C)/(eps0 om^2))/(theta* - theta),
 *   X3 = c^2 (theta* X1 - theta* (1-C)/(eps0 om^2))/(theta* - theta),
 *   X4 = i w X1 - T2 S_ck/eps0, Q = (1 - T2)/w,
 * and their limits at w = 0 (standard PSATD with rho) and om = 0. coef: C, S_ck, (1-C)/k^2. */
static void galilean_point(double *g, const double *coef, double k2, double w, double dt)
{
    const double eps0 = PICL_EPS0, c2 = PICL_C * PICL_C, C = coef[0], S_ck = coef[1];
    const double om2 = c2 * k2, tmp = coef[2] / (eps0 * c2); /* (1-C)/(eps0 om^2) -> dt^2/(2 eps0) */
    const double complex T2 = cexp(I * w * dt), th = cexp(0.5 * I * w * dt), ths = conj(th);
    double complex X1, X2, X3, Q;
    if (om2 > 0 || w != 0)
        X1 = (1 - T2 * C + I * w * T2 * S_ck) / (eps0 * (om2 - w * w));
    else
        X1 = 0.5 * dt * dt / eps0;
    if (w != 0) {
        X2 = c2 * (ths * X1 - th * tmp) / (ths - th);
        X3 = c2 * (ths * X1 - ths * tmp) / (ths - th);
        Q = (1 - T2) / w;
    } else {
        /* c^2 (dt - S_ck)/(eps0 dt om^2) and c^2 (dt C - S_ck)/(eps0 dt om^2) from the tables'
         * series: (S_ck - dt)/k^2 = coef[3], so X2 = -coef[3]/(eps0 dt), X3 = X2 - c^2 tmp */
        X2 = -coef[3] / (eps0 * dt);
        X3 = X2 - c2 * tmp;
        Q = -I * dt;
    }
    const double complex X4 = I * w * X1 - T2 * S_ck / eps0;
    const double complex v[6] = {T2, X1, X2, X3, X4, Q};
    for (int m = 0; m < 6; m++) {
        g[2 * m] = creal(v[m]);
        g[2 * m + 1] = cimag(v[m]);
    }
}

int psatd_tables(struct psatd_tables *t, const int n[3], const double dx[3], double dt, const double *vg,
                 char *err, size_t err_len)
{
    memset(t, 0, sizeof *t);
    if (!(dt > 0)) {
        snprintf(err, err_len, "psatd: time step %g s; it must be positive", dt);
        return -1;
    }
    long axis_total = 0;
    for (int a = 0; a < 3; a++) {
        if (n[a] < 1 || !(dx[a] > 0)) {
            snprintf(err, err_len, "psatd: axis %d has %d points spaced %g m", a, n[a], dx[a]);
            return -1;
        }
        t->n[a] = n[a];
        axis_total += n[a];
    }
    t->points = (long)n[0] * n[1] * n[2];
    t->k = mem_alloc(axis_total * sizeof *t->k);
    t->shift = mem_alloc(2 * axis_total * sizeof *t->shift);
    t->coef = mem_alloc(4 * t->points * sizeof *t->coef);
    if (vg)
        t->gal = mem_alloc(12 * t->points * sizeof *t->gal);
    if (!t->k || !t->shift || !t->coef || (vg && !t->gal)) {
        psatd_tables_free(t);
        snprintf(err, err_len, "psatd: out of host memory for the k-space tables of %ld points", t->points);
        return -1;
    }
    for (int a = 0, base = 0; a < 3; base += n[a], a++)
        for (int m = 0; m < n[a]; m++) {
            double k = axis_k(m, n[a], dx[a]);
            t->k[base + m] = k;
            t->shift[2 * (base + m)] = cos(0.5 * k * dx[a]);
            t->shift[2 * (base + m) + 1] = sin(0.5 * k * dx[a]);
        }
    const double cdt = PICL_C * dt;
    for (long p = 0; p < t->points; p++) {
        long i = p % n[0], j = (p / n[0]) % n[1], l = p / ((long)n[0] * n[1]);
        double kx = t->k[i], ky = t->k[n[0] + j], kz = t->k[n[0] + n[1] + l];
        double k2 = kx * kx + ky * ky + kz * kz, th = cdt * sqrt(k2);
        double *c = t->coef + 4 * p;
        c[0] = cos(th);
        /* 1 - cos th = 2 sin^2(th/2) keeps its digits at small th; (sin th - th)/th^3 by its
         * series below 1e-2, where the difference cancels */
        double h = 0.5 * th, sinc_h = th > 0 ? sin(h) / h : 1.0;
        c[1] = th > 0 ? dt * sin(th) / th : dt;
        c[2] = 0.5 * cdt * cdt * sinc_h * sinc_h;
        double r = th < 1e-2 ? -1.0 / 6 + th * th / 120 - th * th * th * th / 5040 : (sin(th) - th) / (th * th * th);
        c[3] = dt * cdt * cdt * r;
        if (vg)
            galilean_point(t->gal + 12 * p, c, k2, kx * vg[0] + ky * vg[1] + kz * vg[2], dt);
    }
    return 0;
}

void psatd_tables_free(struct psatd_tables *t)
{
    mem_free(t->k);
    mem_free(t->shift);
    mem_free(t->coef);
    mem_free(t->gal);
    t->k = t->shift = t->coef = t->gal = NULL;
}

/* the axes along which component c sits half a cell off the nodes, as a bit mask */
static int stagger_mask(const struct picl_config *cfg, enum field_comp c)
{
    double off[3];
    gen_field_offset(cfg, c, off);
    return (off[0] != 0) | (off[1] != 0) << 1 | (off[2] != 0) << 2;
}

int psatd_is_galilean(const struct picl_config *cfg)
{
    return cfg->solver == CFG_SOLVER_PSATD &&
           (cfg->v_galilean[0] != 0 || cfg->v_galilean[1] != 0 || cfg->v_galilean[2] != 0);
}

int psatd_uses_gal(const struct picl_config *cfg)
{
    return psatd_is_galilean(cfg) || (cfg->solver == CFG_SOLVER_PSATD && cfg->psatd_rho);
}

int psatd_rho_deposits(const struct picl_config *cfg)
{
    return cfg->solver == CFG_SOLVER_PSATD && (cfg->psatd_rho || cfg->psatd_cc);
}

void gen_psatd_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay)
{
    if (cfg->solver != CFG_SOLVER_PSATD)
        return;
    if (psatd_is_galilean(cfg)) {
        /* The grid moves at vg (Galilean coordinates x' = x - vg t): the particles move by
         * (v - vg) dt in its cells, and the k-space update takes the Galilean coefficients. */
        sb_printf(sb, "\n/* Galilean PSATD: v_galilean = (%.17g, %.17g, %.17g) c (docs/psatd.md) */\n",
                  cfg->v_galilean[0], cfg->v_galilean[1], cfg->v_galilean[2]);
        sb_printf(sb, "#define GALILEAN_VX %.17g\n#define GALILEAN_VY %.17g\n"
                      "#define GALILEAN_VZ %.17g\n",
                  cfg->v_galilean[0] * PICL_C, cfg->v_galilean[1] * PICL_C, cfg->v_galilean[2] * PICL_C);
    }
    if (psatd_uses_gal(cfg))
        sb_printf(sb, "#define PSATD_GALILEAN 1\n");
    if (cfg->psatd_rho)
        sb_printf(sb, "/* the rho form: rho^n and rho^{n+1} deposited, transforms 9 and 10 (solver.update_with_rho) */\n"
                      "#define PSATD_RHO 1\n");
    if (cfg->psatd_cc)
        sb_printf(sb, "/* current correction: J projected onto continuity with the deposited rho^n, rho^{n+1} "
                      "(solver.current_correction) */\n#define PSATD_CURRENT_CORRECTION 1\n#define PSATD_DT %.17g\n",
                  cfg->dt);
    sb_printf(sb, "\n/* PSATD (templates/psatd.cl): one FFT of the periodic domain's %d x %d x %d cells (every box's\n"
                  " * valid cells at its offset); the staggering of E (and J) and B as axis masks (gen/psatd.c). */\n",
              lay->cells[0], lay->cells[1], lay->cells[2]);
    sb_printf(sb, "#define PSATD_NX %d\n#define PSATD_NY %d\n#define PSATD_NZ %d\n", lay->cells[0], lay->cells[1],
              lay->cells[2]);
    sb_printf(sb, "#define PSATD_C2 %.17g\n#define PSATD_INV_EPS0 %.17g\n", PICL_C * PICL_C, 1.0 / PICL_EPS0);
    sb_printf(sb, "#define PSATD_STAGGER_E { %d, %d, %d }\n#define PSATD_STAGGER_B { %d, %d, %d }\n",
              stagger_mask(cfg, FC_EX), stagger_mask(cfg, FC_EY), stagger_mask(cfg, FC_EZ), stagger_mask(cfg, FC_BX), stagger_mask(cfg, FC_BY),
              stagger_mask(cfg, FC_BZ));
}
