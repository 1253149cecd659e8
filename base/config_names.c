/* config_names.c: the names of the configuration's enums, from the one list of each in
 * config.h; input, generator and messages index these rather than spell a name again. */
#include "config.h"

#include <stddef.h>

const char *const cfg_precision_names[] = {CFG_PRECISIONS(CFG_NAME) NULL};
const char *const cfg_geometry_names[] = {CFG_GEOMETRIES(CFG_NAME) NULL};
const char *const cfg_solver_names[] = {CFG_SOLVERS(CFG_NAME) NULL};
const char *const cfg_pusher_names[] = {CFG_PUSHERS(CFG_NAME) NULL};
const char *const cfg_gather_names[] = {CFG_GATHERS(CFG_NAME) NULL};
const char *const cfg_deposition_names[] = {CFG_DEPOSITIONS(CFG_NAME) NULL};
const char *const cfg_grid_type_names[] = {CFG_GRID_TYPES(CFG_NAME) NULL};
const char *const cfg_boundary_names[] = {CFG_BOUNDARIES(CFG_NAME) NULL};
const char *const cfg_distribution_names[] = {CFG_DISTRIBUTIONS(CFG_NAME) NULL};
const char *const cfg_strategy_names[] = {CFG_STRATEGIES(CFG_NAME) NULL};
const char *const cfg_drop_term_names[] = {CFG_DROP_TERMS(CFG_NAME) NULL};
const char *const cfg_particle_attr_names[] = {CFG_PARTICLE_ATTRS(CFG_NAME) NULL};
const char *const cfg_field_comp_names[] = {CFG_FIELD_COMPS(CFG_NAME) NULL};
/* the histogram quantities of config_diags.h, and the units their CSV columns name */
#define CFG_HQ_NAME_(id, name, unit) name,
#define CFG_HQ_UNIT_(id, name, unit) unit,
const char *const cfg_hist_quantity_names[] = {CFG_HIST_QUANTITIES(CFG_HQ_NAME_) NULL};
const char *const cfg_hist_quantity_units[] = {CFG_HIST_QUANTITIES(CFG_HQ_UNIT_) NULL};
