/* test_config.c: input scripts -> struct picl_config. Good inputs resolve every field; each bad
 * input fails with a message naming the file, the line, the key and what was expected. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "constants.h"
#include "scratch.h"

static char dir[64];
static char err[4096];
static struct picl_config cfg;

/* Writes DIR/name and returns its path (in a static buffer reused on the next call). */
static const char *write_file(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    scratch_write(path, text);
    return path;
}

static int exists(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

/* Writes DIR/NAME.lua and loads it with the given --set strings. */
static int load(const char *name, const char *text, const char *const *sets, int n_sets)
{
    char file[128];
    snprintf(file, sizeof file, "%s.lua", name);
    return cfg_load(&cfg, write_file(file, text), sets, n_sets, err, sizeof err);
}

/* One bad input, one CHECK: the load fails and the message holds every needle (NULL-ended). */
static void expect_error(int line, const char *name, const char *text, const char *const *sets,
                         int n_sets, ...)
{
    int rc = load(name, text, sets, n_sets);
    int ok = rc != 0;
    va_list ap;
    va_start(ap, n_sets);
    for (const char *needle; (needle = va_arg(ap, const char *));)
        ok = ok && strstr(err, needle) != NULL;
    va_end(ap);
    CHECK(ok);
    if (getenv("TEST_CONFIG_VERBOSE"))
        printf("  %s\n", err);
    if (!ok)
        printf("     case '%s' (test_config.c:%d): rc %d, message: %s\n", name, line, rc, err);
}

#define BAD(name, text, ...) expect_error(__LINE__, name, text, NULL, 0, __VA_ARGS__, (char *)NULL)
#define BAD_SET(name, text, sets, ...)                                                        \
    expect_error(__LINE__, name, text, sets, (int)(sizeof sets / sizeof sets[0]), __VA_ARGS__, \
                 (char *)NULL)

static void expect_ok(int line, const char *name, const char *text, const char *const *sets,
                      int n_sets)
{
    int rc = load(name, text, sets, n_sets);
    CHECK(rc == 0);
    if (rc)
        printf("     case '%s' (test_config.c:%d): %s\n", name, line, err);
}
#define GOOD(name, text) expect_ok(__LINE__, name, text, NULL, 0)
#define GOOD_SET(name, text, sets)                                                            \
    expect_ok(__LINE__, name, text, sets, (int)(sizeof sets / sizeof sets[0]))

#define C_LIGHT 299792458.0
#define Q_E 1.602176634e-19
#define M_E 9.1093837015e-31
#define M_P 1.67262192369e-27
#define PI 3.14159265358979323846

/* Lines 1-3 of most inputs below; the line a test expects counts from here. */
#define HEAD "local picl = require(\"picl\")\nreturn picl.simulation {\n"
#define GRID "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 1e-6} },\n"

static const char good_input[] =
    "local picl = require(\"picl\")   -- constants in SI\n"          /* 1 */
    "local L = 20e-6\n"                                                /* 2 */
    "return picl.simulation {\n"                                       /* 3 */
    "  grid = { cells = {64, 64, 64}, lower = {-L, -L, -L},\n"         /* 4 */
    "           upper = {L, L, L}, max_box = 32 },\n"                  /* 5 */
    "  boundary = { field = 'periodic', particles = {'periodic', 'periodic', 'periodic'} },\n"
    "  solver = { name = 'yee', cfl = 0.5 },\n"                        /* 7 */
    "  steps = 100,\n"                                                 /* 8 */
    "  precision = 'float', shape_order = 2, pusher = 'vay',\n"        /* 9 */
    "  gather = 'momentum_conserving', deposition = 'direct',\n"       /* 10 */
    "  constants = { k = 2*math.pi/L, E0 = 1e9 },\n"                   /* 11 */
    "  fields = { Ey = 'E0*cos(k*x)',\n"                               /* 12 */
    "             Bz = 0.5 },\n"                                       /* 13 */
    "  species = {\n"                                                  /* 14 */
    "    { name = 'electrons', particle = 'electron', density = 1e25,\n"
    "      ppc = 2, u_drift = {0.1, 0, 0}, u_th = 0.01 },\n"           /* 16 */
    "    { name = 'ions', charge = picl.q_e, mass = picl.m_p, frozen = true, seed = 42,\n"
    "      density = '1e25*(1 + 0.05*cos(k*x))', ppc = {1, 2, 3},\n"   /* 18 */
    "      region = { lower = {-L, -L, -L}, upper = {0, L, L} } },\n"  /* 19 */
    "  },\n"                                                           /* 20 */
    "  diagnostics = { output_dir = 'out', reduced = { { name = 'energy', interval = 10 } } },\n"
    "  progress_interval = 7,\n"                                       /* 22 */
    "}\n";

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

static void test_good_input_resolves_every_field(void)
{
    GOOD("good", good_input);
    char where[256];
    double dx = 40e-6 / 64, limit = dx / (C_LIGHT * sqrt(3.0));
    CHECK(strstr(cfg.input_path, "good.lua") != NULL);
    CHECK(cfg.input_hash == fnv1a(0xcbf29ce484222325ULL, good_input, strlen(good_input)));
    CHECK(cfg.grid.cells[0] == 64 && cfg.grid.cells[1] == 64 && cfg.grid.cells[2] == 64);
    CHECK_NEAR(cfg.grid.lower[1], -20e-6, 1e-15);
    CHECK_NEAR(cfg.grid.upper[2], 20e-6, 1e-15);
    CHECK(cfg.grid.max_box[0] == 32 && cfg.grid.max_box[1] == 32 && cfg.grid.max_box[2] == 32);
    CHECK(cfg.field_boundary[2][1] == CFG_BOUNDARY_PERIODIC);
    CHECK(cfg.particle_boundary[0][0] == CFG_BOUNDARY_PERIODIC);
    CHECK(cfg.solver == CFG_SOLVER_YEE);
    CHECK_NEAR(cfg.cfl, 0.5, 1e-15);
    CHECK_NEAR(cfg.dt_limit, limit, 1e-14);
    CHECK_NEAR(cfg.dt, 0.5 * limit, 1e-14);
    CHECK(cfg.steps == 100);
    CHECK(cfg.stop_time == 0);
    CHECK(cfg.precision == CFG_FLOAT);
    CHECK(cfg.shape_order == 2);
    CHECK(cfg.pusher == CFG_PUSHER_VAY);
    CHECK(cfg.gather == CFG_GATHER_MOMENTUM);
    CHECK(cfg.deposition == CFG_DEPOSIT_DIRECT);

    /* constants sorted by name */
    CHECK(cfg.n_constants == 2);
    CHECK(strcmp(cfg.constants[0].name, "E0") == 0 && cfg.constants[0].value == 1e9);
    CHECK(strcmp(cfg.constants[1].name, "k") == 0);
    CHECK_NEAR(cfg.constants[1].value, 2 * PI / 20e-6, 1e-15);

    CHECK(strcmp(cfg.init_E[1].text, "E0*cos(k*x)") == 0);
    CHECK(strcmp(cfg.init_E[1].key, "fields.Ey") == 0);
    snprintf(where, sizeof where, "%s/good.lua:12", dir);
    CHECK(strcmp(cfg.init_E[1].where, where) == 0);
    CHECK(strcmp(cfg.init_B[2].text, "0.5") == 0); /* a number becomes its text */
    snprintf(where, sizeof where, "%s/good.lua:13", dir);
    CHECK(strcmp(cfg.init_B[2].where, where) == 0);
    CHECK(cfg.init_E[0].text[0] == '\0' && cfg.init_B[0].text[0] == '\0');

    CHECK(cfg.n_species == 2);
    const struct cfg_species *e = &cfg.species[0], *i = &cfg.species[1];
    CHECK(strcmp(e->name, "electrons") == 0);
    CHECK_NEAR(e->charge, -Q_E, 1e-15);
    CHECK_NEAR(e->mass, M_E, 1e-15);
    CHECK(e->density == 1e25);
    CHECK(strcmp(e->density_expr.text, "1e+25") == 0);
    CHECK(strcmp(e->density_expr.key, "species.electrons.density") == 0);
    snprintf(where, sizeof where, "%s/good.lua:15", dir);
    CHECK(strcmp(e->density_expr.where, where) == 0);
    CHECK(strcmp(e->where, where) == 0);
    CHECK(e->ppc[0] == 2 && e->ppc[1] == 2 && e->ppc[2] == 2);
    CHECK(e->u_drift[0] == 0.1 && e->u_drift[1] == 0 && e->u_drift[2] == 0);
    CHECK(e->u_th[0] == 0.01 && e->u_th[1] == 0.01 && e->u_th[2] == 0.01);
    CHECK(e->seed == 1); /* default: the species' position in the list */
    CHECK(!e->frozen && !e->has_region);

    CHECK(strcmp(i->name, "ions") == 0);
    CHECK_NEAR(i->charge, Q_E, 1e-15);
    CHECK_NEAR(i->mass, M_P, 1e-15);
    CHECK(strcmp(i->density_expr.text, "1e25*(1 + 0.05*cos(k*x))") == 0);
    CHECK(i->density == 0);
    snprintf(where, sizeof where, "%s/good.lua:18", dir);
    CHECK(strcmp(i->density_expr.where, where) == 0);
    CHECK(i->ppc[0] == 1 && i->ppc[1] == 2 && i->ppc[2] == 3);
    CHECK(i->seed == 42 && i->frozen);
    CHECK(i->has_region && i->region_upper[0] == 0 && i->region_lower[2] == -20e-6);

    CHECK(strcmp(cfg.output_dir, "out") == 0);
    CHECK(cfg.n_reduced == 1 && strcmp(cfg.reduced[0].name, "energy") == 0);
    CHECK(cfg.reduced[0].interval == 10);
    CHECK(cfg.progress_interval == 7);

    /* The dump names every section; it is read by people, so only its presence is checked. */
    FILE *f = tmpfile();
    if (f) {
        cfg_print(&cfg, f);
        char buf[8192];
        rewind(f);
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
        CHECK(strstr(buf, "64 x 64 x 64 cells") && strstr(buf, "electrons") &&
              strstr(buf, "E0*cos(k*x)") && strstr(buf, "energy every 10 steps"));
    }
}

static void test_defaults(void)
{
    GOOD("minimal", HEAD GRID "  steps = 3,\n}\n");
    double dx = 1e-6 / 8;
    CHECK(cfg.solver == CFG_SOLVER_YEE);
    CHECK_NEAR(cfg.cfl, 0.999, 1e-15);
    CHECK_NEAR(cfg.dt, 0.999 * dx / (C_LIGHT * sqrt(3.0)), 1e-14);
    CHECK(cfg.precision == CFG_DOUBLE && cfg.shape_order == 3);
    CHECK(cfg.pusher == CFG_PUSHER_BORIS && cfg.gather == CFG_GATHER_ENERGY);
    CHECK(cfg.deposition == CFG_DEPOSIT_ESIRKEPOV);
    CHECK(cfg.grid.max_box[0] == 8 && cfg.grid.max_box[2] == 8); /* one box */
    CHECK(cfg.field_boundary[0][0] == CFG_BOUNDARY_PERIODIC);
    CHECK(cfg.n_species == 0 && cfg.n_constants == 0 && cfg.n_reduced == 0);
    CHECK(strcmp(cfg.output_dir, "diags") == 0);
    CHECK(cfg.progress_interval == 100);
    CHECK(cfg.deposition_strategy == CFG_STRATEGY_AUTO);
    CHECK(cfg.wg_tile[0] == 0 && cfg.wg_tile[1] == 0 && cfg.wg_tile[2] == 0); /* 0: sized to the device */
    GOOD("tiles", HEAD GRID "  steps = 3, deposition_strategy = 'local_tiles',\n"
                            "  work_group = { tile = {4, 2, 8}, particles = 64 },\n}\n");
    CHECK(cfg.deposition_strategy == CFG_STRATEGY_LOCAL_TILES);
    CHECK(cfg.wg_tile[0] == 4 && cfg.wg_tile[1] == 2 && cfg.wg_tile[2] == 8 && cfg.wg_particles == 64);
    BAD("tile_negative", HEAD GRID "  steps = 1,\n  work_group = { tile = -4 },\n}\n",
        "tile_negative.lua:5: work_group.tile: expected a non-negative integer or 3 of them (cells of the tile one "
        "work-group deposits in local memory");

    /* stop_time -> steps = ceil(stop_time / dt); CKC's limit is min(dx)/c, default cfl 1 */
    GOOD("stop_time", HEAD "  grid = { cells = {8, 16, 4}, lower = {0, 0, 0}, upper = {1e-6, 1e-6, 1e-6},\n"
                           "           max_box = {4, 64, 2} },\n"
                           "  solver = 'ckc', stop_time = 1e-14,\n}\n");
    double ckc_dt = (1e-6 / 16) / C_LIGHT;
    CHECK(cfg.solver == CFG_SOLVER_CKC);
    CHECK_NEAR(cfg.cfl, 1.0, 1e-15);
    CHECK_NEAR(cfg.dt, ckc_dt, 1e-14);
    CHECK(cfg.steps == (long)ceil(1e-14 / ckc_dt));
    CHECK(cfg.stop_time == 1e-14);
    /* a box larger than the domain means one box along that axis */
    CHECK(cfg.grid.max_box[0] == 4 && cfg.grid.max_box[1] == 16 && cfg.grid.max_box[2] == 2);

    /* dt given: kept as given, cfl reported as 0; a whole number of steps is not rounded up */
    GOOD("dt", HEAD GRID "  solver = { dt = 1e-16 }, stop_time = 3e-16,\n}\n");
    CHECK(cfg.dt == 1e-16 && cfg.cfl == 0 && cfg.steps == 3);

    /* Scripts are ordinary Lua: loops, functions, and a parameter file read with dofile. */
    write_file("params.lua", "return { n = 8, species = { 'a', 'b', 'c' } }\n");
    GOOD("lua", "local picl = require('picl')\n"
                "local p = dofile('params.lua')   -- relative to this script\n"
                "assert(type(picl.version) == 'string' and picl.c == 299792458)\n"
                "assert(not pcall(function() picl.c = 3e8 end), 'the module is read-only')\n"
                "local list = {}\n"
                "for i, name in ipairs(p.species) do\n"
                "  list[i] = { name = name, particle = 'proton', density = i * 1e20, ppc = i }\n"
                "end\n"
                "local sim = picl.simulation { grid = { cells = {p.n, p.n, p.n}, lower = {0, 0, 0},\n"
                "  upper = {1, 1, 1} }, species = list, steps = 1 }\n"
                "return sim\n");
    CHECK(cfg.n_species == 3 && strcmp(cfg.species[2].name, "c") == 0);
    CHECK(cfg.species[2].ppc[1] == 3 && cfg.species[1].density == 2e20);
}

static const char set_input[] = HEAD
    "  grid = { cells = {64, 64, 64}, lower = {0, 0, 0}, upper = {1e-5, 1e-5, 1e-5}, max_box = 32 },\n"
    "  solver = { name = 'yee', cfl = 0.5 },\n"
    "  steps = 10,\n"
    "  constants = { E0 = 1e9, k = 1e6 },\n"
    "  species = {\n"
    "    { name = 'electrons', particle = 'electron', density = 1e24, ppc = 1 },\n"
    "    { name = 'ions', particle = 'proton', density = 1e24, ppc = 1 },\n"
    "  },\n"
    "}\n";

static void test_set_overrides(void)
{
    static const char *const sets[] = {
        "steps=20",                    /* a number */
        "grid.cells={32, 32, 32}",     /* a table; max_box 32 still divides */
        "solver=ckc",                  /* a bare word replaces the whole solver table */
        "precision=float",
        "species.electrons.u_th=0.1",  /* a species by name */
        "species.2.ppc={1, 2, 3}",     /* and by position */
        "constants.E0=2e9",
        "fields.Ex=E0*sin(k*x)",       /* not Lua that evaluates: taken as text */
        "diagnostics.reduced={name='energy', interval=5}",
    };
    GOOD_SET("set", set_input, sets);
    CHECK(cfg.steps == 20);
    CHECK(cfg.grid.cells[0] == 32 && cfg.grid.cells[2] == 32);
    CHECK(cfg.solver == CFG_SOLVER_CKC && cfg.cfl == 1.0);
    CHECK_NEAR(cfg.dt, 1e-5 / 32 / C_LIGHT, 1e-14);
    CHECK(cfg.precision == CFG_FLOAT);
    CHECK(cfg.species[0].u_th[0] == 0.1 && cfg.species[0].u_th[2] == 0.1);
    CHECK(cfg.species[1].ppc[0] == 1 && cfg.species[1].ppc[2] == 3);
    CHECK(cfg.constants[0].value == 2e9);
    CHECK(strcmp(cfg.init_E[0].text, "E0*sin(k*x)") == 0);
    CHECK(strcmp(cfg.init_E[0].where, "--set") == 0);
    CHECK(cfg.n_reduced == 1 && cfg.reduced[0].interval == 5);
    /* the hash covers the --set list */
    uint64_t h = fnv1a(0xcbf29ce484222325ULL, set_input, strlen(set_input));
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        h = fnv1a(h, sets[i], strlen(sets[i]) + 1);
    CHECK(cfg.input_hash == h);

    /* a field inside a solver given as a bare name, and nil to switch steps for stop_time */
    static const char *const sets2[] = {"solver.cfl=0.25", "steps=nil", "stop_time=1e-15"};
    GOOD_SET("set2", HEAD GRID "  solver = 'ckc', steps = 4,\n}\n", sets2);
    CHECK(cfg.solver == CFG_SOLVER_CKC && cfg.cfl == 0.25);
    CHECK(cfg.steps == (long)ceil(1e-15 / (0.25 * 1e-6 / 8 / C_LIGHT) - 1e-9));

    static const char *const typo[] = {"grid.cels=3"};
    BAD_SET("set_typo", set_input, typo, "--set: grid.cels: unknown key; did you mean 'cells'?");
    static const char *const who[] = {"species.elektrons.u_th=1"};
    BAD_SET("set_species", set_input, who, "--set: species.elektrons:", "did you mean 'electrons'?");
    static const char *const top[] = {"stpes=3"};
    BAD_SET("set_top", set_input, top, "--set: stpes: unknown key; did you mean 'steps'?");
    static const char *const value[] = {"steps=0"};
    BAD_SET("set_value", set_input, value, "--set: steps: expected a positive integer", "got 0");
    static const char *const bad_u[] = {"species.ions.u_th=-1"};
    BAD_SET("set_u", set_input, bad_u, "--set: species.ions.u_th: expected a number >= 0");
    static const char *const noeq[] = {"steps"};
    BAD_SET("set_noeq", set_input, noeq, "--set: 'steps': expected key=value");
    static const char *const deep[] = {"grid.cells.x=3"};
    BAD_SET("set_deep", set_input, deep, "--set: grid.cells: takes one whole value");
}

static void test_bad_inputs(void)
{
    /* unknown keys, with a close match, at every level */
    BAD("top_typo", HEAD GRID "  stpes = 10,\n}\n",
        "top_typo.lua:4: stpes: unknown key; did you mean 'steps'?");
    BAD("grid_typo", HEAD "  grid = { cels = {8, 8, 8}, lower = {0, 0, 0}, upper = {1, 1, 1} },\n"
                          "  steps = 10,\n}\n",
        "grid_typo.lua:3: grid.cels: unknown key; did you mean 'cells'?");
    BAD("species_typo", HEAD GRID "  steps = 1,\n  species = {\n"
                                  "    { name = 'e', particle = 'electron', ppc = 1,\n"
                                  "      densty = 1 } },\n}\n",
        "species_typo.lua:7: species.e.densty: unknown key; did you mean 'density'?");
    BAD("far_typo", HEAD GRID "  steps = 1, wibble = 2,\n}\n",
        "far_typo.lua:4: wibble: unknown key; expected one of", "'grid'");
    BAD("field_typo", HEAD GRID "  steps = 1,\n  fields = { Ew = '0' },\n}\n",
        "field_typo.lua:5: fields.Ew: unknown key; did you mean 'E");

    /* wrong types */
    BAD("grid_type", HEAD "  grid = 5,\n  steps = 1,\n}\n", "grid_type.lua:3: grid: expected a table",
        "got 5");
    BAD("precision_type", HEAD GRID "  steps = 1,\n  precision = 3,\n}\n",
        "precision_type.lua:5: precision: expected one of 'float', 'double'", "got 3");
    BAD("frozen_type", HEAD GRID "  steps = 1, species = { { name = 'e', particle = 'electron',\n"
                                 "  density = 1, ppc = 1, frozen = 'yes' } },\n}\n",
        "frozen_type.lua:5: species.e.frozen: expected true or false", "got \"yes\"");

    /* grid */
    BAD("cells_negative", HEAD "  grid = { cells = {-4, 8, 8}, lower = {0, 0, 0}, upper = {1, 1, 1} },\n"
                               "  steps = 1,\n}\n",
        "cells_negative.lua:3: grid.cells: expected 3 positive integers (cells per axis), got {-4, 8, 8}");
    BAD("cells_fraction", HEAD "  grid = { cells = {8.5, 8, 8}, lower = {0, 0, 0}, upper = {1, 1, 1} },\n"
                               "  steps = 1,\n}\n",
        "cells_fraction.lua:3: grid.cells: expected 3 positive integers", "got {8.5, 8, 8}");
    BAD("cells_missing", HEAD "  grid = { lower = {0, 0, 0}, upper = {1, 1, 1} },\n  steps = 1,\n}\n",
        "cells_missing.lua:3: grid.cells: missing; expected 3 positive integers (cells per axis)");
    BAD("lower_upper", HEAD "  grid = { cells = {8, 8, 8}, lower = {0, 2, 0},\n"
                            "           upper = {1, 1, 1} },\n  steps = 1,\n}\n",
        "lower_upper.lua:4: grid.upper: upper must exceed lower on every axis: along y, lower = 2 m, "
        "upper = 1 m");
    BAD("max_box_zero", HEAD "  grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1, 1, 1},\n"
                             "           max_box = {8, 0, 8} },\n  steps = 1,\n}\n",
        "max_box_zero.lua:4: grid.max_box: expected a positive integer or 3 of them",
        "got {8, 0, 8}");
    BAD("max_box_divide", HEAD "  grid = { cells = {64, 64, 64}, lower = {0, 0, 0}, upper = {1, 1, 1},\n"
                               "    max_box = 24 },\n  steps = 1,\n}\n",
        "max_box_divide.lua:4: grid.max_box: max_box must divide the cell count: 64 cells into boxes of 24");

    /* time step */
    BAD("cfl_zero", HEAD GRID "  solver = { cfl = 0 },\n  steps = 1,\n}\n",
        "cfl_zero.lua:4: solver.cfl: expected a number in (0, 1]", "stability limit", "got 0");
    BAD("cfl_above", HEAD GRID "  solver = { name = 'ckc', cfl = 1.5 },\n  steps = 1,\n}\n",
        "cfl_above.lua:4: solver.cfl: expected a number in (0, 1]", "got 1.5");
    BAD("dt_above", HEAD GRID "  solver = { name = 'yee',\n    dt = 1e-15 },\n  steps = 1,\n}\n",
        "dt_above.lua:5: solver.dt: 1e-15 s is above the yee stability limit on this grid; "
        "expected 0 < dt <= 2.40");
    BAD("cfl_and_dt", HEAD GRID "  solver = { cfl = 0.5, dt = 1e-17 },\n  steps = 1,\n}\n",
        "cfl_and_dt.lua:4: solver.dt: give cfl or dt, not both");

    /* names with a fixed set of values */
    BAD("solver_name", HEAD GRID "  solver = 'yeee',\n  steps = 1,\n}\n",
        "solver_name.lua:4: solver.name: unknown solver 'yeee'; did you mean 'yee'? expected one "
        "of 'yee', 'ckc'");
    BAD("pusher_name", HEAD GRID "  steps = 1,\n  pusher = 'bors',\n}\n",
        "pusher_name.lua:5: pusher: unknown pusher 'bors'; did you mean 'boris'?",
        "'boris', 'vay', 'higuera_cary'");
    BAD("gather_name", HEAD GRID "  steps = 1,\n  gather = 'energy',\n}\n",
        "gather_name.lua:5: gather: unknown gather 'energy'; did you mean 'energy_conserving'?",
        "'energy_conserving', 'momentum_conserving'");
    BAD("deposition_name", HEAD GRID "  steps = 1,\n  deposition = 'esirkepof',\n}\n",
        "deposition_name.lua:5: deposition: unknown deposition 'esirkepof'; did you mean 'esirkepov'?");
    BAD("precision_name", HEAD GRID "  steps = 1,\n  precision = 'single',\n}\n",
        "precision_name.lua:5: precision: unknown precision 'single';", "'float', 'double'");
    BAD("particle_name", HEAD GRID "  steps = 1, species = {\n"
                                   "    { name = 'e', particle = 'electon', density = 1, ppc = 1 } },\n}\n",
        "particle_name.lua:5: species.e.particle: unknown particle 'electon'; did you mean 'electron'?",
        "'electron', 'positron', 'proton'");
    BAD("boundary_name", HEAD GRID "  steps = 1, boundary = { field = {'periodic', 'open', 'periodic'} },\n}\n",
        "boundary_name.lua:4: boundary.field: unknown boundary 'open';",
        "expected one of 'periodic', 'pec', 'pml' (along y)");

    /* steps and stop_time */
    BAD("steps_zero", HEAD GRID "  steps = 0,\n}\n",
        "steps_zero.lua:4: steps: expected a positive integer (time steps), got 0");
    BAD("steps_both", HEAD GRID "  steps = 10,\n  stop_time = 1e-12,\n}\n",
        "steps_both.lua:5: stop_time: give steps or stop_time, not both");
    BAD("steps_neither", HEAD GRID "}\n",
        "steps_neither.lua:2: steps: missing; expected steps (a positive integer) or stop_time (s)");
    BAD("shape_order", HEAD GRID "  steps = 1,\n  shape_order = 4,\n}\n",
        "shape_order.lua:5: shape_order: expected an integer in 1..3", "got 4");

    /* species */
    BAD("density_negative", HEAD GRID "  steps = 1,\n  species = {\n"
                                      "    { name = 'electrons', particle = 'electron',\n"
                                      "      density = -1e20, ppc = 1 },\n  },\n}\n",
        "density_negative.lua:7: species.electrons.density: expected a number >= 0 or an "
        "expression string (m^-3), got -1e+20");
    BAD("ppc_zero", HEAD GRID "  steps = 1,\n  species = { { name = 'e', particle = 'electron',\n"
                              "    density = 1, ppc = {1, 0, 1} } },\n}\n",
        "ppc_zero.lua:6: species.e.ppc: expected a positive integer or 3 of them (particles per "
        "cell along each axis; RZ: {n_r, n_z} or {n_r, n_theta, n_z}), got {1, 0, 1}");
    BAD("ppc_missing", HEAD GRID "  steps = 1,\n  species = { { name = 'e', particle = 'electron',\n"
                                 "    density = 1 } },\n}\n",
        "ppc_missing.lua:5: species.e.ppc: missing; expected a positive integer or 3 of them");
    BAD("charge_zero", HEAD GRID "  steps = 1,\n  species = { { name = 'n', mass = 1e-27,\n"
                                 "    charge = 0, density = 1, ppc = 1 } },\n}\n",
        "charge_zero.lua:6: species.n.charge: expected a nonzero number (C, per physical particle), got 0");
    BAD("mass_negative", HEAD GRID "  steps = 1,\n  species = { { name = 'n', charge = 1e-19,\n"
                                   "    mass = -1, density = 1, ppc = 1 } },\n}\n",
        "mass_negative.lua:6: species.n.mass: expected a positive number (kg, per physical particle), got -1");
    BAD("particle_and_charge", HEAD GRID "  steps = 1,\n  species = { { name = 'p', particle = 'proton',\n"
                                         "    charge = 2e-19, density = 1, ppc = 1 } },\n}\n",
        "particle_and_charge.lua:6: species.p.charge: give particle or charge and mass, not both");
    BAD("no_particle", HEAD GRID "  steps = 1,\n  species = { { name = 'p',\n"
                                 "    density = 1, ppc = 1 } },\n}\n",
        "no_particle.lua:5: species.p: no particle given; expected particle = one of");
    BAD("region_outside", HEAD GRID "  steps = 1,\n  species = { { name = 'e', particle = 'electron',\n"
                                    "    density = 1, ppc = 1,\n"
                                    "    region = { lower = {0, 0, 0},\n"
                                    "               upper = {1e-6, 2e-6, 1e-6} } } },\n}\n",
        "region_outside.lua:8: species.e.region.upper: region lies outside the domain along y: "
        "upper = 2e-06 m; expected 0 <= upper <= 1e-06 m");
    BAD("species_duplicate", HEAD GRID "  steps = 1,\n  species = {\n"
                                       "    { name = 'e', particle = 'electron', density = 1, ppc = 1 },\n"
                                       "    { name = 'e', particle = 'positron', density = 1, ppc = 1 },\n"
                                       "  },\n}\n",
        "species_duplicate.lua:7: species.e: duplicate name 'e' (also entry 1)");
    BAD("species_name", HEAD GRID "  steps = 1,\n  species = { { name = 'my electrons',\n"
                                  "    particle = 'electron', density = 1, ppc = 1 } },\n}\n",
        "species_name.lua:5: species.1.name: expected a name of letters, digits and _");
    BAD("u_th_negative", HEAD GRID "  steps = 1,\n  species = { { name = 'e', particle = 'electron',\n"
                                   "    density = 1, ppc = 1, u_th = {0, -0.1, 0} } },\n}\n",
        "u_th_negative.lua:6: species.e.u_th: expected a number >= 0 or 3 of them");

    /* constants and expressions */
    BAD("constant_value", HEAD GRID "  steps = 1,\n  constants = { k = 'abc' },\n}\n",
        "constant_value.lua:5: constants.k: expected a finite number (SI), got \"abc\"");
    BAD("constant_coordinate", HEAD GRID "  steps = 1,\n  constants = { x = 1 },\n}\n",
        "constant_coordinate.lua:5: constants.x: 'x' is reserved");
    BAD("constant_physical", HEAD GRID "  steps = 1,\n  constants = { c = 3e8 },\n}\n",
        "constant_physical.lua:5: constants.c: 'c' is reserved");
    BAD("constant_ident", HEAD GRID "  steps = 1,\n  constants = { ['2k'] = 1 },\n}\n",
        "constant_ident.lua:5: constants: constant name \"2k\" is not a C identifier");
    BAD("field_type", HEAD GRID "  steps = 1,\n  fields = { Ey = {1, 2} },\n}\n",
        "field_type.lua:5: fields.Ey: expected an expression string or a number", "got {1, 2}");
    BAD("density_type", HEAD GRID "  steps = 1, species = { { name = 'e', particle = 'electron',\n"
                                  "    density = true, ppc = 1 } },\n}\n",
        "density_type.lua:5: species.e.density: expected a number >= 0 or an expression string");
    BAD("reduced_interval", HEAD GRID "  steps = 1,\n  diagnostics = { reduced = { name = 'energy',\n"
                                      "    interval = 0 } },\n}\n",
        "reduced_interval.lua:6: diagnostics.reduced.energy.interval: expected a positive integer (steps), got 0");

    /* the script itself */
    BAD("no_return", "local picl = require('picl')\n"
                     "local sim = picl.simulation { grid = { cells = {8, 8, 8}, lower = {0, 0, 0},\n"
                     "  upper = {1, 1, 1} }, steps = 1 }\n",
        "no_return.lua: the script must end with `return picl.simulation{...}`; it returned nothing");
    BAD("returns_number", "return 42\n",
        "returns_number.lua: the script must end with `return picl.simulation{...}`; it returned 42");
    BAD("syntax", HEAD GRID "  steps = 1\n  precision = 'float',\n}\n", "syntax.lua:5:", "'}' expected");
    BAD("runtime", "local picl = require('picl')\n\nerror('no such plasma')\n",
        "runtime.lua:3: no such plasma");
    CHECK(cfg_load(&cfg, "/nonexistent/x.lua", NULL, 0, err, sizeof err) != 0 &&
          strstr(err, "cannot open input '/nonexistent/x.lua': No such file or directory"));
}

/* PML faces and lasers: what resolves, and each bad input's message. */
#define PGRID "  grid = { cells = {64, 16, 16}, lower = {0, 0, 0}, upper = {64e-6, 16e-6, 16e-6} },\n"
#define LASER_OK "position = {20e-6, 8e-6, 8e-6}, direction = '+x', polarization = {0, 1, 0}, wavelength = 1e-6"
static void test_pml_and_lasers(void)
{
    GOOD("pml", HEAD "  grid = { cells = {64, 32, 16}, lower = {0, 0, 0}, upper = {64e-6, 32e-6, 16e-6} },\n"
                     "  boundary = { field = { x = {'pml', 'pec'}, y = 'pml' }, pml_cells = { x = {12, 5} } },\n"
                           "  steps = 1,\n}\n");
    CHECK(cfg.field_boundary[0][0] == CFG_BOUNDARY_PML && cfg.field_boundary[0][1] == CFG_BOUNDARY_PEC);
    CHECK(cfg.pml_cells[0][0] == 12 && cfg.pml_cells[0][1] == 0); /* no PML on the pec face */
    CHECK(cfg.pml_cells[1][0] == 10 && cfg.pml_cells[1][1] == 10); /* the default thickness */
    CHECK(cfg.pml_cells[2][0] == 0 && cfg.field_boundary[2][0] == CFG_BOUNDARY_PERIODIC);
    CHECK(cfg.particle_boundary[0][0] == CFG_BOUNDARY_ABSORBING && cfg.particle_boundary[1][1] == CFG_BOUNDARY_ABSORBING);

    /* pml_outside: the grid grows by the layers beyond the user's faces (12 below x, 10 on each
     * side of y, none at the pec face), cells keep their size; full output defaults to the user's */
    GOOD("pml_outside", HEAD "  grid = { cells = {64, 32, 16}, lower = {0, 0, 0}, upper = {64e-6, 32e-6, 16e-6} },\n"
                             "  boundary = { field = { x = {'pml', 'pec'}, y = 'pml' }, pml_cells = { x = {12, 5} },\n"
                             "               pml_outside = true },\n"
                             "  diagnostics = { full = { name = 'f', interval = 1, fields = {'E'} } },\n"
                             "  steps = 1,\n}\n");
    CHECK(cfg.pml_outside && cfg.grid.cells[0] == 76 && cfg.grid.cells[1] == 52 && cfg.grid.cells[2] == 16);
    CHECK(cfg.grid.max_box[0] == 76 && cfg.grid.max_box[1] == 52); /* one box stays one box */
    CHECK_NEAR(cfg.grid.lower[0], -12e-6, 1e-12);
    CHECK_NEAR(cfg.grid.upper[0], 64e-6, 1e-12);
    CHECK_NEAR(cfg.grid.lower[1], -10e-6, 1e-12);
    CHECK_NEAR(cfg.grid.upper[1], 42e-6, 1e-12);
    CHECK(cfg.domain_lower[0] == 0 && cfg.domain_upper[1] == 32e-6);
    CHECK(cfg.n_full == 1 && cfg.full[0].cell_lo[0] == 12 && cfg.full[0].cell_hi[0] == 76);
    CHECK(cfg.full[0].cell_lo[1] == 10 && cfg.full[0].cell_hi[1] == 42 && cfg.full[0].cell_hi[2] == 16);

    GOOD("laser", HEAD PGRID "  boundary = { field = { x = 'pml' } },\n  steps = 1,\n"
                             "  lasers = { { name = 'drive', position = {20.3e-6, 8e-6, 8e-6}, direction = '-x',\n"
                             "    polarization = {0, 3, 4}, wavelength = 0.8e-6, a0 = 2, waist = 5e-6, fwhm = 30e-15,\n"
                             "    t_peak = 40e-15, focal_distance = 5e-6 } },\n}\n");
    const struct cfg_laser *l = &cfg.lasers[0];
    CHECK(cfg.n_lasers == 1 && strcmp(l->name, "drive") == 0);
    CHECK(l->axis == 0 && l->sign == -1 && l->plane == 20);
    CHECK_NEAR(l->polarization[1], 0.6, 1e-15);
    CHECK_NEAR(l->polarization[2], 0.8, 1e-15);
    const double omega = 2 * 3.14159265358979323846 * C_LIGHT / 0.8e-6;
    CHECK_NEAR(l->E0, 2 * 9.1093837015e-31 * C_LIGHT * omega / 1.602176634e-19, 1e-14);
    CHECK_NEAR(l->tau, 30e-15 / sqrt(2 * log(2)), 1e-14);
    CHECK(l->focal_distance == 5e-6 && l->t_peak == 40e-15 && !l->has_profile);

    GOOD("laser_profile", HEAD PGRID "  steps = 1,\n  constants = { E1 = 1e10 },\n"
                                     "  lasers = { { " LASER_OK ",\n"
                                     "    profile = 'E1*exp(-pow(t/1e-14 - 3, 2))*sin(2*pi*c*t/1e-6)' } },\n}\n");
    CHECK(cfg.lasers[0].has_profile && strcmp(cfg.lasers[0].name, "laser1") == 0);
    CHECK(strcmp(cfg.lasers[0].profile.key, "lasers.1.profile") == 0);

    BAD("pml_cells_without", HEAD PGRID "  boundary = { field = 'pec', pml_cells = 8 },\n  steps = 1,\n}\n",
        "pml_cells_without.lua:4: boundary.pml_cells: given, but no face has field = \"pml\"");
    BAD("pml_cells_axis", HEAD PGRID "  boundary = { field = { x = 'pml', y = 'pec' }, pml_cells = { y = 4 } },\n"
                                     "  steps = 1,\n}\n",
        "boundary.pml_cells: given along y, where the field boundary is \"pec\"");
    BAD("pml_cells_zero", HEAD PGRID "  boundary = { field = { x = 'pml' }, pml_cells = 0 },\n  steps = 1,\n}\n",
        "boundary.pml_cells: expected a positive integer", "got 0");
    BAD("pml_outside_without", HEAD PGRID "  boundary = { field = 'pec', pml_outside = true },\n  steps = 1,\n}\n",
        "boundary.pml_outside: given, but no face has field = \"pml\"");
    BAD("pml_outside_max_box", HEAD "  grid = { cells = {64, 16, 16}, lower = {0, 0, 0}, upper = {64e-6, 16e-6, 16e-6},\n"
                                    "           max_box = {16, 16, 16} },\n"
                                    "  boundary = { field = { x = 'pml' }, pml_cells = 6, pml_outside = true },\n"
                                    "  steps = 1,\n}\n",
        "grid.max_box: with boundary.pml_outside the grid along x is 6 + 64 + 6 = 76 cells, not a multiple of "
        "max_box = 16");
    BAD("pml_outside_region", HEAD PGRID "  boundary = { field = { x = 'pml' }, pml_outside = true },\n  steps = 1,\n"
                                   "  species = { { name = 'e', charge = -1, mass = 1, density = 1, ppc = 1,\n"
                                   "    region = { lower = {-1e-6, 0, 0}, upper = {64e-6, 16e-6, 16e-6} } } },\n}\n",
        "species.e.region.lower: region lies outside the domain along x");
    BAD("pml_too_thick", HEAD PGRID "  boundary = { field = { y = 'pml' }, pml_cells = 8 },\n  steps = 1,\n}\n",
        "boundary.pml_cells: along y, PML layers of 8 + 8 cells fill the 16 cells of the grid");
    BAD("pml_periodic_particles", HEAD PGRID "  boundary = { field = { x = 'pml' }, particles = 'periodic' },\n"
                                             "  steps = 1,\n}\n",
        "boundary.particles: along x the fields are \"pml\" but the particles \"periodic\"");
    BAD("laser_direction", HEAD PGRID "  steps = 1,\n  lasers = { { position = {1e-6, 1e-6, 1e-6}, direction = 'x+',\n"
                                      "    polarization = {0, 1, 0} } },\n}\n",
        "laser_direction.lua:5: lasers.1.direction: unknown direction 'x+'", "'+x', '-x'");
    BAD("laser_polarization", HEAD PGRID "  steps = 1,\n  lasers = { { position = {1e-6, 1e-6, 1e-6}, direction = '+y',\n"
                                         "    polarization = {0, 1, 1}, wavelength = 1e-6 } },\n}\n",
        "lasers.1.polarization: {0, 1, 1} is not perpendicular to direction +y; expected a nonzero vector with y = 0");
    BAD("laser_no_a0", HEAD PGRID "  steps = 1,\n  lasers = { { " LASER_OK ",\n"
                                  "    waist = 1e-6, tau = 1e-15, t_peak = 0 } },\n}\n",
        "lasers.1.a0: missing; expected a0 (e E0 / (m_e c omega)) or E0 (V/m)");
    BAD("laser_a0_E0", HEAD PGRID "  steps = 1,\n  lasers = { { " LASER_OK ",\n"
                                  "    a0 = 1, E0 = 1e12, waist = 1e-6, tau = 1e-15, t_peak = 0 } },\n}\n",
        "lasers.1.E0: give a0 or E0, not both");
    BAD("laser_tau_fwhm", HEAD PGRID "  steps = 1,\n  lasers = { { " LASER_OK ",\n"
                                     "    a0 = 1, waist = 1e-6, tau = 1e-15, fwhm = 2e-15, t_peak = 0 } },\n}\n",
        "lasers.1.fwhm: give tau or fwhm, not both");
    BAD("laser_waist", HEAD PGRID "  steps = 1,\n  lasers = { { " LASER_OK ",\n"
                                  "    a0 = 1, tau = 1e-15, t_peak = 0 } },\n}\n",
        "lasers.1.waist: missing; expected a positive number (m, w0)");
    BAD("laser_profile_and_gauss", HEAD PGRID "  steps = 1,\n  lasers = { { " LASER_OK ",\n"
                                              "    profile = '1e9', waist = 1e-6 } },\n}\n",
        "lasers.1.waist: the Gaussian's parameters do not go with profile");
    BAD("laser_in_pml", HEAD PGRID "  boundary = { field = { x = 'pml' }, pml_cells = 10 },\n  steps = 1,\n"
                                   "  lasers = { { position = {5e-6, 8e-6, 8e-6}, direction = '+x', polarization = {0, 1, 0},\n"
                                   "    profile = '1e9' } },\n}\n",
        "lasers.1.position: the antenna plane along x (node 5, at 5e-06 m) must lie at least one cell inside the "
        "domain and outside the PML; expected position.x between 1.1e-05 and 5.3e-05 m");
    BAD("laser_outside", HEAD PGRID "  steps = 1,\n"
                                    "  lasers = { { position = {5e-6, 20e-6, 8e-6}, direction = '+x', polarization = {0, 1, 0},\n"
                                    "    profile = '1e9' } },\n}\n",
        "lasers.1.position: lies outside the domain along y: 2e-05 m; expected 0 <= position.y <= 1.6e-05 m");
    BAD("laser_typo", HEAD PGRID "  steps = 1,\n  lasers = { { " LASER_OK ", wiast = 1e-6 } },\n}\n",
        "lasers.1.wiast: unknown key; did you mean 'waist'?");
}

static void test_sandbox(void)
{
    char text[512];
    snprintf(text, sizeof text, "local picl = require('picl')\nos.execute('touch %s/pwned')\n", dir);
    BAD("os_execute", text,
        "os_execute.lua:2: os.execute is not available to input scripts (they cannot touch the machine)");
    CHECK(!exists("pwned"));
    snprintf(text, sizeof text, "local p = io.popen('touch %s/pwned')\n", dir);
    BAD("io_popen", text, "io_popen.lua:1: io.popen is not available to input scripts");
    CHECK(!exists("pwned"));
    snprintf(text, sizeof text, "\nlocal f = io.open('%s/written.txt', 'w')\n", dir);
    BAD("io_open_w", text, "io_open_w.lua:2:", "input scripts may not write files");
    CHECK(!exists("written.txt"));
    BAD("loadlib", "package.loadlib('libc.so.6', 'system')\n",
        "loadlib.lua:1: package.loadlib is not available to input scripts");
    BAD("debug", "local info = debug.getinfo(1)\n",
        "debug.lua:1: debug.getinfo is not available to input scripts");
    BAD("os_remove", "os.remove('x')\n", "os_remove.lua:1: os.remove is not available");
    BAD("os_exit", "os.exit(0)\n", "os_exit.lua:1: os.exit is not available");
    BAD("require_other", "local io2 = require('io')\n",
        "require_other.lua:1: require(\"io\"): only 'picl' is available");
    /* load without an environment runs in the sandbox, not in the real globals */
    BAD("load_env", "local f = load('return os.execute')\nf()\n", "os.execute is not available");
    BAD("load_binary", "assert(load(string.dump(function() end)))\n",
        "load_binary.lua:1:", "binary chunk");
    /* dofile reads, but what it runs is sandboxed too: a file that writes cannot */
    snprintf(text, sizeof text, "local f = io.open('%s/written.txt', 'w')\nf:write('x')\n", dir);
    write_file("writer.lua", text);
    BAD("dofile_writer", "dofile('writer.lua')\n", "writer.lua:1:", "input scripts may not write files");
    CHECK(!exists("written.txt"));
    /* reading works */
    write_file("data.txt", "16\n");
    GOOD("io_read", "local picl = require('picl')\n"
                    "local n = tonumber(io.lines('data.txt')())\n"
                    "return picl.simulation { grid = { cells = {n, n, n}, lower = {0, 0, 0},\n"
                    "  upper = {1, 1, 1} }, steps = 1 }\n");
    CHECK(cfg.grid.cells[1] == 16);
}

/* moving_window and species.beam: resolved values, defaults, --set, and each bad input. */
#define PEC_Z "  boundary = { field = { z = 'pec' } },\n"
#define WIN_GRID "  grid = { cells = {8, 8, 32}, lower = {-4e-6, -4e-6, 0}, upper = {4e-6, 4e-6, 32e-6} },\n"
static void test_window_and_beam(void)
{
    GOOD("window", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'z', speed = 0.99, start = 1e-13 },\n"
                   "  species = { { name = 'b', particle = 'electron',\n"
                   "    beam = { total_charge = -1e-10, particles = 5000, centroid = {0, 0, 16e-6}, rms = {1e-6, 1.2e-6, 3e-6},\n"
                   "             gamma = 1000, energy_spread = 0.01, u_th = {0.5, 0.25, 0}, truncate = 3 } } },\n}\n");
    CHECK(cfg.window.enabled && cfg.window.axis == 2 && cfg.window.speed == 0.99 && cfg.window.start == 1e-13);
    const struct cfg_species *b = &cfg.species[0];
    CHECK(b->is_beam && b->beam.total_charge == -1e-10 && b->beam.particles == 5000 && b->beam.axis == 2);
    CHECK(b->beam.centroid[2] == 16e-6 && b->beam.rms[0] == 1e-6 && b->beam.rms[1] == 1.2e-6 && b->beam.rms[2] == 3e-6);
    CHECK(b->beam.u == sqrt(1000.0 * 1000.0 - 1) && b->beam.truncate == 3);
    /* energy_spread is the rms of u along the axis over u */
    CHECK(b->beam.u_th[0] == 0.5 && b->beam.u_th[1] == 0.25 && b->beam.u_th[2] == 0.01 * b->beam.u);
    CHECK(b->ppc[0] == 1 && b->density_expr.text[0] == 0);

    GOOD("window_defaults", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'z' },\n"
                            "  species = { { name = 'b', particle = 'positron',\n"
                            "    beam = { total_charge = 1e-12, particles = 10, centroid = {0, 0, 16e-6}, rms = 1e-6, u = -3 } } },\n}\n");
    CHECK(cfg.window.speed == 1 && cfg.window.start == 0);
    CHECK(cfg.species[0].beam.axis == 2 && cfg.species[0].beam.u == -3 && cfg.species[0].beam.truncate == 4);
    CHECK(cfg.species[0].beam.u_th[0] == 0 && cfg.species[0].beam.u_th[2] == 0 && cfg.species[0].beam.rms[1] == 1e-6);
    CHECK(cfg.species[0].beam.divergence[0] == 0 && cfg.species[0].beam.divergence[2] == 0);
    GOOD("beam_divergence", HEAD WIN_GRID PEC_Z "  steps = 1,\n"
                            "  species = { { name = 'b', particle = 'electron',\n"
                            "    beam = { total_charge = -1e-12, particles = 10, centroid = {0, 0, 16e-6}, rms = 1e-6, u = 1,\n"
                            "             divergence = {-4e4, 0, 2e3} } } },\n}\n");
    CHECK(cfg.species[0].beam.divergence[0] == -4e4 && cfg.species[0].beam.divergence[1] == 0 &&
          cfg.species[0].beam.divergence[2] == 2e3);
    GOOD("no_window", HEAD GRID "  steps = 1,\n}\n");
    CHECK(!cfg.window.enabled && cfg.n_species == 0);

    const char *const set_window[] = {"moving_window.axis=z", "moving_window.speed=0.5", "species.b.beam.particles=77"};
    GOOD_SET("set_window", HEAD WIN_GRID PEC_Z "  steps = 1,\n"
                           "  species = { { name = 'b', particle = 'electron',\n"
                           "    beam = { total_charge = -1e-12, particles = 10, centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 2 } } },\n}\n",
             set_window);
    CHECK(cfg.window.enabled && cfg.window.axis == 2 && cfg.window.speed == 0.5 && cfg.species[0].beam.particles == 77);

    BAD("window_periodic", HEAD GRID "  steps = 1,\n  moving_window = { axis = 'x' },\n}\n",
        "window_periodic.lua:5: moving_window.axis: the window moves along x, which is periodic; expected a non-periodic axis");
    BAD("window_axis", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'w' },\n}\n",
        "window_axis.lua:6: moving_window.axis: unknown axis 'w'");
    BAD("window_speed", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'z', speed = -1 },\n}\n",
        "window_speed.lua:6: moving_window.speed: expected a positive number (in units of c), got -1");
    BAD("window_typo", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'z', sped = 1 },\n}\n",
        "window_typo.lua:6: moving_window.sped: unknown key; did you mean 'speed'?");
    BAD("window_missing_axis", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { speed = 1 },\n}\n",
        "moving_window.axis: missing; expected one of 'x', 'y', 'z'");

    GOOD("window_pml_axis", HEAD WIN_GRID "  boundary = { field = { z = 'pml' } },\n  steps = 1,\n"
                            "  moving_window = { axis = 'z' },\n}\n");
    GOOD("window_pml_across", HEAD WIN_GRID "  boundary = { field = { x = 'pml', z = 'pec' }, pml_cells = 2 },\n  steps = 1,\n"
                              "  moving_window = { axis = 'z' },\n}\n");
    BAD("window_laser_start", HEAD WIN_GRID PEC_Z "  steps = 1, solver = { name = 'ckc' },\n"
                              "  moving_window = { axis = 'z', start = 10e-15 },\n"
                              "  lasers = { { name = 'drive', position = {0, 0, 4e-6}, direction = {0.28, 0, 0.96},\n"
                              "    polarization = {0.96, 0, -0.28},\n"
                              "    wavelength = 0.8e-6, a0 = 1, waist = 2e-6, tau = 5e-15, t_peak = 15e-15 } },\n}\n",
        "moving_window.start: 1e-14 s, while laser 'drive' still emits until t_peak + 3 tau = "
        "3e-14 s; an oblique beam's CKC antenna (two planes of the grid) moves with the window, so expected "
        "start >= 3e-14 s");
    GOOD("window_laser_ckc_lab", HEAD WIN_GRID PEC_Z "  steps = 1, solver = { name = 'ckc' },\n"
                                "  moving_window = { axis = 'z' },\n"
                                "  lasers = { { name = 'drive', position = {0, 0, 4e-6}, direction = '+z', polarization = {1, 0, 0},\n"
                                "    wavelength = 0.8e-6, a0 = 1, waist = 2e-6, tau = 5e-15, t_peak = 15e-15 } },\n}\n");
    GOOD("window_laser_lab", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'z' },\n"
                             "  lasers = { { name = 'drive', position = {0, 0, 4e-6}, direction = '+z', polarization = {1, 0, 0},\n"
                             "    wavelength = 0.8e-6, a0 = 1, waist = 2e-6, tau = 5e-15, t_peak = 15e-15 } },\n}\n");
    GOOD("window_region_ahead", HEAD WIN_GRID PEC_Z "  steps = 1,\n  moving_window = { axis = 'z' },\n"
                               "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1,\n"
                               "    region = { lower = {-4e-6, -4e-6, 40e-6}, upper = {4e-6, 4e-6, 80e-6} } } },\n}\n");
    CHECK(cfg.species[0].has_region && cfg.species[0].region_lower[2] == 40e-6);

