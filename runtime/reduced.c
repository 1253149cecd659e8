/* reduced.c: CSV files of scalar diagnostics (energies, counts, residuals), written at their
 * intervals and flushed each row, so a long run can be watched with `tail -f`. */
#include "reduced.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int make_dirs(const char *dir, char *err, size_t err_len)
{
    char path[CFG_PATH_LEN];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char saved = *p;
            *p = '\0';
            if (mkdir(path, 0777) && errno != EEXIST) {
                snprintf(err, err_len, "diagnostics.output_dir: cannot create '%s': %s", path, strerror(errno));
                return -1;
            }
            *p = saved;
            if (saved == '\0')
                return 0;
        }
    }
}

int reduced_open(struct reduced *r, const struct picl_config *cfg, const char *const *names, int n_names,
                 char *err, size_t err_len)
{
    memset(r, 0, sizeof *r);
    if (cfg->n_reduced == 0)
        return 0;
    if (n_names + 2 > REDUCED_MAX_COLUMNS) {
        snprintf(err, err_len, "too many reduced diagnostic columns (%d)", n_names);
        return -1;
    }
    snprintf(r->column[0], sizeof r->column[0], "step");
    snprintf(r->column[1], sizeof r->column[1], "time_s");
    for (int i = 0; i < n_names; i++)
        snprintf(r->column[i + 2], sizeof r->column[i + 2], "%s", names[i]);
    r->n_columns = n_names + 2;
    if (make_dirs(cfg->output_dir, err, err_len))
        return -1;
    for (int d = 0; d < cfg->n_reduced; d++) {
        snprintf(r->path[d], sizeof r->path[d], "%s/%s.csv", cfg->output_dir, cfg->reduced[d].name);
        char partial[CFG_PATH_LEN + CFG_NAME_LEN + 24];
        snprintf(partial, sizeof partial, "%s.partial", r->path[d]);
        r->file[d] = fopen(partial, "w");
        if (!r->file[d]) {
            snprintf(err, err_len, "diagnostics.reduced.%s: cannot write '%s': %s", cfg->reduced[d].name,
                     partial, strerror(errno));
            reduced_close(r, 0, NULL, 0);
            return -1;
        }
        r->interval[d] = cfg->reduced[d].interval;
        r->n_files = d + 1;
        for (int c = 0; c < r->n_columns; c++)
            fprintf(r->file[d], "%s%s", c ? "," : "", r->column[c]);
        fputc('\n', r->file[d]);
    }
    return 0;
}

int reduced_due(const struct reduced *r, long step)
{
    for (int d = 0; d < r->n_files; d++)
        if (r->interval[d] > 0 && step % r->interval[d] == 0)
            return 1;
    return 0;
}

int reduced_write(struct reduced *r, long step, double time, const struct reduced_row *row, char *err,
                  size_t err_len)
{
    for (int d = 0; d < r->n_files; d++) {
        if (r->interval[d] <= 0 || step % r->interval[d])
            continue;
        FILE *f = r->file[d];
        fprintf(f, "%ld,%.17g", step, time);
        for (int c = 2; c < r->n_columns; c++)
            fprintf(f, ",%.17g", row->value[c - 2]);
        fputc('\n', f);
        if (fflush(f)) {
            snprintf(err, err_len, "writing '%s.partial' failed: %s", r->path[d], strerror(errno));
            return -1;
        }
    }
    return 0;
}

int reduced_close(struct reduced *r, int ok, char *err, size_t err_len)
{
    int rc = 0;
    for (int d = 0; d < r->n_files; d++) {
        if (!r->file[d])
            continue;
        int bad = fclose(r->file[d]) != 0;
        r->file[d] = NULL;
        char partial[CFG_PATH_LEN + CFG_NAME_LEN + 24];
        snprintf(partial, sizeof partial, "%s.partial", r->path[d]);
        if (ok && !bad && rename(partial, r->path[d]) == 0)
            continue;
        if (ok && rc == 0 && err) {
            snprintf(err, err_len, "finishing '%s' failed: %s", r->path[d], strerror(errno));
            rc = -1;
        }
    }
    r->n_files = 0;
    return rc;
}
