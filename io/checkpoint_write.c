/* checkpoint_write.c: writing a checkpoint. Every rank writes its own boxes into one file
 * (parallel HDF5): the field buffer by global box, and each species' particles packed box by box,
 * rank after rank, with each box's state (its count, absorbed and moving-window counters), its
 * offset into the packed arrays and its room. So any decomposition of the same boxes can find a
 * box's particles, and a restart may run on another number of ranks (checkpoint_read.c). */
#include "checkpoint.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

#include "btd.h"
#include "checkpoint_format.h"
#include "log.h"
#include "mem.h"

static int h5fail(const char *path, const char *what, char *err, size_t err_len)
{
    char why[512];
    hio_reason(why, sizeof why);
    snprintf(err, err_len, "checkpoint '%s': %s failed%s%s", path, what, why[0] ? ": " : "", why);
    return -1;
}

/* A per-box dataset, [n_boxes] (row 0) or [n_boxes][row], of which this rank writes its boxes'
 * entries from `mine` ([n_local] or [n_local][row], slot order). Collective. */
static int write_by_box(hid_t parent, const char *name, hid_t type, const struct gen_layout *lay, hsize_t row,
                        const void *mine, hid_t dxpl)
{
    hsize_t dims[2] = {(hsize_t)lay->n_boxes, row}, n = (hsize_t)lay->n_local * (row ? row : 1);
    hid_t d = hio_make_dataset(parent, name, type, row ? 2 : 1, dims);
    if (d < 0)
        return -1;
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &n, NULL);
    int rc = fs < 0 || ms < 0 || ckpt_select_my_boxes(fs, lay, 0, row) || hio_write(d, type, ms, fs, dxpl, mine) < 0;
    hio_close_transfer(d, fs, ms);
    return rc ? -1 : 0;
}

/* The field buffer, [component][global box][cell with guards]: this rank's buffer
 * [component][local box][cell] lands on the rows of its boxes. */
static int write_fields(const struct io_state *io, struct hio_file *f, double *bytes, char *err, size_t err_len)
{
    struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    const int comps = ckpt_field_comps(c);
    const size_t real = c->real_size, n = (size_t)comps * (size_t)lay->comp_stride;
    char *host = hio_staging_get(io->staging, n * real);
    uint64_t *sums = mem_calloc((size_t)lay->n_local, sizeof *sums);
    if (!host || !sums) {
        mem_free(sums);
        snprintf(err, err_len, "out of host memory for a checkpoint of the fields (%zu bytes)", n * real);
        return -1;
    }
    cl_int cl = clEnqueueReadBuffer(c->dev->queue, io->fields->buf.mem, CL_TRUE, 0, n * real, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        mem_free(sums);
        snprintf(err, err_len, "reading the fields from the device failed: %s", device_error_name(cl));
        return -1;
    }
    for (int b = 0; b < lay->n_local; b++)
        sums[b] = ckpt_box_fields_hash(c, host, b);
    hsize_t dims[3] = {(hsize_t)comps, (hsize_t)lay->n_boxes, (hsize_t)lay->box_stride};
    hsize_t mine[3] = {(hsize_t)comps, (hsize_t)lay->n_local, (hsize_t)lay->box_stride};
    hid_t d = hio_make_dataset(f->id, "fields", ckpt_real_type(c), 3, dims);
    hid_t fs = d < 0 ? H5I_INVALID_HID : H5Dget_space(d), ms = H5Screate_simple(3, mine, NULL);
    int rc = d < 0 || fs < 0 || ms < 0 || ckpt_select_my_boxes(fs, lay, (hsize_t)comps, (hsize_t)lay->box_stride) ||
             hio_write(d, ckpt_real_type(c), ms, fs, f->dxpl, host) < 0;
    hio_close_transfer(d, fs, ms);
    *bytes += (double)(n * real);
    if (rc == 0)
        rc = write_by_box(f->id, "fields_checksum", H5T_NATIVE_UINT64, lay, 0, sums, f->dxpl);
    mem_free(sums);
    return rc ? h5fail(f->partial, "writing the fields", err, err_len) : 0;
}

/* The PML's auxiliary fields: one array of the whole layers (they are not cut into boxes), the
 * sum of the ranks' parts (each rank holds its own boxes' cells, zeros elsewhere), written by
 * rank 0 in the run's precision, with its checksum. */
