/* test_plan.c: the run's plan (gen/plan.c) resolves every "auto" from the device's row of the
 * traits table, the same with no device as on a CPU; the strategy table's rows say what each
 * strategy needs; a refusal names the key to change. No OpenCL is opened. */
#include "gen.h"

#include <string.h>

#include "bare_config.h"
#include "check.h"

/* A 32^3 grid in boxes of 16^3 and its layout, which every test resolves against. */
static int base_layout(struct picl_config *cfg, struct gen_layout *lay)
{
    char err[512];
    *cfg = bare_config(32, 16);
    return gen_layout(cfg, lay, err, sizeof err);
}

static struct gen_device device(int cpu, int gpu, int atomics)
{
    struct gen_device d;
    memset(&d, 0, sizeof d);
    snprintf(d.name, sizeof d.name, "%s", "a test device");
    d.has_fp64 = 1;
    d.has_int64_atomics = atomics;
    d.is_cpu = cpu;
    d.max_work_group = 256;
    d.local_mem = 65536;
    d.traits = traits_for_type(cpu, gpu);
    return d;
}

static void test_auto(void)
{
    struct picl_config cfg;
    struct gen_layout lay;
    CHECK(base_layout(&cfg, &lay) == 0);
    struct gen_plan p;

    /* no device (picl check --no-build): as on a CPU */
    plan_resolve(&cfg, NULL, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_SIMD_CELLS && p.ops->cell_tiles && !p.refusal[0]);
    CHECK(p.sort_interval == 16 && p.sort_bin[0] == 4 && p.sort_bin[2] == 4);
    CHECK(p.tiles.vector_width == 4 && p.tiles.per_box == 16 * 16 * 16 && plan_lists_tiles(&p));
    cfg.precision = CFG_FLOAT;
    plan_resolve(&cfg, NULL, &lay, &p);
    CHECK(p.tiles.vector_width == 8);
    cfg.precision = CFG_DOUBLE;

    /* a CPU given by is_cpu alone (no row): the CPU row */
    struct gen_device d = device(1, 0, 1);
    d.traits = NULL;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_SIMD_CELLS && p.sort_interval == 16);
    /* an even order: simd_cells by dual cell, 17^3 lists for a box of 16^3 */
    cfg.shape_order = 2;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_SIMD_CELLS && p.tiles.per_box == 17 * 17 * 17 && gen_cell_lists_dual(&cfg));
    cfg.shape_order = 3;
    CHECK(!gen_cell_lists_dual(&cfg));
    /* where simd_cells does not apply, or atomics are missing: deterministic */
    cfg.deposition = CFG_DEPOSIT_DIRECT;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_DETERMINISTIC && !p.ops->holes && !plan_lists_tiles(&p));
    cfg.deposition = CFG_DEPOSIT_ESIRKEPOV;
    d.has_int64_atomics = 0;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_DETERMINISTIC && !p.refusal[0]);

    /* GPUs and other devices: a work item per particle, no sorting */
    d = device(0, 1, 1);
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_GLOBAL_ATOMICS && p.ops->launch == STRATEGY_LAUNCH_PARTICLES);
    CHECK(p.sort_interval == 0 && p.sort_bin[1] == 1 && p.tiles.per_box == 0);
    d = device(0, 0, 0);
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_DETERMINISTIC);

    /* the input's own values win */
    cfg.sort_interval = 5;
    cfg.sort_bin[1] = 2;
    cfg.deposition_strategy = CFG_STRATEGY_DETERMINISTIC;
    d = device(1, 0, 1);
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.sort_interval == 5 && p.sort_bin[0] == 4 && p.sort_bin[1] == 2);
    CHECK(p.strategy == CFG_STRATEGY_DETERMINISTIC);
}

