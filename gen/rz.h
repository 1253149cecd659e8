/* rz.h: the quasi-cylindrical (RZ, azimuthal modes) field solver's program, for now written on
 * its own for the unit tests (docs/rz.md); `geometry = "rz"` in an input is not wired yet. */
#ifndef PICL_GEN_RZ_H
#define PICL_GEN_RZ_H

#include <stddef.h>

#include "strbuf.h"
#include "traits.h"

/* The fields RZ stores per mode, in this order (templates/maxwell_rz.cl's RZ_ER ..). */
#define GEN_RZ_FIELDS 10

/* An RZ grid: r from 0 to r_max (PEC there), z from 0 to z_len in boxes of box_z cells. */
struct gen_rz {
    int modes; /* M: modes m = 0 .. M-1 */
    int cells_r, cells_z, box_z;
    double r_max, z_len, dt; /* m, m, s */
    int pec_z; /* PEC walls at both z ends (else the guards along z are the caller's) */
    int use_double;
    int shape_order; /* of the particle kernels (gen_rz_particles): 1 .. 3, 0 for 1 */
};

/* Guard cells along r and z (the solver's stencil reaches one; shape order 3's Esirkepov window
 * three beyond the last cell). */
#define GEN_RZ_GUARDS 3
/* Parts stored per field (mode 0 real; re and im of every other): 2 M - 1. */
static inline int gen_rz_mode_comps(int modes) { return 2 * modes - 1; }
/* Component index of field f (0 .. GEN_RZ_FIELDS-1), mode m, part p (0 re / cos, 1 im / sin). */
static inline int gen_rz_comp(int modes, int f, int m, int p)
{
    return f * gen_rz_mode_comps(modes) + (m == 0 ? 0 : 2 * m - 1 + p);
}
/* Cells of one box (its guards included) and reals of one component over all boxes. */
long gen_rz_box_stride(const struct gen_rz *rz);
long gen_rz_comp_stride(const struct gen_rz *rz);

/* The prelude and templates/maxwell_rz.cl: kernels rz_push_B_half and rz_push_E, launched on
 * (cells_r, modes, cells_z) work items. Nonzero with a message when rz cannot be generated. */
int gen_rz_maxwell(const struct gen_rz *rz, const struct gen_device *dev, struct strbuf *out, char *err,
                   size_t err_len);

#endif
