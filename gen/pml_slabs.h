/* pml_slabs.h: the slabs of the perfectly matched layer (templates/pml.cl): where each lies, where
 * its auxiliary arrays sit in the one PML buffer, and the literals the kernels take. */
#ifndef PICL_PML_SLABS_H
#define PICL_PML_SLABS_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* Grading of sigma across a PML: depth^PML_ORDER (Taflove and Hagness, section 7.6), and sigma at
 * the wall in units of (m + 1) c / d. Taflove and Hagness's optimum (m = 3, 0.8: their eq. 7.67)
 * is for well-resolved waves; at 4 cells a wavelength and 45 degrees (WarpX's 2D PML test) the
 * grading's own reflection dominates, and m = 2 (WarpX's grading) with 0.45 leaves 12 times less
 * with Yee and 140 times less with CKC, at c dt = 1 of the limit (docs/geometry.md: a sweep of
 * 0.2 to 1.6 and m = 2 to 4), for 1.1e-8 of the energy at normal incidence over 10 cells. */
#define GEN_PML_ORDER 2
#define GEN_PML_SIGMA_FACTOR 0.45
#define GEN_PML_ARRAYS 4 /* psi of the two tangential E and the two tangential B components */

/* One PML: the cells along `axis` next to face `side` (0 lower, 1 upper), over the whole
 * domain along the other two axes. Its arrays take GEN_PML_ARRAYS * size reals from `offset`
 * of the PML buffer; `range` is its extent (cells across, then along the next two axes in
 * cyclic order). Its cells are the kernels' work items offset / GEN_PML_ARRAYS onwards. */
struct gen_pml_slab {
    int axis, side, cells;
    long offset, size;
    size_t range[3];
    char name[8]; /* "X_LO": the literals are PML_X_LO, PML_PSI_X_LO, ... */
};

/* The run's slabs (at most six); returns how many. *total: reals of the whole buffer. */
int gen_pml_slabs(const struct picl_config *cfg, const struct gen_layout *lay, struct gen_pml_slab slab[6],
                  long *total);

/* sigma / eps0 at the wall (1/s): GEN_PML_SIGMA_FACTOR (m + 1) c / d. */
double gen_pml_sigma_max(double d);

/* Writes the PML_* literals (zero cells on faces without a PML). */
void gen_pml_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay);

#endif
