/* gen.c: writes the OpenCL C program of one run: a header naming every parameter, a prelude
 * of literals, the user's expressions as inline functions, then the chosen templates. */
#include "gen.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ckc.h"
#include "embedded.h"
#include "laser_beam.h"
#include "pml_slabs.h"

const char *gen_simd_cells_unfit(const struct picl_config *cfg)
{
    if (cfg->shape_order % 2 == 0)
        return "an even shape_order (the particles of a cell do not share the nodes of their shapes)";
    if (cfg->gather != CFG_GATHER_ENERGY)
        return "gather \"momentum_conserving\"";
    if (cfg->deposition != CFG_DEPOSIT_ESIRKEPOV)
        return "deposition \"direct\"";
    return NULL;
}

enum cfg_strategy gen_strategy(const struct picl_config *cfg, const struct gen_device *dev)
{
    if (cfg->deposition_strategy != CFG_STRATEGY_AUTO)
        return cfg->deposition_strategy;
    /* CPUs: few threads, each owning whole boxes, vectors of particles where the physics
     * allows; GPUs: a work item per particle, unless the device lacks the 64-bit atomics that
     * strategy needs */
    if (!dev || dev->is_cpu) /* no device: as on a CPU (`picl check --no-build`) */
        return (!dev || dev->has_int64_atomics) && !gen_simd_cells_unfit(cfg) ? CFG_STRATEGY_SIMD_CELLS
                                                                               : CFG_STRATEGY_DETERMINISTIC;
    return dev->has_int64_atomics ? CFG_STRATEGY_GLOBAL_ATOMICS : CFG_STRATEGY_DETERMINISTIC;
}

int gen_simd_width(const struct picl_config *cfg)
{
    /* 256-bit vectors (AVX2): 4 doubles or 8 floats */
    return cfg->precision == CFG_DOUBLE ? 4 : 8;
}

size_t gen_tile_bytes(const struct picl_config *cfg, const struct gen_layout *lay, const int tile[3])
{
    const size_t real = cfg->precision == CFG_DOUBLE ? 8 : 4;
    return 3 * real * (size_t)(tile[0] + 2 * lay->ng) * (size_t)(tile[1] + 2 * lay->ng) * (size_t)(tile[2] + 2 * lay->ng);
}

size_t gen_tile_group(const struct picl_config *cfg, const struct gen_device *dev)
{
    return cfg->wg_particles > 0 ? (size_t)cfg->wg_particles : dev && dev->tile_group ? dev->tile_group : 64;
}

int gen_tile(const struct picl_config *cfg, const struct gen_layout *lay, const struct gen_device *dev, int tile[3],
             char *err, size_t err_len)
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
    while (!given && gen_tile_bytes(cfg, lay, tile) > dev->local_mem) {
        int longest = -1;
        for (int a = 0; a < 3; a++)
            if (tile[a] % 2 == 0 && (longest < 0 || tile[a] > tile[longest]))
                longest = a;
        if (longest < 0)
            break;
        tile[longest] /= 2;
    }
    const size_t need = gen_tile_bytes(cfg, lay, tile);
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

void gen_sort(const struct picl_config *cfg, const struct gen_device *dev, int *interval, int bin[3])
{
    const int cpu = !dev || dev->is_cpu;
    *interval = cfg->sort_interval >= 0 ? cfg->sort_interval : cpu ? 16 : 0;
    for (int a = 0; a < 3; a++)
        bin[a] = cfg->sort_bin[a] > 0 ? cfg->sort_bin[a] : cpu ? 4 : 1;
}

const char *gen_template(const char *name, size_t *len)
{
    char path[256];
    snprintf(path, sizeof path, "templates/%s", name);
    for (int i = 0; i < embedded_count; i++) {
        if (strcmp(embedded_files[i].name, path) == 0) {
            if (len)
                *len = embedded_files[i].size;
            return embedded_files[i].data;
        }
    }
    return NULL;
}

void gen_expr_name(const char *key, char *out, size_t len)
{
    size_t n = (size_t)snprintf(out, len, "expr_");
    for (const char *p = key; *p && n + 1 < len; p++)
        out[n++] = isalnum((unsigned char)*p) ? *p : '_';
    out[n < len ? n : len - 1] = '\0';
}

static const char *const solver_names[] = {"yee", "ckc"};
static const char *const pusher_names[] = {"boris", "vay", "higuera_cary"};
static const char *const gather_names[] = {"energy_conserving", "momentum_conserving"};
static const char *const deposition_names[] = {"esirkepov", "direct"};

/* The template that implements each choice, indexed by the config's enums; NULL: not yet. */
static const char *const solver_templates[] = {"maxwell_yee.cl", "maxwell_ckc.cl"};
static const char *const pusher_templates[] = {"push_boris.cl", "push_vay.cl", "push_higuera_cary.cl"};
static const char *const gather_templates[] = {"gather_energy.cl", "gather_momentum.cl"};
static const char *const deposition_templates[] = {"deposit_esirkepov.cl", "deposit_direct.cl"};

/* The comment that opens every program: all parameters, so two variants never share a
 * cache entry and a reader knows what the literals below mean. */
