/* pfile.c: particles from an openPMD file (pfile.h): records, their units and weighting as the
 * openPMD standard (1.1.0) gives them, read in chunks; the lay-out is particles.c's. */
#include "pfile.h"

#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include <hdf5.h>

#include "constants.h"
#include "device.h"
#include "exprs.h"
#include "filekind.h"
#include "mem.h"

/* openPMD's unitDimension: powers of L, M, T, I, theta, N, J. */
static const double dim_length[7] = {1, 0, 0, 0, 0, 0, 0};
static const double dim_momentum[7] = {1, 1, -1, 0, 0, 0, 0};
static const double dim_none[7] = {0, 0, 0, 0, 0, 0, 0};

/* What a message starts with: FILE:LINE: species.NAME.from_file */
struct reader {
    const struct cfg_species *sp;
    char *err;
    size_t err_len;
};

__attribute__((format(printf, 3, 4))) static int fail_at(struct reader *r, const char *key, const char *fmt, ...)
{
    const struct cfg_from_file *f = &r->sp->file;
    int used = snprintf(r->err, r->err_len, "%s: species.%s.from_file%s%s: ", f->where, r->sp->name, key[0] ? "." : "",
                        key);
    if (used >= 0 && (size_t)used < r->err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + used, r->err_len - (size_t)used, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int attr_exists(hid_t obj, const char *name) { return H5Aexists(obj, name) > 0; }

/* A numeric attribute of n values (HDF5 converts integers and floats); -1 when missing or of
 * another size. */
static int attr_doubles(hid_t obj, const char *name, double *v, int n)
{
    if (!attr_exists(obj, name))
        return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    hid_t s = a < 0 ? H5I_INVALID_HID : H5Aget_space(a);
    int rc = a < 0 || s < 0 || H5Sget_simple_extent_npoints(s) != n || H5Aread(a, H5T_NATIVE_DOUBLE, v) < 0 ? -1 : 0;
    if (s >= 0)
        H5Sclose(s);
    if (a >= 0)
        H5Aclose(a);
    return rc;
}

/* A string attribute, fixed-length (picl) or variable-length (openpmd-api); -1 when missing. */
static int attr_string(hid_t obj, const char *name, char *out, size_t len)
{
    if (!attr_exists(obj, name))
        return -1;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT), t = a < 0 ? H5I_INVALID_HID : H5Aget_type(a);
    int rc = -1;
    if (t >= 0 && H5Tget_class(t) == H5T_STRING) {
        if (H5Tis_variable_str(t) > 0) {
            char *s = NULL;
            hid_t m = H5Tcopy(H5T_C_S1);
            H5Tset_size(m, H5T_VARIABLE);
            if (H5Aread(a, m, &s) >= 0 && s) {
                snprintf(out, len, "%s", s);
                H5free_memory(s);
                rc = 0;
            }
            H5Tclose(m);
        } else {
            size_t n = H5Tget_size(t);
            char *s = mem_calloc(n + 1, 1);
            if (s && H5Aread(a, t, s) >= 0) {
                snprintf(out, len, "%s", s);
                rc = 0;
            }
            mem_free(s);
        }
    }
    if (t >= 0)
        H5Tclose(t);
    if (a >= 0)
        H5Aclose(a);
    return rc;
}

/* The names of a group's members, ", "-separated, for a message. */
static herr_t list_name(hid_t g, const char *name, const H5L_info_t *info, void *data)
{
    (void)g;
    (void)info;
    char *s = data;
    size_t used = strlen(s);
    if (used + strlen(name) + 8 < 256)
        snprintf(s + used, 256 - used, "%s'%s'", used ? ", " : "", name);
    return 0;
}

static void members(hid_t g, char out[256])
{
    out[0] = '\0';
    hsize_t at = 0;
    H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &at, list_name, out);
    if (!out[0])
        snprintf(out, 256, "nothing");
}

/* One component of a record: a dataset, or a constant (a group with `value` and `shape`);
 * unit: its unitSI. */
struct comp {
    hid_t d;
    double value, unit;
    long n;
};

