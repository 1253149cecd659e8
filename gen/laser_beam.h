/* laser_beam.h: the literals of one laser antenna (templates/laser.cl): its planes, sheet
 * strengths and time delay on this grid, and the Gaussian beam as it arrives at the antenna. */
#ifndef PICL_LASER_BEAM_H
#define PICL_LASER_BEAM_H

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* The Gaussian beam of a laser at its antenna plane (paraxial; Siegman, Lasers, ch. 17). */
struct gen_laser_beam {
    double x_antenna; /* m, the antenna's node plane along the axis */
    double z; /* m, antenna minus focus along the direction (negative: the focus lies ahead) */
    double rayleigh; /* m, pi w0^2 / lambda */
    double w; /* m, the 1/e field radius on the antenna */
    double inv_r; /* 1/m, curvature of the wavefronts on the antenna, z / (z^2 + z_R^2) */
    double gouy; /* rad, atan(z / z_R) (3D; half of it in 2D, 0 in 1D) */
    double amp; /* V/m on the axis at the antenna: E0 w0 / w (3D), E0 sqrt(w0 / w) (2D), E0 (1D) */
    double t_peak; /* s, when the envelope's peak crosses the antenna plane on the axis */
    double delay; /* s, time a wave takes at the grid's phase velocity along the axis for half a cell */
    double k[3]; /* 1/m, an oblique beam's wave vector on a CKC grid (k[axis] 0: none, or not CKC) */
};

void gen_laser_beam(const struct picl_config *cfg, const struct gen_layout *lay, int i, struct gen_laser_beam *b);

/* The LASER_* macros of laser i, defined before each inclusion of laser.cl and undefined after. */
void gen_laser_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay, int i);
extern const char *const gen_laser_macros[];
extern const int gen_laser_n_macros;

#endif