static void emit_header(struct strbuf *sb, const struct picl_config *cfg,
                        const struct gen_layout *lay, const struct gen_device *dev)
{
    sb_printf(sb, "/* Generated by picl %s for %s; do not edit, change the input instead.\n", PICL_VERSION,
              cfg->input_path);
    sb_printf(sb, " * input hash   %016llx\n", (unsigned long long)cfg->input_hash);
    sb_printf(sb, " * device       %s (fp64 %s, int64 atomics %s)\n", dev->name,
              dev->has_fp64 ? "yes" : "no", dev->has_int64_atomics ? "yes" : "no");
    sb_printf(sb, " * precision    %s\n", cfg->precision == CFG_DOUBLE ? "double" : "float");
    sb_printf(sb, " * grid         %d x %d x %d cells, lower (%.9g, %.9g, %.9g) m, upper (%.9g, %.9g, %.9g) m\n",
              lay->cells[0], lay->cells[1], lay->cells[2], cfg->grid.lower[0], cfg->grid.lower[1],
              cfg->grid.lower[2], cfg->grid.upper[0], cfg->grid.upper[1], cfg->grid.upper[2]);
    sb_printf(sb, " * boxes        %d x %d x %d of %d x %d x %d cells, %d guard cells\n", lay->nbox[0],
              lay->nbox[1], lay->nbox[2], lay->box[0], lay->box[1], lay->box[2], lay->ng);
    sb_printf(sb, " * solver       %s, dt = %.17g s (cfl %.6g)\n", solver_names[cfg->solver], cfg->dt, cfg->cfl);
    static const char *const strategy_names[] = CFG_STRATEGY_NAMES;
    sb_printf(sb, " * particles    shape order %d, pusher %s, gather %s, deposition %s (%s)\n", cfg->shape_order,
              pusher_names[cfg->pusher], gather_names[cfg->gather], deposition_names[cfg->deposition],
              strategy_names[gen_strategy(cfg, dev)]);
    int tile[3];
    char tile_err[512];
    if (gen_strategy(cfg, dev) == CFG_STRATEGY_LOCAL_TILES && !gen_tile(cfg, lay, dev, tile, tile_err, sizeof tile_err))
        sb_printf(sb, " * tiles        %d x %d x %d cells, %d per box, %zu bytes of local memory each, %zu work items\n",
                  tile[0], tile[1], tile[2], lay->box[0] / tile[0] * (lay->box[1] / tile[1]) * (lay->box[2] / tile[2]),
                  gen_tile_bytes(cfg, lay, tile), gen_tile_group(cfg, dev));
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        if (sp->is_beam)
            sb_printf(sb, " * species %d    %s: q = %.9g C, m = %.9g kg, beam of %ld particles, %.9g C%s\n", s,
                      sp->name, sp->charge, sp->mass, sp->beam.particles, sp->beam.total_charge,
                      sp->frozen ? ", frozen" : "");
        else
            sb_printf(sb, " * species %d    %s: q = %.9g C, m = %.9g kg, ppc %d x %d x %d%s\n", s, sp->name,
                      sp->charge, sp->mass, sp->ppc[0], sp->ppc[1], sp->ppc[2], sp->frozen ? ", frozen" : "");
    }
    if (cfg->window.enabled)
        sb_printf(sb, " * window       moving along %c at %.17g c from t = %.17g s\n", "xyz"[cfg->window.axis],
                  cfg->window.speed, cfg->window.start);
    static const char *const bc_names[] = {"periodic", "pec", "absorbing", "reflecting", "pml"};
    sb_puts(sb, " * boundary     field");
    for (int a = 0; a < 3; a++) {
        sb_printf(sb, " %c:", "xyz"[a]);
        for (int side = 0; side < 2; side++) {
            sb_printf(sb, "%s%s", side ? "/" : "", bc_names[cfg->field_boundary[a][side]]);
            if (cfg->field_boundary[a][side] == CFG_BOUNDARY_PML)
                sb_printf(sb, "(%d cells)", cfg->pml_cells[a][side]);
        }
    }
    sb_puts(sb, ", particles");
    for (int a = 0; a < 3; a++)
        sb_printf(sb, " %c:%s/%s", "xyz"[a], bc_names[cfg->particle_boundary[a][0]],
                  bc_names[cfg->particle_boundary[a][1]]);
    sb_puts(sb, " (lower/upper)\n");
    int sort_interval, sort_bin[3];
    gen_sort(cfg, dev, &sort_interval, sort_bin);
    sb_printf(sb, " * sorting      every %d steps (0: never), bins of %d x %d x %d cells\n", sort_interval, sort_bin[0],
              sort_bin[1], sort_bin[2]);
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        sb_printf(sb, " * laser %d      %s: %c%c, antenna on node plane %d, polarization (%.9g, %.9g, %.9g)", i, l->name,
                  l->sign > 0 ? '+' : '-', "xyz"[l->axis], l->plane, l->polarization[0], l->polarization[1],
                  l->polarization[2]);
        if (l->has_profile)
            sb_printf(sb, ", profile %s\n", l->profile.key);
        else
            sb_printf(sb, ", wavelength %.9g m, E0 %.9g V/m, waist %.9g m, tau %.9g s, t_peak %.9g s, focus %.9g m\n",
                      l->wavelength, l->E0, l->waist, l->tau, l->t_peak, l->focal_distance);
    }
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, " * constant     %s = %.17g\n", cfg->constants[i].name, cfg->constants[i].value);
    if (cfg->debug_drop_term)
        sb_puts(sb, " * TEST ONLY    debug.drop_term = ampere_J: Ampere's law without -dt J/eps0; results are wrong\n");
    sb_puts(sb, " * Units: SI, except particle positions, which kernels keep in cells of the whole\n"
                " * domain (x / dx from the lower corner), and momenta, kept as u = gamma v in m/s. */\n");
}

