/* fuzz_checkpoint.c: libFuzzer harness of the whole checkpoint reader (ckpt_restore: header,
 * fields, species, box rows, checksums, the state checks): every file must be refused with a
 * message or give a run that takes a step. `make fuzz`.
 * The run it restarts is inputs/langmuir.lua with the --set options of
 * tests/fuzz/checkpoint_sets.txt (8 x 4 x 4 cells in 2 boxes, 4 steps), built once on the
 * default OpenCL device; `make fuzz` writes the seed checkpoint build-fuzz/seeds/checkpoint/seed.h5
 * (built, never tracked) from the same input and options, so an edited seed passes the input's hash.
 * Random bytes break HDF5's structure (and its metadata checksums), so an input is mostly a script
 * of edits that the harness makes through HDF5 to a copy of the seed; records of 15 bytes:
 *   op, target, selector, index (4 bytes), value (8 bytes)
 * op 0 sets an attribute's element (any object's; numbers, strings), 1 deletes an attribute,
 * 2 deletes a dataset, 3 sets a dataset's element, 4 writes a dataset again with other dimensions
 * or another type, 5 recomputes the checksums at the end (so edited data reach the state checks
 * behind them). The selector picks a value (NaN, infinities, huge, negative, zero, the old value
 * moved, or the raw bytes); at most 8 records count. An input longer than 512 bytes is a whole file. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint.h"
#include "checkpoint_format.h"
#include "device.h"
#include "log.h"
#include "sim.h"

static struct picl_config cfg;
static struct device dev;
static struct sim sim;
static double fresh_gauss_scale;
static char path[64];
static unsigned char *seed_bytes;
static size_t seed_size;

/* The seed's objects, listed once: datasets by path, attributes by object and name. */
#define MAX_OBJ 96
#define MAX_ATTR 160
static char datasets[MAX_OBJ][128];
static int n_datasets;
static struct {
    char obj[128], name[64];
} attrs[MAX_ATTR];
static int n_attrs;

static herr_t list_attr(hid_t obj, const char *name, const H5A_info_t *info, void *op)
{
    (void)obj;
    (void)info;
    if (n_attrs < MAX_ATTR && strlen(name) < sizeof attrs[0].name) {
        snprintf(attrs[n_attrs].obj, sizeof attrs[0].obj, "%s", (const char *)op);
        snprintf(attrs[n_attrs].name, sizeof attrs[0].name, "%s", name);
        n_attrs++;
    }
    return 0;
}

static herr_t list_link(hid_t g, const char *name, const H5L_info_t *info, void *op)
{
    (void)info;
    (void)op;
    hid_t o = H5Oopen(g, name, H5P_DEFAULT);
    if (o < 0)
        return 0;
    if (H5Iget_type(o) == H5I_DATASET && n_datasets < MAX_OBJ)
        snprintf(datasets[n_datasets++], sizeof datasets[0], "%s", name);
    char where[128];
    snprintf(where, sizeof where, "%s", name);
    H5Aiterate2(o, H5_INDEX_NAME, H5_ITER_INC, NULL, list_attr, where);
    H5Oclose(o);
    return 0;
}

static void list_seed(const char *seed)
{
    hid_t f = H5Fopen(seed, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0)
        return;
    H5Aiterate2(f, H5_INDEX_NAME, H5_ITER_INC, NULL, list_attr, ".");
    H5Lvisit(f, H5_INDEX_NAME, H5_ITER_INC, list_link, NULL);
    H5Fclose(f);
}

/* One record of an edit script. */
struct edit {
    unsigned op, target, sel;
    uint32_t index;
    unsigned char raw[8];
};

/* The value a selector makes of an old one. */
static double real_value(const struct edit *e, double old)
{
    static const double special[] = {NAN, INFINITY, -INFINITY, DBL_MAX, -DBL_MAX, 0.0, -0.0, -1.0,
                                     DBL_MIN, 5e-324, 1e300, 4.0, -4.0};
    const unsigned n = sizeof special / sizeof *special, k = e->sel % (n + 6);
    if (k < n)
        return special[k];
    double raw;
    memcpy(&raw, e->raw, sizeof raw);
    const double moved[] = {old * 2, old * (1 + 1e-9), old + 4, old - 4, -old, raw};
    return moved[k - n];
}

