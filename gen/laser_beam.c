/* laser_beam.c: one laser antenna's literals for templates/laser.cl. Everything the kernels
 * need about the beam is worked out here once: the antenna's planes on the grid, the sheets'
 * strengths, and the Gaussian beam's radius, curvature, Gouy phase and timing on the antenna. */
#include "laser_beam.h"

#include <math.h>
#include <stdio.h>

#include "ckc.h"
#include "constants.h"
#include "emit.h"

const char *const gen_laser_macros[] = {
    "LASER_SUFFIX",  "LASER_AXIS",     "LASER_B",       "LASER_C",       "LASER_E_PLANE",  "LASER_B_PLANE",
    "LASER_X_ANTENNA", "LASER_POL_B",  "LASER_POL_C",   "LASER_J_PER_E", "LASER_B_PER_E",  "LASER_DELAY",
    "LASER_HAS_PROFILE", "LASER_PROFILE", "LASER_AMP",  "LASER_CENTER_B", "LASER_CENTER_C", "LASER_INV_W2",
    "LASER_CURV",    "LASER_T_PEAK",   "LASER_INV_TAU2", "LASER_OMEGA",  "LASER_PHASE0", "LASER_HAS_B", "LASER_HAS_C",
    "LASER_OBLIQUE", "LASER_DIR_X",    "LASER_DIR_Y",   "LASER_DIR_Z",   "LASER_POS_X",    "LASER_POS_Y",
    "LASER_POS_Z",   "LASER_E0",       "LASER_W0",      "LASER_ZR",      "LASER_FOCAL",    "LASER_KEPT",
    "LASER_Q_B",     "LASER_Q_C",      "LASER_JQ",      "LASER_CKC",     "LASER_SIGN",     "LASER_CELLS_A",
    "LASER_POL_X",   "LASER_POL_Y",    "LASER_POL_Z"};
const int gen_laser_n_macros = (int)(sizeof gen_laser_macros / sizeof *gen_laser_macros);

/* The solver's dispersion at wave vector k, sum_p S_p(k) sin^2(k_p d_p / 2) / d_p^2 (S_p from
 * gen_ckc_factor; 1 for Yee), minus st^2 = sin^2(omega dt / 2) / (c dt)^2: 0 on the grid's wave. */
static double dispersion_excess(const struct picl_config *cfg, const struct gen_layout *lay,
                                const struct gen_ckc *w, const double k[3], double st)
{
    double sum = 0;
    for (int p = 0; p < 3; p++) {
        if (!cfg_has_axis(cfg, p))
            continue;
        const double sk = sin(0.5 * k[p] * lay->dx[p]) / lay->dx[p];
        sum += gen_ckc_factor(w, p, k, lay->dx) * sk * sk;
    }
    return sum - st * st;
}

/* The wave vector on the grid of an oblique beam's plane wave: the exact transverse k (the sheets
 * sample it on the antenna plane), and along the antenna's axis the k_a of the solver's
 * dispersion (dispersion_excess 0). Bisection in (0, pi / d): one root, since S_a does not depend on
 * k_a and on square cells its term grows faster than the transverse terms' S_t fall. 0 when the
 * ends do not bracket one (no such wave on the grid). */
static double grid_axis_k(const struct picl_config *cfg, const struct gen_layout *lay, const struct cfg_laser *l,
                          const struct gen_ckc *w, double omega, double k[3])
{
    const int a = l->axis;
    const double st = sin(0.5 * omega * cfg->dt) / (PICL_C * cfg->dt);
    for (int p = 0; p < 3; p++)
        k[p] = cfg_has_axis(cfg, p) ? omega / PICL_C * l->direction[p] : 0;
    double ends[2] = {0, PICL_PI / lay->dx[a]}; /* excess <= 0 at ends[0], > 0 at ends[1] */
    k[a] = ends[0];
    const int below = dispersion_excess(cfg, lay, w, k, st) <= 0;
    k[a] = ends[1];
    if (!below || !(dispersion_excess(cfg, lay, w, k, st) > 0))
        return k[a] = 0;
    for (int it = 0; it < 200; it++) {
        k[a] = 0.5 * (ends[0] + ends[1]);
        ends[dispersion_excess(cfg, lay, w, k, st) > 0] = k[a];
    }
    return k[a] = 0.5 * (ends[0] + ends[1]);
}

