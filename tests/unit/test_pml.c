/* test_pml.c: the perfectly matched layer. Two packets share one run: one at normal incidence
 * into the lower PML, one at 45 degrees into the upper PML; each comes back with less than 1e-4
 * of its energy (Yee with the PML along x, CKC along y). The packets differ in their wave
 * number across the domain (periodic there), which the PML, uniform across, never mixes: the
 * energy of each is measured apart, by its Fourier component across, once it has left the
 * window between the PMLs and its reflection has come back into it (Taflove and Hagness,
 * section 7.11, without the reference run: nothing else is in the window then). Particles never
 * enter a PML: they load outside it and are absorbed, and counted, at its inner edge. The PEC
 * reflection at 45 degrees is in test_boundaries.c. */
#include "check.h"
#include "checkpoint.h"
#include "fixture.h"

#define DXM 1e-6 /* cell size, m */
#define LEN 160 /* cells along the packets' axis, PMLs included */
#define PML 10 /* cells of each PML */
#define ACROSS 32 /* cells across, periodic: the oblique packet's wave vector fits it twice */
#define THIN 2 /* cells along the third axis, periodic */
#define HALF 20.0 /* cells, 1/e half-width of the packets' envelope along the axis: narrow enough in
                    * wave number that no part of the oblique packet grazes the PML */
#define X0 80.0 /* cells, the packets' centre */

/* The run along axis a (0: x, 1: y) with the other two in cyclic order b (across) and c (thin).
 * The oblique packet (TE: E along c) travels at 45 degrees towards +a and +b; the normal one (E
 * along b, 16 cells per wavelength) towards -a. The oblique packet's B is the curl of psi c with
 * psi = E_c / omega where E_c's phase is turned a quarter period: the plane wave's k x E / omega
 * and a term of the envelope's slope, so that div B is zero on the grid (differences of psi
 * between the nodes) and nothing of the packet is left standing. */
static void packets_config(struct picl_config *cfg, int a, const char *solver)
{
    const char *ax = a ? "y" : "x", *bx = a ? "z" : "y";
    const char *Eb = a ? "Ez" : "Ey", *Ec = a ? "Ex" : "Ez";
    const char *Ba = a ? "By" : "Bx", *Bb = a ? "Bz" : "By", *Bc = a ? "Bx" : "Bz";
    int cells[3];
    cells[a] = LEN;
    cells[(a + 1) % 3] = ACROSS;
    cells[(a + 2) % 3] = THIN;
    int box[3] = {cells[0], cells[1], cells[2]};
    box[a] = LEN / 4; /* the PMLs and the window cross box edges */
    const double ky = 2 * 2 * PICL_PI / (ACROSS * DXM), kn = 2 * PICL_PI / (16 * DXM);
    char boundary[128];
    snprintf(boundary, sizeof boundary, "{ field = { %s = 'pml' }, pml_cells = %d }", ax, PML);
    /* f_o: the oblique packet's E, psi(A, B) its potential at (A, B); f_n the normal packet */
    char fo[256], fn[256], pa1[256], pa2[256], pb1[256], pb2[256];
    snprintf(fo, sizeof fo, "E0*exp(-pow((%s - a0)/w, 2))*cos(ky*(%s - a0) + ky*%s)", ax, ax, bx);
    snprintf(fn, sizeof fn, "E0*exp(-pow((%s - a0)/w, 2))*cos(kn*(%s - a0))", ax, ax);
#define PSI(out, A, B) snprintf(out, sizeof out, "E0*exp(-pow((%s - a0)/w, 2))*sin(ky*(%s - a0) + ky*(%s))/om", A, A, B)
    char at[64], bt[64];
    snprintf(bt, sizeof bt, "%s + h", bx);
    PSI(pa1, ax, bt);
    snprintf(bt, sizeof bt, "%s - h", bx);
    PSI(pa2, ax, bt);
    snprintf(at, sizeof at, "(%s + h)", ax);
    PSI(pb1, at, bx);
    snprintf(at, sizeof at, "(%s - h)", ax);
    PSI(pb2, at, bx);
#undef PSI
    fixture_config(cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g},\n"
                   "           max_box = {%d, %d, %d} },\n"
                   "  boundary = %s,\n"
                   "  solver = %s, steps = 1, shape_order = 1,\n"
                   "  constants = { E0 = 1e9, a0 = %.17g, w = %.17g, ky = %.17g, kn = %.17g, om = %.17g, h = %.17g,\n"
                   "                d = %.17g },\n"
                   "  fields = {\n"
                   "    %s = '%s',\n"
                   "    %s = '(%s - %s)/d',\n"
                   "    %s = '-(%s - %s)/d',\n"
                   "    %s = '%s', %s = '-1/c*%s' },\n"
                   "}\n",
                   cells[0], cells[1], cells[2], cells[0] * DXM, cells[1] * DXM, cells[2] * DXM, box[0], box[1], box[2],
                   boundary, solver, X0 * DXM, HALF * DXM, ky, kn, PICL_C * ky * sqrt(2), 0.5 * DXM, DXM, Ec, fo, Ba,
                   pa1, pa2, Bb, pb1, pb2, Eb, fn, Bc, fn);
}

