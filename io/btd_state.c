/* btd_state.c: the back-transformed diagnostics' part of a checkpoint (btd_impl.h): what a run
 * that continues needs to finish the snapshots the checkpoint's run began, in the group /btd:
 * the last BTD_LEVELS steps' E and B with their times and windows, the counters, and per
 * snapshot whether it is written, its slices (values and which are filled) and its particles
 * so far. Rank 0 writes what every rank holds alike (E and B are summed over ranks, the slices
 * come from them); each rank writes its particles' range, and a continued run gives them all to
 * its rank 0, which writes the snapshots' particles as every rank's (any number of ranks). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "btd.h"
#include "btd_impl.h"
#include "mem.h"
#include "mesh_file.h"
#include "opmd_parts.h"

/* The counters a continued run carries on: their attribute names and places in struct btd. */
static const struct {
    const char *name;
    size_t at;
} counters[] = {{"pending", offsetof(struct btd, pending)}, {"before_start", offsetof(struct btd, before_start)},
                {"outside", offsetof(struct btd, outside)}, {"reads", offsetof(struct btd, reads)},
                {"skips", offsetof(struct btd, skips)}};
enum { N_COUNTERS = sizeof counters / sizeof *counters };

/* The group of diagnostic i's snapshot s in /btd. */
static void snap_group_name(int i, int s, char name[32])
{
    snprintf(name, 32, "d%d_s%d", i, s);
}

/* A 1D dataset of n doubles from rank 0's data (every rank holds the same). */
static int save_doubles(struct hio_file *f, hid_t g, const char *name, const double *v, size_t n)
{
    const hsize_t dims = (hsize_t)n;
    hid_t d = hio_make_dataset(g, name, H5T_NATIVE_DOUBLE, 1, &dims);
    int bad = d < 0 || meshf_write_rank0(f, d, 1, &dims, v) != 0;
    if (d >= 0)
        H5Dclose(d);
    return bad;
}

/* Each rank's n elements of `type` after those of the ranks before it. */
static int save_range(struct hio_file *f, hid_t g, const char *name, hid_t type, const void *v, long n, long per)
{
    long offset, total;
    opart_range(n, &offset, &total);
    const hsize_t dims = (hsize_t)(total * per);
    hid_t d = hio_make_dataset(g, name, type, 1, &dims);
    int bad = d < 0 || (total > 0 && opart_write_range(f, d, type, (hsize_t)(offset * per), (hsize_t)(n * per), v));
    if (d >= 0)
        H5Dclose(d);
    return bad;
}

static int save_snap(const struct btd *b, const struct btd_diag *d, const struct btd_snap *sn, struct hio_file *f,
                     hid_t g)
{
    int bad = hio_attr_i64(g, "written", sn->written) | hio_attr_i64(g, "left", sn->left) |
              hio_attr_i64(g, "started", sn->val != NULL);
    if (bad || sn->written)
        return bad;
    if (sn->val) {
        const size_t n = 6 * (size_t)d->cfg->cells;
        double *done = mem_alloc(n * sizeof *done);
        if (!done)
            return -1;
        for (size_t i = 0; i < n; i++)
            done[i] = sn->done[i];
        bad = save_doubles(f, g, "val", sn->val, 6 * b->out_cells) || save_doubles(f, g, "done", done, n);
        mem_free(done);
    }
    for (int s = 0; s < CFG_MAX_SPECIES && !bad; s++) {
        if (!(d->cfg->species & (1u << s)))
            continue;
        char name[32];
        snprintf(name, sizeof name, "particles_%d", s);
        bad = save_range(f, g, name, H5T_NATIVE_DOUBLE, sn->parts[s].v, sn->parts[s].n, BTD_PART);
        snprintf(name, sizeof name, "ids_%d", s);
        bad = bad || save_range(f, g, name, H5T_NATIVE_UINT64, sn->parts[s].id, sn->parts[s].n, 1);
    }
    return bad;
}

int btd_checkpoint(const struct btd *b, struct hio_file *f, char *err, size_t err_len)
{
    hid_t g = hio_group(f->id, "btd");
    int bad = g < 0;
    for (int i = 0; i < N_COUNTERS && !bad; i++)
        bad = hio_attr_i64(g, counters[i].name, *(const long *)((const char *)b + counters[i].at));
    bad = bad || hio_attr_i64(g, "n_lev", b->n_lev) || hio_attr_double(g, "next_due", b->next_due) ||
          save_doubles(f, g, "level_t", b->t, BTD_LEVELS) || save_doubles(f, g, "level_lo", b->lo, BTD_LEVELS);
    for (int l = 0; l < b->n_lev && !bad; l++) {
        char name[16];
        snprintf(name, sizeof name, "F%d", l);
        bad = save_doubles(f, g, name, b->F[l], 6 * b->cells);
    }
    for (int i = 0; i < b->n && !bad; i++)
        for (int s = 0; s < b->diag[i].cfg->n_times && !bad; s++) {
            char name[32];
            snap_group_name(i, s, name);
            hid_t sg = hio_group(g, name);
            bad = sg < 0 || save_snap(b, &b->diag[i], &b->diag[i].snap[s], f, sg);
            if (sg >= 0)
                H5Gclose(sg);
        }
    if (g >= 0)
        H5Gclose(g);
    if (bad)
        snprintf(err, err_len, "diagnostics.back_transformed: writing its state into the checkpoint failed");
    return bad ? -1 : 0;
}

