/* test_filter.c: the binomial filter's transfer function. A single Fourier mode of J passes
 * through n_a passes along each axis multiplied by prod_a cos^(2 n_a)(k_a dx_a / 2), on any
 * box decomposition (the passes read neighbours' values through the guard cells); in RZ along z,
 * on every azimuthal mode and part of J and rho alike. */
#include "check.h"
#include "fixture.h"

#define N 16

static double mode(const int m[3], double x, double y, double z)
{
    return cos(2 * PICL_PI * (m[0] * x + m[1] * y + m[2] * z) / N + 0.3);
}

static void run(struct device *dev, const int passes[3], const int m[3], int max_box)
{
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6}, max_box = %d },\n"
                   "  steps = 1, filter = { passes = {%d, %d, %d} },\n"
                   "}\n",
                   N, N, N, max_box, passes[0], passes[1], passes[2]);
    struct sim *s = fixture_sim(&cfg, dev);
    const struct gen_layout *lay = &s->ctx.lay;
    /* Jx, Jy, Jz = the mode at each component's own position, written box by box */
    size_t n = (size_t)lay->comp_stride;
    double *host = calloc(3 * n, sizeof(double));
    for (int c = 0; c < 3; c++) {
        double off[3];
        gen_stagger((enum field_comp)(FC_JX + c), off);
        for (int b = 0; b < lay->n_boxes; b++) {
            int bx = b % lay->nbox[0], by = (b / lay->nbox[0]) % lay->nbox[1], bz = b / (lay->nbox[0] * lay->nbox[1]);
            for (int k = 0; k < lay->box[2]; k++)
                for (int j = 0; j < lay->box[1]; j++)
                    for (int i = 0; i < lay->box[0]; i++) {
                        size_t at = (size_t)b * lay->box_stride + (size_t)(i + lay->ng) +
                                    (size_t)(j + lay->ng) * lay->dim[0] + (size_t)(k + lay->ng) * lay->dim[0] * lay->dim[1];
                        host[c * n + at] = (c + 1) * mode(m, bx * lay->box[0] + i + off[0], by * lay->box[1] + j + off[1],
                                                          bz * lay->box[2] + k + off[2]);
                    }
        }
    }
    clEnqueueWriteBuffer(s->ctx.dev->queue, s->fields.buf.mem, CL_TRUE, (size_t)FC_JX * n * sizeof(double),
                         3 * n * sizeof(double), host, 0, NULL, NULL);
    CHECK(fields_filter_J(&s->fields, &s->ctx, fixture_err, sizeof fixture_err) == 0);
    double want = 1;
    for (int a = 0; a < 3; a++)
        want *= pow(cos(PICL_PI * m[a] / N), 2.0 * passes[a]);
    double worst = 0;
    for (int c = 0; c < 3; c++) {
        double off[3], *f = fixture_field(s, (enum field_comp)(FC_JX + c));
        gen_stagger((enum field_comp)(FC_JX + c), off);
        for (int k = 0; k < N; k++)
            for (int j = 0; j < N; j++)
                for (int i = 0; i < N; i++) {
                    double exact = want * (c + 1) * mode(m, i + off[0], j + off[1], k + off[2]);
                    worst = fmax(worst, fabs(f[i + N * (j + N * k)] - exact) / (c + 1));
                }
        free(f);
    }
    REPORT("passes (%d, %d, %d), mode (%d, %d, %d), %d boxes: transfer %.15f, max error %.2e", passes[0], passes[1],
           passes[2], m[0], m[1], m[2], lay->n_boxes, want, worst);
    CHECK(worst < 1e-12);
    free(host);
    fixture_free_sim(s);
}

/* RZ (docs/rz.md, "Filter"): M = 3 modes, 16 cells along z in 4 boxes, periodic z. Every part of
 * every mode of Jr, Jt, Jz and rho holds its own multiple of g(r) cos(2 pi mz k / 16 + 0.3); n
 * passes along z multiply each by cos^(2n)(pi mz / 16) whatever the part, the r profile untouched
 * (mz = 8, the Nyquist pattern: removed by one pass). */
