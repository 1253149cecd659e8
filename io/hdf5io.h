/* hdf5io.h: what picl's HDF5 files share: written collectively through the MPI-IO driver
 * under a temporary name and renamed when complete, attributes in the forms openPMD asks for
 * (fixed-length ASCII strings, float64 arrays), HDF5's own words in picl's messages, and the
 * checksum that lets a checkpoint prove its data is what was written. */
#ifndef PICL_HDF5IO_H
#define PICL_HDF5IO_H

#include <stddef.h>
#include <stdint.h>

#include <hdf5.h>

#include "config.h"

/* A file being written: `partial` until hio_finish renames it to `path`. */
struct hio_file {
    hid_t id;
    hid_t dxpl; /* collective transfers under MPI, defaults otherwise */
    char path[CFG_PATH_LEN + 2 * CFG_NAME_LEN];
    char partial[CFG_PATH_LEN + 2 * CFG_NAME_LEN + 16];
};

/* Host memory that output reuses from one write to the next. */
struct hio_staging {
    void *data;
    size_t size;
};

/* Creates the folders of `dir`, parents first (rank 0; every rank returns once they exist). */
int hio_mkdirs(const char *dir, char *err, size_t err_len);
/* Creates PATH.partial for writing on every rank of MPI_COMM_WORLD (or alone when MPI is not
 * initialised, as in unit tests). latest_format: HDF5 1.10's format, whose metadata carry
 * checksums (checkpoints); otherwise the oldest format, which every reader knows (openPMD). */
int hio_create(struct hio_file *f, const char *path, int latest_format, char *err, size_t err_len);
/* Closes the file; ok: renames PATH.partial to PATH (and, durable, syncs it to disk first);
 * not ok, or a write that failed on any rank: removes PATH.partial (every rank returns -1 with
 * the message). Collective, and safe after any failure (no HDF5 id is left behind). */
int hio_finish(struct hio_file *f, int ok, int durable, char *err, size_t err_len);
/* Opens an existing file read-only. A file HDF5 cannot open (truncated, not HDF5, corrupt
 * superblock) gives a message with its size and HDF5's reason. */
int hio_open_read(const char *path, hid_t *id, char *err, size_t err_len);
/* H5Dwrite, collective, with its result agreed by all ranks (a write fails on the ranks whose
 * data did not reach the disk only; the others must not go on to the next collective). */
int hio_write(hid_t d, hid_t type, hid_t ms, hid_t fs, hid_t dxpl, const void *buf);
/* True on every rank when `failed` is true on any (MPI_COMM_WORLD; itself without MPI). */
int hio_agree_failed(int failed);
/* A dataset allocated without fill values (every byte is written anyway). */
hid_t hio_make_dataset(hid_t parent, const char *name, hid_t type, int rank, const hsize_t *dims);
/* Closes a dataset and its file and memory dataspaces after a transfer; an id that is negative
 * (never opened, failed, or kept open by the caller: H5I_INVALID_HID) is skipped. */
void hio_close_transfer(hid_t d, hid_t fs, hid_t ms);

/* The innermost message of HDF5's error stack ("truncated file: eof = ..."), or "". */
const char *hio_reason(char *buf, size_t len);
/* This process's rank in MPI_COMM_WORLD (0 without MPI) and whether MPI is running. */
int hio_rank(void);
int hio_mpi(void);

/* Groups: every missing group along `path` (relative to `parent`) is made. */
hid_t hio_group(hid_t parent, const char *path);

/* Attributes; each returns 0 or -1. Strings are fixed-length ASCII (openPMD 1.1.0). */
int hio_attr_string(hid_t obj, const char *name, const char *value);
int hio_attr_strings(hid_t obj, const char *name, const char *const *values, int n);
int hio_attr_double(hid_t obj, const char *name, double value);
int hio_attr_doubles(hid_t obj, const char *name, const double *values, int n);
int hio_attr_u32(hid_t obj, const char *name, uint32_t value);
int hio_attr_u64(hid_t obj, const char *name, uint64_t value);
int hio_attr_u64s(hid_t obj, const char *name, const uint64_t *values, int n);
int hio_attr_i64(hid_t obj, const char *name, int64_t value);
int hio_attr_ints(hid_t obj, const char *name, const int *values, int n);
/* Readers: -1 when the attribute is missing or of another shape. */
int hio_read_string(hid_t obj, const char *name, char *out, size_t len);
int hio_read_u64(hid_t obj, const char *name, uint64_t *value);
int hio_read_i64(hid_t obj, const char *name, int64_t *value);
int hio_read_double(hid_t obj, const char *name, double *value);
int hio_read_ints(hid_t obj, const char *name, int *values, int n);

/* "2024-05-01 12:00:00 +0200", the form openPMD's `date` takes. */
void hio_date(char *out, size_t len);
/* At least `bytes` of staging memory, or NULL. */
void *hio_staging_get(struct hio_staging *st, size_t bytes);
void hio_staging_free(struct hio_staging *st);

/* A 64-bit checksum of `n` bytes continued from `seed` (four lanes of xxHash64's round, so it
 * runs at memory speed): any flipped bit changes it. */
uint64_t hio_hash(const void *data, size_t n, uint64_t seed);

#endif
