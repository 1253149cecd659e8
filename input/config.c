/* config.c: runs an input script in a sandboxed Lua state and copies what lua/picl.lua
 * validated into struct picl_config. The schema and every input message live in picl.lua. */
#include "config.h"
#include "mem.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "embedded.h"

#ifndef PICL_VERSION
#define PICL_VERSION "0.0.0"
#endif

/* Names in the order of the enums in config.h; picl.lua accepts exactly these. */
static const char *const precision_names[] = {"float", "double", NULL};
static const char *const solver_names[] = {"yee", "ckc", NULL};
static const char *const pusher_names[] = {"boris", "vay", "higuera_cary", NULL};
static const char *const gather_names[] = {"energy_conserving", "momentum_conserving", NULL};
static const char *const deposition_names[] = {"esirkepov", "direct", NULL};
static const char *const boundary_names[] = {"periodic", "pec", "absorbing", "reflecting", "pml", NULL};
static const char *const axis_names = "xyz";
/* Bit order of cfg_full.fields (enum field_comp) and cfg_full.attributes (enum cfg_particle_attr). */
static const char *const full_field_names[] = {"Ex", "Ey", "Ez", "Bx", "By", "Bz", "Jx", "Jy", "Jz", "rho", NULL};
static const char *const attribute_names[] = {"position", "momentum", "weighting", "id", NULL};

/* 64-bit FNV-1a, continued from `h`; sets are hashed with their terminating NUL so that
 * {"a=1", "2"} and {"a=12"} differ. */
static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}


/* ---- copying the resolved table: each getter raises a Lua error if picl.lua and this file
 * disagree on a field, which is a bug in picl rather than in the input. */

static int push_field(lua_State *L, int t, const char *key, int type, int optional)
{
    int got = lua_getfield(L, t, key);
    if (got == LUA_TNIL && optional)
        return 0;
    if (got != type)
        luaL_error(L, "internal error: resolved config field '%s' is %s, expected %s", key,
                   lua_typename(L, got), lua_typename(L, type));
    return 1;
}

static double get_number(lua_State *L, int t, const char *key, double fallback)
{
    double v = fallback;
    if (push_field(L, t, key, LUA_TNUMBER, 1))
        v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return v;
}

static lua_Integer get_integer(lua_State *L, int t, const char *key)
{
    push_field(L, t, key, LUA_TNUMBER, 0);
    if (!lua_isinteger(L, -1))
        luaL_error(L, "internal error: resolved config field '%s' is not an integer", key);
    lua_Integer v = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return v;
}

static void get_string(lua_State *L, int t, const char *key, char *out, size_t len)
{
    push_field(L, t, key, LUA_TSTRING, 0);
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    if (n >= len)
        luaL_error(L, "'%s' is %d characters; picl holds at most %d", s, (int)n, (int)len - 1);
    memcpy(out, s, n + 1);
    lua_pop(L, 1);
}

/* Index in names (a NULL-terminated list) of the string on top of the stack, which is popped. */
static int pop_enum(lua_State *L, const char *key, const char *const *names)
{
    const char *s = lua_tostring(L, -1);
    for (int i = 0; s && names[i]; i++) {
        if (strcmp(s, names[i]) == 0) {
            lua_pop(L, 1);
            return i;
        }
    }
    return luaL_error(L, "internal error: '%s' is not a known value of '%s'", s ? s : "?", key);
}

static int get_enum(lua_State *L, int t, const char *key, const char *const *names)
{
    push_field(L, t, key, LUA_TSTRING, 0);
    return pop_enum(L, key, names);
}

/* Pushes t[key], a list, and returns its length (at most `max`). */
static int push_list(lua_State *L, int t, const char *key, int max)
{
    push_field(L, t, key, LUA_TTABLE, 0);
    lua_Integer n = luaL_len(L, -1);
    if (n > max)
        luaL_error(L, "internal error: '%s' has %d entries, more than %d", key, (int)n, max);
    return (int)n;
}