static int comp_open(struct reader *r, hid_t parent, const char *path, const char *key, struct comp *c)
{
    c->d = H5I_INVALID_HID;
    if (H5Lexists(parent, path, H5P_DEFAULT) <= 0)
        return fail_at(r, "species", "the file's species '%s' has no record %s", r->sp->file.species, key);
    hid_t o = H5Oopen(parent, path, H5P_DEFAULT);
    if (o < 0)
        return fail_at(r, "species", "record %s cannot be opened", key);
    if (attr_doubles(o, "unitSI", &c->unit, 1)) {
        H5Oclose(o);
        return fail_at(r, "species", "record %s has no unitSI", key);
    }
    if (!isfinite(c->unit)) {
        H5Oclose(o);
        return fail_at(r, "species", "record %s has unitSI %g; expected a finite number", key, c->unit);
    }
    if (H5Iget_type(o) == H5I_DATASET) {
        hid_t s = H5Dget_space(o);
        hsize_t dims[2] = {0, 0};
        int rank = s < 0 ? -1 : H5Sget_simple_extent_ndims(s);
        if (rank == 1)
            H5Sget_simple_extent_dims(s, dims, NULL);
        if (s >= 0)
            H5Sclose(s);
        if (rank != 1) {
            H5Oclose(o);
            return fail_at(r, "species", "record %s is not a 1-dimensional dataset", key);
        }
        c->d = o;
        c->n = (long)dims[0];
        return 0;
    }
    double shape;
    int bad = attr_doubles(o, "value", &c->value, 1) || attr_doubles(o, "shape", &shape, 1);
    H5Oclose(o);
    if (bad)
        return fail_at(r, "species", "record %s is neither a dataset nor a constant (value and shape)", key);
    c->n = (long)shape;
    return 0;
}

/* out[i] = unitSI * component[first + i] for n particles: one hyperslab. */
static int comp_read(struct reader *r, const struct comp *c, const char *key, hsize_t first, hsize_t n, double *out)
{
    if (c->d < 0) {
        for (hsize_t i = 0; i < n; i++)
            out[i] = c->value * c->unit;
        return 0;
    }
    hid_t fs = H5Dget_space(c->d), ms = H5Screate_simple(1, &n, NULL);
    int rc = fs < 0 || ms < 0 || H5Sselect_hyperslab(fs, H5S_SELECT_SET, &first, NULL, &n, NULL) < 0 ||
             H5Dread(c->d, H5T_NATIVE_DOUBLE, ms, fs, H5P_DEFAULT, out) < 0;
    if (fs >= 0)
        H5Sclose(fs);
    if (ms >= 0)
        H5Sclose(ms);
    if (rc)
        return fail_at(r, "path", "reading record %s failed", key);
    if (c->unit != 1.0)
        for (hsize_t i = 0; i < n; i++)
            out[i] *= c->unit;
    return 0;
}

static void comp_close(struct comp *c)
{
    if (c->d >= 0)
        H5Dclose(c->d);
    c->d = H5I_INVALID_HID;
}

/* A record's unitDimension must be `want`; its weighting power when it is macro-weighted
 * (openPMD: a macroWeighted record holds the quantity of all w physical particles together,
 * value * w^-weightingPower is that of one), 0 when it is not or says nothing. */
static int record_attrs(struct reader *r, hid_t g, const char *name, const double want[7], const char *what,
                        double *power)
{
    hid_t o = H5Oopen(g, name, H5P_DEFAULT);
    if (o < 0)
        return fail_at(r, "species", "the file's species '%s' has no record %s", r->sp->file.species, name);
    double dim[7], wp = 0, mw = 0;
    int rc = 0;
    if (attr_doubles(o, "unitDimension", dim, 7))
        rc = fail_at(r, "species", "record %s has no unitDimension", name);
    else if (memcmp(dim, want, sizeof dim) != 0)
        rc = fail_at(r, "species", "record %s has unitDimension (%g, %g, %g, %g, %g, %g, %g); expected that of %s", name,
                  dim[0], dim[1], dim[2], dim[3], dim[4], dim[5], dim[6], what);
    if (!rc && !attr_doubles(o, "macroWeighted", &mw, 1) && mw != 0 && attr_doubles(o, "weightingPower", &wp, 1))
        rc = fail_at(r, "species", "record %s is macroWeighted but has no weightingPower", name);
    H5Oclose(o);
    *power = mw != 0 ? wp : 0;
    return rc;
}

