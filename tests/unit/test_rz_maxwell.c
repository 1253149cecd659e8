/* test_rz_maxwell.c: the quasi-cylindrical Yee solver (templates/maxwell_rz.cl) in a closed
 * cylindrical cavity, PEC at r = R and at z = 0, L, against the cavity's analytic modes:
 * - TM010 (m = 0: E_z = J0(j01 r / R), omega = c j01 / R), TM110 (m = 1: E_z = J1(j11 r / R)
 *   cos theta, omega = c j11 / R) and TE111 (m = 1: B_z ~ J1(j'11 r / R) cos theta sin(pi z / L),
 *   omega = c sqrt((j'11 / R)^2 + (pi / L)^2)) and TM210 (m = 2 of M = 3: E_z = J2(j21 r / R)
 *   cos 2 theta, omega = c j21 / R): the frequency of the mode's projection, at 16 and
 *   32 cells across R (c dt = dr / 2), within 2e-3 and 5e-4 of the analytic one, the error
 *   falling 3.5 to 4.5 times when the cells halve (second order);
 * - on the axis: m = 0's E_t and B_r exactly 0 and E_z regular (its value against the even
 *   extrapolation from r = dr, 2 dr); m = 1's E_z exactly 0 and E_t = -i E_r, B_r = i B_t
 *   (the transverse field is one vector there) to second order; m = 2's E_t, E_z, B_r exactly 0;
 *   the modes not excited stay 0;
 * - Gauss's law per mode: one step from random E, B, J changes div E by -dt div J / eps0 on every
 *   node (r = 0 for m = 0 included) to 1e-12 of the terms;
 * - TE111 in single precision on frequency as in double, div B at float's round-off (1e-5);
 * - 4 boxes along z (guards filled on the host between kernels) agree with 1 box to the last bit;
 * - 100 periods of m = 1 (M = 2) and m = 2 (M = 3) modes at 0.99 of WarpX's Courant limits stay
 *   bounded;
 * - div B per mode, (1/r) d(r B_r)/dr + (1/r) dB_t/dtheta + dB_z/dz on the cell centres, at
 *   round-off (1e-13 of max(|B|, |E|/c) / dr) after every run. */
#define _XOPEN_SOURCE 700 /* j0, j1, jn */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "constants.h"
#include "device.h"
#include "rz.h"

#define J01 2.404825557695773 /* first zero of J0 */
#define J11 3.8317059702075123 /* first zero of J1 */
#define JP11 1.8411837813406593 /* first zero of J1' */
#define J21 5.1356223018406826 /* first zero of J2 */
#define R_CAV 1e-2 /* m */
#define L_CAV 1e-2 /* m */

static char err[65536];
/* 1: the runs that follow are in single precision (the host copy stays double) */
static int rz_single;
/* boxes of this many cells along z in the runs that follow (0: one box) */
static int rz_box_z;

/* The fields in the order of templates/maxwell_rz.cl (RZ_ER ..). */
enum { RZ_FIELD_ER, RZ_FIELD_ET, RZ_FIELD_EZ, RZ_FIELD_BR, RZ_FIELD_BT, RZ_FIELD_BZ };

/* A built solver on the device and the host copy of its field buffer (one box). */
struct rz_run {
    struct gen_rz g;
    struct device *dev;
    cl_program prog;
    cl_kernel kb, ke;
    cl_mem buf;
    double *f; /* RZ_COMPS components of comp_stride reals */
    long comp_stride, sz;
    int ng;
    double dr, dz;
};

static void die(const char *what, cl_int rc)
{
    printf("FAIL: %s (OpenCL %d)\n%s\n", what, rc, err);
    exit(1);
}

