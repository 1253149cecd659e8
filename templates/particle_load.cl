/* particle_load.cl: one species' particles made on the device. Each cell of the whole domain
 * gets a regular lattice of PPC_X x PPC_Y x PPC_Z candidates; the id and the random momenta
 * depend on the global cell and the seed only, so every box decomposition loads the same
 * particles. Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

#ifndef PICL_LOAD_HELPERS
#define PICL_LOAD_HELPERS
/* Philox4x32-10 (Salmon et al., SC'11): a counter-based generator, so particle n's numbers
 * are a pure function of (seed, n) and no state is stored or shared. */
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

#define LOAD_CELL_ITEM(gi, gj, gk, cell)                                                          \
    const int gi = (int)get_global_id(0), gj = (int)get_global_id(1), gk = (int)get_global_id(2); \
    const long cell = gi + (long)CELLS_X * (gj + (long)CELLS_Y * gk)
#endif

/* Candidate p of cell (gi, gj, gk): its position in cells and in metres, and whether it is
 * inside the species' region with a positive density there. */
static inline int PICL_CAT(candidate, SP_SUFFIX)(int gi, int gj, int gk, int p, real *pos, acc_real *density)
{
    const int a = p % SP_PPC_X, b = (p / SP_PPC_X) % SP_PPC_Y, c = p / (SP_PPC_X * SP_PPC_Y);
    pos[0] = (real)gi + ((real)a + (real)0.5) * (real)(1.0 / SP_PPC_X);
    pos[1] = (real)gj + ((real)b + (real)0.5) * (real)(1.0 / SP_PPC_Y);
    pos[2] = (real)gk + ((real)c + (real)0.5) * (real)(1.0 / SP_PPC_Z);
    const acc_real x = LOWER_X + ((acc_real)gi + ((acc_real)a + (acc_real)0.5) / SP_PPC_X) * DX;
    const acc_real y = LOWER_Y + ((acc_real)gj + ((acc_real)b + (acc_real)0.5) / SP_PPC_Y) * DY;
    const acc_real z = LOWER_Z + ((acc_real)gk + ((acc_real)c + (acc_real)0.5) / SP_PPC_Z) * DZ;
#if SP_HAS_REGION
    if (x < SP_REGION_LO_X || x >= SP_REGION_HI_X || y < SP_REGION_LO_Y || y >= SP_REGION_HI_Y ||
        z < SP_REGION_LO_Z || z >= SP_REGION_HI_Z)
        return 0;
#endif
    *density = SP_DENSITY(x, y, z);
    return *density > 0;
}

/* count[cell] = particles this species puts in the cell. */
__kernel void PICL_CAT(load_count, SP_SUFFIX)(__global int *count)
{
    LOAD_CELL_ITEM(gi, gj, gk, cell);
    int n = 0;
    for (int p = 0; p < SP_PPC_X * SP_PPC_Y * SP_PPC_Z; p++) {
        real pos[3];
        acc_real density;
        n += PICL_CAT(candidate, SP_SUFFIX)(gi, gj, gk, p, pos, &density);
    }
    count[cell] = n;
}

/* Writes the cell's particles from offset[cell] on (the exclusive prefix sum of count). */
__kernel void PICL_CAT(load_fill, SP_SUFFIX)(__global const long *offset, __global real *px, __global real *py,
                                             __global real *pz, __global real *pux, __global real *puy,
                                             __global real *puz, __global real *pw, __global ulong *pid)
{
    LOAD_CELL_ITEM(gi, gj, gk, cell);
    long out = offset[cell];
    if (out < 0) /* a cell of another rank's box */
        return;
    for (int p = 0; p < SP_PPC_X * SP_PPC_Y * SP_PPC_Z; p++) {
        real pos[3];
        acc_real density;
        if (!PICL_CAT(candidate, SP_SUFFIX)(gi, gj, gk, p, pos, &density))
            continue;
        const ulong id = (ulong)cell * (SP_PPC_X * SP_PPC_Y * SP_PPC_Z) + (ulong)p;
        const uint4 r = philox4x32((uint4)((uint)id, (uint)(id >> 32), 0u, 0u), (uint2)(SP_SEED_LO, SP_SEED_HI));
        acc_real g0, g1, g2, g3;
        gaussian_pair(r.x, r.y, &g0, &g1);
        gaussian_pair(r.z, r.w, &g2, &g3);
        (void)g3;
        px[out] = pos[0];
        py[out] = pos[1];
        pz[out] = pos[2];
        pux[out] = (real)(PICL_C * (SP_UD_X + SP_UTH_X * g0));
        puy[out] = (real)(PICL_C * (SP_UD_Y + SP_UTH_Y * g1));
        puz[out] = (real)(PICL_C * (SP_UD_Z + SP_UTH_Z * g2));
        pw[out] = (real)(density * SP_W_PER_DENSITY);
        pid[out] = id;
        out++;
    }
}
