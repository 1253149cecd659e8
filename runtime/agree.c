/* agree.c: the ranks of a run compare their resolved configurations (agree.h), by a hash first
 * and, only when that differs, line by line to name what differs. */
#include "agree.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "mem.h"

/* The configuration as `picl check` prints it; NULL when out of memory. */
static char *print_config(const struct picl_config *cfg, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    cfg_print(cfg, f);
    if (fclose(f)) {
        free(text); /* open_memstream's buffer comes from malloc, not mem_alloc */
        return NULL;
    }
    return text;
}

/* The index of the first line where a and b differ; INT_MAX when none does. */
static int first_difference(const char *a, const char *b)
{
    int line = 0;
    for (size_t i = 0;; i++) {
        if (a[i] != b[i])
            return line;
        if (!a[i])
            return INT_MAX;
        line += a[i] == '\n';
    }
}

/* Line n of text, without its newline, into out. */
static void copy_line(const char *text, int n, char *out, size_t out_len)
{
    for (; n > 0 && *text; text++)
        n -= *text == '\n';
    size_t k = strcspn(text, "\n");
    snprintf(out, out_len, "%.*s", (int)(k < out_len ? k : out_len - 1), text);
}

/* The line as a message quotes it: no indent, one space where cfg_print aligns columns. */
static const char *squeezed(char *line)
{
    char *w = line;
    for (const char *r = line + strspn(line, " "); *r; r++)
        if (*r != ' ' || r[1] != ' ')
            *w++ = *r;
    *w = '\0';
    return line;
}

/* The key a line of cfg_print shows: its label (up to two spaces in a row), trimmed; an indented
 * line (a species' seed, say) is named with the heading line above it ("species electrons"). */
static void line_key(const char *text, int n, char *out, size_t out_len)
{
    char line[256], head[256] = "";
    copy_line(text, n, line, sizeof line);
    for (int h = n; line[0] == ' ' && h-- > 0;) {
        copy_line(text, h, head, sizeof head);
        if (head[0] != ' ')
            break;
    }
    const char *label = line + strspn(line, " ");
    int k = (int)(strstr(label, "  ") ? (size_t)(strstr(label, "  ") - label) : strcspn(label, " "));
    if (head[0] && head[0] != ' ') {
        const char *end = strstr(head, "    ["); /* "species  electrons    [FILE:LINE]" */
        int hk = (int)(end ? (size_t)(end - head) : strlen(head));
        char *sp = strstr(head, "  ");
        int lk = (int)(sp ? (size_t)(sp - head) : strcspn(head, " "));
        const char *name = head + lk + strspn(head + lk, " ");
        snprintf(out, out_len, "%.*s %.*s: %.*s", lk, head, hk - (int)(name - head), name, k, label);
    } else
        snprintf(out, out_len, "%.*s", k, label);
}

int agree_config(const struct comm *c, const struct picl_config *cfg, char *err, size_t err_len)
{
    if (!c || c->size <= 1)
        return 0;
    size_t len = 0;
    char *mine = print_config(cfg, &len);
    uint64_t h[2] = {mine ? hash_fnv1a(HASH_FNV1A_SEED, mine, len) : 0, 0};
    h[1] = h[0];
    MPI_Bcast(&h[1], 1, MPI_UINT64_T, 0, c->world);
    if (!comm_any(c, !mine || h[0] != h[1])) {
        free(mine);
        return 0;
    }
    if (comm_any(c, !mine)) {
        free(mine);
        snprintf(err, err_len, "out of host memory comparing the ranks' configurations");
        return -1;
    }
    /* rank 0's text to every rank; each finds its first differing line, and the lowest line (then
     * rank) is named by every rank alike */
    long n0 = (long)len;
    MPI_Bcast(&n0, 1, MPI_LONG, 0, c->world);
    char *zero = c->rank == 0 ? mine : mem_alloc((size_t)n0 + 1);
    int failed = !zero;
    if (comm_any(c, failed)) {
        if (zero != mine)
            mem_free(zero);
        free(mine);
        snprintf(err, err_len, "out of host memory comparing the ranks' configurations");
        return -1;
    }
    MPI_Bcast(zero, (int)n0 + 1, MPI_CHAR, 0, c->world);
    struct {
        int line, rank;
    } at = {first_difference(zero, mine), c->rank}, first;
    MPI_Allreduce(&at, &first, 1, MPI_2INT, MPI_MINLOC, c->world);
    char theirs[256], ours[256], key[192];
    if (c->rank == first.rank)
        copy_line(mine, first.line, theirs, sizeof theirs);
    MPI_Bcast(theirs, sizeof theirs, MPI_CHAR, first.rank, c->world);
    copy_line(zero, first.line, ours, sizeof ours);
    line_key(zero, first.line, key, sizeof key);
    snprintf(err, err_len,
             "the ranks resolved different configurations, so they cannot run together: %s differs between rank 0 "
             "('%s') and rank %d ('%s'); an input must give every rank the same run (no rank-dependent os.getenv, "
             "os.time or io input)",
             key, squeezed(ours), first.rank, squeezed(theirs));
    if (zero != mine)
        mem_free(zero);
    free(mine);
    return -1;
}