static void rz_open(struct rz_run *r, struct device *dev, int modes, int nr, int nz, double cdt_dr)
{
    memset(r, 0, sizeof *r);
    r->dev = dev;
    r->g = (struct gen_rz){.modes = modes, .cells_r = nr, .cells_z = nz, .box_z = rz_box_z ? rz_box_z : nz,
                           .r_max = R_CAV, .z_len = L_CAV, .pec_z = 1, .use_double = !rz_single};
    r->dr = R_CAV / nr;
    r->dz = L_CAV / nz;
    r->g.dt = cdt_dr * r->dr / PICL_C;
    struct strbuf src;
    sb_init(&src);
    if (gen_rz_maxwell(&r->g, &dev->facts, &src, err, sizeof err))
        die("gen_rz_maxwell", 0);
    cl_int rc;
    const char *text = src.data;
    r->prog = clCreateProgramWithSource(dev->context, 1, &text, NULL, &rc);
    if (!r->prog || clBuildProgram(r->prog, 1, &dev->id, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
        clGetProgramBuildInfo(r->prog, dev->id, CL_PROGRAM_BUILD_LOG, sizeof err, err, NULL);
        die("build", rc);
    }
    sb_free(&src);
    r->kb = clCreateKernel(r->prog, "rz_push_B_half", &rc);
    r->ke = clCreateKernel(r->prog, "rz_push_E", &rc);
    if (!r->kb || !r->ke)
        die("kernels", rc);
    r->ng = GEN_RZ_GUARDS;
    r->sz = nr + 2 * r->ng;
    r->comp_stride = gen_rz_comp_stride(&r->g);
    const long n = r->comp_stride * GEN_RZ_FIELDS * gen_rz_mode_comps(modes);
    r->f = calloc((size_t)n, sizeof(double));
    r->buf = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, sizeof(double) * (size_t)n, NULL, &rc);
    if (!r->f || !r->buf)
        die("buffer", rc);
    clSetKernelArg(r->kb, 0, sizeof r->buf, &r->buf);
    clSetKernelArg(r->ke, 0, sizeof r->buf, &r->buf);
}

static void rz_close(struct rz_run *r)
{
    clReleaseMemObject(r->buf);
    clReleaseKernel(r->kb);
    clReleaseKernel(r->ke);
    clReleaseProgram(r->prog);
    free(r->f);
}

static long rz_reals(const struct rz_run *r)
{
    return r->comp_stride * GEN_RZ_FIELDS * gen_rz_mode_comps(r->g.modes);
}

/* The host copy (double) to the device's buffer (the run's precision), and back. */
static void rz_upload(struct rz_run *r)
{
    const long n = rz_reals(r);
    float *tmp = r->g.use_double ? NULL : malloc(sizeof(float) * (size_t)n);
    for (long x = 0; tmp && x < n; x++)
        tmp[x] = (float)r->f[x];
    const size_t bytes = (r->g.use_double ? sizeof(double) : sizeof(float)) * (size_t)n;
    cl_int rc = clEnqueueWriteBuffer(r->dev->queue, r->buf, CL_TRUE, 0, bytes, tmp ? (void *)tmp : (void *)r->f, 0,
                                     NULL, NULL);
    free(tmp);
    if (rc != CL_SUCCESS)
        die("write", rc);
}

static void rz_download(struct rz_run *r)
{
    const long n = rz_reals(r);
    float *tmp = r->g.use_double ? NULL : malloc(sizeof(float) * (size_t)n);
    const size_t bytes = (r->g.use_double ? sizeof(double) : sizeof(float)) * (size_t)n;
    cl_int rc = clEnqueueReadBuffer(r->dev->queue, r->buf, CL_TRUE, 0, bytes, tmp ? (void *)tmp : (void *)r->f, 0,
                                    NULL, NULL);
    for (long x = 0; tmp && x < n; x++)
        r->f[x] = tmp[x];
    free(tmp);
    if (rc != CL_SUCCESS)
        die("read", rc);
}

/* Field f, mode m, part p at cell (i, k) of the domain; i, k may reach into the guards (those
 * at the ends of z belong to the first and last box). */
static double *at(struct rz_run *r, int f, int m, int p, int i, int k)
{
    const int nb = r->g.cells_z / r->g.box_z;
    const int b = k < 0 ? 0 : k >= r->g.cells_z ? nb - 1 : k / r->g.box_z, kl = k - b * r->g.box_z;
    return r->f + gen_rz_comp(r->g.modes, f, m, p) * r->comp_stride + b * gen_rz_box_stride(&r->g) + (i + r->ng) +
           (kl + r->ng) * r->sz;
}

