/* reduced.h: the reduced diagnostics, one CSV per diagnostic with a header that names units.
 * Each file is written as NAME.csv.partial and renamed to NAME.csv when the run completes, so
 * a file that looks complete is complete. */
#ifndef PICL_REDUCED_H
#define PICL_REDUCED_H

#include <stdio.h>

#include "config.h"

#define REDUCED_MAX_COLUMNS 64

/* One row of values; the columns are fixed at reduced_open. */
struct reduced_row {
    double value[REDUCED_MAX_COLUMNS];
};

struct reduced {
    int n_files;
    FILE *file[CFG_MAX_REDUCED];
    char path[CFG_MAX_REDUCED][CFG_PATH_LEN + CFG_NAME_LEN + 8];
    int interval[CFG_MAX_REDUCED];
    int n_columns;
    char column[REDUCED_MAX_COLUMNS][CFG_NAME_LEN + 32]; /* "field_energy_J" */
};

/* Columns: step, time_s, then `names`. Creates output_dir when needed. */
int reduced_open(struct reduced *r, const struct picl_config *cfg, const char *const *names, int n_names,
                 char *err, size_t err_len);
/* The same for a run continued from a checkpoint at resume_step: rows an earlier run wrote up
 * to that step are kept (resume_step < 0: a fresh start). */
int reduced_open_from(struct reduced *r, const struct picl_config *cfg, const char *const *names, int n_names,
                      long resume_step, char *err, size_t err_len);
/* Ranks other than 0: the same schedule and columns, no file. */
void reduced_open_silent(struct reduced *r, const struct picl_config *cfg, int n_names);
/* True when some diagnostic wants this step. */
int reduced_due(const struct reduced *r, long step);
int reduced_write(struct reduced *r, long step, double time, const struct reduced_row *row, char *err,
                  size_t err_len);
/* ok: rename each .partial to its final name; otherwise leave the .partial files as they are. */
int reduced_close(struct reduced *r, int ok, char *err, size_t err_len);

/* For the other CSV writers (diag_csv.c): creates `dir` and its parents; copies to `to` the rows
 * up to resume_step of the file a run left (partial, else path) when its header is `header`. */
int reduced_make_dirs(const char *dir, char *err, size_t err_len);
void reduced_copy_rows(FILE *to, const char *header, const char *path, const char *partial, long resume_step);

#endif
