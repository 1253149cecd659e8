/* pick.c: the random fraction of the particles a full diagnostic writes (particle_fraction),
 * drawn from the id, not from a stream: no state to checkpoint, none to share between ranks. */
#include "pick.h"

double pick_uniform(uint64_t id, uint64_t seed)
{
    uint64_t z = id + seed * UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-53;
}

int pick_fraction(uint64_t id, uint64_t seed, double fraction)
{
    return fraction >= 1.0 || pick_uniform(id, seed) < fraction;
}
