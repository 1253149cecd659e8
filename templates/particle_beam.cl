/* particle_beam.cl: a Gaussian bunch (species.beam) made on the device. Particle n's position
 * and momentum are a pure function of (seed, n) (random.cl), so every box decomposition loads
 * the same bunch; runtime/particles.c sorts the particles into their cells in the order of n,
 * so the order in each box is that of n too. Included once per beam species with its SP_
 * macros: SP_BEAM_N particles of weight SP_WEIGHT at SP_BEAM_C* with rms SP_BEAM_S*, momenta
 * SP_UD_* + SP_UTH_* g (a beam's are numbers). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "random.cl"
#endif

/* A standard normal number truncated to |g| <= SP_BEAM_CUT by rejection: the draws of axis a of
 * particle n are the counters (n, 1 + 16 a + k). At 4 rms one draw in 16000 is rejected, so the
 * 64 candidates are never all used up in practice; if they were, the centroid is taken. The
 * generator stretches the cut Gaussian (SP_BEAM_S*) so that its rms is the requested one. */
static inline acc_real PICL_CAT(beam_normal, SP_SUFFIX)(const ulong n, const uint a)
{
    for (uint k = 0; k < 16; k++) {
        acc_real g[4];
        gaussian_four(n, 1u + 16u * a + k, SP_SEED_LO, SP_SEED_HI, g);
        for (int m = 0; m < 4; m++)
            if (fabs(g[m]) <= SP_BEAM_CUT)
                return g[m];
    }
    return 0;
}

/* Particle n: position in cells of the domain (clamped inside it against rounding: the schema
 * keeps the bunch SP_BEAM_CUT rms inside) and momentum u = gamma v in m/s. */
static inline void PICL_CAT(beam_particle, SP_SUFFIX)(const ulong n, real *pos, acc_real *u)
{
    const acc_real x = SP_BEAM_CX + SP_BEAM_SX * PICL_CAT(beam_normal, SP_SUFFIX)(n, 0u);
    const acc_real y = SP_BEAM_CY + SP_BEAM_SY * PICL_CAT(beam_normal, SP_SUFFIX)(n, 1u);
    const acc_real z = SP_BEAM_CZ + SP_BEAM_SZ * PICL_CAT(beam_normal, SP_SUFFIX)(n, 2u);
#ifdef RZ_MODES
    /* RZ keeps particles Cartesian, x and y in cells of dr from the axis (docs/rz.md): the
     * Cartesian draw is the particle; the schema keeps the bunch inside r_max, the clamp only
     * pulls a rounding at the wall back inside it */
    const acc_real rr = hypot(x, y) / DX, rmax = nextafter((acc_real)CELLS_X, (acc_real)0);
    const acc_real shrink = rr > rmax ? rmax / rr : (acc_real)1;
    pos[0] = (real)(x / DX * shrink);
    pos[1] = (real)(y / DX * shrink);
#else
    pos[0] = fmin(fmax((real)((x - LOWER_X) / DX), (real)0), nextafter((real)CELLS_X, (real)0));
    pos[1] = fmin(fmax((real)((y - LOWER_Y) / DY), (real)0), nextafter((real)CELLS_Y, (real)0));
#endif
    pos[2] = fmin(fmax((real)((z - LOWER_Z) / DZ), (real)0), nextafter((real)CELLS_Z, (real)0));
    acc_real g[4];
    gaussian_four(n, 0u, SP_SEED_LO, SP_SEED_HI, g);
    u[0] = PICL_C * (SP_UD_X(x, y, z) + SP_UTH_X(x, y, z) * g[0]);
    u[1] = PICL_C * (SP_UD_Y(x, y, z) + SP_UTH_Y(x, y, z) * g[1]);
    u[2] = PICL_C * (SP_UD_Z(x, y, z) + SP_UTH_Z(x, y, z) * g[2]);
#ifdef PICL_BOOST /* the lab-frame bunch at lab time 0 made the boosted frame's at t' = 0 (boost.cl) */
    acc_real rb[3] = {x, y, z};
    boost_particle(rb, u);
    pos[0] = fmin(fmax((real)((rb[0] - LOWER_X) / DX), (real)0), nextafter((real)CELLS_X, (real)0));
    pos[1] = fmin(fmax((real)((rb[1] - LOWER_Y) / DY), (real)0), nextafter((real)CELLS_Y, (real)0));
    pos[2] = fmin(fmax((real)((rb[2] - LOWER_Z) / DZ), (real)0), nextafter((real)CELLS_Z, (real)0));
#endif
}

/* cell[n] = the global cell of particle n (x fastest). */
__kernel void PICL_CAT(beam_cell, SP_SUFFIX)(__global long *cell)
{
    const ulong n = get_global_id(0);
    real pos[3];
    acc_real u[3];
    PICL_CAT(beam_particle, SP_SUFFIX)(n, pos, u);
#ifdef RZ_MODES /* the (r, z) cell: r = hypot(x, y), one cell along y */
    const long i = (long)floor(fmin(hypot(pos[0], pos[1]), nextafter((real)CELLS_X, (real)0))), j = 0;
#else
    const long i = (long)floor(pos[0]), j = (long)floor(pos[1]);
#endif
    const long k = (long)floor(pos[2]);
    cell[n] = i + CELLS_X * (j + CELLS_Y * k);
}

/* Writes particle n at slot[n] (its cell's slots, in the order of n; -1: another rank's). */
__kernel void PICL_CAT(beam_fill, SP_SUFFIX)(PICL_PARTICLE_ARRAYS(PA_PARAM) __global const long *slot)
{
    const ulong n = get_global_id(0);
    const long to = slot[n];
    if (to < 0) /* in another rank's box */
        return;
    real pos[3];
    acc_real u[3];
    PICL_CAT(beam_particle, SP_SUFFIX)(n, pos, u);
    px[to] = pos[0];
    py[to] = pos[1];
    pz[to] = pos[2];
    pux[to] = (real)u[0];
    puy[to] = (real)u[1];
    puz[to] = (real)u[2];
    SET_WEIGHT(to, (real)SP_WEIGHT);
    SET_ID(to, n);
    SET_LEVEL(to, SP_LEVEL0);
}
