/* checkpoint.c: writing and reading checkpoints. Particles are stored packed, box by box,
 * with the box table beside them; a restart puts each box's particles back at the start of
 * its slots, in the same order, so the restarted run repeats the uninterrupted one bit for
 * bit (deposition runs one work item per box in a fixed order). */
#include "checkpoint.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

#include "hdf5io.h"
#include "log.h"
#include "mem.h"
#include "sim.h"

#define CKPT_MAGIC "picl checkpoint"
#define CKPT_PREFIX "checkpoint_"

static const char *const array_names[PA_ID + 1] = {"x", "y", "z", "ux", "uy", "uz", "w", "id"};

/* Boxes belong to ranks once the MPI decomposition exists; until then all are this rank's. */
static int box_is_mine(int b)
{
    (void)b;
    return 1;
}

static hid_t real_type(const struct ctx *c)
{
    return c->real_size == sizeof(double) ? H5T_NATIVE_DOUBLE : H5T_NATIVE_FLOAT;
}

static size_t elem_size(const struct ctx *c, int a) { return a == PA_ID ? sizeof(cl_ulong) : c->real_size; }

static int h5fail(const char *path, const char *what, char *err, size_t err_len)
{
    char why[512];
    hio_reason(why, sizeof why);
    snprintf(err, err_len, "checkpoint '%s': %s failed%s%s", path, what, why[0] ? ": " : "", why);
    return -1;
}


/* Writes the entries of this rank's boxes of a per-box dataset [n_boxes][row] from `data`, which
 * holds all n_boxes rows (only this rank's are read). */
static int write_box_rows(hid_t parent, const char *name, hid_t type, int n_boxes, hsize_t row, const void *data,
                          hid_t dxpl)
{
    hsize_t dims[2] = {(hsize_t)n_boxes, row};
    hid_t d = hio_make_dataset(parent, name, type, 2, dims);
    if (d < 0)
        return -1;
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(2, dims, NULL);
    int rc = fs < 0 || ms < 0 || H5Sselect_none(fs) < 0 || H5Sselect_none(ms) < 0;
    for (int b = 0; rc == 0 && b < n_boxes; b++) {
        if (!box_is_mine(b))
            continue;
        hsize_t start[2] = {(hsize_t)b, 0}, count[2] = {1, row};
        rc = H5Sselect_hyperslab(fs, H5S_SELECT_OR, start, NULL, count, NULL) < 0 ||
             H5Sselect_hyperslab(ms, H5S_SELECT_OR, start, NULL, count, NULL) < 0;
    }
    if (rc == 0)
        rc = H5Dwrite(d, type, ms, fs, dxpl, data) < 0;
    if (ms >= 0)
        H5Sclose(ms);
    if (fs >= 0)
        H5Sclose(fs);
    H5Dclose(d);
    return rc;
}

