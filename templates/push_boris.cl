/* push_boris.cl: the momentum push of pusher = "boris". Every pusher template defines
 * push_u(u, E, B, q dt / 2m) taking u^{n-1/2} to u^{n+1/2}; the generator includes one. */
#ifndef PICL_PUSH_BORIS_CL
#define PICL_PUSH_BORIS_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#endif

/* Boris rotation (Boris 1970; Birdsall and Langdon, section 4.4), u = gamma v in m/s:
 * half an electric kick, a rotation about B, half an electric kick. qdt_2m = q dt / (2 m). */
#define DEFINE_PUSH_U(name, T)                                                                      \
static inline void name(T *u, const T *E, const T *B, const T qdt_2m)                               \
{                                                                                                   \
    for (int a = 0; a < 3; a++)                                                                     \
        u[a] += qdt_2m * E[a];                                                                      \
    const T inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);              \
    T t[3], s[3];                                                                                   \
    for (int a = 0; a < 3; a++)                                                                     \
        t[a] = qdt_2m * inv_gamma * B[a];                                                           \
    const T s_factor = 2 / (1 + t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);                           \
    for (int a = 0; a < 3; a++)                                                                     \
        s[a] = s_factor * t[a];                                                                     \
    const T up[3] = {u[0] + u[1] * t[2] - u[2] * t[1], u[1] + u[2] * t[0] - u[0] * t[2],            \
                        u[2] + u[0] * t[1] - u[1] * t[0]};                                          \
    u[0] += up[1] * s[2] - up[2] * s[1];                                                            \
    u[1] += up[2] * s[0] - up[0] * s[2];                                                            \
    u[2] += up[0] * s[1] - up[1] * s[0];                                                            \
    for (int a = 0; a < 3; a++)                                                                     \
        u[a] += qdt_2m * E[a];                                                                      \
}

/* The scalar instance; simd_cells.cl makes one for vectors of particles. */
DEFINE_PUSH_U(push_u, real)
#endif /* PICL_PUSH_BORIS_CL */
