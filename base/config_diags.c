/* config_diags.c: the names of the histogram quantities (config_diags.h), for the reader of the
 * input and the CSV headers. */
#include "config.h"

#define CFG_HQ_NAME_(id, name, unit) name,
#define CFG_HQ_UNIT_(id, name, unit) unit,
const char *const cfg_hist_quantity_names[] = {CFG_HIST_QUANTITIES(CFG_HQ_NAME_) NULL};
const char *const cfg_hist_quantity_units[] = {CFG_HIST_QUANTITIES(CFG_HQ_UNIT_) NULL};
