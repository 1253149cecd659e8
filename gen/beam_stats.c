/* beam_stats.c: a beam's cut and stretch, so that its truncated normal positions have the
 * requested rms and reach exactly the requested truncation. */
#include "beam_stats.h"

#include <math.h>

#include "constants.h"

/* The rms of a standard normal cut at |g| <= a (Johnson, Kotz and Balakrishnan, ch. 13):
 * 1 - 2 a phi(a) / (2 Phi(a) - 1). */
static double cut_normal_rms(double a)
{
    const double phi = exp(-0.5 * a * a) / sqrt(2 * PICL_PI);
    return sqrt(1 - 2 * a * phi / erf(a / sqrt(2.0)));
}

void gen_beam_cut(double truncate, double *cut, double *stretch)
{
    /* cut * stretch = truncate, stretch = 1 / rms(cut): positions reach exactly truncate rms,
     * and their rms is the requested one. The fixed point converges at once (stretch ~ 1). */
    double a = truncate;
    for (int i = 0; i < 50; i++)
        a = truncate * cut_normal_rms(a);
    *cut = a;
    *stretch = 1 / cut_normal_rms(a);
}
