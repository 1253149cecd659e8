/* openpmd.c: full diagnostics as openPMD 1.1.0 + ED-PIC files. Fields are stored z, y, x in C
 * order (x fastest, as in memory) with axisLabels {"z", "y", "x"}; every per-axis attribute
 * (gridSpacing, gridGlobalOffset, position, the boundaries) follows that order. Each rank
 * writes its own boxes as hyperslabs of one dataset per component, and its particles as one
 * contiguous range per record, in one collective write each. */
#include "openpmd.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

#include "charge.h"
#include "constants.h"
#include "diag_kernels.h"
#include "exprs.h"
#include "coarsen.h"
#include "gen.h"
#include "hdf5io.h"
#include "io_state.h"
#include "log.h"
#include "mem.h"
#include "opmd_parts.h"
#include "pick.h"

#define OPMD_FORMAT "openpmd_%06T.h5"

/* openPMD's unitDimension: powers of L, M, T, I, theta, N, J. */
static const double dim_none[7] = {0, 0, 0, 0, 0, 0, 0};
static const double dim_E[7] = {1, 1, -3, -1, 0, 0, 0}; /* V/m = kg m s^-3 A^-1 */
static const double dim_B[7] = {0, 1, -2, -1, 0, 0, 0}; /* T = kg s^-2 A^-1 */
static const double dim_J[7] = {-2, 0, 0, 1, 0, 0, 0}; /* A/m^2 */
static const double dim_rho[7] = {-3, 0, 1, 1, 0, 0, 0}; /* C/m^3 */
static const double dim_phi[7] = {2, 1, -3, -1, 0, 0, 0}; /* V = kg m^2 s^-3 A^-1 */

/* ED-PIC's names for picl's choices, indexed by the enums of config.h: the electrostatic solver
 * is "other"; a PEC field boundary is "reflecting" and a PML "open". Each table has one name per
 * enumerator, checked when compiling: a choice added to config.h without its name here would be
 * read past the table's end (PSATD's fieldSolver once was). */
static const char *const solver_names[] = {"Yee", "CKC", "PSATD", "other"};
static const char *const push_names[] = {"Boris", "Vay", "HigueraCary"};
static const char *const gather_names[] = {"energyConserving", "momentumConserving"};
static const char *const deposition_names[] = {"Esirkepov", "directMorseNielson"};
static const char *const boundary_names[] = {"periodic", "reflecting", "absorbing", "reflecting", "open"};
#define ONE_NAME(id, name) +1
#define NAMES_ALL(table, list) _Static_assert(sizeof table / sizeof *table == 0 list(ONE_NAME), #table " per " #list)
NAMES_ALL(solver_names, CFG_SOLVERS);
NAMES_ALL(push_names, CFG_PUSHERS);
NAMES_ALL(gather_names, CFG_GATHERS);
NAMES_ALL(deposition_names, CFG_DEPOSITIONS);
NAMES_ALL(boundary_names, CFG_BOUNDARIES);
#undef NAMES_ALL
#undef ONE_NAME

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int opmd_due(const struct cfg_full *d, long step)
{
    if (d->interval > 0)
        return step % d->interval == 0;
    for (int i = 0; i < d->n_at; i++)
        if (d->at[i] == step)
            return 1;
    return 0;
}

/* Boxes are spread over ranks (gen/decomp.h): each rank writes the boxes it holds. */
static int box_is_mine(const struct ctx *c, int b)
{
    return gen_box_slot(&c->lay, b) >= 0;
}

static hid_t real_type(const struct ctx *c)
{
    return c->real_size == sizeof(double) ? H5T_NATIVE_DOUBLE : H5T_NATIVE_FLOAT;
}

struct writer {
    const struct io_state *s;
    const struct cfg_full *d; /* its fields' region and coarsening */
    struct ctx *c;
    struct hio_file file;
    hid_t meshes, particles;
    double bytes;
    char *err;
    size_t err_len;
};

static int h5fail(struct writer *w, const char *what)
{
    char why[512];
    hio_reason(why, sizeof why);
    snprintf(w->err, w->err_len, "writing %s of '%s' failed%s%s", what, w->file.partial, why[0] ? ": " : "", why);
    return -1;
}

/* ---- meshes */

/* 2D and 1D (docs/geometry.md): a file axis (z, y, x: file index f is axis 2 - f) is written
 * only where the geometry keeps it, so 2D records are 2D datasets with axisLabels {"z", "x"} in
 * dataOrder "C" (x fastest, WarpX's {"x", "z"} in "F"), 1D ones 1D with {"z"}; the dropped
 * axis' one cell adds nothing to the order of the values. squeeze keeps the kept entries of a
 * per-file-axis list in place and returns how many. */
static int file_axis_kept(const struct writer *w, int f)
{
    return cfg_has_axis(w->c->cfg, 2 - f);
}

static int squeeze_doubles(const struct writer *w, double *v)
{
    int n = 0;
    for (int f = 0; f < 3; f++)
        if (file_axis_kept(w, f))
            v[n++] = v[f];
    return n;
}

static int squeeze_sizes(const struct writer *w, hsize_t *v)
{
    int n = 0;
    for (int f = 0; f < 3; f++)
        if (file_axis_kept(w, f))
            v[n++] = v[f];
    return n;
}

/* Attributes every mesh record carries (on the group of a vector record, on the dataset of a
 * scalar one). */
static int mesh_record_attrs(struct writer *w, hid_t rec, const double unit_dimension[7], double time_offset)
{
    const struct gen_layout *lay = &w->c->lay;
    const char *labels[3] = {"z", "y", "x"};
    double spacing[3], offset[3];
    /* in the lab frame: the moving window's distance is in the offset along its axis */
    for (int a = 0; a < 3; a++) {
        const int x = 2 - a; /* a sub-region starts at its first cell; coarsened, every n-th */
        spacing[a] = lay->dx[x] * w->d->coarsening[x];
        offset[a] = window_lower(w->s->window, w->c, x) + w->d->cell_lo[x] * lay->dx[x];
    }
    int n = 0;
    for (int f = 0; f < 3; f++)
        if (file_axis_kept(w, f))
            labels[n++] = labels[f];
    squeeze_doubles(w, spacing);
    squeeze_doubles(w, offset);
    int bad = 0;
    bad |= hio_attr_string(rec, "geometry", "cartesian");
    bad |= hio_attr_string(rec, "dataOrder", "C");
    bad |= hio_attr_strings(rec, "axisLabels", labels, n);
    bad |= hio_attr_doubles(rec, "gridSpacing", spacing, n);
    bad |= hio_attr_doubles(rec, "gridGlobalOffset", offset, n);
    bad |= hio_attr_double(rec, "gridUnitSI", 1.0);
    bad |= hio_attr_doubles(rec, "unitDimension", unit_dimension, 7);
    bad |= hio_attr_double(rec, "timeOffset", time_offset);
    bad |= hio_attr_string(rec, "fieldSmoothing", "none");
    return bad;
}

