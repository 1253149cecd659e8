/* test_cost.c: the roofline's work counts (gen/cost.c) against counts made by hand from the
 * templates (docs/bench.md, "Roofline", lists each term): flops per particle of the fused push
 * for each shape order, pusher, gather and deposition; bytes per particle and per cell; which
 * kernels a variant has. A change of a template that changes its work must change both. */
#include "cost.h"

#include <stdlib.h>
#include <string.h>

#include "bare_config.h"
#include "check.h"

static struct picl_config base(void)
{
    struct picl_config cfg = bare_config(16, 8);
    cfg.sort_interval = 0;
    cfg.n_species = 2;
    cfg.species[1].frozen = 1;
    return cfg;
}

static const struct gen_cost *find(const struct gen_cost *c, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(c[i].kernel, name))
            return &c[i];
    return NULL;
}

/* flops per particle of push_deposit_0, or -1 */
static double push_flops(const struct picl_config *cfg)
{
    struct gen_device dev = {.is_cpu = 1, .has_fp64 = 1, .max_work_group = 256};
    struct gen_layout lay;
    char err[256];
    if (gen_layout(cfg, &lay, err, sizeof err))
        return -1;
    struct gen_cost c[GEN_COST_MAX];
    const int n = gen_costs(cfg, &dev, &lay, c, GEN_COST_MAX);
    const struct gen_cost *p = find(c, n, "push_deposit_0");
    return p ? p->flops : -1;
}