static void run_rz(struct device *dev, int passes, int mz)
{
    enum { NR = 8, NZ = 16, M = 3, MC = 2 * M - 1 };
    struct picl_config cfg;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  geometry = 'rz', modes = %d,\n"
                   "  grid = { cells = {%d, %d}, lower = {0, 0}, upper = {8e-6, 16e-6}, max_box = {%d, 4} },\n"
                   "  boundary = { field = { 'pec', 'periodic' } },\n"
                   "  steps = 1, filter = { passes = {0, %d} },\n"
                   "}\n",
                   M, NR, NZ, NR, passes);
    struct sim *s = fixture_sim(&cfg, dev);
    const struct gen_layout *lay = &s->ctx.lay;
    const size_t n = (size_t)lay->comp_stride, nc = 4 * MC; /* Jr, Jt, Jz, rho: MC parts each */
    const size_t first[2] = {(size_t)FC_JX * MC, (size_t)FC_RHO * MC}, count[2] = {3 * MC, MC};
    double *host = calloc(nc * n, sizeof(double));
    for (size_t q = 0; q < nc; q++)
        for (int b = 0; b < lay->n_boxes; b++)
            for (int k = 0; k < lay->box[2]; k++)
                for (int i = 0; i < NR; i++) {
                    const size_t at = (size_t)b * lay->box_stride + (size_t)(i + lay->ngs[0]) +
                                      (size_t)(k + lay->ngs[2]) * lay->dim[0] * lay->dim[1];
                    host[q * n + at] = (double)(q + 1) * (1 + i) * cos(2 * PICL_PI * mz * (b * lay->box[2] + k) / NZ + 0.3);
                }
    for (int w = 0; w < 2; w++)
        clEnqueueWriteBuffer(s->ctx.dev->queue, s->fields.buf.mem, CL_TRUE, first[w] * n * sizeof(double),
                             count[w] * n * sizeof(double), host + (w ? 3 * MC : 0) * n, 0, NULL, NULL);
    CHECK(fields_filter_J(&s->fields, &s->ctx, fixture_err, sizeof fixture_err) == 0);
    CHECK(fields_filter_rho(&s->fields, &s->ctx, fixture_err, sizeof fixture_err) == 0);
    for (int w = 0; w < 2; w++)
        clEnqueueReadBuffer(s->ctx.dev->queue, s->fields.buf.mem, CL_TRUE, first[w] * n * sizeof(double),
                            count[w] * n * sizeof(double), host + (w ? 3 * MC : 0) * n, 0, NULL, NULL);
    const double want = pow(cos(PICL_PI * mz / NZ), 2.0 * passes);
    double worst = 0;
    for (size_t q = 0; q < nc; q++)
        for (int b = 0; b < lay->n_boxes; b++)
            for (int k = 0; k < lay->box[2]; k++)
                for (int i = 0; i < NR; i++) {
                    const size_t at = (size_t)b * lay->box_stride + (size_t)(i + lay->ngs[0]) +
                                      (size_t)(k + lay->ngs[2]) * lay->dim[0] * lay->dim[1];
                    const double exact = want * (double)(q + 1) * (1 + i) *
                                         cos(2 * PICL_PI * mz * (b * lay->box[2] + k) / NZ + 0.3);
                    worst = fmax(worst, fabs(host[q * n + at] - exact) / ((double)(q + 1) * (1 + i)));
                }
    REPORT("rz, M = %d: %d passes along z, mode mz = %d, %d boxes, every part of Jr, Jt, Jz, rho: transfer %.15f, "
           "max error %.2e", M, passes, mz, lay->n_boxes, want, worst);
    CHECK(worst < 1e-12);
    free(host);
    fixture_free_sim(s);
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    const int x1[3] = {1, 0, 0}, all[3] = {1, 1, 1}, mixed[3] = {2, 1, 3}, two[3] = {2, 0, 1};
    const int m1[3] = {1, 0, 0}, m2[3] = {3, 2, 5}, m3[3] = {7, 1, 4};
    run(&dev, x1, m1, 16);
    run(&dev, all, m2, 8);
    run(&dev, mixed, m3, 4);
    run(&dev, two, m2, 8);
    run_rz(&dev, 1, 8);
    run_rz(&dev, 2, 3);
    device_close(&dev);
    return check_finish();
}
