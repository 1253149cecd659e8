/* cost.c: flops and bytes per item of the hot kernels, counted from the templates this variant
 * includes (shape order, precision, gather, pusher, deposition, solver, boundaries' components).
 * Each count below names the code it counts; docs/bench.md states the model. */
#include "cost.h"

#include <stdio.h>
#include <string.h>

/* Flops of shapeN() in shape.cl for one axis (floor and the int conversion are not flops). */
static double shape_flops(int order)
{
    static const double f[4] = {1, 2, 10, 18}; /* shape0 .. shape3: + - * as written */
    return f[order];
}

/* The geometry's axes (base/config.h): h[a] 1 where axis a is kept. Along a dropped axis the
 * templates take shape_flat (one node, the literal weight 1, shape.cl) and ALONG_A(e) is 0:
 * its shape, its loop and every product by its weight fold away, and a term compiled out costs
 * nothing, so the counts below charge the kept axes only. In 3D every h[a] is 1 and each count
 * is the 3D one. */
struct axes {
    int h[3];
    int kept; /* how many */
};

static struct axes axes_of(const struct picl_config *cfg)
{
    struct axes ax = {{0, 0, 0}, 0};
    for (int a = 0; a < 3; a++)
        ax.kept += ax.h[a] = cfg_has_axis(cfg, a);
    return ax;
}

/* Points along axis a of a loop of n points: 1 along a dropped axis (PTS_A, shape.cl). */
static double pts(const struct axes *ax, int a, int n)
{
    return ax->h[a] ? n : 1;
}

/* GATHER_SUM(PX, PY, PZ) of shape.cl: a dot product per row, per plane, then along z; the
 * contraction along a dropped axis (one trip, weight 1) is none. */
static double gather_sum_flops(const struct axes *ax, int px, int py, int pz)
{
    return 2.0 * (ax->h[0] * px * py * pz + ax->h[1] * py * pz + ax->h[2] * pz);
}

/* Flops of gather_fields(). */
static double gather_flops(const struct picl_config *cfg, const struct axes *ax)
{
    const int o = cfg->shape_order, P = o + 1;
    if (cfg->gather == CFG_GATHER_ENERGY) {
        /* gather_energy.cl: nodal weights (order o) and staggered ones (order o - 1, at x - 1/2) */
        const int L = o; /* CELL_PTS */
        const int dims[6][3] = {{L, P, P}, {P, L, P}, {P, P, L}, {P, L, L}, {L, P, L}, {L, L, P}};
        double flops = ax->kept * (shape_flops(o) + 1 + shape_flops(o - 1));
        for (int c = 0; c < 6; c++)
            flops += gather_sum_flops(ax, pts(ax, 0, dims[c][0]), pts(ax, 1, dims[c][1]), pts(ax, 2, dims[c][2]));
        return flops;
    }
    /* gather_momentum.cl: nodal weights, their node averages (2 P flops per kept axis), then
     * MC_GATHER_SUM: per row the product Sy Sz (a literal 1 folds it away: 2D, 1D), per point
     * Sx syz f and the addition (Sx a literal 1 in 1D: one product less) */
    const int A = P + 1;
    const int dims[6][3] = {{A, P, P}, {P, A, P}, {P, P, A}, {P, A, A}, {A, P, A}, {A, A, P}};
    double flops = ax->kept * (shape_flops(o) + 2.0 * P);
    for (int c = 0; c < 6; c++) {
        const double px = pts(ax, 0, dims[c][0]), py = pts(ax, 1, dims[c][1]), pz = pts(ax, 2, dims[c][2]);
        flops += py * pz * (ax->h[1] * ax->h[2] + (2.0 + ax->h[0]) * px);
    }
    return flops;
}

