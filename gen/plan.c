/* plan.c: every "auto" of a run resolved in one place: the deposition strategy and its tiles,
 * the vector width, the sorting and the work groups, from the input and the device's row of
 * the traits table (base/traits.c). */
#include "plan.h"

#include <stdio.h>
#include <string.h>

/* CPUs: few threads, each owning whole boxes, vectors of particles where the physics allows;
 * GPUs: a work item per particle. Either falls back to deterministic where its choice does not
 * apply or the device lacks the 64-bit atomics it needs. */
static enum cfg_strategy resolve_strategy(const struct picl_config *cfg, const struct gen_device *dev)
{
    if (cfg->deposition_strategy != CFG_STRATEGY_AUTO)
        return cfg->deposition_strategy;
    const struct strategy_ops *preferred = strategy_ops(traits_of(dev)->strategy);
    /* no device: as on a CPU (`picl check --no-build`) */
    const int atomics = !dev || dev->has_int64_atomics;
    if (preferred && (!preferred->needs_int64_atomics || atomics) && !(preferred->unfit && preferred->unfit(cfg)))
        return preferred->id;
    return CFG_STRATEGY_DETERMINISTIC;
}

/* Bytes of local memory the J of a tile takes: three components with NG guard cells on each
 * side. */
static size_t tile_bytes(const struct picl_config *cfg, const struct gen_layout *lay, const int tile[3])
{
    const size_t real = cfg->precision == CFG_DOUBLE ? 8 : 4;
    return 3 * real * (size_t)(tile[0] + 2 * lay->ngs[0]) * (size_t)(tile[1] + 2 * lay->ngs[1]) *
           (size_t)(tile[2] + 2 * lay->ngs[2]);
}

/* deposition_strategy "local_tiles": the cells one work-group deposits into local memory,
 * work_group.tile or, where it is 0, the whole box halved along its longest even axis until
 * the tile's J fits the device's local memory, or the row's tile_local_bytes where that is
 * less (48 KiB on GPUs). dev NULL: the given tile or the box, unchecked.
 * Returns nonzero with a message that names the key to change when the tile does not divide
 * the box or does not fit. */
static int size_tile(const struct picl_config *cfg, const struct gen_layout *lay, const struct gen_device *dev,
                     int tile[3], char *err, size_t err_len)
{
    const int given = cfg->wg_tile[0] || cfg->wg_tile[1] || cfg->wg_tile[2];
    for (int a = 0; a < 3; a++) {
        tile[a] = cfg->wg_tile[a] > 0 ? cfg->wg_tile[a] : lay->box[a];
        if (lay->box[a] % tile[a]) {
            snprintf(err, err_len, "work_group.tile: %d cells along %c do not divide the box's %d", tile[a], "xyz"[a],
                     lay->box[a]);
            return -1;
        }
    }
    if (!dev)
        return 0;
    /* auto: halve the longest axis that halves evenly, so the tiles stay near cubes and the
     * guard cells (the overlap with neighbouring tiles) a small share */
    const size_t row_bytes = traits_of(dev)->tile_local_bytes;
    const size_t budget = row_bytes && row_bytes < dev->local_mem ? row_bytes : dev->local_mem;
    while (!given && tile_bytes(cfg, lay, tile) > budget) {
        int longest = -1;
        for (int a = 0; a < 3; a++)
            if (tile[a] % 2 == 0 && (longest < 0 || tile[a] > tile[longest]))
                longest = a;
        if (longest < 0)
            break;
        tile[longest] /= 2;
    }
    const size_t need = tile_bytes(cfg, lay, tile);
    if (need > dev->local_mem) {
        snprintf(err, err_len,
                 "%s: a tile of %d x %d x %d cells needs %zu bytes of local memory for J (3 components of %s, %d "
                 "guard cells each side) but %s has %zu; %s, or use deposition_strategy \"global_atomics\"",
                 given ? "work_group.tile" : "deposition_strategy", tile[0], tile[1], tile[2], need,
                 cfg->precision == CFG_DOUBLE ? "double" : "float", lay->ng, dev->name, dev->local_mem,
                 given ? "give a smaller work_group.tile (each axis a divisor of the box)"
                 : tile[0] * tile[1] * tile[2] == 1
                     ? "not even one cell fits with its guard cells"
                     : "no tile of half the size divides the box: give work_group.tile, or boxes (grid.max_box) with "
                       "even sides");
        return -1;
    }
    return 0;
}

