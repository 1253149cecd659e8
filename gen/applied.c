/* applied.c: applied_fields written as applied_add(), the sum of the user's expressions and the
 * hard-edged elements' fields at a particle, in the push only (WarpX: B_external_particle). */
#include "applied.h"

#include "constants.h"
#include "emit.h"

/* Solenoid from z0 to z1 with edges of length l: Bz = B h(z), h rising as (1 - cos(pi s)) / 2 with
 * s from 0 to 1 over [z0 - l/2, z0 + l/2] and falling the same way over [z1 - l/2, z1 + l/2] (so the
 * integral of Bz is B (z1 - z0) and that of Bz^2 is B^2 (z1 - z0 - l/4)), and the paraxial fringe
 * that div B = 0 asks for, B_r = -(r/2) dBz/dz, which is what gives a solenoid its focusing
 * (Reiser, Theory and Design of Charged Particle Beams, section 3.4). The edge is smooth, not a
 * ramp, so the push's samples of dBz/dz, one per step, sum to the edge's kick to O((v dt / l)^2). */
static void emit_solenoid(struct strbuf *sb, const struct cfg_element *el, double dz)
{
    const double l = el->fringe > 0 ? el->fringe : dz;
    const double a0 = el->z[0] - l / 2, a1 = el->z[1] - l / 2;
    sb_printf(sb, "    { /* solenoid, Bz = %.9g T from z = %.9g to %.9g m, edges of %.9g m */\n", el->strength,
              el->z[0], el->z[1], l);
    sb_printf(sb, "        const acc_real s0 = clamp((z - (acc_real)%.17g) * (acc_real)%.17g, (acc_real)0, (acc_real)1);\n",
              a0, 1 / l);
    sb_printf(sb, "        const acc_real s1 = clamp((z - (acc_real)%.17g) * (acc_real)%.17g, (acc_real)0, (acc_real)1);\n",
              a1, 1 / l);
    sb_printf(sb, "        const acc_real pi = (acc_real)%.17g, b = (acc_real)%.17g;\n", PICL_PI, el->strength);
    sb_puts(sb, "        const acc_real h = (cos(pi * s1) - cos(pi * s0)) / 2;\n");
    sb_printf(sb, "        const acc_real dh = (sin(pi * s0) - sin(pi * s1)) * (acc_real)%.17g;\n", PICL_PI / (2 * l));
    sb_printf(sb, "        B[0] += (real)(-(acc_real)0.5 * (x - (acc_real)%.17g) * b * dh);\n", el->center[0]);
    sb_printf(sb, "        B[1] += (real)(-(acc_real)0.5 * (y - (acc_real)%.17g) * b * dh);\n", el->center[1]);
    sb_puts(sb, "        B[2] += (real)(b * h);\n    }\n");
}

/* The hard-edged elements act for the fraction of the push's impulse that the particle spends
 * inside them: the push turns u^{n-1/2} into u^{n+1/2}, the impulse of [t^{n-1/2}, t^{n+1/2}],
 * over which the particle runs along z from z - v_z dt/2 to z + v_z dt/2 (v_z of u^{n-1/2}). The
 * fractions of consecutive steps tile z, so the kicks sum to the integral of the field along the
 * path (WarpX weighs its lattice elements by the fraction of the step inside them too), where a
 * field sampled at the step points alone is off by up to v dt at each edge. applied_inside is that
 * fraction of [za, zb] in [z0, z1); a path of length 0 (the ionization's field at a point) counts
 * whole when z0 <= za < z1. */
static const char inside_fn[] =
    "static inline acc_real applied_inside(const acc_real za, const acc_real zb, const acc_real z0, const acc_real z1)\n"
    "{\n"
    "    const acc_real lo = fmin(za, zb), hi = fmax(za, zb);\n"
    "    if (!(hi > lo))\n"
    "        return za >= z0 && za < z1 ? (acc_real)1 : (acc_real)0;\n"
    "    return fmax(fmin(hi, z1) - fmax(lo, z0), (acc_real)0) / (hi - lo);\n"
    "}\n";

/* Hard-edged quadrupole: Bx = g (y - yc), By = g (x - xc) for z0 <= z < z1 (WarpX's hard-edged
 * quadrupoles, "quad" lattice elements), weighed by the fraction of the path inside. */
static void emit_quadrupole(struct strbuf *sb, const struct cfg_element *el)
{
    sb_printf(sb, "    { /* quadrupole, %.9g T/m from z = %.9g to %.9g m */\n", el->strength, el->z[0], el->z[1]);
    sb_printf(sb, "        const acc_real f = applied_inside(za, zb, (acc_real)%.17g, (acc_real)%.17g);\n", el->z[0],
              el->z[1]);
    sb_printf(sb, "        B[0] += (real)(f * (acc_real)%.17g * (y - (acc_real)%.17g));\n", el->strength, el->center[1]);
    sb_printf(sb, "        B[1] += (real)(f * (acc_real)%.17g * (x - (acc_real)%.17g));\n    }\n", el->strength,
              el->center[0]);
}