static int mesh_component_attrs(const struct writer *w, hid_t comp, enum field_comp fc, const struct cfg_full *d)
{
    double stagger[3], position[3];
    gen_field_offset(w->c->cfg, fc, stagger);
    /* in units of gridSpacing (coarsening's n cells): a coarse value is the mean of n fine
     * ones, at the mean of their positions, (n - 1) / 2 + stagger fine cells into its block */
    for (int a = 0; a < 3; a++)
        position[a] = (0.5 * (d->coarsening[2 - a] - 1) + stagger[2 - a]) / d->coarsening[2 - a];
    const int n = squeeze_doubles(w, position);
    return hio_attr_doubles(comp, "position", position, n) | hio_attr_double(comp, "unitSI", 1.0);
}

/* Along axis a of box `first` (its first cell) and `n` cells: the first cell of d's selection
 * in it (global index) and how many (0: none), the selection being every coarsening-th cell of
 * [cell_lo, cell_hi). */
static int box_pick(const struct cfg_full *d, int a, int first, int n, int *from)
{
    const int lo = first > d->cell_lo[a] ? first : d->cell_lo[a];
    const int hi = first + n < d->cell_hi[a] ? first + n : d->cell_hi[a];
    const int f = d->coarsening[a];
    *from = d->cell_lo[a] + (lo - d->cell_lo[a] + f - 1) / f * f;
    return *from < hi ? (hi - 1 - *from) / f + 1 : 0;
}

/* The selected cells of this rank's boxes, in the order HDF5 visits a union of hyperslabs (the
 * file's row-major order: z, then y, then x), from one component with guards. */
static size_t pack_mesh(const struct ctx *c, const struct cfg_full *d, const char *comp, char *out)
{
    const struct gen_layout *lay = &c->lay;
    const size_t real = c->real_size;
    size_t m = 0;
    for (int k = d->cell_lo[2]; k < d->cell_hi[2]; k += d->coarsening[2])
        for (int j = d->cell_lo[1]; j < d->cell_hi[1]; j += d->coarsening[1])
            for (int bx = 0; bx < lay->nbox[0]; bx++) {
                int by = j / lay->box[1], bz = k / lay->box[2];
                int b = bx + lay->nbox[0] * (by + lay->nbox[1] * bz), i0;
                const int ni = box_pick(d, 0, bx * lay->box[0], lay->box[0], &i0);
                if (!box_is_mine(c, b) || ni == 0)
                    continue;
                size_t src = (size_t)gen_box_slot(lay, b) * (size_t)lay->box_stride + (size_t)lay->ngs[0] +
                             (size_t)(i0 - bx * lay->box[0]) + (size_t)(j % lay->box[1] + lay->ngs[1]) * (size_t)lay->dim[0] +
                             (size_t)(k % lay->box[2] + lay->ngs[2]) * (size_t)lay->dim[0] * (size_t)lay->dim[1];
                if (d->coarsening[0] == 1) {
                    memcpy(out + m, comp + src * real, (size_t)ni * real);
                    m += (size_t)ni * real;
                } else
                    for (int i = 0; i < ni; i++, m += real)
                        memcpy(out + m, comp + (src + (size_t)i * (size_t)d->coarsening[0]) * real, real);
            }
    return m / real;
}

/* Rank 0 writes the whole coarsened record (the block means coarsen.c computes from every
 * rank's cells), the other ranks nothing, in one collective write. */
static int write_coarse(struct writer *w, hid_t d, const char *host, char *after)
{
    struct ctx *c = w->c;
    const size_t real = c->real_size;
    int m[3];
    const size_t n_coarse = coarsen_count(w->d, m);
    /* the double scratch after the component, aligned for doubles */
    const size_t pad = (size_t)((uintptr_t)after % sizeof(double));
    double *fine = (double *)(void *)(after + (pad ? sizeof(double) - pad : 0));
    char *coarse = (char *)(fine + coarsen_region_cells(w->d));
    if (coarsen_average(&c->lay, w->d, host, real, fine, coarse)) {
        snprintf(w->err, w->err_len, "gathering the coarsened fields of '%s' on rank 0 failed", w->file.partial);
        return -1;
    }
    const int root = hio_rank() == 0;
    hid_t fs = H5Dget_space(d);
    hsize_t count = root ? n_coarse : 1;
    hid_t ms = H5Screate_simple(1, &count, NULL);
    int rc = fs < 0 || ms < 0;
    if (rc == 0 && !root)
        rc = H5Sselect_none(fs) < 0 || H5Sselect_none(ms) < 0;
    if (rc == 0)
        rc = H5Dwrite(d, real_type(c), ms, fs, w->file.dxpl, coarse) < 0;
    hio_close_transfer(H5I_INVALID_HID, fs, ms);
    if (rc == 0 && root)
        w->bytes += (double)n_coarse * (double)real;
    return rc;
}

/* The host staging buffer (n_stage bytes), its first n_comp reals holding field component fc as
 * it is in the device buffer now; NULL with w->err set. */
static char *stage_component(struct writer *w, enum field_comp fc, size_t n_comp, size_t n_stage)
{
    struct ctx *c = w->c;
    const size_t real = c->real_size;
    char *host = hio_staging_get(w->s->staging, n_stage);
    if (!host) {
        snprintf(w->err, w->err_len, "out of host memory for writing %s", gen_comp_name(fc));
        return NULL;
    }
    cl_int cl = clEnqueueReadBuffer(c->dev->queue, w->s->fields->buf.mem, CL_TRUE, (size_t)fc * n_comp * real,
                                    n_comp * real, host, 0, NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(w->err, w->err_len, "reading %s from the device failed: %s", gen_comp_name(fc), device_error_name(cl));
        return NULL;
    }
    return host;
}

