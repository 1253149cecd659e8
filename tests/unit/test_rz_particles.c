/* test_rz_particles.c: the quasi-cylindrical particle kernels (templates/rz_particles.cl), M = 3
 * modes, shape orders 1, 2 and 3 (each check at each order; at 2 and 3 the shapes reach below
 * the axis, folded onto their mirror nodes with the parity of each field and mode), double:
 * - continuity per mode: random particles (some crossing the axis, all crossing cell edges in r
 *   and z) moved one step: (rho~^{n+1} - rho~^n) / dt + div J~ = 0 on every node, with the
 *   divergence of maxwell_rz.cl's Ampere (the axis disc for m = 0), to 1e-12 of the largest
 *   |rho| dr / dt; so Gauss's law per mode holds under rz_push_E (test_rz_maxwell); the charge
 *   (m = 0) and the dipole (m = 1) of the deposited rho equal the particles' to 1e-13; and
 *   one rz_push_E from E = B = 0 with that J gives eps0 div E = rho^{n+1} - rho^n per mode;
 * - gather: fields linear in r and z in every part of every mode are reproduced at the particle
 *   (summed over the modes at its theta, rotated to x, y) to 1e-12, for r >= dr; with fields of
 *   the parity each mode has through the axis, for every r down to 0 (the half-cell reflection);
 * - rho of a uniform density loaded uniformly in r with weights proportional to r (and evenly
 *   in theta): rho_0 = n q on every node off the axis to 1e-12, the modes m >= 1 at round-off;
 *   the axis node too, to the sampling's 1.2e-4 (rz_shape_r's radial weights; the plain hat
 *   gave the disc pi (dr/2)^2 the charge of pi dr^2 / 3: 4/3); at orders 2 and 3 node 1 to the
 *   sampling's 2e-6 (the folded splines' kinks), nodes from 2 on to 1e-12;
 * - the single-precision program builds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "constants.h"
#include "device.h"
#include "rz_particles.h"

#define NR 8
#define NZ 8
#define MODES 3
#define DR 1e-3 /* m */
#define DZ 1.25e-3 /* m: unequal to dr, so that a swapped area or volume shows */

enum { F_ER, F_ET, F_EZ, F_BR, F_BT, F_BZ, F_JR, F_JT, F_JZ, F_RHO };

static char err[65536];

struct rzp {
    struct gen_rz g;
    struct device *dev;
    cl_program prog;
    cl_kernel kg, krho, kj, ke;
    cl_mem buf;
    double *f;
    long comp_stride, reals;
};

static void die(const char *what, cl_int rc)
{
    printf("FAIL: %s (OpenCL %d)\n%s\n", what, rc, err);
    exit(1);
}

static void rzp_open(struct rzp *r, struct device *dev, int order)
{
    memset(r, 0, sizeof *r);
    r->dev = dev;
    r->g = (struct gen_rz){.modes = MODES, .cells_r = NR, .cells_z = NZ, .box_z = NZ, .r_max = NR * DR,
                           .z_len = NZ * DZ, .dt = 0.5 * DR / PICL_C, .pec_z = 0, .use_double = 1, .shape_order = order};
    struct strbuf src;
    sb_init(&src);
    if (gen_rz_particles(&r->g, &dev->facts, &src, err, sizeof err))
        die("gen_rz_particles", 0);
    cl_int rc;
    const char *text = src.data;
    r->prog = clCreateProgramWithSource(dev->context, 1, &text, NULL, &rc);
    if (!r->prog || clBuildProgram(r->prog, 1, &dev->id, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
        clGetProgramBuildInfo(r->prog, dev->id, CL_PROGRAM_BUILD_LOG, sizeof err, err, NULL);
        die("build", rc);
    }
    sb_free(&src);
    r->kg = clCreateKernel(r->prog, "rz_gather_k", &rc);
    r->krho = clCreateKernel(r->prog, "rz_deposit_rho_k", &rc);
    r->kj = clCreateKernel(r->prog, "rz_deposit_current_k", &rc);
    r->ke = clCreateKernel(r->prog, "rz_push_E", &rc);
    if (!r->kg || !r->krho || !r->kj || !r->ke)
        die("kernels", rc);
    r->comp_stride = gen_rz_comp_stride(&r->g);
    r->reals = r->comp_stride * GEN_RZ_FIELDS * gen_rz_mode_comps(MODES);
    r->f = calloc((size_t)r->reals, sizeof(double));
    r->buf = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, sizeof(double) * (size_t)r->reals, NULL, &rc);
    if (!r->f || !r->buf)
        die("buffer", rc);
}

