/* checkpoint_read.c: continuing from a checkpoint (checkpoint_write.c writes them). Every rank
 * reads the header and the rows of its own boxes, checks them against the per-box checksums, and
 * puts each box's particles back at the start of its slots in the same order with the room the
 * interrupted run gave it: on the same ranks the run repeats the uninterrupted one bit for bit
 * (deposition runs one work item per box in a fixed order), on others to round-off (particles from
 * other ranks arrive in another order). */
#include "checkpoint.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "checkpoint_format.h"
#include "log.h"
#include "mem.h"

int ckpt_latest(const struct picl_config *cfg, char *path, size_t path_len, char *err, size_t err_len)
{
    /* rank 0 looks, so that every rank continues from the same file */
    long newest = -1;
    if (hio_rank() == 0) {
        long *steps = mem_alloc(sizeof(long) * CKPT_MAX_LISTED);
        if (steps && ckpt_list(cfg->checkpoint.dir, steps, CKPT_MAX_LISTED) > 0)
            newest = steps[0];
        mem_free(steps);
    }
    if (hio_mpi())
        MPI_Bcast(&newest, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (newest >= 0)
        snprintf(path, path_len, "%s/" CKPT_PREFIX "%06ld.h5", cfg->checkpoint.dir, newest);
    else
        snprintf(err, err_len, "--restart latest: no checkpoint (" CKPT_PREFIX "NNNNNN.h5) in '%s' (checkpoint.dir)",
                 cfg->checkpoint.dir);
    return newest >= 0 ? 0 : -1;
}

struct reader {
    const char *path;
    hid_t file;
    const struct comm *comm;
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

/* Whether any rank failed (each reads its own boxes, so one may find damage the others do not
 * see): all ranks stop at the same point, before the next collective call. */
static int agree(struct reader *r, int rc)
{
    if (!r->comm || r->comm->size < 2)
        return rc ? -1 : 0;
    if (!comm_any(r->comm, rc != 0))
        return 0;
    if (rc == 0)
        snprintf(r->err, r->err_len,
                 "--restart: cannot continue from '%s': another rank could not restore its boxes (its message "
                 "says why)",
                 r->path);
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

/* Dataset `name`, opened once its dimensions are checked against `expect`; refuses otherwise. */
static hid_t open_checked(struct reader *r, hid_t parent, const char *name, const char *label, int rank,
                          const hsize_t *expect)
{
    hsize_t dims[3] = {0, 0, 0};
    if (dataset_dims(parent, name, rank, dims)) {
        refuse(r, "the dataset %s is missing or is not %dD; the file is incomplete or corrupt", label, rank);
        return H5I_INVALID_HID;
    }
    for (int i = 0; i < rank; i++)
        if (dims[i] != expect[i]) {
            refuse(r, "the dataset %s has %llu entries along dimension %d where this run needs %llu; the file does "
                      "not match its own header (corrupt) or this layout",
                   label, (unsigned long long)dims[i], i, (unsigned long long)expect[i]);
            return H5I_INVALID_HID;
        }
    hid_t d = H5Dopen2(parent, name, H5P_DEFAULT);
    if (d < 0) {
        char why[512];
        refuse(r, "opening %s failed: the file is corrupt (HDF5: %s)", label, hio_reason(why, sizeof why));
    }
    return d;
}

static int read_failed(struct reader *r, const char *label)
{
    char why[512];
    return refuse(r, "reading %s failed: the file is corrupt (HDF5: %s)", label, hio_reason(why, sizeof why));
}

/* Reads the whole dataset `name` (checked to have the dimensions `expect`) as `type`. */
static int read_dataset(struct reader *r, hid_t parent, const char *name, const char *label, hid_t type, int rank,
                        const hsize_t *expect, void *out)
{
    hsize_t count = 1;
    for (int i = 0; i < rank; i++)
        count *= expect[i];
    hid_t d = open_checked(r, parent, name, label, rank, expect);
    if (d < 0)
        return -1;
    /* an empty species: nothing to read */
    int rc = count > 0 && H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0;
    H5Dclose(d);
    return rc ? read_failed(r, label) : 0;
}

/* The root's numbers, which no checksum covers, against what this input makes of them: a
 * file whose attributes were edited or damaged is refused with the attribute's name, never run
 * with a wrong clock or scale. */
static int check_scalars(struct reader *r, const struct io_state *io, long step, double time, double gauss_scale)
{
    const struct ctx *c = io->ctx;
    const double dt_run = c->cfg->dt;
    double dt;
    int64_t ranks;
    if (hio_read_double(r->file, "dt", &dt))
        return refuse(r, "the dt attribute is missing or unreadable (corrupt)");
    /* the same input computes the same dt, to the last bit; 1e-12 leaves room for nothing else */
    if (!isfinite(dt) || fabs(dt - dt_run) > 1e-12 * dt_run)
        return refuse(r, "its dt attribute is %.17g s where this input's dt is %.17g s (the file was edited or is "
                         "corrupt)", dt, dt_run);
    /* the clock adds dt each step: after n steps it is n dt to round-off, far within half a step */
    if (!isfinite(time) || fabs(time - (double)step * dt_run) > 0.5 * dt_run)
        return refuse(r, "its time attribute is %.17g s where step %ld of dt %.17g s is at %.17g s (the file was "
                         "edited or is corrupt)", time, step, dt_run, (double)step * dt_run);
    /* the Gauss reference's scale is max |rho/eps0| of the initial state, which this run has just
     * computed again from the same input (a maximum: no round-off between decompositions) */
    const double fresh = io->fields->gauss_scale;
    if (!isfinite(gauss_scale) || gauss_scale < 0 || fabs(gauss_scale - fresh) > 1e-9 * fresh)
        return refuse(r, "its gauss_scale attribute is %.17g where this input's initial charge gives %.17g (the "
                         "file was edited or is corrupt)", gauss_scale, fresh);
    if (hio_read_i64(r->file, "ranks", &ranks))
        return refuse(r, "the ranks attribute is missing or unreadable (corrupt)");
    if (ranks < 1 || ranks > c->lay.n_boxes)
        return refuse(r, "its ranks attribute is %" PRId64 "; the run that wrote it had 1 to %d ranks (one box at "
                         "least each; the file was edited or is corrupt)", ranks, c->lay.n_boxes);
    return 0;
}

static int check_header(struct reader *r, const struct io_state *io, long *step, double *time, double *gauss_scale)
{
    const struct ctx *c = io->ctx;
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
        hio_read_double(r->file, "time", time) || hio_read_double(r->file, "gauss_scale", gauss_scale))
        return refuse(r, "a layout attribute (cells, box, boxes, real_bytes_guards_components, species, step, time, "
                         "gauss_scale) is missing or unreadable (corrupt)");
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
    if (counts[1] != lay->ng || counts[2] != ckpt_field_comps(c))
        return refuse(r, "layout mismatch: it has %d guard cells and %d field components, this run %d and %d",
                      counts[1], counts[2], lay->ng, ckpt_field_comps(c));
    if (i64 != io->n_species)
        return refuse(r, "layout mismatch: it has %" PRId64 " species, this run %d", i64, io->n_species);
    if (*step < 0 || *step > c->cfg->steps)
        return refuse(r, "its step %ld lies outside this run's 0..%ld steps", *step, c->cfg->steps);
    return check_scalars(r, io, *step, *time, *gauss_scale);
}


/* Real i of the array at p, in the run's precision. */
static double real_at(const struct ctx *c, const char *p, size_t i)
{
    if (c->real_size == sizeof(double)) {
        double v;
        memcpy(&v, p + i * sizeof v, sizeof v);
        return v;
    }
    float f;
    memcpy(&f, p + i * sizeof f, sizeof f);
    return f;
}

/* Index of the first of n reals (the run's precision) at p that is not finite or lies outside
 * [lo, hi); -1 when none. The checksums prove that data are what was written, not that they are
 * a state a run can take up: a file edited and checksummed again must not put a particle outside
 * its box (a kernel would index outside the box's cells) or a NaN into the fields. */
static long bad_real(const struct ctx *c, const char *p, size_t n, double lo, double hi)
{
    for (size_t i = 0; i < n; i++) {
        const double v = real_at(c, p, i);
        if (!(v >= lo && v < hi))
            return (long)i;
    }
    return -1;
}

/* This rank's boxes of the field buffer, checked against their checksums. */
static int restore_fields(struct reader *r, struct io_state *io)
{
    struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    const int comps = ckpt_field_comps(c);
    const size_t real = c->real_size, n = (size_t)comps * (size_t)lay->comp_stride;
    char *host = hio_staging_get(io->staging, n * real);
    uint64_t *stored = mem_calloc((size_t)lay->n_boxes, sizeof *stored);
    hid_t d = H5I_INVALID_HID, fs = H5I_INVALID_HID, ms = H5I_INVALID_HID;
    int rc = -1;
    if (!host || !stored) {
        snprintf(r->err, r->err_len, "out of host memory reading a checkpoint");
        goto done;
    }
    hsize_t dims[3] = {(hsize_t)comps, (hsize_t)lay->n_boxes, (hsize_t)lay->box_stride}, nb = (hsize_t)lay->n_boxes;
    hsize_t mine[3] = {(hsize_t)comps, (hsize_t)lay->n_local, (hsize_t)lay->box_stride};
    if (read_dataset(r, r->file, "fields_checksum", "fields_checksum", H5T_NATIVE_UINT64, 1, &nb, stored))
        goto done;
    d = open_checked(r, r->file, "fields", "fields", 3, dims);
    if (d < 0)
        goto done;
    fs = H5Dget_space(d);
    ms = H5Screate_simple(3, mine, NULL);
    if (fs < 0 || ms < 0 || ckpt_select_my_boxes(fs, lay, (hsize_t)comps, (hsize_t)lay->box_stride) ||
        H5Dread(d, ckpt_real_type(c), ms, fs, H5P_DEFAULT, host) < 0) {
        read_failed(r, "fields");
        goto done;
    }
    for (int b = 0; b < lay->n_local; b++) {
        const int gid = gen_box_gid(lay, b);
        const uint64_t h = ckpt_box_fields_hash(c, host, b);
        if (h != stored[gid]) {
            refuse(r, "corrupt data: the fields of box %d do not match their checksum (stored %016" PRIx64
                      ", computed %016" PRIx64 ")",
                   gid, stored[gid], h);
            goto done;
        }
    }
    const long bad = bad_real(c, host, n, -DBL_MAX, INFINITY);
    if (bad >= 0) {
        const long comp = bad / lay->comp_stride, s = bad % lay->comp_stride / lay->box_stride;
        const double v = real_at(c, host, (size_t)bad);
        refuse(r, "the fields of box %d hold %g (component %ld, entry %ld of the box): a run never writes a value "
                  "that is not finite (the file was edited or is corrupt)",
               gen_box_gid(lay, (int)s), v, comp, bad % lay->box_stride);
        goto done;
    }
    cl_int cl = clEnqueueWriteBuffer(c->dev->queue, io->fields->buf.mem, CL_TRUE, 0, n * real, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(r->err, r->err_len, "writing the fields to the device failed: %s", device_error_name(cl));
        goto done;
    }
    rc = 0;
done:
    hio_close_transfer(d, fs, ms);
    mem_free(stored);
    return rc;
}

/* Every rank reads the whole layers and keeps its own boxes' cells: a checkpoint of any number
 * of ranks continues on any other. */
static int restore_pml(struct reader *r, struct io_state *io)
{
    struct ctx *c = io->ctx;
    const size_t n = (size_t)io->pml->reals * c->real_size;
    double *psi = mem_alloc((size_t)io->pml->reals * sizeof(double));
    if (!psi) {
        snprintf(r->err, r->err_len, "out of host memory reading a checkpoint");
        return -1;
    }
    hsize_t dims[1] = {(hsize_t)io->pml->reals};
    int rc = read_dataset(r, r->file, "pml", "pml", ckpt_real_type(c), 1, dims, psi);
    uint64_t stored = 0;
    if (rc == 0) {
        hid_t d = H5Dopen2(r->file, "pml", H5P_DEFAULT);
        const int bad = d < 0 || hio_read_u64(d, "checksum", &stored);
        if (d >= 0)
            H5Dclose(d);
        if (bad)
            rc = refuse(r, "the PML's checksum attribute is missing (corrupt)");
        else if (hio_hash(psi, n, 0) != stored)
            rc = refuse(r, "corrupt data: the PML's auxiliary fields do not match their checksum");
    }
    if (rc == 0 && c->real_size == sizeof(float)) /* widen in place, from the end */
        for (long i = io->pml->reals; i-- > 0;)
            psi[i] = ((const float *)psi)[i];
    for (long i = 0; rc == 0 && i < io->pml->reals; i++)
        if (!isfinite(psi[i]))
            rc = refuse(r, "the PML's auxiliary fields hold %g at entry %ld: a run never writes a value that is not "
                           "finite (the file was edited or is corrupt)", psi[i], i);
    if (rc == 0 && pml_load(io->pml, c, psi, 0, r->err, r->err_len))
        rc = -1;
    mem_free(psi);
    return rc;
}

struct range {
    int64_t offset;
    int box;
};

static int by_offset(const void *a, const void *b)
{
    const struct range *x = a, *y = b;
    return x->offset < y->offset ? -1 : x->offset > y->offset ? 1 : x->box - y->box;
}

/* The per-box datasets of a species, checked: room for each count, and the boxes' ranges of the
 * packed arrays tile [0, total) without gap or overlap. */
static int read_box_rows(struct reader *r, struct species *sp, const struct ctx *c, hid_t g, const char *where,
                         int64_t total, int nb, struct ckpt_box_rows *rows)
{
    char label[CFG_NAME_LEN + 64];
    struct range *order = mem_calloc((size_t)nb, sizeof *order);
    int rc = -1, n = 0;
    if (!order) {
        snprintf(r->err, r->err_len, "out of host memory reading '%s'", r->path);
        goto done;
    }
    for (int i = 0; i < BOX_SETS; i++) {
        hsize_t dims[2] = {(hsize_t)nb, (hsize_t)ckpt_box_sets[i].width};
        snprintf(label, sizeof label, "%s/%s", where, ckpt_box_sets[i].name);
        if (read_dataset(r, g, ckpt_box_sets[i].name, label, H5T_NATIVE_INT64, ckpt_box_sets[i].width ? 2 : 1, dims,
                         rows->set[i]))
            goto done;
    }
    const int64_t *count = rows->set[BOX_count], *offset = rows->set[BOX_OFFSET], *room = rows->set[BOX_ROOM];
    /* counters of particles (absorbed at each face, removed and injected by the moving window)
     * never go below zero */
    for (int i = 0; i < BOX_SETS; i++)
        for (size_t e = 0; ckpt_box_sets[i].at >= 0 && e < (size_t)nb * ckpt_box_width(i); e++)
            if (rows->set[i][e] < 0) {
                refuse(r, "species %s, box %zu: its %s entry %zu is %" PRId64 "; a count of particles cannot be "
                          "negative (the file was edited or is corrupt)", sp->cfg->name, e / ckpt_box_width(i),
                       ckpt_box_sets[i].name, e % ckpt_box_width(i), rows->set[i][e]);
                goto done;
            }
    /* and the run sums each over all boxes (particles_check, on every rank): past 2^53 no run
     * gets, and well before a sum would overflow */
    const double most = 9007199254740992.0;
    for (int i = 0; i < BOX_SETS; i++)
        for (size_t w = 0; ckpt_box_sets[i].at >= 0 && w < ckpt_box_width(i); w++) {
            double sum = 0;
            for (int b = 0; b < nb; b++)
                sum += (double)rows->set[i][(size_t)b * ckpt_box_width(i) + w];
            if (sum > most) {
                refuse(r, "species %s: its %s entries %zu add up to %.6g particles, more than 2^53; no run counts so "
                          "many (the file was edited or is corrupt)", sp->cfg->name, ckpt_box_sets[i].name, w, sum);
                goto done;
            }
        }
    for (int b = 0; b < nb; b++) {
        if (count[b] < 0 || room[2 * b] < count[b] || room[2 * b + 1] < 1) {
            refuse(r, "species %s, box %d: %" PRId64 " particles in room for %" PRId64 " (outbox %" PRId64
                      "); the file is corrupt",
                   sp->cfg->name, b, count[b], room[2 * b], room[2 * b + 1]);
            goto done;
        }
        if (count[b] > 0)
            order[n++] = (struct range){offset[b], b};
    }
    /* the room of all boxes together fits in the device memory this run may take, so that no
     * sum of rooms overflows and no allocation is asked for what no device has */
    const double slot_bytes = (double)particles_slot_bytes(c->cfg);
    double slots = 0;
    for (int b = 0; b < nb; b++) {
        slots += (double)room[2 * b] + (double)room[2 * b + 1];
        if (slots * slot_bytes > (double)c->arena.limit) {
            refuse(r, "species %s, box %d: the boxes up to it have room for %.0f particles (box_room), %.3g bytes, "
                      "beyond the %.3g bytes of device memory this run may take (the file was edited or is corrupt)",
                   sp->cfg->name, b, slots, slots * slot_bytes, (double)c->arena.limit);
            goto done;
        }
    }
    qsort(order, (size_t)n, sizeof *order, by_offset);
    int64_t end = 0;
    for (int i = 0; i < n; i++) {
        const int b = order[i].box;
        if (offset[b] != end || offset[b] + count[b] > total) {
            refuse(r, "species %s: box %d's particles (%" PRId64 " from %" PRId64 ") do not follow on from the box "
                      "before them (which ends at %" PRId64 ") in the %" PRId64 " particles of the file (corrupt)",
                   sp->cfg->name, b, count[b], offset[b], end, total);
            goto done;
        }
        end += count[b];
    }
    if (end != total) {
        refuse(r, "species %s: its boxes hold %" PRId64 " particles but the file says %" PRId64 " (corrupt)",
               sp->cfg->name, end, total);
        goto done;
    }
    rc = 0;
done:
    mem_free(order);
    return rc;
}

/* Reads this rank's boxes' particles of array a into packed (in file order: `order`, the local
 * boxes by offset, which a union of ranges visits in that order) and writes each to its slots. */
static int restore_array(struct reader *r, struct species *sp, struct ctx *c, hid_t g, const char *where, int a,
                         const struct range *order, int n, long mine, int64_t total, char *packed, uint64_t *sums)
{
    const size_t elem = ckpt_array_elem(c, a);
    const int keep = particles_elem(c, (enum particle_array)a) != 0;
    char label[CFG_NAME_LEN + 32];
    snprintf(label, sizeof label, "%s/%s", where, ckpt_array_names[a]);
    if (H5Lexists(g, ckpt_array_names[a], H5P_DEFAULT) <= 0 && !keep)
        return 0; /* neither run stores it */
    if (H5Lexists(g, ckpt_array_names[a], H5P_DEFAULT) <= 0)
        return refuse(r, "%s is missing: the run that wrote it %s; this input needs them", label,
                      ckpt_array_kept(a) == PA_IF_IDS
                          ? "stored no particle ids (no full diagnostic wrote particles, particle_ids unset)"
                      : ckpt_array_kept(a) == PA_IF_LEVELS ? "had no ionizable species (no charge states)"
                                                           : "gave all particles of a species one weight");
    hsize_t dims = (hsize_t)total, count = (hsize_t)mine;
    hid_t d = open_checked(r, g, ckpt_array_names[a], label, 1, &dims);
    if (d < 0)
        return -1;
    int rc = 0;
    if (mine > 0) {
        hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &count, NULL);
        rc = fs < 0 || ms < 0 || H5Sselect_none(fs) < 0;
        for (int i = 0; rc == 0 && i < n; i++) {
            hsize_t start = (hsize_t)order[i].offset,
                    len = (hsize_t)sp->boxes_host[(size_t)order[i].box * BT_STRIDE + BT_COUNT];
            rc = H5Sselect_hyperslab(fs, H5S_SELECT_OR, &start, NULL, &len, NULL) < 0;
        }
        if (rc == 0)
            rc = H5Dread(d, ckpt_array_type(c, a), ms, fs, H5P_DEFAULT, packed) < 0;
        hio_close_transfer(H5I_INVALID_HID, fs, ms);
    }
    H5Dclose(d);
    if (rc)
        return read_failed(r, label);
    /* positions are cells of the domain, within the particle's box after every step; momenta
     * finite; weights finite and not negative; ids anything. In RZ x and y are Cartesian from the
     * axis (docs/rz.md), within r_max on either side (boxes along z only with particles). */
    const int axis = a - PA_X;
    const int rz_xy = c->cfg->geometry == CFG_GEOMETRY_RZ && (a == PA_X || a == PA_Y);
    size_t m = 0;
    for (int i = 0; i < n; i++) {
        const long *t = sp->boxes_host + (size_t)order[i].box * BT_STRIDE;
        const size_t len = (size_t)t[BT_COUNT] * elem;
        const int gid = gen_box_gid(&c->lay, order[i].box), *nbox = c->lay.nbox;
        const int at[3] = {gid % nbox[0], gid / nbox[0] % nbox[1], gid / (nbox[0] * nbox[1])};
        const double lo = rz_xy        ? -(double)c->lay.cells[0]
                          : a <= PA_Z  ? (double)at[axis] * c->lay.box[axis]
                          : a == PA_W  ? 0
                                       : -DBL_MAX;
        const double hi = rz_xy ? (double)c->lay.cells[0] : a <= PA_Z ? lo + c->lay.box[axis] : INFINITY;
        const long bad = a == PA_ID ? -1 : bad_real(c, packed + m, (size_t)t[BT_COUNT], lo, hi);
        if (bad >= 0) {
            const double v = real_at(c, packed + m, (size_t)bad);
            return refuse(r, "%s: particle %ld of box %d has %s = %g, %s (the file was edited or is corrupt)", label,
                          bad, gid, ckpt_array_names[a], v,
                          a <= PA_Z   ? "outside its box (positions are in cells of the domain)"
                          : a == PA_W ? "not a finite weight of zero or more"
                                      : "not finite");
        }
        sums[order[i].box] = hio_hash(packed + m, len, sums[order[i].box]);
        /* checked but not kept where this run does not store the attribute */
        cl_int cl = !keep ? CL_SUCCESS
                          : clEnqueueWriteBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, (size_t)t[BT_START] * elem,
                                                 len, packed + m, 0, NULL, NULL);
        if (cl != CL_SUCCESS) {
            snprintf(r->err, r->err_len, "writing particles to the device failed: %s", device_error_name(cl));
            return -1;
        }
        m += len;
    }
    for (int b = 0; b < c->lay.n_local; b++) /* as the writer hashed them */
        if (sp->boxes_host[(size_t)b * BT_STRIDE + BT_COUNT] == 0)
            sums[b] = hio_hash(packed, 0, sums[b]);
    return 0;
}