static void define_int(struct strbuf *sb, const char *name, long value)
{
    sb_printf(sb, "#define %s %ld\n", name, value);
}

static void define_real(struct strbuf *sb, const char *name, double value)
{
    /* 17 significant digits round-trip a double exactly; the suffix keeps float kernels float. */
    sb_printf(sb, "#define %s ((real)%.17g)\n", name, value);
}

/* Boundaries, one literal per axis and face: BC_X_PERIODIC (fields and particles wrap), and
 * per face BC_X_LO_PEC (field), BC_X_LO_ABSORBING, BC_X_LO_REFLECTING (particles). A PML face
 * (BC_X_LO_PML) ends in a PEC wall, so the guard exchange treats it as PEC (halo.cl). */
static void emit_boundaries(struct strbuf *sb, const struct picl_config *cfg)
{
    sb_puts(sb, "\n/* Boundaries: 1 where the axis or face has the condition. */\n");
    char name[64];
    int all_periodic = 1;
    for (int a = 0; a < 3; a++) {
        const char ax = "XYZ"[a];
        const int periodic = cfg->field_boundary[a][0] == CFG_BOUNDARY_PERIODIC;
        all_periodic &= periodic;
        snprintf(name, sizeof name, "BC_%c_PERIODIC", ax);
        define_int(sb, name, periodic);
        for (int side = 0; side < 2; side++) {
            const char *face = side ? "HI" : "LO";
            const enum cfg_boundary f = cfg->field_boundary[a][side];
            snprintf(name, sizeof name, "BC_%c_%s_PEC", ax, face);
            define_int(sb, name, f == CFG_BOUNDARY_PEC || f == CFG_BOUNDARY_PML);
            snprintf(name, sizeof name, "BC_%c_%s_PML", ax, face);
            define_int(sb, name, f == CFG_BOUNDARY_PML);
            snprintf(name, sizeof name, "BC_%c_%s_ABSORBING", ax, face);
            define_int(sb, name, cfg->particle_boundary[a][side] == CFG_BOUNDARY_ABSORBING);
            snprintf(name, sizeof name, "BC_%c_%s_REFLECTING", ax, face);
            define_int(sb, name, cfg->particle_boundary[a][side] == CFG_BOUNDARY_REFLECTING);
        }
    }
    define_int(sb, "BC_ALL_PERIODIC", all_periodic);
}

/* The boxes of this rank: NLOCAL of them, local slot s holding global box BOX_GID(s); BOX_SLOT(g)
 * is -1 for a box of another rank (BOX_RANK(g)). One rank holding everything needs no table. */
static void emit_int_table(struct strbuf *sb, const char *name, const int *v, int n)
{
    sb_printf(sb, "__constant int %s[%d] = {", name, n);
    for (int i = 0; i < n; i++)
        sb_printf(sb, "%s%d", i ? (i % 16 ? ", " : ",\n    ") : "", v[i]);
    sb_puts(sb, "};\n");
}

static void emit_box_maps(struct strbuf *sb, const struct gen_layout *lay)
{
    define_int(sb, "NLOCAL", lay->n_local);
    define_int(sb, "NRANKS", lay->n_ranks);
    define_int(sb, "RANK", lay->rank);
    if (!lay->gid) {
        sb_puts(sb, "#define BOX_GID(s) (s)\n#define BOX_SLOT(g) (g)\n#define BOX_RANK(g) 0\n");
        return;
    }
    emit_int_table(sb, "box_gid_table", lay->gid, lay->n_local);
    emit_int_table(sb, "box_slot_table", lay->slot, lay->n_boxes);
    emit_int_table(sb, "box_rank_table", lay->owner, lay->n_boxes);
    sb_puts(sb, "#define BOX_GID(s) (box_gid_table[s])\n#define BOX_SLOT(g) (box_slot_table[g])\n"
                "#define BOX_RANK(g) (box_rank_table[g])\n");
}