/* Room for one more kept particle: every array doubles. */
static int keep_grow(struct pfile_particles *p)
{
    if (p->n < p->cap)
        return 0;
    const long cap = p->cap ? 2 * p->cap : 1024;
    double **d[7] = {&p->x[0], &p->x[1], &p->x[2], &p->u[0], &p->u[1], &p->u[2], &p->w};
    for (int i = 0; i < 7; i++) {
        double *m = mem_realloc(*d[i], (size_t)cap * sizeof(double));
        if (!m)
            return -1;
        *d[i] = m;
    }
    uint64_t *id = mem_realloc(p->id, (size_t)cap * sizeof(uint64_t));
    if (!id)
        return -1;
    p->id = id;
    long *cell = mem_realloc(p->cell, (size_t)cap * sizeof(long));
    if (!cell)
        return -1;
    p->cell = cell;
    p->cap = cap;
    return 0;
}

void pfile_free(struct pfile_particles *p)
{
    for (int a = 0; a < 3; a++) {
        mem_free(p->x[a]);
        mem_free(p->u[a]);
    }
    mem_free(p->w);
    mem_free(p->id);
    mem_free(p->cell);
    memset(p, 0, sizeof *p);
}

/* The species' group: basePath with %T the iteration, then particlesPath, then the name. */
static hid_t open_species(struct reader *r, hid_t file)
{
    const struct cfg_from_file *f = &r->sp->file;
    char base[256], parts[256], path[1300];
    if (attr_string(file, "basePath", base, sizeof base) || attr_string(file, "particlesPath", parts, sizeof parts)) {
        fail_at(r, "path", "'%s' is no openPMD particle file: it lacks the attributes basePath and particlesPath", f->path);
        return H5I_INVALID_HID;
    }
    char *t = strstr(base, "%T");
    char iter[560];
    if (t) {
        *t = '\0';
        snprintf(iter, sizeof iter, "%s%ld%s", base, f->iteration, t + 2);
    } else {
        snprintf(iter, sizeof iter, "%s", base);
    }
    if (H5Lexists(file, iter, H5P_DEFAULT) <= 0) {
        /* the iterations are the members of basePath's part before %T ("/data/") */
        char have[256] = "nothing";
        if (t && base[0] && H5Lexists(file, base, H5P_DEFAULT) > 0) {
            hid_t d = H5Gopen2(file, base, H5P_DEFAULT);
            if (d >= 0) {
                members(d, have);
                H5Gclose(d);
            }
        }
        fail_at(r, "iteration", "'%s' holds no iteration %ld (it holds %s)", f->path, f->iteration, have);
        return H5I_INVALID_HID;
    }
    snprintf(path, sizeof path, "%s%s", iter, parts);
    hid_t pg = H5Lexists(file, path, H5P_DEFAULT) > 0 ? H5Gopen2(file, path, H5P_DEFAULT) : H5I_INVALID_HID;
    if (pg < 0 || H5Lexists(pg, f->species, H5P_DEFAULT) <= 0) {
        char have[256] = "nothing";
        if (pg >= 0)
            members(pg, have);
        fail_at(r, "species", "iteration %ld of '%s' has no particle species '%s' (it has %s)", f->iteration, f->path,
                f->species, have);
        if (pg >= 0)
            H5Gclose(pg);
        return H5I_INVALID_HID;
    }
    hid_t g = H5Gopen2(pg, f->species, H5P_DEFAULT);
    H5Gclose(pg);
    return g;
}

/* The densest plasma a macro-particle may stand for (m^-3): none is near it, and below it the
 * charge density q w / dV stays finite in single precision. */
#define PFILE_DENSITY_MAX 1e40

/* Whether particle k of the columns v (momentum at 6..8, weighting at 9, SI) is unfit to load:
 * its weighting not finite, > 0 and <= w_max, or a momentum component not finite or beyond
 * GEN_U_MAX (gamma v / c), which the push could not take; `why` says which. */
static int bad_particle(double *const *v, hsize_t k, double p_mom, double mass, double w_max, char *why,
                        size_t len)
{
    const double weight = v[9][k];
    if (!(isfinite(weight) && weight > 0 && weight <= w_max)) {
        snprintf(why, len, "weighting %g; expected a finite number > 0 and <= %g (%g m^-3 times the cell volume)",
                 weight, w_max, PFILE_DENSITY_MAX);
        return 1;
    }
    const double per = p_mom != 0 ? pow(weight, -p_mom) : 1.0;
    for (int a = 0; a < 3; a++) {
        const double u = v[6 + a][k] * per / mass / PICL_C;
        if (!(fabs(u) <= GEN_U_MAX)) {
            snprintf(why, len, "momentum %c of %g (gamma v / c); expected a finite number with |u| <= %g", "xyz"[a], u,
                     GEN_U_MAX);
            return 1;
        }
    }
    return 0;
}

