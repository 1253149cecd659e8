/* tune.h: `picl tune` (tune.c): a short sweep of the physics-neutral settings on the current
 * device, each variant gated for correctness, the fastest stored in a per-device tuning file;
 * and that file (tune_db.c): read by picl run for the settings an input leaves at auto, like
 * CLBlast's database. The file also keeps the device's measured limits for the roofline. */
#ifndef PICL_TUNE_H
#define PICL_TUNE_H

#include "devlimits.h"
#include "config.h"
#include "device.h"
#include "layout.h"

#define TUNE_TEXT 256
#define TUNE_CLASS 64

/* The tunable settings, as picl_config holds them: 0 (work groups), CFG_STRATEGY_AUTO and -1
 * (sorting) mean the device's default. */
struct tune_params {
    int wg_cells[3];
    int wg_particles;
    enum cfg_strategy strategy;
    int sort_interval;
    int sort_bin[3];
};

/* One line of the file: tuned{...} (limits = 0) or limits{...} (limits = 1). */
struct tune_entry {
    int limits;
    char vendor[TUNE_TEXT], device[TUNE_TEXT], driver[TUNE_TEXT];
    char cls[TUNE_CLASS]; /* tuned: "double/order3/ppc8" */
    struct tune_params p; /* tuned */
    double ms, default_ms; /* tuned: ms per step of the winner and of picl's defaults */
    struct bench_limits lim; /* limits */
    char input[CFG_PATH_LEN], date[32], picl[32];
    int line; /* in the file as read; 0 for a new entry */
};

struct tune_db {
    char path[CFG_PATH_LEN];
    int exists; /* the file was there when loaded */
    struct tune_entry *e; /* in file order */
    int n, cap;
};

/* The tuning file's path: `option` (--tuning), else $PICL_TUNING, else
 * $XDG_CACHE_HOME/picl/tuning.lua, else ~/.cache/picl/tuning.lua. */
int tune_path(const char *option, char *out, size_t len, char *err, size_t err_len);
/* Reads the file at path (a missing file is an empty database); a damaged one is an error
 * "FILE:LINE: what is wrong". */
int tune_db_load(struct tune_db *db, const char *path, char *err, size_t err_len);
/* Writes the whole database to a temporary name beside the file, then renames it over it
 * (creating the folder): a reader never sees half a file. */
int tune_db_save(const struct tune_db *db, char *err, size_t err_len);
void tune_db_free(struct tune_db *db);
/* Adds e, replacing the entry of the same kind, device, driver and class. */
int tune_db_put(struct tune_db *db, const struct tune_entry *e);
/* The tuned entry for this device and class: the same driver first, then another driver of
 * the same device (*other_driver set); NULL when there is none. */
const struct tune_entry *tune_db_find(const struct tune_db *db, const struct device *dev, const char *cls,
                                      int *other_driver);
/* The stored limits of this device (same driver first), or NULL. */
const struct tune_entry *tune_db_limits(const struct tune_db *db, const struct device *dev);

/* The problem class a tuning is keyed by: the geometry when not 3D, precision, shape order and
 * the particles per cell of the moving species rounded to a power of two: "double/order3/ppc8",
 * "2d/double/order3/ppc16". */
void tune_class(const struct picl_config *cfg, char *out, size_t len);
/* The settings as --set text for an input of cfg's geometry, "work_group.cells={8,8,1} ..."
 * (only those not at the default when all = 0). */
void tune_params_text(const struct tune_params *p, const struct picl_config *cfg, int all, char *out, size_t len);

/* Whether a cells work group fits a run of layout lay on dev on any number of ranks: each size
 * divides the box, and the product is within the device's limit. */
int tune_cells_fit(const int w[3], const struct gen_layout *lay, const struct device *dev);

/* picl run and check: the settings the input leaves at auto come from db's entry for this
 * device and class (a key the input or --set gives wins); says which in one log line. A tuned
 * work-group size that does not fit this run's boxes is left out, with a warning. */
int tune_apply(struct picl_config *cfg, const struct device *dev, const struct tune_db *db, char *err,
               size_t err_len);

struct tune_options {
    const char *input, *device, *tuning; /* tuning: --tuning, or NULL */
    const char *const *sets;
    int n_sets;
    int warmup, steps, repeats; /* 0: the defaults 2, 16, 3 */
};

/* `picl tune INPUT.lua`: returns 2 for a bad input, tuning file or option, 1 when the sweep
 * fails, 0 with the winner stored. */
int tune_run(const struct tune_options *o, FILE *out, char *err, size_t err_len);

#endif
