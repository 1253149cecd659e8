/* diag_csv.c: a diagnostic's CSV of many columns (diag_csv.h); the rules of reduced.c (a partial
 * name until the run completes, rows kept across a restart). */
#include "diag_csv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "reduced.h"

int dcsv_open(struct diag_csv *d, const char *dir, const char *name, const char *header, long resume_step, char *err,
              size_t err_len)
{
    memset(d, 0, sizeof *d);
    if (reduced_make_dirs(dir, err, err_len))
        return -1;
    snprintf(d->path, sizeof d->path, "%s/%s.csv", dir, name);
    char partial[sizeof d->path + 16];
    snprintf(partial, sizeof partial, "%s.partial", d->path);
    const size_t full_len = strlen(header) + 16;
    char *full = mem_alloc(full_len);
    if (!full) {
        snprintf(err, err_len, "%s: out of host memory for its header", d->path);
        return -1;
    }
    snprintf(full, full_len, "step,time_s,%s", header);
    char *kept = NULL;
    size_t kept_len = 0;
    if (resume_step >= 0) { /* read before "w" truncates the .partial that holds them */
        FILE *mem = open_memstream(&kept, &kept_len);
        if (mem) {
            reduced_copy_rows(mem, full, d->path, partial, resume_step);
            fclose(mem);
        }
    }
    d->f = fopen(partial, "w");
    if (!d->f) {
        snprintf(err, err_len, "diagnostics: cannot write '%s': %s", partial, strerror(errno));
        mem_free(full);
        free(kept);
        return -1;
    }
    fprintf(d->f, "%s\n", full);
    if (kept)
        fwrite(kept, 1, kept_len, d->f);
    free(kept); /* open_memstream's buffer is libc's own */
    mem_free(full);
    return 0;
}

int dcsv_row(struct diag_csv *d, long step, double time, const double *v, int n, char *err, size_t err_len)
{
    if (!d->f)
        return 0;
    fprintf(d->f, "%ld,%.17g", step, time);
    for (int i = 0; i < n; i++)
        fprintf(d->f, ",%.17g", v[i]);
    fputc('\n', d->f);
    if (fflush(d->f)) {
        snprintf(err, err_len, "writing '%s.partial' failed: %s", d->path, strerror(errno));
        return -1;
    }
    return 0;
}

int dcsv_close(struct diag_csv *d, int ok, char *err, size_t err_len)
{
    if (!d->f)
        return 0;
    int bad = fclose(d->f) != 0;
    d->f = NULL;
    char partial[sizeof d->path + 16];
    snprintf(partial, sizeof partial, "%s.partial", d->path);
    if (!ok || (!bad && rename(partial, d->path) == 0))
        return 0;
    if (err)
        snprintf(err, err_len, "finishing '%s' failed: %s", d->path, strerror(errno));
    return -1;
}