#define BEAM_SPECIES(extra) "  species = { { name = 'b', particle = 'electron', " extra " } },\n}\n"
    BAD("beam_and_density", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("density = 1e24,\n    beam = { total_charge = -1e-12, "
                                                                       "particles = 10, centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 2 }"),
        "beam_and_density.lua:5: species.b.density: a beam species takes no density; expected beam = {...} alone");
    BAD("beam_gamma_and_u", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 10, "
                                                                       "centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 2, u = 1 }"),
        "beam_gamma_and_u.lua:6: species.b.beam.u: give gamma or u, not both");
    BAD("beam_divergence_two", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 10, "
                                                                          "centroid = {0, 0, 16e-6}, rms = 1e-6, u = 1, divergence = {1, 2} }"),
        "species.b.beam.divergence");
    BAD("beam_no_energy", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 10, "
                                                                     "centroid = {0, 0, 16e-6}, rms = 1e-6 }"),
        "species.b.beam.gamma: missing; expected gamma (the mean Lorentz factor, >= 1) or u");
    BAD("beam_gamma_below_one", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 10, "
                                                                           "centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 0.5 }"),
        "beam_gamma_below_one.lua:6: species.b.beam.gamma: expected a number >= 1 (mean Lorentz factor), got 0.5");
    BAD("beam_sign", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = 1e-12, particles = 10, "
                                                                "centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 2 }"),
        "beam_sign.lua:6: species.b.beam.total_charge: 1e-12 C has the opposite sign of the particle's charge",
        "expected a negative total charge");
    BAD("beam_outside", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 10, "
                                                                   "centroid = {0, 0, 2e-6}, rms = 1e-6, gamma = 2 }"),
        "beam_outside.lua:6: species.b.beam.centroid: the bunch reaches -2e-06 .. 6e-06 m along z",
        "outside the domain 0 .. 3.2e-05 m");
    BAD("beam_particles", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 0, "
                                                                     "centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 2 }"),
        "beam_particles.lua:6: species.b.beam.particles: expected a positive integer (macro-particles), got 0");
    BAD("beam_spread_twice", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 9, "
                                                                        "centroid = {0, 0, 16e-6}, rms = 1e-6, gamma = 2,\n"
                                                                        "      energy_spread = 0.1, u_th = 0.1 }"),
        "species.b.beam.energy_spread: the spread of u along z is given twice (energy_spread and u_th)");
    BAD("beam_typo", HEAD WIN_GRID "  steps = 1,\n" BEAM_SPECIES("\n    beam = { total_charge = -1e-12, particles = 9, "
                                                                "centroid = {0, 0, 16e-6}, rms = 1e-6, gama = 2 }"),
        "beam_typo.lua:6: species.b.beam.gama: unknown key; did you mean 'gamma'?");
    BAD("density_missing", HEAD GRID "  steps = 1,\n" BEAM_SPECIES("ppc = 1"),
        "density_missing.lua:5: species.b.density: missing; expected a number >= 0 or an expression string (m^-3), or "
        "beam = {...} for a bunch");
}

