/* maxwell_juttner.cl: momenta drawn from a (drifting) Maxwell-Juttner distribution, exactly, by
 * rejection, from the counter-based random numbers of random.cl (draws 1 .. 2 MJ_TRIES + 1 of the
 * particle's stream of tag 0, where draw 0 is the Gaussian of u_th; a flux draws with tags >= 4).
 * Included when a species has a temperature with distribution = "maxwell_juttner". */
#ifndef PICL_MAXWELL_JUTTNER_CL
#define PICL_MAXWELL_JUTTNER_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "random.cl"
#endif

/* Rejection tries before the last candidate is taken as it is: every method below accepts at
 * least 80% of its candidates, so 32 tries fail together with probability 0.2^32 = 4e-23. */
#define MJ_TRIES 32

static inline acc_real mj_uniform(const uint a)
{
    return ((acc_real)a + (acc_real)0.5) * (acc_real)(1.0 / 4294967296.0); /* in (0, 1) */
}

/* The rest-frame speed u' = gamma' beta' (units of c) and gamma' of a particle of temperature
 * theta = kT / (m c^2), isotropic Maxwell-Juttner f(u) du ~ u^2 exp(-gamma / theta) du.
 *  - theta > 1: Sobol's method (Zenitani, Phys. Plasmas 22, 042116 (2015), section III):
 *    u = -theta ln(X1 X2 X3) (a Gamma(3, theta) candidate, which bounds f since gamma >= u),
 *    eta = u - theta ln X4, accepted when eta^2 - u^2 > 1 (X4 < exp(-(gamma - u) / theta));
 *    acceptance K2(1/theta) / (2 theta^2) >= 0.81.
 *  - theta <= 1, where Sobol's acceptance falls as exp(-1/theta): in the kinetic energy
 *    e = gamma - 1, f(e) ~ sqrt(e) sqrt(2) sqrt(1 + e/2) (1 + e) exp(-e / theta); with
 *    sqrt(1 + e/2) <= 1 + e/4 the candidate density sqrt(e) (1 + 5e/4 + e^2/4) exp(-e/theta) bounds
 *    it: a mixture of Gamma(3/2), Gamma(5/2), Gamma(7/2) of scale theta with weights
 *    1 : 15 theta/8 : 15 theta^2/16 (each Gamma(k + 1/2) a sum of k exponentials and Z^2/2), accepted
 *    with probability sqrt(1 + e/2) / (1 + e/4) (>= 0.9 at theta <= 1). Exact, like Sobol's. */
static inline void mj_rest_speed(const ulong n, const uint tag, const acc_real theta, const uint seed_lo,
                                 const uint seed_hi, acc_real *u_out, acc_real *gamma_out)
{
    acc_real u = 0, gamma = 1;
    for (int k = 0; k < MJ_TRIES; k++) {
        const uint4 r = philox4x32((uint4)((uint)n, (uint)(n >> 32), 2u * (uint)k + 1u, tag), (uint2)(seed_lo, seed_hi));
        const acc_real x1 = mj_uniform(r.x), x2 = mj_uniform(r.y), x3 = mj_uniform(r.z), x4 = mj_uniform(r.w);
        if (theta > 1) {
            u = -theta * log(x1 * x2 * x3);
            const acc_real eta = u - theta * log(x4);
            gamma = sqrt(1 + u * u);
            if (eta * eta - u * u > 1)
                break;
        } else {
            const uint4 q = philox4x32((uint4)((uint)n, (uint)(n >> 32), 2u * (uint)k + 2u, tag), (uint2)(seed_lo, seed_hi));
            const acc_real w1 = (acc_real)1.875 * theta, w2 = (acc_real)0.9375 * theta * theta;
            const acc_real pick = x1 * (1 + w1 + w2);
            const int k_exp = pick < 1 ? 0 : (pick < 1 + w1 ? 1 : 2);
            const acc_real z = sqrt(-2 * log(mj_uniform(q.x))) * cos((acc_real)6.283185307179586 * mj_uniform(q.y));
            acc_real s = (acc_real)0.5 * z * z;
            s -= log(x2);
            if (k_exp >= 1)
                s -= log(x3);
            if (k_exp >= 2)
                s -= log(x4);
            const acc_real e = theta * s;
            u = sqrt(e * (e + 2));
            gamma = 1 + e;
            if (mj_uniform(q.z) * (1 + (acc_real)0.25 * e) < sqrt(1 + (acc_real)0.5 * e))
                break;
        }
    }
    *u_out = u;
    *gamma_out = gamma;
}

/* Momentum u (units of c) of particle n: an isotropic rest-frame Maxwell-Juttner of temperature
 * theta, boosted by the drift ud = Gamma beta (units of c) with Zenitani's flipping method
 * (Zenitani 2015, section IV): the component along the drift is flipped with probability
 * -beta u'_par / gamma' when that is positive, which weights the rest frame by gamma / gamma', the
 * density's transformation, and then u_par = Gamma (u'_par + beta gamma'). The result is the
 * drifting Maxwell-Juttner f ~ exp(-Gamma (gamma - beta u_par) / theta), not a shifted Gaussian. */
static inline void maxwell_juttner_u_tagged(const ulong n, const uint tag, const acc_real theta, const acc_real udx,
                                            const acc_real udy, const acc_real udz, const uint seed_lo,
                                            const uint seed_hi, acc_real *u)
{
    acc_real us, gp;
    mj_rest_speed(n, tag, fmax(theta, (acc_real)0), seed_lo, seed_hi, &us, &gp);
    const uint4 r = philox4x32((uint4)((uint)n, (uint)(n >> 32), 2u * MJ_TRIES + 1u, tag), (uint2)(seed_lo, seed_hi));
    const acc_real mu = 2 * mj_uniform(r.x) - 1, phi = (acc_real)6.283185307179586 * mj_uniform(r.y);
    const acc_real st = sqrt(fmax(1 - mu * mu, (acc_real)0));
    u[0] = us * st * cos(phi);
    u[1] = us * st * sin(phi);
    u[2] = us * mu;
    const acc_real ud2 = udx * udx + udy * udy + udz * udz;
    if (ud2 > 0) {
        const acc_real ud = sqrt(ud2), big_gamma = sqrt(1 + ud2), beta = ud / big_gamma;
        const acc_real nx = udx / ud, ny = udy / ud, nz = udz / ud;
        acc_real par = u[0] * nx + u[1] * ny + u[2] * nz;
        if (-beta * par / gp > mj_uniform(r.z)) {
            u[0] -= 2 * par * nx;
            u[1] -= 2 * par * ny;
            u[2] -= 2 * par * nz;
            par = -par;
        }
        const acc_real boosted = big_gamma * (par + beta * gp);
        u[0] += (boosted - par) * nx;
        u[1] += (boosted - par) * ny;
        u[2] += (boosted - par) * nz;
    }
}

/* The draw of a loaded particle n: its stream's fourth counter word is 0 (flux_inject.cl draws
 * with other tags). */
static inline void maxwell_juttner_u(const ulong n, const acc_real theta, const acc_real udx, const acc_real udy,
                                     const acc_real udz, const uint seed_lo, const uint seed_hi, acc_real *u)
{
    maxwell_juttner_u_tagged(n, 0u, theta, udx, udy, udz, seed_lo, seed_hi, u);
}
#endif /* PICL_MAXWELL_JUTTNER_CL */
