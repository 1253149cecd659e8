/* luamod.h: picl's Lua modules (the files of lua/), loaded from the copies built into the binary.
 * For the loaders of inputs (config.c), bench specs (bench_spec.c) and tuning files (tune_db.c). */
#ifndef PICL_LUAMOD_H
#define PICL_LUAMOD_H

#include <lua.h>

/* Inside a protected call: opens Lua's libraries, makes `require` find lua/NAME.lua in the
 * binary and nowhere else, and pushes picl's module, then its internal table (lua/picl.lua).
 * Raises a Lua error when it cannot. */
void luamod_open(lua_State *L);

/* Runs fn in a fresh Lua state (picl's allocation hook) under a protected call, its one argument
 * `job` as a light userdata, so that any error (the script's, an allocation failure, a bug)
 * comes back as one message and the state is closed. Returns 0; or -1 with err holding
 * "PATH: cannot create a Lua state (out of memory)", or -2 with err holding
 * PREFIX + the error fn raised (`no_message` when it raised no string) + SUFFIX. */
int luamod_run(lua_CFunction fn, void *job, const char *path, const char *prefix, const char *suffix,
               const char *no_message, char *err, size_t err_len);

/* Pushes a list of the n strings s[0..n-1]. */
void luamod_push_strings(lua_State *L, const char *const *s, int n);

#endif
