/* push_vay.cl: the momentum push of pusher = "vay". Defines push_u(u, E, B, q dt / 2m) taking
 * u^{n-1/2} to u^{n+1/2}, like every push_*.cl; the generator includes one. */
#ifndef PICL_PUSH_VAY_CL
#define PICL_PUSH_VAY_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "push_rotation.cl"
#endif

/* Vay's push (J.-L. Vay, Phys. Plasmas 15, 056701 (2008), eqs. 9-13), u = gamma v in m/s. The
 * magnetic force is taken at the mean velocity (v^{n-1/2} + v^{n+1/2}) / 2 rather than at
 * (u^- + u^+) / (2 gamma^-) as in Boris, so E + v x B = 0 gives no force at all, whatever gamma:
 * the E x B drift of a relativistic particle is kept exactly (Boris lets it drift off).
 *   u'    = u + q dt/m E + q dt/2m v x B        (v = u / gamma^{n-1/2})
 *   tau   = q dt/2m B,  u* = u'.tau / c,  sigma = gamma'^2 - tau^2
 *   gamma = sqrt((sigma + sqrt(sigma^2 + 4 (tau^2 + u*^2))) / 2)     (gamma^{n+1/2}, exactly)
 *   t = tau / gamma,  s = 1 / (1 + t^2),  u^{n+1/2} = s (u' + (u'.t) t + u' x t)
 * tau, t, sigma are dimensionless; qdt_2m = q dt / (2 m). */
#define DEFINE_PUSH_U(name, T)                                                                      \
static inline void name(T *u, const T *E, const T *B, const T qdt_2m)                               \
{                                                                                                   \
    const T inv_gamma = rsqrt(1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * INV_C2);              \
    T tau[3];                                                                                       \
    for (int a = 0; a < 3; a++)                                                                     \
        tau[a] = qdt_2m * B[a];                                                                     \
    /* q dt/2m (v x B) = (u x tau) / gamma */                                                       \
    const T up[3] = {u[0] + 2 * qdt_2m * E[0] + (u[1] * tau[2] - u[2] * tau[1]) * inv_gamma,        \
                        u[1] + 2 * qdt_2m * E[1] + (u[2] * tau[0] - u[0] * tau[2]) * inv_gamma,     \
                        u[2] + 2 * qdt_2m * E[2] + (u[0] * tau[1] - u[1] * tau[0]) * inv_gamma};    \
    T t[3];                                                                                         \
    IMPLICIT_ROTATION(T, up, tau, t, u); /* u^{n+1/2} */                                            \
}

/* The scalar instance; simd_cells.cl makes one for vectors of particles. */
DEFINE_PUSH_U(push_u, real)
#endif /* PICL_PUSH_VAY_CL */