int main(void)
{
    /* Boris, energy-conserving gather, Esirkepov: gather + 60 + 29 + deposition.
     * order 1: gather 6 + 6 + (20 + 16 + 14 + 8 + 10 + 12) = 92; Esirkepov 24 + 3 + 168 = 195
     * order 2: gather 30 + 9 + (60 + 54 + 52 + 36 + 40 + 42) = 323; Esirkepov 75 + 3 + 486 = 564
     * order 3: gather 54 + 33 + (136 + 128 + 126 + 96 + 102 + 104) = 779; Esirkepov 126 + 3 + 1056 */
    static const double boris[4] = {0, 376, 976, 2053};
    struct picl_config cfg = base();
    for (int o = 1; o <= 3; o++) {
        cfg.shape_order = o;
        CHECK_NEAR(push_flops(&cfg), boris[o], 0);
    }
    cfg.shape_order = 1;
    cfg.pusher = CFG_PUSHER_VAY;
    CHECK_NEAR(push_flops(&cfg), 376 - 60 + 99, 0);
    cfg.pusher = CFG_PUSHER_HIGUERA_CARY;
    CHECK_NEAR(push_flops(&cfg), 376 - 60 + 91, 0);
    cfg.pusher = CFG_PUSHER_BORIS;
    /* momentum-conserving gather, order 1: weights 6 + averages 12, then 40 + 42 + 42 + 63 + 60 + 60 */
    cfg.gather = CFG_GATHER_MOMENTUM;
    CHECK_NEAR(push_flops(&cfg), 376 - 92 + 325, 0);
    cfg.gather = CFG_GATHER_ENERGY;
    /* direct deposition, order 1: 3 x (2 + 4 + 1) + 1 + 9 x 4 + 6 x 8 = 106 */
    cfg.deposition = CFG_DEPOSIT_DIRECT;
    CHECK_NEAR(push_flops(&cfg), 376 - 195 + 106, 0);

    /* bytes: the attributes read and written per particle (6 reals, the weight with a density
     * expression, here density 0, and no id without particle output); E, B read and J read and
     * written once per launch over every allocated cell (8 boxes of (8 + 2 NG)^3) */
    cfg = base();
    struct gen_device dev = {.is_cpu = 1, .has_fp64 = 1, .max_work_group = 256};
    struct gen_layout lay;
    char err[256];
    CHECK(gen_layout(&cfg, &lay, err, sizeof err) == 0);
    struct gen_cost c[GEN_COST_MAX];
    int n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
    const struct gen_cost *p = find(c, n, "push_deposit_0");
    CHECK(p && p->bytes == 2 * (7 * 8) && p->species == 0);
    const double allocated = 8.0 * (8 + 2 * lay.ng) * (8 + 2 * lay.ng) * (8 + 2 * lay.ng);
    CHECK(p && p->fixed_bytes == 12 * 8 * allocated);
    CHECK(find(c, n, "push_deposit_1") == NULL); /* frozen: no push */
    CHECK(find(c, n, "particles_bin") == NULL); /* sort.interval 0 */
    const struct gen_cost *b = find(c, n, "maxwell_push_B_half"), *e = find(c, n, "maxwell_push_E");
    CHECK(b && b->flops == 18 && b->bytes == 72 && b->items == 16 * 16 * 16);
    CHECK(e && e->flops == 24 && e->bytes == 96);
    const struct gen_cost *fill = find(c, n, "halo_fill_B");
    CHECK(fill && fill->items == allocated - 4096 && fill->bytes == 3 * 2 * 8 + 2 * 4);
    const struct gen_cost *sum = find(c, n, "halo_sum_J");
    CHECK(sum && sum->flops == 12 && sum->bytes == 3 * 3 * 8 + 3 * 4);
    /* a uniform density keeps no weight per particle; particle_ids = true adds 8 bytes */
    cfg.species[0].density = cfg.species[1].density = 1e25;
    n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
    p = find(c, n, "push_deposit_0");
    CHECK(p && p->bytes == 2 * (6 * 8));
    cfg.particle_ids = 1;
    n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
    p = find(c, n, "push_deposit_0");
    CHECK(p && p->bytes == 2 * (6 * 8 + 8));
    cfg = base();

    /* float halves the reals; CKC's B half step is 3 x (2 x 21 + 4) = 138; sorting adds its pair */
    cfg.precision = CFG_FLOAT;
    cfg.solver = CFG_SOLVER_CKC;
    cfg.sort_interval = 4;
    CHECK(gen_layout(&cfg, &lay, err, sizeof err) == 0);
    n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
    p = find(c, n, "push_deposit_0");
    b = find(c, n, "maxwell_push_B_half");
    CHECK(p && p->bytes == 2 * (7 * 4));
    CHECK(b && b->flops == 138 && b->bytes == 9 * 4);
    const struct gen_cost *bin = find(c, n, "particles_bin"), *re = find(c, n, "particles_reorder");
    CHECK(bin && re && bin->species == GEN_COST_ALL_SPECIES && re->bytes == 4 * (7 * 4) + 7 * 4);
    REPORT("push flops per particle, Boris/energy/Esirkepov, orders 1-3: %.0f %.0f %.0f", boris[1], boris[2],
           boris[3]);
    /* the Godfrey filter: 6 components x (4 pair sums + 5 products + 4 additions), each read and
     * written once, over every allocated x, y of the 8 boxes and the NGZ - 4 = NG guard cells
     * along z; the 4 extra guard cells are along z only */
    cfg = base();
    cfg.solver = CFG_SOLVER_CKC;
    cfg.filter_godfrey = 1;
    CHECK(gen_layout(&cfg, &lay, err, sizeof err) == 0);
    n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
    const struct gen_cost *god = find(c, n, "godfrey_EB");
    CHECK(lay.ngs[0] == lay.ng && lay.ngs[1] == lay.ng && lay.ngs[2] == lay.ng + 4);
    CHECK(god && god->flops == 78 && god->bytes == 12 * 8 &&
          god->items == 8.0 * (8 + 2 * lay.ng) * (8 + 2 * lay.ng) * (8 + 2 * lay.ng));
    cfg.filter_godfrey = 0;
    n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
    CHECK(find(c, n, "godfrey_EB") == NULL);
    return check_finish();
}