/* Guard cells between boxes along z from their neighbours' valid cells, on the host (the
 * runtime's FillBoundary will do it on the device): every component, both sides. */
static void rz_fill_guards(struct rz_run *r)
{
    const int nb = r->g.cells_z / r->g.box_z, bz = r->g.box_z, ng = r->ng;
    const long bs = gen_rz_box_stride(&r->g);
    for (int c = 0; c < GEN_RZ_FIELDS * gen_rz_mode_comps(r->g.modes); c++)
        for (int b = 0; b < nb; b++)
            for (int g = 1; g <= ng; g++)
                for (int i = -ng; i < r->g.cells_r + ng; i++) {
                    double *box = r->f + c * r->comp_stride + b * bs + (i + ng);
                    if (b > 0) /* below: the lower box's top cells */
                        box[(-g + ng) * r->sz] = box[-bs + (bz - g + ng) * r->sz];
                    if (b < nb - 1) /* above: the upper box's bottom cells */
                        box[(bz - 1 + g + ng) * r->sz] = box[bs + (g - 1 + ng) * r->sz];
                }
}

/* One leapfrog step: B half, E, B half (E and B at the same integer time after it); with several
 * boxes along z the guards are filled after each kernel. */
static void rz_step(struct rz_run *r)
{
    const size_t global[3] = {(size_t)r->g.cells_r, (size_t)r->g.modes, (size_t)r->g.cells_z};
    cl_kernel seq[3] = {r->kb, r->ke, r->kb};
    for (int s = 0; s < 3; s++) {
        cl_int rc = clEnqueueNDRangeKernel(r->dev->queue, seq[s], 3, NULL, global, NULL, 0, NULL, NULL);
        if (rc != CL_SUCCESS)
            die("launch", rc);
        if (r->g.box_z < r->g.cells_z) {
            rz_download(r);
            rz_fill_guards(r);
            rz_upload(r);
        }
    }
}

/* Staggering in cells (r, z) of each field: E_r, B_t, B_z at r_{i+1/2}; E_z, B_r, B_t at z_{k+1/2}. */
static void stagger(int f, double *sr, double *sz)
{
    static const double r_off[GEN_RZ_FIELDS] = {0.5, 0, 0, 0, 0.5, 0.5, 0.5, 0, 0, 0};
    static const double z_off[GEN_RZ_FIELDS] = {0, 0, 0.5, 0.5, 0.5, 0, 0, 0, 0.5, 0};
    *sr = r_off[f];
    *sz = z_off[f];
}

/* A cavity mode: its azimuthal number, the fields it starts with at t = 0 (B = 0 there: the
 * standing wave's instant of maximal E), the component whose projection on `shape` is followed,
 * and its angular frequency. */
struct cavity_mode {
    const char *name;
    int m;
    double (*init)(int f, int p, double r, double z); /* E at t = 0; 0 for the rest */
    int proj_f, proj_p;
    double (*shape)(double r, double z);
    double omega;
};

static double tm010_init(int f, int p, double r, double z)
{
    (void)z;
    return f == RZ_FIELD_EZ && p == 0 ? j0(J01 * r / R_CAV) : 0;
}
static double tm010_shape(double r, double z)
{
    (void)z;
    return j0(J01 * r / R_CAV);
}
static double tm110_init(int f, int p, double r, double z)
{
    (void)z;
    return f == RZ_FIELD_EZ && p == 0 ? j1(J11 * r / R_CAV) : 0;
}
static double tm110_shape(double r, double z)
{
    (void)z;
    return j1(J11 * r / R_CAV);
}
/* TE111: E_r = J1(kc r) / r sin(theta) sin(beta z), E_t = kc J1'(kc r) cos(theta) sin(beta z)
 * (div-free, E_t = 0 at r = R, tangential E = 0 at z = 0, L), B_z ~ J1(kc r) cos(theta). */
