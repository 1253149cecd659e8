/* strategy.c: the rows of the deposition strategies: whether each applies, what the program
 * defines for it and how the runtime launches its push. Chosen once per run by gen/plan.c. */
#include "strategy.h"

#include <stdio.h>

#include "emit.h"

const char *gen_simd_cells_unfit(const struct picl_config *cfg)
{
    if (cfg->gather != CFG_GATHER_ENERGY)
        return "gather \"momentum_conserving\"";
    if (cfg->deposition != CFG_DEPOSIT_ESIRKEPOV)
        return "deposition \"direct\"";
    return NULL;
}

int gen_cell_lists_dual(const struct picl_config *cfg)
{
    return cfg->shape_order % 2 == 0;
}

static const char *const axis_upper[3] = {"X", "Y", "Z"};

/* the particles are listed cell by cell (particle_tiles.cl with tiles of one cell) and pushed
 * VW at a time as vectors of VW lanes */
static void emit_cell_tiles(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay,
                            const struct strategy_tiles *t)
{
    char name[64];
    sb_puts(sb, "/* simd_cells: tiles of one cell list the particles; vectors of VW particles. */\n");
    const int dual = gen_cell_lists_dual(cfg);
    gen_define_int(sb, "CELL_LISTS_DUAL", dual);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "TILE_%s", axis_upper[a]);
        gen_define_int(sb, name, 1);
        snprintf(name, sizeof name, "TILES_%s", axis_upper[a]);
        gen_define_int(sb, name, lay->box[a] + (dual && cfg_has_axis(cfg, a))); /* one cell along a dropped axis */
    }
    gen_define_int(sb, "TILES_PER_BOX", t->per_box);
    const int vw = t->vector_width;
    const char *r = cfg->precision == CFG_DOUBLE ? "double" : "float";
    gen_define_int(sb, "VW", vw);
    sb_printf(sb, "typedef %s%d vreal;\ntypedef %s%d vmask;\ntypedef %s4 real4;\n", r, vw,
              cfg->precision == CFG_DOUBLE ? "long" : "int", vw, r);
}

/* a tile of TILE_X x TILE_Y x TILE_Z cells, its J with NG guard cells each side */
static void emit_local_tiles(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay,
                             const struct strategy_tiles *t)
{
    (void)cfg;
    if (!t->per_box) /* the tile does not fit: the program is refused (gen/plan.c says why) */
        return;
    const int *tile = t->tile;
    char name[64];
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "TILE_%s", axis_upper[a]);
        gen_define_int(sb, name, tile[a]);
        snprintf(name, sizeof name, "TILES_%s", axis_upper[a]);
        gen_define_int(sb, name, lay->box[a] / tile[a]);
        snprintf(name, sizeof name, "TILE_D%s", axis_upper[a]);
        gen_define_int(sb, name, tile[a] + 2 * lay->ngs[a]); /* no guards along a dropped axis (2D, 1D) */
    }
    gen_define_int(sb, "TILES_PER_BOX", (long)(lay->box[0] / tile[0]) * (lay->box[1] / tile[1]) * (lay->box[2] / tile[2]));
    const int *g = lay->ngs;
    gen_define_int(sb, "TILE_SY", tile[0] + 2 * g[0]);
    gen_define_int(sb, "TILE_SZ", (long)(tile[0] + 2 * g[0]) * (tile[1] + 2 * g[1]));
    gen_define_int(sb, "TILE_CELLS", (long)(tile[0] + 2 * g[0]) * (tile[1] + 2 * g[1]) * (tile[2] + 2 * g[2]));
    gen_define_int(sb, "TILE_GROUP", (long)t->group);
}

/* Indexed by enum cfg_strategy; "auto" has no row. */
static const struct strategy_ops rows[] = {
    [CFG_STRATEGY_DETERMINISTIC] = {.id = CFG_STRATEGY_DETERMINISTIC, .launch = STRATEGY_LAUNCH_BOXES},
    [CFG_STRATEGY_GLOBAL_ATOMICS] = {.id = CFG_STRATEGY_GLOBAL_ATOMICS, .needs_int64_atomics = 1,
                                     .launch = STRATEGY_LAUNCH_PARTICLES, .holes = 1, .atomic_j = 1},
    [CFG_STRATEGY_LOCAL_TILES] = {.id = CFG_STRATEGY_LOCAL_TILES, .needs_int64_atomics = 1,
                                  .launch = STRATEGY_LAUNCH_TILES, .holes = 1, .local_j = 1,
                                  .emit_tiles = emit_local_tiles},
    [CFG_STRATEGY_SIMD_CELLS] = {.id = CFG_STRATEGY_SIMD_CELLS, .needs_int64_atomics = 1,
                                 .unfit = gen_simd_cells_unfit, .launch = STRATEGY_LAUNCH_BOXES, .holes = 1,
                                 .cell_tiles = 1, .emit_tiles = emit_cell_tiles},
};

const struct strategy_ops *strategy_ops(enum cfg_strategy s)
{
    if (s == CFG_STRATEGY_AUTO || (size_t)s >= sizeof rows / sizeof *rows)
        return NULL;
    return &rows[s];
}
