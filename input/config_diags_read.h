/* config_diags_read.h: the reader of the diagnostics in config_diags.h, for config.c (the Lua
 * side of it: the table that lua/diag_schema.lua resolved). */
#ifndef PICL_CONFIG_DIAGS_READ_H
#define PICL_CONFIG_DIAGS_READ_H

#include <stdio.h>

#include "config.h"
#include "luatab.h"

/* d: the stack index of the resolved `diagnostics` table. */
void cfg_diags_copy(const struct luatab *rd, int d, struct cfg_diags *out);

/* An expression table {text, key, where} at stack index x into e (config.c); cfg_expr_get: the
 * optional expression `key` of table t, empty when the key was not given. */
void cfg_expr_read(const struct luatab *rd, int x, struct cfg_expr *e);
void cfg_expr_get(const struct luatab *rd, int t, const char *key, struct cfg_expr *e);

/* The lines of `picl check` that list them. */
void cfg_diags_print(const struct picl_config *cfg, FILE *f);

#endif