/* The plane wave of an oblique beam's direction as CKC's grid carries it, per unit field along
 * the polarization, for the grid's k (grid_axis_k): the transverse E as given, the normal one
 * that makes the grid's divergence (Yee's differences, K_p = 2 sin(k_p d_p / 2) / d_p) vanish,
 * and c B from the grid's Faraday, Omega B = K^F x E with K^F_p = S_p K_p and Omega = 2 sin(omega
 * dt / 2) / dt. At 4.3 cells a wavelength and 45 degrees (c dt = d) the normal E is 0.957 of the
 * continuous one and B 0.913: the sheets drive the grid's own wave, and the antenna leaks less
 * backwards. */
static void ckc_grid_wave(const struct picl_config *cfg, const struct gen_layout *lay, const struct cfg_laser *l,
                          const double k[3], double pol[3], double cb[3])
{
    const int a = l->axis, has[3] = {cfg_has_axis(cfg, 0), cfg_has_axis(cfg, 1), cfg_has_axis(cfg, 2)};
    const double omega = 2 * PICL_PI * PICL_C / l->wavelength;
    struct gen_ckc w;
    gen_ckc_weights_dim(lay->dx, has, &w);
    double K[3], KF[3], e[3];
    for (int p = 0; p < 3; p++)
        K[p] = has[p] ? 2 * sin(0.5 * k[p] * lay->dx[p]) / lay->dx[p] : 0;
    double div = 0;
    for (int p = 0; p < 3; p++) {
        KF[p] = K[p] * gen_ckc_factor(&w, p, k, lay->dx);
        e[p] = pol[p];
        div += p == a ? 0 : K[p] * pol[p];
    }
    e[a] = -div / K[a];
    const double big_omega = 2 * sin(0.5 * omega * cfg->dt) / cfg->dt;
    for (int p = 0; p < 3; p++) {
        const int p1 = (p + 1) % 3, p2 = (p + 2) % 3;
        cb[p] = PICL_C * (KF[p1] * e[p2] - KF[p2] * e[p1]) / big_omega;
        pol[p] = e[p];
    }
}

void gen_laser_beam(const struct picl_config *cfg, const struct gen_layout *lay, int i, struct gen_laser_beam *b)
{
    const struct cfg_laser *l = &cfg->lasers[i];
    const int a = l->axis;
    const double d = lay->dx[a];
    b->k[0] = b->k[1] = b->k[2] = 0;
    b->x_antenna = lay->lower[a] + l->plane * d;
    /* the antenna is the node plane nearest `position`: the focus and t_peak stay where the
     * input put them, relative to `position` */
    const double shift = l->sign * (b->x_antenna - l->position[a]); /* along the direction */
    b->t_peak = l->t_peak + shift / PICL_C;
    b->z = shift - l->focal_distance;
    b->rayleigh = l->wavelength > 0 ? PICL_PI * l->waist * l->waist / l->wavelength : 0;
    b->w = b->rayleigh > 0 ? l->waist * sqrt(1 + (b->z / b->rayleigh) * (b->z / b->rayleigh)) : l->waist;
    b->inv_r = b->rayleigh > 0 ? b->z / (b->z * b->z + b->rayleigh * b->rayleigh) : 0;
    b->gouy = b->rayleigh > 0 ? atan(b->z / b->rayleigh) : 0;
    /* a beam with one transverse axis (2D) has amplitude sqrt(w0 / w) and half the Gouy phase,
     * one with none (1D) is a plane wave: amplitude E0, no Gouy phase (Siegman, ch. 17); RZ's
     * beam on the axis is the round 3D one (r is its radius) */
    const int kept = cfg->geometry == CFG_GEOMETRY_RZ ? 2 : cfg_has_axis(cfg, (a + 1) % 3) + cfg_has_axis(cfg, (a + 2) % 3);
    b->amp = b->w > 0 ? (kept == 2 ? l->E0 * l->waist / b->w : kept == 1 ? l->E0 * sqrt(l->waist / b->w) : l->E0) : 0;
    if (kept < 2)
        b->gouy *= 0.5 * kept;
    /* A wave exp(i(omega t - k x)) on the grid along the axis (no transverse k: Yee and CKC then
     * agree) has sin(omega dt / 2) / (c dt) = sin(k d / 2) / d. Half a cell takes k d / (2 omega). */
    b->delay = 0.5 * d / PICL_C;
    if (l->wavelength > 0) {
        const double omega = 2 * PICL_PI * PICL_C / l->wavelength;
        const double s = d / (PICL_C * cfg->dt) * sin(0.5 * omega * cfg->dt);
        if (s < 1)
            b->delay = asin(s) / omega;
    }
    if (l->oblique && l->wavelength > 0) {
        /* An oblique beam's plane-wave part has the exact transverse k (the sheets sample it on
         * the plane); Yee's dispersion then gives k along the axis, sin^2(k_a d / 2) = d^2
         * (sin^2(omega dt / 2) / (c dt)^2 - sum over the kept transverse axes sin^2(k_t d_t / 2) / d_t^2),
         * and half a cell takes k_a d / (2 omega) (the axis's delay above when k_t = 0). */
        const double omega = 2 * PICL_PI * PICL_C / l->wavelength, k = omega / PICL_C;
        const double st = sin(0.5 * omega * cfg->dt) / (PICL_C * cfg->dt);
        double rest = st * st;
        for (int t = 1; t < 3; t++) {
            const int ax = (a + t) % 3;
            if (!cfg_has_axis(cfg, ax))
                continue;
            const double sk = sin(0.5 * k * l->direction[ax] * lay->dx[ax]) / lay->dx[ax];
            rest -= sk * sk;
        }
        const double sa = rest > 0 ? d * sqrt(rest) : 0;
        b->delay = sa < 1 ? asin(sa) / omega : 0.5 * fabs(l->direction[a]) * d / PICL_C;
        if (cfg->solver == CFG_SOLVER_CKC) {
            const int has[3] = {cfg_has_axis(cfg, 0), cfg_has_axis(cfg, 1), cfg_has_axis(cfg, 2)};
            struct gen_ckc w;
            gen_ckc_weights_dim(lay->dx, has, &w);
            if (grid_axis_k(cfg, lay, l, &w, omega, b->k) > 0)
                b->delay = 0.5 * b->k[a] * d / omega;
        }
    }
}

