/* bench_results.c: a sweep's results file: a finished variant's key, looking it up in the text
 * of the file, and appending a line so that a killed sweep leaves whole lines only. */
#include "bench_results.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench_json.h"
#include "hash.h"
#include "mem.h"

void bench_results_key(const char *base, char *const *sets, int n_sets, const int counts[3], const struct device *dev,
                       char *key, size_t len)
{
    uint64_t h = HASH_FNV1A_SEED;
    FILE *f = fopen(base, "rb");
    if (f) {
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            h = hash_fnv1a(h, buf, n);
        fclose(f);
    }
    for (int k = 0; k < n_sets; k++)
        h = hash_fnv1a(h, sets[k], strlen(sets[k]) + 1);
    h = hash_fnv1a(h, counts, 3 * sizeof *counts);
    snprintf(key, len, "%s|%016llx", dev->name, (unsigned long long)h);
}

char *bench_results_read(const char *path)
{
    size_t len;
    char *text = mem_read_file(path, &len);
    if (!text && (text = mem_alloc(1)) != NULL) /* no results yet: nothing is done */
        text[0] = '\0';
    return text;
}

int bench_results_have(const char *text, const char *key)
{
    struct strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, "\"key\":");
    bench_json_string(&sb, key);
    int found = 0;
    /* only whole lines count: a line cut short by a kill does not end in "}\n" */
    for (const char *p = text; sb_ok(&sb) && (p = strstr(p, sb.data)) != NULL; p++) {
        const char *end = strchr(p, '\n');
        if (end && end > p && end[-1] == '}') {
            found = 1;
            break;
        }
    }
    sb_free(&sb);
    return found;
}

int bench_results_append(const char *path, const struct strbuf *sb, char *err, size_t err_len)
{
    /* one write() of a whole line: a killed sweep leaves whole lines only */
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0 || write(fd, sb->data, sb->len) != (ssize_t)sb->len) {
        snprintf(err, err_len, "cannot append to '%s': %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return close(fd);
}
