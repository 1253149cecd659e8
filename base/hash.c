/* hash.c: 64-bit FNV-1a; callers hash sets of strings with their terminating NUL so that
 * {"a=1", "2"} and {"a=12"} differ. */
#include "hash.h"

uint64_t hash_fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
