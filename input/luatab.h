/* luatab.h: reading a Lua table that lua/picl.lua resolved into C values, with one rule for all
 * of picl's readers (config.c, bench_spec.c, tune_db.c): a value of the wrong type and a string
 * longer than its C buffer are errors that name the key, never a silent zero or a cut string. */
#ifndef PICL_LUATAB_H
#define PICL_LUATAB_H

#include <stddef.h>

#include <lua.h>

/* A reader: the state, and what the tables are, for the messages ("resolved config"). */
struct luatab {
    lua_State *L;
    const char *what;
};

/* Every function below runs inside a protected call and raises a Lua error on a mismatch:
 *   wrong type:  "internal error: WHAT field 'KEY' is GOT, expected TYPE" (picl.lua and the
 *                reader disagree, a bug in picl rather than in the input);
 *   overlong:    "KEY: 'VALUE' is N characters; picl holds at most MAX". */

/* Pushes t[key] and returns 1 when it has `type`; with `optional`, a nil is pushed and 0 returned. */
int luatab_push(const struct luatab *rd, int t, const char *key, int type, int optional);
/* Pushes list[i] (1-based), of `type`; `key` names the list in a message. */
void luatab_push_item(const struct luatab *rd, int list, int i, const char *key, int type);
/* t[key], or `fallback` when it is nil. */
double luatab_number(const struct luatab *rd, int t, const char *key, double fallback);
lua_Integer luatab_integer(const struct luatab *rd, int t, const char *key);
int luatab_boolean(const struct luatab *rd, int t, const char *key);
/* Copies t[key] into out[len], NUL included. */
void luatab_string(const struct luatab *rd, int t, const char *key, char *out, size_t len);
/* Index in `names` (NULL-terminated) of the string t[key]; pop_enum: of the string on top,
 * which it pops. */
int luatab_enum(const struct luatab *rd, int t, const char *key, const char *const *names);
int luatab_pop_enum(const struct luatab *rd, const char *key, const char *const *names);
/* Pushes the list t[key] and returns its length, at most `max`. */
int luatab_list(const struct luatab *rd, int t, const char *key, int max);
void luatab_vec3(const struct luatab *rd, int t, const char *key, double out[3]);
void luatab_int3(const struct luatab *rd, int t, const char *key, int out[3]);

#endif
