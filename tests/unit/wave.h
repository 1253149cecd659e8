/* wave.h: a plane electromagnetic wave in a periodic vacuum box, as the solver tests start it
 * (test_vacuum_wave for Yee, test_ckc for CKC): its input, and its phase on the grid. */
#ifndef PICL_TEST_WAVE_H
#define PICL_TEST_WAVE_H

#include <math.h>

#include "fixture.h"
#include "layout.h"

struct wave {
    int n[3]; /* cells per axis */
    double d[3]; /* cell size per axis, m */
    double k[3], e[3], b[3]; /* wave vector (1/m), E amplitude (V/m), B amplitude at integer time (T) */
    double omega, dt; /* discrete angular frequency (rad/s), step (s) */
};

/* The input: the wave's fields as expressions on w's grid, `solver` at w's dt. */
static inline void wave_config(struct picl_config *cfg, const struct wave *w, const char *solver, int max_box,
                               const char *precision)
{
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = %d },\n"
                   "  solver = { name = '%s', dt = %.17g },\n"
                   "  steps = 1, precision = '%s',\n"
                   "  constants = { kx = %.17g, ky = %.17g, kz = %.17g, ex = %.17g, ey = %.17g, ez = %.17g,\n"
                   "                bx = %.17g, by = %.17g, bz = %.17g },\n"
                   "  fields = { Ex = 'ex*cos(kx*x + ky*y + kz*z)', Ey = 'ey*cos(kx*x + ky*y + kz*z)',\n"
                   "             Ez = 'ez*cos(kx*x + ky*y + kz*z)', Bx = 'bx*cos(kx*x + ky*y + kz*z)',\n"
                   "             By = 'by*cos(kx*x + ky*y + kz*z)', Bz = 'bz*cos(kx*x + ky*y + kz*z)' },\n"
                   "}\n",
                   w->n[0], w->n[1], w->n[2], w->n[0] * w->d[0], w->n[1] * w->d[1], w->n[2] * w->d[2], max_box,
                   solver, w->dt, precision, w->k[0], w->k[1], w->k[2], w->e[0], w->e[1], w->e[2], w->b[0], w->b[1],
                   w->b[2]);
}

/* Phase of sum F(x) exp(-i k.x) over the grid, F at its staggered positions. */
static inline double mode_phase(const double *f, const struct wave *w, enum field_comp c)
{
    double off[3], re = 0, im = 0;
    gen_stagger(c, off);
    for (int k = 0; k < w->n[2]; k++)
        for (int j = 0; j < w->n[1]; j++)
            for (int i = 0; i < w->n[0]; i++) {
                double ph = w->k[0] * (i + off[0]) * w->d[0] + w->k[1] * (j + off[1]) * w->d[1] +
                            w->k[2] * (k + off[2]) * w->d[2];
                double v = f[i + w->n[0] * (j + w->n[1] * k)];
                re += v * cos(ph);
                im -= v * sin(ph);
            }
    return atan2(im, re);
}

/* Runs `steps` steps of w with `solver` (boxes of 8 cells); returns the angular frequency from the
 * unwrapped phase of component c, and the field energy before and after in *w0 and *w1. */
static inline double wave_omega(const struct wave *w, const char *solver, enum field_comp c, int steps,
                                const char *precision, double *w0, double *w1)
{
    struct picl_config cfg;
    struct device dev;
    wave_config(&cfg, w, solver, 8, precision);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    double phase = 0;
    fixture_energy(s, w0, NULL);
    double *f = fixture_field(s, c);
    double prev = mode_phase(f, w, c);
    free(f);
    for (int n = 0; n < steps; n++) {
        fixture_steps(s, 1);
        f = fixture_field(s, c);
        double p = mode_phase(f, w, c);
        free(f);
        double d = p - prev;
        d -= 2 * PICL_PI * floor((d + PICL_PI) / (2 * PICL_PI));
        phase += d;
        prev = p;
    }
    fixture_energy(s, w1, NULL);
    fixture_free_sim(s);
    device_close(&dev);
    return -phase / (steps * w->dt);
}

/* w, on a grid of 24 cells per axis, cut into 1, 8 and 27 boxes: fixture_boxes_agree. */
static inline void wave_boxes_agree(const struct wave *w, const char *solver, const char *what)
{
    const int boxes[3] = {24, 12, 8};
    static struct picl_config cfg[3];
    for (int t = 0; t < 3; t++)
        wave_config(&cfg[t], w, solver, boxes[t], "double");
    fixture_boxes_agree(cfg, what);
}

#endif
