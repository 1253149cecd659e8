/* flux_defs.h: a flux species' literals (WarpX NFluxPerCell): its face, particles per cell per step,
 * the weight that makes them carry density * mean inward velocity, and its normal distribution
 * (a Maxwellian of u_drift and u_th, or a Maxwell-Juttner of a temperature). */
#ifndef PICL_GEN_FLUX_DEFS_H
#define PICL_GEN_FLUX_DEFS_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* Particles per m^2 per s that cross the face inwards, density x <v_n; v_n > 0>. For a Maxwellian
 * whose u along the inward normal is Gaussian of mean ud and rms uth (units of c, taken as v/c: the
 * non-relativistic flux): n c [uth / sqrt(2 pi) exp(-ud^2 / 2 uth^2) + ud / 2 (1 + erf(ud / (sqrt 2 uth)))].
 * For a Maxwell-Juttner: n c gen_flux_mj_mean(...). */
double gen_flux_rate(const struct cfg_species *sp);

/* P(v_n > 0) of the species' distribution outside the face (the fraction that moves inwards). */
double gen_flux_inward(const struct cfg_species *sp);

/* <v_n; v_n > 0> / c per unit (lab) density of the Maxwell-Juttner of theta = kT / (m c^2) drifting
 * at u_d (gamma beta, units of c; u_dn its component along the inward normal, u_d2 = |u_d|^2), and
 * (p_in not NULL) P(v_n > 0). Without drift the closed form theta (1 + theta) exp(-1/theta) /
 * (2 K2(1/theta)) and 1/2; with one (or quadrature != 0) a quadrature (flux_defs.c states it). */
double gen_flux_mj_mean(double theta, double u_dn, double u_d2, int quadrature, double *p_in);

/* e^x K2(x), x > 0 (the trapezoid rule on its integral over cosh; 1e-15 relative). */
double gen_k2_scaled(double x);

/* The physical particles of one macro-particle: rate * dt * cell area of the face / per_cell. */
double gen_flux_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s);

/* SP_FLUX_* of species s (after gen_species_define; gen_flux_undefine after its templates). */
void gen_flux_define(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s);
void gen_flux_undefine(struct strbuf *sb);

#endif
