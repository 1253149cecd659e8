/* fit.h: fitting a measured oscillation or orbit, shared by the tests that measure a frequency
 * (Langmuir, gather and deposition variants) or a gyration radius (gyration, pushers). */
#ifndef PICL_FIT_H
#define PICL_FIT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

/* The value of the input's named constant, or the test stops with a message. */
static inline double fit_constant(const struct picl_config *cfg, const char *name)
{
    for (int i = 0; i < cfg->n_constants; i++)
        if (strcmp(cfg->constants[i].name, name) == 0)
            return cfg->constants[i].value;
    printf("FAIL: %s defines no constant '%s'\n", cfg->input_path, name);
    exit(1);
}

/* Least squares of a[n] ~ C + A cos(w t_n) + B sin(w t_n) at a given w: the residual. */
static inline double fit_residual(const double *a, int n, double dt, double w)
{
    double M[3][4] = {{0}};
    for (int i = 0; i < n; i++) {
        double f[3] = {1, cos(w * i * dt), sin(w * i * dt)};
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++)
                M[r][c] += f[r] * f[c];
            M[r][3] += f[r] * a[i];
        }
    }
    for (int p = 0; p < 3; p++) /* Gauss-Jordan; the matrix is positive definite */
        for (int r = 0; r < 3; r++)
            if (r != p) {
                double m = M[r][p] / M[p][p];
                for (int c = p; c < 4; c++)
                    M[r][c] -= m * M[p][c];
            }
    double res = 0;
    for (int i = 0; i < n; i++) {
        double fit = M[0][3] / M[0][0] + M[1][3] / M[1][1] * cos(w * i * dt) + M[2][3] / M[2][2] * sin(w * i * dt);
        res += (a[i] - fit) * (a[i] - fit);
    }
    return res;
}

/* The frequency of the sinusoid (plus a constant) that fits a[] best: a scan over
 * [0.8, 1.2] w0, then golden-section search around the best point of the scan. */
static inline double fit_frequency(const double *a, int n, double dt, double w0)
{
    const int scan = 2000;
    double best = 0, best_res = INFINITY, step = 0.4 * w0 / scan;
    for (int i = 0; i <= scan; i++) {
        double w = 0.8 * w0 + i * step, r = fit_residual(a, n, dt, w);
        if (r < best_res) {
            best_res = r;
            best = w;
        }
    }
    const double g = 0.5 * (sqrt(5.0) - 1);
    double lo = best - step, hi = best + step;
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = fit_residual(a, n, dt, x1), f2 = fit_residual(a, n, dt, x2);
    for (int it = 0; it < 100 && hi - lo > 1e-13 * w0; it++) {
        if (f1 < f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = fit_residual(a, n, dt, x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = fit_residual(a, n, dt, x2);
        }
    }
    return 0.5 * (lo + hi);
}

/* The algebraic (Kasa) circle fit: least squares of x^2 + y^2 = 2 a x + 2 b y + c, exact for
 * points on a circle (test_gyration, test_pushers). Returns the radius; the centre in (a, b)
 * where they are not NULL. */
static inline double fit_circle(const double *x, const double *y, int n, double *a, double *b)
{
    /* centre the data first so the normal equations stay well conditioned */
    double mx = 0, my = 0;
    for (int i = 0; i < n; i++) {
        mx += x[i] / n;
        my += y[i] / n;
    }
    double sxx = 0, sxy = 0, syy = 0, sxz = 0, syz = 0, sz = 0;
    for (int i = 0; i < n; i++) {
        double u = x[i] - mx, v = y[i] - my, z = u * u + v * v;
        sxx += u * u;
        sxy += u * v;
        syy += v * v;
        sxz += u * z;
        syz += v * z;
        sz += z;
    }
    /* with centred data the constant decouples: [sxx sxy; sxy syy] (2a, 2b) = (sxz, syz) */
    double det = sxx * syy - sxy * sxy;
    double ca = 0.5 * (sxz * syy - syz * sxy) / det, cb = 0.5 * (syz * sxx - sxz * sxy) / det;
    if (a)
        *a = mx + ca;
    if (b)
        *b = my + cb;
    return sqrt(ca * ca + cb * cb + sz / n);
}

#endif
