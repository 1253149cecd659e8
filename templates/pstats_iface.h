/* pstats_iface.h: the layout of the per-box sums of diag_moments (templates/particle_stats.cl),
 * in the common part of C11 and OpenCL C like kernel_iface.h: runtime/pstats.c reads them by
 * these names. Per box: count, weight, the shift (the box's first particle), the shifted sums
 * and squares of the PSTAT_Q quantities, the cross sums x ux, y uy, z uz, the minima, maxima. */
#ifndef PICL_PSTATS_IFACE_H
#define PICL_PSTATS_IFACE_H

#define PSTAT_Q 7 /* x, y, z (cells), ux, uy, uz (m/s), gamma - 1 */
#define PSTAT_COUNT 0
#define PSTAT_W 1
#define PSTAT_SHIFT 2
#define PSTAT_S1 (PSTAT_SHIFT + PSTAT_Q)
#define PSTAT_S2 (PSTAT_S1 + PSTAT_Q)
#define PSTAT_CROSS (PSTAT_S2 + PSTAT_Q)
#define PSTAT_MIN (PSTAT_CROSS + 3)
#define PSTAT_MAX (PSTAT_MIN + PSTAT_Q)
#define PSTAT_N (PSTAT_MAX + PSTAT_Q)

#endif
