/* bench_limits.c: the device's roofs in the tuning file: `picl bench --device-limits` measures
 * and stores them; a sweep reads them back for the roofline of each results line. */
#include "bench_limits.h"

#include <string.h>
#include <time.h>

#include "log.h"
#include "tune.h"

int bench_device_limits(const char *device_spec, const char *tuning, FILE *out, char *err, size_t err_len)
{
    char path[CFG_PATH_LEN];
    struct tune_db db;
    /* the file is read first: a damaged one is reported, and left as it is */
    if (tune_path(tuning, path, sizeof path, err, err_len) || tune_db_load(&db, path, err, err_len))
        return -1;
    struct device dev;
    if (device_open(&dev, device_spec, err, err_len)) {
        tune_db_free(&db);
        return -1;
    }
    struct tune_entry e;
    memset(&e, 0, sizeof e);
    int rc = bench_limits_measure(&dev, &e.lim, out, err, err_len);
    if (rc == 0) {
        /* stored for the roofline of picl run and picl bench */
        e.limits = 1;
        snprintf(e.vendor, sizeof e.vendor, "%s", dev.vendor);
        snprintf(e.device, sizeof e.device, "%s", dev.name);
        snprintf(e.driver, sizeof e.driver, "%s", dev.driver);
        time_t now = time(NULL);
        strftime(e.date, sizeof e.date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
        if (tune_db_put(&db, &e)) {
            snprintf(err, err_len, "out of host memory");
            rc = -1;
        } else if ((rc = tune_db_save(&db, err, err_len)) == 0) {
            fprintf(out, "stored in %s\n", path);
        }
    }
    tune_db_free(&db);
    device_close(&dev);
    return rc;
}

void bench_limits_for(struct device *dev, const char *tuning, struct bench_limits *lim, char *from, size_t len)
{
    char path[CFG_PATH_LEN], err[1024];
    struct tune_db db;
    memset(lim, 0, sizeof *lim);
    if (tune_path(tuning, path, sizeof path, err, sizeof err) == 0 && tune_db_load(&db, path, err, sizeof err) == 0) {
        const struct tune_entry *e = tune_db_limits(&db, dev);
        if (e) {
            *lim = e->lim;
            snprintf(from, len, "%s:%d", path, e->line);
        }
        tune_db_free(&db);
        if (e)
            return;
    } else {
        log_warn("%s", err);
    }
    log_info("measuring the device's limits for the roofline (picl bench --device-limits stores them)");
    if (bench_limits_measure(dev, lim, NULL, err, sizeof err)) {
        log_warn("%s", err);
        snprintf(from, len, "not measured");
    } else {
        snprintf(from, len, "measured at the start of the sweep");
    }
}
