/* filekind.h: what a path that is not a regular file is, in words for a message (a FIFO or a
 * device given where picl reads a file would block a read for ever, so every reader refuses it). */
#ifndef PICL_FILEKIND_H
#define PICL_FILEKIND_H

#include <sys/stat.h>

/* "a regular file", "a directory", "a FIFO", "a device" or "a special file". */
const char *file_kind(mode_t mode);

#endif
