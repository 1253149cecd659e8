/* field_probe.cl: E and B at probe points (runtime/probe.c), interpolated as the particles see
 * them: the gather's own shape and staggering (gather_fields of the gather template chosen). */
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "common.cl"
#include "shape.cl"
#include "gather_energy.cl"
#endif

/* One work item per point: slot[p] is the local box that holds it (-1: another rank's, which
 * writes zeros so that a sum over the ranks gives the value); pos[3 p ..] its box-local cells. */
__kernel void field_probe(__global const real *F, __global const acc_real *pos, __global const int *slot,
                          __global acc_real *out)
{
    const int p = (int)get_global_id(0);
    real E[3] = {0, 0, 0}, B[3] = {0, 0, 0};
    if (slot[p] >= 0)
        gather_fields(F, slot[p], (real)pos[3 * p], (real)pos[3 * p + 1], (real)pos[3 * p + 2], E, B);
    for (int a = 0; a < 3; a++) {
        out[6 * p + a] = E[a];
        out[6 * p + 3 + a] = B[a];
    }
}