/* Writes field component fc (as it is in the device buffer now) to dataset `name` of `parent`. */
static int write_mesh(struct writer *w, hid_t parent, const char *name, enum field_comp fc, hid_t *out)
{
    struct ctx *c = w->c;
    const struct gen_layout *lay = &c->lay;
    const size_t real = c->real_size, n_comp = (size_t)lay->comp_stride, n_cells = (size_t)lay->cells[0] *
                                                                               (size_t)lay->cells[1] * (size_t)lay->cells[2];
    const struct cfg_full *sel = w->d;
    int m[3];
    const size_t n_stage = coarsen_active(sel) ? n_comp * real + sizeof(double) * (1 + coarsen_region_cells(sel)) +
                                                      coarsen_count(sel, m) * real
                                               : (n_comp + n_cells) * real;
    char *host = stage_component(w, fc, n_comp, n_stage);
    if (!host)
        return -1;
    char *packed = host + n_comp * real;
    hsize_t dims[3];
    for (int a = 0; a < 3; a++) {
        int first;
        dims[2 - a] = (hsize_t)box_pick(sel, a, 0, lay->cells[a], &first);
    }
    hid_t d = hio_make_dataset(parent, name, real_type(c), squeeze_sizes(w, dims), dims);
    if (d < 0)
        return h5fail(w, name);
    if (coarsen_active(sel)) {
        if (write_coarse(w, d, host, packed)) {
            H5Dclose(d);
            return w->err[0] ? -1 : h5fail(w, name);
        }
        *out = d;
        return 0;
    }
    size_t mine = pack_mesh(c, sel, host, packed);
    hid_t fs = H5Dget_space(d);
    hsize_t one = 1, count = mine;
    hid_t ms = H5Screate_simple(1, mine ? &count : &one, NULL);
    int rc = fs < 0 || ms < 0 || H5Sselect_none(fs) < 0;
    for (int b = 0; rc == 0 && b < lay->n_boxes; b++) {
        if (!box_is_mine(c, b))
            continue;
        const int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
        hsize_t start[3], extent[3];
        int empty = 0;
        for (int a = 0; a < 3; a++) { /* the box's selected cells, at their index in the file */
            int first;
            const int n = box_pick(sel, a, bi[a] * lay->box[a], lay->box[a], &first);
            start[2 - a] = (hsize_t)((first - sel->cell_lo[a]) / sel->coarsening[a]);
            extent[2 - a] = (hsize_t)n;
            empty |= n == 0;
        }
        squeeze_sizes(w, start);
        squeeze_sizes(w, extent);
        if (!empty)
            rc = H5Sselect_hyperslab(fs, H5S_SELECT_OR, start, NULL, extent, NULL) < 0;
    }
    if (rc == 0 && !mine)
        rc = H5Sselect_none(ms) < 0;
    if (rc == 0)
        rc = hio_write(d, real_type(c), ms, fs, w->file.dxpl, packed) < 0;
    hio_close_transfer(H5I_INVALID_HID, fs, ms);
    if (rc) {
        H5Dclose(d);
        return h5fail(w, name);
    }
    w->bytes += (double)mine * (double)real;
    *out = d;
    return 0;
}

/* A vector record E, B or J from the components d asks for (first: Ex, Bx or Jx). */
static int write_vector_mesh(struct writer *w, const struct cfg_full *d, const char *name, enum field_comp first,
                             const double unit_dimension[7], double time_offset)
{
    if (!(d->fields & (7u << first)))
        return 0;
    hid_t rec = hio_group(w->meshes, name);
    if (rec < 0 || mesh_record_attrs(w, rec, unit_dimension, time_offset)) {
        if (rec >= 0)
            H5Gclose(rec);
        return h5fail(w, name);
    }
    int rc = 0;
    for (int a = 0; rc == 0 && a < 3; a++) {
        if (!(d->fields & (1u << (first + a))))
            continue;
        hid_t ds;
        const char axis[2] = {"xyz"[a], '\0'};
        rc = write_mesh(w, rec, axis, (enum field_comp)(first + a), &ds);
        if (rc == 0) {
            if (mesh_component_attrs(w, ds, (enum field_comp)(first + a), w->d))
                rc = h5fail(w, gen_comp_name((enum field_comp)(first + a)));
            H5Dclose(ds);
        }
    }
    H5Gclose(rec);
    return rc;
}

/* The electrostatic solver's potential at step n, as scalar record phi (docs/electrostatic.md). */
static int write_phi(struct writer *w)
{
    hid_t ds;
    if (write_mesh(w, w->meshes, "phi", FC_PHI, &ds))
        return -1;
    int rc = mesh_record_attrs(w, ds, dim_phi, 0.0) | mesh_component_attrs(w, ds, FC_PHI, w->d);
    H5Dclose(ds);
    return rc ? h5fail(w, "phi") : 0;
}

static int meshes_attrs(struct writer *w)
{
    const struct picl_config *cfg = w->c->cfg;
    const char *field[6], *particle[6];
    int nf = 0; /* the kept axes' faces only (2D, 1D), in the file's axis order */
    for (int a = 0; a < 3; a++)
        for (int side = 0; side < 2 && file_axis_kept(w, a); side++, nf++) {
            field[nf] = boundary_names[cfg->field_boundary[2 - a][side]];
            particle[nf] = boundary_names[cfg->particle_boundary[2 - a][side]];
        }
    const int *passes = cfg->filter_passes;
    int bad = 0;
    bad |= hio_attr_string(w->meshes, "fieldSolver", solver_names[cfg->solver]);
    bad |= hio_attr_strings(w->meshes, "fieldBoundary", field, nf);
    bad |= hio_attr_strings(w->meshes, "particleBoundary", particle, nf);
    if (passes[0] || passes[1] || passes[2]) {
        /* ED-PIC's form for a binomial filter (1/4, 1/2, 1/4) applied every step */
        char params[128];
        if (cfg->geometry == CFG_GEOMETRY_3D)
            snprintf(params, sizeof params, "period=1;numPasses=%d,%d,%d;compensator=false", passes[2], passes[1],
                     passes[0]);
        else if (cfg->geometry == CFG_GEOMETRY_2D)
            snprintf(params, sizeof params, "period=1;numPasses=%d,%d;compensator=false", passes[2], passes[0]);
        else
            snprintf(params, sizeof params, "period=1;numPasses=%d;compensator=false", passes[2]);
        bad |= hio_attr_string(w->meshes, "currentSmoothing", "Binomial");
        bad |= hio_attr_string(w->meshes, "currentSmoothingParameters", params);
    } else {
        bad |= hio_attr_string(w->meshes, "currentSmoothing", "none");
    }
    bad |= hio_attr_string(w->meshes, "chargeCorrection", "none");
    return bad;
}

