/* test_luatab.c: the one Lua-table reader (input/luatab.c) and the one list per enum. A string
 * longer than its C buffer is an error naming the key and the limit in all three readers (input,
 * bench spec, tuning file: this used to be refused, refused and cut short); a value of the wrong
 * type is an internal error naming the key and the type expected; the names lua/schema.lua
 * accepts equal base/config.h's lists item for item; and picl's Lua modules come from the binary
 * alone, out of a script's reach. */
#include "bench.h"
#include "config.h"
#include "luamod.h"
#include "luatab.h"
#include "mem.h"
#include "tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "check.h"
#include "scratch.h"

static char dir[64], err[8192];

/* ---- an overlong string, through each reader's public loader */

static void test_overlong_input(void)
{
    /* An input path of CFG_PATH_LEN - 1 characters is accepted, but "PATH:LINE" (where a
     * species was written) is longer than the CFG_PATH_LEN its copy holds. */
    char path[CFG_PATH_LEN];
    size_t n = (size_t)snprintf(path, sizeof path, "%s", dir);
    while (n + 1 + 200 + 6 < CFG_PATH_LEN - 1) {
        path[n++] = '/';
        memset(path + n, 'd', 200);
        n += 200;
        path[n] = '\0';
        mkdir(path, 0700);
    }
    path[n++] = '/';
    memset(path + n, 'f', CFG_PATH_LEN - 1 - 4 - n);
    n = CFG_PATH_LEN - 1 - 4;
    snprintf(path + n, sizeof path - n, ".lua");
    CHECK(strlen(path) == CFG_PATH_LEN - 1);
    scratch_write(path, "local picl = require('picl')\n"
                     "return picl.simulation {\n"
                     "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 1e-6} },\n"
                     "  steps = 1,\n"
                     "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1 } },\n"
                     "}\n");
    struct picl_config *cfg = mem_calloc(1, sizeof *cfg);
    CHECK(cfg && cfg_load(cfg, path, NULL, 0, err, sizeof err) != 0);
    REPORT("input: %.16s...%s", err, strstr(err, ".lua:") ? strstr(err, ".lua:") : err);
    CHECK(strncmp(err, "where: '", 8) == 0);
    CHECK(strstr(err, ":5' is 1025 characters; picl holds at most 1023") != NULL);
    mem_free(cfg);
}

static void test_overlong_bench_spec(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/spec.lua", dir);
    scratch_write(path, "local picl = require('picl')\n"
                     "return picl.bench { base = 'base.lua', name = string.rep('n', 100),\n"
                     "  axes = { ['sort.interval'] = {0, 4} } }\n");
    struct bench_spec spec;
    CHECK(bench_spec_load(&spec, path, NULL, 0, err, sizeof err) != 0);
    REPORT("bench spec: %.40s...", err);
    char want[256];
    snprintf(want, sizeof want, "name: '%0100d' is 100 characters; picl holds at most %d", 0, CFG_NAME_LEN - 1);
    for (char *p = strchr(want, '\'') + 1; *p == '0'; p++)
        *p = 'n';
    CHECK(strcmp(err, want) == 0);
}

static void test_overlong_tuning(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/tuning.lua", dir);
    /* the file allows 255 characters of text; a date holds 31 (it was cut short silently) */
    scratch_write(path, "tuned { vendor = \"V\", device = \"D\", driver = \"1\", class = \"double/order3/ppc8\",\n"
                     "  date = \"2026-12-02 and a very long remark\" }\n");
    struct tune_db db;
    CHECK(tune_db_load(&db, path, err, sizeof err) != 0);
    REPORT("tuning: %s", err);
    CHECK(strcmp(err, "tuning file: date: '2026-12-02 and a very long remark' is 33 characters; picl holds at "
                      "most 31; mend the line, or delete the file (picl tune writes a new one)") == 0);
}

/* ---- a wrong type, through luatab with each reader's label (picl.lua never hands one over, so
 * the readers are driven with a table made here) */

