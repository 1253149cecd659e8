/* init_fields.cl: the input's initial E and B, each evaluated at its own Yee position, and
 * J and rho set to zero. Positions in metres from the domain's lower corner. */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#endif

#ifndef PICL_INIT_FIELDS_CL
#define PICL_INIT_FIELDS_CL
/* Cell (i, j, k) of local box b takes the input's E and B at its Yee positions, `shift` metres
 * further along every axis (the moving window's lab offset; 0 at the start), and zero J. */
static inline void init_cell(__global real *F, const int b, const int i, const int j, const int k,
                             const acc_real shift_x, const acc_real shift_y, const acc_real shift_z)
{
    const int gb = BOX_GID(b), bx = BOX_X(gb), by = BOX_Y(gb), bz = BOX_Z(gb);
    const int n = IDX(i, j, k);
    /* cell corner in metres; in acc_real (double where the device has it) whatever the precision of real */
    const acc_real x0 = LOWER_X + (acc_real)(bx * NX + i) * DX + shift_x;
    const acc_real y0 = LOWER_Y + (acc_real)(by * NY + j) * DY + shift_y;
    const acc_real z0 = LOWER_Z + (acc_real)(bz * NZ + k) * DZ + shift_z;
    /* half a cell to each component's Yee position; none on the collocated grid (all at the nodes) */
    const acc_real off = GRID_COLLOCATED ? 0.0f : 0.5f;
    const acc_real hx = off * DX, hy = off * DY, hz = off * DZ;
    (void)x0, (void)y0, (void)z0, (void)hx, (void)hy, (void)hz; /* fields that are zero use none */
    COMP(F, C_EX, b)[n] = INIT_Ex(x0 + hx, y0, z0);
    COMP(F, C_EY, b)[n] = INIT_Ey(x0, y0 + hy, z0);
    COMP(F, C_EZ, b)[n] = INIT_Ez(x0, y0, z0 + hz);
    COMP(F, C_BX, b)[n] = INIT_Bx(x0, y0 + hy, z0 + hz);
    COMP(F, C_BY, b)[n] = INIT_By(x0 + hx, y0, z0 + hz);
    COMP(F, C_BZ, b)[n] = INIT_Bz(x0 + hx, y0 + hy, z0);
    COMP(F, C_JX, b)[n] = 0;
    COMP(F, C_JY, b)[n] = 0;
    COMP(F, C_JZ, b)[n] = 0;
}

__kernel void init_fields(__global real *F)
{
    CELL_ITEM(i, j, k, b);
    init_cell(F, b, i, j, k, 0, 0, 0);
    COMP(F, C_RHO, b)[IDX(i, j, k)] = 0;
}
#endif /* PICL_INIT_FIELDS_CL */