static int64_t int_value(const struct edit *e, int64_t old)
{
    static const int64_t special[] = {0, -1, 1, INT64_MAX, INT64_MIN, (int64_t)1 << 31, -((int64_t)1 << 31),
                                      (int64_t)1 << 40, 2, 3};
    const unsigned n = sizeof special / sizeof *special, k = e->sel % (n + 5);
    if (k < n)
        return special[k];
    int64_t raw;
    memcpy(&raw, e->raw, sizeof raw);
    const uint64_t u = (uint64_t)old; /* wrapping, as the file's bits would */
    const int64_t moved[] = {(int64_t)(u + 1), (int64_t)(u - 1), (int64_t)(u * 2), -(old & INT64_MAX), raw};
    return moved[k - n];
}

/* Reads all of an attribute or dataset (kind 'a' or 'd') as doubles or int64s by its class,
 * changes element index, writes it back. */
static void set_element(hid_t obj, int is_attr, const struct edit *e)
{
    hid_t type = is_attr ? H5Aget_type(obj) : H5Dget_type(obj);
    hid_t space = is_attr ? H5Aget_space(obj) : H5Dget_space(obj);
    const hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    const H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
    if (n > 0 && n < (1 << 22) && cls == H5T_STRING && is_attr && !H5Tis_variable_str(type)) {
        const size_t size = H5Tget_size(type) * (size_t)n;
        char *buf = calloc(size + 1, 1);
        if (buf && H5Aread(obj, type, buf) >= 0) {
            for (size_t i = 0; i < sizeof e->raw && i < size; i++)
                buf[(e->index + i) % size] = (char)e->raw[i];
            H5Awrite(obj, type, buf);
        }
        free(buf);
    } else if (n > 0 && n < (1 << 22) && (cls == H5T_FLOAT || cls == H5T_INTEGER)) {
        const hid_t native = cls == H5T_FLOAT ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT64;
        void *buf = calloc((size_t)n, 8);
        if (buf && (is_attr ? H5Aread(obj, native, buf) : H5Dread(obj, native, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf)) >= 0) {
            const size_t i = e->index % (size_t)n;
            if (cls == H5T_FLOAT)
                ((double *)buf)[i] = real_value(e, ((double *)buf)[i]);
            else
                ((int64_t *)buf)[i] = int_value(e, ((int64_t *)buf)[i]);
            if (is_attr)
                H5Awrite(obj, native, buf);
            else
                H5Dwrite(obj, native, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
        }
        free(buf);
    }
    if (space >= 0)
        H5Sclose(space);
    if (type >= 0)
        H5Tclose(type);
}

/* Writes dataset name again: other dimensions (one more or fewer, or one changed by -2..+2)
 * and/or another type, its old values copied as far as they go. */
static void reshape(hid_t file, const char *name, const struct edit *e)
{
    hid_t d = H5Dopen2(file, name, H5P_DEFAULT);
    if (d < 0)
        return;
    hid_t type = H5Dget_type(d), space = H5Dget_space(d);
    hsize_t dims[4] = {0, 0, 0, 0};
    int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
    const H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
    const hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    void *old = NULL;
    if (rank >= 0 && rank <= 3 && n >= 0 && n < (1 << 22) && (cls == H5T_FLOAT || cls == H5T_INTEGER)) {
        H5Sget_simple_extent_dims(space, dims, NULL);
        old = calloc((size_t)n + 1, 8);
        const hid_t native = cls == H5T_FLOAT ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT64;
        if (old && n > 0 && H5Dread(d, native, H5S_ALL, H5S_ALL, H5P_DEFAULT, old) < 0)
            memset(old, 0, (size_t)n * 8);
    }
    H5Dclose(d);
    if (old) {
        const int how = e->sel % 4, axis = rank > 0 ? (int)(e->index % (uint32_t)rank) : 0;
        if (how == 0 && rank < 3)
            dims[rank++] = 1 + e->raw[0] % 3;
        else if (how == 1 && rank > 0)
            rank--;
        else if (rank > 0) {
            const int delta = (int)(e->raw[0] % 5) - 2;
            dims[axis] = (hsize_t)((int64_t)dims[axis] + delta < 0 ? 0 : (int64_t)dims[axis] + delta);
        }
        static const hid_t *types[] = {&H5T_NATIVE_DOUBLE_g, &H5T_NATIVE_FLOAT_g, &H5T_NATIVE_INT64_g,
                                       &H5T_NATIVE_INT_g, &H5T_NATIVE_UINT64_g};
        const hid_t to = e->raw[1] % 2 ? *types[e->raw[2] % 5] : (cls == H5T_FLOAT ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT64);
        hsize_t m = 1;
        for (int i = 0; i < rank; i++)
            m *= dims[i];
        if (H5Ldelete(file, name, H5P_DEFAULT) >= 0 && m < (1 << 18)) { /* a few times the seed's largest */
            hid_t sp = H5Screate_simple(rank, dims, NULL);
            hid_t nd = sp >= 0 ? H5Dcreate2(file, name, to, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
            void *buf = calloc((size_t)m + 1, 8);
            if (nd >= 0 && buf && m > 0) {
                memcpy(buf, old, (size_t)(m < (hsize_t)n ? m : (hsize_t)n) * 8);
                H5Dwrite(nd, cls == H5T_FLOAT ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                         buf);
            }
            free(buf);
            if (nd >= 0)
                H5Dclose(nd);
            if (sp >= 0)
                H5Sclose(sp);
        }
        free(old);
    }
    if (space >= 0)
        H5Sclose(space);
    if (type >= 0)
        H5Tclose(type);
}

/* A whole dataset as `type` into a new buffer of its n elements (at least `need`); NULL when
 * it is missing, has another size or cannot be read. */
static void *read_all(hid_t g, const char *name, hid_t type, size_t elem, hsize_t need)
{
    if (H5Lexists(g, name, H5P_DEFAULT) <= 0)
        return NULL;
    hid_t d = H5Dopen2(g, name, H5P_DEFAULT);
    if (d < 0)
        return NULL;
    hid_t sp = H5Dget_space(d);
    const hssize_t n = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
    void *buf = n >= 0 && (hsize_t)n >= need && n < (1 << 24) ? calloc((size_t)n + 1, elem) : NULL;
    if (buf && n > 0 && H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0) {
        free(buf);
        buf = NULL;
    }
    if (sp >= 0)
        H5Sclose(sp);
    H5Dclose(d);
    return buf;
}

/* Writes the n elements at buf over dataset name, when it has n elements. */
static void write_all(hid_t g, const char *name, hid_t type, const void *buf, hssize_t n)
{
    hid_t d = H5Lexists(g, name, H5P_DEFAULT) > 0 ? H5Dopen2(g, name, H5P_DEFAULT) : -1;
    if (d < 0)
        return;
    hid_t sp = H5Dget_space(d);
    if (sp >= 0 && H5Sget_simple_extent_npoints(sp) == n)
        H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
    if (sp >= 0)
        H5Sclose(sp);
    H5Dclose(d);
}

/* The checksums again, as checkpoint_write.c computes them, from whatever the file now holds
 * (one rank: local box s is global box s). Parts that no longer fit are left alone. */
static void reseal(hid_t file)
{
    const struct ctx *c = &sim.ctx;
    const struct gen_layout *lay = &c->lay;
    const int nb = lay->n_boxes;
    uint64_t *sums = calloc((size_t)nb, sizeof *sums);
    char *host = read_all(file, "fields", ckpt_real_type(c), c->real_size, (hsize_t)FC_COUNT * (hsize_t)lay->comp_stride);
    if (sums && host) {
        for (int b = 0; b < nb; b++)
            sums[b] = ckpt_box_fields_hash(c, host, b);
        write_all(file, "fields_checksum", H5T_NATIVE_UINT64, sums, nb);
    }
    free(host);
    for (int i = 0; sums && i < cfg.n_species; i++) {
        char where[CFG_NAME_LEN + 16];
        snprintf(where, sizeof where, "species/%s", cfg.species[i].name);
        if (H5Lexists(file, "species", H5P_DEFAULT) <= 0 || H5Lexists(file, where, H5P_DEFAULT) <= 0)
            continue;
        hid_t g = H5Gopen2(file, where, H5P_DEFAULT);
        if (g < 0)
            continue;
        int64_t *count = read_all(g, "box_count", H5T_NATIVE_INT64, 8, (hsize_t)nb);
        int64_t *offset = read_all(g, "box_offset", H5T_NATIVE_INT64, 8, (hsize_t)nb);
        int ok = count && offset;
        memset(sums, 0, (size_t)nb * sizeof *sums);
        for (int a = 0; ok && a < PA_ATTRS; a++) {
            if (H5Lexists(g, ckpt_array_names[a], H5P_DEFAULT) <= 0)
                continue;
            const size_t elem = ckpt_array_elem(c, a);
            hid_t d = H5Dopen2(g, ckpt_array_names[a], H5P_DEFAULT);
            hid_t sp = d >= 0 ? H5Dget_space(d) : -1;
            const hssize_t n = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
            if (sp >= 0)
                H5Sclose(sp);
            if (d >= 0)
                H5Dclose(d);
            char *arr = n >= 0 ? read_all(g, ckpt_array_names[a], ckpt_array_type(c, a), elem, 0) : NULL;
            for (int b = 0; arr && ok && b < nb; b++) {
                if (count[b] < 0 || offset[b] < 0 || count[b] > n || offset[b] > n - count[b])
                    ok = 0;
                else
                    sums[b] = hio_hash(arr + (size_t)offset[b] * elem, (size_t)count[b] * elem, sums[b]);
            }
            ok = ok && arr;
            free(arr);
        }
        if (ok)
            write_all(g, "checksum", H5T_NATIVE_UINT64, sums, nb);
        free(count);
        free(offset);
        H5Gclose(g);
    }
    free(sums);
}

/* Writes the seed, edited by the script in data (its first MAX_EDITS records), to path; 0 when done. */
#define MAX_EDITS 8
static int edit_seed(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(seed_bytes, 1, seed_size, f) != seed_size) {
        if (f)
            fclose(f);
        return -1;
    }
    fclose(f);
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (file < 0)
        return -1;
    int sealed = 0;
    for (size_t at = 0; at < size && at < 15 * MAX_EDITS; at += 15) {
        unsigned char r[15] = {0};
        memcpy(r, data + at, size - at < sizeof r ? size - at : sizeof r);
        struct edit e = {.op = r[0] % 6, .target = r[1], .sel = r[2]};
        memcpy(&e.index, r + 3, 4);
        memcpy(e.raw, r + 7, 8);
        if (e.op == 0 && n_attrs) {
            const int i = (int)(e.target % (unsigned)n_attrs);
            hid_t a = H5Aopen_by_name(file, attrs[i].obj, attrs[i].name, H5P_DEFAULT, H5P_DEFAULT);
            if (a >= 0) {
                set_element(a, 1, &e);
                H5Aclose(a);
            }
        } else if (e.op == 1 && n_attrs) {
            const int i = (int)(e.target % (unsigned)n_attrs);
            H5Adelete_by_name(file, attrs[i].obj, attrs[i].name, H5P_DEFAULT);
        } else if (e.op == 2 && n_datasets) {
            H5Ldelete(file, datasets[e.target % (unsigned)n_datasets], H5P_DEFAULT);
        } else if (e.op == 3 && n_datasets) {
            hid_t d = H5Dopen2(file, datasets[e.target % (unsigned)n_datasets], H5P_DEFAULT);
            if (d >= 0) {
                set_element(d, 0, &e);
                H5Dclose(d);
            }
        } else if (e.op == 4 && n_datasets) {
            reshape(file, datasets[e.target % (unsigned)n_datasets], &e);
        } else if (e.op == 5) {
            sealed = 1;
        }
    }
    if (sealed)
        reseal(file);
    H5Fclose(file);
    return 0;
}

/* The --set options the seed was written with, one a line (the input's hash covers them, in
 * this order): tests/fuzz/checkpoint_sets.txt, which the Makefile's seed rule reads too. */
#define MAX_SETS 16
static char set_lines[MAX_SETS][256];
static const char *sets[MAX_SETS];

static int read_sets(const char *file)
{
    FILE *f = fopen(file, "r");
    int n = 0;
    if (!f)
        return -1;
    while (n < MAX_SETS && fgets(set_lines[n], sizeof set_lines[n], f)) {
        set_lines[n][strcspn(set_lines[n], "\n")] = 0;
        if (set_lines[n][0])
            sets[n] = set_lines[n], n++;
    }
    fclose(f);
    return n;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    static char err[65536];
    const char *root = getenv("PICL_ROOT");
    char input[4096], sets_path[4096], seed[4096];
    snprintf(input, sizeof input, "%s/inputs/langmuir.lua", root ? root : ".");
    snprintf(sets_path, sizeof sets_path, "%s/tests/fuzz/checkpoint_sets.txt", root ? root : ".");
    snprintf(seed, sizeof seed, "%s/build-fuzz/seeds/checkpoint/seed.h5", root ? root : ".");
    const int n_sets = read_sets(sets_path);
    if (n_sets < 0) {
        fprintf(stderr, "fuzz_checkpoint: cannot read %s\n", sets_path);
        exit(1);
    }
    log_set_level(LOG_ERROR);
    if (cfg_load(&cfg, input, sets, n_sets, err, sizeof err) || device_open(&dev, getenv("PICL_DEVICE"), err, sizeof err) ||
        sim_create(&sim, &cfg, &dev, err, sizeof err)) {
        fprintf(stderr, "fuzz_checkpoint: %s\n", err);
        exit(1);
    }
    fresh_gauss_scale = sim.fields.gauss_scale;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    list_seed(seed);
    FILE *in = fopen(seed, "rb");
    if (in && fseek(in, 0, SEEK_END) == 0) {
        long n = ftell(in);
        seed_bytes = n > 0 ? malloc((size_t)n) : NULL;
        if (seed_bytes && fseek(in, 0, SEEK_SET) == 0 && fread(seed_bytes, 1, (size_t)n, in) == (size_t)n)
            seed_size = (size_t)n;
    }
    if (in)
        fclose(in);
    if (!seed_size || !n_datasets || !n_attrs) {
        fprintf(stderr, "fuzz_checkpoint: cannot read the seed %s (make fuzz writes it)\n", seed);
        exit(1);
    }
    snprintf(path, sizeof path, "/tmp/picl_fuzz_checkpoint_%d.h5", (int)getpid());
    /* the seed itself must restart and step: otherwise every input is refused for nothing */
    char why[4096];
    FILE *sf = fopen(path, "wb");
    if (!sf || fwrite(seed_bytes, 1, seed_size, sf) != seed_size || fclose(sf) ||
        ckpt_restore(&sim, path, why, sizeof why) || sim_step(&sim, why, sizeof why)) {
        fprintf(stderr, "fuzz_checkpoint: the seed does not restart: %s\n", why);
        exit(1);
    }
    remove(path);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size <= 512) {
        if (edit_seed(data, size))
            return 0;
    } else {
        FILE *f = fopen(path, "wb");
        if (!f)
            return 0;
        fwrite(data, 1, size, f);
        fclose(f);
    }
    static char err[65536];
    sim.fields.gauss_scale = fresh_gauss_scale; /* what a fresh run computes */
    err[0] = 0;
    if (ckpt_restore(&sim, path, err, sizeof err) == 0) {
        /* accepted: the state must be one a run continues from */
        if (sim_step(&sim, err, sizeof err)) {
            fprintf(stderr, "fuzz_checkpoint: accepted a checkpoint whose first step fails: %s\n", err);
            abort();
        }
    } else if (!err[0]) {
        fprintf(stderr, "fuzz_checkpoint: refused without a message\n");
        abort();
    }
    remove(path);
    return 0;
}
