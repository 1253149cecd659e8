/* fft.h: complex-to-complex FFTs of one box's grid on the device, for the spectral (PSATD) solver.
 * VkFFT's OpenCL backend underneath (docs/psatd.md says why, with the measurements). */
#ifndef PICL_FFT_H
#define PICL_FFT_H

#include <stddef.h>

#include <CL/cl.h>

#include "config.h"
#include "device.h"

struct fft_state; /* the library's plan: only fft.c includes vkFFT.h, a 33 000-line header */

/* A plan for one grid shape and precision on `batch` complex arrays one after another (field
 * components), each n[0]*n[1]*n[2] interleaved (re, im) pairs of `real`, x fastest, in `mem` from
 * byte `offset` on (an arena sub-buffer and an offset inside it both work: VkFFT takes both). */
struct fft_plan {
    int ndim; /* 1, 2 or 3: axes 0..ndim-1 are transformed */
    int n[3]; /* points per axis; 1 beyond ndim, and 1 is allowed within (2D's dropped y). Any
               * size: VkFFT uses Bluestein for primes > 13 */
    int batch; /* arrays transformed together */
    enum cfg_precision precision;
    size_t bytes; /* of one complex array */
    struct fft_state *state;
};

/* Bytes of the complex array a plan of this shape and precision works on. */
size_t fft_bytes(int ndim, const int n[3], enum cfg_precision precision);
/* Builds the transform's kernels (at run time, as picl builds its own). The library creates
 * small device buffers of its own here (twiddle tables; Bluestein's chirps for sizes with a
 * prime factor above 13), outside picl's arena, once per plan: none during the time loop. */
int fft_plan_create(struct fft_plan *p, const struct device *dev, int ndim, const int n[3], int batch,
                    enum cfg_precision precision, cl_mem mem, size_t offset, char *err, size_t err_len);
/* Enqueued on the device's queue, in place, no host wait. Forward is sum_x f(x) exp(-i k x);
 * inverse is sum_k F(k) exp(+i k x) / N, so that inverse(forward(f)) = f. */
int fft_forward(struct fft_plan *p, char *err, size_t err_len);
int fft_inverse(struct fft_plan *p, char *err, size_t err_len);
/* Releases the plan's kernels and buffers; a zeroed or destroyed plan is a no-op. */
void fft_destroy(struct fft_plan *p);

#endif
