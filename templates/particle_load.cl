/* particle_load.cl: one species' particles made on the device. Each cell of the whole domain
 * gets a regular lattice of PPC_X x PPC_Y x PPC_Z candidates; the id and the random momenta
 * depend on the global cell and the seed only (random.cl), so every box decomposition loads the
 * same particles. Included once per species with its SP_ macros. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "random.cl"
#endif

#ifndef PICL_LOAD_HELPERS
#define PICL_LOAD_HELPERS
/* A new plasma particle into slot `to`: position pos (cells), u (m/s), the weight of its density,
 * its id and its initial charge state (the species' SP_ macros where it is used). */
#define LOAD_STORE(to, pos, u, density, id)                                                      \
    do {                                                                                         \
        px[to] = (pos)[0];                                                                       \
        py[to] = (pos)[1];                                                                       \
        pz[to] = (pos)[2];                                                                       \
        pux[to] = (real)(u)[0];                                                                  \
        puy[to] = (real)(u)[1];                                                                  \
        puz[to] = (real)(u)[2];                                                                  \
        SET_WEIGHT(to, (real)((density) * SP_W_PER_DENSITY));                                   \
        SET_ID(to, id);                                                                          \
        SET_LEVEL(to, SP_LEVEL0);                                                                \
    } while (0)
#define LOAD_CELL_ITEM(gi, gj, gk, cell)                                                          \
    const int gi = (int)get_global_id(0), gj = (int)get_global_id(1), gk = (int)get_global_id(2); \
    const long cell = gi + (long)CELLS_X * (gj + (long)CELLS_Y * gk)
#endif

/* Whether a candidate at the lab-frame position r (m) is inside the species' region with a
 * positive density there, the density (m^-3) in *density. */
static inline int PICL_CAT(candidate_at, SP_SUFFIX)(const acc_real *r, acc_real *density)
{
#if SP_HAS_REGION && defined(RZ_MODES) /* the region's x is r; y is no axis of RZ's grid */
    const acc_real rr = hypot(r[0], r[1]);
    if (rr < SP_REGION_LO_X || rr >= SP_REGION_HI_X || r[2] < SP_REGION_LO_Z || r[2] >= SP_REGION_HI_Z)
        return 0;
#elif SP_HAS_REGION
    if (r[0] < SP_REGION_LO_X || r[0] >= SP_REGION_HI_X || r[1] < SP_REGION_LO_Y || r[1] >= SP_REGION_HI_Y ||
        r[2] < SP_REGION_LO_Z || r[2] >= SP_REGION_HI_Z)
        return 0;
#endif
    *density = SP_DENSITY(r[0], r[1], r[2]);
    return *density > 0;
}

/* Candidate p of cell (gi, gj, gk): its position in cells (pos) and in metres of the lab frame
 * (r), and whether it is inside the species' region with a positive density there. The density,
 * region and momentum profiles are those of the lab frame: (lab_x, lab_y, lab_z) m is where the
 * domain's lower corner has moved (the moving window's offset; zero at load). */
static inline int PICL_CAT(candidate, SP_SUFFIX)(int gi, int gj, int gk, int p, const acc_real lab_x,
                                                 const acc_real lab_y, const acc_real lab_z, real *pos,
                                                 acc_real *r, acc_real *density)
{
#if WINDOW_SKIP_LO + WINDOW_SKIP_HI > 0
    /* PMLs outside the user's domain along the window's axis hold no plasma (its region there
     * is the lab frame's, unclipped: gen/species_defs.c) */
    {
        const int g = WINDOW_AXIS == 0 ? gi : WINDOW_AXIS == 1 ? gj : gk;
        const int n = WINDOW_AXIS == 0 ? CELLS_X : WINDOW_AXIS == 1 ? CELLS_Y : CELLS_Z;
        if (g < WINDOW_SKIP_LO || g >= n - WINDOW_SKIP_HI)
            return 0;
    }
#endif
    const int a = p % SP_PPC_X, b = (p / SP_PPC_X) % SP_PPC_Y, c = p / (SP_PPC_X * SP_PPC_Y);
#ifdef RZ_MODES
    /* RZ (docs/rz.md, "Loading"): cell gi of r holds SP_PPC_X radii evenly spaced in it, each at
     * SP_PPC_Y angles 2 pi (b + 1/2) / SP_PPC_Y, and SP_PPC_Z positions along z; the weight is
     * the density times the radius in cells (SP_W_PER_DENSITY is 2 pi dr^2 dz over the particles
     * per cell), the ring's volume. The profiles see the Cartesian position (x, y, z) in m. */
    (void)gj;
    const real rc = (real)gi + ((real)a + (real)0.5) * (real)(1.0 / SP_PPC_X);
    const acc_real th = (acc_real)(2 * M_PI) * ((acc_real)b + (acc_real)0.5) / SP_PPC_Y;
    pos[0] = (real)(rc * cos(th));
    pos[1] = (real)(rc * sin(th));
    pos[2] = (real)gk + ((real)c + (real)0.5) * (real)(1.0 / SP_PPC_Z);
    r[0] = lab_x + (acc_real)pos[0] * DX;
    r[1] = lab_y + (acc_real)pos[1] * DX;
    r[2] = lab_z + LOWER_Z + ((acc_real)gk + ((acc_real)c + (acc_real)0.5) / SP_PPC_Z) * DZ;
    const int inside = PICL_CAT(candidate_at, SP_SUFFIX)(r, density);
    *density *= rc;
    return inside;
#else
    pos[0] = (real)gi + ((real)a + (real)0.5) * (real)(1.0 / SP_PPC_X);
    pos[1] = (real)gj + ((real)b + (real)0.5) * (real)(1.0 / SP_PPC_Y);
    pos[2] = (real)gk + ((real)c + (real)0.5) * (real)(1.0 / SP_PPC_Z);
    const acc_real x = lab_x + LOWER_X + ((acc_real)gi + ((acc_real)a + (acc_real)0.5) / SP_PPC_X) * DX;
    const acc_real y = lab_y + LOWER_Y + ((acc_real)gj + ((acc_real)b + (acc_real)0.5) / SP_PPC_Y) * DY;
    const acc_real z = lab_z + LOWER_Z + ((acc_real)gk + ((acc_real)c + (acc_real)0.5) / SP_PPC_Z) * DZ;
    r[0] = x;
    r[1] = y;
    r[2] = z;
#ifdef PICL_BOOST /* boost.cl: the region and profiles are the lab frame's, at the lab position */
    boost_lab_position(r, lab_x + lab_y + lab_z);
#endif
    return PICL_CAT(candidate_at, SP_SUFFIX)(r, density);
#endif
}

