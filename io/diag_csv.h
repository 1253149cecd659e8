/* diag_csv.h: one CSV file of a diagnostic with as many columns as it needs (histograms have
 * thousands), written as NAME.csv.partial and renamed when the run completes, like reduced.h. */
#ifndef PICL_DIAG_CSV_H
#define PICL_DIAG_CSV_H

#include <stdio.h>

#include "config.h"

struct diag_csv {
    FILE *f; /* NULL on ranks other than 0, and when closed */
    char path[CFG_PATH_LEN + CFG_NAME_LEN + 8];
};

/* Creates dir/NAME.csv.partial with `header` (the columns after step,time_s) as its first line;
 * resume_step >= 0: a continued run, which keeps the rows an earlier one wrote up to it. */
int dcsv_open(struct diag_csv *d, const char *dir, const char *name, const char *header, long resume_step, char *err,
              size_t err_len);
/* step, time, then v[0 .. n) at full precision, flushed. */
int dcsv_row(struct diag_csv *d, long step, double time, const double *v, int n, char *err, size_t err_len);
/* ok: rename to NAME.csv; otherwise leave the .partial file. */
int dcsv_close(struct diag_csv *d, int ok, char *err, size_t err_len);

#endif
