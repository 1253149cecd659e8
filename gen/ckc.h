/* ckc.h: the Cole-Karkkainen-Cowan solver's stencil weights, computed from the cell sizes as
 * WarpX computes them (Cowan et al., PRST-AB 16, 041303, 2013) and baked into the prelude. */
#ifndef PICL_CKC_H
#define PICL_CKC_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* CKC replaces Faraday's forward difference along axis a by a weighted sum of the same
 * difference on nine parallel lines: its own (alpha), the two displaced by one cell along
 * each transverse axis t (beta[a][t] each; beta[a][a] is 0) and the four displaced along
 * both transverse axes (gamma each). Per axis, alpha + 2 sum_t beta + 4 gamma = 1. */
struct gen_ckc {
    double alpha[3];
    double beta[3][3];
    double gamma[3];
};

/* The weights for cells of dx[0] x dx[1] x dx[2] metres (3D; any aspect ratio). */
void gen_ckc_weights(const double dx[3], struct gen_ckc *w);

/* The weights of the geometry's kept axes (has[a]: axis a kept): 3D as above; 2D Cowan's 2D
 * stencil as WarpX (beta[a][t] = r_t / 8 on the one transverse axis, gamma 0); 1D plain Yee
 * (alpha 1). Weights toward a dropped axis are 0 and the template never reads them. */
void gen_ckc_weights_dim(const double dx[3], const int has[3], struct gen_ckc *w);

/* CKC's Faraday difference along p of a plane wave exp(i k.x) is Yee's times this factor,
 * S_p(k) = alpha_p + 2 sum_t beta_pt cos(k_t d_t) + 4 gamma_p cos(k_t1 d_t1) cos(k_t2 d_t2)
 * (maxwell_ckc.cl; 1 for Yee's weights). */
double gen_ckc_factor(const struct gen_ckc *w, int p, const double k[3], const double dx[3]);

/* Writes the CKC_* weights as #define lines when the run's solver is CKC; nothing otherwise. */
void gen_ckc_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay);

#endif