static void emit_prelude(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay,
                         const struct gen_device *dev)
{
    sb_puts(sb, "\n#define PICL_PRELUDE 1\n");
    if (dev->has_fp64)
        sb_puts(sb, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    if (dev->has_int64_atomics)
        sb_puts(sb, "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n");
    sb_printf(sb, "typedef %s real;\n", cfg->precision == CFG_DOUBLE ? "double" : "float");
    sb_printf(sb, "#define REAL_IS_DOUBLE %d\n", cfg->precision == CFG_DOUBLE);
    /* Diagnostics accumulate in double wherever the device has it. */
    sb_printf(sb, "typedef %s acc_real;\n", dev->has_fp64 ? "double" : "float");

    sb_puts(sb, "\n/* Layout: boxes of NX x NY x NZ valid cells with NG guard cells, x fastest. */\n");
    const char *axis_upper[3] = {"X", "Y", "Z"};
    char name[64];
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "N%s", axis_upper[a]);
        define_int(sb, name, lay->box[a]);
    }
    define_int(sb, "NG", lay->ng);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "DIM%s", axis_upper[a]);
        define_int(sb, name, lay->dim[a]);
    }
    define_int(sb, "SY", lay->dim[0]);
    define_int(sb, "SZ", (long)lay->dim[0] * lay->dim[1]);
    define_int(sb, "BOX_STRIDE", lay->box_stride);
    define_int(sb, "COMP_STRIDE", lay->comp_stride);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "NB%s", axis_upper[a]);
        define_int(sb, name, lay->nbox[a]);
    }
    define_int(sb, "NBOXES", lay->n_boxes);
    emit_box_maps(sb, lay);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "CELLS_%s", axis_upper[a]);
        define_int(sb, name, lay->cells[a]);
    }
    for (int c = 0; c < FC_COUNT; c++) {
        snprintf(name, sizeof name, "C_%s", gen_comp_name((enum field_comp)c));
        for (char *p = name; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        define_int(sb, name, c);
    }

    sb_puts(sb, "\n/* Physical constants (SI) and the step's coefficients. */\n");
    define_real(sb, "PICL_C", PICL_C);
    define_real(sb, "PICL_EPS0", PICL_EPS0);
    define_real(sb, "DT", cfg->dt);
    for (int a = 0; a < 3; a++) {
        /* positions in metres are computed in acc_real (double where the device has it) */
        snprintf(name, sizeof name, "D%s", axis_upper[a]);
        sb_printf(sb, "#define %s ((acc_real)%.17g)\n", name, lay->dx[a]);
        snprintf(name, sizeof name, "LOWER_%s", axis_upper[a]);
        sb_printf(sb, "#define %s ((acc_real)%.17g)\n", name, lay->lower[a]);
        /* Faraday, half a step: B -= dt/2 curl E */
        snprintf(name, sizeof name, "HDT_D%s", axis_upper[a]);
        define_real(sb, name, 0.5 * cfg->dt / lay->dx[a]);
        /* Ampere: E += c^2 dt curl B - dt J / eps0 */
        snprintf(name, sizeof name, "C2DT_D%s", axis_upper[a]);
        define_real(sb, name, PICL_C * PICL_C * cfg->dt / lay->dx[a]);
    }
    /* debug.drop_term = "ampere_J" (TEST ONLY: the benchmark's gate must catch it) */
    define_real(sb, "DT_EPS0", cfg->debug_drop_term == 1 ? 0.0 : cfg->dt / PICL_EPS0);
    define_real(sb, "CELL_VOLUME", lay->dx[0] * lay->dx[1] * lay->dx[2]);
    define_real(sb, "INV_C2", 1.0 / (PICL_C * PICL_C));
    for (int a = 0; a < 3; a++) {
        /* positions move in cells: x += u / gamma * dt / dx */
        snprintf(name, sizeof name, "DT_D%s", axis_upper[a]);
        define_real(sb, name, cfg->dt / lay->dx[a]);
    }
    /* Esirkepov: J = -q w W / (dt dA), summed along the axis */
    define_real(sb, "JX_PER_QW", -1.0 / (cfg->dt * lay->dx[1] * lay->dx[2]));
    define_real(sb, "JY_PER_QW", -1.0 / (cfg->dt * lay->dx[0] * lay->dx[2]));
    define_real(sb, "JZ_PER_QW", -1.0 / (cfg->dt * lay->dx[0] * lay->dx[1]));
    emit_boundaries(sb, cfg);
    gen_pml_emit(sb, cfg, lay);
    sb_puts(sb, "\n/* Particle sorting: cells per bin. */\n");
    int sort_interval, sort_bin[3];
    gen_sort(cfg, dev, &sort_interval, sort_bin);
    (void)sort_interval;
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SORT_B%s", axis_upper[a]);
        define_int(sb, name, sort_bin[a]);
    }
    if (cfg->window.enabled) {
        sb_puts(sb, "\n/* The moving window's axis (0 x, 1 y, 2 z). */\n");
        define_int(sb, "WINDOW_AXIS", cfg->window.axis);
    }
    const enum cfg_strategy strategy = gen_strategy(cfg, dev);
    sb_puts(sb, "\n/* Deposition strategy (shape.cl): DEPOSIT_ATOMIC, atomic additions into the box's J in\n"
                " * global memory; DEPOSIT_LOCAL_TILES, into a tile of it in local memory, then per cell into\n"
                " * global memory; neither, one work item per box and plain additions. PARTICLE_HOLES: many work\n"
                " * items push a box, and a particle that leaves it leaves a hole (particle_move.cl). */\n");
    define_int(sb, "DEPOSIT_ATOMIC", strategy == CFG_STRATEGY_GLOBAL_ATOMICS);
    define_int(sb, "DEPOSIT_LOCAL_TILES", strategy == CFG_STRATEGY_LOCAL_TILES);
    define_int(sb, "PARTICLE_HOLES", strategy != CFG_STRATEGY_DETERMINISTIC);
    define_int(sb, "DEPOSIT_SIMD_CELLS", strategy == CFG_STRATEGY_SIMD_CELLS);
    sb_puts(sb, "/* Attributes every particle stores (gen/particle_attrs.c): PARTICLE_IDS, a 64-bit id;\n"
                " * PARTICLE_WEIGHTS, a weight (else each species' SP_WEIGHT is every particle's). */\n");
    define_int(sb, "PARTICLE_IDS", gen_stores_ids(cfg));
    define_int(sb, "PARTICLE_WEIGHTS", gen_stores_weights(cfg));
    int tile[3];
    char tile_err[512];
    if (strategy == CFG_STRATEGY_SIMD_CELLS) {
        /* the particles are listed cell by cell (particle_tiles.cl with tiles of one cell) and
         * pushed VW at a time as vectors of VW lanes */
        sb_puts(sb, "/* simd_cells: tiles of one cell list the particles; vectors of VW particles. */\n");
        for (int a = 0; a < 3; a++) {
            snprintf(name, sizeof name, "TILE_%s", axis_upper[a]);
            define_int(sb, name, 1);
            snprintf(name, sizeof name, "TILES_%s", axis_upper[a]);
            define_int(sb, name, lay->box[a]);
        }
        define_int(sb, "TILES_PER_BOX", (long)lay->box[0] * lay->box[1] * lay->box[2]);
        const int vw = gen_simd_width(cfg);
        const char *r = cfg->precision == CFG_DOUBLE ? "double" : "float";
        define_int(sb, "VW", vw);
        sb_printf(sb, "typedef %s%d vreal;\ntypedef %s%d vmask;\ntypedef %s4 real4;\n", r, vw,
                  cfg->precision == CFG_DOUBLE ? "long" : "int", vw, r);
    }
    if (strategy == CFG_STRATEGY_LOCAL_TILES && !gen_tile(cfg, lay, dev, tile, tile_err, sizeof tile_err)) {
        /* a tile of TILE_X x TILE_Y x TILE_Z cells, its J with NG guard cells each side */
        for (int a = 0; a < 3; a++) {
            snprintf(name, sizeof name, "TILE_%s", axis_upper[a]);
            define_int(sb, name, tile[a]);
            snprintf(name, sizeof name, "TILES_%s", axis_upper[a]);
            define_int(sb, name, lay->box[a] / tile[a]);
            snprintf(name, sizeof name, "TILE_D%s", axis_upper[a]);
            define_int(sb, name, tile[a] + 2 * lay->ng);
        }
        define_int(sb, "TILES_PER_BOX", (long)(lay->box[0] / tile[0]) * (lay->box[1] / tile[1]) * (lay->box[2] / tile[2]));
        define_int(sb, "TILE_SY", tile[0] + 2 * lay->ng);
        define_int(sb, "TILE_SZ", (long)(tile[0] + 2 * lay->ng) * (tile[1] + 2 * lay->ng));
        define_int(sb, "TILE_CELLS", (long)(tile[0] + 2 * lay->ng) * (tile[1] + 2 * lay->ng) * (tile[2] + 2 * lay->ng));
        define_int(sb, "TILE_GROUP", (long)gen_tile_group(cfg, dev));
    }
    sb_puts(sb, "\n/* Particle shape: B-spline order of deposition and gather. */\n");
    define_int(sb, "SHAPE_ORDER", cfg->shape_order);
    define_int(sb, "SHAPE_ORDER_LOW", cfg->shape_order - 1);
}

