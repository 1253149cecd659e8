/* maxwell_rz.cl: the Yee FDTD update in quasi-cylindrical (r, theta, z) geometry, one azimuthal
 * mode m per work item (Lifschitz et al., J. Comput. Phys. 228, 1803 (2009); docs/rz.md). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
/* stand-ins: 2 modes (m = 0, 1), so 3 stored parts per field */
#define RZ_MODES 2
#define RZ_MODE_COMPS 3
#define DR DX
#define HDT_DR HDT_DX
#define C2DT_DR C2DT_DX
#define RZ_PEC_Z_LO 1
#endif

/* The layout is the 2D one with x -> r and z -> z: cell i of a box is the r node i (Et, Ez, Br)
 * and the half node i + 1/2 (Er, Bt, Bz); z as in 2D. Field f of mode m, part p (0: the cos
 * m theta coefficient, the real part of F~m in F = Re sum F~m exp(-i m theta); 1: the sin m theta
 * coefficient, the imaginary part), is component RZC(f, m, p): each field's modes lie together
 * in openPMD thetaMode's order (m = 0, then re, im of m = 1, 2 ...). Mode 0 has no part 1. */
#define RZ_ER 0
#define RZ_ET 1
#define RZ_EZ 2
#define RZ_BR 3
#define RZ_BT 4
#define RZ_BZ 5
#define RZ_JR 6
#define RZ_JT 7
#define RZ_JZ 8
#define RZ_RHO 9
#define RZC(f, m, p) ((f) * RZ_MODE_COMPS + ((m) == 0 ? 0 : 2 * (m) - 1 + (p)))
#define RZF(F, f, m, p, b) COMP(F, RZC(f, m, p), b)

/* Work items: i over r, the mode m in get_global_id(1) (the dropped y axis), k over z per box. */
#define RZ_ITEM(i, m, k, b) CELL_ITEM(i, m, k, b)
/* The global r node index of cell i of box b (boxes may lie along r too). */
#define RZ_IR(i, b) (BOX_X(BOX_GID(b)) * NX + (i))
#define RZ_KZ(k, b) (BOX_Z(BOX_GID(b)) * NZ + (k))

/* d/dtheta of part p: (dF/dtheta)_cos = m F_sin, (dF/dtheta)_sin = -m F_cos, so the theta
 * derivative of part p reads part 1 - p times RZ_SM(m, p). For m = 0 the partner is part 0
 * itself, times 0. */
#define RZ_SM(m, p) ((p) == 0 ? (real)(m) : -(real)(m))
#define RZ_Q(m, p) ((m) == 0 ? 0 : 1 - (p))

/* Faraday over half a step, B -= (dt/2) curl E, per mode:
 *   curl_r = (1/r) dE_z/dtheta - dE_t/dz   at (i, k+1/2)
 *   curl_t = dE_r/dz - dE_z/dr             at (i+1/2, k+1/2)
 *   curl_z = (1/r) d(r E_t)/dr - (1/r) dE_r/dtheta at (i+1/2, k)
 * On the axis (r node 0) only B_r lives: 0 for m = 0 (no theta dependence) and m >= 2 (every
 * field of mode m vanishes as r^(m-1) or faster there); for m = 1 its singular term takes
 * E_z's slope, (1/r) dE_z/dtheta -> m E_z(dr) / dr with E_z(0) = 0 (E_z of m = 1 is odd in r,
 * so this is second order). curl_z at r_{i+1/2} weights E_t(0) by r = 0: it needs no axis value. */
__kernel void rz_push_B_half(__global real *F)
{
    RZ_ITEM(i, m, k, b);
    const int ir = RZ_IR(i, b), n = IDX(i, 0, k);
    for (int p = 0; p <= (m > 0); p++) {
        const int q = RZ_Q(m, p);
        const real sm = RZ_SM(m, p);
        __global const real *Er = RZF(F, RZ_ER, m, p, b), *Et = RZF(F, RZ_ET, m, p, b), *Ez = RZF(F, RZ_EZ, m, p, b);
        __global const real *Erq = RZF(F, RZ_ER, m, q, b), *Ezq = RZF(F, RZ_EZ, m, q, b);
        __global real *Br = RZF(F, RZ_BR, m, p, b), *Bt = RZF(F, RZ_BT, m, p, b), *Bz = RZF(F, RZ_BZ, m, p, b);
        Bt[n] -= HDT_DZ * (Er[n + SZ] - Er[n]) - HDT_DR * (Ez[n + 1] - Ez[n]);
        Bz[n] -= HDT_DR / ((real)ir + (real)0.5) * ((real)(ir + 1) * Et[n + 1] - (real)ir * Et[n] - sm * Erq[n]);
        if (ir > 0)
            Br[n] -= HDT_DR * sm * Ezq[n] / (real)ir - HDT_DZ * (Et[n + SZ] - Et[n]);
        else if (m == 1)
            Br[n] -= HDT_DR * sm * Ezq[n + 1] - HDT_DZ * (Et[n + SZ] - Et[n]);
        else
            Br[n] = 0;
    }
}

