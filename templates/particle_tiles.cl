/* particle_tiles.cl: deposition_strategy "local_tiles" with several tiles per box. Before each
 * push the particles of every box are listed tile by tile (binning, not sorting: nothing
 * moves), so that the work-group of a tile finds its own; a counting sort by tile, as
 * particles_bin does by bin. Included only when a box holds more than one tile. */
#ifndef PICL_PARTICLE_TILES_CL
#define PICL_PARTICLE_TILES_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif
#ifndef TILES_PER_BOX /* stand-in values: tiles of 4^3 cells in the default 8^3 box */
#define TILE_X 4
#define TILE_Y 4
#define TILE_Z 4
#define TILES_X 2
#define TILES_Y 2
#define TILES_Z 2
#define TILES_PER_BOX 8
#endif

/* Tile of a particle at box-local position (x, y, z) in cells: the tile its cell is in. */
static inline int tile_of(const real x, const real y, const real z)
{
    const int i = min((int)x / TILE_X, TILES_X - 1), j = min((int)y / TILE_Y, TILES_Y - 1),
              k = min((int)z / TILE_Z, TILES_Z - 1);
    return i + TILES_X * (j + TILES_Y * k);
}

/* One work item per box: tile_list[start + q] for q in [tile_end[t - 1], tile_end[t]) (0 for
 * the first tile) are the particles (k, of slot start + k) of tile t, in slot order. */
__kernel void particles_tile_bin(__global const real *px, __global const real *py, __global const real *pz,
                                 __global const long *boxes, __global int *tile_list, __global int *tile_end)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BOX_TABLE_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    BOX_ORIGIN(b, ox, oy, oz);
    __global int *end = tile_end + b * TILES_PER_BOX;
    for (int t = 0; t < TILES_PER_BOX; t++)
        end[t] = 0;
    for (long k = 0; k < n; k++)
        end[tile_of(px[start + k] - ox, py[start + k] - oy, pz[start + k] - oz)]++;
    int sum = 0; /* exclusive scan: end[t] becomes the start of tile t */
    for (int t = 0; t < TILES_PER_BOX; t++) {
        const int c = end[t];
        end[t] = sum;
        sum += c;
    }
    for (long k = 0; k < n; k++) /* end[t] ends as the end of tile t */
        tile_list[start + end[tile_of(px[start + k] - ox, py[start + k] - oy, pz[start + k] - oz)]++] = (int)k;
}
#endif /* PICL_PARTICLE_TILES_CL */
