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

/* Every script runs under a CPU-time and a memory limit; a script past either stops with
 * "PATH: the script ran for more than S s ..." or "... needed more than M MiB ...". */
#define LUAMOD_DEFAULT_SECONDS 10
#define LUAMOD_DEFAULT_MIB 1024
/* Sets both from "SECONDS,MIB" (--lua-limits, PICL_LUA_LIMITS); nonzero with a message when
 * the text is not two positive numbers. Once, before any script runs. */
int luamod_set_limits(const char *text, char *err, size_t err_len);

/* Pushes a list of the n strings s[0..n-1]. */
void luamod_push_strings(lua_State *L, const char *const *s, int n);

/* An entry point of lua/picl.lua's internal table, as its loader (config.c, bench_spec.c,
 * tune_db.c) calls it: internal.FN(path, text, [sets,] limits) -> resolved | nil, message, where
 * limits holds base/config.h's sizes and, when `version` is not NULL, picl's version. */
struct luamod_limit {
    const char *name;
    lua_Integer value;
};
struct luamod_entry {
    const char *fn;
    int takes_sets; /* a tuning file has no --set strings */
    const struct luamod_limit *limits;
    int n_limits;
    const char *version;
};

/* What a loader hands luamod_run for its protected function: the script, and where the
 * resolved values go (its struct picl_config, bench_spec or tune_db). */
struct luamod_job {
    const char *path, *text;
    size_t len;
    const char *const *sets;
    int n_sets;
    void *out;
};

/* Inside a protected call: opens picl's modules (luamod_open), calls the entry with the job's
 * script and leaves the resolved value on top of the stack, or raises the message. */
void luamod_resolve(lua_State *L, const struct luamod_entry *e, const struct luamod_job *job);

#endif
