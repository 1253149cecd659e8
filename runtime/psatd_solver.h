/* psatd_solver.h: the spectral (PSATD) Maxwell step of a run: the box's E, B, J into k-space, the
 * exact update over dt (templates/psatd.cl), and back (docs/psatd.md). One FFT of the whole periodic
 * domain, every box packed at its offset; with several ranks every rank's boxes are gathered and
 * every rank does the whole FFT (correct, not scalable). */
#ifndef PICL_PSATD_SOLVER_H
#define PICL_PSATD_SOLVER_H

#include "ctx.h"
#include "fft.h"

struct psatd_solver {
    struct arena_buf fk; /* Ex Ey Ez Bx By Bz Jx Jy Jz transforms of the domain, complex `real`, one after another */
    struct arena_buf coef, k, shift; /* gen/psatd.c's tables, in `real` */
    struct arena_buf gal; /* the Galilean coefficients (v_galilean given), else unallocated */
    struct fft_plan plan; /* the 9 arrays (11 with rho^n, rho^{n+1}) as one batch */
    struct kernel pack, push, unpack, pack_rho; /* pack_rho: the rho form's only */
    struct kernel pack_gauss, gauss; /* the charge_residual's spectral divergence */
    size_t points;
    size_t bytes; /* of one complex array of the domain */
    int arrays; /* in fk: 9, or 11 with rho^n and rho^{n+1} */
    void *host; /* several ranks: fk on the host, summed over the ranks (every rank packs its boxes) */
};

/* Plans the FFT and uploads the tables for the run's domain; `fields` is the field buffer. */
int psatd_solver_create(struct psatd_solver *p, struct ctx *c, cl_mem fields, char *err, size_t err_len);
void psatd_solver_destroy(struct psatd_solver *p, struct ctx *c);
/* The rho form and current correction: the field buffer's rho, deposited at t, copied as rho^n;
 * rho^{n+1} is taken by psatd_solver_advance from the rho deposited after the push. */
int psatd_solver_rho_old(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len);
/* E and B from t to t + dt with the J of t + dt/2 (summed and filtered), on the valid cells: the
 * same centring as Yee's leapfrog. Guards are left to the caller's FillBoundary. */
int psatd_solver_advance(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len);
/* The charge_residual's G = div E - rho/eps0 with PSATD's spectral divergence (the one current
 * correction conserves), from the field buffer's E and rho, into transform 0 of fk at the domain's
 * points (real part), for fields_gauss's psatd_reduce_gauss. Diagnostic steps only: two FFT batches. */
int psatd_solver_gauss(struct psatd_solver *p, struct ctx *c, char *err, size_t err_len);

#endif
