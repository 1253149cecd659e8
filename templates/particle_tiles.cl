/* particle_tiles.cl: deposition_strategy "local_tiles" with several tiles per box. Before each
 * push the particles of every box are listed tile by tile (binning, not sorting: nothing
 * moves), so that the work-group of a tile finds its own; a counting sort by tile, as
 * particles_bin does by bin. Included only when a box holds more than one tile. */
#ifndef PICL_PARTICLE_TILES_CL
#define PICL_PARTICLE_TILES_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "particles_deliver.cl"
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

/* Tile of a particle at box-local position (x, y, z) in cells: the tile its cell is in; with
 * CELL_LISTS_DUAL (simd_cells at an even shape order, tiles of one cell) its dual cell, the
 * node floor(x + 1/2), 0 .. N: the nodes its shape is centred on. */
#if CELL_LISTS_DUAL
#define TILE_AT(x) ((x) + (real)0.5)
#else
#define TILE_AT(x) (x)
#endif
static inline int tile_of(const real x, const real y, const real z)
{
    const int i = min((int)TILE_AT(x) / TILE_X, TILES_X - 1), j = min((int)TILE_AT(y) / TILE_Y, TILES_Y - 1),
              k = min((int)TILE_AT(z) / TILE_Z, TILES_Z - 1);
    return i + TILES_X * (j + TILES_Y * k);
}

/* One work item per box: tile_list[start + q] for q in [tile_end[t - 1], tile_end[t]) (0 for
 * the first tile) are the particles (k, of slot start + k) of tile t, in slot order. */
__kernel void particles_tile_bin(PICL_PARTICLE_POSITION(PA_PARAM_CONST) __global const long *boxes,
                                 __global int *tile_list, __global int *tile_end)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
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

#if PARTICLE_SORT /* only where the run sorts */
/* The sort of deposition_strategy "simd_cells" (tiles of one cell): every array of box b put
 * in the order of its list (the particle of slot start + tile_list[start + q] moves to slot
 * start + q), in place: each cycle of the permutation is followed once, the first particle of
 * the cycle held aside, so no scratch memory is needed. Placed slots are marked ~q in the list,
 * which ends as the identity, as particles_tile_bin would now make it. */
__kernel void particles_reorder_tiles(PICL_PARTICLE_ARRAYS(PA_PARAM) __global const long *boxes,
                                      __global int *tile_list)
{
    const int b = (int)get_global_id(0);
    __global const long *box = boxes + b * BT_STRIDE;
    const long start = box[BT_START], n = box[BT_COUNT];
    __global int *list = tile_list + start;
    for (long q0 = 0; q0 < n; q0++) {
        if (list[q0] < 0)
            continue; /* placed by an earlier cycle */
        const long h = start + q0;
        const real held[6] = {px[h], py[h], pz[h], pux[h], puy[h], puz[h]};
#if PARTICLE_WEIGHTS
        const real held_w = pw[h];
#endif
#if PARTICLE_IDS
        const ulong held_id = pid[h];
#endif
#if PARTICLE_LEVELS
        const int held_level = plevel[h];
#endif
        long q = q0, k = list[q0];
        list[q0] = ~(int)q0;
        while (k != q0) { /* slot q takes particle k, whose slot is next */
            COPY_PARTICLE(start + q, start + k);
            q = k;
            k = list[q];
            list[q] = ~(int)q;
        }
        px[start + q] = held[0];
        py[start + q] = held[1];
        pz[start + q] = held[2];
        pux[start + q] = held[3];
        puy[start + q] = held[4];
        puz[start + q] = held[5];
        SET_WEIGHT(start + q, held_w);
        SET_ID(start + q, held_id);
        SET_LEVEL(start + q, held_level);
    }
    for (long q = 0; q < n; q++)
        list[q] = ~list[q];
}
#endif /* PARTICLE_SORT */
#endif /* PICL_PARTICLE_TILES_CL */