/* Ampere over a full step, E += c^2 dt curl B - dt J / eps0, per mode:
 *   curl_r = (1/r) dB_z/dtheta - dB_t/dz   at (i+1/2, k)
 *   curl_t = dB_r/dz - dB_z/dr             at (i, k)
 *   curl_z = (1/r) d(r B_t)/dr - (1/r) dB_r/dtheta at (i, k+1/2)
 * On the axis:
 *   m = 0: E_t = 0; E_z from Stokes over the disc r < dr/2, (1/r) d(r B_t)/dr -> 4 B_t(dr/2) / dr
 *          (the same disc as Gauss's law there, so charge conservation carries over to r = 0);
 *   m = 1: E_z = 0; E_t evolves by Ampere with dB_z/dr = 2 B_z(dr/2) / dr (B_z of m = 1 is odd
 *          in r, B_z(-dr/2) = -B_z(dr/2)): the Cartesian Yee update of the transverse field there;
 *   m >= 2: E_t = E_z = 0.
 * E_r and B_t, B_z sit at r_{i+1/2} > 0 and need no axis rule. r_max is a PEC wall on the node
 * CELLS_X: E_t, E_z there stay 0 (no work item writes them); with RZ_PEC_Z_LO the tangential
 * E_r, E_t on the node z = 0 stay 0 (the upper z wall is the node CELLS_Z, never written). */
__kernel void rz_push_E(__global real *F)
{
    RZ_ITEM(i, m, k, b);
    const int ir = RZ_IR(i, b), n = IDX(i, 0, k);
    const int z_wall = RZ_PEC_Z_LO && RZ_KZ(k, b) == 0;
    for (int p = 0; p <= (m > 0); p++) {
        const int q = RZ_Q(m, p);
        const real sm = RZ_SM(m, p);
        __global real *Er = RZF(F, RZ_ER, m, p, b), *Et = RZF(F, RZ_ET, m, p, b), *Ez = RZF(F, RZ_EZ, m, p, b);
        __global const real *Br = RZF(F, RZ_BR, m, p, b), *Bt = RZF(F, RZ_BT, m, p, b), *Bz = RZF(F, RZ_BZ, m, p, b);
        __global const real *Brq = RZF(F, RZ_BR, m, q, b), *Bzq = RZF(F, RZ_BZ, m, q, b);
        __global const real *Jr = RZF(F, RZ_JR, m, p, b), *Jt = RZF(F, RZ_JT, m, p, b), *Jz = RZF(F, RZ_JZ, m, p, b);
        if (!z_wall)
            Er[n] += C2DT_DR * sm * Bzq[n] / ((real)ir + (real)0.5) - C2DT_DZ * (Bt[n] - Bt[n - SZ]) - DT_EPS0 * Jr[n];
        if (ir > 0) {
            if (!z_wall)
                Et[n] += C2DT_DZ * (Br[n] - Br[n - SZ]) - C2DT_DR * (Bz[n] - Bz[n - 1]) - DT_EPS0 * Jt[n];
            Ez[n] += C2DT_DR / (real)ir *
                         (((real)ir + (real)0.5) * Bt[n] - ((real)ir - (real)0.5) * Bt[n - 1] - sm * Brq[n]) -
                     DT_EPS0 * Jz[n];
        } else if (m == 0) {
            Et[n] = 0;
            Ez[n] += 4 * C2DT_DR * Bt[n] - DT_EPS0 * Jz[n];
        } else {
            if (m == 1 && !z_wall)
                Et[n] += C2DT_DZ * (Br[n] - Br[n - SZ]) - C2DT_DR * 2 * Bz[n] - DT_EPS0 * Jt[n];
            else
                Et[n] = 0;
            Ez[n] = 0;
        }
    }
}