/* An oblique Gaussian beam (direction not along the antenna's axis): the kernels evaluate the
 * paraxial beam at each point from its own frame (position, direction, focus), and the electric
 * sheet takes the incident B = direction x E / c half a cell behind the plane, where it lies. */
static void emit_oblique(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay,
                         const struct cfg_laser *l, const struct gen_laser_beam *beam)
{
    const int a = l->axis, tb = (a + 1) % 3, tc = (a + 2) % 3;
    const double *d = l->direction, *p = l->polarization;
    const double q[3] = {d[1] * p[2] - d[2] * p[1], d[2] * p[0] - d[0] * p[2], d[0] * p[1] - d[1] * p[0]};
    const char *names[3][2] = {{"LASER_DIR_X", "LASER_POS_X"}, {"LASER_DIR_Y", "LASER_POS_Y"},
                               {"LASER_DIR_Z", "LASER_POS_Z"}};
    for (int k = 0; k < 3; k++) {
        gen_define_acc(sb, names[k][0], d[k]);
        gen_define_acc(sb, names[k][1], l->position[k]);
    }
    gen_define_acc(sb, "LASER_E0", l->E0);
    gen_define_acc(sb, "LASER_W0", l->waist);
    gen_define_acc(sb, "LASER_ZR", PICL_PI * l->waist * l->waist / l->wavelength);
    gen_define_acc(sb, "LASER_FOCAL", l->focal_distance);
    /* the beam's transverse axes the geometry keeps: 2 in 3D, 1 in 2D (the x-z plane's) */
    sb_printf(sb, "#define LASER_KEPT %d\n", cfg_has_axis(cfg, 0) + cfg_has_axis(cfg, 1) + cfg_has_axis(cfg, 2) - 1);
    double pol[3] = {p[0], p[1], p[2]}, cb[3] = {q[0], q[1], q[2]};
    if (cfg->solver == CFG_SOLVER_CKC && beam->k[a] > 0) /* else: no such wave on the grid, the continuous one */
        ckc_grid_wave(cfg, lay, l, beam->k, pol, cb);
    gen_define_acc(sb, "LASER_Q_B", cb[tb]);
    gen_define_acc(sb, "LASER_Q_C", cb[tc]);
    gen_define_acc(sb, "LASER_JQ", l->sign * PICL_EPS0 * PICL_C / lay->dx[a]);
    gen_define_acc(sb, "LASER_POL_X", pol[0]);
    gen_define_acc(sb, "LASER_POL_Y", pol[1]);
    gen_define_acc(sb, "LASER_POL_Z", pol[2]);
}

