/* bench_report.c: `picl bench --report FILE`: the results of a sweep (one JSON object per
 * line, as bench_json.c writes them) as a table sorted by time per step, and as CSV. */
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

#define JF_PATH 192
#define JF_VALUE 1024

/* A JSON line flattened to (path, value) pairs: {"a":{"b":1}} gives ("a/b", "1"). Strings are
 * decoded; numbers, true, false and null are kept as written. */
struct jfield {
    char path[JF_PATH], value[JF_VALUE];
};

struct jline {
    struct jfield *f;
    int n, cap;
    double median; /* step_s/median, or a huge number when there is none */
    int rank_class; /* 0 ok, 1 failed the gate, 2 error */
};

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* Reads a JSON string at p (after the quote) into out; returns the text after its closing quote. */
static const char *parse_string(const char *p, char *out, size_t len)
{
    size_t n = 0;
    while (*p && *p != '"') {
        char c = *p++;
        if (c == '\\') {
            c = *p++;
            if (c == 'n')
                c = '\n';
            else if (c == 't')
                c = '\t';
            else if (c == 'u') { /* picl writes \u only for control characters */
                c = (char)strtol((char[]){p[0], p[1], p[2], p[3], 0}, NULL, 16);
                p += 4;
            } else if (!c)
                return NULL;
        }
        if (n + 1 < len)
            out[n++] = c;
    }
    out[n] = '\0';
    return *p == '"' ? p + 1 : NULL;
}

static int add_field(struct jline *l, const char *path, const char *value)
{
    struct jfield *f = mem_grow(l->f, &l->cap, l->n, sizeof *f, 64);
    if (!f)
        return -1;
    l->f = f;
    snprintf(l->f[l->n].path, JF_PATH, "%s", path);
    snprintf(l->f[l->n].value, JF_VALUE, "%s", value);
    l->n++;
    return 0;
}

static const char *parse_value(const char *p, const char *path, struct jline *l, int depth)
{
    char sub[JF_PATH], text[JF_VALUE];
    p = skip_ws(p);
    if (depth > 16)
        return NULL;
    if (*p == '{' || *p == '[') {
        const char close = *p == '{' ? '}' : ']';
        const int object = *p == '{';
        p = skip_ws(p + 1);
        for (int i = 0; *p != close; i++) {
            char name[JF_PATH];
            if (object) {
                if (*p != '"' || !(p = parse_string(p + 1, name, sizeof name)))
                    return NULL;
                p = skip_ws(p);
                if (*p++ != ':')
                    return NULL;
            } else {
                snprintf(name, sizeof name, "%d", i);
            }
            if (snprintf(sub, sizeof sub, "%s%s%s", path, path[0] ? "/" : "", name) >= (int)sizeof sub ||
                !(p = parse_value(p, sub, l, depth + 1)))
                return NULL;
            p = skip_ws(p);
            if (*p == ',')
                p = skip_ws(p + 1);
            else if (*p != close)
                return NULL;
        }
        return p + 1;
    }
    if (*p == '"') {
        if (!(p = parse_string(p + 1, text, sizeof text)))
            return NULL;
    } else {
        size_t n = strcspn(p, ",}] \t\r\n");
        if (n == 0 || n >= sizeof text)
            return NULL;
        memcpy(text, p, n);
        text[n] = '\0';
        p += n;
    }
    return add_field(l, path, text) ? NULL : p;
}

static const char *get(const struct jline *l, const char *path)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->f[i].path, path))
            return l->f[i].value;
    return NULL;
}

static double get_number(const struct jline *l, const char *path)
{
    const char *v = get(l, path);
    char *end;
    double d = v ? strtod(v, &end) : 0;
    return v && end != v ? d : NAN;
}

static int by_rank(const void *a, const void *b)
{
    const struct jline *x = a, *y = b;
    if (x->rank_class != y->rank_class)
        return x->rank_class - y->rank_class;
    return (x->median > y->median) - (x->median < y->median);
}

/* A CSV cell: quoted when it holds a comma, a quote or a newline. */
static void csv_cell(FILE *f, const char *s, int first)
{
    if (!first)
        fputc(',', f);
    if (!s)
        return;
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* Column names: the fixed ones, then every params/... and kernels/.../median_s seen. */
static int add_column(char (**cols)[JF_PATH], int *n, int *cap, const char *path)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp((*cols)[i], path))
            return 0;
    char(*bigger)[JF_PATH] = mem_grow(*cols, cap, *n, sizeof **cols, 64);
    if (!bigger)
        return -1;
    *cols = bigger;
    snprintf((*cols)[(*n)++], JF_PATH, "%s", path);
    return 0;
}