static double te111_init(int f, int p, double r, double z)
{
    const double kc = JP11 / R_CAV, x = kc * r, s = sin(PICL_PI * z / L_CAV);
    if (f == RZ_FIELD_ER && p == 1)
        return (r > 0 ? j1(x) / r : kc / 2) * s;
    if (f == RZ_FIELD_ET && p == 0)
        return kc * (x > 0 ? j0(x) - j1(x) / x : 0.5) * s;
    return 0;
}
/* TM210: E_z = J2(j21 r / R) cos(2 theta), omega = c j21 / R (M = 3: the axis zeros of m >= 2) */
static double tm210_init(int f, int p, double r, double z)
{
    (void)z;
    return f == RZ_FIELD_EZ && p == 0 ? jn(2, J21 * r / R_CAV) : 0;
}
static double tm210_shape(double r, double z)
{
    (void)z;
    return jn(2, J21 * r / R_CAV);
}
static double te111_shape(double r, double z)
{
    return j1(JP11 * r / R_CAV) * sin(PICL_PI * z / L_CAV);
}

static double projection(struct rz_run *r, const struct cavity_mode *cm)
{
    double sr, sz, sum = 0;
    stagger(cm->proj_f, &sr, &sz);
    for (int k = 0; k < r->g.cells_z; k++)
        for (int i = 0; i < r->g.cells_r; i++) {
            const double rr = (i + sr) * r->dr, zz = (k + sz) * r->dz;
            sum += rr * cm->shape(rr, zz) * *at(r, cm->proj_f, cm->m, cm->proj_p, i, k);
        }
    return sum;
}

/* max over cells and modes of |div B| dr / max(|B|, |E| / c) (the wave's amplitude in tesla at
 * any instant: B alone is near 0 twice a period): the cylindrical divergence per mode,
 * ((i+1) B_r(i+1) - i B_r(i)) / ((i+1/2) dr) + d/dtheta B_t / ((i+1/2) dr) + dB_z/dz at the
 * cell centre (i+1/2, k+1/2); B_r on the axis has the weight r = 0. */
static double div_b(struct rz_run *r)
{
    double worst = 0, bmax = 0;
    for (int m = 0; m < r->g.modes; m++)
        for (int p = 0; p <= (m > 0); p++) {
            const int q = m == 0 ? 0 : 1 - p;
            const double sm = p == 0 ? m : -m;
            for (int k = 0; k < r->g.cells_z; k++)
                for (int i = 0; i < r->g.cells_r; i++) {
                    const double rc = (i + 0.5) * r->dr;
                    const double rbr =
                        (i + 1) * *at(r, RZ_FIELD_BR, m, p, i + 1, k) - i * *at(r, RZ_FIELD_BR, m, p, i, k);
                    const double d = rbr / (i + 0.5) / r->dr +
                                     sm * *at(r, RZ_FIELD_BT, m, q, i, k) / rc +
                                     (*at(r, RZ_FIELD_BZ, m, p, i, k + 1) - *at(r, RZ_FIELD_BZ, m, p, i, k)) / r->dz;
                    worst = fmax(worst, fabs(d));
                    for (int f = RZ_FIELD_ER; f <= RZ_FIELD_BZ; f++)
                        bmax = fmax(bmax, fabs(*at(r, f, m, p, i, k)) / (f <= RZ_FIELD_EZ ? PICL_C : 1));
                }
        }
    return bmax > 0 ? worst * r->dr / bmax : 0;
}

/* max |part| of the field over the grid */
static double field_max(struct rz_run *r, int f, int m, int p)
{
    double v = 0;
    for (int k = 0; k < r->g.cells_z; k++)
        for (int i = 0; i < r->g.cells_r; i++)
            v = fmax(v, fabs(*at(r, f, m, p, i, k)));
    return v;
}

struct result {
    double omega, div_b, axis_zero, axis_rel, others;
    double growth; /* max |projection| over the last period / over the first */
};

/* Runs cm on nr x nr cells (dz = dr) for `periods` periods; the frequency from the projection's
 * step differences d_n (the differences drop any static part): for one cosine
 * d_{n+1} + d_{n-1} = 2 cos(omega dt) d_n, fitted by least squares over the run. */
