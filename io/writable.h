/* writable.h: whether a run can write where its input says, asked at set-up (before any kernel
 * is built) rather than found at the first file: a folder that is a file, a read-only disk. */
#ifndef PICL_WRITABLE_H
#define PICL_WRITABLE_H

#include <stddef.h>

/* 0 when `dir` is a folder this process may write into, or could be created as one (its nearest
 * existing ancestor is such a folder); nothing is created. Otherwise -1 and, in err,
 * "KEY: ..." with the path and the reason. */
int writable_dir(const char *key, const char *dir, char *err, size_t err_len);

#endif
