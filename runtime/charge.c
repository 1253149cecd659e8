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
    if (charge_deposit(f, species, n, -1, c, err, err_len))
        return -1;
    return fields_gauss(f, c, store, residual, err, err_len);
}
