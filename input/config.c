/* config.c: runs an input script in a sandboxed Lua state and copies what lua/picl.lua
 * validated into struct picl_config. The schema and every input message live in lua/. */
#include "config.h"
#include "hash.h"
#include "ident.h"
#include "mem.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "luamod.h"
#include "luatab.h"
#include "config_diags_read.h"

#ifndef PICL_VERSION
#define PICL_VERSION "0.0.0"
#endif

static const char *const axis_names = "xyz";

/* An input script larger than this is not a script (/dev/zero, a data file given by mistake). */
#define CFG_INPUT_MAX (16 << 20)

/* ---- copying the resolved table (input/luatab.c): a field of the wrong type is a Lua error,
 * because picl.lua and this file disagree on it, which is a bug in picl rather than in the input. */

void cfg_expr_read(const struct luatab *rd, int x, struct cfg_expr *e)
{
    luatab_string(rd, x, "text", e->text, sizeof e->text);
    luatab_string(rd, x, "key", e->key, sizeof e->key);
    luatab_string(rd, x, "where", e->where, sizeof e->where);
}

void cfg_expr_get(const struct luatab *rd, int t, const char *key, struct cfg_expr *e)
{
    lua_State *L = rd->L;
    memset(e, 0, sizeof *e);
    if (luatab_push(rd, t, key, LUA_TTABLE, 1))
        cfg_expr_read(rd, lua_gettop(L), e);
    lua_pop(L, 1);
}

/* A momentum profile (u_drift, u_th): three entries, each a number or an expression
 * {text, key, where}; the number is 0 where an expression was given. */