/* RZ (docs/rz.md): openPMD's thetaMode. A record component is one dataset (2M - 1, Nr, Nz), the
 * modes along the first axis in the order picl stores them (m = 0, then the cos and sin parts,
 * i.e. re and im, of m = 1, 2 ...: geometryParameters "m=M;imag=+"), so openPMD-viewer sums F0 +
 * sum_m (F_cos cos m theta + F_sin sin m theta). Components r, t (theta), z; the whole grid (the
 * schema refuses regions and coarsening in RZ), each rank writing the (2M - 1, r, z) blocks of
 * its boxes in one collective write. */
static int write_rz_component(struct writer *w, hid_t rec, const char *name, enum field_comp fc, hid_t *out)
{
    struct ctx *c = w->c;
    const struct gen_layout *lay = &c->lay;
    const int mc = cfg_mode_comps(c->cfg), nr = lay->cells[0], nz = lay->cells[2];
    const size_t real = c->real_size, n_comp = (size_t)lay->comp_stride * (size_t)mc;
    char *host = stage_component(w, fc, n_comp, 2 * n_comp * real);
    if (!host)
        return -1;
    char *packed = host + n_comp * real;
    /* this rank's cells in the file's order (part, r, z): what a union of hyperslabs selects */
    size_t at = 0;
    for (int p = 0; p < mc; p++)
        for (int i = 0; i < nr; i++)
            for (int k = 0; k < nz; k++) {
                const int bx = i / lay->box[0], bz = k / lay->box[2], b = bx + lay->nbox[0] * lay->nbox[1] * bz;
                if (!box_is_mine(c, b))
                    continue;
                const size_t src = (size_t)p * (size_t)lay->comp_stride +
                                   (size_t)gen_box_slot(lay, b) * (size_t)lay->box_stride +
                                   (size_t)(i - bx * lay->box[0] + lay->ngs[0]) +
                                   (size_t)(k - bz * lay->box[2] + lay->ngs[2]) * (size_t)lay->dim[0] * (size_t)lay->dim[1];
                memcpy(packed + at, host + src * real, real);
                at += real;
            }
    const size_t mine = at / real;
    const hsize_t dims[3] = {(hsize_t)mc, (hsize_t)nr, (hsize_t)nz};
    hid_t d = hio_make_dataset(rec, name, real_type(c), 3, dims);
    if (d < 0)
        return h5fail(w, name);
    hid_t fs = H5Dget_space(d);
    hsize_t one = 1, count = mine;
    hid_t ms = H5Screate_simple(1, mine ? &count : &one, NULL);
    int rc = fs < 0 || ms < 0 || H5Sselect_none(fs) < 0 || (!mine && H5Sselect_none(ms) < 0);
    for (int b = 0; rc == 0 && b < lay->n_boxes; b++) {
        if (!box_is_mine(c, b))
            continue;
        const int bx = b % lay->nbox[0], bz = b / (lay->nbox[0] * lay->nbox[1]);
        const hsize_t start[3] = {0, (hsize_t)bx * (hsize_t)lay->box[0], (hsize_t)bz * (hsize_t)lay->box[2]};
        const hsize_t extent[3] = {(hsize_t)mc, (hsize_t)lay->box[0], (hsize_t)lay->box[2]};
        rc = H5Sselect_hyperslab(fs, H5S_SELECT_OR, start, NULL, extent, NULL) < 0;
    }
    double stagger[3];
    gen_field_offset(w->c->cfg, fc, stagger);
    const double position[2] = {stagger[0], stagger[2]};
    rc = rc || hio_write(d, real_type(c), ms, fs, w->file.dxpl, packed) < 0 ||
         hio_attr_doubles(d, "position", position, 2) || hio_attr_double(d, "unitSI", 1.0);
    hio_close_transfer(H5I_INVALID_HID, fs, ms);
    if (rc || !out)
        H5Dclose(d);
    if (rc)
        return h5fail(w, name);
    if (out) /* a scalar record: the dataset takes the record's attributes too */
        *out = d;
    w->bytes += (double)mine * (double)real;
    return 0;
}

/* The attributes of a thetaMode record: on its group (E, B, J) or on a scalar record's dataset (rho). */
static int rz_record_attrs(struct writer *w, hid_t rec, const double unit_dimension[7], double time_offset)
{
    const struct gen_layout *lay = &w->c->lay;
    char params[32];
    snprintf(params, sizeof params, "m=%d;imag=+", w->c->cfg->modes);
    const char *labels[2] = {"r", "z"};
    /* z as 2D's: where the moving window has taken the grid */
    const double spacing[2] = {lay->dx[0], lay->dx[2]}, offset[2] = {0.0, window_lower(w->s->window, w->c, 2)};
    int rc = hio_attr_string(rec, "geometry", "thetaMode") | hio_attr_string(rec, "geometryParameters", params) |
             hio_attr_string(rec, "dataOrder", "C") | hio_attr_strings(rec, "axisLabels", labels, 2) |
             hio_attr_doubles(rec, "gridSpacing", spacing, 2) | hio_attr_doubles(rec, "gridGlobalOffset", offset, 2) |
             hio_attr_double(rec, "gridUnitSI", 1.0) | hio_attr_doubles(rec, "unitDimension", unit_dimension, 7) |
             hio_attr_double(rec, "timeOffset", time_offset) | hio_attr_string(rec, "fieldSmoothing", "none");
    return rc;
}

static int write_rz_record(struct writer *w, const char *name, enum field_comp first, const double unit_dimension[7],
                           double time_offset)
{
    if (!(w->d->fields & (7u << first)))
        return 0;
    hid_t rec = hio_group(w->meshes, name);
    if (rec < 0)
        return h5fail(w, name);
    if (rz_record_attrs(w, rec, unit_dimension, time_offset)) {
        H5Gclose(rec);
        return h5fail(w, name);
    }
    int rc = 0;
    for (int a = 0; rc == 0 && a < 3; a++)
        if (w->d->fields & (1u << (first + a)))
            rc = write_rz_component(w, rec, (const char *[]){"r", "t", "z"}[a], (enum field_comp)(first + a), NULL);
    H5Gclose(rec);
    return rc;
}

