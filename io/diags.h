/* diags.h: the physicist's reduced diagnostics as files: beam moments, particle extrema,
 * histograms, field probes and field maxima (docs/output.md), one CSV each, written at their intervals from
 * runtime/pstats.c's numbers. Nothing runs on a step where none is due. */
#ifndef PICL_DIAGS_H
#define PICL_DIAGS_H

#include "diag_csv.h"
#include "io_state.h"
#include "pstats.h"

struct diags {
    struct pstats ps;
    struct diag_csv moments[CFG_MAX_PDIAG], extrema[CFG_MAX_PDIAG], hist[CFG_MAX_HIST], probes[CFG_MAX_PROBES];
    struct diag_csv field_max[CFG_MAX_PDIAG];
    double *row; /* one row of the widest file */
    int open;
};

/* Opens the files (rank 0; the others compute and write nothing); resume_step >= 0 keeps an
 * earlier run's rows up to it. A run without these diagnostics opens nothing. */
/* The columns of a moments row (after step and time_s; docs/output.md), and the row in SI from
 * the moments m (pstats' units: positions in cells of dx[] from lower[], u in m/s, gamma - 1):
 * positions, u / c, energies m c^2 (gamma - 1), the normalised rms emittance eps_n =
 * sqrt(<dx^2><dux^2> - <dx dux>^2) with ux = gamma v / c. */
extern const char diags_moments_header[];
enum { DIAGS_MOMENTS_COLUMNS = 21 };
void diags_moments_row(const struct pstats_moments *m, const struct cfg_species *sp, const double lower[3],
                       const double dx[3], double *v);

int diags_open(struct diags *d, const struct io_state *io, long resume_step, char *err, size_t err_len);
/* True when one of them wants this step. */
int diags_due(const struct picl_config *cfg, long step);
/* Every one due at io->step. Collective. */
int diags_write(struct diags *d, const struct io_state *io, char *err, size_t err_len);
/* ok: the files get their final names. Releases everything. */
int diags_close(struct diags *d, struct ctx *c, int ok, char *err, size_t err_len);

#endif
