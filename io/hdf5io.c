/* hdf5io.c: HDF5 files written whole or not at all, attributes as openPMD spells them, and
 * HDF5's error stack turned into one line of picl's messages. */
#define _GNU_SOURCE /* memfd_create: see abandon() */
#include "hdf5io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "filekind.h"
#include "mem.h"

/* HDF5's reason for the last failed write on this rank (hio_write): the closes that follow a
 * failure clear HDF5's error stack before the message is made. Text for messages only; nothing
 * reads it to decide anything. */
static char write_reason[512];

int hio_mpi(void)
{
    int up = 0, down = 0;
    MPI_Initialized(&up);
    if (up)
        MPI_Finalized(&down);
    return up && !down;
}

int hio_rank(void)
{
    int rank = 0;
    if (hio_mpi())
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

/* Rank 0's status, on every rank. */
static int agree(int rc)
{
    if (hio_mpi())
        MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return rc;
}

int hio_agree_failed(int failed)
{
    int any = failed != 0;
    if (hio_mpi())
        MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return any;
}

/* HDF5's reason, and the system's when the call set errno (MPI-IO does not pass it on). */
static void system_reason(char *buf, size_t len, int e)
{
    char why[400];
    hio_reason(why, sizeof why);
    snprintf(buf, len, "%.400s%s%.100s", why[0] ? why : "HDF5 gave no reason", e ? ": " : "", e ? strerror(e) : "");
}

/* MPI-IO does not always leave the system's errno behind: a disk with (almost) no room left is
 * said in the message outright. */
static void disk_room(hid_t obj, char *buf, size_t len)
{
    char name[CFG_PATH_LEN + 2 * CFG_NAME_LEN + 16];
    struct statvfs st;
    if (H5Fget_name(obj, name, sizeof name) <= 0)
        return;
    char *slash = strrchr(name, '/');
    if (slash)
        *slash = '\0';
    if (statvfs(slash ? (name[0] ? name : "/") : ".", &st) == 0 && (double)st.f_bavail * (double)st.f_frsize < 1048576.0) {
        size_t at = strlen(buf);
        snprintf(buf + at, len - at, " (the disk holding it has %.0f bytes free)",
                 (double)st.f_bavail * (double)st.f_frsize);
    }
}

int hio_write(hid_t d, hid_t type, hid_t ms, hid_t fs, hid_t dxpl, const void *buf)
{
    errno = 0;
    int failed = H5Dwrite(d, type, ms, fs, dxpl, buf) < 0;
    if (failed) {
        system_reason(write_reason, sizeof write_reason, errno);
        disk_room(d, write_reason, sizeof write_reason);
    }
    return hio_agree_failed(failed) ? -1 : 0;
}

int hio_mkdirs(const char *dir, char *err, size_t err_len)
{
    int rc = 0;
    if (hio_rank() == 0) {
        char path[CFG_PATH_LEN + 2 * CFG_NAME_LEN];
        snprintf(path, sizeof path, "%s", dir);
        for (char *p = path + 1; rc == 0; p++) {
            if (*p != '/' && *p != '\0')
                continue;
            char saved = *p;
            *p = '\0';
            if (mkdir(path, 0777) && errno != EEXIST) {
                snprintf(err, err_len, "cannot create the folder '%s': %s", path, strerror(errno));
                rc = -1;
            }
            *p = saved;
            if (saved == '\0')
                break;
        }
    }
    int all = agree(rc);
    if (all && rc == 0)
        snprintf(err, err_len, "rank 0 could not create the folder '%s'", dir);
    return all;
}

static herr_t innermost(unsigned n, const H5E_error2_t *e, void *data)
{
    char *buf = data;
    (void)n;
    if (buf[0] == '\0' && e->desc)
        snprintf(buf, 512, "%s", e->desc);
    return 0;
}

const char *hio_reason(char *buf, size_t len)
{
    char first[512] = "";
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost, first);
    snprintf(buf, len, "%s", first[0] ? first : write_reason);
    write_reason[0] = '\0';
    return buf;
}

static void quiet(void)
{
    /* Failures are reported once, by picl, with HDF5's reason in the message. */
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
}

