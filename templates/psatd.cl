/* psatd.cl: the PSATD update in k-space (Haber et al. 1973; Vay, Haber & Godfrey, J. Comput.
 * Phys. 243, 260 (2013), eqs. for E and B with J constant over the step): E and B advanced
 * exactly over dt, no numerical dispersion. Not yet part of picl's step (docs/psatd.md). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#endif

/* The FFT grid and the physics, baked by whoever builds this; stand-ins for an editor. */
#ifndef PSATD_NX
#define PSATD_NX 8
#define PSATD_NY 8
#define PSATD_NZ 8
#endif
#define PSATD_POINTS (PSATD_NX * PSATD_NY * PSATD_NZ)
#ifndef PSATD_C2
#define PSATD_C2 8.987551787368176e16 /* c^2, m^2/s^2 */
#define PSATD_INV_EPS0 1.129409066758147e11 /* 1/eps0, m/F */
#endif
/* Which axes each component is shifted half a cell along (bit a = axis a): picl's Yee grid,
 * gen_stagger. J sits where E does. */
#ifndef PSATD_STAGGER_E
#define PSATD_STAGGER_E { 1, 2, 4 }
#define PSATD_STAGGER_B { 6, 5, 3 }
#endif

/* Galilean PSATD (gen/psatd.c's gal table, 12 reals a point) or standard */
#ifndef PSATD_GALILEAN
#define PSATD_GALILEAN 0
#endif
/* The rho form (solver.update_with_rho, Galilean update only): rho^n and rho^{n+1}, deposited at the
 * nodes, are transforms 9 and 10 after Ex .. Jz */
#ifndef PSATD_RHO
#define PSATD_RHO 0
#endif
/* Current correction (solver.current_correction): J projected in k-space onto the continuity
 * equation with the rho^n, rho^{n+1} deposited as for the rho form (transforms 9 and 10) */
#ifndef PSATD_CURRENT_CORRECTION
#define PSATD_CURRENT_CORRECTION 0
#endif
#ifndef PSATD_DT
#define PSATD_DT 1e-15 /* s */
#endif
#define PSATD_ARRAYS ((PSATD_RHO || PSATD_CURRENT_CORRECTION) ? 11 : 9)

#if REAL_IS_DOUBLE
typedef double2 cplx;
#else
typedef float2 cplx;
#endif