static struct result run_mode(struct device *dev, const struct cavity_mode *cm, int nr, double periods, double cdt_dr)
{
    struct rz_run r;
    const int modes = cm->m < 2 ? 2 : cm->m + 1;
    rz_open(&r, dev, modes, nr, nr, cdt_dr);
    for (int f = RZ_FIELD_ER; f <= RZ_FIELD_EZ; f++)
        for (int p = 0; p <= (cm->m > 0); p++) {
            double sr, sz;
            stagger(f, &sr, &sz);
            for (int k = 0; k < nr; k++)
                for (int i = 0; i < nr; i++)
                    *at(&r, f, cm->m, p, i, k) = cm->init(f, p, (i + sr) * r.dr, (k + sz) * r.dz);
        }
    rz_upload(&r);
    const int steps = (int)ceil(periods * 2 * PICL_PI / (cm->omega * r.g.dt));
    double *proj = malloc(sizeof(double) * (size_t)(steps + 1));
    proj[0] = projection(&r, cm);
    for (int n = 1; n <= steps; n++) {
        rz_step(&r);
        rz_download(&r);
        proj[n] = projection(&r, cm);
    }
    double num = 0, den = 0;
    for (int n = 1; n < steps - 1; n++) {
        const double dm = proj[n] - proj[n - 1], d0 = proj[n + 1] - proj[n], dp = proj[n + 2] - proj[n + 1];
        num += d0 * (dp + dm);
        den += 2 * d0 * d0;
    }
    const int per = (int)(2 * PICL_PI / (cm->omega * r.g.dt)) + 1;
    double first = 0, last = 0;
    for (int n = 0; n <= steps; n++)
        *(n < per ? &first : &last) = fmax(n < per ? first : last, n > steps - per || n < per ? fabs(proj[n]) : 0);
    free(proj);
    struct result res = {.omega = acos(num / den) / r.g.dt, .div_b = div_b(&r), .growth = last / first};
    /* On the axis: the exact zeros of mode cm->m, and the regular or vector relation. */
    const int m = cm->m;
    double emax = 0, bmax = 0;
    for (int p = 0; p <= (m > 0); p++)
        for (int f = RZ_FIELD_ER; f <= RZ_FIELD_BZ; f++)
            *(f <= RZ_FIELD_EZ ? &emax : &bmax) = fmax(f <= RZ_FIELD_EZ ? emax : bmax, field_max(&r, f, m, p));
    for (int k = 0; k < nr; k++) {
        if (m == 0) {
            res.axis_zero = fmax(res.axis_zero, fabs(*at(&r, RZ_FIELD_ET, 0, 0, 0, k)) / emax);
            res.axis_zero = fmax(res.axis_zero, fabs(*at(&r, RZ_FIELD_BR, 0, 0, 0, k)) / bmax);
            /* E_z is even in r: E_z(0) = (4 E_z(dr) - E_z(2 dr)) / 3 + O(dr^4) */
            const double ez = *at(&r, RZ_FIELD_EZ, 0, 0, 0, k);
            const double ex = (4 * *at(&r, RZ_FIELD_EZ, 0, 0, 1, k) - *at(&r, RZ_FIELD_EZ, 0, 0, 2, k)) / 3;
            res.axis_rel = fmax(res.axis_rel, fabs(ez - ex) / emax);
        } else if (m >= 2) {
            for (int p = 0; p < 2; p++) {
                res.axis_zero = fmax(res.axis_zero, fabs(*at(&r, RZ_FIELD_ET, m, p, 0, k)) / emax);
                res.axis_zero = fmax(res.axis_zero, fabs(*at(&r, RZ_FIELD_EZ, m, p, 0, k)) / emax);
                res.axis_zero = fmax(res.axis_zero, fabs(*at(&r, RZ_FIELD_BR, m, p, 0, k)) / bmax);
            }
        } else {
            for (int p = 0; p < 2; p++) {
                res.axis_zero = fmax(res.axis_zero, fabs(*at(&r, RZ_FIELD_EZ, 1, p, 0, k)) / emax);
                /* E_r, B_t of m = 1 are even in r: their value on the axis from r = dr/2, 3dr/2
                 * is (9 F(dr/2) - F(3dr/2)) / 8 + O(dr^4); E_t = -i E_r, B_r = i B_t there. */
                const double er = (9 * *at(&r, RZ_FIELD_ER, 1, 1 - p, 0, k) - *at(&r, RZ_FIELD_ER, 1, 1 - p, 1, k)) / 8;
                const double bt = (9 * *at(&r, RZ_FIELD_BT, 1, 1 - p, 0, k) - *at(&r, RZ_FIELD_BT, 1, 1 - p, 1, k)) / 8;
                const double et_want = p == 0 ? er : -er, br_want = p == 0 ? -bt : bt;
                res.axis_rel = fmax(res.axis_rel, fabs(*at(&r, RZ_FIELD_ET, 1, p, 0, k) - et_want) / emax);
                res.axis_rel = fmax(res.axis_rel, fabs(*at(&r, RZ_FIELD_BR, 1, p, 0, k) - br_want) / bmax);
            }
        }
    }
    /* the modes not excited */
    for (int mm = 0; mm < modes; mm++)
        for (int p = 0; p <= (mm > 0) && mm != m; p++)
            for (int f = RZ_FIELD_ER; f <= RZ_FIELD_BZ; f++)
                res.others = fmax(res.others, field_max(&r, f, mm, p));
    rz_close(&r);
    return res;
}

