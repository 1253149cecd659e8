/* rz_fields.cl: the field diagnostics of the quasi-cylindrical geometry (docs/rz.md): sums over
 * the (r, z) grid weighted by the volume each point stands for, r dr dtheta dz summed over theta. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "maxwell_rz.cl"
#include "reduce.cl" /* gauss_node_counts, gauss_window_keeps */
#endif

/* The theta integral of a mode's square: 2 pi for m = 0; pi (cos^2 or sin^2) for each part of
 * m >= 1. Times r: the node r_i = i dr stands for the ring [r_i - dr/2, r_i + dr/2], whose
 * integral of r dr is r_i dr, except the axis node, whose disc [0, dr/2] gives dr^2 / 8; the half
 * node r_{i+1/2} for its ring, (i + 1/2) dr^2. Returned over dr: the host multiplies by dr dz. */
static inline acc_real rz_ring(const int ir, const int at_half)
{
    return at_half ? ((acc_real)ir + (acc_real)0.5) * DR : ir == 0 ? DR / 8 : (acc_real)ir * DR;
}

/* out[row * 2 + 0] = sum over r of E^2 weighted, out[row * 2 + 1] the same of B^2 (reduce.cl's
 * reduce_fields, the rows are the (z, box) lines; times dr dz on the host), of mode `mode` alone:
 * the modes are orthogonal over theta, so the energy is the sum of the modes' (the host launches
 * one mode at a time for the reduced diagnostic's columns per mode). */
__kernel void rz_reduce_fields(__global const real *F, __global acc_real *out, const int mode)
{
    const int j = (int)get_global_id(0); /* 0: the dropped y */
    const int b = (int)get_global_id(1) / NZ;
    const int k = (int)get_global_id(1) - b * NZ;
    const int m = mode;
    const acc_real theta = m == 0 ? 2 * M_PI : M_PI;
    acc_real e2 = 0, b2 = 0;
    for (int p = 0; p <= (m > 0); p++) {
        __global const real *Er = RZF(F, RZ_ER, m, p, b), *Et = RZF(F, RZ_ET, m, p, b), *Ez = RZF(F, RZ_EZ, m, p, b);
        __global const real *Br = RZF(F, RZ_BR, m, p, b), *Bt = RZF(F, RZ_BT, m, p, b), *Bz = RZF(F, RZ_BZ, m, p, b);
        for (int i = 0; i < NX; i++) {
            const int n = IDX(i, j, k), ir = RZ_IR(i, b);
            const acc_real node = theta * rz_ring(ir, 0), mid = theta * rz_ring(ir, 1);
            e2 += mid * (acc_real)Er[n] * Er[n] + node * ((acc_real)Et[n] * Et[n] + (acc_real)Ez[n] * Ez[n]);
            b2 += node * (acc_real)Br[n] * Br[n] + mid * ((acc_real)Bt[n] * Bt[n] + (acc_real)Bz[n] * Bz[n]);
        }
    }
    const int row = (int)get_global_id(1) * NY + j;
    out[row * 2 + 0] = e2;
    out[row * 2 + 1] = b2;
}

/* div_m E of part p of mode m on node n (r index ir) with maxwell_rz.cl's divergence, ((i + 1/2)
 * E_r(i) - (i - 1/2) E_r(i - 1)) / (i dr) + (dE_t/dtheta)_p / (i dr) + dE_z/dz, and on the axis
 * the disc's 4 E_r(dr/2) / dr + dE_z/dz (meaningful for m = 0 only: the higher modes have no law
 * there). Shared by the residual below and the window's reference (window.cl). */
static inline acc_real rz_div_E(__global const real *F, const int m, const int p, const int b, const int n, const int ir)
{
    const int q = RZ_Q(m, p);
    const real sm = RZ_SM(m, p);
    __global const real *Er = RZF(F, RZ_ER, m, p, b), *Etq = RZF(F, RZ_ET, m, q, b), *Ez = RZF(F, RZ_EZ, m, p, b);
    const acc_real dz = ((acc_real)Ez[n] - Ez[n - SZ]) / DZ;
    const acc_real dr = ir == 0 ? 4 * (acc_real)Er[n] / DR
                                : (((acc_real)ir + (acc_real)0.5) * Er[n] - ((acc_real)ir - (acc_real)0.5) * Er[n - 1] +
                                   (acc_real)sm * Etq[n]) / ((acc_real)ir * DR);
    return dr + dz;
}

/* Gauss's law per mode, reduce.cl's reduce_gauss for RZ (charge_residual): on every node and
 * every part, div_m E - rho_m / eps0 - G0 (rz_div_E; on the axis for m = 0 only: modes m >= 1
 * have neither rho nor a law there). The
 * wall's node r_max (where an absorbed particle leaves its charge) is not counted, as 2D's upper
 * faces are not; nor, as reduce.cl's, the nodes deeper than a PML's inner edge (along z, at
 * r_max), where the derivative across the layer is stretched. out[row * 2 + 0] the worst
 * residual, out[row * 2 + 1] max |rho / eps0|. */
__kernel void rz_reduce_gauss(__global real *F, __global acc_real *out, const int store)
{
    const int j = (int)get_global_id(0);
    const int b = (int)get_global_id(1) / NZ;
    const int k = (int)get_global_id(1) - b * NZ;
    const int kz = RZ_KZ(k, b);
    acc_real worst = 0, scale = 0;
#ifdef WINDOW_AXIS /* along z: as reduce_gauss, only the nodes away from the window's faces */
    const int counted = store || gauss_window_keeps(kz, CELLS_Z);
#else
    const int counted = 1;
#endif
    for (int m = 0; m < RZ_MODES; m++)
        for (int p = 0; p <= (m > 0); p++) {
            __global const real *rho = RZF(F, RZ_RHO, m, p, b);
            __global real *G0 = COMP(F, C_G0 + RZC(0, m, p), b);
            for (int i = 0; i < NX; i++) {
                const int n = IDX(i, j, k), ir = RZ_IR(i, b);
                if ((ir == 0 && m > 0) || !counted || !gauss_node_counts(ir, 0, kz))
                    continue;
                const acc_real div = rz_div_E(F, m, p, b, n, ir), r = (acc_real)rho[n] / (acc_real)PICL_EPS0;
                if (store)
                    G0[n] = (real)(div - r);
                worst = fmax(worst, fabs(div - r - (acc_real)G0[n]));
                scale = fmax(scale, fabs(r));
            }
        }
    const int row = (int)get_global_id(1) * NY + j;
    out[row * 2 + 0] = worst;
    out[row * 2 + 1] = scale;
}