static int write_pml(const struct io_state *io, struct hio_file *f, double *bytes, char *err, size_t err_len)
{
    struct ctx *c = io->ctx;
    const size_t n = (size_t)io->pml->reals * c->real_size;
    double *psi = NULL;
    if (pml_gather(io->pml, c, &psi, err, err_len))
        return -1;
    if (c->real_size == sizeof(float)) /* narrow in place, from the start */
        for (long i = 0; i < io->pml->reals; i++)
            ((float *)psi)[i] = (float)psi[i];
    hsize_t dims[1] = {(hsize_t)io->pml->reals};
    hid_t d = hio_make_dataset(f->id, "pml", ckpt_real_type(c), 1, dims);
    hid_t fs = d < 0 ? H5I_INVALID_HID : H5Dget_space(d);
    int rc = d < 0 || fs < 0 || (hio_rank() != 0 && H5Sselect_none(fs) < 0);
    if (rc == 0)
        rc = hio_write(d, ckpt_real_type(c), fs, fs, f->dxpl, psi) < 0;
    const uint64_t sum = hio_hash(psi, n, 0); /* the same on every rank */
    if (rc == 0)
        rc = hio_attr_u64(d, "checksum", sum);
    if (fs >= 0)
        H5Sclose(fs);
    if (d >= 0)
        H5Dclose(d);
    mem_free(psi);
    if (hio_rank() == 0)
        *bytes += (double)n;
    return rc ? h5fail(f->partial, "writing the PML", err, err_len) : 0;
}

/* One species: its arrays (x, y, z, ux, uy, uz, w, id) packed by box, this rank's boxes after those
 * of the ranks before it; per box its state, offset and room, and a checksum. */
static int write_species(const struct io_state *io, struct species *sp, struct hio_file *f, double *bytes, char *err,
                         size_t err_len)
{
    struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    const int nl = lay->n_local;
    if (particles_check(sp, c, NULL, err, err_len))
        return -1;
    const size_t slots = (size_t)sp->slots;
    long mine = 0;
    for (int b = 0; b < nl; b++)
        mine += sp->boxes_host[(size_t)b * BT_STRIDE + BT_COUNT];
    long offset = 0, total = mine;
    if (hio_mpi()) {
        MPI_Exscan(&mine, &offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (hio_rank() == 0)
            offset = 0;
        MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    /* the device's arrays, then the packed particles */
    char *raw = hio_staging_get(io->staging, slots * 8 + (size_t)mine * 8);
    uint64_t *sums = mem_calloc((size_t)nl, sizeof *sums);
    struct ckpt_box_rows rows;
    if (ckpt_box_rows_alloc(&rows, nl) || !raw || !sums) {
        mem_free(sums);
        ckpt_box_rows_free(&rows);
        snprintf(err, err_len, "species %s: out of host memory for a checkpoint", sp->cfg->name);
        return -1;
    }
    long at = offset;
    for (int b = 0; b < nl; b++) {
        const long *t = sp->boxes_host + (size_t)b * BT_STRIDE;
        for (int i = 0; i < BOX_SETS; i++) /* the box's state */
            for (int e = 0; ckpt_box_sets[i].at >= 0 && e < (int)ckpt_box_width(i); e++)
                rows.set[i][ckpt_box_width(i) * (size_t)b + (size_t)e] = t[ckpt_box_sets[i].at + e];
        rows.set[BOX_OFFSET][b] = at;
        rows.set[BOX_ROOM][2 * b] = t[BT_CAP];
        rows.set[BOX_ROOM][2 * b + 1] = t[BT_OUT_CAP];
        at += t[BT_COUNT];
    }
    char *packed = raw + slots * 8;
    char where[CFG_NAME_LEN + 16];
    snprintf(where, sizeof where, "species/%s", sp->cfg->name);
    hid_t g = hio_group(f->id, where);
    int rc = g < 0 || hio_attr_i64(g, "particles", total);
    for (int i = 0; rc == 0 && i < BOX_SETS; i++)
        rc = write_by_box(g, ckpt_box_sets[i].name, H5T_NATIVE_INT64, lay, (hsize_t)ckpt_box_sets[i].width, rows.set[i],
                          f->dxpl);
    for (int a = 0; rc == 0 && a < PA_ATTRS; a++) {
        const size_t elem = ckpt_array_elem(c, a);
        if (!particles_elem(c, (enum particle_array)a))
            continue; /* an attribute the run does not store: a species' one weight, or no ids */
        cl_int cl = clEnqueueReadBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, 0, slots * elem, raw, 0, NULL, NULL);
        if (cl != CL_SUCCESS) {
            mem_free(sums);
            ckpt_box_rows_free(&rows);
            H5Gclose(g);
            snprintf(err, err_len, "species %s: reading %s from the device failed: %s", sp->cfg->name,
                     ckpt_array_names[a], device_error_name(cl));
            return -1;
        }
        size_t m = 0;
        for (int b = 0; b < nl; b++) {
            const long *t = sp->boxes_host + (size_t)b * BT_STRIDE;
            size_t len = (size_t)t[BT_COUNT] * elem;
            memcpy(packed + m, raw + (size_t)t[BT_START] * elem, len);
            sums[b] = hio_hash(packed + m, len, sums[b]);
            m += len;
        }
        hid_t type = ckpt_array_type(c, a);
        hsize_t dims = (hsize_t)total, start = (hsize_t)offset, count = (hsize_t)mine, one = 1;
        hid_t d = hio_make_dataset(g, ckpt_array_names[a], type, 1, &dims);
        hid_t fs = d < 0 ? H5I_INVALID_HID : H5Dget_space(d);
        hid_t ms = H5Screate_simple(1, mine ? &count : &one, NULL);
        rc = d < 0 || fs < 0 || ms < 0;
        if (rc == 0 && total > 0) { /* a rank without particles still takes part, selecting none */
            rc = (mine ? H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL)
                       : (H5Sselect_none(fs) < 0 ? -1 : H5Sselect_none(ms))) < 0;
            if (rc == 0)
                rc = hio_write(d, type, ms, fs, f->dxpl, packed) < 0;
        }
        *bytes += (double)m;
        hio_close_transfer(d, fs, ms);
    }
    if (rc == 0)
        rc = write_by_box(g, "checksum", H5T_NATIVE_UINT64, lay, 0, sums, f->dxpl);
    mem_free(sums);
    ckpt_box_rows_free(&rows);
    if (g >= 0)
        H5Gclose(g);
    return rc ? h5fail(f->partial, "writing the particles", err, err_len) : 0;
}

