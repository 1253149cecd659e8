/* bench_spec.c: runs a benchmark spec (`return picl.bench{...}`) in the input sandbox and
 * copies the sweep that lua/bench_spec.lua expanded into struct bench_spec. Like config.c, nothing
 * after this file reads Lua. */
#include "bench.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "luamod.h"
#include "luatab.h"
#include "mem.h"

static const struct luamod_limit limits[] = {{"sets", CFG_MAX_SETS}};
static const struct luamod_entry bench_entry = {"bench", 1, limits, 1, PICL_VERSION};

static int spec_protected(lua_State *L)
{
    const struct luamod_job *job = lua_touserdata(L, 1);
    struct bench_spec *spec = job->out;
    luamod_resolve(L, &bench_entry, job);
    const struct luatab rd = {L, "bench spec"};
    int r = lua_gettop(L);
    luatab_string(&rd, r, "base", spec->base, sizeof spec->base);
    luatab_string(&rd, r, "name", spec->name, sizeof spec->name);
    luatab_string(&rd, r, "results", spec->results, sizeof spec->results);
    spec->warmup = (int)luatab_integer(&rd, r, "warmup");
    spec->steps = (int)luatab_integer(&rd, r, "steps");
    spec->repeats = (int)luatab_integer(&rd, r, "repeats");
    spec->gate_rel = luatab_number(&rd, r, "gate_rel", 0);
    spec->gate_residual = luatab_number(&rd, r, "gate_residual", 0);
    int n = luatab_list(&rd, r, "variants", INT_MAX);
    int vt = lua_gettop(L);
    spec->v = mem_calloc((size_t)n, sizeof *spec->v);
    if (!spec->v)
        return luaL_error(L, "out of host memory for %d variants", n);
    spec->n = n;
    for (int i = 0; i < n; i++) {
        struct bench_variant *v = &spec->v[i];
        luatab_push_item(&rd, vt, i + 1, "variants", LUA_TTABLE);
        int t = lua_gettop(L);
        luatab_string(&rd, t, "id", v->id, sizeof v->id);
        luatab_string(&rd, t, "group", v->group, sizeof v->group);
        luatab_string(&rd, t, "params", v->params, sizeof v->params);
        v->ref = (int)luatab_integer(&rd, t, "ref") - 1;
        v->info_ref = (int)luatab_integer(&rd, t, "info_ref") - 1;
        int m = luatab_list(&rd, t, "sets", CFG_MAX_SETS);
        int sets = lua_gettop(L);
        for (int k = 0; k < m; k++) {
            luatab_push_item(&rd, sets, k + 1, "sets", LUA_TSTRING);
            size_t len = 0;
            const char *s = lua_tolstring(L, -1, &len);
            v->sets[k] = mem_alloc(len + 1);
            if (!v->sets[k])
                return luaL_error(L, "out of host memory");
            memcpy(v->sets[k], s, len + 1);
            v->n_sets = k + 1;
            lua_pop(L, 1);
        }
        lua_pop(L, 2);
    }
    return 0;
}

int bench_spec_load(struct bench_spec *spec, const char *path, const char *const *cli_sets, int n_cli_sets,
                    char *err, size_t err_len)
{
    memset(spec, 0, sizeof *spec);
    snprintf(spec->path, sizeof spec->path, "%s", path);
    size_t len = 0;
    char *text = mem_read_file(path, &len);
    if (!text) {
        snprintf(err, err_len, "cannot open benchmark spec '%s': %s", path, strerror(errno));
        return -1;
    }
    struct luamod_job job = {path, text, len, cli_sets, n_cli_sets, spec};
    int rc = luamod_run(spec_protected, &job, path, "", "", "error while loading the benchmark spec (no message)", err,
                        err_len) ? -1 : 0;
    mem_free(text);
    if (rc)
        bench_spec_free(spec);
    return rc;
}

void bench_spec_free(struct bench_spec *spec)
{
    for (int i = 0; i < spec->n; i++)
        for (int k = 0; k < spec->v[i].n_sets; k++)
            mem_free(spec->v[i].sets[k]);
    mem_free(spec->v);
    spec->v = NULL;
    spec->n = 0;
}