static void get_vec3(lua_State *L, int t, const char *key, double out[3])
{
    push_list(L, t, key, 3);
    for (int a = 0; a < 3; a++) {
        lua_rawgeti(L, -1, a + 1);
        out[a] = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void get_int3(lua_State *L, int t, const char *key, int out[3])
{
    push_list(L, t, key, 3);
    for (int a = 0; a < 3; a++) {
        lua_rawgeti(L, -1, a + 1);
        out[a] = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* An expression {text, key, where}, or an empty one when the key was not given. */
static void get_expr(lua_State *L, int t, const char *key, struct cfg_expr *e)
{
    memset(e, 0, sizeof *e);
    if (push_field(L, t, key, LUA_TTABLE, 1)) {
        int x = lua_gettop(L);
        get_string(L, x, "text", e->text, sizeof e->text);
        get_string(L, x, "key", e->key, sizeof e->key);
        get_string(L, x, "where", e->where, sizeof e->where);
    }
    lua_pop(L, 1);
}

static void copy_laser(lua_State *L, int t, struct cfg_laser *l)
{
    get_string(L, t, "name", l->name, sizeof l->name);
    l->axis = (int)get_integer(L, t, "axis");
    l->sign = (int)get_integer(L, t, "sign");
    l->plane = (int)get_integer(L, t, "plane");
    get_vec3(L, t, "position", l->position);
    get_vec3(L, t, "polarization", l->polarization);
    l->wavelength = get_number(L, t, "wavelength", 0);
    l->E0 = get_number(L, t, "E0", 0);
    l->a0 = get_number(L, t, "a0", 0);
    l->waist = get_number(L, t, "waist", 0);
    l->tau = get_number(L, t, "tau", 0);
    l->fwhm = get_number(L, t, "fwhm", 0);
    l->t_peak = get_number(L, t, "t_peak", 0);
    l->focal_distance = get_number(L, t, "focal_distance", 0);
    push_field(L, t, "has_profile", LUA_TBOOLEAN, 0);
    l->has_profile = lua_toboolean(L, -1);
    lua_pop(L, 1);
    get_expr(L, t, "profile", &l->profile);
    get_string(L, t, "where", l->where, sizeof l->where);
}

static void copy_species(lua_State *L, int t, struct cfg_species *sp)
{
    get_string(L, t, "name", sp->name, sizeof sp->name);
    sp->charge = get_number(L, t, "charge", 0);
    sp->mass = get_number(L, t, "mass", 0);
    get_expr(L, t, "density", &sp->density_expr);
    /* A constant density keeps its number too, for estimates that cannot run an expression. */
    if (lua_getfield(L, t, "density") == LUA_TTABLE) /* a beam has none */
        sp->density = get_number(L, lua_gettop(L), "value", 0);
    lua_pop(L, 1);
    if (push_field(L, t, "region", LUA_TTABLE, 1)) {
        sp->has_region = 1;
        get_vec3(L, lua_gettop(L), "lower", sp->region_lower);
        get_vec3(L, lua_gettop(L), "upper", sp->region_upper);
    }
    lua_pop(L, 1);
    get_int3(L, t, "ppc", sp->ppc);
    get_vec3(L, t, "u_drift", sp->u_drift);
    get_vec3(L, t, "u_th", sp->u_th);
    sp->seed = (uint64_t)get_integer(L, t, "seed");
    push_field(L, t, "frozen", LUA_TBOOLEAN, 0);
    sp->frozen = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (push_field(L, t, "beam", LUA_TTABLE, 1)) {
        int b = lua_gettop(L);
        struct cfg_beam *beam = &sp->beam;
        sp->is_beam = 1;
        beam->total_charge = get_number(L, b, "total_charge", 0);
        beam->particles = (long)get_integer(L, b, "particles");
        get_vec3(L, b, "centroid", beam->centroid);
        get_vec3(L, b, "rms", beam->rms);
        push_field(L, b, "axis", LUA_TSTRING, 0);
        beam->axis = (int)(strchr(axis_names, lua_tostring(L, -1)[0]) - axis_names);
        lua_pop(L, 1);
        beam->u = get_number(L, b, "u", 0);
        get_vec3(L, b, "u_th", beam->u_th);
        beam->truncate = get_number(L, b, "truncate", 4);
    }
    lua_pop(L, 1);
    get_string(L, t, "where", sp->where, sizeof sp->where);
}

/* Bits of the names in the list t[key]: bit i for names[i]. */
static unsigned get_bits(lua_State *L, int t, const char *key, const char *const *names)
{
    unsigned bits = 0;
    int n = push_list(L, t, key, 64);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        bits |= 1u << pop_enum(L, key, names);
    }
    lua_pop(L, 1);
    return bits;
}

/* Bits of the species named in the list t[key] (species are copied already). */
static unsigned get_species_bits(lua_State *L, int t, const char *key, const struct picl_config *cfg)
{
    const char *names[CFG_MAX_SPECIES + 1] = {NULL};
    for (int i = 0; i < cfg->n_species; i++)
        names[i] = cfg->species[i].name;
    return get_bits(L, t, key, names);
}

static void copy_full(lua_State *L, int t, const struct picl_config *cfg, struct cfg_full *d)
{
    get_string(L, t, "name", d->name, sizeof d->name);
    d->interval = (int)get_integer(L, t, "interval");
    d->n_at = push_list(L, t, "at", CFG_MAX_DIAG_STEPS);
    for (int i = 0; i < d->n_at; i++) {
        lua_rawgeti(L, -1, i + 1);
        d->at[i] = (long)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    d->fields = get_bits(L, t, "fields", full_field_names);
    d->species_rho = get_species_bits(L, t, "species_rho", cfg);
    d->species = get_species_bits(L, t, "species", cfg);
    d->attributes = get_bits(L, t, "attributes", attribute_names);
    d->stride = (int)get_integer(L, t, "stride");
}

static void copy_config(lua_State *L, int r, struct picl_config *cfg)
{
    push_field(L, r, "grid", LUA_TTABLE, 0);
    int g = lua_gettop(L);
    get_int3(L, g, "cells", cfg->grid.cells);
    get_vec3(L, g, "lower", cfg->grid.lower);
    get_vec3(L, g, "upper", cfg->grid.upper);
    get_int3(L, g, "max_box", cfg->grid.max_box);
    lua_pop(L, 1);

    push_field(L, r, "boundary", LUA_TTABLE, 0);
    int b = lua_gettop(L);
    static const char *const sides[] = {"field", "particles"};
    for (int s = 0; s < 2; s++) {
        enum cfg_boundary(*dst)[2] = s == 0 ? cfg->field_boundary : cfg->particle_boundary;
        push_list(L, b, sides[s], 3);
        for (int a = 0; a < 3; a++) {
            lua_rawgeti(L, -1, a + 1); /* {lower, upper} */
            for (int side = 0; side < 2; side++) {
                lua_rawgeti(L, -1, side + 1);
                dst[a][side] = (enum cfg_boundary)pop_enum(L, sides[s], boundary_names);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    push_list(L, b, "pml_cells", 3);
    for (int a = 0; a < 3; a++) {
        lua_rawgeti(L, -1, a + 1);
        for (int side = 0; side < 2; side++) {
            lua_rawgeti(L, -1, side + 1);
            cfg->pml_cells[a][side] = (int)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2);

    push_field(L, r, "solver", LUA_TTABLE, 0);
    int s = lua_gettop(L);
    cfg->solver = (enum cfg_solver)get_enum(L, s, "name", solver_names);
    cfg->cfl = get_number(L, s, "cfl", 0);
    cfg->dt = get_number(L, s, "dt", 0);
    cfg->dt_limit = get_number(L, s, "dt_limit", 0);
    lua_pop(L, 1);
    cfg->steps = (long)get_integer(L, r, "steps");
    cfg->stop_time = get_number(L, r, "stop_time", 0);

    cfg->precision = (enum cfg_precision)get_enum(L, r, "precision", precision_names);
    cfg->shape_order = (int)get_integer(L, r, "shape_order");
    cfg->pusher = (enum cfg_pusher)get_enum(L, r, "pusher", pusher_names);
    cfg->gather = (enum cfg_gather)get_enum(L, r, "gather", gather_names);
    cfg->deposition = (enum cfg_deposition)get_enum(L, r, "deposition", deposition_names);
    static const char *const strategy_names[] = CFG_STRATEGY_NAMES;
    cfg->deposition_strategy = (enum cfg_strategy)get_enum(L, r, "deposition_strategy", strategy_names);
    cfg->progress_interval = (int)get_integer(L, r, "progress_interval");
    push_field(L, r, "tuning", LUA_TBOOLEAN, 0);
    cfg->use_tuning = lua_toboolean(L, -1);
    lua_pop(L, 1);
    cfg->particle_ids = -1;
    if (push_field(L, r, "particle_ids", LUA_TBOOLEAN, 1))
        cfg->particle_ids = lua_toboolean(L, -1);
    lua_pop(L, 1);

    push_field(L, r, "sort", LUA_TTABLE, 0);
    cfg->sort_interval = (int)get_integer(L, lua_gettop(L), "interval");
    get_int3(L, lua_gettop(L), "bin_size", cfg->sort_bin);
    lua_pop(L, 1);
    push_field(L, r, "filter", LUA_TTABLE, 0);
    get_int3(L, lua_gettop(L), "passes", cfg->filter_passes);
    lua_pop(L, 1);
    push_field(L, r, "work_group", LUA_TTABLE, 0);
    get_int3(L, lua_gettop(L), "cells", cfg->wg_cells);
    cfg->wg_particles = (int)get_integer(L, lua_gettop(L), "particles");
    get_int3(L, lua_gettop(L), "tile", cfg->wg_tile);
    lua_pop(L, 1);
    push_field(L, r, "memory", LUA_TTABLE, 0);
    cfg->memory_device = get_number(L, lua_gettop(L), "device", 0);
    cfg->memory_pinned = get_number(L, lua_gettop(L), "pinned", 0);
    lua_pop(L, 1);
    push_field(L, r, "parallel", LUA_TTABLE, 0);
    static const char *const distribution_names[] = {"sfc", "knapsack", "round_robin", NULL};
    cfg->distribution = (enum cfg_distribution)get_enum(L, lua_gettop(L), "distribution", distribution_names);
    cfg->balance_interval = (int)get_integer(L, lua_gettop(L), "balance_interval");
    cfg->balance_threshold = get_number(L, lua_gettop(L), "balance_threshold", 0.1);
    cfg->threads = (int)get_integer(L, lua_gettop(L), "threads");
    lua_pop(L, 1);
    push_field(L, r, "debug", LUA_TTABLE, 0);
    static const char *const drop_names[] = {"none", "ampere_J", NULL};
    cfg->debug_drop_term = get_enum(L, lua_gettop(L), "drop_term", drop_names);
    lua_pop(L, 1);

    cfg->n_constants = push_list(L, r, "constants", CFG_MAX_CONSTANTS);
    for (int i = 0; i < cfg->n_constants; i++) {
        lua_rawgeti(L, -1, i + 1);
        get_string(L, lua_gettop(L), "name", cfg->constants[i].name, sizeof cfg->constants[i].name);
        cfg->constants[i].value = get_number(L, lua_gettop(L), "value", 0);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    push_field(L, r, "fields", LUA_TTABLE, 0);
    static const char *const e_names[] = {"Ex", "Ey", "Ez"}, *const b_names[] = {"Bx", "By", "Bz"};
    for (int a = 0; a < 3; a++) {
        get_expr(L, lua_gettop(L), e_names[a], &cfg->init_E[a]);
        get_expr(L, lua_gettop(L), b_names[a], &cfg->init_B[a]);
    }
    lua_pop(L, 1);

    cfg->n_species = push_list(L, r, "species", CFG_MAX_SPECIES);
    for (int i = 0; i < cfg->n_species; i++) {
        lua_rawgeti(L, -1, i + 1);
        copy_species(L, lua_gettop(L), &cfg->species[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    cfg->n_lasers = push_list(L, r, "lasers", CFG_MAX_LASERS);
    for (int i = 0; i < cfg->n_lasers; i++) {
        lua_rawgeti(L, -1, i + 1);
        copy_laser(L, lua_gettop(L), &cfg->lasers[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    push_field(L, r, "diagnostics", LUA_TTABLE, 0);
    int d = lua_gettop(L);
    get_string(L, d, "output_dir", cfg->output_dir, sizeof cfg->output_dir);
    cfg->n_reduced = push_list(L, d, "reduced", CFG_MAX_REDUCED);
    for (int i = 0; i < cfg->n_reduced; i++) {
        lua_rawgeti(L, -1, i + 1);
        get_string(L, lua_gettop(L), "name", cfg->reduced[i].name, sizeof cfg->reduced[i].name);
        cfg->reduced[i].interval = (int)get_integer(L, lua_gettop(L), "interval");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    cfg->n_full = push_list(L, d, "full", CFG_MAX_FULL);
    for (int i = 0; i < cfg->n_full; i++) {
        lua_rawgeti(L, -1, i + 1);
        copy_full(L, lua_gettop(L), cfg, &cfg->full[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);

    if (push_field(L, r, "moving_window", LUA_TTABLE, 1)) {
        int w = lua_gettop(L);
        cfg->window.enabled = 1;
        push_field(L, w, "axis", LUA_TSTRING, 0);
        cfg->window.axis = (int)(strchr(axis_names, lua_tostring(L, -1)[0]) - axis_names);
        lua_pop(L, 1);
        cfg->window.speed = get_number(L, w, "speed", 1);
        cfg->window.start = get_number(L, w, "start", 0);
    }
    lua_pop(L, 1);

    push_field(L, r, "checkpoint", LUA_TTABLE, 0);
    int c = lua_gettop(L);
    push_field(L, c, "enabled", LUA_TBOOLEAN, 0);
    cfg->checkpoint.enabled = lua_toboolean(L, -1);
    lua_pop(L, 1);
    cfg->checkpoint.interval = (int)get_integer(L, c, "interval");
    cfg->checkpoint.keep = (int)get_integer(L, c, "keep");
    push_field(L, c, "at_end", LUA_TBOOLEAN, 0);
    cfg->checkpoint.at_end = lua_toboolean(L, -1);
    lua_pop(L, 1);
    get_string(L, c, "dir", cfg->checkpoint.dir, sizeof cfg->checkpoint.dir);
    lua_pop(L, 1);
}

struct load_job {
    struct picl_config *cfg;
    const char *path, *text;
    size_t text_len;
    const char *const *sets;
    int n_sets;
};

void cfg_lua_module(lua_State *L)
{
    luaL_openlibs(L);
    const struct embedded_file *module = NULL;
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, "lua/picl.lua") == 0)
            module = f;
    if (!module)
        luaL_error(L, "internal error: lua/picl.lua is not built into this binary");
    if (luaL_loadbufferx(L, module->data, module->size, "@lua/picl.lua", "t") != LUA_OK)
        lua_error(L);
    lua_call(L, 0, 2);
}

/* Everything that touches Lua, run under lua_pcall so that any error (the input's, an
 * allocation failure, a bug) comes back as one message and cfg_load can close the state. */
static int load_protected(lua_State *L)
{
    const struct load_job *job = lua_touserdata(L, 1);
    cfg_lua_module(L); /* -> public module, internal */
    lua_getfield(L, -1, "run");

    lua_pushstring(L, job->path);
    lua_pushlstring(L, job->text, job->text_len);
    lua_createtable(L, job->n_sets, 0);
    for (int i = 0; i < job->n_sets; i++) {
        lua_pushstring(L, job->sets[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_createtable(L, 0, 7);
    static const struct {
        const char *name;
        int value;
    } limits[] = {{"name_len", CFG_NAME_LEN},          {"text_len", CFG_TEXT_LEN},
                  {"path_len", CFG_PATH_LEN},          {"species", CFG_MAX_SPECIES},
                  {"constants", CFG_MAX_CONSTANTS},    {"reduced", CFG_MAX_REDUCED},
                  {"full", CFG_MAX_FULL},              {"diag_steps", CFG_MAX_DIAG_STEPS},
                  {"lasers", CFG_MAX_LASERS}};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        lua_pushinteger(L, limits[i].value);
        lua_setfield(L, -2, limits[i].name);
    }
    lua_pushstring(L, PICL_VERSION);
    lua_setfield(L, -2, "version");

    lua_call(L, 4, 2); /* -> resolved | nil, message */
    if (lua_isnil(L, -2))
        return lua_error(L);
    lua_pop(L, 1);
    copy_config(L, lua_gettop(L), job->cfg);
    return 0;
}

int cfg_load(struct picl_config *cfg, const char *path, const char *const *sets, int n_sets,
             char *err, size_t err_len)
{
    int rc = -1;
    char *text = NULL;
    size_t text_len = 0;
    lua_State *L = NULL;

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
    text = mem_read_file(path, &text_len);
    if (!text) {
        snprintf(err, err_len, "cannot open input '%s': %s", path, strerror(errno));
        goto done;
    }

    /* The hash names this exact input, --set included: checkpoints and kernel caches key on it. */
    uint64_t h = fnv1a(0xcbf29ce484222325ULL, text, text_len);
    for (int i = 0; i < n_sets; i++)
        h = fnv1a(h, sets[i], strlen(sets[i]) + 1);
    cfg->input_hash = h;

    L = lua_newstate(mem_lua_alloc, NULL);
    if (!L) {
        snprintf(err, err_len, "%s: cannot create a Lua state (out of memory)", path);
        goto done;
    }
    struct load_job job = {cfg, path, text, text_len, sets, n_sets};
    lua_pushcfunction(L, load_protected);
    lua_pushlightuserdata(L, &job);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        snprintf(err, err_len, "%s", msg ? msg : "error while loading the input (no message)");
        goto done;
    }
    rc = 0;

done:
    if (L)
        lua_close(L);
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

static void print_expr(FILE *f, const char *label, const struct cfg_expr *e)
{
    if (e->text[0])
        fprintf(f, "  %-18s %s    [%s, %s]\n", label, e->text, e->key, e->where);
}

/* " x:pec" when both faces agree, " x:absorbing/reflecting" (lower/upper) otherwise; a PML
 * with its cells, " x:pml(10)". */
static void print_faces(FILE *f, char axis, const enum cfg_boundary faces[2], const int *pml)
{
    fprintf(f, " %c:%s", axis, boundary_names[faces[0]]);
    if (pml && pml[0])
        fprintf(f, "(%d)", pml[0]);
    if (faces[1] != faces[0] || (pml && pml[1] != pml[0])) {
        fprintf(f, "/%s", boundary_names[faces[1]]);
        if (pml && pml[1])
            fprintf(f, "(%d)", pml[1]);
    }
}

static void print_vec3(FILE *f, const double v[3])
{
    fprintf(f, "{%.6g, %.6g, %.6g}", v[0], v[1], v[2]);
}

void cfg_print(const struct picl_config *cfg, void *file)
{
    FILE *f = file;
    const struct cfg_grid *g = &cfg->grid;
    double dx[3];
    long boxes = 1;
    for (int a = 0; a < 3; a++) {
        dx[a] = (g->upper[a] - g->lower[a]) / g->cells[a];
        boxes *= g->max_box[a] ? g->cells[a] / g->max_box[a] : 0;
    }
    fprintf(f, "input              %s (hash %016" PRIx64 ")\n", cfg->input_path, cfg->input_hash);
    fprintf(f, "grid               %d x %d x %d cells, lower ", g->cells[0], g->cells[1],
            g->cells[2]);
    print_vec3(f, g->lower);
    fprintf(f, " m, upper ");
    print_vec3(f, g->upper);
    fprintf(f, " m\n");
    fprintf(f, "cell size          ");
    print_vec3(f, dx);
    fprintf(f, " m\n");
    fprintf(f, "max_box            %d x %d x %d cells (%ld boxes)\n", g->max_box[0], g->max_box[1],
            g->max_box[2], boxes);
    fprintf(f, "boundary           field");
    for (int a = 0; a < 3; a++)
        print_faces(f, axis_names[a], cfg->field_boundary[a], cfg->pml_cells[a]);
    fprintf(f, ", particles");
    for (int a = 0; a < 3; a++)
        print_faces(f, axis_names[a], cfg->particle_boundary[a], NULL);
    fprintf(f, "\n");
    fprintf(f, "solver             %s, dt = %.9g s (", solver_names[cfg->solver], cfg->dt);
    if (cfg->cfl > 0)
        fprintf(f, "cfl %.6g of ", cfg->cfl);
    else
        fprintf(f, "%.6g of ", cfg->dt_limit > 0 ? cfg->dt / cfg->dt_limit : 0);
    fprintf(f, "the limit %.9g s)\n", cfg->dt_limit);
    fprintf(f, "steps              %ld, to t = %.9g s", cfg->steps, cfg->steps * cfg->dt);
    if (cfg->stop_time > 0)
        fprintf(f, " (stop_time %.9g s)", cfg->stop_time);
    fprintf(f, "\n");
    fprintf(f, "precision          %s\n", precision_names[cfg->precision]);
    fprintf(f, "particles          shape order %d, pusher %s, gather %s, deposition %s\n",
            cfg->shape_order, pusher_names[cfg->pusher], gather_names[cfg->gather],
            deposition_names[cfg->deposition]);
    for (int i = 0; i < cfg->n_constants; i++)
        fprintf(f, "constant           %s = %.15g\n", cfg->constants[i].name,
                cfg->constants[i].value);
    static const char *const e_names[] = {"Ex", "Ey", "Ez"}, *const b_names[] = {"Bx", "By", "Bz"};
    int any_field = 0;
    for (int a = 0; a < 3; a++)
        any_field |= cfg->init_E[a].text[0] || cfg->init_B[a].text[0];
    if (any_field) {
        fprintf(f, "initial fields\n");
        for (int a = 0; a < 3; a++)
            print_expr(f, e_names[a], &cfg->init_E[a]);
        for (int a = 0; a < 3; a++)
            print_expr(f, b_names[a], &cfg->init_B[a]);
    }
    for (int i = 0; i < cfg->n_species; i++) {
        const struct cfg_species *sp = &cfg->species[i];
        fprintf(f, "species            %s%s%s    [%s]\n", sp->name, sp->is_beam ? " (beam)" : "",
                sp->frozen ? " (frozen)" : "", sp->where);
        fprintf(f, "  charge, mass       %.9g C, %.9g kg\n", sp->charge, sp->mass);
        if (sp->is_beam) {
            const struct cfg_beam *b = &sp->beam;
            fprintf(f, "  beam               %.9g C in %ld particles, centroid ", b->total_charge, b->particles);
            print_vec3(f, b->centroid);
            fprintf(f, " m, rms ");
            print_vec3(f, b->rms);
            fprintf(f, " m (within %.3g rms)\n", b->truncate);
            fprintf(f, "  beam momentum      u = %.9g along %c, rms ", b->u, axis_names[b->axis]);
            print_vec3(f, b->u_th);
            fprintf(f, " (gamma v / c)\n");
            fprintf(f, "  seed               %" PRIu64 "\n", sp->seed);
            continue;
        }
        print_expr(f, "density (m^-3)", &sp->density_expr);
        if (sp->has_region) {
            fprintf(f, "  region             ");
            print_vec3(f, sp->region_lower);
            fprintf(f, " to ");
            print_vec3(f, sp->region_upper);
            fprintf(f, " m\n");
        }
        fprintf(f, "  ppc                %d x %d x %d\n", sp->ppc[0], sp->ppc[1], sp->ppc[2]);
        fprintf(f, "  u_drift, u_th      ");
        print_vec3(f, sp->u_drift);
        fprintf(f, ", ");
        print_vec3(f, sp->u_th);
        fprintf(f, " (gamma v / c)\n");
        fprintf(f, "  seed               %" PRIu64 "\n", sp->seed);
    }
    if (cfg->window.enabled)
        fprintf(f, "moving window      along %c at %.9g c from t = %.9g s\n", axis_names[cfg->window.axis],
                cfg->window.speed, cfg->window.start);
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        fprintf(f, "laser              %s: %c%c from ", l->name, l->sign > 0 ? '+' : '-', axis_names[l->axis]);
        print_vec3(f, l->position);
        fprintf(f, " m (antenna on node plane %d), polarization ", l->plane);
        print_vec3(f, l->polarization);
        fprintf(f, "    [%s]\n", l->where);
        if (l->has_profile) {
            print_expr(f, "profile (V/m)", &l->profile);
            if (l->wavelength > 0)
                fprintf(f, "  wavelength         %.9g m\n", l->wavelength);
        } else {
            fprintf(f, "  wavelength         %.9g m, E0 %.9g V/m (a0 %.6g)\n", l->wavelength, l->E0, l->a0);
            fprintf(f, "  waist, focus       %.9g m, %.9g m from position\n", l->waist, l->focal_distance);
            fprintf(f, "  tau, fwhm, t_peak  %.9g s (field, 1/e), %.9g s (intensity), %.9g s\n", l->tau, l->fwhm,
                    l->t_peak);
        }
    }
    fprintf(f, "output             %s/\n", cfg->output_dir);
    for (int i = 0; i < cfg->n_reduced; i++)
        fprintf(f, "reduced            %s every %d steps\n", cfg->reduced[i].name,
                cfg->reduced[i].interval);
    for (int i = 0; i < cfg->n_full; i++) {
        const struct cfg_full *d = &cfg->full[i];
        fprintf(f, "full               %s ", d->name);
        if (d->interval > 0)
            fprintf(f, "every %d steps:", d->interval);
        else {
            fprintf(f, "at steps");
            for (int k = 0; k < d->n_at; k++)
                fprintf(f, "%s%ld", k ? "," : " ", d->at[k]);
            fprintf(f, ":");
        }
        for (int c = 0; full_field_names[c]; c++)
            if (d->fields & (1u << c))
                fprintf(f, " %s", full_field_names[c]);
        for (int s = 0; s < cfg->n_species; s++)
            if (d->species_rho & (1u << s))
                fprintf(f, " rho_%s", cfg->species[s].name);
        for (int s = 0; s < cfg->n_species; s++)
            if (d->species & (1u << s))
                fprintf(f, " %s", cfg->species[s].name);
        if (d->species) {
            fprintf(f, " (");
            for (int a = 0, n = 0; attribute_names[a]; a++)
                if (d->attributes & (1u << a))
                    fprintf(f, "%s%s", n++ ? " " : "", attribute_names[a]);
            fprintf(f, ", stride %d)", d->stride);
        }
        fprintf(f, "\n");
    }
    const struct cfg_checkpoint *ck = &cfg->checkpoint;
    if (ck->enabled) {
        fprintf(f, "checkpoint         %s/", ck->dir);
        if (ck->interval > 0)
            fprintf(f, " every %d steps", ck->interval);
        fprintf(f, "%s, keep %d\n", ck->at_end ? " and at the end" : "", ck->keep);
    } else {
        fprintf(f, "checkpoint         on SIGTERM/SIGINT only, to %s/\n", ck->dir);
    }
    fprintf(f, "progress           every %d steps when stderr is not a terminal\n",
            cfg->progress_interval);
}
