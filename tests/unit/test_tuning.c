/* test_tuning.c: the tuning file of `picl tune` without a device. What is written reads back the
 * same (every field, strings with quotes and backslashes, "auto"), an entry of the same key is
 * replaced, the write leaves no temporary file; a damaged file names its line and key; the
 * problem class; and tune_apply fills exactly the settings the input leaves at auto, leaves out
 * a work group that does not fit the boxes, and ignores the file with tuning = false. */
#include "tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "scratch.h"

static char dir[64], err[4096];

static const char *path_in(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void write_file(const char *name, const char *text) { scratch_write(path_in(name), text); }

/* A device as tune_apply sees it; nothing here opens OpenCL. */
static const struct device_traits cpu_traits = {.kind = "cpu", .memory_share = 0.5};

static void fake_device(struct device *dev)
{
    memset(dev, 0, sizeof *dev);
    snprintf(dev->name, sizeof dev->name, "Test \"CPU\" \\ 1");
    snprintf(dev->vendor, sizeof dev->vendor, "Vendor");
    snprintf(dev->driver, sizeof dev->driver, "7.1");
    dev->traits = &cpu_traits;
    dev->facts.max_work_group = 256;
    dev->facts.is_cpu = 1;
}

static struct tune_entry tuned(const struct device *dev, const char *cls)
{
    struct tune_entry e;
    memset(&e, 0, sizeof e);
    snprintf(e.vendor, sizeof e.vendor, "%s", dev->vendor);
    snprintf(e.device, sizeof e.device, "%s", dev->name);
    snprintf(e.driver, sizeof e.driver, "%s", dev->driver);
    snprintf(e.cls, sizeof e.cls, "%s", cls);
    e.p = (struct tune_params){{8, 4, 2}, 64, CFG_STRATEGY_GLOBAL_ATOMICS, 8, {2, 2, 2}};
    e.ms = 12.5;
    e.default_ms = 14.25;
    snprintf(e.input, sizeof e.input, "in \"quoted\".lua");
    snprintf(e.picl, sizeof e.picl, "0.1.0");
    snprintf(e.date, sizeof e.date, "2026-12-01T00:00:00Z");
    return e;
}

static void test_round_trip(const struct device *dev)
{
    struct tune_db db;
    char path[256];
    snprintf(path, sizeof path, "%s", path_in("sub/dir/tuning.lua"));
    CHECK(tune_db_load(&db, path, err, sizeof err) == 0 && !db.exists && db.n == 0);
    struct tune_entry a = tuned(dev, "double/order3/ppc8"), b = tuned(dev, "float/order1/ppc1"), l;
    b.p = (struct tune_params){{0, 0, 0}, 0, CFG_STRATEGY_DETERMINISTIC, -1, {-1, -1, -1}};
    memset(&l, 0, sizeof l);
    l = a;
    l.limits = 1;
    l.lim = (struct bench_limits){22.5, 30.25, 47.5};
    CHECK(tune_db_put(&db, &a) == 0 && tune_db_put(&db, &b) == 0 && tune_db_put(&db, &l) == 0 && db.n == 3);
    a.ms = 11.0; /* same key: replaced, not added */
    CHECK(tune_db_put(&db, &a) == 0 && db.n == 3);
    CHECK(tune_db_save(&db, err, sizeof err) == 0);
    tune_db_free(&db);
    CHECK(access(path_in("sub/dir"), F_OK) == 0);
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    CHECK(access(tmp, F_OK) != 0);

    int rc = tune_db_load(&db, path, err, sizeof err);
    CHECK(rc == 0);
    if (rc)
        printf("  %s\n", err);
    CHECK(db.exists && db.n == 3);
    int other = -1;
    const struct tune_entry *e = tune_db_find(&db, dev, "double/order3/ppc8", &other);
    CHECK(e && other == 0);
    if (e) {
        CHECK(!strcmp(e->device, dev->name) && !strcmp(e->input, "in \"quoted\".lua"));
        CHECK(e->p.wg_cells[0] == 8 && e->p.wg_cells[1] == 4 && e->p.wg_cells[2] == 2 && e->p.wg_particles == 64);
        CHECK(e->p.strategy == CFG_STRATEGY_GLOBAL_ATOMICS && e->p.sort_interval == 8 && e->p.sort_bin[2] == 2);
        CHECK(e->ms == 11.0 && e->default_ms == 14.25 && e->line == 6); /* 5 header lines */
    }
    e = tune_db_find(&db, dev, "float/order1/ppc1", &other);
    CHECK(e && e->p.sort_interval == -1 && e->p.sort_bin[0] == -1 && e->p.strategy == CFG_STRATEGY_DETERMINISTIC);
    const struct tune_entry *lim = tune_db_limits(&db, dev);
    CHECK(lim && lim->lim.bandwidth == 22.5 && lim->lim.flops_double == 30.25 && lim->lim.flops_float == 47.5);
    /* another driver of the same device: found, and said so; another device: nothing */
    struct device other_driver = *dev, other_device = *dev;
    snprintf(other_driver.driver, sizeof other_driver.driver, "8.0");
    snprintf(other_device.name, sizeof other_device.name, "Another");
    CHECK(tune_db_find(&db, &other_driver, "double/order3/ppc8", &other) != NULL && other == 1);
    CHECK(tune_db_find(&db, &other_device, "double/order3/ppc8", &other) == NULL);
    CHECK(tune_db_find(&db, dev, "double/order2/ppc8", &other) == NULL);
    tune_db_free(&db);
}

static void expect_damaged(const char *name, const char *text, const char *needle)
{
    struct tune_db db;
    write_file(name, text);
    int rc = tune_db_load(&db, path_in(name), err, sizeof err);
    int ok = rc != 0 && strstr(err, needle) != NULL;
    CHECK(ok);
    if (!ok)
        printf("  %s: got \"%s\", want \"%s\"\n", name, rc ? err : "(loaded)", needle);
    else
        REPORT("%s", err);
    if (rc == 0)
        tune_db_free(&db);
}

static void test_damaged(void)
{
    const char *head = "tuned { vendor = \"v\", device = \"d\", driver = \"1\", class = \"double/order1/ppc1\"";
    char text[1024];
    snprintf(text, sizeof text, "-- a comment\n\n%s, sort = { interval = -1 } }\n", head);
    expect_damaged("neg.lua", text, "neg.lua:3: tuned.sort.interval: expected a non-negative integer");
    snprintf(text, sizeof text, "%s }\n%s, work_group = { cels = 4 } }\n", head, head);
    expect_damaged("misspelt.lua", text, "misspelt.lua:2: tuned.work_group.cels: unknown key; did you mean 'cells'?");
    snprintf(text, sizeof text, "%s, deposition_strategy = \"atomic\" }\n", head);
    expect_damaged("strategy.lua", text, "strategy.lua:1: tuned.deposition_strategy: unknown deposition strategy");
    expect_damaged("missing.lua", "limits { vendor = \"v\", device = \"d\", driver = \"1\", float_GFlops = 3 }\n",
                   "missing.lua:1: limits.bandwidth_GBs: missing");
    expect_damaged("syntax.lua", "\n\ntuned { vendor = \"v\" device = \"d\" }\n", "syntax.lua:3:");
    expect_damaged("code.lua", "os.remove('x')\n", "code.lua:1:");
}

static int load_input(struct picl_config *cfg, const char *extra)
{
    char text[1024];
    snprintf(text, sizeof text,
             "local picl = require('picl')\n"
             "return picl.simulation { grid = { cells = {8, 8, 8}, lower = {0, 0, 0}, upper = {1e-5, 1e-5, 1e-5},\n"
             "  max_box = 4 }, steps = 1, shape_order = 2, precision = 'float', %s\n"
             "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = {2, 3, 1} },\n"
             "              { name = 'p', particle = 'proton', density = 1e24, ppc = 4, frozen = true } } }\n",
             extra);
    write_file("in.lua", text);
    int rc = cfg_load(cfg, path_in("in.lua"), NULL, 0, err, sizeof err);
    if (rc)
        printf("  input: %s\n", err);
    return rc;
}

static void test_apply(const struct device *dev)
{
    static struct picl_config cfg;
    char cls[TUNE_CLASS];
    CHECK(load_input(&cfg, "") == 0);
    tune_class(&cfg, cls, sizeof cls);
    CHECK(!strcmp(cls, "float/order2/ppc8")); /* 6 moving particles per cell: nearest power of two */

    struct tune_db db;
    memset(&db, 0, sizeof db);
    snprintf(db.path, sizeof db.path, "%s", path_in("apply.lua"));
    db.exists = 1;
    struct tune_entry e = tuned(dev, cls); /* work group 8 x 4 x 2: 8 does not divide a box of 4 */
    CHECK(tune_db_put(&db, &e) == 0);

    /* everything at auto: all taken but the work group that does not fit */
    CHECK(tune_apply(&cfg, dev, &db, err, sizeof err) == 0);
    CHECK(cfg.deposition_strategy == CFG_STRATEGY_GLOBAL_ATOMICS && cfg.wg_particles == 64);
    CHECK(cfg.sort_interval == 8 && cfg.sort_bin[0] == 2 && cfg.sort_bin[2] == 2);
    CHECK(cfg.wg_cells[0] == 0 && cfg.wg_cells[1] == 0 && cfg.wg_cells[2] == 0);

    /* a fitting work group is taken; keys the input gives win */
    db.e[0].p.wg_cells[0] = 4;
    CHECK(load_input(&cfg, "sort = { interval = 3 }, deposition_strategy = 'deterministic',") == 0);
    CHECK(tune_apply(&cfg, dev, &db, err, sizeof err) == 0);
    CHECK(cfg.wg_cells[0] == 4 && cfg.wg_cells[1] == 4 && cfg.wg_cells[2] == 2);
    CHECK(cfg.sort_interval == 3 && cfg.sort_bin[0] == 2 && cfg.deposition_strategy == CFG_STRATEGY_DETERMINISTIC);

    /* tuning = false: nothing taken */
    CHECK(load_input(&cfg, "tuning = false,") == 0);
    CHECK(tune_apply(&cfg, dev, &db, err, sizeof err) == 0);
    CHECK(cfg.sort_interval == -1 && cfg.wg_particles == 0 && cfg.deposition_strategy == CFG_STRATEGY_AUTO);
    tune_db_free(&db);
}

int main(void)
{
    scratch_dir(dir, sizeof dir, "tuning");
    struct device dev;
    fake_device(&dev);
    test_round_trip(&dev);
    test_damaged();
    test_apply(&dev);
    scratch_remove(dir);
    return check_finish();
}
