/* config_diags.h: the physicist's reduced diagnostics in struct picl_config: beam moments,
 * particle extrema, histograms of particle quantities, field probes (docs/output.md). */
#ifndef PICL_CONFIG_DIAGS_H
#define PICL_CONFIG_DIAGS_H

#define CFG_MAX_PDIAG 8 /* moments and extrema diagnostics, each */
#define CFG_MAX_HIST 8
#define CFG_HIST_MAX_AXES 3
#define CFG_HIST_MAX_BINS (1 << 20) /* bins of one histogram, all axes together */
#define CFG_MAX_PROBES 8
#define CFG_PROBE_MAX_POINTS 64

/* The quantities a histogram bins, X(id, name, unit): the CSV names a bin centre "name=value"
 * with the unit in the name, as the reduced CSVs do ("x_m", "energy_J"). */
#define CFG_HIST_QUANTITIES(X)                                                                      \
    X(HQ_X, "x", "m") X(HQ_Y, "y", "m") X(HQ_Z, "z", "m") X(HQ_UX, "ux", "") X(HQ_UY, "uy", "")     \
    X(HQ_UZ, "uz", "") X(HQ_GAMMA, "gamma", "") X(HQ_ENERGY, "energy", "J") X(HQ_EXPRESSION, "expression", "")
#define CFG_HQ_ENUM_(id, name, unit) id,
enum cfg_hist_quantity { CFG_HIST_QUANTITIES(CFG_HQ_ENUM_) HQ_COUNT };
extern const char *const cfg_hist_quantity_names[]; /* NULL-terminated */
extern const char *const cfg_hist_quantity_units[];

/* Beam moments (WarpX BeamRelevant) or particle extrema of one species, one CSV row per due step;
 * field maxima (WarpX FieldMaximum) take the name and interval only. */
struct cfg_pdiag {
    char name[CFG_NAME_LEN];
    int interval; /* steps */
    int species; /* index into cfg->species */
    struct cfg_expr filter; /* only the particles for which it is nonzero; text empty: all */
};

struct cfg_hist_axis {
    enum cfg_hist_quantity quantity;
    int bins;
    double min, max; /* SI (m, J) or dimensionless (u = gamma v / c, gamma) */
    int auto_range; /* 1: min and max from the extrema at each due step (min, max unused) */
    struct cfg_expr expr; /* quantity HQ_EXPRESSION: a user expression of the quantities in SI */
};

/* A histogram of one species over 1 to 3 axes; each bin holds the sum of the weights (or of the
 * charges, C) of the particles in it; particles outside the ranges are left out. */
struct cfg_hist {
    char name[CFG_NAME_LEN];
    int interval;
    int species;
    int charge; /* 1: weighted by charge (C), 0: by weight (physical particles) */
    int n_axes;
    struct cfg_hist_axis axis[CFG_HIST_MAX_AXES];
    struct cfg_expr filter; /* as a moments diagnostic's */
    struct cfg_expr weight_expr; /* text empty: none; else each particle counts weight (or charge) x it */
};

/* A histogram with a kernel of its own (gen/diag_kernels.c): a filter, an expression axis or weight. */
static inline int cfg_hist_own_kernel(const struct cfg_hist *h)
{
    int own = h->filter.text[0] || h->weight_expr.text[0];
    for (int a = 0; a < h->n_axes; a++)
        own |= h->axis[a].quantity == HQ_EXPRESSION;
    return own;
}

#define CFG_PROBE_MAX_GRID 4096 /* points of a line or plane probe */

enum cfg_probe_kind { CFG_PROBE_POINTS, CFG_PROBE_LINE, CFG_PROBE_PLANE };

/* E and B at points, interpolated with the gather's shape and staggering: listed points (CSV),
 * or count[0] (x count[1]) points evenly from start to end along the axes in which they differ
 * (one for a line, two for a plane; an openPMD mesh, io/probe_openpmd.c). */
struct cfg_probe {
    char name[CFG_NAME_LEN];
    int interval;
    enum cfg_probe_kind kind;
    int n_points; /* listed, or count[0] * count[1] */
    double point[CFG_PROBE_MAX_POINTS][3]; /* m; kind points */
    double start[3], end[3]; /* m; line and plane */
    int count[2]; /* points along the first and second varying axis (1 for a line's second) */
    int axis[2]; /* the varying axes, ascending (a line's second: -1) */
};

/* Point q of p (m): listed, or on the line or plane grid with the first varying axis fastest. */
static inline void cfg_probe_point(const struct cfg_probe *p, int q, double xyz[3])
{
    if (p->kind == CFG_PROBE_POINTS) {
        for (int a = 0; a < 3; a++)
            xyz[a] = p->point[q][a];
        return;
    }
    const int i[2] = {q % p->count[0], q / p->count[0]};
    for (int a = 0; a < 3; a++)
        xyz[a] = p->start[a];
    for (int v = 0; v < 2; v++)
        if (p->axis[v] >= 0 && p->count[v] > 1) {
            const int a = p->axis[v];
            xyz[a] = p->start[a] + (p->end[a] - p->start[a]) * i[v] / (p->count[v] - 1);
        }
}

struct cfg_diags {
    struct cfg_pdiag moments[CFG_MAX_PDIAG];
    int n_moments;
    struct cfg_pdiag extrema[CFG_MAX_PDIAG];
    int n_extrema;
    struct cfg_hist hist[CFG_MAX_HIST];
    int n_hist;
    struct cfg_probe probes[CFG_MAX_PROBES];
    int n_probes;
    struct cfg_pdiag field_max[CFG_MAX_PDIAG]; /* species unused */
    int n_field_max;
    struct cfg_pdiag costs[CFG_MAX_PDIAG]; /* per-box costs (WarpX LoadBalanceCosts); species unused */
    int n_costs;
};

#endif