static int layout_attrs(const struct io_state *io, hid_t root)
{
    const struct ctx *c = io->ctx;
    const struct gen_layout *lay = &c->lay;
    char date[64];
    hio_date(date, sizeof date);
    int counts[3] = {(int)c->real_size, lay->ng, ckpt_field_comps(c)};
    return hio_attr_string(root, "format", CKPT_MAGIC) | hio_attr_i64(root, "format_version", CKPT_FORMAT_VERSION) |
           hio_attr_string(root, "picl_version", PICL_VERSION) | hio_attr_string(root, "date", date) |
           hio_attr_u64(root, "input_hash", c->cfg->input_hash) |
           hio_attr_string(root, "input_path", c->cfg->input_path) | hio_attr_i64(root, "step", io->step) |
           hio_attr_double(root, "time", io->time) | hio_attr_double(root, "dt", c->cfg->dt) |
           hio_attr_ints(root, "cells", lay->cells, 3) | hio_attr_ints(root, "box", lay->box, 3) |
           hio_attr_ints(root, "boxes", lay->nbox, 3) |
           hio_attr_ints(root, "real_bytes_guards_components", counts, 3) |
           hio_attr_i64(root, "species", io->n_species) | hio_attr_i64(root, "ranks", lay->n_ranks) |
           hio_attr_double(root, "gauss_scale", io->fields->gauss_scale);
}


static void remove_old(const struct cfg_checkpoint *ck)
{
    if (hio_rank() != 0)
        return;
    long *steps = mem_alloc(sizeof(long) * CKPT_MAX_LISTED);
    int n = steps ? ckpt_list(ck->dir, steps, CKPT_MAX_LISTED) : 0;
    for (int i = ck->keep; i < n; i++) {
        char path[CFG_PATH_LEN + 64];
        snprintf(path, sizeof path, "%s/" CKPT_PREFIX "%06ld.h5", ck->dir, steps[i]);
        if (remove(path) == 0)
            log_debug("removed the old checkpoint %s (keep = %d)", path, ck->keep);
    }
    mem_free(steps);
}

int ckpt_save(const struct io_state *io, double *bytes, char *path_out, size_t path_len, char *err, size_t err_len)
{
    const struct cfg_checkpoint *ck = &io->ctx->cfg->checkpoint;
    char path[CFG_PATH_LEN + 64];
    snprintf(path, sizeof path, "%s/" CKPT_PREFIX "%06ld.h5", ck->dir, io->step);
    struct hio_file f;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (hio_mkdirs(ck->dir, err, err_len) || hio_create(&f, path, 1, err, err_len))
        return -1;
    double written = 0;
    int rc = layout_attrs(io, f.id) ? h5fail(f.partial, "writing attributes", err, err_len) : 0;
    if (rc == 0)
        rc = write_fields(io, &f, &written, err, err_len);
    if (rc == 0 && io->pml->n)
        rc = write_pml(io, &f, &written, err, err_len);
    for (int i = 0; rc == 0 && i < io->n_species; i++)
        rc = write_species(io, &io->species[i], &f, &written, err, err_len);
    if (rc == 0 && io->btd)
        rc = btd_checkpoint(io->btd, &f, err, err_len);
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