static void test_mode(struct device *dev, const struct cavity_mode *cm)
{
    struct result lo = run_mode(dev, cm, 16, 3, 0.5), hi = run_mode(dev, cm, 32, 3, 0.5);
    const double e_lo = lo.omega / cm->omega - 1, e_hi = hi.omega / cm->omega - 1;
    REPORT("%s (m = %d): omega / analytic - 1 = %.3e (16 cells), %.3e (32 cells), ratio %.2f; "
           "div B dr / max(|B|, |E|/c) %.1e, %.1e; axis zeros %.1e, axis relation %.2e, %.2e; other mode %.1e",
           cm->name, cm->m, e_lo, e_hi, e_lo / e_hi, lo.div_b, hi.div_b, fmax(lo.axis_zero, hi.axis_zero),
           lo.axis_rel, hi.axis_rel, fmax(lo.others, hi.others));
    CHECK(fabs(e_lo) < 2e-3);
    CHECK(fabs(e_hi) < 5e-4);
    CHECK(e_lo / e_hi > 3.5 && e_lo / e_hi < 4.5);
    CHECK(lo.div_b < 1e-13 && hi.div_b < 1e-13);
    CHECK(lo.axis_zero == 0 && hi.axis_zero == 0);
    CHECK(lo.others == 0 && hi.others == 0);
    /* second order on the axis: the relation's error falls about 4x too (m >= 2: zeros only) */
    if (cm->m < 2)
        CHECK(hi.axis_rel < 1e-2 && hi.axis_rel < lo.axis_rel / 3);
}

/* div E per mode at node (i, k), scaled by dr: ((i+1/2) E_r(i) - (i-1/2) E_r(i-1)) / i + (d/dtheta
 * E_t) / i + dr dE_z/dz, and on the axis for m = 0 the disc r < dr/2: 4 E_r(dr/2) + dr dE_z/dz.
 * f0 = RZ_FIELD_ER or, for div J, the J fields (f0 + 6). With `size`, the sum of the terms'
 * magnitudes instead: the scale the cancellation is measured against. */
static double div_node(struct rz_run *r, int f0, int m, int p, int i, int k, int size)
{
    const int q = m == 0 ? 0 : 1 - p;
    const double sm = p == 0 ? m : -m;
    const double h = r->dr / r->dz;
    double t[5] = {h * *at(r, f0 + 2, m, p, i, k), -h * *at(r, f0 + 2, m, p, i, k - 1), 0, 0, 0};
    if (i == 0) {
        t[2] = 4 * *at(r, f0, m, p, 0, k);
    } else {
        t[2] = (i + 0.5) * *at(r, f0, m, p, i, k) / i;
        t[3] = -(i - 0.5) * *at(r, f0, m, p, i - 1, k) / i;
        t[4] = sm * *at(r, f0 + 1, m, q, i, k) / i;
    }
    double sum = 0;
    for (int a = 0; a < 5; a++)
        sum += size ? fabs(t[a]) : t[a];
    return sum;
}