int bench_report(const char *results, FILE *out, char *err, size_t err_len)
{
    FILE *f = fopen(results, "r");
    if (!f) {
        snprintf(err, err_len, "cannot open results '%s': %s", results, strerror(errno));
        return -1;
    }
    int rc = -1, n = 0, cap = 0, ncols = 0, colcap = 0;
    struct jline *lines = NULL;
    char(*cols)[JF_PATH] = NULL;
    size_t buf_len = 1 << 20;
    char *buf = mem_alloc(buf_len);
    FILE *csv = NULL;
    if (!buf)
        goto out_of_memory;
    for (int lineno = 1; fgets(buf, (int)buf_len, f); lineno++) {
        if (!strchr(buf, '\n') && !feof(f)) {
            snprintf(err, err_len, "%s:%d: line longer than %zu bytes", results, lineno, buf_len);
            goto done;
        }
        const char *p = skip_ws(buf);
        if (!*p)
            continue;
        struct jline *bigger = mem_grow(lines, &cap, n, sizeof *bigger, 64);
        if (!bigger)
            goto out_of_memory;
        lines = bigger;
        struct jline *l = &lines[n];
        memset(l, 0, sizeof *l);
        n++;
        const char *end = parse_value(p, "", l, 0);
        if (!end || *skip_ws(end)) {
            snprintf(err, err_len, "%s:%d: not one JSON object per line (a line of picl bench)", results, lineno);
            goto done;
        }
        const char *status = get(l, "status");
        l->rank_class = status && !strcmp(status, "ok") ? 0 : status && !strcmp(status, "failed") ? 1 : 2;
        l->median = get_number(l, "step_s/median");
        if (!(l->median == l->median))
            l->median = 1e300;
    }
    if (n == 0) {
        snprintf(err, err_len, "%s holds no results", results);
        goto done;
    }
    qsort(lines, (size_t)n, sizeof *lines, by_rank);

    const char *dev = get(&lines[0], "device/name");
    fprintf(out, "%s: %d variants on %s (%s, driver %s, %s compute units), picl %s\n", results, n, dev ? dev : "?",
            get(&lines[0], "device/platform") ? get(&lines[0], "device/platform") : "?",
            get(&lines[0], "device/driver") ? get(&lines[0], "device/driver") : "?",
            get(&lines[0], "device/compute_units") ? get(&lines[0], "device/compute_units") : "?",
            get(&lines[0], "picl") ? get(&lines[0], "picl") : "?");
    fprintf(out, "%4s %11s %11s %11s %10s %11s %8s %-8s %s\n", "rank", "ms/step", "min", "max", "ns/part", "FOM",
            "launch/s", "gate", "variant");
    for (int i = 0; i < n; i++) {
        const struct jline *l = &lines[i];
        const char *id = get(l, "id");
        if (l->rank_class == 2) {
            fprintf(out, "%4s %11s %11s %11s %10s %11s %8s %-8s %s: %s\n", "-", "-", "-", "-", "-", "-", "-", "ERROR",
                    id ? id : "?", get(l, "error") ? get(l, "error") : "");
            continue;
        }
        char rank[16];
        snprintf(rank, sizeof rank, "%d", i + 1);
        const char *ref = get(l, "gate/is_reference");
        fprintf(out, "%4s %11.4f %11.4f %11.4f %10.1f %11.3e %8.1f %-8s %s%s\n", l->rank_class ? "-" : rank,
                1e3 * l->median, 1e3 * get_number(l, "step_s/min"), 1e3 * get_number(l, "step_s/max"),
                get_number(l, "ns_per_particle_step"), get_number(l, "fom"), get_number(l, "launches_per_step"),
                l->rank_class ? "FAILED" : ref && !strcmp(ref, "true") ? "ref" : "ok", id ? id : "?",
                l->rank_class ? "" : "");
        if (l->rank_class == 1 && get(l, "gate/why"))
            fprintf(out, "%4s %s\n", "", get(l, "gate/why"));
    }

    /* the roofline of the fastest variant that passed, from the work each kernel line holds */
    if (lines[0].rank_class == 0) {
        const struct jline *l = &lines[0];
        struct bench_roof_row rows[TIMER_MAX];
        int nr = 0;
        for (int q = 0; q < l->n && nr < TIMER_MAX; q++) {
            const char *p = l->f[q].path;
            size_t len = strlen(p);
            if (strncmp(p, "kernels/", 8) || len < 14 || strcmp(p + len - 6, "/bytes"))
                continue;
            char base[JF_PATH], key[JF_PATH + 16];
            snprintf(base, sizeof base, "%.*s", (int)(len - 6), p);
            struct bench_roof_row *r = &rows[nr];
            snprintf(r->kernel, sizeof r->kernel, "%.63s", base + 8);
            snprintf(key, sizeof key, "%s/item", base);
            r->item = get(l, key) ? get(l, key) : "item";
            snprintf(key, sizeof key, "%s/items", base);
            r->items = get_number(l, key);
            snprintf(key, sizeof key, "%s/flops", base);
            r->flops = get_number(l, key);
            r->bytes = get_number(l, p);
            snprintf(key, sizeof key, "%s/median_s", base);
            r->seconds = get_number(l, key);
            if (isfinite(r->items) && isfinite(r->flops) && isfinite(r->bytes) && isfinite(r->seconds))
                nr++;
        }
        const struct bench_limits lim = {get_number(l, "limits/bandwidth_GBs"), get_number(l, "limits/double_GFlops"),
                                         get_number(l, "limits/float_GFlops")};
        const char *prec = get(l, "precision");
        if (nr) {
            fprintf(out, "\nrank 1, %s:\n", get(l, "id") ? get(l, "id") : "?");
            bench_roofline_print(rows, nr, isfinite(lim.bandwidth) ? &lim : NULL,
                                 prec && !strcmp(prec, "float") ? CFG_FLOAT : CFG_DOUBLE, 0.01, out);
        }
    }

    /* the CSV: FILE.jsonl -> FILE.csv */
    char path[CFG_PATH_LEN + 8];
    snprintf(path, sizeof path, "%s", results);
    size_t plen = strlen(path);
    if (plen > 6 && !strcmp(path + plen - 6, ".jsonl"))
        path[plen - 6] = '\0';
    else if (plen > 5 && !strcmp(path + plen - 5, ".json"))
        path[plen - 5] = '\0';
    strcat(path, ".csv");
    static const char *const fixed[] = {"id", "status", "step_s/median", "step_s/min", "step_s/max",
                                        "ns_per_particle_step", "push_ns_per_particle_step", "fom",
                                        "launches_per_step", "kernels_s", "setup_s", "gate/rel_J", "gate/rel_E",
                                        "gate/residual", "gate/reference", "gate/why", "precision", "cells",
                                        "particles", "warmup", "steps", "repeats", "device/name", "device/driver",
                                        "device/compute_units", "picl", "time", "error"};
    for (size_t c = 0; c < sizeof fixed / sizeof *fixed; c++)
        if (add_column(&cols, &ncols, &colcap, fixed[c]))
            goto out_of_memory;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            for (int q = 0; q < lines[i].n; q++) {
                const char *p = lines[i].f[q].path;
                size_t len = strlen(p);
                int want = pass == 0 ? !strncmp(p, "params/", 7)
                                     : !strncmp(p, "kernels/", 8) && len > 9 && !strcmp(p + len - 9, "/median_s");
                if (want && add_column(&cols, &ncols, &colcap, p))
                    goto out_of_memory;
            }
    csv = fopen(path, "w");
    if (!csv) {
        snprintf(err, err_len, "cannot write '%s': %s", path, strerror(errno));
        goto done;
    }
    fputs("rank", csv);
    for (int c = 0; c < ncols; c++) {
        char name[JF_PATH];
        snprintf(name, sizeof name, "%s", cols[c]);
        for (char *p = name; *p; p++)
            if (*p == '/')
                *p = '.';
        csv_cell(csv, name, 0);
    }
    fputc('\n', csv);
    for (int i = 0; i < n; i++) {
        fprintf(csv, "%d", lines[i].rank_class ? 0 : i + 1);
        for (int c = 0; c < ncols; c++)
            csv_cell(csv, get(&lines[i], cols[c]), 0);
        fputc('\n', csv);
    }
    if (fclose(csv)) {
        csv = NULL;
        snprintf(err, err_len, "cannot write '%s': %s", path, strerror(errno));
        goto done;
    }
    csv = NULL;
    fprintf(out, "csv: %s\n", path);
    rc = 0;
    goto done;
out_of_memory:
    snprintf(err, err_len, "out of host memory reading %s", results);
done:
    if (csv)
        fclose(csv);
    for (int i = 0; i < n; i++)
        mem_free(lines[i].f);
    mem_free(lines);
    mem_free(cols);
    mem_free(buf);
    fclose(f);
    return rc;
}
