/* costs.c: each box's cost at the costs diagnostic's steps. picl launches one kernel over all
 * of a rank's boxes, so a box's time is not measured alone: as sim_balance does, a rank's
 * particle-kernel time since the last row goes to its boxes by their particles, its field time
 * evenly; the rank's own totals are in the row too, so nothing is hidden in the split. */
#include "costs.h"

#include <string.h>

#include "mem.h"

static const char header[] = "box,rank,particles,cost_s,particle_kernel_s,field_kernel_s,rank_particle_kernel_s,"
                             "rank_field_kernel_s,rank_particles";
enum { COSTS_COLUMNS = 9 };

int costs_open(struct costs *k, const struct ctx *c, long resume_step, char *err, size_t err_len)
{
    memset(k, 0, sizeof *k);
    const struct picl_config *cfg = c->cfg;
    k->row = mem_calloc((size_t)c->lay.n_boxes * COSTS_COLUMNS, sizeof *k->row);
    if (!k->row) {
        snprintf(err, err_len, "diagnostics.costs: out of host memory");
        return -1;
    }
    if (c->comm && c->comm->rank != 0)
        return 0;
    for (int i = 0; i < cfg->diags.n_costs; i++)
        if (dcsv_open(&k->csv[i], cfg->output_dir, cfg->diags.costs[i].name, header, resume_step, err, err_len))
            return -1;
    return 0;
}

int costs_due(const struct picl_config *cfg, long step)
{
    for (int i = 0; i < cfg->diags.n_costs; i++)
        if (step % cfg->diags.costs[i].interval == 0)
            return 1;
    return 0;
}

/* k->row for every box, on every rank: its owner fills it, the others add zeros. */
static void fill(struct costs *k, const struct ctx *c, const struct species *species, int n_species, int i,
                 double tp, double tf)
{
    const int nb = c->lay.n_boxes;
    const double dp = tp - k->particle_time[i], df = tf - k->field_time[i];
    long np = 0;
    for (int sp = 0; sp < n_species; sp++)
        np += species[sp].np;
    memset(k->row, 0, (size_t)nb * COSTS_COLUMNS * sizeof *k->row);
    for (int slot = 0; slot < c->lay.n_local; slot++) {
        long n = 0;
        for (int sp = 0; sp < n_species; sp++)
            n += species[sp].boxes_host[slot * BT_STRIDE + BT_COUNT];
        double *v = k->row + (size_t)gen_box_gid(&c->lay, slot) * COSTS_COLUMNS;
        const double share = np > 0 ? dp * (double)n / (double)np : 0;
        v[0] = gen_box_gid(&c->lay, slot);
        v[1] = c->comm ? c->comm->rank : 0;
        v[2] = (double)n;
        v[3] = share + df / c->lay.n_local;
        v[4] = share;
        v[5] = df / c->lay.n_local;
        v[6] = dp;
        v[7] = df;
        v[8] = (double)np;
    }
}

int costs_write(struct costs *k, const struct ctx *c, const struct species *species, int n_species, long step,
                double time, double tp, double tf, char *err, size_t err_len)
{
    const struct cfg_diags *cd = &c->cfg->diags;
    for (int i = 0; i < cd->n_costs; i++) {
        if (step % cd->costs[i].interval != 0)
            continue;
        fill(k, c, species, n_species, i, tp, tf);
        comm_sum_doubles(c->comm, k->row, c->lay.n_boxes * COSTS_COLUMNS);
        k->particle_time[i] = tp;
        k->field_time[i] = tf;
        for (int b = 0; b < c->lay.n_boxes; b++)
            if (dcsv_row(&k->csv[i], step, time, k->row + (size_t)b * COSTS_COLUMNS, COSTS_COLUMNS, err, err_len)) {
                size_t n = strlen(err);
                snprintf(err + n, err_len - n, " (diagnostics.costs.%s)", cd->costs[i].name);
                return -1;
            }
    }
    return 0;
}

int costs_close(struct costs *k, int ok, char *err, size_t err_len)
{
    int rc = 0;
    for (int i = 0; i < CFG_MAX_PDIAG; i++)
        if (dcsv_close(&k->csv[i], ok, rc ? NULL : err, err_len))
            rc = -1;
    mem_free(k->row);
    k->row = NULL;
    return rc;
}