/* The whole field buffer, [component][box][cell with guards], one hyperslab per own box. */
static int write_fields(struct sim *s, struct hio_file *f, double *bytes, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    const struct gen_layout *lay = &c->lay;
    const size_t real = c->real_size, n = (size_t)FC_COUNT * (size_t)lay->comp_stride;
    char *host = hio_staging_get(&s->staging, n * real);
    uint64_t *sums = mem_calloc((size_t)lay->n_boxes, sizeof *sums);
    if (!host || !sums) {
        mem_free(sums);
        snprintf(err, err_len, "out of host memory for a checkpoint of the fields (%zu bytes)", n * real);
        return -1;
    }
    cl_int cl = clEnqueueReadBuffer(c->dev->queue, s->fields.buf.mem, CL_TRUE, 0, n * real, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        mem_free(sums);
        snprintf(err, err_len, "reading the fields from the device failed: %s", device_error_name(cl));
        return -1;
    }
    hsize_t dims[3] = {FC_COUNT, (hsize_t)lay->n_boxes, (hsize_t)lay->box_stride};
    hid_t d = hio_make_dataset(f->id, "fields", real_type(c), 3, dims);
    hid_t fs = d < 0 ? H5I_INVALID_HID : H5Dget_space(d);
    int rc = d < 0 || fs < 0 || H5Sselect_none(fs) < 0;
    for (int b = 0; rc == 0 && b < lay->n_boxes; b++) {
        if (!box_is_mine(b))
            continue;
        hsize_t start[3] = {0, (hsize_t)b, 0}, count[3] = {FC_COUNT, 1, (hsize_t)lay->box_stride};
        rc = H5Sselect_hyperslab(fs, H5S_SELECT_OR, start, NULL, count, NULL) < 0;
        uint64_t h = 0;
        for (int comp = 0; comp < FC_COUNT; comp++)
            h = hio_hash(host + ((size_t)comp * (size_t)lay->comp_stride + (size_t)b * (size_t)lay->box_stride) * real,
                         (size_t)lay->box_stride * real, h);
        sums[b] = h;
        *bytes += (double)FC_COUNT * (double)lay->box_stride * (double)real;
    }
    /* memory holds the whole buffer in the file's shape: the same selection picks the same cells */
    if (rc == 0)
        rc = H5Dwrite(d, real_type(c), fs, fs, f->dxpl, host) < 0;
    if (fs >= 0)
        H5Sclose(fs);
    if (d >= 0)
        H5Dclose(d);
    if (rc == 0)
        rc = write_box_rows(f->id, "fields_checksum", H5T_NATIVE_UINT64, lay->n_boxes, 1, sums, f->dxpl);
    mem_free(sums);
    return rc ? h5fail(f->partial, "writing the fields", err, err_len) : 0;
}

/* The PML's auxiliary fields: one array for the whole domain's slabs, written by rank 0 (the
 * slabs are not cut into boxes). */
static int write_pml(struct sim *s, struct hio_file *f, double *bytes, char *err, size_t err_len)
{
    struct ctx *c = &s->ctx;
    const size_t n = (size_t)s->pml.reals * c->real_size;
    char *host = hio_staging_get(&s->staging, n);
    if (!host) {
        snprintf(err, err_len, "out of host memory for a checkpoint of the PML (%zu bytes)", n);
        return -1;
    }
    cl_int cl = clEnqueueReadBuffer(c->dev->queue, s->pml.psi.mem, CL_TRUE, 0, n, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(err, err_len, "reading the PML from the device failed: %s", device_error_name(cl));
        return -1;
    }
    hsize_t dims[1] = {(hsize_t)s->pml.reals};
    hid_t d = hio_make_dataset(f->id, "pml", real_type(c), 1, dims);
    hid_t fs = d < 0 ? H5I_INVALID_HID : H5Dget_space(d);
    int rc = d < 0 || fs < 0 || (hio_rank() != 0 && H5Sselect_none(fs) < 0);
    if (rc == 0)
        rc = H5Dwrite(d, real_type(c), fs, fs, f->dxpl, host) < 0;
    uint64_t sum = hio_hash(host, n, 0);
    if (rc == 0)
        rc = hio_attr_u64(d, "checksum", sum);
    if (fs >= 0)
        H5Sclose(fs);
    if (d >= 0)
        H5Dclose(d);
    *bytes += (double)n;
    return rc ? h5fail(f->partial, "writing the PML", err, err_len) : 0;
}