int plan_vector_width(const struct gen_device *dev, int precision, int ppc)
{
    const int dbl = precision == CFG_DOUBLE;
    int most = dbl ? 8 : 16;
    while (ppc > 0 && most > 4 && most > ppc)
        most /= 2;
    const int preferred = !dev ? 0 : dbl ? dev->vector_double : dev->vector_float;
    int w = 4;
    if (preferred >= 4) {
        while (w * 2 <= preferred && w * 2 <= most)
            w *= 2;
        return w;
    }
    w = traits_of(dev)->vector_bits / (dbl ? 64 : 32);
    return w > most ? most : w;
}

/* The most particles per cell a plasma species loads (0: none does: beams, files). */
static int most_ppc(const struct picl_config *cfg)
{
    int most = 0;
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        const int n = sp->ppc[0] * sp->ppc[1] * sp->ppc[2];
        if (!sp->is_beam && !sp->is_file && !sp->frozen && n > most)
            most = n;
    }
    return most;
}

void plan_resolve(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
                  struct gen_plan *plan)
{
    static const char *const strategy_names[] = CFG_STRATEGY_NAMES;
    const struct device_traits *row = traits_of(dev);
    memset(plan, 0, sizeof *plan);
    plan->strategy = resolve_strategy(cfg, dev);
    plan->ops = strategy_ops(plan->strategy);
    const struct strategy_ops *ops = plan->ops;
    struct strategy_tiles *t = &plan->tiles;
    char *why = plan->refusal;
    const size_t why_len = sizeof plan->refusal;

    plan->sort_interval = cfg->sort_interval >= 0 ? cfg->sort_interval : row->sort_interval;
    for (int a = 0; a < 3; a++)
        plan->sort_bin[a] = !cfg_has_axis(cfg, a) ? 1 : cfg->sort_bin[a] > 0 ? cfg->sort_bin[a] : row->sort_bin;

    if (dev && ops->needs_int64_atomics && !dev->has_int64_atomics)
        snprintf(why, why_len, "deposition_strategy: \"%s\" needs cl_khr_int64_base_atomics, which %s "
                               "lacks; use \"deterministic\"",
                 strategy_names[plan->strategy], dev->name);
    else if (ops->unfit && ops->unfit(cfg))
        snprintf(why, why_len, "deposition_strategy: \"%s\" does not apply to %s; use \"deterministic\" "
                 "(or \"auto\", which chooses it there)", strategy_names[plan->strategy], ops->unfit(cfg));

    /* a local_tiles work-group: work_group.particles, else the device's default. A literal of
     * the program (TILE_GROUP): with 1, the tile has one writer and needs no atomics. */
    t->group = cfg->wg_particles > 0 ? (size_t)cfg->wg_particles : row->tile_group;
    /* particles per vector: the device's preferred width */
    t->vector_width = plan_vector_width(dev, cfg->precision, most_ppc(cfg));
    if (ops->cell_tiles) {
        t->tile[0] = t->tile[1] = t->tile[2] = 1;
        /* N + 1 dual cells per kept axis at even orders; one cell along an axis 2D or 1D drops */
        const int dual = gen_cell_lists_dual(cfg);
        int lists[3];
        for (int a = 0; a < 3; a++)
            lists[a] = lay->box[a] + (dual && cfg_has_axis(cfg, a));
        t->per_box = lists[0] * lists[1] * lists[2];
    } else if (ops->local_j) {
        char tile_err[PLAN_REFUSAL_LEN];
        if (size_tile(cfg, lay, dev, t->tile, tile_err, sizeof tile_err)) {
            if (!why[0])
                snprintf(why, why_len, "%s", tile_err);
        } else {
            t->per_box = lay->box[0] / t->tile[0] * (lay->box[1] / t->tile[1]) * (lay->box[2] / t->tile[2]);
            t->bytes = tile_bytes(cfg, lay, t->tile);
            if (!why[0] && dev && dev->max_work_group && t->group > dev->max_work_group)
                snprintf(why, why_len,
                         "work_group.particles: %zu work items per tile exceed the %zu of a work-group on %s",
                         t->group, dev->max_work_group, dev->name);
        }
    }
}