/* Momentum u = gamma v (m/s) of the particle with this id at r (m, lab frame): the drift plus
 * a Gaussian spread from the id's own random numbers, each a profile of the position; or, for a
 * Maxwell-Juttner temperature, that distribution boosted by the drift (maxwell_juttner.cl). */
static inline void PICL_CAT(thermal_u, SP_SUFFIX)(const ulong id, const acc_real *r, acc_real *u)
{
    const acc_real x = r[0], y = r[1], z = r[2];
#if SP_THERMAL == 2 /* a temperature, drawn as a (drifting) Maxwell-Juttner */
    maxwell_juttner_u(id, SP_THETA(x, y, z), SP_UD_X(x, y, z), SP_UD_Y(x, y, z), SP_UD_Z(x, y, z), SP_SEED_LO,
                      SP_SEED_HI, u);
    for (int a = 0; a < 3; a++)
        u[a] *= PICL_C;
#else
    acc_real g[4];
    gaussian_four(id, 0u, SP_SEED_LO, SP_SEED_HI, g);
    u[0] = PICL_C * (SP_UD_X(x, y, z) + SP_UTH_X(x, y, z) * g[0]);
    u[1] = PICL_C * (SP_UD_Y(x, y, z) + SP_UTH_Y(x, y, z) * g[1]);
    u[2] = PICL_C * (SP_UD_Z(x, y, z) + SP_UTH_Z(x, y, z) * g[2]);
#endif
#ifdef PICL_BOOST /* the lab-frame momentum made the boosted frame's (boost.cl) */
    boost_momentum(u, 0);
#endif
}

/* count[cell] = particles this species puts in the cell. */
__kernel void PICL_CAT(load_count, SP_SUFFIX)(__global int *count)
{
    LOAD_CELL_ITEM(gi, gj, gk, cell);
    int n = 0;
    for (int p = 0; p < SP_PPC_X * SP_PPC_Y * SP_PPC_Z; p++) {
        real pos[3];
        acc_real r[3], density;
        n += PICL_CAT(candidate, SP_SUFFIX)(gi, gj, gk, p, 0, 0, 0, pos, r, &density);
    }
    count[cell] = n;
}

/* Writes the cell's particles from offset[cell] on (the exclusive prefix sum of count). */
__kernel void PICL_CAT(load_fill, SP_SUFFIX)(PICL_PARTICLE_ARRAYS(PA_PARAM) __global const long *offset)
{
    LOAD_CELL_ITEM(gi, gj, gk, cell);
    long out = offset[cell];
    if (out < 0) /* a cell of another rank's box */
        return;
    for (int p = 0; p < SP_PPC_X * SP_PPC_Y * SP_PPC_Z; p++) {
        real pos[3];
        acc_real r[3], density, u[3];
        if (!PICL_CAT(candidate, SP_SUFFIX)(gi, gj, gk, p, 0, 0, 0, pos, r, &density))
            continue;
        const ulong id = (ulong)cell * (SP_PPC_X * SP_PPC_Y * SP_PPC_Z) + (ulong)p;
        PICL_CAT(thermal_u, SP_SUFFIX)(id, r, u);
        LOAD_STORE(out, pos, u, density, id);
        out++;
    }
}
