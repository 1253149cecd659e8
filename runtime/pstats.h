/* pstats.h: the device side of the physicist's reduced diagnostics: one pass of a kernel over a
 * species' particles (templates/particle_stats.cl) or over probe points (field_probe.cl), the
 * boxes combined in global box order and summed over the ranks. io/diags.c makes files of it. */
#ifndef PICL_PSTATS_H
#define PICL_PSTATS_H

#include "ctx.h"
#include "fields.h"
#include "species.h"

/* The quantities of the moments, in the kernels' units: position in cells from grid.lower
 * (x, y, z), u = gamma v in m/s (ux, uy, uz), gamma - 1. */
enum { PSTATS_Q = 7 };

/* A species' weighted statistics over every box of every rank: weight (physical particles)
 * and count, means, centred second moments sum w (q - mean)^2, the centred cross sums
 * sum w (x - <x>)(ux - <ux>) per axis, and the extrema (0 with no particle). */
struct pstats_moments {
    double count, weight;
    double mean[PSTATS_Q], m2[PSTATS_Q], cross[3];
    double min[PSTATS_Q], max[PSTATS_Q];
};

struct pstats {
    cl_program prog; /* the program the kernels and buffers below belong to (rebuilt: made anew) */
    /* moments: one per species, then one per moments and per extrema diagnostic with a filter */
    struct kernel moments[CFG_MAX_SPECIES + 2 * CFG_MAX_PDIAG], hist[CFG_MAX_HIST], probe[CFG_MAX_PROBES];
    struct arena_buf frame; /* the domain's lower corner now, for the filters */
    struct arena_buf moments_out, hist_spec[CFG_MAX_HIST], hist_out[CFG_MAX_HIST];
    struct arena_buf probe_pos[CFG_MAX_PROBES], probe_slot[CFG_MAX_PROBES], probe_out[CFG_MAX_PROBES];
    struct kernel field_max;
    struct arena_buf field_max_out;
    void *read; /* the host's copy of a kernel's output */
    size_t read_len;
    double *boxes; /* per global box moment sums, for the sum over ranks */
    size_t boxes_len;
    double *local; /* a kernel's output as doubles, this rank's boxes or rows */
    size_t local_len;
};

/* Statistics of species sp now (one launch, one read, one MPI sum). filter: -1 every particle;
 * otherwise moments diagnostic `filter` (extrema: CFG_MAX_PDIAG + its index), whose filter its
 * kernel applies. lower: the domain's lower corner now (m; the moving window's). */
int pstats_moments(struct pstats *p, struct ctx *c, struct species *sp, int filter, const double lower[3],
                   struct pstats_moments *out, char *err, size_t err_len);
/* Histogram h of cfg->diags now into bins[] (the product of the axes' bins, first axis fastest),
 * summed over boxes and ranks; `lower`: the domain's lower corner now (m; the moving window's).
 * ranges: h's axes with this step's min and max (an "auto" range resolved), or NULL: h's own. */
int pstats_histogram(struct pstats *p, struct ctx *c, struct species *sp, int h, const struct cfg_hist *ranges,
                     const double lower[3], double *bins, char *err, size_t err_len);
/* Probe i of cfg->diags: Ex, Ey, Ez (V/m), Bx, By, Bz (T) at each point into out[6 * point ..]. */
int pstats_probe(struct pstats *p, struct ctx *c, struct fields *f, int i, const double lower[3], double *out,
                 char *err, size_t err_len);
/* max |Ex|, |Ey|, |Ez|, |E|, |Bx|, |By|, |Bz|, |B| over the valid nodes of every box and rank
 * (|E|, |B| from the components averaged to the nodes). */
enum { PSTATS_FIELD_MAX = 8 };
int pstats_field_max(struct pstats *p, struct ctx *c, struct fields *f, double out[PSTATS_FIELD_MAX], char *err,
                     size_t err_len);
/* Releases the kernels and the device buffers while program and arena still exist (before a
 * rebuild: load balancing); the next call makes them anew. */
void pstats_unbuild(struct pstats *p, struct ctx *c);
void pstats_release(struct pstats *p, struct ctx *c);

#endif