/* Replaces species i, loaded from the input, by the checkpoint's: room for this rank's boxes as
 * the interrupted run had it, then each box's particles and absorbed counters. Collective. */
static int restore_species(struct reader *r, struct io_state *io, int i)
{
    struct ctx *c = io->ctx;
    struct species *sp = &io->species[i];
    const struct gen_layout *lay = &c->lay;
    const int nb = lay->n_boxes, nl = lay->n_local;
    char where[CFG_NAME_LEN + 16], label[CFG_NAME_LEN + 32];
    snprintf(where, sizeof where, "species/%s", sp->cfg->name);
    hid_t g = H5I_INVALID_HID;
    struct ckpt_box_rows rows;
    const int no_rows = ckpt_box_rows_alloc(&rows, nb);
    uint64_t *stored = mem_calloc((size_t)nb, sizeof *stored);
    uint64_t *sums = mem_calloc((size_t)nl, sizeof *sums);
    long *count = mem_calloc((size_t)nl * 3, sizeof *count), *room = count + nl;
    struct range *order = mem_calloc((size_t)nl, sizeof *order);
    int64_t total = 0;
    long mine = 0;
    int rc = -1, n = 0;
    if (no_rows || !stored || !sums || !count || !order) {
        snprintf(r->err, r->err_len, "out of host memory reading '%s'", r->path);
        goto agreed;
    }
    if (H5Lexists(r->file, "species", H5P_DEFAULT) <= 0 || H5Lexists(r->file, where, H5P_DEFAULT) <= 0 ||
        (g = H5Gopen2(r->file, where, H5P_DEFAULT)) < 0) {
        refuse(r, "it has no particles of species '%s' (the species of this input differ, or it is corrupt)",
               sp->cfg->name);
        goto agreed;
    }
    if (hio_read_i64(g, "particles", &total) || total < 0) {
        refuse(r, "species %s: the particles attribute is missing (corrupt)", sp->cfg->name);
        goto agreed;
    }
    hsize_t nbh = (hsize_t)nb;
    snprintf(label, sizeof label, "%s/checksum", where);
    if (read_box_rows(r, sp, c, g, where, total, nb, &rows) ||
        read_dataset(r, g, "checksum", label, H5T_NATIVE_UINT64, 1, &nbh, stored))
        goto agreed;
    for (int b = 0; b < nl; b++) {
        const int gid = gen_box_gid(lay, b);
        count[b] = rows.set[BOX_count][gid];
        room[2 * b] = rows.set[BOX_ROOM][2 * gid];
        room[2 * b + 1] = rows.set[BOX_ROOM][2 * gid + 1];
        mine += count[b];
        if (count[b] > 0)
            order[n++] = (struct range){rows.set[BOX_OFFSET][gid], b};
    }
    qsort(order, (size_t)n, sizeof *order, by_offset);
    rc = 0;
agreed:
    if (agree(r, rc))
        goto done;
    rc = -1;
    particles_destroy(sp, c);
    if (agree(r, particles_create_room(sp, c, io->fields, i, count, room, r->err, r->err_len)))
        goto done;
    char *packed = hio_staging_get(io->staging, (size_t)mine * 8 + 8);
    int failed = !packed;
    if (failed)
        snprintf(r->err, r->err_len, "out of host memory reading '%s'", r->path);
    for (int a = 0; !failed && a < PA_ATTRS; a++)
        failed = restore_array(r, sp, c, g, where, a, order, n, mine, total, packed, sums) != 0;
    for (int b = 0; !failed && b < nl; b++) {
        const int gid = gen_box_gid(lay, b);
        if (sums[b] != stored[gid]) {
            failed = refuse(r, "corrupt data: the particles of species %s in box %d do not match their checksum "
                               "(stored %016" PRIx64 ", computed %016" PRIx64 ")",
                            sp->cfg->name, gid, stored[gid], sums[b]);
            break;
        }
        long *t = sp->boxes_host + (size_t)b * BT_STRIDE;
        for (int k = 0; k < BOX_SETS; k++) /* the box's state (its count is there already) */
            for (int e = 0; ckpt_box_sets[k].at >= 0 && e < (int)ckpt_box_width(k); e++)
                t[ckpt_box_sets[k].at + e] = (long)rows.set[k][ckpt_box_width(k) * (size_t)gid + (size_t)e];
    }
    if (!failed) {
        const size_t table = sizeof(long) * BT_STRIDE * (size_t)nl;
        cl_int cl = clEnqueueWriteBuffer(c->dev->queue, sp->boxes.mem, CL_TRUE, 0, table, sp->boxes_host, 0, NULL,
                                         NULL);
        if (cl != CL_SUCCESS) {
            snprintf(r->err, r->err_len, "writing the box table to the device failed: %s", device_error_name(cl));
            failed = 1;
        }
    }
    if (agree(r, failed) || particles_check(sp, c, NULL, r->err, r->err_len))
        goto done;
    rc = 0;
done:
    ckpt_box_rows_free(&rows);
    mem_free(stored);
    mem_free(sums);
    mem_free(count);
    mem_free(order);
    if (g >= 0)
        H5Gclose(g);
    return rc;
}