static void get_profile(const struct luatab *rd, int t, const char *key, double v[3], struct cfg_expr e[3])
{
    lua_State *L = rd->L;
    luatab_list(rd, t, key, 3);
    int list = lua_gettop(L);
    for (int a = 0; a < 3; a++) {
        v[a] = 0;
        memset(&e[a], 0, sizeof e[a]);
        if (lua_rawgeti(L, list, a + 1) == LUA_TTABLE) {
            cfg_expr_read(rd, lua_gettop(L), &e[a]);
            lua_pop(L, 1);
        } else {
            lua_pop(L, 1);
            luatab_push_item(rd, list, a + 1, key, LUA_TNUMBER);
            v[a] = lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* applied_fields: E and B (an expression per component, false for a zero left out) and the
 * elements. */
static void get_applied(const struct luatab *rd, int t, struct cfg_applied *ap)
{
    lua_State *L = rd->L;
    const char *const vec[2] = {"E", "B"};
    ap->enabled = 1;
    for (int v = 0; v < 2; v++) {
        struct cfg_expr *e = v ? ap->B : ap->E;
        if (!luatab_push(rd, t, vec[v], LUA_TTABLE, 1)) {
            lua_pop(L, 1);
            continue;
        }
        int list = lua_gettop(L);
        for (int a = 0; a < 3; a++) {
            if (lua_rawgeti(L, list, a + 1) == LUA_TTABLE)
                cfg_expr_read(rd, lua_gettop(L), &e[a]);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    ap->n_elements = luatab_list(rd, t, "elements", CFG_MAX_ELEMENTS);
    int list = lua_gettop(L);
    static const char *const kinds[] = {"solenoid", "quadrupole", "plasma_lens", NULL};
    for (int i = 0; i < ap->n_elements; i++) {
        struct cfg_element *el = &ap->elements[i];
        luatab_push_item(rd, list, i + 1, "elements", LUA_TTABLE);
        int x = lua_gettop(L);
        el->kind = (enum cfg_element_kind)luatab_enum(rd, x, "kind", kinds);
        el->strength = luatab_number(rd, x, "strength", 0);
        el->strength_b = luatab_number(rd, x, "strength_b", 0);
        el->fringe = luatab_number(rd, x, "fringe", -1);
        double z[3] = {0}, c[3] = {0};
        lua_getfield(L, x, "z");
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        z[0] = lua_tonumber(L, -2);
        z[1] = lua_tonumber(L, -1);
        lua_pop(L, 3);
        lua_getfield(L, x, "center");
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        c[0] = lua_tonumber(L, -2);
        c[1] = lua_tonumber(L, -1);
        lua_pop(L, 3);
        el->z[0] = z[0], el->z[1] = z[1], el->center[0] = c[0], el->center[1] = c[1];
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The copiers of one entry of a list (lasers, species, ...): table t into entry i of its list in cfg. */
typedef void copy_entry_fn(const struct luatab *rd, int t, struct picl_config *cfg, int i);

static void copy_laser(const struct luatab *rd, int t, struct picl_config *cfg, int i)
{
    struct cfg_laser *l = &cfg->lasers[i];
    luatab_string(rd, t, "name", l->name, sizeof l->name);
    l->axis = (int)luatab_integer(rd, t, "axis");
    l->sign = (int)luatab_integer(rd, t, "sign");
    l->plane = (int)luatab_integer(rd, t, "plane");
    l->oblique = luatab_boolean(rd, t, "oblique");
    luatab_vec3(rd, t, "dir", l->direction);
    luatab_vec3(rd, t, "position", l->position);
    luatab_vec3(rd, t, "polarization", l->polarization);
    l->wavelength = luatab_number(rd, t, "wavelength", 0);
    l->E0 = luatab_number(rd, t, "E0", 0);
    l->a0 = luatab_number(rd, t, "a0", 0);
    l->waist = luatab_number(rd, t, "waist", 0);
    l->tau = luatab_number(rd, t, "tau", 0);
    l->fwhm = luatab_number(rd, t, "fwhm", 0);
    l->t_peak = luatab_number(rd, t, "t_peak", 0);
    l->focal_distance = luatab_number(rd, t, "focal_distance", 0);
    l->has_profile = luatab_boolean(rd, t, "has_profile");
    cfg_expr_get(rd, t, "profile", &l->profile);
    luatab_string(rd, t, "where", l->where, sizeof l->where);
}

static void copy_species(const struct luatab *rd, int t, struct picl_config *cfg, int i)
{
    struct cfg_species *sp = &cfg->species[i];
    lua_State *L = rd->L;
    luatab_string(rd, t, "name", sp->name, sizeof sp->name);
    sp->charge = luatab_number(rd, t, "charge", 0);
    sp->mass = luatab_number(rd, t, "mass", 0);
    cfg_expr_get(rd, t, "density", &sp->density_expr);
    /* A constant density keeps its number too, for estimates that cannot run an expression. */
    if (lua_getfield(L, t, "density") == LUA_TTABLE) /* a beam has none */
        sp->density = luatab_number(rd, lua_gettop(L), "value", 0);
    lua_pop(L, 1);
    if (luatab_push(rd, t, "region", LUA_TTABLE, 1)) {
        sp->has_region = 1;
        luatab_vec3(rd, lua_gettop(L), "lower", sp->region_lower);
        luatab_vec3(rd, lua_gettop(L), "upper", sp->region_upper);
    }
    lua_pop(L, 1);
    luatab_int3(rd, t, "ppc", sp->ppc);
    get_profile(rd, t, "u_drift", sp->u_drift, sp->u_drift_expr);
    get_profile(rd, t, "u_th", sp->u_th, sp->u_th_expr);
    static const char *const distributions[] = {"none", "maxwellian", "maxwell_juttner", NULL};
    sp->distribution = (enum cfg_thermal)luatab_enum(rd, t, "distribution", distributions);
    cfg_expr_get(rd, t, "kT", &sp->kT_expr);
    sp->kT_unit = luatab_number(rd, t, "kT_unit", 1);
    sp->seed = (uint64_t)luatab_integer(rd, t, "seed");
    sp->frozen = luatab_boolean(rd, t, "frozen");
    sp->no_deposit = !luatab_boolean(rd, t, "deposit");
    if (luatab_push(rd, t, "beam", LUA_TTABLE, 1)) {
        int b = lua_gettop(L);
        struct cfg_beam *beam = &sp->beam;
        sp->is_beam = 1;
        beam->total_charge = luatab_number(rd, b, "total_charge", 0);
        beam->particles = (long)luatab_integer(rd, b, "particles");
        luatab_vec3(rd, b, "centroid", beam->centroid);
        luatab_vec3(rd, b, "rms", beam->rms);
        luatab_push(rd, b, "axis", LUA_TSTRING, 0);
        beam->axis = (int)(strchr(axis_names, lua_tostring(L, -1)[0]) - axis_names);
        lua_pop(L, 1);
        beam->u = luatab_number(rd, b, "u", 0);
        luatab_vec3(rd, b, "u_th", beam->u_th);
        luatab_vec3(rd, b, "divergence", beam->divergence);
        beam->truncate = luatab_number(rd, b, "truncate", 4);
    }
    lua_pop(L, 1);
    if (luatab_push(rd, t, "from_file", LUA_TTABLE, 1)) {
        int ff = lua_gettop(L);
        struct cfg_from_file *file = &sp->file;
        sp->is_file = 1;
        luatab_string(rd, ff, "path", file->path, sizeof file->path);
        luatab_string(rd, ff, "species", file->species, sizeof file->species);
        file->iteration = (long)luatab_integer(rd, ff, "iteration");
        luatab_vec3(rd, ff, "offset", file->offset);
        if (luatab_push(rd, ff, "region", LUA_TTABLE, 1)) {
            file->has_region = 1;
            luatab_vec3(rd, lua_gettop(L), "lower", file->lower);
            luatab_vec3(rd, lua_gettop(L), "upper", file->upper);
        }
        lua_pop(L, 1);
        luatab_string(rd, ff, "where", file->where, sizeof file->where);
    }
    lua_pop(L, 1);
    /* listed particles: loaded as a file's (is_file), from the list instead of HDF5 */
    if (luatab_push(rd, t, "particles", LUA_TTABLE, 1)) {
        int list = lua_gettop(L);
        int n_list = (int)luaL_len(L, list);
        if (n_list > CFG_MAX_LIST)
            luaL_error(L, "internal error: 'particles' has %d entries, more than %d", n_list, CFG_MAX_LIST);
        struct cfg_from_file *file = &sp->file;
        sp->is_file = 1;
        file->n_list = n_list;
        for (int k = 0; k < n_list; k++) {
            luatab_push_item(rd, list, k + 1, "particles", LUA_TTABLE);
            int e = lua_gettop(L);
            luatab_vec3(rd, e, "position", file->list_x[k]);
            luatab_vec3(rd, e, "u", file->list_u[k]);
            file->list_w[k] = luatab_number(rd, e, "weight", 0);
            lua_pop(L, 1);
        }
        luatab_string(rd, t, "particles_where", file->where, sizeof file->where);
    }
    lua_pop(L, 1);
    if (luatab_push(rd, t, "flux", LUA_TTABLE, 1)) {
        int fl = lua_gettop(L);
        struct cfg_flux *flux = &sp->flux;
        flux->enabled = 1;
        luatab_push(rd, fl, "face", LUA_TSTRING, 0);
        const char *face = lua_tostring(L, -1);
        flux->side = face[0] == '+';
        flux->axis = (int)(strchr(axis_names, face[1]) - axis_names);
        lua_pop(L, 1);
        flux->per_cell = (int)luatab_integer(rd, fl, "per_cell");
        if (lua_getfield(L, fl, "density") == LUA_TTABLE && lua_getfield(L, -1, "value") == LUA_TNUMBER) {
            flux->density = lua_tonumber(L, -1);
        } else {
            flux->density = 1;
            cfg_expr_get(rd, fl, "density", &flux->density_expr);
        }
        lua_settop(L, fl);
        flux->theta = luatab_number(rd, fl, "theta", 0);
    }
    lua_pop(L, 1);
    /* field ionization: lua/schema.lua resolved the element's z and the product's index */
    if (luatab_push(rd, t, "ionization", LUA_TTABLE, 1)) {
        int io = lua_gettop(L);
        struct cfg_ionization *ion = &sp->ionization;
        ion->enabled = 1;
        luatab_string(rd, io, "element", ion->element, sizeof ion->element);
        ion->z = (int)luatab_integer(rd, io, "z");
        ion->initial_level = (int)luatab_integer(rd, io, "initial_level");
        ion->product = (int)luatab_integer(rd, io, "product_index");
    }
    lua_pop(L, 1);
    luatab_string(rd, t, "where", sp->where, sizeof sp->where);
}

/* Bits of the names in the list t[key]: bit i for names[i]. */
static unsigned get_bits(const struct luatab *rd, int t, const char *key, const char *const *names)
{
    lua_State *L = rd->L;
    unsigned bits = 0;
    int n = luatab_list(rd, t, key, 64);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        bits |= 1u << luatab_pop_enum(rd, key, names);
    }
    lua_pop(L, 1);
    return bits;
}

/* Bits of the species named in the list t[key] (species are copied already). */
static unsigned get_species_bits(const struct luatab *rd, int t, const char *key, const struct picl_config *cfg)
{
    const char *names[CFG_MAX_SPECIES + 1] = {NULL};
    for (int i = 0; i < cfg->n_species; i++)
        names[i] = cfg->species[i].name;
    return get_bits(rd, t, key, names);
}

static void copy_full(const struct luatab *rd, int t, struct picl_config *cfg, int i_full)
{
    lua_State *L = rd->L;
    struct cfg_full *d = &cfg->full[i_full];
    luatab_string(rd, t, "name", d->name, sizeof d->name);
    d->interval = (int)luatab_integer(rd, t, "interval");
    d->n_at = luatab_list(rd, t, "at", CFG_MAX_DIAG_STEPS);
    for (int i = 0; i < d->n_at; i++) {
        lua_rawgeti(L, -1, i + 1);
        d->at[i] = (long)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    d->fields = get_bits(rd, t, "fields", cfg_field_comp_names);
    d->species_rho = get_species_bits(rd, t, "species_rho", cfg);
    d->species = get_species_bits(rd, t, "species", cfg);
    d->attributes = get_bits(rd, t, "attributes", cfg_particle_attr_names);
    d->stride = (int)luatab_integer(rd, t, "stride");
    d->particle_fraction = luatab_number(rd, t, "particle_fraction", 1.0);
    d->particle_seed = (uint64_t)luatab_integer(rd, t, "particle_seed");
    cfg_expr_get(rd, t, "particle_filter", &d->particle_filter);
    luatab_int3(rd, t, "cell_lo", d->cell_lo);
    luatab_int3(rd, t, "cell_hi", d->cell_hi);
    luatab_int3(rd, t, "coarsening", d->coarsening);
}

static void copy_constant(const struct luatab *rd, int t, struct picl_config *cfg, int i)
{
    luatab_string(rd, t, "name", cfg->constants[i].name, sizeof cfg->constants[i].name);
    cfg->constants[i].value = luatab_number(rd, t, "value", 0);
}

static void copy_reduced(const struct luatab *rd, int t, struct picl_config *cfg, int i)
{
    luatab_string(rd, t, "name", cfg->reduced[i].name, sizeof cfg->reduced[i].name);
    cfg->reduced[i].interval = (int)luatab_integer(rd, t, "interval");
}

/* Pushes the list t[key], sets *n to its length (at most max; before any entry is copied, as a
 * copier may look at the entries' count: a full diagnostic names species) and copies each entry. */
/* One collision entry: its species as indices (check_collisions resolved the names). */
static void copy_collision(const struct luatab *rd, int t, struct picl_config *cfg, int i)
{
    struct cfg_collision *col = &cfg->collisions[i];
    lua_State *L = rd->L;
    luatab_string(rd, t, "name", col->name, sizeof col->name);
    luatab_push(rd, t, "species_index", LUA_TTABLE, 0);
    for (int j = 0; j < 2; j++) {
        luatab_push_item(rd, lua_gettop(L), j + 1, "species_index", LUA_TNUMBER);
        col->species[j] = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    col->coulomb_log = luatab_number(rd, t, "coulomb_log", 0);
    col->interval = (int)luatab_integer(rd, t, "interval");
}

static void copy_list(const struct luatab *rd, int t, const char *key, int max, int *n, struct picl_config *cfg,
                      copy_entry_fn *copy)
{
    lua_State *L = rd->L;
    *n = luatab_list(rd, t, key, max);
    for (int i = 0; i < *n; i++) {
        lua_rawgeti(L, -1, i + 1);
        copy(rd, lua_gettop(L), cfg, i);
        lua_pop(L, 1);
    }
}

/* One back-transformed diagnostic (lua/boost.lua). */
static void copy_btd(const struct luatab *rd, int t, struct picl_config *cfg, int i)
{
    struct cfg_btd *d = &cfg->btd[i];
    lua_State *L = rd->L;
    luatab_string(rd, t, "name", d->name, sizeof d->name);
    d->cells = (int)luatab_integer(rd, t, "cells");
    d->lower = luatab_number(rd, t, "lower", 0);
    d->upper = luatab_number(rd, t, "upper", 0);
    d->species = get_species_bits(rd, t, "species", cfg);
    d->n_times = luatab_list(rd, t, "times", CFG_MAX_BTD_TIMES);
    int list = lua_gettop(L);
    for (int i = 0; i < d->n_times; i++) {
        luatab_push_item(rd, list, i + 1, "times", LUA_TNUMBER);
        d->times[i] = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void copy_config(const struct luatab *rd, int r, struct picl_config *cfg)
{
    lua_State *L = rd->L;
    cfg->geometry = (enum cfg_geometry)luatab_enum(rd, r, "geometry", cfg_geometry_names);
    cfg->modes = (int)luatab_integer(rd, r, "modes");
    luatab_push(rd, r, "grid", LUA_TTABLE, 0);
    int g = lua_gettop(L);
    luatab_int3(rd, g, "cells", cfg->grid.cells);
    luatab_vec3(rd, g, "lower", cfg->grid.lower);
    luatab_vec3(rd, g, "upper", cfg->grid.upper);
    luatab_int3(rd, g, "max_box", cfg->grid.max_box);
    lua_pop(L, 1);

    luatab_push(rd, r, "boundary", LUA_TTABLE, 0);
    int b = lua_gettop(L);
    static const char *const sides[] = {"field", "particles"};
    for (int s = 0; s < 2; s++) {
        enum cfg_boundary(*dst)[2] = s == 0 ? cfg->field_boundary : cfg->particle_boundary;
        luatab_list(rd, b, sides[s], 3);
        for (int a = 0; a < 3; a++) {
            lua_rawgeti(L, -1, a + 1); /* {lower, upper} */
            for (int side = 0; side < 2; side++) {
                lua_rawgeti(L, -1, side + 1);
                dst[a][side] = (enum cfg_boundary)luatab_pop_enum(rd, sides[s], cfg_boundary_names);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    luatab_list(rd, b, "pml_cells", 3);
    for (int a = 0; a < 3; a++) {
        lua_rawgeti(L, -1, a + 1);
        for (int side = 0; side < 2; side++) {
            lua_rawgeti(L, -1, side + 1);
            cfg->pml_cells[a][side] = (int)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    cfg->pml_outside = luatab_boolean(rd, b, "pml_outside");
    lua_pop(L, 1);
    luatab_push(rd, r, "domain", LUA_TTABLE, 0);
    luatab_vec3(rd, lua_gettop(L), "lower", cfg->domain_lower);
    luatab_vec3(rd, lua_gettop(L), "upper", cfg->domain_upper);
    lua_pop(L, 1);

    luatab_push(rd, r, "solver", LUA_TTABLE, 0);
    int s = lua_gettop(L);
    cfg->solver = (enum cfg_solver)luatab_enum(rd, s, "name", cfg_solver_names);
    cfg->cfl = luatab_number(rd, s, "cfl", 0);
    cfg->dt = luatab_number(rd, s, "dt", 0);
    cfg->dt_limit = luatab_number(rd, s, "dt_limit", 0);
    luatab_vec3(rd, s, "v_galilean", cfg->v_galilean);
    cfg->grid_type = (enum cfg_grid_type)luatab_enum(rd, s, "grid", cfg_grid_type_names);
    cfg->psatd_rho = luatab_boolean(rd, s, "update_with_rho");
    cfg->psatd_cc = luatab_boolean(rd, s, "current_correction");
    /* set by lua/schema.lua's resolve_current_correction when WarpX's default turned it on */
    if (luatab_push(rd, s, "current_correction_by_default", LUA_TBOOLEAN, 1))
        cfg->psatd_cc_by_default = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_pop(L, 1);
    cfg->steps = (long)luatab_integer(rd, r, "steps");
    cfg->stop_time = luatab_number(rd, r, "stop_time", 0);
    luatab_string(rd, r, "set_note", cfg->set_note, sizeof cfg->set_note);

    cfg->precision = (enum cfg_precision)luatab_enum(rd, r, "precision", cfg_precision_names);
    cfg->shape_order = (int)luatab_integer(rd, r, "shape_order");
    cfg->pusher = (enum cfg_pusher)luatab_enum(rd, r, "pusher", cfg_pusher_names);
    cfg->gather = (enum cfg_gather)luatab_enum(rd, r, "gather", cfg_gather_names);
    cfg->deposition = (enum cfg_deposition)luatab_enum(rd, r, "deposition", cfg_deposition_names);
    cfg->deposition_strategy = (enum cfg_strategy)luatab_enum(rd, r, "deposition_strategy", cfg_strategy_names);
    cfg->progress_interval = (int)luatab_integer(rd, r, "progress_interval");
    cfg->use_tuning = luatab_boolean(rd, r, "tuning");
    cfg->particle_ids = -1;
    if (luatab_push(rd, r, "particle_ids", LUA_TBOOLEAN, 1))
        cfg->particle_ids = lua_toboolean(L, -1);
    lua_pop(L, 1);

    luatab_push(rd, r, "sort", LUA_TTABLE, 0);
    cfg->sort_interval = (int)luatab_integer(rd, lua_gettop(L), "interval");
    luatab_int3(rd, lua_gettop(L), "bin_size", cfg->sort_bin);
    lua_pop(L, 1);
    luatab_push(rd, r, "filter", LUA_TTABLE, 0);
    luatab_int3(rd, lua_gettop(L), "passes", cfg->filter_passes);
    cfg->filter_godfrey = luatab_boolean(rd, lua_gettop(L), "godfrey");
    /* set by lua/schema.lua's resolve_godfrey when the boost turned the filter on */
    if (luatab_push(rd, lua_gettop(L), "godfrey_by_boost", LUA_TBOOLEAN, 1))
        cfg->filter_godfrey_by_boost = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_pop(L, 1);
    luatab_push(rd, r, "work_group", LUA_TTABLE, 0);
    luatab_int3(rd, lua_gettop(L), "cells", cfg->wg_cells);
    cfg->wg_particles = (int)luatab_integer(rd, lua_gettop(L), "particles");
    luatab_int3(rd, lua_gettop(L), "tile", cfg->wg_tile);
    lua_pop(L, 1);
    luatab_push(rd, r, "memory", LUA_TTABLE, 0);
    cfg->memory_device = luatab_number(rd, lua_gettop(L), "device", 0);
    cfg->memory_pinned = luatab_number(rd, lua_gettop(L), "pinned", 0);
    lua_pop(L, 1);
    luatab_push(rd, r, "parallel", LUA_TTABLE, 0);
    cfg->distribution = (enum cfg_distribution)luatab_enum(rd, lua_gettop(L), "distribution", cfg_distribution_names);
    cfg->balance_interval = (int)luatab_integer(rd, lua_gettop(L), "balance_interval");
    cfg->balance_threshold = luatab_number(rd, lua_gettop(L), "balance_threshold", 0.1);
    cfg->threads = (int)luatab_integer(rd, lua_gettop(L), "threads");
    lua_pop(L, 1);
    luatab_push(rd, r, "debug", LUA_TTABLE, 0);
    cfg->debug_drop_term = luatab_enum(rd, lua_gettop(L), "drop_term", cfg_drop_term_names);
    lua_pop(L, 1);

    copy_list(rd, r, "constants", CFG_MAX_CONSTANTS, &cfg->n_constants, cfg, copy_constant);
    lua_pop(L, 1);

    luatab_push(rd, r, "fields", LUA_TTABLE, 0); /* Ex, Ey, Ez, Bx, By, Bz: the first six components */
    for (int a = 0; a < 3; a++) {
        cfg_expr_get(rd, lua_gettop(L), cfg_field_comp_names[a], &cfg->init_E[a]);
        cfg_expr_get(rd, lua_gettop(L), cfg_field_comp_names[3 + a], &cfg->init_B[a]);
    }
    lua_pop(L, 1);

    copy_list(rd, r, "species", CFG_MAX_SPECIES, &cfg->n_species, cfg, copy_species);
    lua_pop(L, 1);

    copy_list(rd, r, "lasers", CFG_MAX_LASERS, &cfg->n_lasers, cfg, copy_laser);
    lua_pop(L, 1);

    copy_list(rd, r, "collisions", CFG_MAX_COLLISIONS, &cfg->n_collisions, cfg, copy_collision);
    lua_pop(L, 1);

    luatab_push(rd, r, "diagnostics", LUA_TTABLE, 0);
    int d = lua_gettop(L);
    luatab_string(rd, d, "output_dir", cfg->output_dir, sizeof cfg->output_dir);
    copy_list(rd, d, "reduced", CFG_MAX_REDUCED, &cfg->n_reduced, cfg, copy_reduced);
    lua_pop(L, 1);
    copy_list(rd, d, "full", CFG_MAX_FULL, &cfg->n_full, cfg, copy_full);
    lua_pop(L, 1);
    cfg_diags_copy(rd, d, &cfg->diags);
    lua_pop(L, 1);

    if (luatab_push(rd, r, "applied_fields", LUA_TTABLE, 1))
        get_applied(rd, lua_gettop(L), &cfg->applied);
    lua_pop(L, 1);

    if (luatab_push(rd, r, "moving_window", LUA_TTABLE, 1)) {
        int w = lua_gettop(L);
        cfg->window.enabled = 1;
        luatab_push(rd, w, "axis", LUA_TSTRING, 0);
        cfg->window.axis = (int)(strchr(axis_names, lua_tostring(L, -1)[0]) - axis_names);
        lua_pop(L, 1);
        cfg->window.speed = luatab_number(rd, w, "speed", 1);
        cfg->window.start = luatab_number(rd, w, "start", 0);
    }
    lua_pop(L, 1);

    if (luatab_push(rd, r, "boost", LUA_TTABLE, 1)) { /* lua/boost.lua */
        int bt = lua_gettop(L);
        cfg->boost.enabled = 1;
        cfg->boost.axis = (int)luatab_integer(rd, bt, "axis_index");
        cfg->boost.gamma = luatab_number(rd, bt, "gamma", 1);
        cfg->boost.beta = luatab_number(rd, bt, "beta", 0);
        cfg->boost.lab_stop_time = luatab_number(rd, bt, "lab_stop_time", 0);
        luatab_vec3(rd, bt, "lab_lower", cfg->boost.lab_lower);
        luatab_vec3(rd, bt, "lab_upper", cfg->boost.lab_upper);
    }
    lua_pop(L, 1);
    luatab_push(rd, r, "diagnostics", LUA_TTABLE, 0);
    copy_list(rd, lua_gettop(L), "back_transformed", CFG_MAX_BTD, &cfg->n_btd, cfg, copy_btd);
    lua_pop(L, 2);

    luatab_push(rd, r, "checkpoint", LUA_TTABLE, 0);
    int c = lua_gettop(L);
    cfg->checkpoint.enabled = luatab_boolean(rd, c, "enabled");
    cfg->checkpoint.interval = (int)luatab_integer(rd, c, "interval");
    cfg->checkpoint.keep = (int)luatab_integer(rd, c, "keep");
    cfg->checkpoint.at_end = luatab_boolean(rd, c, "at_end");
    luatab_string(rd, c, "dir", cfg->checkpoint.dir, sizeof cfg->checkpoint.dir);
    lua_pop(L, 1);
}

static const struct luamod_limit limits[] = {
    {"elements", CFG_MAX_ELEMENTS}, {"name_len", CFG_NAME_LEN}, {"text_len", CFG_TEXT_LEN}, {"path_len", CFG_PATH_LEN},
    {"species", CFG_MAX_SPECIES}, {"constants", CFG_MAX_CONSTANTS}, {"reduced", CFG_MAX_REDUCED},
    {"full", CFG_MAX_FULL}, {"diag_steps", CFG_MAX_DIAG_STEPS}, {"lasers", CFG_MAX_LASERS},
    {"pdiag", CFG_MAX_PDIAG}, {"hist", CFG_MAX_HIST}, {"hist_bins", CFG_HIST_MAX_BINS}, {"probes", CFG_MAX_PROBES},
    {"probe_points", CFG_PROBE_MAX_POINTS}, {"probe_grid", CFG_PROBE_MAX_GRID},
    {"collisions", CFG_MAX_COLLISIONS}, {"btd", CFG_MAX_BTD}, {"btd_times", CFG_MAX_BTD_TIMES}};
static const struct luamod_entry run_entry = {"run", 1, limits, sizeof limits / sizeof limits[0], PICL_VERSION};

/* Everything that touches Lua, run by luamod_run under a protected call. */
static int load_protected(lua_State *L)
{
    const struct luamod_job *job = lua_touserdata(L, 1);
    luamod_resolve(L, &run_entry, job);
    const struct luatab rd = {L, "resolved config"};
    copy_config(&rd, lua_gettop(L), job->out);
    /* whatever the script did to the Lua side, no name reaches the generator unchecked */
    char why[512];
    if (ident_config(job->out, why, sizeof why)) {
        lua_pushstring(L, why);
        return lua_error(L);
    }
    return 0;
}

int cfg_load(struct picl_config *cfg, const char *path, const char *const *sets, int n_sets,
             char *err, size_t err_len)
{
    int rc = -1;
    char *text = NULL;
    size_t text_len = 0;

    memset(cfg, 0, sizeof *cfg);
    if (err_len)
        err[0] = '\0';
    if (!path || strlen(path) >= sizeof cfg->input_path) {
        snprintf(err, err_len, "input path is missing or longer than %d characters",
                 CFG_PATH_LEN - 1);
        goto done;
    }
    if (n_sets < 0 || n_sets > CFG_MAX_SETS || (n_sets > 0 && !sets)) {
        snprintf(err, err_len, "--set: %d settings given; picl takes at most %d", n_sets,
                 CFG_MAX_SETS);
        goto done;
    }
    strcpy(cfg->input_path, path);
    text = mem_read_file_max(path, CFG_INPUT_MAX, &text_len);
    if (!text && errno == EFBIG) {
        snprintf(err, err_len, "input '%s' is more than %d MiB; expected a Lua script", path, CFG_INPUT_MAX >> 20);
        goto done;
    }
    if (!text) {
        snprintf(err, err_len, "cannot open input '%s': %s", path, strerror(errno));
        goto done;
    }
    if (memchr(text, '\0', text_len)) { /* Lua would take it; the hash and messages would not */
        snprintf(err, err_len, "input '%s' holds a NUL byte at offset %zu; expected a Lua script (text)", path,
                 (size_t)((char *)memchr(text, '\0', text_len) - text));
        goto done;
    }

    /* The hash names this exact input, --set included: checkpoints and kernel caches key on it. */
    uint64_t h = hash_fnv1a(HASH_FNV1A_SEED, text, text_len);
    for (int i = 0; i < n_sets; i++)
        h = hash_fnv1a(h, sets[i], strlen(sets[i]) + 1);
    cfg->input_hash = h;

    struct luamod_job job = {path, text, text_len, sets, n_sets, cfg};
    if (luamod_run(load_protected, &job, path, "", "", "error while loading the input (no message)", err, err_len))
        goto done;
    rc = 0;

done:
    mem_free(text);
    if (rc) {
        /* A failed load leaves no half-filled configuration behind, except the input hash. */
        uint64_t hash = cfg->input_hash;
        char keep_path[CFG_PATH_LEN];
        memcpy(keep_path, cfg->input_path, sizeof keep_path);
        memset(cfg, 0, sizeof *cfg);
        memcpy(cfg->input_path, keep_path, sizeof keep_path);
        cfg->input_hash = hash;
    }
    return rc;
}