static const char *const species_macros[] = {
    "SP_SUFFIX", "SP_QDT_2M", "SP_Q", "SP_RHO_PER_W", "SP_PPC_X", "SP_PPC_Y",
    "SP_PPC_Z", "SP_HAS_REGION", "SP_REGION_LO_X", "SP_REGION_LO_Y", "SP_REGION_LO_Z", "SP_REGION_HI_X",
    "SP_REGION_HI_Y", "SP_REGION_HI_Z", "SP_DENSITY", "SP_W_PER_DENSITY", "SP_SEED_LO", "SP_SEED_HI", "SP_UD_X",
    "SP_UD_Y", "SP_UD_Z", "SP_UTH_X", "SP_UTH_Y", "SP_UTH_Z", "SP_WEIGHT", "SP_BEAM_N", "SP_BEAM_CUT",
    "SP_BEAM_CX", "SP_BEAM_CY", "SP_BEAM_CZ", "SP_BEAM_SX", "SP_BEAM_SY", "SP_BEAM_SZ"};

static void define_acc(struct strbuf *sb, const char *name, double value)
{
    sb_printf(sb, "#define %s ((acc_real)%.17g)\n", name, value);
}

/* The rms of a standard normal cut at |g| <= a (Johnson, Kotz and Balakrishnan, ch. 13):
 * 1 - 2 a phi(a) / (2 Phi(a) - 1). */
static double cut_normal_rms(double a)
{
    const double phi = exp(-0.5 * a * a) / sqrt(2 * PICL_PI);
    return sqrt(1 - 2 * a * phi / erf(a / sqrt(2.0)));
}