int hio_create(struct hio_file *f, const char *path, int latest_format, char *err, size_t err_len)
{
    quiet();
    memset(f, 0, sizeof *f);
    f->id = f->dxpl = H5I_INVALID_HID;
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->partial, sizeof f->partial, "%s.partial", path);
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    f->dxpl = H5Pcreate(H5P_DATASET_XFER);
    if (fapl < 0 || f->dxpl < 0)
        goto fail;
    if (hio_mpi()) {
        /* Every rank writes its own boxes of one file; metadata are written collectively too. */
        if (H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL) < 0 || H5Pset_all_coll_metadata_ops(fapl, 1) < 0 ||
            H5Pset_coll_metadata_write(fapl, 1) < 0 || H5Pset_dxpl_mpio(f->dxpl, H5FD_MPIO_COLLECTIVE) < 0)
            goto fail;
    }
    if (latest_format && H5Pset_libver_bounds(fapl, H5F_LIBVER_V110, H5F_LIBVER_V110) < 0)
        goto fail;
    f->id = H5Fcreate(f->partial, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    if (f->id < 0)
        goto fail;
    H5Pclose(fapl);
    return 0;
fail:;
    char why[512];
    snprintf(err, err_len, "cannot create '%s': %s", f->partial, hio_reason(why, sizeof why));
    if (fapl >= 0)
        H5Pclose(fapl);
    if (f->dxpl >= 0)
        H5Pclose(f->dxpl);
    f->dxpl = H5I_INVALID_HID;
    return -1;
}

/* HDF5 1.10 frees a file whose close failed (its metadata could not be written) but keeps its
 * id, and closes that id again when the library shuts down in MPI_Finalize: a crash. So a file
 * that is given up has its descriptors (whatever layer opened them: HDF5's driver, MPI-IO)
 * pointed at an anonymous memory file first; the close then writes its last metadata there
 * and succeeds, and nothing of the abandoned file reaches the disk any more. */
static void abandon(const struct hio_file *f)
{
    char want[4096], link[300], got[4096];
    if (!realpath(f->partial, want))
        return; /* never created: nothing is open on it */
    int mem = memfd_create("picl-abandoned", 0);
    DIR *fds = mem < 0 ? NULL : opendir("/proc/self/fd");
    for (struct dirent *e; fds && (e = readdir(fds));) {
        const int fd = atoi(e->d_name);
        snprintf(link, sizeof link, "/proc/self/fd/%s", e->d_name);
        ssize_t n = readlink(link, got, sizeof got - 1);
        if (n <= 0 || fd == mem || fd == dirfd(fds))
            continue;
        got[n] = '\0';
        if (!strcmp(got, want))
            dup2(mem, fd);
    }
    if (fds)
        closedir(fds);
    if (mem >= 0)
        close(mem);
}

int hio_finish(struct hio_file *f, int ok, int durable, char *err, size_t err_len)
{
    int rc = 0;
    char why[512];
    if (f->dxpl >= 0)
        H5Pclose(f->dxpl);
    f->dxpl = H5I_INVALID_HID;
    if (f->id >= 0) {
        /* Flush first, and agree: only the ranks that wrote the metadata see their failure, and
         * the close is collective. */
        errno = 0;
        int failed = ok && H5Fflush(f->id, H5F_SCOPE_GLOBAL) < 0;
        if (failed) {
            system_reason(why, sizeof why, errno);
            disk_room(f->id, why, sizeof why);
            snprintf(err, err_len, "writing '%s' failed: %s", f->partial, why);
        }
        int any = hio_agree_failed(failed || !ok);
        if (any)
            abandon(f);
        if (H5Fclose(f->id) < 0 && !any) {
            snprintf(err, err_len, "writing '%s' failed: %s", f->partial, hio_reason(why, sizeof why));
            rc = -1;
        }
        if (ok && any && !failed) {
            snprintf(err, err_len, "writing '%s' failed on another rank", f->partial);
            failed = 1;
        }
        rc = failed ? -1 : rc;
    }
    f->id = H5I_INVALID_HID;
    if (hio_rank() == 0) {
        if (ok && rc == 0 && durable) {
            int fd = open(f->partial, O_RDONLY);
            if (fd < 0 || fsync(fd)) {
                snprintf(err, err_len, "syncing '%s' to disk failed: %s", f->partial, strerror(errno));
                rc = -1;
            }
            if (fd >= 0)
                close(fd);
        }
        if (ok && rc == 0 && rename(f->partial, f->path)) {
            snprintf(err, err_len, "renaming '%s' to '%s' failed: %s", f->partial, f->path, strerror(errno));
            rc = -1;
        }
        if (!ok || rc)
            remove(f->partial);
    }
    /* every rank ends in the same state: a failure anywhere is a failure everywhere */
    int mine = rc;
    rc = hio_agree_failed(rc) ? -1 : 0;
    if (rc && !mine)
        snprintf(err, err_len, "writing '%s' failed on another rank", f->partial);
    return ok ? rc : 0;
}