static int write_species(struct sim *s, struct species *sp, struct hio_file *f, double *bytes, char *err,
                         size_t err_len)
{
    struct ctx *c = &s->ctx;
    const int nb = c->lay.n_boxes;
    if (particles_check(sp, c, NULL, err, err_len))
        return -1;
    const size_t slots = (size_t)sp->slots;
    long mine = 0;
    for (int b = 0; b < nb; b++)
        if (box_is_mine(b))
            mine += sp->boxes_host[(size_t)b * BT_STRIDE + BT_COUNT];
    long offset = 0, total = mine;
    if (hio_mpi()) {
        MPI_Exscan(&mine, &offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (hio_rank() == 0)
            offset = 0;
        MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    char *raw = hio_staging_get(&s->staging, slots * 8 + (size_t)mine * 8);
    uint64_t *sums = mem_calloc((size_t)nb, sizeof *sums);
    if (!raw || !sums) {
        mem_free(sums);
        snprintf(err, err_len, "species %s: out of host memory for a checkpoint", sp->cfg->name);
        return -1;
    }
    char *packed = raw + slots * 8;
    char where[CFG_NAME_LEN + 16];
    snprintf(where, sizeof where, "species/%s", sp->cfg->name);
    hid_t g = hio_group(f->id, where);
    int rc = g < 0 || hio_attr_i64(g, "particles", total) || hio_attr_i64(g, "slots", sp->slots) ||
             write_box_rows(g, "box_table", H5T_NATIVE_LONG, nb, BT_STRIDE, sp->boxes_host, f->dxpl);
    for (int a = 0; rc == 0 && a <= PA_ID; a++) {
        const size_t elem = elem_size(c, a);
        cl_int cl = clEnqueueReadBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, 0, slots * elem, raw, 0, NULL, NULL);
        if (cl != CL_SUCCESS) {
            mem_free(sums);
            H5Gclose(g);
            snprintf(err, err_len, "species %s: reading %s from the device failed: %s", sp->cfg->name, array_names[a],
                     device_error_name(cl));
            return -1;
        }
        size_t m = 0;
        for (int b = 0; b < nb; b++) {
            if (!box_is_mine(b))
                continue;
            const long *t = sp->boxes_host + (size_t)b * BT_STRIDE;
            size_t len = (size_t)t[BT_COUNT] * elem;
            memcpy(packed + m, raw + (size_t)t[BT_START] * elem, len);
            sums[b] = hio_hash(packed + m, len, sums[b]);
            m += len;
        }
        hid_t type = a == PA_ID ? H5T_NATIVE_UINT64 : real_type(c);
        hsize_t dims = (hsize_t)total, start = (hsize_t)offset, count = (hsize_t)mine, one = 1;
        hid_t d = hio_make_dataset(g, array_names[a], type, 1, &dims);
        hid_t fs = d < 0 ? H5I_INVALID_HID : H5Dget_space(d);
        hid_t ms = H5Screate_simple(1, mine ? &count : &one, NULL);
        rc = d < 0 || fs < 0 || ms < 0;
        if (rc == 0 && total > 0) {
            rc = (mine ? H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL)
                       : (H5Sselect_none(fs) < 0 ? -1 : H5Sselect_none(ms))) < 0;
            if (rc == 0)
                rc = H5Dwrite(d, type, ms, fs, f->dxpl, packed) < 0;
        }
        *bytes += (double)m;
        if (ms >= 0)
            H5Sclose(ms);
        if (fs >= 0)
            H5Sclose(fs);
        if (d >= 0)
            H5Dclose(d);
    }
    if (rc == 0)
        rc = write_box_rows(g, "checksum", H5T_NATIVE_UINT64, nb, 1, sums, f->dxpl);
    mem_free(sums);
    if (g >= 0)
        H5Gclose(g);
    return rc ? h5fail(f->partial, "writing the particles", err, err_len) : 0;
}

static int layout_attrs(struct sim *s, hid_t root)
{
    const struct ctx *c = &s->ctx;
    const struct gen_layout *lay = &c->lay;
    char date[64];
    hio_date(date, sizeof date);
    int counts[3] = {(int)c->real_size, lay->ng, FC_COUNT};
    return hio_attr_string(root, "format", CKPT_MAGIC) | hio_attr_i64(root, "format_version", CKPT_FORMAT_VERSION) |
           hio_attr_string(root, "picl_version", PICL_VERSION) | hio_attr_string(root, "date", date) |
           hio_attr_u64(root, "input_hash", c->cfg->input_hash) |
           hio_attr_string(root, "input_path", c->cfg->input_path) | hio_attr_i64(root, "step", s->step) |
           hio_attr_double(root, "time", s->time) | hio_attr_double(root, "dt", c->cfg->dt) |
           hio_attr_ints(root, "cells", lay->cells, 3) | hio_attr_ints(root, "box", lay->box, 3) |
           hio_attr_ints(root, "boxes", lay->nbox, 3) |
           hio_attr_ints(root, "real_bytes_guards_components", counts, 3) |
           hio_attr_i64(root, "species", s->n_species);
}