/* Energy (J) in the window between the PMLs of the part of the fields uniform across (*normal)
 * and of the rest (*oblique): the two packets, which the run keeps apart. */
static void window_energy(struct sim *s, int a, double *normal, double *oblique)
{
    const int *n = s->ctx.lay.cells, b = (a + 1) % 3;
    *normal = *oblique = 0;
    for (int c = FC_EX; c <= FC_BZ; c++) {
        double *f = fixture_field(s, (enum field_comp)c);
        const double unit = 0.5 * (c < FC_BX ? PICL_EPS0 : 1 / PICL_MU0) * DXM * DXM * DXM;
        for (int k = 0; k < n[(a + 2) % 3]; k++)
            for (int i = PML; i < LEN - PML; i++) {
                /* cell (i along a, j across, k thin) as x, y, z indices */
                double mean = 0, values[ACROSS];
                for (int j = 0; j < ACROSS; j++) {
                    int g[3];
                    g[a] = i;
                    g[b] = j;
                    g[(a + 2) % 3] = k;
                    values[j] = f[g[0] + (long)n[0] * (g[1] + (long)n[1] * g[2])];
                    mean += values[j] / ACROSS;
                }
                for (int j = 0; j < ACROSS; j++) {
                    *normal += unit * mean * mean;
                    *oblique += unit * (values[j] - mean) * (values[j] - mean);
                }
            }
        free(f);
    }
}

/* Each packet's centre is 70 cells from its PML's inner edge: its reflection lies wholly in the
 * window (140 cells), and the packet itself wholly out of it, between 130 and 150 cells of
 * travel along the axis (envelope to 3 half-widths, e^-9). The oblique one travels along the
 * axis at c cos 45. */
static void test_reflection(const char *solver, int a)
{
    struct picl_config cfg;
    struct device dev;
    packets_config(&cfg, a, solver);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    double e_normal, e_oblique, r_normal = 0, r_oblique = 0;
    window_energy(s, a, &e_normal, &e_oblique);
    const double cell_time = DXM / (PICL_C * cfg.dt); /* steps per cell of travel */
    const int last = (int)ceil(150 * sqrt(2) * cell_time);
    for (int step = 0; step < last; step += 2) {
        fixture_steps(s, 2);
        const double travel = (step + 2) / cell_time;
        double en, eo;
        const int n_due = travel >= 130 && travel <= 150, o_due = travel / sqrt(2) >= 130 && travel / sqrt(2) <= 150;
        if (!n_due && !o_due)
            continue;
        window_energy(s, a, &en, &eo);
        if (n_due)
            r_normal = fmax(r_normal, en / e_normal);
        if (o_due)
            r_oblique = fmax(r_oblique, eo / e_oblique);
    }
    REPORT("%s, PML of %d cells on the %c faces: reflected energy / incident at normal incidence %.2e, at 45 degrees "
           "%.2e (%d steps)",
           solver, PML, "xyz"[a], r_normal, r_oblique, last);
    CHECK(r_normal < 1e-4);
    CHECK(r_oblique < 1e-4);
    CHECK(r_normal > 0 && r_oblique > 0); /* the measurement saw something */
    fixture_free_sim(s);
    device_close(&dev);
}

/* A uniform electron plasma drifting at u = (0.5, 0.2, 0) c in a box with PMLs of 6 cells on the
 * x faces, its particles absorbed (the default with a PML) or reflected there. No particle is
 * loaded in a PML and none is ever found in one. Absorbed ones are counted at the face they
 * left through; reflected ones are all kept and keep Gauss's law to round-off. (An absorbed
 * particle leaves its charge on the PML's edge, where no image cancels it: docs/input.md.) */