/* u_drift and u_th per component: a number stays a number, a string becomes the expression
 * KEY.i (named by its axis) with the line it was written on; one string means every axis.
 * Temperatures and applied fields reach the configuration as written. */
static void test_momentum_profiles(void)
{
    int rc = load("profiles", HEAD GRID "  steps = 1,\n  constants = { k = 1e6 },\n"
                  "  species = { { name = 'e', particle = 'electron', density = 1, ppc = 1,\n"
                  "    u_drift = { '0.01*sin(k*x)', -0.2, 0 },\n"
                  "    u_th = '0.001*(1 + z/1e-6)' } },\n}\n", NULL, 0);
    CHECK(rc == 0);
    const struct cfg_species *e = &cfg.species[0];
    CHECK(!strcmp(e->u_drift_expr[0].text, "0.01*sin(k*x)") && !strcmp(e->u_drift_expr[0].key, "species.e.u_drift.1"));
    CHECK(strstr(e->u_drift_expr[0].where, "profiles.lua:7") != NULL);
    if (!strstr(e->u_drift_expr[0].where, "profiles.lua:7"))
        printf("     u_drift.1 is at '%s'\n", e->u_drift_expr[0].where);
    CHECK(e->u_drift[0] == 0 && e->u_drift[1] == -0.2 && !e->u_drift_expr[1].text[0] && !e->u_drift_expr[2].text[0]);
    for (int a = 0; a < 3; a++)
        CHECK(!strcmp(e->u_th_expr[a].text, "0.001*(1 + z/1e-6)") && e->u_th[a] == 0);
    CHECK(!strcmp(e->u_th_expr[2].key, "species.e.u_th.3"));
    CHECK(e->distribution == CFG_THERMAL_U_TH && !cfg.applied.enabled);

    /* a temperature in eV (its unit kept beside the text), kT in J, and applied fields */
    rc = load("temperatures", HEAD GRID "  steps = 1,\n"
              "  applied_fields = { E = {0, 'sin(t)', 0},\n"
              "    elements = { { kind = 'solenoid', B = 1.5, z = {1e-7, 3e-7} },\n"
              "                 { kind = 'quadrupole', gradient = -100, z = {4e-7, 5e-7}, center = {1e-7, 2e-7} } } },\n"
              "  species = { { name = 'a', particle = 'electron', density = 1, ppc = 1, temperature = 10 },\n"
              "              { name = 'b', particle = 'electron', density = 1, ppc = 1, kT = 'x', distribution = 'maxwellian' } },\n}\n",
              NULL, 0);
    CHECK(rc == 0);
    const struct cfg_species *a = &cfg.species[0], *b = &cfg.species[1];
    CHECK(a->distribution == CFG_THERMAL_MAXWELL_JUTTNER && a->kT_unit == PICL_Q_E && !strcmp(a->kT_expr.text, "10.0") &&
          !strcmp(a->kT_expr.key, "species.a.temperature"));
    CHECK(b->distribution == CFG_THERMAL_MAXWELLIAN && b->kT_unit == 1 && !strcmp(b->kT_expr.text, "x"));
    const struct cfg_applied *ap = &cfg.applied;
    CHECK(ap->enabled && !ap->E[0].text[0] && !strcmp(ap->E[1].text, "sin(t)") && !strcmp(ap->E[1].key, "applied_fields.E.2") &&
          !ap->B[2].text[0]);
    CHECK(ap->n_elements == 2 && ap->elements[0].kind == CFG_SOLENOID && ap->elements[0].strength == 1.5 &&
          ap->elements[0].fringe < 0 && ap->elements[0].z[0] == 1e-7 && ap->elements[0].z[1] == 3e-7);
    CHECK(ap->elements[1].kind == CFG_QUADRUPOLE && ap->elements[1].strength == -100 && ap->elements[1].center[0] == 1e-7 &&
          ap->elements[1].center[1] == 2e-7);

    /* a plasma lens: strength_E and/or strength_B, nothing of the other kinds */
    rc = load("lens", HEAD GRID "  steps = 1,\n  applied_fields = { elements = {\n"
              "    { kind = 'plasma_lens', strength_E = 6e5, z = {1e-7, 2e-7} },\n"
              "    { kind = 'plasma_lens', strength_B = -2, z = {3e-7, 4e-7}, center = {1e-7, 0} } } },\n}\n",
              NULL, 0);
    CHECK(rc == 0 && ap->n_elements == 2 && ap->elements[0].kind == CFG_PLASMA_LENS && ap->elements[0].strength == 6e5 &&
          ap->elements[0].strength_b == 0 && ap->elements[1].strength == 0 && ap->elements[1].strength_b == -2 &&
          ap->elements[1].center[0] == 1e-7);
    BAD("lens_none", HEAD GRID "  steps = 1,\n  applied_fields = { elements = { { kind = 'plasma_lens', z = {0, 1e-7} } } },\n}\n",
        "applied_fields.elements.1.strength_E: missing; a plasma_lens needs strength_E (V/m^2) or strength_B (T/m)");
    BAD("lens_gradient", HEAD GRID "  steps = 1,\n  applied_fields = { elements = { { kind = 'plasma_lens', gradient = 1, "
        "strength_E = 1, z = {0, 1e-7} } } },\n}\n",
        "applied_fields.elements.1.gradient: a plasma_lens takes no gradient");
    BAD("quad_strength", HEAD GRID "  steps = 1,\n  applied_fields = { elements = { { kind = 'quadrupole', gradient = 1, "
        "strength_B = 1, z = {0, 1e-7} } } },\n}\n",
        "applied_fields.elements.1.strength_B: a quadrupole takes no strength_B (a plasma_lens does)");
}

int main(void)
{
    scratch_dir(dir, sizeof dir, "config");
    test_momentum_profiles();
    test_good_input_resolves_every_field();
    test_defaults();
    test_set_overrides();
    test_bad_inputs();
    test_pml_and_lasers();
    test_sandbox();
    test_window_and_beam();
    REPORT("%d checks on input scripts in a temporary folder", check_passed + check_failed);
    scratch_remove(dir);
    return check_finish();
}
