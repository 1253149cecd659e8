/* boost.cl: the Lorentz-boosted frame (boost = {...}, docs/boosted_frame.md). The frame moves at
 * BOOST_BETA c along BOOST_AXIS; the input's plasma and beams are the lab frame's, and these
 * turn one particle's lab-frame description into the boosted frame's. Included when the input
 * has a boost, after random.cl and before the species' loaders. */
#ifndef PICL_BOOST_CL
#define PICL_BOOST_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#define PICL_BOOST 1
#define BOOST_AXIS 2
#define BOOST_GAMMA 2.0
#define BOOST_BETA 0.8660254037844386
#define BOOST_WINDOW_START 0.0
#endif

/* The boosted-frame time of a plasma layer the window brings in after moving `moved` m along the
 * axis (it moves at c from BOOST_WINDOW_START); 0 at load. */
static inline acc_real boost_time(const acc_real moved)
{
    return moved > 0 ? (acc_real)BOOST_WINDOW_START + moved / (acc_real)PICL_C : (acc_real)0;
}

/* r (m): a point of the boosted frame at boost_time(moved), made the lab-frame position
 * z = gamma (z' + beta c t') of the plasma (at rest in the lab) that is there then. */
static inline void boost_lab_position(acc_real *r, const acc_real moved)
{
    r[BOOST_AXIS] = (acc_real)BOOST_GAMMA * (r[BOOST_AXIS] + (acc_real)(BOOST_BETA * PICL_C) * boost_time(moved));
}

/* u = gamma v (m/s) of a lab-frame particle made the boosted frame's, by the Lorentz
 * transformation of its 4-momentum (gamma_p c, u): u'_a = gamma_b (u_a - beta_b c gamma_p). The
 * Lorentz factor of the particle in the boosted frame goes to *gamma_out when not NULL. */
static inline void boost_momentum(acc_real *u, acc_real *gamma_out)
{
    const acc_real inv_c = (acc_real)(1.0 / PICL_C);
    const acc_real gp = sqrt((acc_real)1 + (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) * inv_c * inv_c);
    const acc_real ua = u[BOOST_AXIS];
    u[BOOST_AXIS] = (acc_real)BOOST_GAMMA * (ua - (acc_real)(BOOST_BETA * PICL_C) * gp);
    if (gamma_out)
        *gamma_out = (acc_real)BOOST_GAMMA * (gp - (acc_real)BOOST_BETA * ua * inv_c);
}

/* A bunch particle given at lab time 0 at r (m) with momentum u (m/s): that event lies at
 * z' = gamma_b z, t' = -gamma_b beta_b z / c in the boosted frame; the particle is moved
 * ballistically from there to t' = 0 with its boosted velocity (as WarpX's boosted injection). */
static inline void boost_particle(acc_real *r, acc_real *u)
{
    const acc_real za = r[BOOST_AXIS];
    acc_real gp;
    boost_momentum(u, &gp);
    const acc_real dt = (acc_real)(BOOST_GAMMA * BOOST_BETA / PICL_C) * za; /* 0 - t' of the event */
    r[BOOST_AXIS] = (acc_real)BOOST_GAMMA * za;
    for (int a = 0; a < 3; a++)
        r[a] += u[a] / gp * dt;
}
#endif