/* rho of all species (species < 0) or of one, deposited now, as scalar record `name`. With a
 * filtered J it gets the same passes: that rho is the one Gauss's law holds for. In RZ a
 * thetaMode record of every mode (rz_deposit_rho), the rho of Gauss's law per mode. */
static int write_rho(struct writer *w, const char *name, int species)
{
    if (charge_deposit(w->s->fields, w->s->species, w->s->n_species, species, w->c, w->err, w->err_len))
        return -1;
    hid_t ds;
    int rc;
    if (w->c->cfg->geometry == CFG_GEOMETRY_RZ) {
        if (write_rz_component(w, w->meshes, name, FC_RHO, &ds))
            return -1;
        rc = rz_record_attrs(w, ds, dim_rho, 0.0);
    } else {
        if (write_mesh(w, w->meshes, name, FC_RHO, &ds))
            return -1;
        rc = mesh_record_attrs(w, ds, dim_rho, 0.0) | mesh_component_attrs(w, ds, FC_RHO, w->d);
    }
    H5Dclose(ds);
    return rc ? h5fail(w, name) : 0;
}

/* rho and rho_<species> */
static int write_rhos(struct writer *w, const struct cfg_full *d)
{
    if ((d->fields & (1u << FC_RHO)) && write_rho(w, "rho", -1))
        return -1;
    for (int i = 0; i < w->s->n_species; i++) {
        if (!(d->species_rho & (1u << i)))
            continue;
        char name[CFG_NAME_LEN + 8];
        snprintf(name, sizeof name, "rho_%s", w->s->species[i].cfg->name);
        if (write_rho(w, name, i))
            return -1;
    }
    return 0;
}

static int write_meshes(struct writer *w, const struct cfg_full *d, hid_t iteration)
{
    const double dt = w->c->cfg->dt;
    w->meshes = hio_group(iteration, "meshes");
    if (w->meshes < 0 || meshes_attrs(w))
        return h5fail(w, "meshes");
    if (w->c->cfg->geometry == CFG_GEOMETRY_RZ)
        return write_rz_record(w, "E", FC_EX, dim_E, 0.0) || write_rz_record(w, "B", FC_BX, dim_B, 0.0) ||
                       write_rz_record(w, "J", FC_JX, dim_J, -0.5 * dt) || write_rhos(w, d)
                   ? -1
                   : 0;
    /* E and B are at step n; J was deposited from u^{n-1/2}, half a step earlier. */
    if (write_vector_mesh(w, d, "E", FC_EX, dim_E, 0.0) || write_vector_mesh(w, d, "B", FC_BX, dim_B, 0.0) ||
        write_vector_mesh(w, d, "J", FC_JX, dim_J, -0.5 * dt))
        return -1;
    if ((d->fields & (1u << FC_PHI)) && write_phi(w))
        return -1;
    return write_rhos(w, d);
}

/* ---- particles */

/* Which live particles the diagnostic writes: those whose id is a multiple of the stride and
 * that the id's draw puts in particle_fraction (io/pick.c), so the same particles appear at
 * every step and under every decomposition; of those, with a particle_filter, the ones for
 * which it holds. */
struct selection {
    long n; /* on this rank */
    long *slot; /* their slots in the device arrays, box by box */
    long *per_box; /* selected per box */
    long offset, total; /* this rank's range in the file, and the total */
};

static int read_array(struct writer *w, struct species *sp, enum particle_array a, void *host)
{
    size_t elem = a == PA_ID ? sizeof(cl_ulong) : a == PA_LEVEL ? sizeof(cl_int) : w->c->real_size;
    if (!particles_elem(w->c, a)) { /* the weight every particle of the species has */
        double weight;
        gen_species_weight(w->c->cfg, &w->c->lay, sp->index, &weight);
        for (long k = 0; k < sp->slots; k++) {
            if (elem == sizeof(double))
                ((double *)host)[k] = weight;
            else
                ((float *)host)[k] = (float)weight;
        }
        return 0;
    }
    cl_int cl = clEnqueueReadBuffer(w->c->dev->queue, sp->array[a].mem, CL_TRUE, 0, (size_t)sp->slots * elem, host, 0,
                                    NULL, NULL);
    if (cl != CL_SUCCESS) {
        snprintf(w->err, w->err_len, "species %s: reading particles from the device failed: %s", sp->cfg->name,
                 device_error_name(cl));
        return -1;
    }
    return 0;
}

/* Writes one per-particle array: position (metres), momentum (m u), weighting or id, or from the
 * charge state of an ionizable species its charge (level x e, C). */
static int write_particle_array(struct writer *w, struct species *sp, const struct selection *sel, hid_t parent,
                                const char *name, enum particle_array a, void *raw, void *out)
{
    const struct gen_layout *lay = &w->c->lay;
    const int dbl = w->c->real_size == sizeof(double);
    if (read_array(w, sp, a, raw))
        return -1;
    hid_t type = a == PA_ID ? H5T_NATIVE_UINT64 : real_type(w->c);
    /* positions are in cells from grid.lower on the device: x_SI = lower + x dx, in the lab
     * frame (lower moved by the moving window) */
    double scale = 1.0, shift = 0.0;
    if (a <= PA_Z) {
        scale = lay->dx[a];
        shift = window_lower(w->s->window, w->c, a);
        /* RZ (docs/rz.md): particles stay Cartesian, x and y in cells of dr from the axis */
        if (w->c->cfg->geometry == CFG_GEOMETRY_RZ && a == PA_Y) {
            scale = lay->dx[0];
            shift = 0.0;
        }
    } else if (a <= PA_UZ) {
        scale = sp->cfg->mass;
    }
    for (long i = 0; i < sel->n; i++) {
        long k = sel->slot[i];
        if (a == PA_ID)
            ((uint64_t *)out)[i] = ((const cl_ulong *)raw)[k];
        else if (a == PA_LEVEL && dbl)
            ((double *)out)[i] = sp->cfg->charge * ((const cl_int *)raw)[k];
        else if (a == PA_LEVEL)
            ((float *)out)[i] = (float)(sp->cfg->charge * ((const cl_int *)raw)[k]);
        else if (dbl)
            ((double *)out)[i] = shift + scale * ((const double *)raw)[k];
        else
            ((float *)out)[i] = (float)(shift + scale * (double)((const float *)raw)[k]);
    }
    hsize_t dims = (hsize_t)sel->total;
    hid_t d = hio_make_dataset(parent, name, type, 1, &dims);
    if (d < 0)
        return h5fail(w, name);
    /* an empty species has empty datasets and nothing to write (on any rank) */
    int rc = (sel->total > 0 && opart_write_range(&w->file, d, type, (hsize_t)sel->offset, (hsize_t)sel->n, out)) ||
             hio_attr_double(d, "unitSI", 1.0);
    H5Dclose(d);
    w->bytes += (double)sel->n * (double)(a == PA_ID ? sizeof(uint64_t) : w->c->real_size);
    return rc ? h5fail(w, name) : 0;
}

