/* checkpoint_format.c: what the checkpoint writer and reader share: the per-box datasets, the
 * arrays' names and types in a file, the selection of a rank's boxes, the checksums, the listing. */
#include "checkpoint_format.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "mem.h"

#define STATE_SET(name, first, n) {"box_" #name, (n) > 1 ? (n) : 0, first},
const struct ckpt_box_set ckpt_box_sets[BOX_SETS] = {PICL_BOX_STATE(STATE_SET){"box_offset", 0, -1},
                                                     {"box_room", 2, -1}};
#undef STATE_SET

#define ARRAY_NAME(E, name, param, type, kept) #name,
const char *const ckpt_array_names[PA_ATTRS] = {PICL_PARTICLE_ARRAYS(ARRAY_NAME)};
#undef ARRAY_NAME

size_t ckpt_box_width(int i) { return ckpt_box_sets[i].width ? (size_t)ckpt_box_sets[i].width : 1; }

int ckpt_box_rows_alloc(struct ckpt_box_rows *r, int n)
{
    size_t per_box = 0;
    for (int i = 0; i < BOX_SETS; i++)
        per_box += ckpt_box_width(i);
    int64_t *p = mem_calloc((size_t)n * per_box, sizeof *p);
    for (int i = 0; i < BOX_SETS; i++) {
        r->set[i] = p;
        if (p)
            p += (size_t)n * ckpt_box_width(i);
    }
    return r->set[0] ? 0 : -1;
}

void ckpt_box_rows_free(struct ckpt_box_rows *r) { mem_free(r->set[0]); }

hid_t ckpt_real_type(const struct ctx *c)
{
    return c->real_size == sizeof(double) ? H5T_NATIVE_DOUBLE : H5T_NATIVE_FLOAT;
}

/* In a file every attribute is there in its OpenCL type (templates/kernel_iface.h): reals in the run's
 * precision, ids as 64-bit integers, charge states as 32-bit integers. A row per stored array, in
 * enum particle_array's order (is_ulong: 1 ulong, 2 int). */
#define FILE_IS_ULONG_real 0
#define FILE_IS_ULONG_ulong 1
#define FILE_IS_ULONG_int 2
#define ARRAY_ROW(E, name, param, type, kept) {FILE_IS_ULONG_##type, kept},
static const struct {
    int is_ulong;
    enum pa_kept kept;
} array_rows[PA_ATTRS] = {PICL_PARTICLE_ARRAYS(ARRAY_ROW)};
#undef ARRAY_ROW

static int is_stored(int a) { return a >= 0 && a < PA_ATTRS; }

hid_t ckpt_array_type(const struct ctx *c, int a)
{
    if (!is_stored(a))
        return H5I_INVALID_HID;
    return array_rows[a].is_ulong == 2 ? H5T_NATIVE_INT32
           : array_rows[a].is_ulong    ? H5T_NATIVE_UINT64
                                       : ckpt_real_type(c);
}

size_t ckpt_array_elem(const struct ctx *c, int a)
{
    if (!is_stored(a))
        return 0;
    return array_rows[a].is_ulong == 2 ? sizeof(cl_int) : array_rows[a].is_ulong ? sizeof(cl_ulong) : c->real_size;
}

enum pa_kept ckpt_array_kept(int a) { return is_stored(a) ? array_rows[a].kept : PA_ALWAYS; }

/* Selects, in the file space of a per-box dataset, the entries of this rank's boxes: the
 * dataset is [n_boxes] (lead 0, row 0), [n_boxes][row] (lead 0) or [lead][n_boxes][row]. Local
 * slots follow the global index upwards, which is also the order HDF5 visits a union of
 * hyperslabs: memory in slot order matches the file element for element. */
int ckpt_select_my_boxes(hid_t fs, const struct gen_layout *lay, hsize_t lead, hsize_t row)
{
    const int at = lead ? 1 : 0; /* the box axis */
    if (H5Sselect_none(fs) < 0)
        return -1;
    for (int s = 0; s < lay->n_local; s++) {
        hsize_t start[3] = {0, 0, 0}, count[3] = {lead, row, row};
        start[at] = (hsize_t)gen_box_gid(lay, s);
        count[at] = 1;
        if (H5Sselect_hyperslab(fs, H5S_SELECT_OR, start, NULL, count, NULL) < 0)
            return -1;
    }
    return 0;
}

int ckpt_field_comps(const struct ctx *c)
{
    return FC_COUNT * cfg_mode_comps(c->cfg);
}

/* Checksum of local box s's fields, all components with their guards. */
uint64_t ckpt_box_fields_hash(const struct ctx *c, const char *host, int s)
{
    const struct gen_layout *lay = &c->lay;
    const size_t real = c->real_size, box = (size_t)lay->box_stride;
    uint64_t h = 0;
    for (int comp = 0; comp < ckpt_field_comps(c); comp++)
        h = hio_hash(host + ((size_t)comp * (size_t)lay->comp_stride + (size_t)s * box) * real, box * real, h);
    return h;
}

/* Steps of the complete checkpoints in dir, newest first; returns how many (at most max). */
int ckpt_list(const char *dir, long *steps, int max)
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

