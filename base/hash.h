/* hash.h: the 64-bit FNV-1a hash that names an input (checkpoints, kernel caches) and a
 * benchmark variant (sweep results): stable across runs and machines. */
#ifndef PICL_HASH_H
#define PICL_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_FNV1A_SEED 0xcbf29ce484222325ULL

/* Continues the hash `h` (HASH_FNV1A_SEED to start) over n bytes of data. */
uint64_t hash_fnv1a(uint64_t h, const void *data, size_t n);

#endif
