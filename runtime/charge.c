/* charge.c: rho from the particles, and the Gauss-law residual of the charge-conserving
 * deposition (docs/architecture.md, "The step"). */
#include "charge.h"

int charge_deposit(struct fields *f, struct species *species, int n, int which, struct ctx *c, char *err,
                   size_t err_len)
{
    if (fields_zero_rho(f, c, err, err_len))
        return -1;
    for (int i = 0; i < n; i++)
        if ((which < 0 || i == which) && particles_deposit_rho(&species[i], c, err, err_len))
            return -1;
    /* with a filtered J, the rho that J conserves is the filtered one */
    return fields_sum_rho(f, c, err, err_len) || fields_filter_rho(f, c, err, err_len) ? -1 : 0;
}

int charge_gauss(struct fields *f, struct species *species, int n, struct ctx *c, int store, double *residual,
                 char *err, size_t err_len)
{
    /* In a neutral plasma the net rho is round-off, and a residual relative to it reads huge
     * (4.5e13 in inputs/lwfa.lua) while Gauss's law holds. The scale is then the largest charge
     * density one species has on its own: one more deposit per species, on diagnostic steps. */
    double species_scale = 0;
    for (int i = 0; n > 1 && i < n; i++) {
        double m;
        if (charge_deposit(f, species, n, i, c, err, err_len) || fields_rho_max(f, c, &m, err, err_len))
            return -1;
        species_scale = m > species_scale ? m : species_scale;
    }
    if (charge_deposit(f, species, n, -1, c, err, err_len))
        return -1;
    return fields_gauss(f, c, store, species_scale, residual, err, err_len);
}