/* push_u() of push_*.cl, counted line by line. */
static double push_flops(enum cfg_pusher p)
{
    switch (p) {
    case CFG_PUSHER_BORIS:
        return 60; /* kicks 2 x 6, gamma 8, t 6, s factor 7, s 3, u' 12, rotation 12 */
    case CFG_PUSHER_VAY:
        return 99; /* gamma 8, tau 3, u' 24, tau2 5, u.tau 5, sigma 8, gamma 10, t 3, s 7, u.t 5, u 21 */
    case CFG_PUSHER_HIGUERA_CARY:
        return 91; /* u-, tau 9, tau2 5, u.tau 5, sigma 8, gamma 10, t 3, s 7, u.t 5, w 21, u 18 */
    }
    return 0;
}

/* The move in move_*() of species_step.cl on periodic axes: box-local xo 3, gamma 8, v 3,
 * new position 2 per kept axis (ALONG_A: a dropped axis does not move), wrap 3, unwrapped
 * local position 6. */
static double move_flops(const struct axes *ax)
{
    return 3 + 8 + 3 + 2.0 * ax->kept + 3 + 6;
}

/* Flops of deposit_current(); `lanes`: simd_cells, whose deposition takes the old position's
 * shapes from the gather (one shape per kept axis less). */
static double deposit_flops(const struct picl_config *cfg, const struct axes *ax, int lanes)
{
    const int o = cfg->shape_order, P = o + 1;
    if (cfg->deposition == CFG_DEPOSIT_ESIRKEPOV) {
        /* deposit_esirkepov.cl, the path of a particle that stays in its cells (window W = P per
         * axis; 1D has one path over the ESK_PTS = o + 3 nodes): per kept axis, weights 2
         * shapes + DS (o + 3) */
        const int W = P, K = o + 3;
        const double weights = ax->kept * ((lanes ? 1 : 2) * shape_flops(o) + K);
        if (ax->kept == 3) /* the three q w factors; h and t of y and z (5 flops each per node);
                            * per axis W^2 transverse weights of 3 flops and W^2 (W - 1) running
                            * sums of 3 flops plus the addition into J */
            return weights + 3 + 2 * 5.0 * W + 3.0 * W * W * (3 + 4.0 * (W - 1));
        if (ax->kept == 2) /* cx, cz 1 each, jy = q w v_y / dV 2; Jx: per z node the weights h
                            * (2) and t (3), W - 1 sums of 3 plus the addition; Jy: W^2 nodes of
                            * the averaged shape (3), times jy and added (2); Jz as Jx */
            return weights + 4 + W * (5 + 4.0 * (W - 1)) + 5.0 * W * W + (2.0 * W + 4.0 * W * (W - 1));
        /* 1D: cz, rho, jx, jy 1 each; per node the weight (2), jx w and jy w added (4); per node
         * but the last the running sum (2) and its addition (1) */
        return weights + 4 + 6.0 * K + 3.0 * (K - 1);
    }
    /* deposit_direct.cl, per kept axis: mid-point 2, two shapes and x - 1/2; rho 1; per (j, k) 3
     * currents of rho v times the y and z weights, per point 3 products by the x weight and 3
     * additions (a literal weight 1 folds its product away) */
    const double px = pts(ax, 0, P), py = pts(ax, 1, P), pz = pts(ax, 2, P);
    return ax->kept * (2 + 2 * shape_flops(o) + 1) + 1 + 3.0 * (1 + ax->h[1] + ax->h[2]) * py * pz +
           3.0 * (1 + ax->h[0]) * px * py * pz;
}

/* Flops of one component of curl E (Faraday) or curl B (Ampere) with t of its two terms kept:
 * each term a difference of diff flops and a product, combined by t - 1 operations (a term
 * compiled out leaves 0 - a, a negation, or a - 0), the update 1, Ampere's J term a product
 * and a combination; none when nothing is kept (the statement folds to nothing). */
static double curl_flops(int t, double diff, int with_j)
{
    if (t == 0)
        return with_j ? 2 : 0;
    return t * (diff + 1) + (t - 1) + 1 + (with_j ? 2 : 0);
}

/* Terms of curl component c kept: (y, z), (z, x), (x, y). */
static int curl_terms(const struct axes *ax, int c)
{
    return ax->h[(c + 1) % 3] + ax->h[(c + 2) % 3];
}