struct type_case {
    const char *what, *lua; /* the reader's label; a chunk returning the table */
    int (*read)(lua_State *L, const struct luatab *rd);
    const char *want;
};

static int read_string(lua_State *L, const struct luatab *rd)
{
    char name[CFG_NAME_LEN];
    luatab_string(rd, lua_gettop(L), "name", name, sizeof name);
    return 0;
}

static int read_integer(lua_State *L, const struct luatab *rd)
{
    return (int)luatab_integer(rd, lua_gettop(L), "steps");
}

static int read_int3(lua_State *L, const struct luatab *rd)
{
    int v[3];
    luatab_int3(rd, lua_gettop(L), "cells", v);
    return v[0];
}

static int read_item(lua_State *L, const struct luatab *rd)
{
    luatab_list(rd, lua_gettop(L), "sets", CFG_MAX_SETS);
    luatab_push_item(rd, lua_gettop(L), 2, "sets", LUA_TSTRING);
    return 0;
}

static int run_case(lua_State *L)
{
    const struct type_case *c = lua_touserdata(L, 1);
    if (luaL_loadstring(L, c->lua) != LUA_OK)
        return lua_error(L);
    lua_call(L, 0, 1);
    const struct luatab rd = {L, c->what};
    c->read(L, &rd);
    return 0;
}

static void test_wrong_types(void)
{
    static const struct type_case cases[] = {
        {"resolved config", "return {name = 5}", read_string,
         "internal error: resolved config field 'name' is number, expected string"},
        {"resolved config", "return {steps = 2.5}", read_integer,
         "internal error: resolved config field 'steps' is not an integer"},
        {"bench spec", "return {}", read_string, "internal error: bench spec field 'name' is nil, expected string"},
        {"bench spec", "return {sets = {'a=1', 2}}", read_item,
         "internal error: bench spec field 'sets' is number, expected string"},
        {"tuning file", "return {cells = {1, 2, '3'}}", read_int3,
         "internal error: tuning file field 'cells' is string, expected number"},
        {"tuning file", "return {name = string.rep('x', 70)}", read_string,
         "name: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is 70 characters; picl "
         "holds at most 63"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lua_State *L = luaL_newstate();
        luaL_openlibs(L);
        lua_pushcfunction(L, run_case);
        lua_pushlightuserdata(L, (void *)&cases[i]);
        int rc = lua_pcall(L, 1, 0, 0);
        const char *msg = rc == LUA_OK ? "(no error)" : lua_tostring(L, -1);
        if (rc == LUA_OK || strcmp(msg, cases[i].want) != 0)
            printf("  case %zu: got \"%s\"\n", i, msg);
        CHECK(rc != LUA_OK && strcmp(msg, cases[i].want) == 0);
        lua_close(L);
    }
}

/* ---- one list per enum: internal.enums() (lua/schema.lua) against base/config.h */

struct enum_list {
    const char *lua; /* the key of internal.enums() */
    const char *const *c;
};

static int compare_lists(lua_State *L)
{
    static const struct enum_list lists[] = {
        {"geometry", cfg_geometry_names},
        {"precision", cfg_precision_names},       {"solver", cfg_solver_names},
        {"pusher", cfg_pusher_names},             {"gather", cfg_gather_names},
        {"deposition", cfg_deposition_names},     {"deposition_strategy", cfg_strategy_names},
        {"boundary", cfg_boundary_names},         {"distribution", cfg_distribution_names},
        {"drop_term", cfg_drop_term_names},       {"attribute", cfg_particle_attr_names},
        {"full_field", cfg_field_comp_names},
    };
    luamod_open(L);
    lua_getfield(L, -1, "enums");
    lua_call(L, 0, 1);
    int names = lua_gettop(L);
    int *seen = lua_touserdata(L, 1);
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        const struct enum_list *l = &lists[i];
        int ok = lua_getfield(L, names, l->lua) == LUA_TTABLE;
        int n = 0;
        while (l->c[n])
            n++;
        ok = ok && luaL_len(L, -1) == n;
        for (int k = 0; ok && k < n; k++) {
            lua_rawgeti(L, -1, k + 1);
            ok = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), l->c[k]) == 0;
            lua_pop(L, 1);
        }
        if (!ok)
            printf("FAIL the Lua list '%s' differs from base/config.h's\n", l->lua);
        seen[i] = ok;
        lua_pop(L, 1);
    }
    /* fields and particles each take a subset of the boundaries, in the enum's order */
    static const char *const subsets[] = {"field_boundary", "particle_boundary"};
    for (int s = 0; s < 2; s++) {
        lua_getfield(L, names, subsets[s]);
        int at = 0, ok = luaL_len(L, -1) > 0;
        for (int k = 1; ok && k <= luaL_len(L, -1); k++) {
            lua_rawgeti(L, -1, k);
            const char *v = lua_tostring(L, -1);
            while (cfg_boundary_names[at] && (!v || strcmp(cfg_boundary_names[at], v)))
                at++;
            ok = cfg_boundary_names[at] != NULL;
            lua_pop(L, 1);
        }
        if (!ok)
            printf("FAIL '%s' is not a subset of base/config.h's boundaries in their order\n", subsets[s]);
        seen[11 + s] = ok;
        lua_pop(L, 1);
    }
    return 0;
}