int hio_open_read(const char *path, hid_t *id, char *err, size_t err_len)
{
    quiet();
    struct stat st;
    if (stat(path, &st)) {
        snprintf(err, err_len, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    /* HDF5 opens what it is given, and opening a FIFO waits for a writer that may never come */
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, err_len, "'%s' is %s, not a regular file; expected a checkpoint file", path,
                 file_kind(st.st_mode));
        return -1;
    }
    htri_t is = H5Fis_hdf5(path);
    if (is <= 0) {
        snprintf(err, err_len, "'%s' (%lld bytes) is not an HDF5 file: it lacks HDF5's signature, so it is "
                 "not a checkpoint or its first bytes are damaged", path, (long long)st.st_size);
        return -1;
    }
    *id = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (*id < 0) {
        char why[512];
        hio_reason(why, sizeof why);
        if (strstr(why, "truncated"))
            snprintf(err, err_len, "'%s' is truncated: it has %lld bytes, fewer than its HDF5 superblock says "
                     "were written (HDF5: %s)", path, (long long)st.st_size, why);
        else
            snprintf(err, err_len, "'%s' (%lld bytes) is corrupt: HDF5 cannot open it (%s)", path,
                     (long long)st.st_size, why[0] ? why : "no reason given");
        return -1;
    }
    return 0;
}

hid_t hio_group(hid_t parent, const char *path)
{
    hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
    if (lcpl < 0)
        return H5I_INVALID_HID;
    H5Pset_create_intermediate_group(lcpl, 1);
    hid_t g = H5Gcreate2(parent, path, lcpl, H5P_DEFAULT, H5P_DEFAULT);
    H5Pclose(lcpl);
    return g;
}

static int write_attr(hid_t obj, const char *name, hid_t type, hid_t space, const void *buf)
{
    int rc = -1;
    if (space < 0)
        return -1;
    if (H5Aexists(obj, name) > 0)
        H5Adelete(obj, name);
    hid_t a = H5Acreate2(obj, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    if (a >= 0) {
        rc = H5Awrite(a, type, buf) < 0 ? -1 : 0;
        H5Aclose(a);
    }
    H5Sclose(space);
    return rc;
}

static hid_t scalar(void) { return H5Screate(H5S_SCALAR); }

static hid_t vector(int n)
{
    hsize_t dim = (hsize_t)n;
    return H5Screate_simple(1, &dim, NULL);
}

/* A fixed-length, NUL-padded ASCII string type of `len` characters (at least 1). */
static hid_t string_type(size_t len)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    if (t >= 0 && (H5Tset_size(t, len ? len : 1) < 0 || H5Tset_strpad(t, H5T_STR_NULLPAD) < 0 ||
                   H5Tset_cset(t, H5T_CSET_ASCII) < 0)) {
        H5Tclose(t);
        return H5I_INVALID_HID;
    }
    return t;
}

int hio_attr_string(hid_t obj, const char *name, const char *value)
{
    size_t len = strlen(value);
    hid_t t = string_type(len);
    if (t < 0)
        return -1;
    int rc = write_attr(obj, name, t, scalar(), len ? value : "\0");
    H5Tclose(t);
    return rc;
}

int hio_attr_strings(hid_t obj, const char *name, const char *const *values, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len = strlen(values[i]) > len ? strlen(values[i]) : len;
    char *buf = mem_calloc((size_t)n, len);
    hid_t t = string_type(len);
    int rc = -1;
    if (buf && t >= 0) {
        for (int i = 0; i < n; i++)
            memcpy(buf + (size_t)i * len, values[i], strlen(values[i]));
        rc = write_attr(obj, name, t, vector(n), buf);
    }
    if (t >= 0)
        H5Tclose(t);
    mem_free(buf);
    return rc;
}

int hio_attr_double(hid_t obj, const char *name, double value)
{
    return write_attr(obj, name, H5T_NATIVE_DOUBLE, scalar(), &value);
}

int hio_attr_doubles(hid_t obj, const char *name, const double *values, int n)
{
    return write_attr(obj, name, H5T_NATIVE_DOUBLE, vector(n), values);
}

int hio_attr_u32(hid_t obj, const char *name, uint32_t value)
{
    return write_attr(obj, name, H5T_NATIVE_UINT32, scalar(), &value);
}

int hio_attr_u64(hid_t obj, const char *name, uint64_t value)
{
    return write_attr(obj, name, H5T_NATIVE_UINT64, scalar(), &value);
}

int hio_attr_u64s(hid_t obj, const char *name, const uint64_t *values, int n)
{
    return write_attr(obj, name, H5T_NATIVE_UINT64, vector(n), values);
}