/* Steps of the complete checkpoints in dir, newest first; returns how many (at most max). */
static int list_checkpoints(const char *dir, long *steps, int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        long step;
        char again[256];
        if (sscanf(e->d_name, CKPT_PREFIX "%ld", &step) != 1 || step < 0)
            continue;
        snprintf(again, sizeof again, CKPT_PREFIX "%06ld.h5", step);
        if (strcmp(again, e->d_name) == 0)
            steps[n++] = step;
    }
    closedir(d);
    for (int i = 1; i < n; i++) /* few files: insertion sort, newest first */
        for (int j = i; j > 0 && steps[j] > steps[j - 1]; j--) {
            long t = steps[j];
            steps[j] = steps[j - 1];
            steps[j - 1] = t;
        }
    return n;
}

#define CKPT_MAX_LISTED 4096

static void remove_old(const struct cfg_checkpoint *ck)
{
    if (hio_rank() != 0)
        return;
    long *steps = mem_alloc(sizeof(long) * CKPT_MAX_LISTED);
    int n = steps ? list_checkpoints(ck->dir, steps, CKPT_MAX_LISTED) : 0;
    for (int i = ck->keep; i < n; i++) {
        char path[CFG_PATH_LEN + 64];
        snprintf(path, sizeof path, "%s/" CKPT_PREFIX "%06ld.h5", ck->dir, steps[i]);
        if (remove(path) == 0)
            log_debug("removed the old checkpoint %s (keep = %d)", path, ck->keep);
    }
    mem_free(steps);
}

int ckpt_write(struct sim *s, double *bytes, char *path_out, size_t path_len, char *err, size_t err_len)
{
    const struct cfg_checkpoint *ck = &s->ctx.cfg->checkpoint;
    if (s->ctx.lay.n_ranks > 1) { /* a signal under MPI: the file format is not per rank yet */
        snprintf(err, err_len, "checkpoints are not written yet for runs on more than one rank");
        return -1;
    }
    char path[CFG_PATH_LEN + 64];
    snprintf(path, sizeof path, "%s/" CKPT_PREFIX "%06ld.h5", ck->dir, s->step);
    struct hio_file f;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (hio_mkdirs(ck->dir, err, err_len) || hio_create(&f, path, 1, err, err_len))
        return -1;
    double written = 0;
    int rc = layout_attrs(s, f.id) ? h5fail(f.partial, "writing attributes", err, err_len) : 0;
    if (rc == 0)
        rc = write_fields(s, &f, &written, err, err_len);
    if (rc == 0 && s->pml.n)
        rc = write_pml(s, &f, &written, err, err_len);
    for (int i = 0; rc == 0 && i < s->n_species; i++)
        rc = write_species(s, &s->species[i], &f, &written, err, err_len);
    char finish_err[1024] = "";
    if (hio_finish(&f, rc == 0, 1, finish_err, sizeof finish_err) && rc == 0) {
        snprintf(err, err_len, "%s", finish_err);
        rc = -1;
    }
    if (rc)
        return -1;
    *bytes += written;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    log_debug("wrote %s: %.1f MB of data in %.3f s (%.2f GB/s, synced to disk)", path, written / 1e6, seconds,
              seconds > 0 ? written / 1e9 / seconds : 0.0);
    if (path_out)
        snprintf(path_out, path_len, "%s", path);
    remove_old(ck);
    return 0;
}

int ckpt_latest(const struct picl_config *cfg, char *path, size_t path_len, char *err, size_t err_len)
{
    long *steps = mem_alloc(sizeof(long) * CKPT_MAX_LISTED);
    if (!steps) {
        snprintf(err, err_len, "out of host memory");
        return -1;
    }
    int n = list_checkpoints(cfg->checkpoint.dir, steps, CKPT_MAX_LISTED);
    if (n > 0)
        snprintf(path, path_len, "%s/" CKPT_PREFIX "%06ld.h5", cfg->checkpoint.dir, steps[0]);
    else
        snprintf(err, err_len, "--restart latest: no checkpoint (" CKPT_PREFIX "NNNNNN.h5) in '%s' (checkpoint.dir)",
                 cfg->checkpoint.dir);
    mem_free(steps);
    return n > 0 ? 0 : -1;
}

/* ---- reading */

