/* agree.h: every MPI rank resolved the same configuration, checked before anything is allocated:
 * a rank-dependent input (os.getenv of the rank, os.time) would otherwise hang in a collective. */
#ifndef PICL_AGREE_H
#define PICL_AGREE_H

#include <stddef.h>

#include "comm.h"
#include "config.h"

/* Collective over c->world. 0 when every rank's configuration prints the same (cfg_print, the
 * form `picl check` shows); otherwise -1 with the same message on every rank in err, naming the
 * first line that differs and the lowest rank where it does. */
int agree_config(const struct comm *c, const struct picl_config *cfg, char *err, size_t err_len);

#endif
