/* fft.c: the FFT layer of the spectral solver on VkFFT's OpenCL backend (header only; it writes
 * and builds its kernels at plan time, as picl does for its own). */
#define VKFFT_BACKEND 3
#include <vkFFT.h>

#include <stdio.h>
#include <string.h>

#include "fft.h"
#include "mem.h"

/* VkFFT keeps pointers to the handles and the buffer size it was given, so they live here, on
 * the heap, beside the application, and do not move with a copied struct fft_plan. */
struct fft_state {
    VkFFTApplication app;
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_mem mem;
    uint64_t bytes;
};

size_t fft_bytes(int ndim, const int n[3], enum cfg_precision precision)
{
    size_t points = 1;
    for (int a = 0; a < ndim; a++)
        points *= (size_t)n[a];
    return points * 2 * (precision == CFG_DOUBLE ? sizeof(double) : sizeof(float));
}

int fft_plan_create(struct fft_plan *p, const struct device *dev, int ndim, const int n[3], int batch,
                    enum cfg_precision precision, cl_mem mem, size_t offset, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    if (ndim < 1 || ndim > 3) {
        snprintf(err, err_len, "fft: %d dimensions asked; 1, 2 or 3 are possible", ndim);
        return -1;
    }
    size_t elem = 2 * (precision == CFG_DOUBLE ? sizeof(double) : sizeof(float));
    if (offset % elem) {
        snprintf(err, err_len, "fft: offset %zu bytes is not a whole number of complex values (%zu bytes)",
                 offset, elem);
        return -1;
    }
    if (batch < 1) {
        snprintf(err, err_len, "fft: a batch of %d arrays", batch);
        return -1;
    }
    p->ndim = ndim;
    p->batch = batch;
    p->precision = precision;
    for (int a = 0; a < 3; a++) {
        p->n[a] = a < ndim ? n[a] : 1;
        if (p->n[a] < 1) {
            snprintf(err, err_len, "fft: %d points along axis %d", p->n[a], a);
            return -1;
        }
    }
    p->bytes = fft_bytes(ndim, p->n, precision);
    struct fft_state *s = mem_calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_len, "fft: out of host memory for a plan");
        return -1;
    }
    s->platform = dev->platform;
    s->device = dev->id;
    s->context = dev->context;
    s->queue = dev->queue;
    s->mem = mem;
    s->bytes = offset + (size_t)batch * p->bytes;

    /* VkFFT refuses an axis of one point (VKFFT_ERROR_UNSUPPORTED_RADIX), which picl's 2D has
     * (y dropped): such an axis is left out, which leaves the memory layout as it is. */
    VkFFTConfiguration c = { 0 };
    int kept = 0;
    for (int a = 0; a < ndim; a++)
        if (p->n[a] > 1)
            c.size[kept++] = (uint64_t)p->n[a];
    if (!kept)
        c.size[kept++] = 1;
    for (int a = kept; a < 3; a++)
        c.size[a] = 1;
    c.FFTdim = (uint64_t)kept;
    c.platform = &s->platform;
    c.device = &s->device;
    c.context = &s->context;
    c.commandQueue = &s->queue;
    c.buffer = &s->mem;
    c.bufferSize = &s->bytes;
    c.bufferOffset = offset;
    c.numberBatches = (uint64_t)batch;
    c.doublePrecision = precision == CFG_DOUBLE;
    c.normalize = 1; /* the inverse divides by N: a round trip is the identity */
    VkFFTResult r = initializeVkFFT(&s->app, c);
    if (r != VKFFT_SUCCESS) {
        snprintf(err, err_len, "fft: VkFFT could not plan a %dx%dx%d %s transform (VkFFTResult %d)", p->n[0],
                 p->n[1], p->n[2], cfg_precision_names[precision], (int)r);
        mem_free(s);
        return -1;
    }
    p->state = s;
    return 0;
}

static int fft_run(struct fft_plan *p, int direction, char *err, size_t err_len)
{
    if (!p->state) {
        snprintf(err, err_len, "fft: transform on a plan that was not created");
        return -1;
    }
    VkFFTLaunchParams lp = { 0 };
    lp.commandQueue = &p->state->queue;
    lp.buffer = &p->state->mem;
    VkFFTResult r = VkFFTAppend(&p->state->app, direction, &lp);
    if (r != VKFFT_SUCCESS) {
        snprintf(err, err_len, "fft: %s %dx%dx%d transform failed (VkFFTResult %d)",
                 direction < 0 ? "forward" : "inverse", p->n[0], p->n[1], p->n[2], (int)r);
        return -1;
    }
    return 0;
}

int fft_forward(struct fft_plan *p, char *err, size_t err_len) { return fft_run(p, -1, err, err_len); }

int fft_inverse(struct fft_plan *p, char *err, size_t err_len) { return fft_run(p, 1, err, err_len); }

void fft_destroy(struct fft_plan *p)
{
    if (!p->state)
        return;
    deleteVkFFT(&p->state->app);
    mem_free(p->state);
    p->state = NULL;
}
