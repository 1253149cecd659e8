/* costs.h: the costs diagnostic (diagnostics.costs, WarpX's LoadBalanceCosts): one CSV row per
 * box and due step with its owning rank, its particles and its share of its rank's kernel time. */
#ifndef PICL_COSTS_H
#define PICL_COSTS_H

#include "config.h"
#include "ctx.h"
#include "diag_csv.h"
#include "species.h"

struct costs {
    struct diag_csv csv[CFG_MAX_PDIAG];
    double particle_time[CFG_MAX_PDIAG], field_time[CFG_MAX_PDIAG]; /* this rank's, at the last row */
    double *row; /* per box: COSTS_COLUMNS values, summed over the ranks */
};

/* Opens the files (rank 0), resume_step >= 0 keeping an earlier run's rows up to it. */
int costs_open(struct costs *k, const struct ctx *c, long resume_step, char *err, size_t err_len);
/* True when one is due at this step. */
int costs_due(const struct picl_config *cfg, long step);
/* The rows of every one due at `step`, from the rank's particle and field kernel times so far
 * (tp, tf: sim_kernel_times): host work and one reduction, no kernel. Collective. */
int costs_write(struct costs *k, const struct ctx *c, const struct species *species, int n_species, long step,
                double time, double tp, double tf, char *err, size_t err_len);
int costs_close(struct costs *k, int ok, char *err, size_t err_len);

#endif
