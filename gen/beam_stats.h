/* beam_stats.h: the statistics of a beam's truncated normal distribution, shared by the
 * generator (the literals of particle_beam.cl) and the runtime (room for the beam's boxes). */
#ifndef PICL_BEAM_STATS_H
#define PICL_BEAM_STATS_H

/* A beam's positions: standard normals cut at |g| <= *cut, times *stretch, reach exactly
 * `truncate` and have unit rms (the runtime's estimate and the tests use it too). */
void gen_beam_cut(double truncate, double *cut, double *stretch);

#endif
