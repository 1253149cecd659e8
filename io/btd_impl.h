/* btd_impl.h: the state of the back-transformed diagnostics, shared by io/btd.c (the
 * snapshots) and io/btd_state.c (their part of a checkpoint); no other file sees it. */
#ifndef PICL_BTD_IMPL_H
#define PICL_BTD_IMPL_H

#include <stdint.h>

#include "btd_cross.h"
#include "ctx.h"
#include "diag_csv.h"

/* Steps of E and B kept: a slice due between the last two is interpolated in time through all
 * of them (cubic), and along the axis through 4 cells (cubic), docs/boosted_frame.md. */
#define BTD_LEVELS 4

/* A snapshot's particles of one species, lab frame, on this rank: BTD_PART reals each (x, y, z in
 * m, u = gamma v in m/s, weight) and their ids. */
#define BTD_PART 7
struct btd_parts {
    double *v;
    uint64_t *id;
    long n, cap;
};

struct btd_snap {
    double T; /* s, lab */
    double lo; /* m: the lab grid's lower edge along the axis at T */
    struct btd_parts parts[CFG_MAX_SPECIES];
    double *val; /* 6 components of out_cells each, x fastest; NULL until the first point */
    unsigned char *done; /* [6][cells]: the lab slices filled */
    long left; /* slices not yet filled */
    int written;
};

struct btd_diag {
    const struct cfg_btd *cfg;
    double dz; /* m, lab cell along the axis */
    /* the lab-frame moments of each species it writes, a row per snapshot (rank 0) */
    struct diag_csv moments[CFG_MAX_SPECIES];
    struct btd_snap snap[CFG_MAX_BTD_TIMES];
};

struct btd {
    struct ctx *ctx;
    struct btd_cross cross; /* the particles' crossings, on the device */
    int moved; /* a step has run since the start: the particles have a last move */
    long crossed; /* particles taken into snapshots, over all species */
    struct btd_diag diag[CFG_MAX_BTD];
    int n;
    int a, p, q; /* the boost's axis and the transverse ones */
    double gamma, beta;
    size_t cells; /* of the boosted grid */
    size_t out_cells; /* of the largest lab grid */
    /* the last BTD_LEVELS steps' boosted E, B (6 x cells, x fastest; every rank's boxes), newest
     * first, at times t[l] with the window's lower edge lo[l]; n_lev of them are valid */
    double *F[BTD_LEVELS];
    double t[BTD_LEVELS], lo[BTD_LEVELS];
    int n_lev;
    double next_due; /* s, boosted: the earliest t' of a slice not yet filled */
    long pending; /* snapshots not yet written */
    long before_start; /* slices whose boosted time is before t' = 0 (left at zero) */
    long outside; /* slices outside the boosted domain when due (left at zero) */
    long reads, skips; /* steps that read E and B to the host, and steps that did not need to */
    double read_s, fill_s; /* s of wall time: reading (and summing over ranks), interpolating and writing */
};

/* The checkpoint's part (btd_state.c): read back into b, set up by btd_open for the same input,
 * from the checkpoint at path (btd_checkpoint, btd.h, writes it). */
int btd_load(struct btd *b, const char *path, char *err, size_t err_len);

#endif