/* A dimensionless scalar record of the species (weighting, id): the array, then its attributes. */
static int write_scalar_record(struct writer *w, struct species *sp, const struct selection *sel, hid_t g,
                               const char *name, enum particle_array a, void *raw, void *out, double weighting_power,
                               uint32_t macro_weighted)
{
    int rc = write_particle_array(w, sp, sel, g, name, a, raw, out);
    hid_t rec = rc ? H5I_INVALID_HID : H5Dopen2(g, name, H5P_DEFAULT);
    rc = rc || rec < 0 || opart_record_attrs(rec, dim_none, 0.0, weighting_power, macro_weighted);
    if (rec >= 0)
        H5Dclose(rec);
    return rc;
}

/* openPMD's particlePatches: one patch per box, with its particle count, where its
 * particles start in the records, and the box's corner and size in metres. */
static int write_patches(struct writer *w, hid_t species, const struct selection *sel)
{
    const struct gen_layout *lay = &w->c->lay;
    const int nb = lay->n_boxes;
    hid_t pp = hio_group(species, "particlePatches");
    if (pp < 0)
        return h5fail(w, "particlePatches");
    uint64_t *num = mem_calloc((size_t)nb, sizeof *num), *first = mem_calloc((size_t)nb, sizeof *first);
    double *corner = mem_calloc((size_t)nb * 6, sizeof *corner);
    int rc = -1;
    if (!num || !first || !corner) {
        snprintf(w->err, w->err_len, "out of host memory for particle patches");
        goto done;
    }
    /* Every rank writes the entries of its own boxes (element selections, box order). */
    long at = sel->offset;
    int mine = 0;
    hsize_t *coords = mem_calloc((size_t)nb, sizeof *coords);
    for (int b = 0; coords && b < nb; b++) {
        if (!box_is_mine(w->c, b))
            continue;
        int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
        num[mine] = (uint64_t)sel->per_box[b];
        first[mine] = (uint64_t)at;
        at += sel->per_box[b];
        for (int a = 0; a < 3; a++) {
            corner[(size_t)a * nb + mine] = window_lower(w->s->window, w->c, a) + lay->dx[a] * bi[a] * lay->box[a];
            corner[(size_t)(3 + a) * nb + mine] = lay->dx[a] * lay->box[a];
        }
        coords[mine++] = (hsize_t)b;
    }
    rc = 0;
    const char *const axes[3] = {"x", "y", "z"};
    struct patch_set {
        const char *path;
        hid_t type;
        const void *data;
    } sets[8] = {{"numParticles", H5T_NATIVE_UINT64, num}, {"numParticlesOffset", H5T_NATIVE_UINT64, first}};
    char paths[6][16];
    for (int a = 0; a < 3; a++) {
        snprintf(paths[a], sizeof paths[a], "offset/%s", axes[a]);
        snprintf(paths[3 + a], sizeof paths[3 + a], "extent/%s", axes[a]);
        sets[2 + a] = (struct patch_set){paths[a], H5T_NATIVE_DOUBLE, corner + (size_t)a * nb};
        sets[5 + a] = (struct patch_set){paths[3 + a], H5T_NATIVE_DOUBLE, corner + (size_t)(3 + a) * nb};
    }
    hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
    H5Pset_create_intermediate_group(lcpl, 1);
    for (int i = 0; rc == 0 && i < 8; i++) {
        if (i >= 2 && !cfg_has_axis(w->c->cfg, (i - 2) % 3))
            continue; /* 2D, 1D: the kept axes' offset and extent only */
        hsize_t dims = (hsize_t)nb, one = 1, n = (hsize_t)mine;
        hid_t space = H5Screate_simple(1, &dims, NULL);
        hid_t d = H5Dcreate2(pp, sets[i].path, sets[i].type, space, lcpl, H5P_DEFAULT, H5P_DEFAULT);
        hid_t ms = H5Screate_simple(1, mine ? &n : &one, NULL);
        rc = !coords || space < 0 || d < 0 || ms < 0;
        if (rc == 0)
            rc = (mine ? H5Sselect_elements(space, H5S_SELECT_SET, (size_t)mine, coords)
                       : (H5Sselect_none(space) < 0 ? -1 : H5Sselect_none(ms))) < 0;
        if (rc == 0)
            rc = hio_write(d, sets[i].type, ms, space, w->file.dxpl, sets[i].data) < 0 || hio_attr_double(d, "unitSI", 1.0);
        hio_close_transfer(d, space, ms);
    }
    H5Pclose(lcpl);
    for (int i = 0; rc == 0 && i < 2; i++) {
        hid_t rec = H5Gopen2(pp, i ? "extent" : "offset", H5P_DEFAULT);
        rc = rec < 0 || hio_attr_doubles(rec, "unitDimension", opart_dim_length, 7) || hio_attr_double(rec, "timeOffset", 0.0);
        if (rec >= 0)
            H5Gclose(rec);
    }
    mem_free(coords);
    if (rc)
        h5fail(w, "particlePatches");
done:
    mem_free(num);
    mem_free(first);
    mem_free(corner);
    H5Gclose(pp);
    return rc;
}

int opmd_filter_open(const struct picl_config *cfg, const struct cfg_full *d, struct opmd_filter *f, char *err,
                     size_t err_len)
{
    memset(f, 0, sizeof *f);
    if (!d->particle_filter.text[0])
        return 0;
    if (gen_diag_filter_parse(cfg, &d->particle_filter, &f->tree, err, err_len))
        return -1;
    f->on = 1;
    return 0;
}