static struct gen_cost *add(struct gen_cost *out, int *n, int max, const char *kernel, const char *item)
{
    if (*n >= max)
        return NULL;
    struct gen_cost *c = &out[(*n)++];
    memset(c, 0, sizeof *c);
    snprintf(c->kernel, sizeof c->kernel, "%s", kernel);
    c->item = item;
    c->species = -1;
    return c;
}

int gen_costs(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
              struct gen_cost *out, int max)
{
    const double R = cfg->precision == CFG_DOUBLE ? 8 : 4;
    const double boxes = lay->n_local; /* this rank's: the launches cover its boxes only */
    const double valid = (double)lay->box[0] * lay->box[1] * lay->box[2] * boxes;
    const double allocated = (double)lay->box_stride * boxes;
    double inner = 1; /* cells of a box that no guard cell aliases (halo_sum skips them) */
    for (int a = 0; a < 3; a++)
        inner *= lay->box[a] > 2 * lay->ngs[a] ? lay->box[a] - 2 * lay->ngs[a] : 0;
    const double edge = valid - inner * boxes;
    int n = 0;
    struct gen_cost *c;

    /* The fused particle step, per particle: its attributes (6 reals, and the weight and id
     * where the run keeps them: particle_attrs.c) read and written once, the six E and B
     * components gathered and J deposited from the stencil (cache); the field arrays cross
     * memory once per launch: E, B read, J read and written. */
    struct gen_plan plan;
    plan_resolve(cfg, dev, lay, &plan);
    const int lanes = !plan.refusal[0] && plan.ops && plan.ops->cell_tiles && cfg->deposition == CFG_DEPOSIT_ESIRKEPOV;
    const struct axes ax = axes_of(cfg);
    const double push = gather_flops(cfg, &ax) + push_flops(cfg->pusher) + move_flops(&ax) +
                        deposit_flops(cfg, &ax, lanes);
    const double weight_bytes = gen_stores_weights(cfg) ? R : 0;
    const double attr_bytes = 6 * R + weight_bytes + (gen_stores_ids(cfg) ? 8 : 0);
    const double particle_bytes = 2 * attr_bytes;
    for (int s = 0; s < cfg->n_species; s++) {
        if (cfg->species[s].frozen)
            continue;
        char name[64];
        snprintf(name, sizeof name, "push_deposit_%d", s);
        if (!(c = add(out, &n, max, name, "particle")))
            return n;
        c->species = s;
        c->flops = push;
        c->bytes = particle_bytes;
        c->fixed_bytes = (6 + 2 * 3) * R * allocated;
        /* the charge density of the diagnostics (particle_diag.cl): x, y, z (and w) read; P^3
         * points (P per kept axis) of a product per kept axis' weight and an addition into rho */
        const int P = cfg->shape_order + 1;
        snprintf(name, sizeof name, "deposit_rho_%d", s);
        if (!(c = add(out, &n, max, name, "particle")))
            return n;
        c->species = s;
        c->flops = ax.kept * shape_flops(cfg->shape_order) + 1 +
                   (1.0 + ax.kept) * pts(&ax, 0, P) * pts(&ax, 1, P) * pts(&ax, 2, P);
        c->bytes = 3 * R + weight_bytes;
        c->fixed_bytes = 2 * R * allocated;
    }

    /* Sorting (particle_sort.cl), per particle: binning reads x, y, z and writes and rereads the
     * permutation; reordering moves the attributes through the scratch and back, reading the
     * permutation for each array. */
    if (plan.sort_interval > 0) {
        for (int s = 0; s < cfg->n_species; s++) {
            if (cfg->species[s].frozen)
                continue;
            if (!(c = add(out, &n, max, "particles_bin", "particle")))
                return n;
            c->species = GEN_COST_ALL_SPECIES;
            c->flops = 3;
            c->bytes = 3 * R + 3 * 4;
            if (!(c = add(out, &n, max, "particles_reorder", "particle")))
                return n;
            c->species = GEN_COST_ALL_SPECIES;
            c->bytes = 4 * attr_bytes + 4 * (6 + (weight_bytes > 0) + gen_stores_ids(cfg));
            break; /* one kernel for every species: one entry, over all their particles */
        }
    }

