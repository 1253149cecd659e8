/* test_charge_conservation.c: Esirkepov's deposition keeps Gauss's law, div E - rho/eps0 = its
 * initial value, to round-off: in a thermal electron-proton plasma on 8 boxes, over 50 steps
 * in which particles cross box edges and the periodic edges of the domain, the residual
 * max |G - G0| / max |rho/eps0| stays below 1e-11 in double (shape orders 1, 2, 3) and 1e-4
 * in float (orders 2 and 3), at every step, in the device's default strategy (simd_cells on
 * CPUs, by dual cell at order 2).
 *
 * The plasma starts quiet: both lattices deposit a uniform charge (B-splines sum to one), so
 * rho starts at round-off and is still small after a step, which would make the ratio measure
 * round-off against almost nothing. The test therefore lets the thermal motion randomise rho
 * for WARMUP steps, takes the reference G0 there (sim_gauss with store), then checks 50 steps.
 *
 * In float, cutting the domain into boxes must not cost charge conservation: over 150 steps
 * the residual on 8 boxes stays within 3 times that on 1 box. (A deposit that ends at a
 * box-local position while the particle is stored at a differently rounded global one moves
 * charge without current, a little every step; on 8^3 cells that reached 7.5 times the 1-box
 * residual.) */
#include "check.h"
#include "fixture.h"

#define NC 8 /* cells per axis; boxes of 4 cells, 2 x 2 x 2 of them, are as thin as the 3 guard
              * cells of order 3 allow */
#define PPC 2 /* electrons per cell per axis; protons: 1 */
#define WARMUP 10

/* The largest residual over `steps` steps after the warm-up, checked against tol. */
static double conservation(int order, const char *precision, int max_box, int steps, double tol)
{
    struct fixture_plasma p = {.cells = NC, .max_box = max_box, .shape_order = order, .ppc = PPC,
                               .ppc_ions = 1, .precision = precision, .u_th = 0.05, .frozen_ions = 0};
    struct picl_config cfg;
    struct device dev;
    double t0 = fixture_seconds();
    struct sim *s = fixture_plasma_sim(&p, &cfg, &dev);
    const long n_ids = (long)NC * NC * NC * PPC * PPC * PPC;
    const long np0[2] = {s->species[0].np, s->species[1].np};
    double *start[3], scale;
    fixture_steps(s, WARMUP);
    if (sim_gauss(s, 1, &scale, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_gauss: %s\n", fixture_err);
        exit(1);
    }
    for (int a = 0; a < 3; a++)
        start[a] = fixture_by_id(s, 0, (enum particle_array)(PA_X + a), n_ids);
    double worst = 0;
    for (int n = 0; n < steps; n++) {
        fixture_steps(s, 1);
        worst = fmax(worst, fixture_gauss(s));
    }
    /* the test means something only if particles changed box and wrapped around */
    long changed_box = 0, wrapped = 0;
    for (int a = 0; a < 3; a++) {
        double *end = fixture_by_id(s, 0, (enum particle_array)(PA_X + a), n_ids);
        for (long i = 0; i < n_ids; i++) {
            if ((int)start[a][i] / (NC / 2) != (int)end[i] / (NC / 2))
                changed_box++;
            if (fabs(end[i] - start[a][i]) > NC / 2)
                wrapped++;
        }
        free(end);
        free(start[a]);
    }
    REPORT("order %d, %s, %s, %d box%s, %ld + %ld particles, %d + %d steps (%.1f s): max residual %.3e; "
           "electrons: %ld box-edge crossings, %ld periodic wraps (net, per axis)",
           order, precision, cfg_strategy_names[s->ctx.plan.strategy], s->ctx.lay.n_boxes, s->ctx.lay.n_boxes > 1 ? "es" : "", s->species[0].np,
           s->species[1].np, WARMUP, steps, fixture_seconds() - t0, worst, changed_box, wrapped);
    CHECK(s->ctx.lay.n_boxes == (max_box < NC ? 8 : 1));
    CHECK(s->species[0].np == np0[0] && s->species[1].np == np0[1]);
    CHECK(worst < tol);
    CHECK(changed_box > 500); /* (edges of the 8-box cut, whether or not this run cuts there) */
    CHECK(wrapped > 200);
    fixture_free_sim(s);
    device_close(&dev);
    return worst;
}

int main(void)
{
    for (int order = 1; order <= 3; order++)
        conservation(order, "double", NC / 2, 50, 1e-11);
    conservation(2, "float", NC / 2, 150, 1e-4); /* simd_cells' dual cells in float */
    double cut = conservation(3, "float", NC / 2, 150, 1e-4), whole = conservation(3, "float", NC, 150, 1e-4);
    REPORT("float: 8 boxes / 1 box residual %.2f", cut / whole);
    CHECK(cut < 3 * whole);
    return check_finish();
}
