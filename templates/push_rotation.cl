/* push_rotation.cl: the implicit rotation Vay's and Higuera and Cary's pushers share (push_vay.cl,
 * push_higuera_cary.cl): the generator includes it before either. */
#ifndef PICL_PUSH_ROTATION_CL
#define PICL_PUSH_ROTATION_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

/* Given a momentum up (u' in Vay, u^- in Higuera-Cary) and tau = q dt/2m B: the gamma both
 * pushers rotate with, in closed form (Vay 2008, eq. 11; Higuera and Cary 2017, eq. 20),
 *   u* = up.tau / c,  sigma = 1 + up^2 / c^2 - tau^2,
 *   gamma = sqrt((sigma + sqrt(sigma^2 + 4 (tau^2 + u*^2))) / 2),
 * then t = tau / gamma (kept in t, the caller's T[3]) and the rotation
 *   out = s (up + (up.t) t + up x t),  s = 1 / (1 + t^2).
 * T is real or a vector of reals (DEFINE_PUSH_U); out may be the array up was computed from, not
 * up itself. */
#define IMPLICIT_ROTATION(T, up, tau, t, out)                                                       \
    do {                                                                                            \
        const T tau2_ = tau[0] * tau[0] + tau[1] * tau[1] + tau[2] * tau[2];                        \
        const T u_tau_ = up[0] * tau[0] + up[1] * tau[1] + up[2] * tau[2];                          \
        const T sigma_ = 1 + (up[0] * up[0] + up[1] * up[1] + up[2] * up[2]) * INV_C2 - tau2_;      \
        const T gamma_ =                                                                            \
            sqrt((T)0.5 * (sigma_ + sqrt(sigma_ * sigma_ + 4 * (tau2_ + u_tau_ * u_tau_ * INV_C2)))); \
        for (int a_ = 0; a_ < 3; a_++)                                                              \
            t[a_] = tau[a_] / gamma_;                                                               \
        const T s_ = 1 / (1 + t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);                             \
        const T u_t_ = up[0] * t[0] + up[1] * t[1] + up[2] * t[2];                                  \
        out[0] = s_ * (up[0] + u_t_ * t[0] + up[1] * t[2] - up[2] * t[1]);                          \
        out[1] = s_ * (up[1] + u_t_ * t[1] + up[2] * t[0] - up[0] * t[2]);                          \
        out[2] = s_ * (up[2] + u_t_ * t[2] + up[0] * t[1] - up[1] * t[0]);                          \
    } while (0)
#endif /* PICL_PUSH_ROTATION_CL */
