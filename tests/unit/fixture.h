/* fixture.h: what the physics tests share: an input from text, the device, a built run. */
#ifndef PICL_FIXTURE_H
#define PICL_FIXTURE_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "config.h"
#include "device.h"
#include "sim.h"

static char fixture_err[65536];

/* The head of a test input: the module and the opening of the simulation table, to which a test
 * adds its keys and the closing brace; _IDS for the tests that follow particles by id. */
#define FIXTURE_INPUT "local picl = require('picl')\nreturn picl.simulation {\n"
#define FIXTURE_INPUT_IDS FIXTURE_INPUT "  particle_ids = true, -- the test follows particles by id\n"

/* mkdtemp on dir (a template ending in XXXXXX), or the test stops. */
static inline void fixture_tmpdir(char *dir)
{
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        exit(2);
    }
}

/* Writes printf-formatted Lua text to a temporary file and loads it with the given --set
 * strings. Exits the test binary with a message when the input does not load. */
static inline void fixture_config(struct picl_config *cfg, const char *const *sets, int n_sets, const char *fmt, ...)
{
    char dir[] = "/tmp/picl_test_XXXXXX", path[64];
    fixture_tmpdir(dir);
    snprintf(path, sizeof path, "%s/input.lua", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fclose(f);
    memset(cfg, 0, sizeof *cfg);
    int rc = cfg_load(cfg, path, sets, n_sets, fixture_err, sizeof fixture_err);
    remove(path);
    rmdir(dir);
    if (rc) {
        printf("FAIL: test input does not load: %s\n", fixture_err);
        exit(1);
    }
}

static inline void fixture_device(struct device *dev)
{
    if (device_open(dev, getenv("PICL_DEVICE"), fixture_err, sizeof fixture_err)) {
        printf("FAIL: %s\n", fixture_err);
        exit(1);
    }
}

static inline struct sim *fixture_sim(const struct picl_config *cfg, struct device *dev)
{
    struct sim *s = calloc(1, sizeof *s);
    if (!s || sim_create(s, cfg, dev, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_create: %s\n", fixture_err);
        exit(1);
    }
    return s;
}

static inline void fixture_steps(struct sim *s, long n)
{
    for (long i = 0; i < n; i++)
        if (sim_step(s, fixture_err, sizeof fixture_err)) {
            printf("FAIL: sim_step: %s\n", fixture_err);
            exit(1);
        }
}

static inline double *fixture_field(struct sim *s, enum field_comp c)
{
    const int *n = s->ctx.lay.cells;
    double *out = malloc(sizeof(double) * (size_t)n[0] * n[1] * n[2]);
    if (!out || fields_read(&s->fields, &s->ctx, c, out, fixture_err, sizeof fixture_err)) {
        printf("FAIL: fields_read: %s\n", fixture_err);
        exit(1);
    }
    return out;
}

static inline void fixture_free_sim(struct sim *s)
{
    sim_destroy(s);
    free(s);
}

/* max |component c| over the valid cells of the whole domain. (Also the use of fixture_field
 * that keeps -Wunused-function quiet in tests that read no field themselves.) */
static inline double fixture_field_max(struct sim *s, enum field_comp c)
{
    const int *n = s->ctx.lay.cells;
    double *f = fixture_field(s, c), m = 0;
    for (long i = 0; i < (long)n[0] * n[1] * n[2]; i++)
        m = fmax(m, fabs(f[i]));
    free(f);
    return m;
}

/* E and B of s (its six components) against a first run's: the first call, with ref[] NULL,
 * keeps them in ref[] and returns 1; later ones set max |f - ref| and max |ref| over all six
 * and return 0. For decompositions that must agree to the last bit. */
static inline int fixture_vs_first(struct sim *s, double *ref[6], double *maxdiff, double *maxval)
{
    const int *n = s->ctx.lay.cells;
    const int first = ref[0] == NULL;
    *maxdiff = *maxval = 0;
    for (int c = 0; c < 6; c++) {
        double *f = fixture_field(s, (enum field_comp)c);
        if (first) {
            ref[c] = f;
            continue;
        }
        for (long i = 0; i < (long)n[0] * n[1] * n[2]; i++) {
            *maxdiff = fmax(*maxdiff, fabs(f[i] - ref[c][i]));
            *maxval = fmax(*maxval, fabs(ref[c][i]));
        }
        free(f);
    }
    return first;
}

/* The same problem cut into boxes three ways (cfg[0] one box, cfg[1] 8, cfg[2] 27), 20 steps
 * each: the same arithmetic on the same values, so E and B of the later two equal the first's to
 * the last bits unless a guard cell is stale. what: the start of the reported line. */
static inline void fixture_boxes_agree(const struct picl_config cfg[3], const char *what)
{
    double *ref[6] = {0};
    struct device dev;
    fixture_device(&dev);
    for (int t = 0; t < 3; t++) {
        struct sim *s = fixture_sim(&cfg[t], &dev);
        fixture_steps(s, 20);
        double maxdiff, maxval;
        if (!fixture_vs_first(s, ref, &maxdiff, &maxval)) {
            REPORT("%s%d boxes vs 1 box after 20 steps: max relative difference %.3e", what, s->ctx.lay.n_boxes,
                   maxdiff / maxval);
            CHECK(s->ctx.lay.n_boxes == (t == 1 ? 8 : 27));
            CHECK(maxdiff <= 1e-14 * maxval);
        }
        fixture_free_sim(s);
    }
    for (int c = 0; c < 6; c++)
        free(ref[c]);
    device_close(&dev);
}

/* sim_run to the input's last step, or the test stops with the run's message. */
static inline void fixture_run(struct sim *s)
{
    if (sim_run(s, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_run: %s\n", fixture_err);
        exit(1);
    }
}

/* b continues from a checkpoint of a written now (to the input's checkpoint dir, its file's
 * path in path); the test stops when the write or the restore fails. */
static inline void fixture_restart(struct sim *a, struct sim *b, char *path, size_t path_len)
{
    double bytes = 0;
    if (ckpt_write(a, &bytes, path, path_len, fixture_err, sizeof fixture_err) ||
        ckpt_restore(b, path, fixture_err, sizeof fixture_err)) {
        printf("FAIL checkpoint: %s\n", fixture_err);
        exit(1);
    }
}

/* Wall-clock seconds, for the run times the physics tests report. */
static inline double fixture_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Array `a` of species `sp` as doubles, np of them (malloc'd; np as of now). */
static inline double *fixture_particles(struct sim *s, int sp, enum particle_array a)
{
    if (particles_check(&s->species[sp], &s->ctx, NULL, fixture_err, sizeof fixture_err)) {
        printf("FAIL: particles_check: %s\n", fixture_err);
        exit(1);
    }
    double *out = malloc(sizeof(double) * (size_t)(s->species[sp].np + 1));
    if (!out || particles_read(&s->species[sp], &s->ctx, a, out, fixture_err, sizeof fixture_err)) {
        printf("FAIL: particles_read: %s\n", fixture_err);
        exit(1);
    }
    return out;
}

/* Array `a` of species `sp` indexed by particle id: out[id] for id < n_ids, NaN where no
 * particle has that id. Particle order in memory is the runtime's business; ids are not. */
static inline double *fixture_by_id(struct sim *s, int sp, enum particle_array a, long n_ids)
{
    double *id = fixture_particles(s, sp, PA_ID), *v = fixture_particles(s, sp, a);
    double *out = malloc(sizeof(double) * (size_t)n_ids);
    if (!out) {
        printf("FAIL: out of memory\n");
        exit(1);
    }
    for (long i = 0; i < n_ids; i++)
        out[i] = NAN;
    for (long i = 0; i < s->species[sp].np; i++)
        if (id[i] >= 0 && id[i] < (double)n_ids)
            out[(long)id[i]] = v[i];
    free(id);
    free(v);
    return out;
}

/* Total energy in J: field (E and B) plus the kinetic energy of every species. */
static inline double fixture_energy(struct sim *s, double *field, double *kinetic)
{
    double we, wb, kin = 0;
    if (fields_energy(&s->fields, &s->ctx, &we, &wb, fixture_err, sizeof fixture_err)) {
        printf("FAIL: fields_energy: %s\n", fixture_err);
        exit(1);
    }
    for (int i = 0; i < s->n_species; i++) {
        double k;
        if (particles_kinetic(&s->species[i], &s->ctx, &k, fixture_err, sizeof fixture_err)) {
            printf("FAIL: particles_kinetic: %s\n", fixture_err);
            exit(1);
        }
        kin += k;
    }
    if (field)
        *field = we + wb;
    if (kinetic)
        *kinetic = kin;
    return we + wb + kin;
}

/* The charge-conservation residual now, against the last reference stored (at start-up, or
 * by a call of sim_gauss with store). */
static inline double fixture_gauss(struct sim *s)
{
    double r;
    if (sim_gauss(s, 0, &r, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_gauss: %s\n", fixture_err);
        exit(1);
    }
    return r;
}

/* A thermal electron-proton plasma in a periodic cube of `cells`^3 cells of FIXTURE_DX, both
 * species of density n0 on lattices of ppc^3 and ppc_ions^3 particles per cell (ppc_ions 0:
 * ppc), electrons with spread u_th (gamma v / c) and protons at the same temperature
 * (u_th sqrt(m_e/m_p)). Any regular lattice deposits a uniform charge (B-splines sum to one),
 * so rho starts at zero and grows only as the particles move.
 * The density makes the Debye length u_th c / omega_pe one cell, so a few cells resolve the
 * plasma's own scales; dt is the Yee limit times 0.999, omega_pe dt = u_th / sqrt(3). */
#define FIXTURE_DX 1e-6 /* m */
struct fixture_plasma {
    int cells, max_box, shape_order, ppc, ppc_ions;
    const char *precision; /* "double" or "float" */
    double u_th;
    int frozen_ions;
};

static inline double fixture_plasma_density(const struct fixture_plasma *p)
{
    double v = p->u_th * PICL_C / FIXTURE_DX; /* omega_pe for lambda_D = dx */
    return v * v * PICL_EPS0 * PICL_M_E / (PICL_Q_E * PICL_Q_E);
}

static inline void fixture_plasma_config(struct picl_config *cfg, const struct fixture_plasma *p)
{
    double L = p->cells * FIXTURE_DX, n0 = fixture_plasma_density(p);
    fixture_config(cfg, NULL, 0,
                   "local picl = require('picl')\n"
                   "return picl.simulation {\n"
                   "  particle_ids = true, -- the tests follow particles by id\n"
                   "  grid = { cells = {%d, %d, %d}, lower = {0, 0, 0}, upper = {%.17g, %.17g, %.17g}, max_box = %d },\n"
                   "  steps = 1, precision = '%s', shape_order = %d,\n"
                   "  species = {\n"
                   "    { name = 'electrons', particle = 'electron', density = %.17g, ppc = %d, u_th = %.17g },\n"
                   "    { name = 'ions', particle = 'proton', density = %.17g, ppc = %d, u_th = %.17g, frozen = %s },\n"
                   "  },\n"
                   "}\n",
                   p->cells, p->cells, p->cells, L, L, L, p->max_box, p->precision, p->shape_order, n0, p->ppc,
                   p->u_th, n0, p->ppc_ions ? p->ppc_ions : p->ppc, p->u_th * sqrt(PICL_M_E / PICL_M_P),
                   p->frozen_ions ? "true" : "false");
}

/* fixture_plasma_config, the device and the run built on it. */
static inline struct sim *fixture_plasma_sim(const struct fixture_plasma *p, struct picl_config *cfg,
                                             struct device *dev)
{
    fixture_plasma_config(cfg, p);
    fixture_device(dev);
    return fixture_sim(cfg, dev);
}

#endif
