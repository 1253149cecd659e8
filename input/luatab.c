/* luatab.c: the one reader of resolved Lua tables (luatab.h): types checked, strings copied
 * whole or refused, lists bounded. */
#include "luatab.h"

#include <string.h>

#include <lauxlib.h>

static int wrong_type(const struct luatab *rd, const char *key, int got, int type)
{
    return luaL_error(rd->L, "internal error: %s field '%s' is %s, expected %s", rd->what, key,
                      lua_typename(rd->L, got), lua_typename(rd->L, type));
}

int luatab_push(const struct luatab *rd, int t, const char *key, int type, int optional)
{
    int got = lua_getfield(rd->L, t, key);
    if (got == LUA_TNIL && optional)
        return 0;
    if (got != type)
        wrong_type(rd, key, got, type);
    return 1;
}

void luatab_push_item(const struct luatab *rd, int list, int i, const char *key, int type)
{
    int got = lua_rawgeti(rd->L, list, i);
    if (got != type)
        wrong_type(rd, key, got, type);
}

double luatab_number(const struct luatab *rd, int t, const char *key, double fallback)
{
    double v = fallback;
    if (luatab_push(rd, t, key, LUA_TNUMBER, 1))
        v = lua_tonumber(rd->L, -1);
    lua_pop(rd->L, 1);
    return v;
}

static lua_Integer pop_integer(const struct luatab *rd, const char *key)
{
    if (!lua_isinteger(rd->L, -1))
        luaL_error(rd->L, "internal error: %s field '%s' is not an integer", rd->what, key);
    lua_Integer v = lua_tointeger(rd->L, -1);
    lua_pop(rd->L, 1);
    return v;
}

lua_Integer luatab_integer(const struct luatab *rd, int t, const char *key)
{
    luatab_push(rd, t, key, LUA_TNUMBER, 0);
    return pop_integer(rd, key);
}

int luatab_boolean(const struct luatab *rd, int t, const char *key)
{
    luatab_push(rd, t, key, LUA_TBOOLEAN, 0);
    int v = lua_toboolean(rd->L, -1);
    lua_pop(rd->L, 1);
    return v;
}

void luatab_string(const struct luatab *rd, int t, const char *key, char *out, size_t len)
{
    luatab_push(rd, t, key, LUA_TSTRING, 0);
    size_t n;
    const char *s = lua_tolstring(rd->L, -1, &n);
    if (n >= len)
        luaL_error(rd->L, "%s: '%s' is %d characters; picl holds at most %d", key, s, (int)n, (int)len - 1);
    memcpy(out, s, n + 1);
    lua_pop(rd->L, 1);
}

int luatab_pop_enum(const struct luatab *rd, const char *key, const char *const *names)
{
    const char *s = lua_type(rd->L, -1) == LUA_TSTRING ? lua_tostring(rd->L, -1) : NULL;
    for (int i = 0; s && names[i]; i++) {
        if (strcmp(s, names[i]) == 0) {
            lua_pop(rd->L, 1);
            return i;
        }
    }
    return luaL_error(rd->L, "internal error: '%s' is not a known value of '%s'", s ? s : "?", key);
}

int luatab_enum(const struct luatab *rd, int t, const char *key, const char *const *names)
{
    luatab_push(rd, t, key, LUA_TSTRING, 0);
    return luatab_pop_enum(rd, key, names);
}

int luatab_list(const struct luatab *rd, int t, const char *key, int max)
{
    luatab_push(rd, t, key, LUA_TTABLE, 0);
    lua_Integer n = luaL_len(rd->L, -1);
    if (n > max)
        luaL_error(rd->L, "internal error: '%s' has %d entries, more than %d", key, (int)n, max);
    return (int)n;
}

void luatab_vec3(const struct luatab *rd, int t, const char *key, double out[3])
{
    luatab_list(rd, t, key, 3);
    int list = lua_gettop(rd->L);
    for (int a = 0; a < 3; a++) {
        luatab_push_item(rd, list, a + 1, key, LUA_TNUMBER);
        out[a] = lua_tonumber(rd->L, -1);
        lua_pop(rd->L, 1);
    }
    lua_pop(rd->L, 1);
}

void luatab_int3(const struct luatab *rd, int t, const char *key, int out[3])
{
    luatab_list(rd, t, key, 3);
    int list = lua_gettop(rd->L);
    for (int a = 0; a < 3; a++) {
        luatab_push_item(rd, list, a + 1, key, LUA_TNUMBER);
        out[a] = (int)pop_integer(rd, key);
    }
    lua_pop(rd->L, 1);
}
