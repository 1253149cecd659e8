/* probe_openpmd.c: a line or plane probe as two openPMD 1.1.0 vector mesh records, E and B, on
 * the probe's own grid: the axes it spans (a plane's second first, dataOrder "C"), gridSpacing
 * the points' spacing, gridGlobalOffset the start corner, position 0 (the values are at the
 * points), gridUnitSI 1 (m). The probe's fixed coordinates are in the attribute probeStart. */
#include "probe_openpmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hdf5io.h"

static int root_attrs(hid_t f)
{
    char date[64], author[128], deps[128];
    hio_date(date, sizeof date);
    const char *user = getenv("USER");
    snprintf(author, sizeof author, "%s", user && user[0] ? user : "unknown");
    unsigned maj, min, rel;
    H5get_libversion(&maj, &min, &rel);
    snprintf(deps, sizeof deps, "HDF5@%u.%u.%u;OpenCL@1.2", maj, min, rel);
    return hio_attr_string(f, "openPMD", "1.1.0") | hio_attr_u32(f, "openPMDextension", 0) |
           hio_attr_string(f, "basePath", "/data/%T/") | hio_attr_string(f, "meshesPath", "meshes/") |
           hio_attr_string(f, "iterationEncoding", "fileBased") |
           hio_attr_string(f, "iterationFormat", "openpmd_%06T.h5") | hio_attr_string(f, "author", author) |
           hio_attr_string(f, "software", "picl") | hio_attr_string(f, "softwareVersion", PICL_VERSION) |
           hio_attr_string(f, "softwareDependencies", deps) | hio_attr_string(f, "date", date);
}

/* Record E (first = 0) or B (first = 3): its mesh attributes on the group, one dataset per
 * component written by rank 0. */
static int write_vector(struct hio_file *file, hid_t meshes, const struct cfg_probe *p, int first, const double *values)
{
    static const double dim_E[7] = {1, 1, -3, -1, 0, 0, 0}, dim_B[7] = {0, 1, -2, -1, 0, 0, 0};
    static const char *const axis_names[3] = {"x", "y", "z"};
    const int n = p->kind == CFG_PROBE_PLANE ? 2 : 1;
    hsize_t dims[2];
    const char *labels[2];
    double spacing[2], offset[2], position[2] = {0, 0};
    for (int v = 0; v < n; v++) { /* file axis v is probe axis n - 1 - v */
        const int pv = n - 1 - v, a = p->axis[pv];
        dims[v] = (hsize_t)p->count[pv];
        labels[v] = axis_names[a];
        spacing[v] = (p->end[a] - p->start[a]) / (p->count[pv] - 1);
        offset[v] = p->start[a];
    }
    hid_t rec = hio_group(meshes, first ? "B" : "E");
    if (rec < 0)
        return -1;
    int bad = hio_attr_string(rec, "geometry", "cartesian") | hio_attr_string(rec, "dataOrder", "C") |
              hio_attr_strings(rec, "axisLabels", labels, n) | hio_attr_doubles(rec, "gridSpacing", spacing, n) |
              hio_attr_doubles(rec, "gridGlobalOffset", offset, n) | hio_attr_double(rec, "gridUnitSI", 1.0) |
              hio_attr_doubles(rec, "unitDimension", first ? dim_B : dim_E, 7) |
              hio_attr_double(rec, "timeOffset", 0.0) | hio_attr_string(rec, "fieldSmoothing", "none") |
              hio_attr_doubles(rec, "probeStart", p->start, 3);
    double comp[CFG_PROBE_MAX_GRID];
    for (int k = 0; !bad && k < 3; k++) {
        for (int q = 0; q < p->n_points; q++)
            comp[q] = values[6 * q + first + k];
        hid_t d = hio_make_dataset(rec, axis_names[k], H5T_NATIVE_DOUBLE, n, dims);
        if (d < 0) {
            bad = 1;
            break;
        }
        bad |= hio_attr_doubles(d, "position", position, n) | hio_attr_double(d, "unitSI", 1.0);
        hid_t fs = H5Dget_space(d), ms = H5Screate_simple(n, dims, NULL);
        if (fs < 0 || ms < 0 || (hio_rank() != 0 && (H5Sselect_none(fs) < 0 || H5Sselect_none(ms) < 0)) ||
            H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, file->dxpl, comp) < 0)
            bad = 1;
        hio_close_transfer(d, fs, ms);
    }
    H5Gclose(rec);
    return bad ? -1 : 0;
}

int probe_opmd_write(const struct io_state *io, const struct cfg_probe *p, const double *values, char *err,
                     size_t err_len)
{
    char dir[CFG_PATH_LEN + CFG_NAME_LEN + 2], path[sizeof dir + 32], base[64];
    snprintf(dir, sizeof dir, "%s/%s", io->ctx->cfg->output_dir, p->name);
    snprintf(path, sizeof path, "%s/openpmd_%06ld.h5", dir, io->step);
    struct hio_file file;
    if (hio_mkdirs(dir, err, err_len) || hio_create(&file, path, 0, err, err_len))
        return -1;
    snprintf(base, sizeof base, "data/%ld/meshes", io->step);
    hid_t meshes = hio_group(file.id, base); /* makes data/<T> too */
    int rc = 0;
    snprintf(base, sizeof base, "data/%ld", io->step);
    hid_t it = meshes >= 0 ? H5Gopen2(file.id, base, H5P_DEFAULT) : H5I_INVALID_HID;
    if (meshes < 0 || it < 0 || root_attrs(file.id) || hio_attr_double(it, "time", io->time) ||
        hio_attr_double(it, "dt", io->ctx->cfg->dt) || hio_attr_double(it, "timeUnitSI", 1.0) ||
        write_vector(&file, meshes, p, 0, values) || write_vector(&file, meshes, p, 3, values)) {
        char why[512];
        hio_reason(why, sizeof why);
        snprintf(err, err_len, "diagnostics.probes.%s: writing '%s' failed%s%s", p->name, file.partial,
                 why[0] ? ": " : "", why);
        rc = -1;
    }
    if (it >= 0)
        H5Gclose(it);
    if (meshes >= 0)
        H5Gclose(meshes);
    char finish_err[1024] = "";
    if (hio_finish(&file, rc == 0, 0, finish_err, sizeof finish_err) && rc == 0) {
        snprintf(err, err_len, "diagnostics.probes.%s: %s", p->name, finish_err);
        rc = -1;
    }
    return rc;
}