/* Ampere keeps Gauss's law per mode: one step from random E, B, J (M = 3, every part of every
 * mode) changes div E by -dt div J / eps0 at every node to round-off (the discrete div curl B
 * is 0), on the axis too for m = 0 through the disc rule for E_z. (At r = 0 for m >= 1 there is
 * nothing to check: rho of m >= 1 vanishes there.) So a deposit that keeps continuity per mode
 * keeps Gauss's law. Interior nodes in z (the PEC walls hold E_r, E_t at z = 0). */
static void test_gauss(struct device *dev)
{
    struct rz_run r;
    const int modes = 3, nr = 12, nz = 12;
    rz_open(&r, dev, modes, nr, nz, 0.5);
    srand(7);
    for (int m = 0; m < modes; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int f = 0; f < 9; f++)
                for (int k = 0; k < nz; k++)
                    for (int i = 0; i < nr; i++)
                        *at(&r, f, m, p, i, k) = (2.0 * rand() / RAND_MAX - 1) * (f < 3 ? 1e9 : f < 6 ? 3 : 1e9);
    rz_upload(&r);
    const long n = r.comp_stride * GEN_RZ_FIELDS * gen_rz_mode_comps(modes);
    double *before = malloc(sizeof(double) * (size_t)n);
    memcpy(before, r.f, sizeof(double) * (size_t)n);
    rz_step(&r);
    rz_download(&r);
    /* dE = E after - E before, in the buffer `before` (its E parts), for the terms' scale */
    for (int m = 0; m < modes; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int f = RZ_FIELD_ER; f <= RZ_FIELD_EZ; f++) {
                const long c = gen_rz_comp(modes, f, m, p) * r.comp_stride;
                for (long x = 0; x < r.comp_stride; x++)
                    before[c + x] = r.f[c + x] - before[c + x];
            }
    double worst = 0, scale = 0;
    const double dt_eps0 = r.g.dt / PICL_EPS0;
    double *after = r.f;
    for (int m = 0; m < modes; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int k = 1; k < nz; k++)
                for (int i = m == 0 ? 0 : 1; i < nr; i++) {
                    r.f = after;
                    const double dj = dt_eps0 * div_node(&r, 6, m, p, i, k, 0);
                    r.f = before;
                    const double dde = div_node(&r, RZ_FIELD_ER, m, p, i, k, 0);
                    worst = fmax(worst, fabs(dde + dj));
                    scale = fmax(scale, div_node(&r, RZ_FIELD_ER, m, p, i, k, 1));
                }
    r.f = after;
    free(before);
    rz_close(&r);
    REPORT("Gauss per mode after one step from random E, B, J (M = 3): max |d(div E) + dt div J / eps0| = %.2e "
           "of the largest sum of |terms| of d(div E)", worst / scale);
    CHECK(worst <= 1e-12 * scale);
}

/* Boxes along z: TE111 (z-dependent, both parts of m = 1) and TM210 on 16 x 16 cells in 1 box
 * and in 4 boxes of 4 (guards filled between the kernels) agree to the last bit after 20 steps:
 * the kernels take each box's place in z (the wall at z = 0 in the first box only). */
static double boxes_vs_one(struct device *dev, const struct cavity_mode *cm)
{
    struct rz_run r[2];
    const int nr = 16, modes = cm->m < 2 ? 2 : cm->m + 1;
    for (int t = 0; t < 2; t++) {
        rz_box_z = t ? 4 : 0;
        rz_open(&r[t], dev, modes, nr, nr, 0.5);
        for (int f = RZ_FIELD_ER; f <= RZ_FIELD_EZ; f++)
            for (int p = 0; p <= (cm->m > 0); p++) {
                double sr, sz;
                stagger(f, &sr, &sz);
                for (int k = 0; k < nr; k++)
                    for (int i = 0; i < nr; i++)
                        *at(&r[t], f, cm->m, p, i, k) = cm->init(f, p, (i + sr) * r[t].dr, (k + sz) * r[t].dz);
            }
        if (t)
            rz_fill_guards(&r[t]);
        rz_upload(&r[t]);
        for (int n = 0; n < 20; n++)
            rz_step(&r[t]);
        rz_download(&r[t]);
    }
    rz_box_z = 0;
    double diff = 0, max = 0;
    for (int m = 0; m < modes; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int f = RZ_FIELD_ER; f <= RZ_FIELD_BZ; f++)
                for (int k = 0; k < nr; k++)
                    for (int i = 0; i < nr; i++) {
                        diff = fmax(diff, fabs(*at(&r[1], f, m, p, i, k) - *at(&r[0], f, m, p, i, k)));
                        max = fmax(max, fabs(*at(&r[0], f, m, p, i, k)) / (f <= RZ_FIELD_EZ ? 1 : 1 / PICL_C));
                    }
    rz_close(&r[0]);
    rz_close(&r[1]);
    REPORT("%s: 4 boxes along z vs 1 box after 20 steps: max difference %.1e (max |E|, c|B| %.2e)", cm->name, diff,
           max);
    CHECK(max > 0);
    return diff;
}

