/* rz_particles.c: writes the RZ particle kernels after the solver's program, with the volumes
 * and face areas of the annuli baked in as literals (docs/rz.md, "Particles"). */
#include "rz_particles.h"

#include "constants.h"
#include "emit.h"

void gen_rz_particle_literals(struct strbuf *out, double dr, double dz, double dt)
{
    const double disc = PICL_PI * 0.25 * dr * dr; /* the axis node's cross-section, r < dr/2 */
    sb_puts(out, "/* 1 / volume of node i's annulus over i (2 pi r_i dr dz, r_i = i dr), of the axis disc; 1 / "
                 "(dt times the r face over (i + 1/2), the z face over i, the disc). */\n");
    gen_define_real(out, "RZ_RHO_V", 1.0 / (2 * PICL_PI * dr * dr * dz));
    gen_define_real(out, "RZ_RHO_V0", 1.0 / (disc * dz));
    gen_define_real(out, "RZ_J_A", 1.0 / (2 * PICL_PI * dr * dz * dt));
    gen_define_real(out, "RZ_JZ_A", 1.0 / (2 * PICL_PI * dr * dr * dt));
    gen_define_real(out, "RZ_JZ_A0", 1.0 / (disc * dt));
}

int gen_rz_particles(const struct gen_rz *rz, const struct gen_device *dev, struct strbuf *out, char *err,
                     size_t err_len)
{
    if (gen_rz_maxwell(rz, dev, out, err, err_len))
        return -1;
    const double dr = rz->r_max / rz->cells_r, dz = rz->z_len / rz->cells_z, dt = rz->dt;
    sb_puts(out, "/* Particles: atomic deposition (shape.cl wants its J names; RZ's J are RZC's). */\n");
    gen_define_int(out, "REAL_IS_DOUBLE", rz->use_double);
    gen_define_int(out, "SHAPE_ORDER", rz->shape_order ? rz->shape_order : 1);
    gen_define_int(out, "DEPOSIT_ATOMIC", 1);
    gen_define_int(out, "C_JX", 0);
    gen_define_int(out, "C_JY", 1);
    gen_define_int(out, "C_JZ", 2);
    gen_rz_particle_literals(out, dr, dz, dt);
    if (gen_emit_template(out, "shape.cl", err, err_len) || gen_emit_template(out, "rz_particles.cl", err, err_len))
        return -1;
    return gen_check_literals(out, "rz", !rz->use_double, err, err_len);
}
