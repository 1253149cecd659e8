/* charge.h: the charge density of the particles on the grid, and the charge-conservation
 * residual it gives (Gauss's law), for the diagnostics, the output and the moving window. */
#ifndef PICL_CHARGE_H
#define PICL_CHARGE_H

#include "particles.h"

/* Deposits the charge density of species[which] (which >= 0) or of all n species (which < 0)
 * into rho, sums it over boxes (and ranks) and filters it as J is filtered. */
int charge_deposit(struct fields *f, struct species *species, int n, int which, struct ctx *c, char *err,
                   size_t err_len);
/* The residual max |div E - rho/eps0 - its reference| / max |rho/eps0| now, all species
 * deposited, where max |rho/eps0| is the larger of the net charge's and of the largest one
 * species has alone (several species); store: make the present state the reference that later
 * residuals are measured from. */
int charge_gauss(struct fields *f, struct species *species, int n, struct ctx *c, int store, double *residual,
                 char *err, size_t err_len);

#endif