static void test_enum_lists(void)
{
    int seen[13] = {0};
    lua_State *L = luaL_newstate();
    lua_pushcfunction(L, compare_lists);
    lua_pushlightuserdata(L, seen);
    int rc = lua_pcall(L, 1, 0, 0);
    if (rc != LUA_OK)
        printf("FAIL %s\n", lua_tostring(L, -1));
    CHECK(rc == LUA_OK);
    for (int i = 0; i < 13; i++)
        CHECK(seen[i]);
    lua_close(L);
}

/* ---- picl's modules come from the binary only, and scripts reach none of them */

static int require_from_disk(lua_State *L)
{
    luamod_open(L);
    lua_getglobal(L, "require");
    lua_pushstring(L, "schema"); /* one of picl's own: found */
    lua_call(L, 1, 1);
    CHECK(lua_istable(L, -1));
    lua_getglobal(L, "require");
    lua_pushstring(L, "disk"); /* ./disk.lua exists, but is not picl's */
    lua_call(L, 1, 0);
    return 0;
}

static void test_modules(void)
{
    char path[128], cwd[1024];
    snprintf(path, sizeof path, "%s/disk.lua", dir);
    scratch_write(path, "return {}\n");
    CHECK(getcwd(cwd, sizeof cwd) != NULL && chdir(dir) == 0);
    lua_State *L = luaL_newstate();
    lua_pushcfunction(L, require_from_disk);
    int rc = lua_pcall(L, 0, 0, 0);
    const char *msg = rc == LUA_OK ? "(no error)" : lua_tostring(L, -1);
    REPORT("require(\"disk\"): %s", msg);
    CHECK(rc != LUA_OK && strstr(msg, "no module 'disk' built into picl") != NULL);
    lua_close(L);
    CHECK(chdir(cwd) == 0);

    snprintf(path, sizeof path, "%s/reach.lua", dir);
    scratch_write(path, "local schema = require('schema')\n");
    struct picl_config *cfg = mem_calloc(1, sizeof *cfg);
    CHECK(cfg && cfg_load(cfg, path, NULL, 0, err, sizeof err) != 0);
    CHECK(strstr(err, "reach.lua:1: require(\"schema\"): only 'picl' is available to input scripts") != NULL);
    mem_free(cfg);
}

int main(void)
{
    scratch_dir(dir, sizeof dir, "luatab");
    test_overlong_input();
    test_overlong_bench_spec();
    test_overlong_tuning();
    test_wrong_types();
    test_enum_lists();
    test_modules();
    scratch_remove(dir);
    return check_finish();
}
