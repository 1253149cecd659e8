/* writable.c: the set-up check of an output folder (writable.h). */
#include "writable.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

int writable_dir(const char *key, const char *dir, char *err, size_t err_len)
{
    char path[CFG_PATH_LEN];
    snprintf(path, sizeof path, "%s", dir[0] ? dir : ".");
    /* up to the nearest part of the path that exists: what a later mkdir -p would create in */
    struct stat st;
    for (;;) {
        if (stat(path, &st) == 0)
            break;
        if (errno != ENOENT && errno != ENOTDIR) { /* ENOTDIR: a part is a file, told below */
            snprintf(err, err_len, "%s: '%s': %s", key, path, strerror(errno));
            return -1;
        }
        char *slash = strrchr(path, '/');
        while (slash && slash > path && slash[1] == '\0') { /* "a/b/" */
            *slash = '\0';
            slash = strrchr(path, '/');
        }
        if (!slash)
            snprintf(path, sizeof path, ".");
        else if (slash == path)
            path[1] = '\0'; /* "/" */
        else
            *slash = '\0';
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "%s: '%s' is %s, not a folder; expected a folder to write into (or a path to create)",
                 key, path, S_ISREG(st.st_mode) ? "a file" : "not a folder");
        return -1;
    }
    /* access() asks the kernel, so a read-only disk is told even to root */
    if (access(path, W_OK | X_OK)) {
        snprintf(err, err_len, "%s: cannot write into '%s': %s", key, path, strerror(errno));
        return -1;
    }
    return 0;
}