void gen_beam_cut(double truncate, double *cut, double *stretch)
{
    /* cut * stretch = truncate, stretch = 1 / rms(cut): positions reach exactly truncate rms,
     * and their rms is the requested one. The fixed point converges at once (stretch ~ 1). */
    double a = truncate;
    for (int i = 0; i < 50; i++)
        a = truncate * cut_normal_rms(a);
    *cut = a;
    *stretch = 1 / cut_normal_rms(a);
}

/* A beam's literals: its particle count and weight, where it is, how wide, and its momentum as
 * the SP_UD_ (mean) and SP_UTH_ (rms) of every species. */
static void emit_beam_macros(struct strbuf *sb, const struct cfg_species *sp)
{
    const struct cfg_beam *b = &sp->beam;
    const char *axis_upper[3] = {"X", "Y", "Z"};
    char name[64];
    double cut, stretch;
    gen_beam_cut(b->truncate, &cut, &stretch);
    define_int(sb, "SP_BEAM_N", b->particles);
    define_acc(sb, "SP_BEAM_CUT", cut);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_BEAM_C%s", axis_upper[a]);
        define_acc(sb, name, b->centroid[a]);
        snprintf(name, sizeof name, "SP_BEAM_S%s", axis_upper[a]);
        define_acc(sb, name, b->rms[a] * stretch);
    }
}

/* The literals of species s: charge and mass enter only through these products. */
static void emit_species_macros(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    const struct cfg_species *sp = &cfg->species[s];
    const double dv = lay->dx[0] * lay->dx[1] * lay->dx[2];
    const char *axis_upper[3] = {"X", "Y", "Z"};
    char name[64];
    sb_printf(sb, "\n/* ==== species %d: %s%s ==== */\n", s, sp->name, sp->frozen ? " (frozen)" : "");
    sb_printf(sb, "#define SP_SUFFIX _%d\n", s);
    define_real(sb, "SP_QDT_2M", sp->charge * cfg->dt / (2 * sp->mass));
    define_real(sb, "SP_Q", sp->charge);
    define_real(sb, "SP_RHO_PER_W", sp->charge / dv);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_PPC_%s", axis_upper[a]);
        define_int(sb, name, sp->ppc[a]);
    }
    /* no particle starts inside a PML: the region ends at the PMLs' inner edges */
    double lo[3], hi[3];
    int has_region = sp->has_region;
    for (int a = 0; a < 3; a++) {
        const double edge_lo = lay->lower[a] + cfg->pml_cells[a][0] * lay->dx[a];
        const double edge_hi = lay->lower[a] + (lay->cells[a] - cfg->pml_cells[a][1]) * lay->dx[a];
        lo[a] = sp->has_region ? sp->region_lower[a] : cfg->grid.lower[a];
        hi[a] = sp->has_region ? sp->region_upper[a] : cfg->grid.upper[a];
        has_region |= cfg->pml_cells[a][0] > 0 || cfg->pml_cells[a][1] > 0;
        lo[a] = lo[a] > edge_lo ? lo[a] : edge_lo;
        hi[a] = hi[a] < edge_hi ? hi[a] : edge_hi;
        /* along a moving window's axis the region is the lab frame's (the window's own faces
         * have no PML): without one, the plasma lies everywhere the window goes */
        if (cfg->window.enabled && cfg->window.axis == a) {
            lo[a] = sp->has_region ? sp->region_lower[a] : -1e30;
            hi[a] = sp->has_region ? sp->region_upper[a] : 1e30;
        }
    }
    define_int(sb, "SP_HAS_REGION", has_region);
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_REGION_LO_%s", axis_upper[a]);
        define_acc(sb, name, lo[a]);
        snprintf(name, sizeof name, "SP_REGION_HI_%s", axis_upper[a]);
        define_acc(sb, name, hi[a]);
    }
    if (sp->is_beam) {
        sb_puts(sb, "#define SP_DENSITY(x, y, z) ((acc_real)0)\n");
    } else if (sp->density_expr.text[0]) {
        char fname[160];
        gen_expr_name(sp->density_expr.key, fname, sizeof fname);
        sb_printf(sb, "#define SP_DENSITY(x, y, z) ((acc_real)%s((x), (y), (z), 0))\n", fname);
    } else {
        sb_printf(sb, "#define SP_DENSITY(x, y, z) ((acc_real)%.17g)\n", sp->density);
    }
    define_acc(sb, "SP_W_PER_DENSITY", gen_weight_per_density(sp, lay));
    double w;
    if (gen_species_weight(cfg, lay, s, &w)) /* every particle's weight (particle_attrs.c) */
        define_acc(sb, "SP_WEIGHT", w);
    sb_printf(sb, "#define SP_SEED_LO %uu\n#define SP_SEED_HI %uu\n", (unsigned)(sp->seed & 0xffffffffu),
              (unsigned)(sp->seed >> 32));
    for (int a = 0; a < 3; a++) {
        snprintf(name, sizeof name, "SP_UD_%s", axis_upper[a]);
        define_acc(sb, name, sp->is_beam ? (a == sp->beam.axis ? sp->beam.u : 0.0) : sp->u_drift[a]);
        snprintf(name, sizeof name, "SP_UTH_%s", axis_upper[a]);
        define_acc(sb, name, sp->is_beam ? sp->beam.u_th[a] : sp->u_th[a]);
    }
    if (sp->is_beam)
        emit_beam_macros(sb, sp);
}

