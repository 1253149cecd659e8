/* failwrite.c: an LD_PRELOAD shim that makes a disk fail under picl, for tests/cli/test_io_failures.sh
 * (CI may not let a test mount a small tmpfs). Only files whose path contains PICL_FAIL_PATH count:
 *   PICL_FAIL_AFTER=N   after N bytes written to such files (by this process), every further
 *                       write to them fails with ENOSPC: a full disk
 *   PICL_FAIL_READONLY=1  creating or opening such a file (or a folder) for writing fails with
 *                       EROFS: a read-only disk (a test run as root ignores chmod)
 * Writes reach the kernel through write/pwrite/writev/pwritev (HDF5's drivers, MPI-IO) or through
 * stdio, whose internal calls a preload cannot see: fflush and fclose are wrapped instead, and
 * what they would write is what the stream holds beyond the descriptor's offset. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static long long written; /* bytes written to matching files so far */

static const char *pattern(void)
{
    const char *p = getenv("PICL_FAIL_PATH");
    return p && p[0] ? p : NULL;
}

/* Open MPI's I/O layer keeps a semaphore named after the file in /dev/shm: memory, not the disk. */
static int path_matches(const char *path)
{
    const char *p = pattern();
    return p && path && strstr(path, p) && strncmp(path, "/dev/shm/", 9);
}

static int fd_matches(int fd)
{
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0)
        return 0;
    path[n] = '\0';
    return path_matches(path);
}

/* 0: let `bytes` through (and count them); -1: the disk is full. */
static int spend(int fd, long long bytes)
{
    const char *after = getenv("PICL_FAIL_AFTER");
    int saved = errno;
    if (!after || !fd_matches(fd)) {
        errno = saved; /* readlink may have set it */
        return 0;
    }
    if (written + bytes > atoll(after)) {
        errno = ENOSPC;
        return -1;
    }
    written += bytes;
    errno = saved;
    return 0;
}

static int readonly(const char *path, int flags)
{
    const char *ro = getenv("PICL_FAIL_READONLY");
    if (!ro || strcmp(ro, "1") || !path_matches(path) || !(flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)))
        return 0;
    errno = EROFS;
    return 1;
}

/* the next definition of `name` (libc's), looked up once */
#define REAL(name)                                                                                                  \
    static __typeof__(&name) real_##name;                                                                          \
    if (!real_##name)                                                                                               \
    *(void **)&real_##name = dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buf, size_t n)
{
    REAL(write);
    return spend(fd, (long long)n) ? -1 : real_write(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at)
{
    REAL(pwrite);
    return spend(fd, (long long)n) ? -1 : real_pwrite(fd, buf, n, at);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t at)
{
    REAL(pwrite64);
    return spend(fd, (long long)n) ? -1 : real_pwrite64(fd, buf, n, at);
}

static long long iov_bytes(const struct iovec *v, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += (long long)v[i].iov_len;
    return s;
}

ssize_t writev(int fd, const struct iovec *v, int n)
{
    REAL(writev);
    return spend(fd, iov_bytes(v, n)) ? -1 : real_writev(fd, v, n);
}

ssize_t pwritev(int fd, const struct iovec *v, int n, off_t at)
{
    REAL(pwritev);
    return spend(fd, iov_bytes(v, n)) ? -1 : real_pwritev(fd, v, n, at);
}

ssize_t pwritev64(int fd, const struct iovec *v, int n, off_t at)
{
    REAL(pwritev64);
    return spend(fd, iov_bytes(v, n)) ? -1 : real_pwritev64(fd, v, n, at);
}

/* What a flush of f would write: its logical position past the descriptor's. Only for the
 * streams of matching files, and errno kept: a seek on stderr (a pipe) would leave ESPIPE for
 * the caller to find in errno after its own failure. */
static int stream_full(FILE *f)
{
    if (!f || !__fwriting(f) || !getenv("PICL_FAIL_AFTER") || !fd_matches(fileno(f)))
        return 0;
    int saved = errno;
    off_t logical = ftello(f), actual = lseek(fileno(f), 0, SEEK_CUR);
    errno = saved;
    return spend(fileno(f), logical > actual && actual >= 0 ? (long long)(logical - actual) : 0);
}

int fflush(FILE *f)
{
    REAL(fflush);
    if (stream_full(f)) {
        __fpurge(f); /* the bytes are lost, as on a full disk */
        return EOF;
    }
    return real_fflush(f);
}

int fclose(FILE *f)
{
    REAL(fclose);
    if (stream_full(f)) {
        __fpurge(f);
        real_fclose(f);
        errno = ENOSPC;
        return EOF;
    }
    return real_fclose(f);
}

int open(const char *path, int flags, ...)
{
    REAL(open);
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (flags & O_CREAT) ? (mode_t)va_arg(ap, int) : 0;
    va_end(ap);
    return readonly(path, flags) ? -1 : real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    REAL(open64);
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (flags & O_CREAT) ? (mode_t)va_arg(ap, int) : 0;
    va_end(ap);
    return readonly(path, flags) ? -1 : real_open64(path, flags, mode);
}

int openat(int dir, const char *path, int flags, ...)
{
    REAL(openat);
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (flags & O_CREAT) ? (mode_t)va_arg(ap, int) : 0;
    va_end(ap);
    return readonly(path, flags) ? -1 : real_openat(dir, path, flags, mode);
}

static int fopen_flags(const char *mode)
{
    return strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+') ? O_WRONLY : 0;
}

FILE *fopen(const char *path, const char *mode)
{
    REAL(fopen);
    return readonly(path, fopen_flags(mode)) ? NULL : real_fopen(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
    REAL(fopen64);
    return readonly(path, fopen_flags(mode)) ? NULL : real_fopen64(path, mode);
}

int mkdir(const char *path, mode_t mode)
{
    REAL(mkdir);
    struct stat st;
    if (readonly(path, O_CREAT) && stat(path, &st)) { /* an existing folder is left as it is */
        errno = EROFS;
        return -1;
    }
    return real_mkdir(path, mode);
}

/* picl asks whether it may write into its folders at set-up (io/writable.c) */
int access(const char *path, int how)
{
    REAL(access);
    if ((how & W_OK) && readonly(path, O_WRONLY)) {
        errno = EROFS;
        return -1;
    }
    return real_access(path, how);
}

