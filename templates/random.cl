/* random.cl: counter-based random numbers for loading particles. Particle n's numbers are a
 * pure function of (seed, n), so no state is stored or shared and every box decomposition
 * draws the same. */
#ifndef PICL_RANDOM_CL
#define PICL_RANDOM_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#endif

/* Philox4x32-10 (Salmon et al., SC'11). */
static inline uint4 philox4x32(uint4 ctr, uint2 key)
{
    for (int r = 0; r < 10; r++) {
        const uint lo0 = 0xD2511F53u * ctr.x, hi0 = mul_hi(0xD2511F53u, ctr.x);
        const uint lo1 = 0xCD9E8D57u * ctr.z, hi1 = mul_hi(0xCD9E8D57u, ctr.z);
        ctr = (uint4)(hi1 ^ ctr.y ^ key.x, lo1, hi0 ^ ctr.w ^ key.y, lo0);
        key += (uint2)(0x9E3779B9u, 0xBB67AE85u);
    }
    return ctr;
}

/* Two standard normal numbers from 64 random bits (Box-Muller); u1 is kept away from 0. */
static inline void gaussian_pair(uint a, uint b, acc_real *g0, acc_real *g1)
{
    const acc_real u1 = ((acc_real)a + (acc_real)0.5) * (acc_real)(1.0 / 4294967296.0);
    const acc_real u2 = ((acc_real)b + (acc_real)0.5) * (acc_real)(1.0 / 4294967296.0);
    const acc_real r = sqrt(-2 * log(u1));
    *g0 = r * cos((acc_real)6.283185307179586 * u2);
    *g1 = r * sin((acc_real)6.283185307179586 * u2);
}

/* Four standard normal numbers: draw `k` of particle n of stream (seed_lo, seed_hi). */
static inline void gaussian_four(const ulong n, const uint k, const uint seed_lo, const uint seed_hi, acc_real *g)
{
    const uint4 r = philox4x32((uint4)((uint)n, (uint)(n >> 32), k, 0u), (uint2)(seed_lo, seed_hi));
    gaussian_pair(r.x, r.y, &g[0], &g[1]);
    gaussian_pair(r.z, r.w, &g[2], &g[3]);
}
#endif /* PICL_RANDOM_CL */