/* Plasma lens (WarpX's repeated_plasma_lens, one lens): E = kE (x - xc, y - yc, 0) and
 * B = kB (y - yc, -(x - xc), 0) for z0 <= z < z1, weighed like the quadrupole. */
static void emit_plasma_lens(struct strbuf *sb, const struct cfg_element *el)
{
    sb_printf(sb, "    { /* plasma lens, %.9g V/m^2 and %.9g T/m from z = %.9g to %.9g m */\n", el->strength,
              el->strength_b, el->z[0], el->z[1]);
    sb_printf(sb, "        const acc_real f = applied_inside(za, zb, (acc_real)%.17g, (acc_real)%.17g);\n", el->z[0],
              el->z[1]);
    sb_printf(sb, "        const acc_real rx = x - (acc_real)%.17g, ry = y - (acc_real)%.17g;\n", el->center[0],
              el->center[1]);
    if (el->strength != 0) {
        sb_printf(sb, "        E[0] += (real)(f * (acc_real)%.17g * rx);\n", el->strength);
        sb_printf(sb, "        E[1] += (real)(f * (acc_real)%.17g * ry);\n", el->strength);
    }
    if (el->strength_b != 0) {
        sb_printf(sb, "        B[0] += (real)(f * (acc_real)%.17g * ry);\n", el->strength_b);
        sb_printf(sb, "        B[1] -= (real)(f * (acc_real)%.17g * rx);\n", el->strength_b);
    }
    sb_puts(sb, "        (void)rx; (void)ry;\n    }\n");
}

void gen_applied_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay)
{
    const struct cfg_applied *ap = &cfg->applied;
    if (!ap->enabled)
        return;
    sb_puts(sb, "\n/* applied_fields: added to the gathered E and B in the push (species_step.cl), never on the\n"
                " * grid; t_gather is the time of the gather (s), lab_offset how far a moving window has gone (m). */\n"
                "#define APPLIED_FIELDS 1\n#define APPLIED_PARAM , const acc_real t_gather, const acc_real lab_offset\n"
                "#define APPLIED_ARG , t_gather, lab_offset\n");
    int hard = 0;
    for (int i = 0; i < ap->n_elements; i++)
        hard += ap->elements[i].kind != CFG_SOLENOID;
    if (hard)
        sb_puts(sb, inside_fn);
    /* the fields are the lab frame's: with a moving window, lab_offset (m) is how far the domain
     * has moved along its axis */
    const int w = cfg->window.enabled ? cfg->window.axis : -1;
    sb_puts(sb, "/* at xc (cells of the domain) with momentum u (m/s) whose impulse spans the time from\n"
                " * `back` steps before the gather to `ahead` steps after it (the path a hard edge weighs) */\n"
                "static inline void applied_add(const real *xc, const real *u, const real back, const real ahead,\n"
                "                               const acc_real t, const acc_real lab_offset, real *E, real *B)\n{\n");
    sb_printf(sb, "    const acc_real x = LOWER_X + (acc_real)xc[0] * DX%s, y = LOWER_Y + (acc_real)xc[1] * DY%s,\n"
                  "                   z = LOWER_Z + (acc_real)xc[2] * DZ%s;\n",
              w == 0 ? " + lab_offset" : "", w == 1 ? " + lab_offset" : "", w == 2 ? " + lab_offset" : "");
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)u; (void)back; (void)ahead; (void)t; (void)lab_offset; (void)E; (void)B;\n");
    if (hard)
        sb_puts(sb, "    const acc_real vz_dt = (acc_real)u[2] * rsqrt((acc_real)1 + ((acc_real)u[0] * u[0] + (acc_real)u[1] * u[1]\n"
                    "                                  + (acc_real)u[2] * u[2]) * (acc_real)INV_C2) * (acc_real)DT;\n"
                    "    const acc_real za = z - back * vz_dt, zb = z + ahead * vz_dt;\n");
    for (int v = 0; v < 2; v++)
        for (int a = 0; a < 3; a++) {
            const struct cfg_expr *e = v ? &ap->B[a] : &ap->E[a];
            if (!e->text[0])
                continue;
            char fname[160];
            gen_expr_name(e->key, fname, sizeof fname);
            sb_printf(sb, "    %s[%d] += (real)%s(x, y, z, t);\n", v ? "B" : "E", a, fname);
        }
    for (int i = 0; i < ap->n_elements; i++) {
        if (ap->elements[i].kind == CFG_SOLENOID)
            emit_solenoid(sb, &ap->elements[i], lay->dx[2]);
        else if (ap->elements[i].kind == CFG_QUADRUPOLE)
            emit_quadrupole(sb, &ap->elements[i]);
        else
            emit_plasma_lens(sb, &ap->elements[i]);
    }
    sb_puts(sb, "}\n");
}
