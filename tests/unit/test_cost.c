/* test_cost.c: the roofline's work counts (gen/cost.c) against counts made by hand from the
 * templates (docs/bench.md, "Roofline", lists each term): flops per particle of the fused push
 * for each shape order, pusher, gather and deposition; bytes per particle and per cell; which
 * kernels a variant has; the same in 2D and 1D. A change of a template that changes its work must change both. */
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
     * Esirkepov: weights, 3, h and t of y and z 2 x 5 W, per axis W^2 x (3 + 4 (W - 1)).
     * order 1: gather 6 + 6 + (20 + 16 + 14 + 8 + 10 + 12) = 92; Esirkepov 24 + 3 + 20 + 84 = 131
     * order 2: gather 30 + 9 + (60 + 54 + 52 + 36 + 40 + 42) = 323; Esirkepov 75 + 3 + 30 + 297 = 405
     * order 3: gather 54 + 33 + (136 + 128 + 126 + 96 + 102 + 104) = 779; Esirkepov 126 + 3 + 40 + 720 */
    static const double boris[4] = {0, 312, 817, 1757};
    struct picl_config cfg = base();
    for (int o = 1; o <= 3; o++) {
        cfg.shape_order = o;
        CHECK_NEAR(push_flops(&cfg), boris[o], 0);
    }
    /* simd_cells (a device with 64-bit atomics): the deposition takes the old shapes from the
     * gather, one shape per axis less: 3 x 10 at order 2, 3 x 18 at order 3 */
    {
        struct gen_device dev = {.is_cpu = 1, .has_fp64 = 1, .has_int64_atomics = 1, .max_work_group = 256};
        struct gen_layout lay;
        char err[256];
        cfg.shape_order = 2;
        CHECK(gen_layout(&cfg, &lay, err, sizeof err) == 0);
        struct gen_cost c[GEN_COST_MAX];
        const int n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
        const struct gen_cost *p = find(c, n, "push_deposit_0");
        CHECK(p && p->flops == 817 - 30);
        cfg.shape_order = 3;
        CHECK(gen_layout(&cfg, &lay, err, sizeof err) == 0);
        const int n3 = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
        p = find(c, n3, "push_deposit_0");
        CHECK(p && p->flops == 1757 - 54);
    }
    cfg.shape_order = 1;
    cfg.pusher = CFG_PUSHER_VAY;
    CHECK_NEAR(push_flops(&cfg), 312 - 60 + 99, 0);
    cfg.pusher = CFG_PUSHER_HIGUERA_CARY;
    CHECK_NEAR(push_flops(&cfg), 312 - 60 + 91, 0);
    cfg.pusher = CFG_PUSHER_BORIS;
    /* momentum-conserving gather, order 1: weights 6 + averages 12, then 40 + 42 + 42 + 63 + 60 + 60 */
    cfg.gather = CFG_GATHER_MOMENTUM;
    CHECK_NEAR(push_flops(&cfg), 312 - 92 + 325, 0);
    cfg.gather = CFG_GATHER_ENERGY;
    /* direct deposition, order 1: 3 x (2 + 4 + 1) + 1 + 9 x 4 + 6 x 8 = 106 */
    cfg.deposition = CFG_DEPOSIT_DIRECT;
    CHECK_NEAR(push_flops(&cfg), 312 - 131 + 106, 0);

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

    /* 2D (x, z) and 1D (z): shapes, loops and products along a dropped axis fold away
     * (shape_flat's literal weight 1, ALONG_Y), so only the kept axes count.
     * 2D order 3, Boris, energy gather, Esirkepov: gather 2 x (18 + 1 + 10) + sums 2 (px pz + pz)
     * = 32 + 40 + 30 + 30 + 24 + 32, so 58 + 188 = 246; move 3 + 8 + 3 + 2 x 2 + 3 + 6 = 27;
     * Esirkepov 2 x (36 + 6) + 4 + Jx 4 x (5 + 12) + Jy 5 x 16 + Jz (8 + 48) = 292: 625.
     * 2D order 1: gather 8 + (8 + 12 + 6 + 6 + 4 + 8) = 52; Esirkepov 16 + 4 + 18 + 20 + 12 = 70: 209.
     * 1D order 3: gather 29 + 2 pz (8 + 8 + 6 + 6 + 6 + 8) = 71; move 25; Esirkepov 42 + 4 + 6 x 6
     * + 3 x 5 = 97: 253. */
    for (int g = 2; g >= 1; g--) {
        cfg = base();
        cfg.geometry = g == 2 ? CFG_GEOMETRY_2D : CFG_GEOMETRY_1D;
        for (int a = 0; a < 2; a++) {
            if (a == 1 || g == 1) {
                cfg.grid.cells[a] = cfg.grid.max_box[a] = 1;
                cfg.grid.lower[a] = -0.5;
                cfg.grid.upper[a] = 0.5;
            }
        }
        cfg.shape_order = 3;
        CHECK_NEAR(push_flops(&cfg), g == 2 ? 625 : 253, 0);
        if (g == 2) {
            cfg.shape_order = 1;
            CHECK_NEAR(push_flops(&cfg), 209, 0);
            /* momentum gather, order 1: 2 x (2 + 4) + pz 3 px per component (18 + 12 + 18 + 18 + 27
             * + 18) = 123; direct deposition: 2 x 7 + 1 + 3 x 2 x 2 + 3 x 2 x 4 = 51 */
            cfg.gather = CFG_GATHER_MOMENTUM;
            CHECK_NEAR(push_flops(&cfg), 209 - 52 + 123, 0);
            cfg.gather = CFG_GATHER_ENERGY;
            cfg.deposition = CFG_DEPOSIT_DIRECT;
            CHECK_NEAR(push_flops(&cfg), 209 - 70 + 51, 0);
            cfg.deposition = CFG_DEPOSIT_ESIRKEPOV;
            cfg.shape_order = 3;
        }
        CHECK(gen_layout(&cfg, &lay, err, sizeof err) == 0);
        n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
        b = find(c, n, "maxwell_push_B_half");
        e = find(c, n, "maxwell_push_E");
        const struct gen_cost *rho = find(c, n, "deposit_rho_0");
        /* Yee B: 2D Bx, Bz one term (3), By two (6); 1D Bx, By one, Bz none. E: one term 5, two 8,
         * none the J term 2. rho, order 3: shapes 18 per axis, 1, then (1 + kept) per point */
        CHECK(b && b->flops == (g == 2 ? 12 : 6) && b->items == (g == 2 ? 16 * 16 : 16));
        CHECK(e && e->flops == (g == 2 ? 18 : 12));
        CHECK(rho && rho->flops == (g == 2 ? 36 + 1 + 3 * 16 : 18 + 1 + 2 * 4));
        /* CKC: ckc_diff_2d is 3 differences and 4 flops combining them, 9 a term with its product:
         * 2D 9 + 18 + 9; 1D's CKC is Yee */
        cfg.solver = CFG_SOLVER_CKC;
        n = gen_costs(&cfg, &dev, &lay, c, GEN_COST_MAX);
        b = find(c, n, "maxwell_push_B_half");
        CHECK(b && b->flops == (g == 2 ? 36 : 6));
    }
    REPORT("push flops per particle, Boris/energy/Esirkepov order 3: 3D 1757 (simd_cells 1703), 2D 625, 1D 253");
    return check_finish();
}
