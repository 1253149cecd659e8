/* ident.h: the one rule for every name of the input that picl writes into the generated OpenCL
 * program or into a file name, checked on the C side whatever the Lua side let through. */
#ifndef PICL_IDENT_H
#define PICL_IDENT_H

#include <stddef.h>

#include "config.h"

/* Why `name` may not be a name of the input, or NULL when it may: a C identifier
 * [A-Za-z_][A-Za-z0-9_]* of at most CFG_NAME_LEN - 1 characters. With `variable` (a constant,
 * which becomes a local variable of every expression function) also not a C or OpenCL C word,
 * a name the expression functions already hold (x, y, z, t, ux, ..., c, eps0, ...), an OpenCL
 * function the expressions may call, a predefined OpenCL macro family (M_, FLT_, ...) or a
 * name beginning with "__" (C reserves them). */
const char *ident_refusal(const char *name, int variable);

/* Every name of `cfg` through ident_refusal: 0, or -1 and "WHERE: KEY: message" in err, WHERE
 * being the entry's FILE:LINE where the configuration has one, else the input's path. */
int ident_config(const struct picl_config *cfg, char *err, size_t err_len);

/* `name` quoted for a message: printable ASCII kept, anything else as '?', long names cut. */
void ident_quote(const char *name, char *out, size_t out_len);

#endif