struct reader {
    const char *path;
    hid_t file;
    char *err;
    size_t err_len;
};

static int refuse(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(struct reader *r, const char *fmt, ...)
{
    char why[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->err_len, "--restart: cannot continue from '%s': %s", r->path, why);
    return -1;
}

/* Dimensions of dataset `name`: -1 when it is missing or has another rank. */
static int dataset_dims(hid_t parent, const char *name, int rank, hsize_t *dims)
{
    if (H5Lexists(parent, name, H5P_DEFAULT) <= 0)
        return -1;
    hid_t d = H5Dopen2(parent, name, H5P_DEFAULT);
    if (d < 0)
        return -1;
    hid_t sp = H5Dget_space(d);
    int rc = sp < 0 || H5Sget_simple_extent_ndims(sp) != rank || H5Sget_simple_extent_dims(sp, dims, NULL) < 0;
    if (sp >= 0)
        H5Sclose(sp);
    H5Dclose(d);
    return rc ? -1 : 0;
}

/* Reads the whole dataset `name` (checked to have `count` elements) as `type`. */
static int read_dataset(struct reader *r, hid_t parent, const char *name, const char *label, hid_t type, int rank,
                        const hsize_t *expect, void *out)
{
    hsize_t dims[3] = {0, 0, 0};
    if (dataset_dims(parent, name, rank, dims))
        return refuse(r, "the dataset %s is missing or is not %dD; the file is incomplete or corrupt", label, rank);
    for (int i = 0; i < rank; i++)
        if (dims[i] != expect[i])
            return refuse(r, "the dataset %s has %llu entries along dimension %d where this run needs %llu; the "
                             "file does not match its own header (corrupt) or this layout",
                          label, (unsigned long long)dims[i], i, (unsigned long long)expect[i]);
    hsize_t count = 1;
    for (int i = 0; i < rank; i++)
        count *= dims[i];
    if (count == 0)
        return 0; /* an empty species: nothing to read */
    hid_t d = H5Dopen2(parent, name, H5P_DEFAULT);
    int rc = d < 0 || H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0;
    if (d >= 0)
        H5Dclose(d);
    if (rc) {
        char why[512];
        return refuse(r, "reading %s failed: the file is corrupt (HDF5: %s)", label, hio_reason(why, sizeof why));
    }
    return 0;
}

static int check_header(struct reader *r, struct sim *s, long *step, double *time)
{
    const struct ctx *c = &s->ctx;
    const struct gen_layout *lay = &c->lay;
    char text[CFG_PATH_LEN];
    int64_t version, i64;
    uint64_t hash;
    htri_t has_format = H5Aexists(r->file, "format");
    if (has_format < 0 || (has_format > 0 && hio_read_string(r->file, "format", text, sizeof text))) {
        char why[512];
        return refuse(r, "corrupt metadata: its root group cannot be read (HDF5: %s)", hio_reason(why, sizeof why));
    }
    if (has_format == 0 || strcmp(text, CKPT_MAGIC))
        return refuse(r, "it is an HDF5 file but not a picl checkpoint (its root has no format = \"" CKPT_MAGIC
                         "\" attribute)");
    if (hio_read_i64(r->file, "format_version", &version))
        return refuse(r, "the format_version attribute is missing or unreadable (corrupt)");
    char written_by[64] = "?";
    hio_read_string(r->file, "picl_version", written_by, sizeof written_by);
    if (version != CKPT_FORMAT_VERSION)
        return refuse(r, "it is in checkpoint format %" PRId64 " (written by picl %s); this picl (%s) reads format %d",
                      version, written_by, PICL_VERSION, CKPT_FORMAT_VERSION);
    if (hio_read_u64(r->file, "input_hash", &hash))
        return refuse(r, "the input_hash attribute is missing or unreadable (corrupt)");
    if (hash != c->cfg->input_hash) {
        char input[CFG_PATH_LEN] = "?";
        hio_read_string(r->file, "input_path", input, sizeof input);
        return refuse(r, "it was written for another input: its input hash is %016" PRIx64 " (input '%s'), this input "
                         "with its --set options hashes to %016" PRIx64 "; restart with the same input file and the "
                         "same --set options",
                      hash, input, c->cfg->input_hash);
    }
    int cells[3], box[3], nbox[3], counts[3];
    if (hio_read_ints(r->file, "cells", cells, 3) || hio_read_ints(r->file, "box", box, 3) ||
        hio_read_ints(r->file, "boxes", nbox, 3) || hio_read_ints(r->file, "real_bytes_guards_components", counts, 3) ||
        hio_read_i64(r->file, "species", &i64) || hio_read_i64(r->file, "step", &version) ||
        hio_read_double(r->file, "time", time))
        return refuse(r, "a layout attribute (cells, box, boxes, real_bytes_guards_components, species, step, time) "
                         "is missing or unreadable (corrupt)");
    *step = (long)version;
    for (int a = 0; a < 3; a++)
        if (cells[a] != lay->cells[a] || box[a] != lay->box[a] || nbox[a] != lay->nbox[a])
            return refuse(r, "layout mismatch: it holds %d x %d x %d cells in %d x %d x %d boxes of %d x %d x %d; this "
                             "run has %d x %d x %d cells in %d x %d x %d boxes of %d x %d x %d",
                          cells[0], cells[1], cells[2], nbox[0], nbox[1], nbox[2], box[0], box[1], box[2],
                          lay->cells[0], lay->cells[1], lay->cells[2], lay->nbox[0], lay->nbox[1], lay->nbox[2],
                          lay->box[0], lay->box[1], lay->box[2]);
    if (counts[0] != (int)c->real_size)
        return refuse(r, "layout mismatch: its reals have %d bytes (%s), this run's %d (%s)", counts[0],
                      counts[0] == 8 ? "double" : "float", (int)c->real_size, c->real_size == 8 ? "double" : "float");
    if (counts[1] != lay->ng || counts[2] != FC_COUNT)
        return refuse(r, "layout mismatch: it has %d guard cells and %d field components, this run %d and %d",
                      counts[1], counts[2], lay->ng, FC_COUNT);
    if (i64 != s->n_species)
        return refuse(r, "layout mismatch: it has %" PRId64 " species, this run %d", i64, s->n_species);
    if (*step < 0 || *step > c->cfg->steps)
        return refuse(r, "its step %ld lies outside this run's 0..%ld steps", *step, c->cfg->steps);
    return 0;
}

static int restore_fields(struct reader *r, struct sim *s)
{
    struct ctx *c = &s->ctx;
    const struct gen_layout *lay = &c->lay;
    const size_t real = c->real_size, n = (size_t)FC_COUNT * (size_t)lay->comp_stride;
    char *host = hio_staging_get(&s->staging, n * real);
    uint64_t *sums = mem_calloc((size_t)lay->n_boxes, sizeof *sums);
    int rc = -1;
    if (!host || !sums) {
        snprintf(r->err, r->err_len, "out of host memory reading a checkpoint");
        goto done;
    }
    hsize_t dims[3] = {FC_COUNT, (hsize_t)lay->n_boxes, (hsize_t)lay->box_stride}, nb = (hsize_t)lay->n_boxes;
    hsize_t rows[2] = {nb, 1};
    if (read_dataset(r, r->file, "fields", "fields", real_type(c), 3, dims, host) ||
        read_dataset(r, r->file, "fields_checksum", "fields_checksum", H5T_NATIVE_UINT64, 2, rows, sums))
        goto done;
    for (int b = 0; b < lay->n_boxes; b++) {
        uint64_t h = 0;
        for (int comp = 0; comp < FC_COUNT; comp++)
            h = hio_hash(host + ((size_t)comp * (size_t)lay->comp_stride + (size_t)b * (size_t)lay->box_stride) * real,
                         (size_t)lay->box_stride * real, h);
        if (h != sums[b]) {
            refuse(r, "corrupt data: the fields of box %d do not match their checksum (stored %016" PRIx64
                      ", computed %016" PRIx64 ")",
                   b, sums[b], h);
            goto done;
        }
    }
    cl_int cl = clEnqueueWriteBuffer(c->dev->queue, s->fields.buf.mem, CL_TRUE, 0, n * real, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(r->err, r->err_len, "writing the fields to the device failed: %s", device_error_name(cl));
        goto done;
    }
    rc = 0;
done:
    mem_free(sums);
    return rc;
}

static int restore_pml(struct reader *r, struct sim *s)
{
    struct ctx *c = &s->ctx;
    const size_t n = (size_t)s->pml.reals * c->real_size;
    char *host = hio_staging_get(&s->staging, n);
    if (!host) {
        snprintf(r->err, r->err_len, "out of host memory reading a checkpoint");
        return -1;
    }
    hsize_t dims[1] = {(hsize_t)s->pml.reals};
    if (read_dataset(r, r->file, "pml", "pml", real_type(c), 1, dims, host))
        return -1;
    uint64_t stored = 0;
    hid_t d = H5Dopen2(r->file, "pml", H5P_DEFAULT);
    const int bad = d < 0 || hio_read_u64(d, "checksum", &stored);
    if (d >= 0)
        H5Dclose(d);
    if (bad)
        return refuse(r, "the PML's checksum attribute is missing (corrupt)");
    if (hio_hash(host, n, 0) != stored)
        return refuse(r, "corrupt data: the PML's auxiliary fields do not match their checksum");
    cl_int cl = clEnqueueWriteBuffer(c->dev->queue, s->pml.psi.mem, CL_TRUE, 0, n, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(r->err, r->err_len, "writing the PML to the device failed: %s", device_error_name(cl));
        return -1;
    }
    return 0;
}

static int restore_species(struct reader *r, struct sim *s, struct species *sp)
{
    struct ctx *c = &s->ctx;
    const int nb = c->lay.n_boxes;
    char where[CFG_NAME_LEN + 16], label[CFG_NAME_LEN + 32];
    snprintf(where, sizeof where, "species/%s", sp->cfg->name);
    if (H5Lexists(r->file, "species", H5P_DEFAULT) <= 0 || H5Lexists(r->file, where, H5P_DEFAULT) <= 0)
        return refuse(r, "it has no particles of species '%s' (the species of this input differ, or it is corrupt)",
                      sp->cfg->name);
    hid_t g = H5Gopen2(r->file, where, H5P_DEFAULT);
    long *table = mem_calloc((size_t)nb * BT_STRIDE, sizeof *table);
    uint64_t *stored = mem_calloc((size_t)nb, sizeof *stored), *sums = mem_calloc((size_t)nb, sizeof *sums);
    int rc = -1;
    int64_t total = 0, slots = 0;
    if (g < 0 || !table || !stored || !sums) {
        snprintf(r->err, r->err_len, "out of host memory or unreadable species group reading '%s'", r->path);
        goto done;
    }
    /* the fresh load gave this input's box layout: the checkpoint must have the same */
    if (particles_check(sp, c, NULL, r->err, r->err_len))
        goto done;
    if (hio_read_i64(g, "particles", &total) || hio_read_i64(g, "slots", &slots)) {
        refuse(r, "species %s: the particles or slots attribute is missing (corrupt)", sp->cfg->name);
        goto done;
    }
    if (slots != sp->slots) {
        refuse(r, "layout mismatch: species %s has %" PRId64 " particle slots in the checkpoint, %ld in this run",
               sp->cfg->name, slots, sp->slots);
        goto done;
    }
    hsize_t tdims[2] = {(hsize_t)nb, BT_STRIDE}, sdims[2] = {(hsize_t)nb, 1};
    snprintf(label, sizeof label, "%s/box_table", where);
    if (read_dataset(r, g, "box_table", label, H5T_NATIVE_LONG, 2, tdims, table))
        goto done;
    snprintf(label, sizeof label, "%s/checksum", where);
    if (read_dataset(r, g, "checksum", label, H5T_NATIVE_UINT64, 2, sdims, stored))
        goto done;
    long count = 0;
    for (int b = 0; b < nb; b++) {
        const long *t = table + (size_t)b * BT_STRIDE, *now = sp->boxes_host + (size_t)b * BT_STRIDE;
        if (t[BT_START] != now[BT_START] || t[BT_CAP] != now[BT_CAP] || t[BT_OUT_START] != now[BT_OUT_START] ||
            t[BT_OUT_CAP] != now[BT_OUT_CAP] || t[BT_COUNT] < 0 || t[BT_COUNT] > t[BT_CAP]) {
            refuse(r, "layout mismatch: species %s, box %d has slots %ld..%ld (%ld particles) in the checkpoint, "
                      "%ld..%ld in this run",
                   sp->cfg->name, b, t[BT_START], t[BT_START] + t[BT_CAP], t[BT_COUNT], now[BT_START],
                   now[BT_START] + now[BT_CAP]);
            goto done;
        }
        count += t[BT_COUNT];
    }
    if (count != total) {
        refuse(r, "species %s: its box table counts %ld particles but the file says %" PRId64 " (corrupt)",
               sp->cfg->name, count, total);
        goto done;
    }
    char *packed = hio_staging_get(&s->staging, (size_t)total * 8 + 8);
    if (!packed) {
        snprintf(r->err, r->err_len, "out of host memory reading '%s'", r->path);
        goto done;
    }
    for (int a = 0; a <= PA_ID; a++) {
        const size_t elem = elem_size(c, a);
        hsize_t n = (hsize_t)total;
        snprintf(label, sizeof label, "%s/%s", where, array_names[a]);
        if (read_dataset(r, g, array_names[a], label, a == PA_ID ? H5T_NATIVE_UINT64 : real_type(c), 1, &n, packed))
            goto done;
        size_t m = 0;
        for (int b = 0; b < nb; b++) {
            const long *t = table + (size_t)b * BT_STRIDE;
            size_t len = (size_t)t[BT_COUNT] * elem;
            sums[b] = hio_hash(packed + m, len, sums[b]);
            cl_int cl = len ? clEnqueueWriteBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, (size_t)t[BT_START] * elem,
                                                   len, packed + m, 0, NULL, NULL)
                            : CL_SUCCESS;
            if (cl != CL_SUCCESS) {
                snprintf(r->err, r->err_len, "writing particles to the device failed: %s", device_error_name(cl));
                goto done;
            }
            m += len;
        }
    }
    for (int b = 0; b < nb; b++)
        if (sums[b] != stored[b]) {
            refuse(r, "corrupt data: the particles of species %s in box %d do not match their checksum (stored %016" PRIx64
                      ", computed %016" PRIx64 ")",
                   sp->cfg->name, b, stored[b], sums[b]);
            goto done;
        }
    /* the outboxes are refilled by the next push before anything reads them */
    for (int b = 0; b < nb; b++) {
        long *t = table + (size_t)b * BT_STRIDE;
        t[BT_OUT_COUNT] = 0;
        t[BT_OVERFLOW] = 0;
    }
    memcpy(sp->boxes_host, table, sizeof(long) * BT_STRIDE * (size_t)nb);
    cl_int cl = clEnqueueWriteBuffer(c->dev->queue, sp->boxes.mem, CL_TRUE, 0, sizeof(long) * BT_STRIDE * (size_t)nb,
                                     table, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(r->err, r->err_len, "writing the box table to the device failed: %s", device_error_name(cl));
        goto done;
    }
    sp->np = sp->np_all = count;
    rc = 0;
done:
    mem_free(table);
    mem_free(stored);
    mem_free(sums);
    if (g >= 0)
        H5Gclose(g);
    return rc;
}

int ckpt_restore(struct sim *s, const char *path, char *err, size_t err_len)
{
    struct reader r = {.path = path, .file = H5I_INVALID_HID, .err = err, .err_len = err_len};
    char why[1024];
    if (hio_open_read(path, &r.file, why, sizeof why)) {
        snprintf(err, err_len, "--restart: %s", why);
        return -1;
    }
    long step = 0;
    double time = 0;
    int rc = check_header(&r, s, &step, &time) || restore_fields(&r, s) || (s->pml.n && restore_pml(&r, s));
    for (int i = 0; rc == 0 && i < s->n_species; i++)
        rc = restore_species(&r, s, &s->species[i]);
    H5Fclose(r.file);
    if (rc)
        return -1;
    s->step = step;
    s->time = time;
    s->start_step = step;
    s->restarted = 1;
    log_info("continuing from %s at step %ld (t = %.6e s)", path, step, time);
    return 0;
}
