/* fuzz_run.c: libFuzzer harness of a whole run (make fuzz): a small input whose names, constants
 * and values come from the fuzzer goes through the loader, the generator, the device's kernel
 * build and 2 steps on the default OpenCL device. Every input must either be refused with a
 * message or run; names and values reach the generated program only as picl validated them.
 * The other harnesses stop at the loader or a checkpoint; this one reaches kernels, where a
 * pasted name or an infinite literal used to run code or crash (issue #42).
 * An input is a list of records (op byte, then its operand): ops 0-3 take a string (length
 * byte, then bytes), the species' name, a constant's name, the density expression, a u_drift
 * expression; ops 4-12 take a double (8 bytes): the constant's value, charge, mass, density,
 * u_drift x, u_th, the domain's length along x, a laser's a0 and wavelength; op 13 takes a byte
 * for the shape order, the pusher, the precision and whether there is a laser. Strings are
 * written as Lua long strings so that any byte reaches picl as text. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "device.h"
#include "exprs.h"
#include "exprs_verify.h"
#include "log.h"
#include "luamod.h"
#include "mem.h"
#include "sim.h"

static char path[64];
static struct picl_config *cfg;
static struct device dev;

/* What one input sets; the rest is the base of a tiny thermal plasma. */
struct run_input {
    char species[64], constant[64], density_expr[128], drift_expr[128];
    double value, charge, mass, density, u_drift, u_th, length, a0, wavelength;
    int order, pusher, single, laser;
};

static void base(struct run_input *in)
{
    memset(in, 0, sizeof *in);
    snprintf(in->species, sizeof in->species, "electrons");
    snprintf(in->constant, sizeof in->constant, "n0");
    in->value = 1e24;
    in->charge = -1.602176634e-19;
    in->mass = 9.1093837015e-31;
    in->density = 1e24;
    in->u_th = 0.01;
    in->length = 8e-6;
    in->a0 = 0.1;
    in->wavelength = 0.8e-6;
    in->order = 1;
}

static int take_string(const uint8_t **p, const uint8_t *end, char *out, size_t len)
{
    if (*p >= end)
        return -1;
    size_t n = **p;
    (*p)++;
    if (n > (size_t)(end - *p))
        n = (size_t)(end - *p);
    if (n >= len)
        n = len - 1;
    memcpy(out, *p, n);
    out[n] = '\0';
    *p += n;
    /* a Lua long string ends at the first "]=====]": keep it out so the text stays one string */
    for (char *q = strstr(out, "]=====]"); q; q = strstr(q, "]=====]"))
        *q = ')';
    return 0;
}

static int take_double(const uint8_t **p, const uint8_t *end, double *out)
{
    if (end - *p < 8)
        return -1;
    memcpy(out, *p, 8);
    *p += 8;
    return 0;
}

static void parse(const uint8_t *data, size_t size, struct run_input *in)
{
    const uint8_t *p = data, *end = data + size;
    double *values[] = {&in->value, &in->charge, &in->mass, &in->density, &in->u_drift, &in->u_th, &in->length,
                        &in->a0, &in->wavelength};
    for (int records = 0; p < end && records < 16; records++) {
        const int op = *p++ % 14;
        int rc = 0;
        if (op == 0)
            rc = take_string(&p, end, in->species, sizeof in->species);
        else if (op == 1)
            rc = take_string(&p, end, in->constant, sizeof in->constant);
        else if (op == 2)
            rc = take_string(&p, end, in->density_expr, sizeof in->density_expr);
        else if (op == 3)
            rc = take_string(&p, end, in->drift_expr, sizeof in->drift_expr);
        else if (op < 13)
            rc = take_double(&p, end, values[op - 4]);
        else if (p < end) {
            const int b = *p++;
            in->order = 1 + b % 3;
            in->pusher = (b / 3) % 3;
            in->single = (b / 9) % 2;
            in->laser = (b / 18) % 2;
        }
        if (rc)
            break;
    }
}

/* %.17g of a double as Lua reads it (math.huge and 0/0 for the values Lua has no literal of). */
static void lua_number(FILE *f, double v)
{
    if (isnan(v))
        fputs("(0/0)", f);
    else if (isinf(v))
        fputs(v > 0 ? "math.huge" : "-math.huge", f);
    else
        fprintf(f, "%.17g", v);
}