static void test_refusals(void)
{
    struct picl_config cfg;
    struct gen_layout lay;
    CHECK(base_layout(&cfg, &lay) == 0);
    struct gen_plan p;
    struct gen_device d = device(0, 1, 0);

    cfg.deposition_strategy = CFG_STRATEGY_GLOBAL_ATOMICS;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(!strcmp(p.refusal, "deposition_strategy: \"global_atomics\" needs cl_khr_int64_base_atomics, which a "
                             "test device lacks; use \"deterministic\""));

    d.has_int64_atomics = 1;
    cfg.deposition_strategy = CFG_STRATEGY_SIMD_CELLS;
    cfg.gather = CFG_GATHER_MOMENTUM;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(!strcmp(p.refusal, "deposition_strategy: \"simd_cells\" does not apply to gather \"momentum_conserving\"; "
                             "use \"deterministic\" (or \"auto\", which chooses it there)"));
    cfg.gather = CFG_GATHER_ENERGY;

    /* local_tiles: the box's J does not fit the GPU's 48 KiB (of the device's 64), halved along
     * x, then y, then z until it does */
    cfg.deposition_strategy = CFG_STRATEGY_LOCAL_TILES;
    plan_resolve(&cfg, &d, &lay, &p);
    const int ng = lay.ng;
    CHECK(!p.refusal[0] && p.tiles.per_box > 1);
    CHECK(p.tiles.bytes == 3 * 8 * (size_t)(p.tiles.tile[0] + 2 * ng) * (size_t)(p.tiles.tile[1] + 2 * ng) *
                               (size_t)(p.tiles.tile[2] + 2 * ng));
    CHECK(p.tiles.bytes <= 48 * 1024 && p.tiles.group == 128);
    REPORT("local_tiles in 48 KiB: tiles of %d x %d x %d cells, %zu bytes", p.tiles.tile[0], p.tiles.tile[1],
           p.tiles.tile[2], p.tiles.bytes);
    /* a device with less: all of it (a tile of 8^3 cells at order 3 takes 64 KiB, 16 x 8 x 8 96) */
    d.local_mem = 40 * 1024;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(!p.refusal[0] && p.tiles.bytes <= d.local_mem);
    /* a CPU's tile is the whole box where its local memory holds it (one writer per box) */
    struct gen_device cpu = device(1, 0, 1);
    cpu.local_mem = 512 * 1024;
    plan_resolve(&cfg, &cpu, &lay, &p);
    CHECK(!p.refusal[0] && p.tiles.per_box == 1 && p.tiles.bytes > 48 * 1024);
    d.local_mem = 65536;
    cfg.wg_tile[0] = 5;
    cfg.wg_tile[1] = cfg.wg_tile[2] = 16;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(!strcmp(p.refusal, "work_group.tile: 5 cells along x do not divide the box's 16") && p.tiles.per_box == 0);
    cfg.wg_tile[0] = 0;
    cfg.wg_tile[1] = cfg.wg_tile[2] = 0;
    cfg.wg_particles = 512;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(!strcmp(p.refusal, "work_group.particles: 512 work items per tile exceed the 256 of a work-group on a test "
                             "device"));
}

static void test_strategy_rows(void)
{
    CHECK(strategy_ops(CFG_STRATEGY_AUTO) == NULL);
    const enum cfg_strategy all[] = {CFG_STRATEGY_DETERMINISTIC, CFG_STRATEGY_GLOBAL_ATOMICS,
                                     CFG_STRATEGY_LOCAL_TILES, CFG_STRATEGY_SIMD_CELLS};
    for (int i = 0; i < 4; i++) {
        const struct strategy_ops *o = strategy_ops(all[i]);
        CHECK(o && o->id == all[i]);
        /* one work item per box and plain additions is the only strategy without holes or atomics */
        CHECK(o->holes == (all[i] != CFG_STRATEGY_DETERMINISTIC));
        CHECK(o->needs_int64_atomics == o->holes);
        CHECK(o->atomic_j + o->local_j + o->cell_tiles <= 1);
        CHECK((o->emit_tiles != NULL) == (o->local_j || o->cell_tiles));
    }
}

