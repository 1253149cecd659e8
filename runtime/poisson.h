/* poisson.h: the electrostatic field solver (solver "electrostatic", docs/electrostatic.md):
 * Poisson's equation for phi from the deposited rho by conjugate gradients on the device. */
#ifndef PICL_POISSON_H
#define PICL_POISSON_H

#include "ctx.h"
#include "expr_parse.h"
#include "fields.h"

struct poisson {
    struct kernel boundary, rho_sum, residual, apply, update, direction, field;
    struct arena_buf work; /* r and A p, laid out as two field components */
    struct expr_tree potential[3][2]; /* each non-periodic face's potential (V) as a function of t */
    int has_potential[3][2];
    int singular; /* every kept axis periodic: phi up to a constant, rho's mean taken out */
    int iterations; /* of the last solve */
};

int poisson_create(struct poisson *p, struct ctx *c, struct fields *f, char *err, size_t err_len);
void poisson_destroy(struct poisson *p, struct ctx *c);
/* phi from rho (deposited and summed) at time t with the faces' potentials of t, to the input's
 * relative tolerance; then E = -grad(phi), B = 0, guards filled. Fails when the iterations run
 * out before the tolerance is met. */
int poisson_solve(struct poisson *p, struct fields *f, struct ctx *c, double t, char *err, size_t err_len);

#endif