int ckpt_check_header(const struct io_state *io, const char *path, long *step, char *err, size_t err_len)
{
    struct reader r = {.path = path, .file = H5I_INVALID_HID, .comm = NULL, .err = err, .err_len = err_len};
    char why[1024];
    double time = 0, gauss_scale = 0;
    if (hio_open_read(path, &r.file, why, sizeof why)) {
        snprintf(err, err_len, "--restart: %s", why);
        return -1;
    }
    int rc = check_header(&r, io, step, &time, &gauss_scale);
    H5Fclose(r.file);
    return rc;
}

int ckpt_load(struct io_state *io, const char *path, char *err, size_t err_len)
{
    struct reader r = {.path = path, .file = H5I_INVALID_HID, .comm = io->ctx->comm, .err = err, .err_len = err_len};
    char why[1024];
    long step = 0;
    double time = 0, gauss_scale = 0;
    int rc = 0;
    if (hio_open_read(path, &r.file, why, sizeof why)) {
        snprintf(err, err_len, "--restart: %s", why);
        rc = -1;
    }
    if (rc == 0)
        rc = check_header(&r, io, &step, &time, &gauss_scale) || restore_fields(&r, io) ||
             (io->pml->n && restore_pml(&r, io));
    int64_t written_by = 1;
    if (rc == 0 && hio_read_i64(r.file, "ranks", &written_by))
        rc = refuse(&r, "the ranks attribute is missing or unreadable (corrupt)");
    rc = agree(&r, rc);
    for (int i = 0; rc == 0 && i < io->n_species; i++)
        rc = restore_species(&r, io, i);
    if (r.file >= 0)
        H5Fclose(r.file);
    if (rc)
        return -1;
    io->step = step;
    io->time = time;
    /* the moving window is where sim_step left it at this step (the box tables hold its counts);
     * its kernels take the species' new arrays */
    io->window->shifts = window_shifts_at(io->ctx->cfg, &io->ctx->lay, (double)step * io->ctx->cfg->dt);
    window_destroy(io->window);
    if (window_create(io->window, io->ctx, io->fields, io->species, io->n_species, err, err_len))
        return -1;
    io->fields->gauss_scale = gauss_scale;
    const int ranks = io->ctx->comm ? io->ctx->comm->size : 1;
    if (ranks != (int)written_by)
        log_info("continuing from %s at step %ld (t = %.6e s), written on %" PRId64 " rank%s, now on %d", path, step,
                 time, written_by, written_by == 1 ? "" : "s", ranks);
    else
        log_info("continuing from %s at step %ld (t = %.6e s)", path, step, time);
    return 0;
}
