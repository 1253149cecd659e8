/* luamod.c: picl's Lua modules, found among the embedded files (tools/embed.c) so that picl
 * runs from any directory and never reads Lua from disk. */
#include "luamod.h"

#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "embedded.h"
#include "mem.h"

static const struct embedded_file *find_module(const char *name)
{
    char path[128];
    if (snprintf(path, sizeof path, "lua/%s.lua", name) >= (int)sizeof path)
        return NULL;
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, path) == 0)
            return f;
    return NULL;
}

/* Pushes the chunk of lua/NAME.lua, named as its file so that a traceback points there. */
static void load_module(lua_State *L, const struct embedded_file *f)
{
    lua_pushfstring(L, "@%s", f->name);
    if (luaL_loadbufferx(L, f->data, f->size, lua_tostring(L, -1), "t") != LUA_OK)
        lua_error(L);
    lua_remove(L, -2);
}

/* package.searchers' only entry: require("schema") is lua/schema.lua of the binary. */
static int search_embedded(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    const struct embedded_file *f = find_module(name);
    if (!f) {
        lua_pushfstring(L, "no module '%s' built into picl (lua/%s.lua)", name, name);
        return 1;
    }
    load_module(L, f);
    lua_pushstring(L, f->name);
    return 2;
}

void luamod_open(lua_State *L)
{
    luaL_openlibs(L);
    lua_getglobal(L, "package");
    lua_createtable(L, 1, 0);
    lua_pushcfunction(L, search_embedded);
    lua_rawseti(L, -2, 1);
    lua_setfield(L, -2, "searchers");
    lua_pop(L, 1);

    const struct embedded_file *module = find_module("picl");
    if (!module)
        luaL_error(L, "internal error: lua/picl.lua is not built into this binary");
    load_module(L, module);
    lua_call(L, 0, 2);
}

int luamod_run(lua_CFunction fn, void *job, const char *path, const char *prefix, const char *suffix,
               const char *no_message, char *err, size_t err_len)
{
    lua_State *L = lua_newstate(mem_lua_alloc, NULL);
    if (!L) {
        snprintf(err, err_len, "%s: cannot create a Lua state (out of memory)", path);
        return -1;
    }
    int rc = 0;
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, job);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        snprintf(err, err_len, "%s%s%s", prefix, msg ? msg : no_message, suffix);
        rc = -2;
    }
    lua_close(L);
    return rc;
}

void luamod_push_strings(lua_State *L, const char *const *s, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, s[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

void luamod_resolve(lua_State *L, const struct luamod_entry *e, const struct luamod_job *job)
{
    luamod_open(L); /* -> public module, internal */
    lua_getfield(L, -1, e->fn);
    lua_pushstring(L, job->path);
    lua_pushlstring(L, job->text, job->len);
    if (e->takes_sets)
        luamod_push_strings(L, job->sets, job->n_sets);
    lua_createtable(L, 0, e->n_limits + 1);
    for (int i = 0; i < e->n_limits; i++) {
        lua_pushinteger(L, e->limits[i].value);
        lua_setfield(L, -2, e->limits[i].name);
    }
    if (e->version) {
        lua_pushstring(L, e->version);
        lua_setfield(L, -2, "version");
    }
    lua_call(L, e->takes_sets ? 4 : 3, 2); /* -> resolved | nil, message */
    if (lua_isnil(L, -2))
        lua_error(L);
    lua_pop(L, 1);
}