void opmd_filter_close(struct opmd_filter *f)
{
    if (f->on)
        expr_free(&f->tree);
    f->on = 0;
}

/* Keeps of the selection the particles for which the filter holds, in the scope's order x, y,
 * z (m, the lab frame, as written), ux, uy, uz (u / c), gamma, energy (m c^2 (gamma - 1)), then
 * the constants. The six arrays are read once each into the candidates' values. */
static int filter_selection(struct writer *w, struct species *sp, const struct opmd_filter *f, struct selection *sel,
                            void *raw)
{
    struct ctx *c = w->c;
    const int dbl = c->real_size == sizeof(double);
    double *q = mem_alloc((size_t)(sel->n > 0 ? sel->n : 1) * 6 * sizeof *q);
    if (!q) {
        snprintf(w->err, w->err_len, "species %s: out of host memory for particle_filter", sp->cfg->name);
        return -1;
    }
    for (int a = 0; a < 6; a++) {
        if (read_array(w, sp, (enum particle_array)(PA_X + a), raw)) {
            mem_free(q);
            return -1;
        }
        const double scale = a < 3 ? c->lay.dx[a] : 1.0 / PICL_C;
        const double shift = a < 3 ? window_lower(w->s->window, c, a) : 0.0;
        for (long i = 0; i < sel->n; i++) {
            long k = sel->slot[i];
            double v = dbl ? ((const double *)raw)[k] : (double)((const float *)raw)[k];
            q[i * 6 + a] = shift + scale * v;
        }
    }
    double values[GEN_EXPR_MAX_NAMES + 8];
    const char *names[GEN_EXPR_MAX_NAMES];
    /* the constants land on 8 .., after the eight quantities (its x, y, z, t on 4 .. 7, overwritten) */
    gen_expr_scope(c->cfg, names, values + 4);
    const double mc2 = sp->cfg->mass * PICL_C * PICL_C;
    long kept = 0, i = 0;
    for (int b = 0; b < c->lay.n_boxes; b++) {
        long in_box = 0;
        for (long j = 0; j < sel->per_box[b]; j++, i++) {
            const double *p = q + i * 6;
            const double u2 = p[3] * p[3] + p[4] * p[4] + p[5] * p[5], gamma = sqrt(1.0 + u2);
            for (int a = 0; a < 6; a++)
                values[a] = p[a];
            values[6] = gamma;
            values[7] = mc2 * u2 / (1.0 + gamma); /* gamma - 1 without the cancellation */
            if (expr_eval(&f->tree, values) != 0.0) {
                sel->slot[kept++] = sel->slot[i];
                in_box++;
            }
        }
        sel->per_box[b] = in_box;
    }
    sel->n = kept;
    mem_free(q);
    return 0;
}

static int species_attrs(struct writer *w, hid_t g)
{
    const struct picl_config *cfg = w->c->cfg;
    return hio_attr_double(g, "particleShape", (double)cfg->shape_order) |
           hio_attr_string(g, "currentDeposition", deposition_names[cfg->deposition]) |
           hio_attr_string(g, "particlePush", push_names[cfg->pusher]) |
           hio_attr_string(g, "particleInterpolation", gather_names[cfg->gather]) |
           hio_attr_string(g, "particleSmoothing", "none");
}

static int write_species(struct writer *w, const struct cfg_full *d, const struct opmd_filter *f, struct species *sp)
{
    struct ctx *c = w->c;
    const int nb = c->lay.n_boxes;
    if (particles_check(sp, c, NULL, w->err, w->err_len))
        return -1;
    const size_t slots = (size_t)sp->slots, np = (size_t)sp->np;
    /* staging: ids and then each array (slots), the selection's slots, one output array */
    char *mem = hio_staging_get(w->s->staging, slots * 8 + np * 8 + np * 8 + (size_t)nb * 8);
    if (!mem) {
        snprintf(w->err, w->err_len, "species %s: out of host memory for writing %zu particles", sp->cfg->name, np);
        return -1;
    }
    void *raw = mem, *out = mem + slots * 8;
    struct selection sel = {.slot = (long *)(mem + slots * 8 + np * 8), .per_box = (long *)(mem + slots * 8 + np * 16)};
    if (read_array(w, sp, PA_ID, raw))
        return -1;
    const cl_ulong *id = raw;
    for (int b = 0; b < nb; b++) {
        sel.per_box[b] = 0;
        if (!box_is_mine(c, b))
            continue;
        const long *t = sp->boxes_host + (size_t)gen_box_slot(&c->lay, b) * BT_STRIDE;
        for (long k = t[BT_START]; k < t[BT_START] + t[BT_COUNT]; k++)
            if (id[k] % (cl_ulong)d->stride == 0 && pick_fraction(id[k], d->particle_seed, d->particle_fraction)) {
                sel.slot[sel.n++] = k;
                sel.per_box[b]++;
            }
    }
    if (f && f->on && filter_selection(w, sp, f, &sel, raw))
        return -1;
    opart_range(sel.n, &sel.offset, &sel.total);

    hid_t g = hio_group(w->particles, sp->cfg->name);
    if (g < 0 || species_attrs(w, g))
        return h5fail(w, sp->cfg->name);
    const double dt = c->cfg->dt;
    const uint64_t total = (uint64_t)sel.total;
    int rc = 0;
    const char *const axes[3] = {"x", "y", "z"};
    /* position and positionOffset, always (openPMD requires both) */
    hid_t pos = hio_group(g, "position"), off = hio_group(g, "positionOffset");
    rc = pos < 0 || off < 0 || opart_record_attrs(pos, opart_dim_length, 0.0, 0.0, 0) ||
         opart_record_attrs(off, opart_dim_length, 0.0, 0.0, 0);
    /* 2D, 1D: the position along a kept axis only; RZ: x, y, z (Cartesian, as WarpX writes RZ's) */
    const int rz = c->cfg->geometry == CFG_GEOMETRY_RZ;
    for (int a = 0; rc == 0 && a < 3; a++)
        rc = (cfg_has_axis(c->cfg, a) || rz) && (opart_constant(off, axes[a], 0.0, total, NULL) ||
                                         write_particle_array(w, sp, &sel, pos, axes[a], (enum particle_array)(PA_X + a), raw, out));
    if (pos >= 0)
        H5Gclose(pos);
    if (off >= 0)
        H5Gclose(off);
    if (rc == 0 && (d->attributes & (1u << CFG_ATTR_MOMENTUM))) {
        /* p = m u with u = gamma v as pushed: u^{n-1/2}, half a step before the positions */
        hid_t mom = hio_group(g, "momentum");
        rc = mom < 0 || opart_record_attrs(mom, opart_dim_momentum, -0.5 * dt, 1.0, 0);
        for (int a = 0; rc == 0 && a < 3; a++)
            rc = write_particle_array(w, sp, &sel, mom, axes[a], (enum particle_array)(PA_UX + a), raw, out);
        if (mom >= 0)
            H5Gclose(mom);
    }
    if (rc == 0 && (d->attributes & (1u << CFG_ATTR_WEIGHTING)))
        rc = write_scalar_record(w, sp, &sel, g, "weighting", PA_W, raw, out, 1.0, 1);
    if (rc == 0 && (d->attributes & (1u << CFG_ATTR_ID)))
        rc = write_scalar_record(w, sp, &sel, g, "id", PA_ID, raw, out, 0.0, 0);
    /* an ionizable species' charge differs between particles: level x e, one value each */
    if (rc == 0 && sp->cfg->ionization.enabled) {
        rc = write_particle_array(w, sp, &sel, g, "charge", PA_LEVEL, raw, out);
        hid_t rec = rc ? H5I_INVALID_HID : H5Dopen2(g, "charge", H5P_DEFAULT);
        rc = rc || rec < 0 || opart_record_attrs(rec, opart_dim_charge, 0.0, 1.0, 0);
        if (rec >= 0)
            H5Dclose(rec);
    }
    /* charge and mass per physical particle, constant over the species */
    for (int i = sp->cfg->ionization.enabled; rc == 0 && i < 2; i++) {
        hid_t rec;
        rc = opart_constant(g, i ? "mass" : "charge", i ? sp->cfg->mass : sp->cfg->charge, total, &rec) ||
             opart_record_attrs(rec, i ? opart_dim_mass : opart_dim_charge, 0.0, 1.0, 0);
        if (rc == 0)
            H5Gclose(rec);
    }
    if (rc == 0)
        rc = write_patches(w, g, &sel);
    H5Gclose(g);
    if (rc && !w->err[0])
        h5fail(w, sp->cfg->name);
    return rc;
}