    /* Maxwell (maxwell_yee.cl, maxwell_ckc.cl), per valid cell: each component read once from
     * memory, the stencil's neighbours from cache. */
    if (!(c = add(out, &n, max, "maxwell_push_B_half", "cell")))
        return n;
    c->items = valid;
    /* Yee: per component 2 differences, 2 products, 1 subtraction, the update (curl_flops);
     * CKC: ckc_diff is 9 differences and 12 flops combining them, ckc_diff_2d 3 and 4; 1D's
     * CKC is Yee */
    const double diff = cfg->solver == CFG_SOLVER_YEE || ax.kept == 1 ? 1 : ax.kept == 3 ? 21 : 7;
    c->flops = 0;
    for (int k = 0; k < 3; k++)
        c->flops += curl_flops(curl_terms(&ax, k), diff, 0);
    c->bytes = 9 * R; /* E, B read; B written */
    if (!(c = add(out, &n, max, "maxwell_push_E", "cell")))
        return n;
    c->items = valid;
    c->flops = 0; /* per component 2 differences, 3 products, 2 combinations, the update */
    for (int k = 0; k < 3; k++)
        c->flops += curl_flops(curl_terms(&ax, k), 1, 1);
    c->bytes = 12 * R; /* E, B, J read; E written */

    /* Guard exchange (guards.cl, plans of runtime/guards.c): FillBoundary copies each guard cell
     * of a box from its owner (a sign for PEC images) through a plan entry, its destination and
     * source offsets (2 ints, read once per launch whatever the components); SumBoundary adds,
     * into each valid cell near a box edge, the guard cell that aliases it (a face cell; edge
     * and corner cells read 2 and 3: the model takes 1), through its target, the start of its
     * list and one list entry (3 ints). */
    static const struct {
        const char *name;
        int comps, sum;
    } halos[] = {{"halo_fill_E", 3, 0},  {"halo_fill_B", 3, 0},  {"halo_fill_EB", 6, 0}, {"halo_fill_J", 3, 0},
                 {"halo_fill_rho", 1, 0}, {"halo_sum_J", 3, 1}, {"halo_sum_rho", 1, 1}};
    for (size_t h = 0; h < sizeof halos / sizeof *halos; h++) {
        if (!(c = add(out, &n, max, halos[h].name, halos[h].sum ? "edge cell" : "guard cell")))
            return n;
        c->items = halos[h].sum ? edge : allocated - valid;
        c->flops = halos[h].comps * (halos[h].sum ? 4 : 1);
        c->bytes = halos[h].comps * (halos[h].sum ? 3 : 2) * R + (halos[h].sum ? 3 : 2) * sizeof(int);
    }

    /* The binomial filter (filter.cl), per valid cell: one new load and one store per
     * component, 3 products and 2 additions. */
    static const char *const filters[] = {"filter_J_x", "filter_J_y", "filter_J_z"};
    for (int a = 0; a < 3; a++) {
        if (cfg->filter_passes[a] == 0)
            continue;
        if (!(c = add(out, &n, max, filters[a], "cell")))
            return n;
        c->items = valid;
        c->flops = 3 * 5;
        c->bytes = 3 * 2 * R;
    }

    /* The Godfrey filter (godfrey.cl), per item (every allocated x, y and the z cells of the
     * copy): per component of E and B, 4 sums of a pair, 5 products and 4 additions; one load
     * from memory (the other 8 along z from cache) and one store. */
    if (cfg->filter_godfrey) {
        if (!(c = add(out, &n, max, "godfrey_EB", "cell")))
            return n;
        c->items = (double)lay->dim[0] * lay->dim[1] * (lay->box[2] + 2 * (lay->ngs[2] - GEN_GODFREY_GUARDS)) * boxes;
        c->flops = 6 * 13;
        c->bytes = 6 * 2 * R;
    }
    return n;
}