/* Global cell of a particle at x (cells), or -1 outside the domain. */
static long cell_of(const struct gen_layout *lay, const double *x)
{
    long i[3];
    for (int a = 0; a < 3; a++) {
        if (!(x[a] >= 0 && x[a] < lay->cells[a]))
            return -1;
        i[a] = (long)floor(x[a]);
    }
    return i[0] + lay->cells[0] * (i[1] + (long)lay->cells[1] * i[2]);
}

static int mine(const struct gen_layout *lay, long cell)
{
    const long i = cell % lay->cells[0], j = cell / lay->cells[0] % lay->cells[1],
               k = cell / ((long)lay->cells[0] * lay->cells[1]);
    const int b = (int)(i / lay->box[0] + lay->nbox[0] * (j / lay->box[1] + lay->nbox[1] * (k / lay->box[2])));
    return gen_box_slot(lay, b) >= 0;
}

/* Cell of position xs (m) as the device will hold it (single: a float), in cells of the domain. */
static long cell_at(const struct gen_layout *lay, int single, const double xs[3], double xc[3])
{
    for (int a = 0; a < 3; a++) {
        xc[a] = (xs[a] - lay->lower[a]) / lay->dx[a];
        if (single && xc[a] >= 0 && xc[a] < lay->cells[a]) {
            float x = (float)xc[a];
            xc[a] = x < (float)lay->cells[a] ? x : nextafterf((float)lay->cells[a], 0.0f);
        }
    }
    return cell_of(lay, xc);
}

/* species.particles: the listed particles, as a file's (u given as gamma v / c). */
static int list_read(const struct cfg_species *sp, const struct gen_layout *lay, int single, int *count,
                     struct pfile_particles *out, char *err, size_t err_len)
{
    const struct cfg_from_file *f = &sp->file;
    for (int k = 0; k < f->n_list; k++) {
        double xc[3];
        const long cell = cell_at(lay, single, f->list_x[k], xc);
        if (cell < 0) {
            snprintf(err, err_len, "%s: species.%s.particles.%d.position: {%.9g, %.9g, %.9g} m lies outside the domain; "
                     "expected a position inside grid.lower .. grid.upper", f->where, sp->name, k + 1, f->list_x[k][0],
                     f->list_x[k][1], f->list_x[k][2]);
            return -1;
        }
        count[cell]++;
        if (!out || !mine(lay, cell))
            continue;
        if (keep_grow(out)) {
            snprintf(err, err_len, "species %s: out of host memory for its listed particles", sp->name);
            return -1;
        }
        const long at = out->n++;
        for (int a = 0; a < 3; a++) {
            out->x[a][at] = xc[a];
            out->u[a][at] = f->list_u[k][a] * PICL_C;
        }
        out->w[at] = f->list_w[k];
        out->id[at] = (uint64_t)k;
        out->cell[at] = cell;
    }
    return 0;
}