/* ---- the file */

/* meshesPath and particlesPath only when the file has them: openPMD requires the group a
 * path names to exist. */
static int root_attrs(struct writer *w, int meshes, int particles)
{
    char date[64], author[128];
    hio_date(date, sizeof date);
    const char *user = getenv("USER");
    snprintf(author, sizeof author, "%s", user && user[0] ? user : "unknown");
    unsigned maj, min, rel;
    H5get_libversion(&maj, &min, &rel);
    char deps[128];
    snprintf(deps, sizeof deps, "HDF5@%u.%u.%u;OpenCL@1.2", maj, min, rel);
    hid_t f = w->file.id;
    return hio_attr_string(f, "openPMD", "1.1.0") | hio_attr_u32(f, "openPMDextension", 1) |
           hio_attr_string(f, "basePath", "/data/%T/") | (meshes ? hio_attr_string(f, "meshesPath", "meshes/") : 0) |
           (particles ? hio_attr_string(f, "particlesPath", "particles/") : 0) |
           hio_attr_string(f, "iterationEncoding", "fileBased") |
           hio_attr_string(f, "iterationFormat", OPMD_FORMAT) | hio_attr_string(f, "author", author) |
           hio_attr_string(f, "software", "picl") | hio_attr_string(f, "softwareVersion", PICL_VERSION) |
           hio_attr_string(f, "softwareDependencies", deps) | hio_attr_string(f, "date", date);
}

int opmd_write(const struct io_state *s, const struct cfg_full *d, const struct opmd_filter *f, double *bytes,
               char *err, size_t err_len)
{
    struct writer w = {.s = s, .d = d, .c = s->ctx, .meshes = H5I_INVALID_HID, .particles = H5I_INVALID_HID,
                       .err = err, .err_len = err_len};
    err[0] = '\0';
    double t0 = now_seconds();
    char dir[CFG_PATH_LEN + CFG_NAME_LEN + 2], path[sizeof dir + 32];
    snprintf(dir, sizeof dir, "%s/%s", s->ctx->cfg->output_dir, d->name);
    snprintf(path, sizeof path, "%s/openpmd_%06ld.h5", dir, s->step);
    if (hio_mkdirs(dir, err, err_len) || hio_create(&w.file, path, 0, err, err_len))
        return -1;
    int rc = 0;
    char base[64];
    snprintf(base, sizeof base, "data/%ld", s->step);
    hid_t it = hio_group(w.file.id, base);
    unsigned fields = d->fields | d->species_rho;
    if (root_attrs(&w, fields != 0, d->species != 0) || it < 0 || hio_attr_double(it, "time", s->time) ||
        hio_attr_double(it, "dt", s->ctx->cfg->dt) || hio_attr_double(it, "timeUnitSI", 1.0))
        rc = h5fail(&w, "the root and iteration attributes");
    if (rc == 0 && fields)
        rc = write_meshes(&w, d, it);
    if (rc == 0 && d->species) {
        w.particles = hio_group(it, "particles");
        if (w.particles < 0)
            rc = h5fail(&w, "particles");
        for (int i = 0; rc == 0 && i < s->n_species; i++)
            if (d->species & (1u << i))
                rc = write_species(&w, d, f, &s->species[i]);
    }
    if (w.particles >= 0)
        H5Gclose(w.particles);
    if (w.meshes >= 0)
        H5Gclose(w.meshes);
    if (it >= 0)
        H5Gclose(it);
    char finish_err[1024] = "";
    if (hio_finish(&w.file, rc == 0, 0, finish_err, sizeof finish_err) && rc == 0) {
        snprintf(err, err_len, "%s", finish_err);
        rc = -1;
    }
    if (rc == 0) {
        *bytes += w.bytes;
        double seconds = now_seconds() - t0;
        log_debug("wrote %s: %.1f MB of data in %.3f s (%.2f GB/s)", path, w.bytes / 1e6, seconds,
                  seconds > 0 ? w.bytes / 1e9 / seconds : 0.0);
    } else {
        char what[2048];
        snprintf(what, sizeof what, "diagnostics.full.%s: %s", d->name, err);
        snprintf(err, err_len, "%s", what);
    }
    return rc;
}