/* Reads dataset `name` of exactly n elements of `type`; -1 when it is missing or of another size. */
static int load_exact(hid_t g, const char *name, hid_t type, void *out, size_t n)
{
    hid_t d = H5Dopen2(g, name, H5P_DEFAULT);
    if (d < 0)
        return -1;
    hid_t space = H5Dget_space(d);
    const hssize_t have = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    int bad = have != (hssize_t)n || (n > 0 && H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0);
    if (space >= 0)
        H5Sclose(space);
    H5Dclose(d);
    return bad ? -1 : 0;
}

/* The snapshot's particles of species s from every rank of the writing run (rank 0 only). */
static int load_parts(hid_t g, int s, struct btd_parts *p)
{
    char name[32], ids[32];
    snprintf(name, sizeof name, "particles_%d", s);
    snprintf(ids, sizeof ids, "ids_%d", s);
    hid_t d = H5Dopen2(g, ids, H5P_DEFAULT);
    if (d < 0)
        return -1;
    hid_t space = H5Dget_space(d);
    const hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    if (space >= 0)
        H5Sclose(space);
    H5Dclose(d);
    if (n < 0)
        return -1;
    p->v = mem_alloc((size_t)(n > 0 ? n : 1) * BTD_PART * sizeof *p->v);
    p->id = mem_alloc((size_t)(n > 0 ? n : 1) * sizeof *p->id);
    if (!p->v || !p->id)
        return -1;
    p->n = p->cap = (long)n;
    return load_exact(g, name, H5T_NATIVE_DOUBLE, p->v, (size_t)n * BTD_PART) ||
           load_exact(g, ids, H5T_NATIVE_UINT64, p->id, (size_t)n);
}

static int load_snap(struct btd *b, struct btd_diag *d, struct btd_snap *sn, hid_t g, int rank0)
{
    int64_t written, left, started;
    if (hio_read_i64(g, "written", &written) || hio_read_i64(g, "left", &left) || hio_read_i64(g, "started", &started))
        return -1;
    sn->written = (int)written;
    sn->left = left;
    if (written)
        return 0;
    if (started) {
        const size_t n = 6 * (size_t)d->cfg->cells;
        double *done = mem_alloc(n * sizeof *done);
        sn->val = mem_calloc(6 * b->out_cells, sizeof(double));
        sn->done = mem_calloc(n, 1);
        int bad = !done || !sn->val || !sn->done || load_exact(g, "val", H5T_NATIVE_DOUBLE, sn->val, 6 * b->out_cells) ||
                  load_exact(g, "done", H5T_NATIVE_DOUBLE, done, n);
        for (size_t i = 0; !bad && i < n; i++)
            sn->done[i] = done[i] != 0;
        mem_free(done);
        if (bad)
            return -1;
    }
    for (int s = 0; s < CFG_MAX_SPECIES && rank0; s++)
        if ((d->cfg->species & (1u << s)) && load_parts(g, s, &sn->parts[s]))
            return -1;
    return 0;
}

int btd_load(struct btd *b, const char *path, char *err, size_t err_len)
{
    char why[512];
    hid_t file;
    if (hio_open_read(path, &file, why, sizeof why)) {
        snprintf(err, err_len, "diagnostics.back_transformed: %s", why);
        return -1;
    }
    const int rank0 = !b->ctx->comm || b->ctx->comm->rank == 0;
    hid_t g = H5Lexists(file, "btd", H5P_DEFAULT) > 0 ? H5Gopen2(file, "btd", H5P_DEFAULT) : H5I_INVALID_HID;
    int bad = g < 0;
    if (bad)
        snprintf(err, err_len, "diagnostics.back_transformed: %s holds no state of them (a checkpoint of a run "
                               "without back-transformed diagnostics, or of an older picl); expected one written "
                               "by this input", path);
    int64_t v;
    for (int i = 0; i < N_COUNTERS && !bad; i++) {
        bad = hio_read_i64(g, counters[i].name, &v);
        *(long *)((char *)b + counters[i].at) = (long)v;
    }
    bad = bad || hio_read_i64(g, "n_lev", &v) || hio_read_double(g, "next_due", &b->next_due);
    if (!bad)
        b->n_lev = (int)v;
    bad = bad || b->n_lev < 0 || b->n_lev > BTD_LEVELS || load_exact(g, "level_t", H5T_NATIVE_DOUBLE, b->t, BTD_LEVELS) ||
          load_exact(g, "level_lo", H5T_NATIVE_DOUBLE, b->lo, BTD_LEVELS);
    for (int l = 0; l < b->n_lev && !bad; l++) {
        char name[16];
        snprintf(name, sizeof name, "F%d", l);
        bad = load_exact(g, name, H5T_NATIVE_DOUBLE, b->F[l], 6 * b->cells);
    }
    for (int i = 0; i < b->n && !bad; i++)
        for (int s = 0; s < b->diag[i].cfg->n_times && !bad; s++) {
            char name[32];
            snap_group_name(i, s, name);
            hid_t sg = H5Lexists(g, name, H5P_DEFAULT) > 0 ? H5Gopen2(g, name, H5P_DEFAULT) : H5I_INVALID_HID;
            bad = sg < 0 || load_snap(b, &b->diag[i], &b->diag[i].snap[s], sg, rank0);
            if (sg >= 0)
                H5Gclose(sg);
        }
    if (bad && g >= 0)
        snprintf(err, err_len, "diagnostics.back_transformed: the state in %s is incomplete or of another input "
                               "(corrupt)", path);
    if (g >= 0)
        H5Gclose(g);
    H5Fclose(file);
    return bad ? -1 : 0;
}
