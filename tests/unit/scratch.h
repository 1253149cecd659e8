/* scratch.h: a temporary folder for the tests that write input, spec and tuning files (config,
 * luatab, tuning): made fresh for each run and removed at its end; a file that cannot be written stops the test. */
#ifndef PICL_SCRATCH_H
#define PICL_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* dir (len bytes) becomes /tmp/picl_NAME_XXXXXX, made; the test stops when it cannot be. */
static inline void scratch_dir(char *dir, size_t len, const char *name)
{
    snprintf(dir, len, "/tmp/picl_%s_XXXXXX", name);
    if (!mkdtemp(dir)) {
        printf("FAIL cannot make a temporary folder\n");
        exit(1);
    }
}

static inline void scratch_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        printf("FAIL cannot write %s\n", path);
        exit(1);
    }
    fputs(text, f);
    fclose(f);
}

/* The folder and everything in it, subfolders included. */
static inline void scratch_remove(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", dir);
}

#endif