static void rzp_close(struct rzp *r)
{
    clReleaseMemObject(r->buf);
    clReleaseKernel(r->kg);
    clReleaseKernel(r->krho);
    clReleaseKernel(r->kj);
    clReleaseKernel(r->ke);
    clReleaseProgram(r->prog);
    free(r->f);
}

static void upload(struct rzp *r)
{
    if (clEnqueueWriteBuffer(r->dev->queue, r->buf, CL_TRUE, 0, sizeof(double) * (size_t)r->reals, r->f, 0, NULL,
                             NULL) != CL_SUCCESS)
        die("write", 0);
}

static void download(struct rzp *r)
{
    if (clEnqueueReadBuffer(r->dev->queue, r->buf, CL_TRUE, 0, sizeof(double) * (size_t)r->reals, r->f, 0, NULL,
                            NULL) != CL_SUCCESS)
        die("read", 0);
}

/* Runs kernel k over n particles of `row` reals each; out (n rows of 6) for the gather. */
static void launch(struct rzp *r, cl_kernel k, const double *P, int n, int row, double *out)
{
    cl_int rc;
    cl_mem p = clCreateBuffer(r->dev->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              sizeof(double) * (size_t)n * row, (void *)P, &rc);
    cl_mem o = out ? clCreateBuffer(r->dev->context, CL_MEM_WRITE_ONLY, sizeof(double) * 6 * (size_t)n, NULL, &rc)
                   : NULL;
    int a = 0;
    clSetKernelArg(k, a++, sizeof r->buf, &r->buf);
    clSetKernelArg(k, a++, sizeof p, &p);
    if (o)
        clSetKernelArg(k, a++, sizeof o, &o);
    clSetKernelArg(k, a++, sizeof n, &n);
    const size_t global = (size_t)n;
    rc = clEnqueueNDRangeKernel(r->dev->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    if (rc != CL_SUCCESS)
        die("launch", rc);
    if (o && clEnqueueReadBuffer(r->dev->queue, o, CL_TRUE, 0, sizeof(double) * 6 * (size_t)n, out, 0, NULL, NULL))
        die("read gather", 0);
    clFinish(r->dev->queue);
    clReleaseMemObject(p);
    if (o)
        clReleaseMemObject(o);
}

static double *at(struct rzp *r, int f, int m, int p, int i, int k)
{
    const int ng = GEN_RZ_GUARDS;
    return r->f + gen_rz_comp(MODES, f, m, p) * r->comp_stride + (i + ng) + (long)(k + ng) * (NR + 2 * ng);
}

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

/* dr times the divergence per mode at node (i, k), as test_rz_maxwell's div_node (Ampere's):
 * ((i+1/2) J_r(i) - (i-1/2) J_r(i-1)) / i + (dJ_t/dtheta) / i + dr dJ_z/dz; axis (m = 0): 4 J_r(0)
 * + dr dJ_z/dz. */
static double div_node(struct rzp *r, int f0, int m, int p, int i, int k)
{
    const int q = m == 0 ? 0 : 1 - p;
    const double sm = p == 0 ? m : -m, h = DR / DZ;
    double s = h * (*at(r, f0 + 2, m, p, i, k) - *at(r, f0 + 2, m, p, i, k - 1));
    if (i == 0)
        return s + 4 * *at(r, f0, m, p, 0, k);
    return s + ((i + 0.5) * *at(r, f0, m, p, i, k) - (i - 0.5) * *at(r, f0, m, p, i - 1, k) +
                sm * *at(r, f0 + 1, m, q, i, k)) / i;
}

/* Continuity per mode after one step of random particles. */
/* rz_shape_r's shift t (1 - t) g from node i to i + 1 (docs/rz.md, "Radial weights"). */
static double shift_g(int order, int i)
{
    static const double g0[4] = {0, 0.5, 15.0 / 16.0, 13.0 / 10.0};
    return i == 0 ? g0[order] : order / (4.0 * i + 2);
}

static void test_continuity(struct device *dev, int order)
{
    struct rzp r;
    rzp_open(&r, dev, order);
    enum { N = 600 };
    static double P[9 * N], R0[4 * N], R1[4 * N];
    const double dt = r.g.dt;
    srand(38);
    int across = 0;
    for (int n = 0; n < N; n++) {
        double *q = P + 9 * n;
        if (n < N / 4) { /* near the axis, moved through it (or past it) */
            q[0] = urand(-0.45, 0.45);
            q[1] = urand(-0.45, 0.45);
            q[3] = -q[0] + urand(-0.05, 0.05);
            q[4] = -q[1] + urand(-0.05, 0.05);
        } else {
            const double rr = urand(0, NR - 2), th = urand(0, 2 * PICL_PI);
            q[0] = rr * cos(th);
            q[1] = rr * sin(th);
            q[3] = q[0] + urand(-0.45, 0.45);
            q[4] = q[1] + urand(-0.45, 0.45);
        }
        q[2] = urand(2, NZ - 2);
        q[5] = q[2] + urand(-0.9, 0.9);
        q[6] = (q[3] - q[0]) * DR / dt;
        q[7] = (q[4] - q[1]) * DR / dt;
        q[8] = urand(-2e-15, 2e-15);
        across += q[0] * q[3] + q[1] * q[4] < 0;
        const double row0[4] = {q[0], q[1], q[2], q[8]}, row1[4] = {q[3], q[4], q[5], q[8]};
        memcpy(R0 + 4 * n, row0, sizeof row0);
        memcpy(R1 + 4 * n, row1, sizeof row1);
    }
    upload(&r);
    launch(&r, r.krho, R0, N, 4, NULL);
    download(&r);
    static double rho0[MODES][2][NR + 1][NZ + 2];
    for (int m = 0; m < MODES; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int i = 0; i <= NR; i++)
                for (int k = -1; k <= NZ; k++)
                    rho0[m][p][i][k + 1] = *at(&r, F_RHO, m, p, i, k);
    memset(r.f, 0, sizeof(double) * (size_t)r.reals);
    upload(&r);
    launch(&r, r.krho, R1, N, 4, NULL);
    launch(&r, r.kj, P, N, 9, NULL);
    download(&r);
    double worst[MODES] = {0}, scale = 0, jt_axis = 0;
    for (int m = 0; m < MODES; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int i = 0; i <= NR; i++)
                for (int k = -1; k <= NZ; k++)
                    scale = fmax(scale, fabs(rho0[m][p][i][k + 1]) * DR / dt);
    for (int m = 0; m < MODES; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int i = m > 0; i < NR; i++)
                for (int k = 0; k < NZ; k++) {
                    const double res = (*at(&r, F_RHO, m, p, i, k) - rho0[m][p][i][k + 1]) * DR / dt +
                                       div_node(&r, F_JR, m, p, i, k);
                    worst[m] = fmax(worst[m], fabs(res));
                }
    /* the normalisation rho and J share: the grid's charge (m = 0, volumes V_i, the axis disc
     * included) and dipole (m = 1: int rho x dV = pi sum Re rho~_1 r^2 dr dz) against the
     * particles', each at the centroid of its radial weights: i + S_{i+1}(t), which is r + t (1 -
     * t) / (4 i + 2), not r (rz_shape_r moves the hat's excess on node i outwards) */
    double q_grid = 0, q_part = 0, px_grid = 0, px_part = 0, py_grid = 0, py_part = 0, q_abs = 0;
    for (int i = 0; i <= NR + 2; i++) /* the guards too: the shapes of order 3 reach 2 beyond */
        for (int k = -2; k <= NZ + 2; k++) {
            const double v = i == 0 ? PICL_PI * 0.25 * DR * DR * DZ : 2 * PICL_PI * i * DR * DR * DZ;
            q_grid += *at(&r, F_RHO, 0, 0, i, k) * v;
            px_grid += PICL_PI * *at(&r, F_RHO, 1, 0, i, k) * i * DR * i * DR * DR * DZ;
            py_grid += PICL_PI * *at(&r, F_RHO, 1, 1, i, k) * i * DR * i * DR * DR * DZ;
        }
    for (int n = 0; n < N; n++) {
        q_part += P[9 * n + 8];
        q_abs += fabs(P[9 * n + 8]);
        /* the deposit's radial weights (rz_shape_r) put the charge's centroid at i + S_{i+1}(t) */
        const double x = P[9 * n + 3], y = P[9 * n + 4], rr = hypot(x, y);
        const int i = (int)floor(rr);
        const double t = rr - i, reff = rr + t * (1 - t) * shift_g(order, i);
        px_part += rr > 0 ? P[9 * n + 8] * x / rr * reff * DR : 0;
        py_part += rr > 0 ? P[9 * n + 8] * y / rr * reff * DR : 0;
    }
    const double mom = fmax(fabs(q_grid - q_part) / q_abs,
                            fmax(fabs(px_grid - px_part), fabs(py_grid - py_part)) / (q_abs * NR * DR));
    REPORT("order %d: charge (m = 0) and dipole (m = 1) of the deposited rho against the particles': %.2e of "
           "sum |q w| (times r_max)", order, mom);
    CHECK(mom < 1e-13);
    for (int k = 0; k < NZ; k++) /* m = 1's transverse current on the axis is deposited */
        jt_axis = fmax(jt_axis, fabs(*at(&r, F_JT, 1, 0, 0, k)) + fabs(*at(&r, F_JT, 1, 1, 0, k)));
    REPORT("order %d: continuity per mode, %d particles (%d through the axis): max |d rho / dt + div J| dr = "
           "%.2e, %.2e, %.2e of max |rho| dr / dt (m = 0, 1, 2)",
           order, N, across, worst[0] / scale, worst[1] / scale, worst[2] / scale);
    for (int m = 0; m < MODES; m++)
        CHECK(worst[m] / scale < 1e-12);
    CHECK(across > N / 8);
    CHECK(jt_axis > 0);
    /* through the solver: from E = B = 0, rz_push_E with this J gives div E = (rho^{n+1} -
     * rho^n) / eps0 per mode on every node (the axis of m = 0 through the disc) */
    const size_t global[3] = {NR, MODES, NZ};
    clSetKernelArg(r.ke, 0, sizeof r.buf, &r.buf);
    if (clEnqueueNDRangeKernel(dev->queue, r.ke, 3, NULL, global, NULL, 0, NULL, NULL) != CL_SUCCESS)
        die("rz_push_E", 0);
    download(&r);
    double gauss = 0;
    for (int m = 0; m < MODES; m++)
        for (int p = 0; p <= (m > 0); p++)
            for (int i = m > 0; i < NR; i++)
                for (int k = 0; k < NZ; k++)
                    gauss = fmax(gauss, fabs(div_node(&r, F_ER, m, p, i, k) * PICL_EPS0 -
                                             (*at(&r, F_RHO, m, p, i, k) - rho0[m][p][i][k + 1]) * DR));
    REPORT("order %d: Gauss per mode after rz_push_E with the deposited J: max |eps0 div E - (rho^{n+1} - "
           "rho^n)| = %.2e of max |rho|", order, gauss / (scale * dt));
    CHECK(gauss / (scale * dt) < 1e-12);
    rzp_close(&r);
}

/* Field value of (f, m, p) at r, z (in cells): a + b r + c z from coefficients per component;
 * with `parity`, the b r term only for the modes whose field is odd through the axis and the
 * a, c terms only for the even ones (so the reflection below dr/2 is exact too). */
static double coef[GEN_RZ_FIELDS][MODES][2][3];
static const int half_r[6] = {1, 0, 0, 0, 1, 1}, half_z[6] = {0, 0, 1, 1, 1, 0}, vec[6] = {1, 1, 0, 1, 1, 0};
static double field(int f, int m, int p, double r, double z, int parity)
{
    const double *c = coef[f][m][p];
    if (!parity)
        return c[0] + c[1] * r + c[2] * z;
    const int odd = (m + vec[f]) & 1;
    return odd ? c[1] * r : c[0] + c[2] * z;
}

static void gather_case(struct device *dev, int order, int parity, double r_lo)
{
    struct rzp r;
    rzp_open(&r, dev, order);
    for (int f = 0; f < 6; f++)
        for (int m = 0; m < MODES; m++)
            for (int p = 0; p <= (m > 0); p++) {
                for (int a = 0; a < 3; a++)
                    coef[f][m][p][a] = urand(-1, 1);
                for (int i = -1; i <= NR; i++)
                    for (int k = -1; k <= NZ; k++)
                        *at(&r, f, m, p, i, k) = field(f, m, p, i + 0.5 * half_r[f], k + 0.5 * half_z[f], parity);
            }
    upload(&r);
    enum { N = 500 };
    static double P[3 * N], EB[6 * N];
    for (int n = 0; n < N; n++) {
        const double rr = n == 0 && parity ? 0 : urand(r_lo, NR - 2), th = urand(0, 2 * PICL_PI);
        P[3 * n] = rr * cos(th);
        P[3 * n + 1] = rr * sin(th);
        P[3 * n + 2] = urand(1, NZ - 2);
    }
    launch(&r, r.kg, P, N, 3, EB);
    double worst = 0;
    for (int n = 0; n < N; n++) {
        const double x = P[3 * n], y = P[3 * n + 1], z = P[3 * n + 2], rr = hypot(x, y);
        const double c = rr > 0 ? x / rr : 1, s = rr > 0 ? y / rr : 0, th = atan2(s, c);
        double cyl[6] = {0};
        for (int f = 0; f < 6; f++)
            for (int m = 0; m < MODES; m++)
                for (int p = 0; p <= (m > 0); p++)
                    cyl[f] += field(f, m, p, rr, z, parity) * (p == 0 ? cos(m * th) : sin(m * th));
        const double want[6] = {c * cyl[F_ER] - s * cyl[F_ET], s * cyl[F_ER] + c * cyl[F_ET], cyl[F_EZ],
                                c * cyl[F_BR] - s * cyl[F_BT], s * cyl[F_BR] + c * cyl[F_BT], cyl[F_BZ]};
        for (int a = 0; a < 6; a++)
            worst = fmax(worst, fabs(EB[6 * n + a] - want[a]));
    }
    REPORT("order %d: gather of fields linear in r, z%s, r from %.1f dr: max |error| %.2e (fields of order 1)",
           order, parity ? " with each mode's axis parity" : "", r_lo, worst);
    CHECK(worst < 1e-12);
    rzp_close(&r);
}

/* A uniform density n q: particles uniform in r (64 per cell), theta (16) and z (4 per cell),
 * weights proportional to r, over r < 7 dr and 1 <= z/dz < 7; rho checked where every shape
 * that reaches the node lies in the plasma. */
static void test_uniform(struct device *dev, int order)
{
    struct rzp r;
    rzp_open(&r, dev, order);
    const int per_r = 64, n_th = 16, per_z = 4, cells_r = NR - 1;
    const int N = cells_r * per_r * n_th * 6 * per_z;
    const double rho_want = 1e-3; /* C / m^3 */
    double *P = malloc(sizeof(double) * 4 * (size_t)N);
    int n = 0;
    for (int a = 0; a < cells_r * per_r; a++)
        for (int t = 0; t < n_th; t++)
            for (int c = 0; c < 6 * per_z; c++) {
                const double rr = (a + 0.5) / per_r, th = 2 * PICL_PI * (t + 0.3) / n_th;
                P[4 * n] = rr * cos(th);
                P[4 * n + 1] = rr * sin(th);
                P[4 * n + 2] = 1 + (c + 0.5) / per_z;
                P[4 * n + 3] = rho_want * rr * DR * (DR / per_r) * (2 * PICL_PI / n_th) * (DZ / per_z);
                n++;
            }
    upload(&r);
    launch(&r, r.krho, P, N, 4, NULL);
    download(&r);
    double off = 0, modes = 0, axis = 0, first[3] = {0};
    const int i_hi = cells_r - (order > 1);
    for (int k = 3; k <= 5; k++) {
        for (int i = 1; i < 4; i++)
            first[i - 1] = fmax(first[i - 1], fabs(*at(&r, F_RHO, 0, 0, i, k) / rho_want - 1));
        for (int i = order > 1 ? 2 : 1; i < i_hi; i++)
            off = fmax(off, fabs(*at(&r, F_RHO, 0, 0, i, k) / rho_want - 1));
        for (int m = 1; m < MODES; m++)
            for (int p = 0; p < 2; p++)
                for (int i = 0; i < i_hi; i++)
                    modes = fmax(modes, fabs(*at(&r, F_RHO, m, p, i, k)) / rho_want);
        axis = fmax(axis, *at(&r, F_RHO, 0, 0, 0, k) / rho_want);
    }
    REPORT("order %d: uniform density, %d particles, weights ~ r: rho_0 / (n q) - 1 off the axis %.2e (from node %d; nodes 1, "
           "2, 3: %.2e, %.2e, %.2e); modes m >= 1 %.2e of n q; axis node rho_0 / (n q) = %.6f (1: rz_shape_r gives "
           "the disc pi (dr/2)^2 its volume)",
           order, N, off, order > 1 ? 2 : 1, first[0], first[1], first[2], modes, axis);
    CHECK(off < 1e-12);
    CHECK(first[0] < 3e-4); /* orders 2, 3: the kink of the folded shape at r = 0.5, 1 in cell 0's sampling */
    CHECK(modes < 1e-12);
    CHECK(fabs(axis - 1) < 3e-4); /* the midpoint sampling in r: 1.2e-4; the plain hat: 4/3 */
    free(P);
    rzp_close(&r);
}

/* The single-precision program builds (its runs are the wiring step's: the host copies here
 * are double). */
static void test_float_builds(struct device *dev)
{
    struct gen_rz g = {.modes = MODES, .cells_r = NR, .cells_z = NZ, .box_z = NZ, .r_max = NR * DR,
                       .z_len = NZ * DZ, .dt = 0.5 * DR / PICL_C, .pec_z = 0, .use_double = 0};
    struct strbuf src;
    sb_init(&src);
    int bad = gen_rz_particles(&g, &dev->facts, &src, err, sizeof err);
    cl_int rc;
    const char *text = src.data;
    cl_program prog = bad ? NULL : clCreateProgramWithSource(dev->context, 1, &text, NULL, &rc);
    if (prog && clBuildProgram(prog, 1, &dev->id, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
        clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, sizeof err, err, NULL);
        printf("%s\n", err);
        bad = 1;
    }
    REPORT("single precision program: %s", bad || !prog ? "FAILED to build" : "builds");
    CHECK(!bad && prog);
    if (prog)
        clReleaseProgram(prog);
    sb_free(&src);
}

int main(void)
{
    struct device dev;
    if (device_open(&dev, getenv("PICL_DEVICE"), err, sizeof err)) {
        printf("FAIL: %s\n", err);
        return 1;
    }
    test_float_builds(&dev);
    if (!dev.facts.has_fp64) {
        printf("SKIP: %s has no fp64: the double-precision checks\n", dev.name);
        device_close(&dev);
        return check_finish();
    }
    for (int order = 1; order <= 3; order++) {
        test_continuity(&dev, order);
        srand(3);
        gather_case(&dev, order, 0, order == 1 ? 1.0 : 2.0);
        gather_case(&dev, order, 1, 0.0);
        test_uniform(&dev, order);
    }
    device_close(&dev);
    return check_finish();
}