static void test_work_groups(void)
{
    struct picl_config cfg;
    struct gen_layout lay;
    CHECK(base_layout(&cfg, &lay) == 0);
    char err[512];
    struct gen_plan p;
    const size_t *wg = p.wg_cells;
    struct gen_device d = device(0, 1, 1);
    CHECK(plan_work_groups(&cfg, &d, &lay, &p, err, sizeof err) == 0);
    /* 32 does not divide a box of 16: the largest power-of-two shape of 128 items that does */
    CHECK(wg[0] == 16 && wg[1] == 8 && wg[2] == 1 && p.wg_particles == 128);
    REPORT("GPU cell groups: %zu x %zu x %zu for boxes of 16^3", wg[0], wg[1], wg[2]);
    /* boxes of 4^3: 4 x 4 x 8 along z through the boxes, still 128 */
    struct gen_layout small = lay;
    small.box[0] = small.box[1] = small.box[2] = 4;
    small.n_local = 2;
    CHECK(plan_work_groups(&cfg, &d, &small, &p, err, sizeof err) == 0);
    CHECK(wg[0] == 4 && wg[1] == 4 && wg[2] == 8);
    /* one box of 2^3: 8 items, not a whole warp: the driver chooses */
    small.box[0] = small.box[1] = small.box[2] = 2;
    small.n_local = 1;
    CHECK(plan_work_groups(&cfg, &d, &small, &p, err, sizeof err) == 0);
    CHECK(wg[0] == 0 && wg[1] == 0 && wg[2] == 0);
    cfg.wg_cells[0] = 8;
    cfg.wg_cells[1] = 4;
    CHECK(plan_work_groups(&cfg, &d, &lay, &p, err, sizeof err) == 0);
    CHECK(wg[0] == 8 && wg[1] == 4 && wg[2] == 1);
    cfg.wg_cells[0] = 3;
    CHECK(plan_work_groups(&cfg, &d, &lay, &p, err, sizeof err) != 0);
    CHECK(!strcmp(err, "work_group.cells: 3 along x does not divide the 16 cells of a box"));
    d = device(1, 0, 1);
    cfg.wg_cells[0] = cfg.wg_cells[1] = 0;
    CHECK(plan_work_groups(&cfg, &d, &lay, &p, err, sizeof err) == 0);
    CHECK(wg[0] == 0 && p.wg_particles == 0);
}

/* simd_cells' vector width follows what the device prefers (AVX2: 4 doubles, 8 floats;
 * AVX-512: 8 and 16), within the widths simd_cells.cl has and the particles of a cell. */
static void test_vector_width(void)
{
    struct gen_device d = device(1, 0, 1);
    d.vector_double = 4, d.vector_float = 8; /* AVX2 */
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 8) == 4 && plan_vector_width(&d, CFG_FLOAT, 8) == 8);
    d.vector_double = 8, d.vector_float = 16; /* AVX-512 */
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 8) == 8 && plan_vector_width(&d, CFG_FLOAT, 0) == 16);
    CHECK(plan_vector_width(&d, CFG_FLOAT, 27) == 16 && plan_vector_width(&d, CFG_FLOAT, 8) == 8);
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 2) == 4 && plan_vector_width(&d, CFG_FLOAT, 12) == 8);
    d.vector_double = 16, d.vector_float = 32; /* wider than simd_cells.cl's vectors: its widest */
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 0) == 8 && plan_vector_width(&d, CFG_FLOAT, 64) == 16);
    d.vector_double = 6, d.vector_float = 12; /* not a power of two: the one below */
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 0) == 4 && plan_vector_width(&d, CFG_FLOAT, 0) == 8);
    d.vector_double = 1, d.vector_float = 1; /* a GPU's scalars: the row's 256 bits */
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 0) == 4 && plan_vector_width(&d, CFG_FLOAT, 0) == 8);
    d.vector_double = 0, d.vector_float = 0; /* not known: the same */
    CHECK(plan_vector_width(&d, CFG_DOUBLE, 8) == 4 && plan_vector_width(NULL, CFG_FLOAT, 8) == 8);

    /* and the plan bakes it into the program's VW */
    struct picl_config cfg;
    struct gen_layout lay;
    CHECK(base_layout(&cfg, &lay) == 0);
    struct gen_plan p;
    d.vector_double = 8, d.vector_float = 16;
    plan_resolve(&cfg, &d, &lay, &p);
    CHECK(p.strategy == CFG_STRATEGY_SIMD_CELLS && p.tiles.vector_width == 8);
    struct strbuf sb;
    sb_init(&sb);
    char err[512];
    /* an electron species, a time step and ppc: with 0 for any of them q dt / 2m, J per q w or
     * the weight per density would be a NaN or infinite literal, which gen_program refuses */
    cfg.species[0].charge = -1.602176634e-19;
    cfg.species[0].mass = 9.1093837015e-31;
    snprintf(cfg.species[0].name, sizeof cfg.species[0].name, "electrons"); /* base/ident.c */
    cfg.dt = 1e-15;
    for (int a = 0; a < 3; a++)
        cfg.species[0].ppc[a] = 1;
    CHECK(gen_program_for(&cfg, &d, &lay, &p, &sb, err, sizeof err) == 0);
    CHECK(sb.data && strstr(sb.data, "#define VW 8\n") && strstr(sb.data, "typedef double8 vreal;"));
    sb_free(&sb);
}

int main(void)
{
    test_vector_width();
    test_auto();
    test_refusals();
    test_strategy_rows();
    test_work_groups();
    return check_finish();
}