void gen_laser_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int i)
{
    const struct cfg_laser *l = &cfg->lasers[i];
    const int a = l->axis, tb = (a + 1) % 3, tc = (a + 2) % 3;
    struct gen_laser_beam beam;
    gen_laser_beam(cfg, lay, i, &beam);
    sb_printf(sb, "\n/* ==== laser %d: %s, along %c%c ==== */\n", i, l->name, l->sign > 0 ? '+' : '-', "xyz"[a]);
    sb_printf(sb, "#define LASER_SUFFIX _%d\n#define LASER_AXIS %d\n#define LASER_B %d\n#define LASER_C %d\n", i, a, tb,
              tc);
    /* the magnetic sheet lies half a cell behind the antenna: in the cell below it for +, its own for - */
    int b_plane = l->plane - (l->sign > 0);
    if (b_plane < 0)
        b_plane += lay->cells[a]; /* a periodic axis: the checks in picl.lua keep others inside */
    sb_printf(sb, "#define LASER_E_PLANE %d\n#define LASER_B_PLANE %d\n", l->plane, b_plane);
    /* whether the geometry keeps each transverse axis (2D: one of them, 1D: neither) */
    sb_printf(sb, "#define LASER_HAS_B %d\n#define LASER_HAS_C %d\n", cfg_has_axis(cfg, tb), cfg_has_axis(cfg, tc));
    gen_define_acc(sb, "LASER_X_ANTENNA", beam.x_antenna);
    gen_define_acc(sb, "LASER_POL_B", l->polarization[tb]);
    gen_define_acc(sb, "LASER_POL_C", l->polarization[tc]);
    /* E += (c dt / d) E_inc on the plane, as the current -(eps0 c / d) E_inc */
    gen_define_acc(sb, "LASER_J_PER_E", -PICL_EPS0 * PICL_C / lay->dx[a]);
    gen_define_acc(sb, "LASER_B_PER_E", l->sign * 0.5 * cfg->dt / lay->dx[a]);
    gen_define_acc(sb, "LASER_DELAY", beam.delay);
    sb_printf(sb, "#define LASER_HAS_PROFILE %d\n", l->has_profile);
    if (l->has_profile) {
        char fname[160];
        gen_expr_name(l->profile.key, fname, sizeof fname);
        sb_printf(sb, "#define LASER_PROFILE(x, y, z, t) %s((x), (y), (z), (t))\n", fname);
    }
    const double omega = l->wavelength > 0 ? 2 * PICL_PI * PICL_C / l->wavelength : 0;
    gen_define_acc(sb, "LASER_AMP", beam.amp);
    gen_define_acc(sb, "LASER_CENTER_B", l->position[tb]);
    gen_define_acc(sb, "LASER_CENTER_C", l->position[tc]);
    gen_define_acc(sb, "LASER_INV_W2", beam.w > 0 ? 1 / (beam.w * beam.w) : 0);
    gen_define_acc(sb, "LASER_CURV", beam.inv_r / (2 * PICL_C));
    gen_define_acc(sb, "LASER_T_PEAK", beam.t_peak);
    gen_define_acc(sb, "LASER_INV_TAU2", l->tau > 0 ? 1 / (l->tau * l->tau) : 0);
    gen_define_acc(sb, "LASER_OMEGA", omega);
    gen_define_acc(sb, "LASER_PHASE0", beam.gouy);
    sb_printf(sb, "#define LASER_OBLIQUE %d\n", l->oblique);
    /* an oblique beam's magnetic sheet under CKC spans two planes (templates/laser.cl) */
    sb_printf(sb, "#define LASER_CKC %d\n#define LASER_SIGN %d\n#define LASER_CELLS_A %d\n",
              cfg->solver == CFG_SOLVER_CKC, l->sign, lay->cells[a]);
    if (l->oblique)
        emit_oblique(sb, cfg, lay, l, &beam);
}