/* One user expression as an inline function of (x, y, z, t). The #line directive makes the
 * compiler name the input key in its messages, which the runtime turns into an input error. */
static void emit_expr(struct strbuf *sb, const struct picl_config *cfg, const struct cfg_expr *e,
                      const struct gen_device *dev)
{
    char fname[160];
    gen_expr_name(e->key, fname, sizeof fname);
    const char *t = dev->has_fp64 ? "double" : "float";
    sb_printf(sb, "\n/* %s = \"%s\"  (%s) */\n", e->key, e->text, e->where);
    sb_printf(sb, "static inline %s %s(%s x, %s y, %s z, %s t)\n{\n", t, fname, t, t, t, t);
    sb_printf(sb, "    const %s c = %.17g, eps0 = %.17g, mu0 = %.17g, q_e = %.17g, m_e = %.17g, "
                  "m_p = %.17g, pi = %.17g;\n",
              t, PICL_C, PICL_EPS0, PICL_MU0, PICL_Q_E, PICL_M_E, PICL_M_P, PICL_PI);
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    const %s %s = %.17g;\n", t, cfg->constants[i].name, cfg->constants[i].value);
    sb_puts(sb, "    (void)x; (void)y; (void)z; (void)t; (void)c; (void)eps0; (void)mu0; (void)q_e;\n"
                "    (void)m_e; (void)m_p; (void)pi;\n");
    for (int i = 0; i < cfg->n_constants; i++)
        sb_printf(sb, "    (void)%s;\n", cfg->constants[i].name);
    sb_printf(sb, "#line 1 \"%s\"\n", e->key);
    sb_printf(sb, "    return (%s)(%s);\n", t, e->text);
    sb_printf(sb, "#line %d \"picl.cl\"\n}\n", sb_lines(sb) + 2);
}

/* Initial fields: one expression per component, zero where none was given. */
static void emit_initial_fields(struct strbuf *sb, const struct picl_config *cfg,
                                const struct gen_device *dev)
{
    const struct cfg_expr *exprs[6] = {&cfg->init_E[0], &cfg->init_E[1], &cfg->init_E[2],
                                       &cfg->init_B[0], &cfg->init_B[1], &cfg->init_B[2]};
    for (int c = 0; c < 6; c++)
        if (exprs[c]->text[0])
            emit_expr(sb, cfg, exprs[c], dev);
    for (int s = 0; s < cfg->n_species; s++)
        if (cfg->species[s].density_expr.text[0])
            emit_expr(sb, cfg, &cfg->species[s].density_expr, dev);
    for (int i = 0; i < cfg->n_lasers; i++)
        if (cfg->lasers[i].has_profile)
            emit_expr(sb, cfg, &cfg->lasers[i].profile, dev);
    sb_puts(sb, "\n/* Initial value of field component C at (x, y, z) in metres. */\n");
    for (int c = 0; c < 6; c++) {
        char fname[160];
        sb_printf(sb, "#define INIT_%s(x, y, z) ", gen_comp_name((enum field_comp)c));
        if (exprs[c]->text[0]) {
            gen_expr_name(exprs[c]->key, fname, sizeof fname);
            sb_printf(sb, "((real)%s((x), (y), (z), 0))\n", fname);
        } else {
            sb_puts(sb, "((real)0)\n");
        }
    }
}

static int emit_template(struct strbuf *sb, const char *name, char *err, size_t err_len);

static int emit_species(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, char *err,
                        size_t err_len)
{
    for (int s = 0; s < cfg->n_species; s++) {
        emit_species_macros(sb, cfg, lay, s);
        const int beam = cfg->species[s].is_beam;
        /* a plasma is loaded on a lattice and enters with the moving window; a beam is drawn once */
        if (emit_template(sb, beam ? "particle_beam.cl" : "particle_load.cl", err, err_len) ||
            (!beam && cfg->window.enabled && emit_template(sb, "window_inject.cl", err, err_len)) ||
            (!cfg->species[s].frozen && emit_template(sb, "particle_push.cl", err, err_len)) ||
            emit_template(sb, "particle_diag.cl", err, err_len))
            return -1;
        for (size_t m = 0; m < sizeof species_macros / sizeof *species_macros; m++)
            sb_printf(sb, "#undef %s\n", species_macros[m]);
    }
    return 0;
}

static int emit_template(struct strbuf *sb, const char *name, char *err, size_t err_len)
{
    size_t len;
    const char *text = gen_template(name, &len);
    if (!text) {
        snprintf(err, err_len, "template %s is missing from this build of picl", name);
        return -1;
    }
    sb_printf(sb, "\n/* ---- templates/%s ---- */\n", name);
    sb_printf(sb, "#line 1 \"%s\"\n", name);
    sb_write(sb, text, len);
    sb_printf(sb, "#line %d \"picl.cl\"\n", sb_lines(sb) + 2);
    return 0;
}

int gen_program(const struct picl_config *cfg, const struct gen_device *dev, struct strbuf *out,
                char *err, size_t err_len)
{
    return gen_program_for(cfg, dev, NULL, out, err, err_len);
}