int pfile_read(const struct cfg_species *sp, const struct gen_layout *lay, int single, int *count,
               struct pfile_particles *out, char *err, size_t err_len)
{
    if (sp->file.n_list > 0) {
        memset(count, 0, sizeof(int) * (size_t)lay->cells[0] * lay->cells[1] * lay->cells[2]);
        if (out)
            memset(out, 0, sizeof *out);
        int rc = list_read(sp, lay, single, count, out, err, err_len);
        if (rc && out)
            pfile_free(out);
        return rc;
    }
    struct reader r = {.sp = sp, .err = err, .err_len = err_len};
    const double w_max = PFILE_DENSITY_MAX * lay->dx[0] * lay->dx[1] * lay->dx[2];
    const struct cfg_from_file *f = &sp->file;
    struct pfile_particles none;
    if (!out)
        out = &none;
    static const char *const axes[3] = {"x", "y", "z"};
    struct comp pos[3], off[3], mom[3], w;
    struct comp *all[10] = {&pos[0], &pos[1], &pos[2], &off[0], &off[1], &off[2], &mom[0], &mom[1], &mom[2], &w};
    for (int i = 0; i < 10; i++)
        all[i]->d = H5I_INVALID_HID;
    double *buf = NULL;
    hid_t file = H5I_INVALID_HID, g = H5I_INVALID_HID;
    int rc = -1;
    memset(out, 0, sizeof *out);
    memset(count, 0, sizeof(int) * (size_t)lay->cells[0] * lay->cells[1] * lay->cells[2]);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    struct stat st;
    if (stat(f->path, &st)) {
        fail_at(&r, "path", "cannot open '%s': %s", f->path, strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) { /* HDF5 opens what it is given: a FIFO would wait for a writer */
        fail_at(&r, "path", "'%s' is %s, not a regular file; expected an openPMD HDF5 file", f->path,
                file_kind(st.st_mode));
        goto done;
    }
    if (H5Fis_hdf5(f->path) <= 0 || (file = H5Fopen(f->path, H5F_ACC_RDONLY, H5P_DEFAULT)) < 0) {
        fail_at(&r, "path", "'%s' is not an HDF5 file HDF5 can open", f->path);
        goto done;
    }
    if ((g = open_species(&r, file)) < 0)
        goto done;
    double p_pos = 0, p_off = 0, p_mom = 0, p_w = 0;
    int has_off = H5Lexists(g, "positionOffset", H5P_DEFAULT) > 0; /* openPMD asks for it; a missing one is 0 */
    if (record_attrs(&r, g, "position", dim_length, "a length", &p_pos) ||
        (has_off && record_attrs(&r, g, "positionOffset", dim_length, "a length", &p_off)) ||
        record_attrs(&r, g, "momentum", dim_momentum, "a momentum (kg m/s)", &p_mom) ||
        record_attrs(&r, g, "weighting", dim_none, "a number (dimensionless)", &p_w))
        goto done;
    if (p_pos != 0 || (has_off && p_off != 0)) {
        fail_at(&r, "species", "positions are macroWeighted with a weightingPower; expected those of one particle");
        goto done;
    }
    for (int a = 0; a < 3; a++) {
        char key[64];
        /* 2D, 1D: a dropped axis' position is not read (a 2D file has none); the particle sits at
         * y = 0 m, the middle of the axis' one cell */
        snprintf(key, sizeof key, "position/%s", axes[a]);
        if (gen_has_axis(lay, a) && comp_open(&r, g, key, key, &pos[a]))
            goto done;
        snprintf(key, sizeof key, "positionOffset/%s", axes[a]);
        if (gen_has_axis(lay, a) && has_off && comp_open(&r, g, key, key, &off[a]))
            goto done;
        snprintf(key, sizeof key, "momentum/%s", axes[a]);
        if (comp_open(&r, g, key, key, &mom[a]))
            goto done;
    }
    if (comp_open(&r, g, "weighting", "weighting", &w))
        goto done;
    const long n = mom[0].n;
    for (int i = 0; i < 10; i++)
        if ((i < 3 || i > 5 || has_off) && (i >= 6 || gen_has_axis(lay, i % 3)) && all[i]->n != n) {
            fail_at(&r, "species", "its records hold different numbers of particles (%ld and %ld)", n, all[i]->n);
            goto done;
        }
    buf = mem_alloc(sizeof(double) * 10 * PFILE_CHUNK);
    if (!buf) {
        fail_at(&r, "path", "out of host memory for reading");
        goto done;
    }
    double *v[10];
    for (int i = 0; i < 10; i++)
        v[i] = buf + (size_t)i * PFILE_CHUNK;
    long outside = -1, bad = -1; /* the first particle outside the domain, with a bad weight or momentum */
    char why[160] = "";
    for (long first = 0; first < n; first += PFILE_CHUNK) {
        const hsize_t m = (hsize_t)(n - first < PFILE_CHUNK ? n - first : PFILE_CHUNK);
        for (int i = 0; i < 10; i++) {
            if ((i >= 3 && i <= 5 && !has_off) || (i < 6 && !gen_has_axis(lay, i % 3))) {
                memset(v[i], 0, sizeof(double) * m);
                continue;
            }
            if (comp_read(&r, all[i], i < 3 ? "position" : i < 6 ? "positionOffset" : i < 9 ? "momentum" : "weighting",
                          (hsize_t)first, m, v[i]))
                goto done;
        }
        for (hsize_t k = 0; k < m; k++) {
            double xs[3], xc[3];
            int inside = 1;
            for (int a = 0; a < 3; a++) {
                /* openPMD: the position is position + positionOffset, each times its unitSI */
                xs[a] = v[a][k] + v[3 + a][k] + f->offset[a];
                if (f->has_region && !(xs[a] >= f->lower[a] && xs[a] < f->upper[a]))
                    inside = 0;
                xc[a] = (xs[a] - lay->lower[a]) / lay->dx[a];
                /* in single precision the cell is that of the position the device will hold */
                if (single && xc[a] >= 0 && xc[a] < lay->cells[a]) {
                    float x = (float)xc[a];
                    xc[a] = x < (float)lay->cells[a] ? x : nextafterf((float)lay->cells[a], 0.0f);
                }
            }
            if (!inside)
                continue;
            const long cell = cell_of(lay, xc);
            if (cell < 0) {
                if (outside < 0)
                    outside = first + (long)k;
                continue;
            }
            /* every rank sees every particle here, so all refuse the same one */
            if (bad < 0 && bad_particle(v, k, p_mom, sp->mass, w_max, why, sizeof why))
                bad = first + (long)k;
            count[cell]++;
            if (out == &none || !mine(lay, cell))
                continue;
            if (keep_grow(out)) {
                fail_at(&r, "path", "out of host memory for the particles of this rank");
                goto done;
            }
            const double weight = v[9][k];
            /* per physical particle: a macro-weighted momentum is that of all `weight` of them */
            const double per = p_mom != 0 ? pow(weight, -p_mom) : 1.0;
            const long at = out->n++;
            for (int a = 0; a < 3; a++) {
                out->x[a][at] = xc[a];
                out->u[a][at] = (p_mom != 0 ? v[6 + a][k] * per : v[6 + a][k]) / sp->mass;
            }
            out->w[at] = weight;
            out->id[at] = (uint64_t)(first + (long)k);
            out->cell[at] = cell;
        }
    }
    if (bad >= 0) {
        fail_at(&r, "", "particle %ld of '%s' (and maybe others) has %s (docs/input.md, \"Bounds on values\")", bad,
                f->path, why);
        goto done;
    }
    if (outside >= 0) {
        fail_at(&r, "region", "particle %ld of '%s' (and maybe others) lies outside the domain; expected every particle "
                "inside grid.lower .. grid.upper, or a from_file.region (or offset) that keeps only those inside",
                outside, f->path);
        goto done;
    }
    rc = 0;
done:
    for (int i = 0; i < 10; i++)
        comp_close(all[i]);
    if (g >= 0)
        H5Gclose(g);
    if (file >= 0)
        H5Fclose(file);
    mem_free(buf);
    if (rc || out == &none)
        pfile_free(out);
    return rc;
}

int pfile_fill(struct species *sp, struct ctx *c, const struct pfile_particles *p, long *offset,
               const size_t elem_of[PA_ATTRS], char *err, size_t err_len)
{
    const int dbl = c->real_size == sizeof(double);
    const size_t slots = (size_t)sp->slots;
    long *slot = mem_alloc((size_t)(p->n ? p->n : 1) * sizeof(long));
    void *host = mem_calloc(slots ? slots : 1, 8);
    int rc = -1;
    if (!slot || !host) {
        snprintf(err, err_len, "species %s: out of host memory for loading %ld particles from a file", sp->cfg->name,
                 p->n);
        goto done;
    }
    /* a stable counting sort: in each cell, the order of the file */
    for (long i = 0; i < p->n; i++)
        slot[i] = offset[p->cell[i]]++;
    for (int a = 0; a < PA_ATTRS; a++) {
        const size_t elem = elem_of[a];
        if (!elem)
            continue;
        for (long i = 0; i < p->n; i++) {
            const long k = slot[i];
            if (a == PA_ID) {
                ((cl_ulong *)host)[k] = p->id[i];
                continue;
            }
            if (a == PA_LEVEL) { /* a species from a file is never ionizable: its level is unused */
                ((cl_int *)host)[k] = 0;
                continue;
            }
            double v = a <= PA_Z ? p->x[a - PA_X][i] : a <= PA_UZ ? p->u[a - PA_UX][i] : p->w[i];
            if (dbl) {
                ((double *)host)[k] = v;
            } else { /* positions are floats already (pfile_read) */
                ((float *)host)[k] = (float)v;
            }
        }
        cl_int cl = clEnqueueWriteBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, 0, slots * elem, host, 0, NULL,
                                         NULL);
        if (cl != CL_SUCCESS) {
            snprintf(err, err_len, "species %s: writing particles from a file failed: %s", sp->cfg->name,
                     device_error_name(cl));
            goto done;
        }
    }
    rc = 0;
done:
    mem_free(slot);
    mem_free(host);
    return rc;
}