/* Single precision: TE111 (both parts of m = 1, every axis rule but m = 0's) on 16 cells is on
 * frequency as in double, and div B stays at float's round-off. */
static void test_float(struct device *dev, const struct cavity_mode *cm)
{
    rz_single = 1;
    struct result f = run_mode(dev, cm, 16, 3, 0.5);
    rz_single = 0;
    REPORT("%s in float, 16 cells: omega / analytic - 1 = %.3e; div B dr / max(|B|, |E|/c) %.1e; axis zeros %.1e",
           cm->name, f.omega / cm->omega - 1, f.div_b, f.axis_zero);
    CHECK(fabs(f.omega / cm->omega - 1) < 2e-3);
    CHECK(f.div_b < 1e-5);
    CHECK(f.axis_zero == 0);
}

/* Yee in RZ has a lower Courant limit than 2D's, set by the modes' m/r terms near the axis:
 * c dt <= 1 / sqrt((1 + alpha_M) / dr^2 + 1 / dz^2), alpha_2 = 1 and alpha_3 = 3.5234 (WarpX's
 * semi-analytic coefficients, R. Lehe). 100 periods of the highest mode at 0.99 of it stay
 * bounded and on frequency; at c dt = 0.65 dr (2D's limit is 0.707 dr) TE111 grows without
 * bound (M = 2). */
static void test_courant(struct device *dev, const struct cavity_mode *cm)
{
    const double alpha = cm->m < 2 ? 1.0 : 3.5234;
    const double cdt_dr = 0.99 / sqrt(1 + alpha + 1.0); /* dz = dr */
    struct result r = run_mode(dev, cm, 16, 100, cdt_dr);
    REPORT("%s at c dt = %.4f dr, 100 periods: amplitude last / first period %.6f, omega / analytic - 1 = %.3e",
           cm->name, cdt_dr, r.growth, r.omega / cm->omega - 1);
    CHECK(r.growth < 1.01);
    CHECK(fabs(r.omega / cm->omega - 1) < 2e-3);
}

int main(void)
{
    struct device dev;
    if (device_open(&dev, getenv("PICL_DEVICE"), err, sizeof err)) {
        printf("FAIL: %s\n", err);
        return 1;
    }
    const double kc = JP11 / R_CAV, beta = PICL_PI / L_CAV;
    const struct cavity_mode modes[] = {
        {"TM010", 0, tm010_init, RZ_FIELD_EZ, 0, tm010_shape, PICL_C * J01 / R_CAV},
        {"TM110", 1, tm110_init, RZ_FIELD_EZ, 0, tm110_shape, PICL_C * J11 / R_CAV},
        {"TE111", 1, te111_init, RZ_FIELD_BZ, 0, te111_shape, PICL_C * sqrt(kc * kc + beta * beta)},
        {"TM210", 2, tm210_init, RZ_FIELD_EZ, 0, tm210_shape, PICL_C * J21 / R_CAV},
    };
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        test_mode(&dev, &modes[i]);
    test_gauss(&dev);
    CHECK(boxes_vs_one(&dev, &modes[2]) == 0);
    CHECK(boxes_vs_one(&dev, &modes[3]) == 0);
    test_float(&dev, &modes[2]);
    test_courant(&dev, &modes[1]);
    test_courant(&dev, &modes[2]);
    test_courant(&dev, &modes[3]);
    device_close(&dev);
    return check_finish();
}