int plan_lists_tiles(const struct gen_plan *plan)
{
    return plan->tiles.per_box > 1 || plan->ops->cell_tiles;
}

/* A default cell group that does not divide the box (n: the cells along x, y and z of the
 * launch): the largest power-of-two shape of at most the row's items, x first and at most the
 * row's x, that divides it. Returns nonzero when that is not a multiple of the row's
 * group_multiple (the driver chooses then). */
static int fit_cell_group(const struct device_traits *row, const size_t n[3], size_t w[3])
{
    size_t left = row->cell_group[0] * row->cell_group[1] * row->cell_group[2];
    for (int a = 0; a < 3; a++) {
        w[a] = 1;
        while (w[a] * 2 <= left && n[a] % (w[a] * 2) == 0 && (a > 0 || w[a] * 2 <= row->cell_group[0]))
            w[a] *= 2;
        left /= w[a];
    }
    return row->group_multiple && (w[0] * w[1] * w[2]) % row->group_multiple != 0;
}

int plan_work_groups(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
                     struct gen_plan *plan, char *err, size_t err_len)
{
    size_t *wg_cells = plan->wg_cells, *wg_particles = &plan->wg_particles;
    const struct device_traits *row = traits_of(dev);
    const size_t most = dev ? dev->max_work_group : 0;
    const int given = cfg->wg_cells[0] || cfg->wg_cells[1] || cfg->wg_cells[2];
    for (int a = 0; a < 3; a++) {
        size_t w = given ? (size_t)cfg->wg_cells[a] : row->cell_group[a];
        if (given && w == 0)
            w = 1;
        const size_t n = a < 2 ? (size_t)lay->box[a] : (size_t)lay->box[2] * (size_t)lay->n_local;
        if (w && n % w) {
            if (!given) { /* a default that does not fit this box: a smaller shape, or the driver's */
                const size_t cells[3] = {(size_t)lay->box[0], (size_t)lay->box[1],
                                         (size_t)lay->box[2] * (size_t)lay->n_local};
                if (!row->group_multiple || fit_cell_group(row, cells, wg_cells))
                    wg_cells[0] = wg_cells[1] = wg_cells[2] = 0;
                break;
            }
            snprintf(err, err_len, "work_group.cells: %zu along %c does not divide the %zu cells of a box%s", w,
                     "xyz"[a], n, a == 2 ? " (times the boxes)" : "");
            return -1;
        }
        wg_cells[a] = w;
    }
    if (wg_cells[0] * wg_cells[1] * wg_cells[2] > most) {
        snprintf(err, err_len, "work_group.cells: %zu x %zu x %zu exceeds the device's work-group limit of %zu",
                 wg_cells[0], wg_cells[1], wg_cells[2], most);
        return -1;
    }
    *wg_particles = cfg->wg_particles > 0 ? (size_t)cfg->wg_particles : row->particle_group;
    if (*wg_particles > most) {
        snprintf(err, err_len, "work_group.particles: %zu exceeds the device's work-group limit of %zu",
                 *wg_particles, most);
        return -1;
    }
    return 0;
}