static int write_input(const struct run_input *in)
{
    static const char *pushers[] = {"boris", "vay", "higuera_cary"};
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "local picl = require(\"picl\")\nreturn picl.simulation {\n");
    fprintf(f, "  grid = { cells = { 8, 4, 4 }, lower = { 0, 0, 0 }, upper = { ");
    lua_number(f, in->length);
    fprintf(f, ", 4e-6, 4e-6 } },\n  steps = 2,\n  shape_order = %d,\n  pusher = \"%s\",\n  precision = \"%s\",\n",
            in->order, pushers[in->pusher], in->single ? "float" : "double");
    fprintf(f, "  constants = { [ [=====[%s]=====] ] = ", in->constant);
    lua_number(f, in->value);
    fprintf(f, " },\n  species = { {\n    name = [=====[%s]=====],\n    charge = ", in->species);
    lua_number(f, in->charge);
    fprintf(f, ", mass = ");
    lua_number(f, in->mass);
    fprintf(f, ",\n    ppc = { 1, 1, 1 },\n    density = ");
    if (in->density_expr[0])
        fprintf(f, "[=====[%s]=====]", in->density_expr);
    else
        lua_number(f, in->density);
    fprintf(f, ",\n    u_th = ");
    lua_number(f, in->u_th);
    fprintf(f, ",\n    u_drift = { ");
    if (in->drift_expr[0])
        fprintf(f, "[=====[%s]=====]", in->drift_expr);
    else
        lua_number(f, in->u_drift);
    fprintf(f, ", 0, 0 },\n  } },\n");
    if (in->laser) {
        fprintf(f, "  boundary = { field = { x = \"pml\" }, pml_cells = 2 },\n  lasers = { {\n    name = \"l\", "
                   "position = { 3e-6, 0, 0 }, direction = \"+x\", polarization = { 0, 1, 0 },\n    wavelength = ");
        lua_number(f, in->wavelength);
        fprintf(f, ", a0 = ");
        lua_number(f, in->a0);
        fprintf(f, ", waist = 2e-6, fwhm = 5e-15, t_peak = 1e-15,\n  } },\n");
    }
    fprintf(f, "  diagnostics = { output_dir = \"%s.d\" },\n}\n", path);
    return fclose(f);
}

static void remove_input(void)
{
    remove(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[4096];
    snprintf(path, sizeof path, "/tmp/picl-fuzz-run-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        abort();
    close(fd);
    atexit(remove_input);
    log_set_level(LOG_ERROR);
    if (luamod_set_limits("1,256", err, sizeof err))
        abort();
    cfg = mem_calloc(1, sizeof *cfg);
    if (!cfg || device_open(&dev, getenv("PICL_DEVICE"), err, sizeof err)) {
        fprintf(stderr, "fuzz_run: %s\n", cfg ? err : "out of memory");
        exit(1);
    }
    /* the base input itself must run: otherwise every input is refused for nothing */
    struct run_input in;
    base(&in);
    if (write_input(&in) || cfg_load(cfg, path, NULL, 0, err, sizeof err)) {
        fprintf(stderr, "fuzz_run: the base input does not load: %s\n", err);
        exit(1);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct run_input in;
    base(&in);
    parse(data, size, &in);
    if (write_input(&in))
        abort();
    char err[8192] = "";
    int rc = cfg_load(cfg, path, NULL, 0, err, sizeof err);
    if (rc == 0)
        rc = gen_exprs_check(cfg, err, sizeof err);
    if (rc == 0)
        rc = sim_check_memory(cfg, &dev, err, sizeof err);
    if (rc == 0)
        rc = exprs_verify(cfg, &dev, err, sizeof err);
    if (rc == 0) {
        struct sim *s = mem_calloc(1, sizeof *s);
        if (!s)
            abort();
        rc = sim_create(s, cfg, &dev, err, sizeof err);
        for (int k = 0; rc == 0 && k < 2; k++)
            rc = sim_step(s, err, sizeof err);
        sim_destroy(s); /* as picl run does, after a failed sim_create too */
        mem_free(s);
    }
    if (rc && !err[0])
        abort();
    return 0;
}
