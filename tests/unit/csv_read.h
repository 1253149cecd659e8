/* csv_read.h: one row of a diagnostic's CSV by step, columns by header name, for the tests of
 * the reduced diagnostics (test_diag_moments, test_diag_histogram, test_diag_probe). */
#ifndef PICL_CSV_READ_H
#define PICL_CSV_READ_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct csv_row {
    int n;
    char **name; /* header columns, pointing into header */
    double *value; /* the row's values */
    char *header;
};

/* The row of `step` from `path`; the test stops when the file or the row is missing. */
static inline void csv_row(const char *path, long step, struct csv_row *r)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL: cannot read %s\n", path);
        exit(1);
    }
    size_t cap = 0;
    char *line = NULL, *header = NULL;
    ssize_t len;
    int found = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        if (!header) {
            header = strdup(line);
            continue;
        }
        if (strtol(line, NULL, 10) == step) {
            found = 1;
            break;
        }
    }
    fclose(f);
    if (!header || !found) {
        printf("FAIL: %s has no row for step %ld\n", path, step);
        exit(1);
    }
    r->n = 1;
    for (char *p = header; *p; p++)
        r->n += *p == ',';
    r->name = malloc(sizeof(char *) * (size_t)r->n);
    r->value = malloc(sizeof(double) * (size_t)r->n);
    char *save = NULL, *tok = strtok_r(header, ",\n", &save);
    for (int i = 0; i < r->n && tok; i++, tok = strtok_r(NULL, ",\n", &save))
        r->name[i] = tok;
    char *p = line;
    for (int i = 0; i < r->n; i++) {
        r->value[i] = strtod(p, &p);
        if (*p == ',')
            p++;
    }
    r->header = header;
    free(line);
}

static inline void csv_row_free(struct csv_row *r)
{
    free(r->name);
    free(r->value);
    free(r->header);
}

/* The value of column `name`; NaN when the header has none. */
static inline double csv_get(const struct csv_row *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->name[i], name))
            return r->value[i];
    printf("FAIL: no column %s\n", name);
    return NAN;
}

#endif
