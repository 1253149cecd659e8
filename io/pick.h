/* pick.h: a full diagnostic's random-fraction particle selection, a pure function of the
 * particle's id and the seed, so any rank and any step picks the same particles. */
#ifndef PICL_PICK_H
#define PICL_PICK_H

#include <stdint.h>

/* The uniform number in [0, 1) of particle `id` under `seed`: splitmix64's finaliser (Steele,
 * Lea and Flood, OOPSLA 2014) of id + seed * golden gamma, its top 53 bits. */
double pick_uniform(uint64_t id, uint64_t seed);
/* Is particle `id` in a `fraction` (0, 1] of the particles? fraction 1 picks all without a draw. */
int pick_fraction(uint64_t id, uint64_t seed, double fraction);

#endif
