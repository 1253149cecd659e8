/* push_higuera_cary.cl: the momentum push of pusher = "higuera_cary". Defines push_u(u, E, B,
 * q dt / 2m) taking u^{n-1/2} to u^{n+1/2}, like every push_*.cl; the generator includes one. */
#ifndef PICL_PUSH_HIGUERA_CARY_CL
#define PICL_PUSH_HIGUERA_CARY_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "push_rotation.cl"
#endif

/* Higuera and Cary's push (A. V. Higuera and J. R. Cary, Phys. Plasmas 24, 052104 (2017)),
 * u = gamma v in m/s. Boris's structure (half an electric kick, a rotation, half a kick), so
 * it preserves phase-space volume and, in a pure magnetic field, |u|; but the rotation uses the
 * gamma of the mean momentum (u^- + u^+) / 2, found in closed form, so that like Vay's push
 * E + v x B = 0 gives no force and the relativistic E x B drift is kept.
 *   u^-   = u + q dt/2m E,  tau = q dt/2m B,  u* = u^-.tau / c,  sigma = gamma^-^2 - tau^2
 *   gamma = sqrt((sigma + sqrt(sigma^2 + 4 (tau^2 + u*^2))) / 2)
 *   t = tau / gamma,  s = 1 / (1 + t^2),  w = s (u^- + (u^-.t) t + u^- x t) = (u^- + u^+) / 2
 *   u^{n+1/2} = w + w x t + q dt/2m E                (w + w x t = u^+)
 * qdt_2m = q dt / (2 m). */
#define DEFINE_PUSH_U(name, T)                                                                      \
static inline void name(T *u, const T *E, const T *B, const T qdt_2m)                               \
{                                                                                                   \
    T um[3], tau[3];                                                                                \
    for (int a = 0; a < 3; a++) {                                                                   \
        um[a] = u[a] + qdt_2m * E[a];                                                               \
        tau[a] = qdt_2m * B[a];                                                                     \
    }                                                                                               \
    T t[3], w[3];                                                                                   \
    IMPLICIT_ROTATION(T, um, tau, t, w); /* w = (u^- + u^+) / 2 */                                  \
    u[0] = w[0] + w[1] * t[2] - w[2] * t[1] + qdt_2m * E[0];                                        \
    u[1] = w[1] + w[2] * t[0] - w[0] * t[2] + qdt_2m * E[1];                                        \
    u[2] = w[2] + w[0] * t[1] - w[1] * t[0] + qdt_2m * E[2];                                        \
}

/* The scalar instance; simd_cells.cl makes one for vectors of particles. */
DEFINE_PUSH_U(push_u, real)
#endif /* PICL_PUSH_HIGUERA_CARY_CL */
