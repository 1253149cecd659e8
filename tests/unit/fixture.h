/* fixture.h: what the physics tests share: an input from text, the device, a built run. */
#ifndef PICL_FIXTURE_H
#define PICL_FIXTURE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "device.h"
#include "sim.h"

static char fixture_err[65536];

/* Writes printf-formatted Lua text to a temporary file and loads it with the given --set
 * strings. Exits the test binary with a message when the input does not load. */
static void fixture_config(struct picl_config *cfg, const char *const *sets, int n_sets, const char *fmt, ...)
{
    char dir[] = "/tmp/picl_test_XXXXXX", path[64];
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        exit(2);
    }
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

static void fixture_device(struct device *dev)
{
    if (device_open(dev, getenv("PICL_DEVICE"), fixture_err, sizeof fixture_err)) {
        printf("FAIL: %s\n", fixture_err);
        exit(1);
    }
}

static struct sim *fixture_sim(const struct picl_config *cfg, struct device *dev)
{
    struct sim *s = calloc(1, sizeof *s);
    if (!s || sim_create(s, cfg, dev, fixture_err, sizeof fixture_err)) {
        printf("FAIL: sim_create: %s\n", fixture_err);
        exit(1);
    }
    return s;
}

static void fixture_steps(struct sim *s, long n)
{
    for (long i = 0; i < n; i++)
        if (sim_step(s, fixture_err, sizeof fixture_err)) {
            printf("FAIL: sim_step: %s\n", fixture_err);
            exit(1);
        }
}

static double *fixture_field(struct sim *s, enum field_comp c)
{
    const int *n = s->ctx.lay.cells;
    double *out = malloc(sizeof(double) * (size_t)n[0] * n[1] * n[2]);
    if (!out || fields_read(&s->fields, &s->ctx, c, out, fixture_err, sizeof fixture_err)) {
        printf("FAIL: fields_read: %s\n", fixture_err);
        exit(1);
    }
    return out;
}

static void fixture_free_sim(struct sim *s)
{
    sim_destroy(s);
    free(s);
}

#endif
