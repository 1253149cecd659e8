/* reduced.c: CSV files of scalar diagnostics (energies, counts, residuals), written at their
 * intervals and flushed each row, so a long run can be watched with `tail -f`. */
#include "reduced.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "log.h"
#include "mem.h"

int reduced_make_dirs(const char *dir, char *err, size_t err_len)
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

/* The text of `path`, or NULL when it cannot be read. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = mem_alloc((size_t)n + 1))) {
            size_t got = fread(buf, 1, (size_t)n, f);
            buf[got] = '\0';
        }
    }
    fclose(f);
    return buf;
}

/* A restarted run keeps the rows an earlier run wrote up to the checkpoint's step, from the
 * file it left (NAME.csv.partial when it was killed, else NAME.csv), when its columns match. */
void reduced_copy_rows(FILE *to, const char *header, const char *path, const char *partial, long resume_step)
{
    char *old = slurp(partial);
    if (!old)
        old = slurp(path);
    if (!old)
        return;
    char *line = old, *next;
    size_t header_len = strlen(header);
    if (strncmp(line, header, header_len) || line[header_len] != '\n') {
        log_warn("%s: its columns differ from this run's; earlier rows are not carried over", path);
        mem_free(old);
        return;
    }
    for (line += header_len + 1; *line; line = next) {
        next = strchr(line, '\n');
        if (!next)
            break; /* a row cut short by a kill */
        *next++ = '\0';
        char *end;
        long step = strtol(line, &end, 10);
        if (end != line && *end == ',' && step <= resume_step)
            fprintf(to, "%s\n", line);
    }
    mem_free(old);
}

int reduced_open(struct reduced *r, const struct picl_config *cfg, const char *const *names, int n_names,
                 char *err, size_t err_len)
{
    return reduced_open_from(r, cfg, names, n_names, -1, err, err_len);
}

int reduced_open_from(struct reduced *r, const struct picl_config *cfg, const char *const *names, int n_names,
                      long resume_step, char *err, size_t err_len)
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
    if (reduced_make_dirs(cfg->output_dir, err, err_len))
        return -1;
    for (int d = 0; d < cfg->n_reduced; d++) {
        snprintf(r->path[d], sizeof r->path[d], "%s/%s.csv", cfg->output_dir, cfg->reduced[d].name);
        char partial[CFG_PATH_LEN + CFG_NAME_LEN + 24];
        snprintf(partial, sizeof partial, "%s.partial", r->path[d]);
        char *kept = NULL;
        size_t kept_len = 0;
        if (resume_step >= 0) {
            /* read before "w" truncates the .partial that holds them */
            FILE *mem = open_memstream(&kept, &kept_len);
            if (mem) {
                char header[REDUCED_MAX_COLUMNS * (CFG_NAME_LEN + 33)];
                size_t at = 0;
                for (int c = 0; c < r->n_columns; c++)
                    at += (size_t)snprintf(header + at, sizeof header - at, "%s%s", c ? "," : "", r->column[c]);
                reduced_copy_rows(mem, header, r->path[d], partial, resume_step);
                fclose(mem);
            }
        }
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
        if (kept) {
            fwrite(kept, 1, kept_len, r->file[d]);
            free(kept); /* open_memstream's buffer is libc's own */
        }
    }
    return 0;
}

void reduced_open_silent(struct reduced *r, const struct picl_config *cfg, int n_names)
{
    memset(r, 0, sizeof *r);
    r->n_columns = n_names + 2;
    for (int d = 0; d < cfg->n_reduced; d++)
        r->interval[d] = cfg->reduced[d].interval;
    r->n_files = cfg->n_reduced;
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
        if (!f) /* a rank that computes the row but does not write it */
            continue;
        fprintf(f, "%ld,%.17g", step, time);
        for (int c = 2; c < r->n_columns; c++)
            fprintf(f, ",%.17g", row->value[c - 2]);
        fputc('\n', f);
        /* ferror too: a write that failed inside fprintf (its buffer full) loses the bytes and
         * leaves only the stream's error flag, after which fflush has nothing to fail on */
        errno = 0;
        if (fflush(f) || ferror(f)) {
            snprintf(err, err_len, "writing '%s.partial' failed: %s", r->path[d],
                     errno ? strerror(errno) : "the system refused an earlier part of the row");
            return -1;
        }
    }
    /* An energy that is no number means the fields or momenta overflowed: every later row would
     * be NaN too. The row just written stays in the .partial as the evidence; every rank holds
     * the same reduced row, so all stop at once. */
    for (int c = 2; c < r->n_columns; c++) {
        const size_t len = strlen(r->column[c]);
        if (len > 2 && strcmp(r->column[c] + len - 2, "_J") == 0 && !isfinite(row->value[c - 2])) {
            snprintf(err, err_len,
                     "step %ld: the reduced diagnostic's %s is %g: the run went non-finite (a field or a momentum "
                     "overflowed); it stops, its files left .partial (docs/output.md)",
                     step, r->column[c], row->value[c - 2]);
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
        int bad = ferror(r->file[d]) != 0;
        bad = fclose(r->file[d]) != 0 || bad;
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