static void test_particles(const char *strategy, int reflect)
{
    const int nx = 32, pml = 6, steps = 60;
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {%d, 16, 8}, lower = {0, 0, 0}, upper = {%.17g, 16e-6, 8e-6}, max_box = {32, 8, 8} },\n"
                   "  boundary = { field = { x = 'pml' }, particles = { x = '%s' }, pml_cells = %d },\n"
                   "  steps = %d, deposition_strategy = '%s',\n"
                   "  species = { { name = 'e', particle = 'electron', density = 1e20, ppc = 1, u_drift = {0.5, 0.2, 0} },\n"
                   "              { name = 'p', particle = 'proton', density = 1e20, ppc = 1, frozen = true } },\n"
                   "}\n",
                   nx, nx * DXM, reflect ? "reflecting" : "absorbing", pml, steps, strategy);
    fixture_device(&dev);
    struct sim *s = fixture_sim(&cfg, &dev);
    const long loaded = s->species[0].np, expected = (long)(nx - 2 * pml) * 16 * 8;
    double lowest = 1e30, highest = -1e30, residual = 0;
    for (int step = 0; step <= steps; step++) {
        double *x = fixture_particles(s, 0, PA_X);
        for (long i = 0; i < s->species[0].np; i++) {
            lowest = fmin(lowest, x[i]);
            highest = fmax(highest, x[i]);
        }
        free(x);
        if (step < steps)
            fixture_steps(s, 1);
        residual = fmax(residual, fixture_gauss(s));
    }
    const long lo = particles_absorbed(&s->species[0], &s->ctx, 0), hi = particles_absorbed(&s->species[0], &s->ctx, 1);
    const long left = s->species[0].np;
    REPORT("particles and PML (%s, %s): %ld loaded (%ld cells outside the PMLs), positions in [%.3f, %.3f] cells "
           "(PMLs below %d and above %d); after %d steps %ld left, %ld absorbed at the lower edge, %ld at the upper; "
           "max charge residual %.2e",
           reflect ? "reflecting" : "absorbing", strategy, loaded, expected, lowest, highest, pml, nx - pml, steps, left,
           lo, hi, residual);
    CHECK(loaded == expected);
    CHECK(s->species[1].np == expected);
    CHECK(lowest >= pml && highest < nx - pml);
    CHECK(left + lo + hi == loaded);
    if (reflect) {
        CHECK(left == loaded);
        CHECK(residual < 1e-11);
    } else {
        CHECK(hi > 0 && lo == 0);
    }
    fixture_free_sim(s);
    device_close(&dev);
}

/* A restart continues bit for bit: the checkpoint holds the PML's auxiliary fields too. A laser
 * pulse is being emitted and absorbed by the PML when the checkpoint is written. */
static void test_restart(void)
{
    char dir[] = "/tmp/picl_pml_XXXXXX", path[512];
    fixture_tmpdir(dir);
    struct picl_config cfg;
    struct device dev;
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {48, 8, 8}, lower = {0, 0, 0}, upper = {4.8e-6, 0.8e-6, 0.8e-6}, max_box = {24, 8, 8} },\n"
                   "  boundary = { field = { x = 'pml' }, pml_cells = 8 },\n"
                   "  steps = 100, shape_order = 1,\n"
                   "  lasers = { { position = {1.2e-6, 0.4e-6, 0.4e-6}, direction = '+x', polarization = {0, 1, 0},\n"
                   "               wavelength = 1e-6, E0 = 1e12, waist = 3e-6, tau = 3.3e-15, t_peak = 1e-14 } },\n"
                   "  checkpoint = { dir = '%s' },\n"
                   "}\n",
                   dir);
    fixture_device(&dev);
    struct sim *a = fixture_sim(&cfg, &dev), *b = fixture_sim(&cfg, &dev);
    fixture_steps(a, 60);
    double bytes = 0;
    CHECK(ckpt_write(a, &bytes, path, sizeof path, fixture_err, sizeof fixture_err) == 0);
    fixture_steps(a, 40);
    CHECK(ckpt_restore(b, path, fixture_err, sizeof fixture_err) == 0);
    fixture_steps(b, 40);
    int same = 1;
    double psi = 0, scale = 0;
    for (int c = FC_EX; c <= FC_BZ; c++) {
        double *f = fixture_field(a, (enum field_comp)c), *g = fixture_field(b, (enum field_comp)c);
        same &= memcmp(f, g, sizeof(double) * 48 * 64) == 0;
        for (int i = 0; i < 48 * 64; i++)
            scale = fmax(scale, fabs(f[i]));
        free(f);
        free(g);
    }
    /* and the PML did hold something worth keeping */
    double *host = malloc(sizeof(double) * (size_t)a->pml.reals);
    clEnqueueReadBuffer(dev.queue, a->pml.psi.mem, CL_TRUE, 0, sizeof(double) * (size_t)a->pml.reals, host, 0, NULL, NULL);
    for (long i = 0; i < a->pml.reals; i++)
        psi = fmax(psi, fabs(host[i]));
    free(host);
    REPORT("restart at step 60 of 100 with a PML and a laser: fields %s bit for bit (max |E| %.2e V/m, max |psi| %.2e)",
           same ? "equal" : "DIFFER", scale, psi);
    CHECK(same);
    CHECK(psi > 0 && scale > 0);
    remove(path);
    rmdir(dir);
    fixture_free_sim(a);
    fixture_free_sim(b);
    device_close(&dev);
}

int main(void)
{
    double t0 = fixture_seconds();
    test_reflection("'yee'", 0);
    test_reflection("'ckc'", 1);
    test_particles("deterministic", 0);
    test_particles("global_atomics", 1);
    test_restart();
    REPORT("%.1f s", fixture_seconds() - t0);
    return check_finish();
}