int gen_program_for(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *ranked,
                    struct strbuf *out, char *err, size_t err_len)
{
    struct gen_layout lay;
    if (ranked)
        lay = *ranked;
    else if (gen_layout(cfg, &lay, err, err_len))
        return -1;
    if (cfg->precision == CFG_DOUBLE && !dev->has_fp64) {
        snprintf(err, err_len, "precision: \"double\" needs cl_khr_fp64, which %s lacks; use \"float\"",
                 dev->name);
        return -1;
    }
    /* Options the schema knows but no template implements yet are refused, never ignored. */
    const char *choice[4] = {solver_templates[cfg->solver], pusher_templates[cfg->pusher],
                             gather_templates[cfg->gather], deposition_templates[cfg->deposition]};
    const char *const keys[4] = {"solver", "pusher", "gather", "deposition"};
    const char *const names[4] = {solver_names[cfg->solver], pusher_names[cfg->pusher], gather_names[cfg->gather],
                                  deposition_names[cfg->deposition]};
    const enum cfg_strategy strategy = gen_strategy(cfg, dev);
    /* both count leavers into 64-bit box-table entries with atomics */
    static const char *const strategy_names[] = CFG_STRATEGY_NAMES;
    if (strategy != CFG_STRATEGY_DETERMINISTIC && !dev->has_int64_atomics) {
        snprintf(err, err_len, "deposition_strategy: \"%s\" needs cl_khr_int64_base_atomics, which %s "
                               "lacks; use \"deterministic\"",
                 strategy_names[strategy], dev->name);
        return -1;
    }
    if (strategy == CFG_STRATEGY_SIMD_CELLS && gen_simd_cells_unfit(cfg)) {
        snprintf(err, err_len, "deposition_strategy: \"simd_cells\" does not apply to %s; use \"deterministic\" "
                 "(or \"auto\", which chooses it there)", gen_simd_cells_unfit(cfg));
        return -1;
    }
    int tile[3], tiles_per_box = 0;
    if (strategy == CFG_STRATEGY_LOCAL_TILES) {
        if (gen_tile(cfg, &lay, dev, tile, err, err_len))
            return -1;
        if (dev->max_work_group && gen_tile_group(cfg, dev) > dev->max_work_group) {
            snprintf(err, err_len, "work_group.particles: %zu work items per tile exceed the %zu of a work-group on %s",
                     gen_tile_group(cfg, dev), dev->max_work_group, dev->name);
            return -1;
        }
        tiles_per_box = lay.box[0] / tile[0] * (lay.box[1] / tile[1]) * (lay.box[2] / tile[2]);
    }
    if (strategy == CFG_STRATEGY_SIMD_CELLS)
        tiles_per_box = lay.box[0] * lay.box[1] * lay.box[2];
    for (int i = 0; i < 4; i++)
        if (!choice[i]) {
            snprintf(err, err_len, "%s: \"%s\" is not implemented in this version of picl", keys[i], names[i]);
            return -1;
        }
    emit_header(out, cfg, &lay, dev);
    emit_prelude(out, cfg, &lay, dev);
    gen_ckc_emit(out, cfg, &lay);
    emit_initial_fields(out, cfg, dev);

    /* Each physics choice is one template; the generator's only decision is which file. */
    /* (Vay and Higuera-Cary share their rotation: push_rotation.cl goes before either) */
    const char *const rotation = cfg->pusher == CFG_PUSHER_BORIS ? NULL : "push_rotation.cl";
    /* the host-kernel interface first: the box table and the particle arrays of every kernel */
    const char *const templates[] = {"kernel_iface.h", "common.cl",       "shape.cl",        choice[0], "halo.cl",
                                     "reduce.cl",       "init_fields.cl",  "particle_move.cl", "particle_sort.cl", "filter.cl",
                                     choice[2],         rotation,          choice[1],         choice[3]};
    for (size_t i = 0; i < sizeof templates / sizeof *templates; i++)
        if (templates[i] && emit_template(out, templates[i], err, err_len))
            return -1;
    struct gen_pml_slab slab[6];
    long pml_reals;
    /* several tiles per box: the particles of each tile are listed before every push */
    if (((tiles_per_box > 1 || strategy == CFG_STRATEGY_SIMD_CELLS) &&
         emit_template(out, "particle_tiles.cl", err, err_len)) ||
        (strategy == CFG_STRATEGY_SIMD_CELLS && emit_template(out, "simd_cells.cl", err, err_len)) ||
        emit_template(out, "random.cl", err, err_len) ||
        (cfg->window.enabled && emit_template(out, "window.cl", err, err_len)) ||
        (gen_pml_slabs(cfg, &lay, slab, &pml_reals) > 0 && emit_template(out, "pml.cl", err, err_len)))
        return -1;
    if (emit_species(out, cfg, &lay, err, err_len))
        return -1;
    for (int i = 0; i < cfg->n_lasers; i++) {
        gen_laser_emit(out, cfg, &lay, i);
        if (emit_template(out, "laser.cl", err, err_len))
            return -1;
        for (int m = 0; m < gen_laser_n_macros; m++)
            sb_printf(out, "#undef %s\n", gen_laser_macros[m]);
    }
    if (!sb_ok(out)) {
        snprintf(err, err_len, "out of host memory while generating kernels");
        return -1;
    }
    return 0;
}
