/* luamod.h: picl's Lua modules (the files of lua/), loaded from the copies built into the binary.
 * For the loaders of inputs (config.c), bench specs (bench_spec.c) and tuning files (tune_db.c). */
#ifndef PICL_LUAMOD_H
#define PICL_LUAMOD_H

#include <lua.h>

/* Inside a protected call: opens Lua's libraries, makes `require` find lua/NAME.lua in the
 * binary and nowhere else, and pushes picl's module, then its internal table (lua/picl.lua).
 * Raises a Lua error when it cannot. */
void luamod_open(lua_State *L);

#endif