int hio_attr_i64(hid_t obj, const char *name, int64_t value)
{
    return write_attr(obj, name, H5T_NATIVE_INT64, scalar(), &value);
}

int hio_attr_ints(hid_t obj, const char *name, const int *values, int n)
{
    return write_attr(obj, name, H5T_NATIVE_INT, vector(n), values);
}

/* Reads attribute `name` of `n` elements of memory type `type` into out. */
static int read_attr(hid_t obj, const char *name, hid_t type, void *out, hssize_t n)
{
    if (H5Aexists(obj, name) <= 0)
        return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    if (a < 0)
        return -1;
    hid_t space = H5Aget_space(a);
    hid_t ftype = H5Aget_type(a);
    int rc = -1;
    if (space >= 0 && ftype >= 0 && H5Sget_simple_extent_npoints(space) == n &&
        H5Tget_class(ftype) == H5Tget_class(type))
        rc = H5Aread(a, type, out) < 0 ? -1 : 0;
    if (ftype >= 0)
        H5Tclose(ftype);
    if (space >= 0)
        H5Sclose(space);
    H5Aclose(a);
    return rc;
}

int hio_read_string(hid_t obj, const char *name, char *out, size_t len)
{
    if (H5Aexists(obj, name) <= 0)
        return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    if (a < 0)
        return -1;
    hid_t ftype = H5Aget_type(a);
    int rc = -1;
    if (ftype >= 0 && H5Tget_class(ftype) == H5T_STRING && !H5Tis_variable_str(ftype)) {
        size_t size = H5Tget_size(ftype);
        char *buf = mem_calloc(size + 1, 1);
        if (buf && H5Aread(a, ftype, buf) >= 0) {
            snprintf(out, len, "%s", buf);
            rc = 0;
        }
        mem_free(buf);
    }
    if (ftype >= 0)
        H5Tclose(ftype);
    H5Aclose(a);
    return rc;
}

int hio_read_u64(hid_t obj, const char *name, uint64_t *value)
{
    return read_attr(obj, name, H5T_NATIVE_UINT64, value, 1);
}

int hio_read_i64(hid_t obj, const char *name, int64_t *value)
{
    return read_attr(obj, name, H5T_NATIVE_INT64, value, 1);
}

int hio_read_double(hid_t obj, const char *name, double *value)
{
    return read_attr(obj, name, H5T_NATIVE_DOUBLE, value, 1);
}

int hio_read_ints(hid_t obj, const char *name, int *values, int n)
{
    return read_attr(obj, name, H5T_NATIVE_INT, values, n);
}

void hio_date(char *out, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(out, len, "%Y-%m-%d %H:%M:%S %z", &tm);
}

void *hio_staging_get(struct hio_staging *st, size_t bytes)
{
    if (bytes <= st->size && st->data)
        return st->data;
    void *p = mem_realloc(st->data, bytes ? bytes : 1);
    if (!p)
        return NULL;
    st->data = p;
    st->size = bytes;
    return p;
}

void hio_staging_free(struct hio_staging *st)
{
    mem_free(st->data);
    st->data = NULL;
    st->size = 0;
}

static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

uint64_t hio_hash(const void *data, size_t n, uint64_t seed)
{
    const uint64_t p1 = 0x9E3779B185EBCA87ULL, p2 = 0xC2B2AE3D27D4EB4FULL;
    uint64_t v[4] = {seed + p1 + p2, seed + p2, seed, seed - p1};
    const unsigned char *p = data;
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int l = 0; l < 4; l++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * l, 8);
            v[l] = rotl(v[l] + w * p2, 31) * p1;
        }
    uint64_t h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18) + (uint64_t)n;
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    h ^= h >> 33;
    h *= p2;
    h ^= h >> 29;
    h *= p1;
    h ^= h >> 32;
    return h;
}

/* A dataset whose storage is allocated without fill values: every byte is written anyway,
 * and filling first would write the file twice. */
hid_t hio_make_dataset(hid_t parent, const char *name, hid_t type, int rank, const hsize_t *dims)
{
    hid_t space = H5Screate_simple(rank, dims, NULL);
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hid_t d = H5I_INVALID_HID;
    if (space >= 0 && dcpl >= 0 && H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER) >= 0)
        d = H5Dcreate2(parent, name, type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    if (dcpl >= 0)
        H5Pclose(dcpl);
    if (space >= 0)
        H5Sclose(space);
    return d;
}

void hio_close_transfer(hid_t d, hid_t fs, hid_t ms)
{
    if (ms >= 0)
        H5Sclose(ms);
    if (fs >= 0)
        H5Sclose(fs);
    if (d >= 0)
        H5Dclose(d);
}