inline cplx c_mul(cplx a, cplx b) { return (cplx)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
inline cplx c_mul_conj(cplx a, cplx b) { return (cplx)(a.x * b.x + a.y * b.y, a.y * b.x - a.x * b.y); }
inline cplx c_i(cplx a) { return (cplx)(-a.y, a.x); }

/* exp(i k.d) of a component shifted by d = half a cell along the axes in `mask`, from the
 * per-axis factors s[a] = exp(i k_a d_a/2) */
inline cplx psatd_shift(int mask, const cplx s[3])
{
    cplx r = (cplx)(1, 0);
    for (int a = 0; a < 3; a++)
        if (mask & (1 << a))
            r = c_mul(r, s[a]);
    return r;
}

/* k-point n of the domain's FFT grid (x fastest): its wave vector kv (the solver's k per axis
 * index) and the per-axis half-cell factors s (gen/psatd.c's tables), for psatd_push and psatd_gauss */
inline void psatd_kpoint(int n, __global const real *k, __global const cplx *shift, real kv[3], cplx s[3])
{
    const int at[3] = { n % PSATD_NX, PSATD_NX + (n / PSATD_NX) % PSATD_NY, PSATD_NX + PSATD_NY + n / (PSATD_NX * PSATD_NY) };
    for (int a = 0; a < 3; a++) {
        kv[a] = k[at[a]];
        s[a] = shift[at[a]];
    }
}

/* One k-point per work item. F: the transforms of Ex Ey Ez Bx By Bz Jx Jy Jz, PSATD_POINTS
 * complex values each, one after another; E and B are overwritten with their values one step
 * later, J is read. coef: C, S/(ck), (1-C)/k^2, (S/(ck)-dt)/k^2 per point; k: kx, ky, kz per
 * axis index; shift: exp(i k d/2) per axis index (gen/psatd.c).
 * Each component's samples sit d off the nodes, so its transform is A(k) exp(i k.d): the update
 * works on A(k), the field as if collocated, and shifts back (spectral derivatives with the
 * half-cell factors exp(+-i k d/2) of the staggered grid, in one place). With A = E, B, J:
 *   E' = C E + i c^2 S/(ck) k x B - S/(ck)/eps0 J + (1-C)/k^2 k(k.E) + (S/(ck)-dt)/k^2/eps0 k(k.J)
 *   B' = C B - i S/(ck) k x E + (1-C)/k^2 (i k x J/(eps0 c^2) + k(k.B))
 * (the transverse parts rotate exactly; the longitudinal E takes -dt J/eps0; div B stays). */
__kernel void psatd_push(__global cplx *F, __global const real *coef, __global const real *k,
                         __global const cplx *shift, __global const cplx *gal)
{
    const int n = get_global_id(0);
    if (n >= PSATD_POINTS)
        return;
    real kv[3];
    cplx s[3];
    psatd_kpoint(n, k, shift, kv, s);
    const int stag_e[3] = PSATD_STAGGER_E, stag_b[3] = PSATD_STAGGER_B;
    cplx E[3], B[3], J[3], se[3], sb[3];
    for (int c = 0; c < 3; c++) {
        se[c] = psatd_shift(stag_e[c], s);
        sb[c] = psatd_shift(stag_b[c], s);
        E[c] = c_mul_conj(F[c * PSATD_POINTS + n], se[c]);
        B[c] = c_mul_conj(F[(3 + c) * PSATD_POINTS + n], sb[c]);
        J[c] = c_mul_conj(F[(6 + c) * PSATD_POINTS + n], se[c]);
    }
    const real C = coef[4 * n], S_ck = coef[4 * n + 1], X1s = coef[4 * n + 2], X2s = coef[4 * n + 3];
    const cplx kE = kv[0] * E[0] + kv[1] * E[1] + kv[2] * E[2];
    const cplx kB = kv[0] * B[0] + kv[1] * B[1] + kv[2] * B[2];
    cplx kJ = kv[0] * J[0] + kv[1] * J[1] + kv[2] * J[2];
#if PSATD_CURRENT_CORRECTION
    /* Vay, Haber & Godfrey 2013 (sec. 2.3); WarpX's psatd.current_correction: J's longitudinal part
     * replaced by what the deposited rho asks, J <- J - k (k.J - k.J_c)/k^2, where k.J_c solves the
     * spectral continuity equation: i (rho^{n+1} - rho^n)/dt standard; in the Galilean grid, where
     * rho^{n+1} = T2 rho^n + Q k.J, (rho^{n+1} - T2 rho^n)/Q (the same at k.vg = 0, Q = -i dt).
     * Then i k.E = rho/eps0 holds at every step if it held at the start. The k = 0 mode (and the
     * Nyquist modes, whose k is 0 here) carry no divergence: left alone. */
    {
        const real k2 = kv[0] * kv[0] + kv[1] * kv[1] + kv[2] * kv[2];
        const cplx r_old = F[9 * PSATD_POINTS + n], r_new = F[10 * PSATD_POINTS + n];
#if PSATD_GALILEAN
        const cplx Tc = gal[6 * n], Qc = gal[6 * n + 5];
        const real q2 = Qc.x * Qc.x + Qc.y * Qc.y;
        /* Q = 0 where k.vg dt is a multiple of 2 pi: continuity does not involve J there */
        const cplx kJc = q2 > 0 ? c_mul_conj(r_new - c_mul(Tc, r_old), Qc) / q2 : kJ;
#else
        const cplx kJc = c_i(r_new - r_old) * (real)(1 / PSATD_DT);
#endif
        if (k2 > 0) {
            const cplx f = (kJ - kJc) / k2;
            for (int c = 0; c < 3; c++)
                J[c] -= kv[c] * f;
            kJ = kJc;
        }
    }
#endif
#if PSATD_GALILEAN
    /* Galilean PSATD (Lehe et al. 2016; Kirchen et al. 2016), in WarpX's form with rho taken from
     * Gauss's law and the continuity equation in the moving grid (its psatd.update_with_rho = 0):
     *   rho^n = i eps0 k.E, rho^{n+1} = T2 rho^n + Q k.J,
     *   E' = T2 (C E + i c^2 S/(ck) k x B) + X4 J - i k (X2 rho^{n+1} - T2 X3 rho^n)
     *   B' = T2 (C B - i S/(ck) k x E + (1-C)/k^2 k(k.B)) + i X1 k x J
     * (k(k.B): div B, zero, kept as in the standard update). At k.vg = 0 it is the standard one. */
    const cplx T2 = gal[6 * n], X1 = gal[6 * n + 1], X2 = gal[6 * n + 2], X3 = gal[6 * n + 3];
    const cplx X4 = gal[6 * n + 4], Q = gal[6 * n + 5];
#if PSATD_RHO
    /* deposited (rho sits at the nodes on either grid: no shift); WarpX's update_with_rho = 1 */
    const cplx rho_old = F[9 * PSATD_POINTS + n], rho_new = F[10 * PSATD_POINTS + n];
    (void)Q;
#else
    const cplx rho_old = c_i((real)(1 / PSATD_INV_EPS0) * kE);
    const cplx rho_new = c_mul(T2, rho_old) + c_mul(Q, kJ);
#endif
    const cplx R = c_mul(X2, rho_new) - c_mul(c_mul(T2, X3), rho_old);
    for (int c = 0; c < 3; c++) {
        const int a = (c + 1) % 3, b = (c + 2) % 3;
        const cplx kxB = kv[a] * B[b] - kv[b] * B[a];
        const cplx kxE = kv[a] * E[b] - kv[b] * E[a];
        const cplx kxJ = kv[a] * J[b] - kv[b] * J[a];
        const cplx e = c_mul(T2, C * E[c] + ((real)PSATD_C2 * S_ck) * c_i(kxB)) + c_mul(X4, J[c]) - kv[c] * c_i(R);
        const cplx bn = c_mul(T2, C * B[c] - S_ck * c_i(kxE) + (X1s * kv[c]) * kB) + c_i(c_mul(X1, kxJ));
        F[c * PSATD_POINTS + n] = c_mul(e, se[c]);
        F[(3 + c) * PSATD_POINTS + n] = c_mul(bn, sb[c]);
    }
    return;
#endif
    for (int c = 0; c < 3; c++) {
        const int a = (c + 1) % 3, b = (c + 2) % 3; /* (k x V)_c = k_a V_b - k_b V_a */
        const cplx kxB = kv[a] * B[b] - kv[b] * B[a];
        const cplx kxE = kv[a] * E[b] - kv[b] * E[a];
        const cplx kxJ = kv[a] * J[b] - kv[b] * J[a];
        const cplx e = C * E[c] + ((real)PSATD_C2 * S_ck) * c_i(kxB) - (S_ck * (real)PSATD_INV_EPS0) * J[c] +
                       (X1s * kv[c]) * kE + (X2s * (real)PSATD_INV_EPS0 * kv[c]) * kJ;
        const cplx bn = C * B[c] - S_ck * c_i(kxE) + X1s * ((real)(PSATD_INV_EPS0 / PSATD_C2) * c_i(kxJ) + kv[c] * kB);
        F[c * PSATD_POINTS + n] = c_mul(e, se[c]);
        F[(3 + c) * PSATD_POINTS + n] = c_mul(bn, sb[c]);
    }
}

/* Gauss's law as PSATD conserves it, for the charge_residual diagnostic: transforms 0..2 hold Ex,
 * Ey, Ez and transform 3 holds rho (psatd_pack_gauss); transform 0 becomes G = i k.E - rho/eps0
 * with the solver's k (exact, 0 at an even axis's Nyquist index) and E's half-cell factors taken
 * off, so that the inverse transform is PSATD's spectral div E - rho/eps0 at the nodes. Current
 * correction keeps it constant to round-off; Yee's finite difference would not (docs/psatd.md).
 * Where the solver's k is 0 (the mean, and where every non-zero index is an even axis's Nyquist)
 * PSATD has no divergence to hold rho: those modes are left out (G = 0), as the correction leaves them. */
__kernel void psatd_gauss(__global cplx *F, __global const real *k, __global const cplx *shift)
{
    const int n = get_global_id(0);
    if (n >= PSATD_POINTS)
        return;
    real kv[3];
    cplx s[3];
    psatd_kpoint(n, k, shift, kv, s);
    const int stag_e[3] = PSATD_STAGGER_E;
    cplx kE = (cplx)(0, 0);
    for (int c = 0; c < 3; c++)
        kE += kv[c] * c_mul_conj(F[c * PSATD_POINTS + n], psatd_shift(stag_e[c], s));
    const int longitudinal = kv[0] != 0 || kv[1] != 0 || kv[2] != 0;
    F[n] = longitudinal ? c_i(kE) - (real)PSATD_INV_EPS0 * F[3 * PSATD_POINTS + n] : (cplx)(0, 0);
}
