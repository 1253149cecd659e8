/* psatd.h: the k-space tables of the PSATD update (templates/psatd.cl), computed once on the host
 * in double (Haber et al. 1973; Vay, Haber & Godfrey, J. Comput. Phys. 243, 260 (2013)). */
#ifndef PICL_PSATD_H
#define PICL_PSATD_H

#include <stddef.h>

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* For an FFT grid of n[0] x n[1] x n[2] points spaced dx (m), in the FFT's order (index m means
 * wavenumber m, or m - n above n/2). An axis of one point (2D, 1D) has k = 0. */
struct psatd_tables {
    int n[3];
    long points;
    /* k along each axis, rad/m: kx[0..n0-1], ky[..n1], kz[..n2] one after another. 0 at the
     * Nyquist index of an even axis: its derivative there is imaginary for a real field on a
     * staggered grid, so the mode is left out of the curl (and of the shifts), as a real field
     * keeps its Hermitian symmetry. */
    double *k;
    /* exp(i k d/2) per axis, (cos, sin) pairs in the order of k: the half-cell shift between a
     * component's samples and the nodes (picl's Yee staggering, gen_stagger) */
    double *shift;
    /* four per point: C = cos(c|k|dt), S/(c|k|) (-> dt at k = 0), (1 - C)/k^2 (-> (c dt)^2/2),
     * (S/(c|k|) - dt)/k^2 (-> -dt (c dt)^2/6) */
    double *coef;
    /* Galilean PSATD only (vg given), twelve per point, (re, im) pairs: T2 = exp(i w dt), X1, X2, X3,
     * X4 and Q, with w = k.vg (Lehe et al., Phys. Rev. E 94, 053305 (2016); Kirchen et al., Phys.
     * Plasmas 23, 100704 (2016); in WarpX's form, PsatdAlgorithmGalilean.cpp). Q carries rho^{n+1}
     * from rho^n and J: (1 - T2)/w (-> -i dt at w = 0). NULL without vg. */
    double *gal;
};

/* vg: the Galilean velocity in m/s, or NULL for standard PSATD */
int psatd_tables(struct psatd_tables *t, const int n[3], const double dx[3], double dt, const double *vg,
                 char *err, size_t err_len);
void psatd_tables_free(struct psatd_tables *t);

/* templates/psatd.cl's macros for this run (nothing unless solver is psatd): the FFT grid, which
 * is the one box's valid cells, c^2 and 1/eps0, and each component's staggering (gen_stagger). */
/* Whether the run uses the Galilean scheme: solver psatd with v_galilean not zero. */
int psatd_is_galilean(const struct picl_config *cfg);
/* Whether the k-space update takes the Galilean coefficients: the Galilean scheme, or the rho form
 * (solver.update_with_rho), which is written only in the Galilean update (at vg = 0 the standard one). */
int psatd_uses_gal(const struct picl_config *cfg);

/* Whether the step deposits rho at t^n and t^{n+1} for PSATD: the rho form or current correction. */
int psatd_rho_deposits(const struct picl_config *cfg);

void gen_psatd_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay);

#endif
