/* hist_openpmd.c: a histogram as one openPMD 1.1.0 scalar mesh record (hist_openpmd.h). Its
 * axes are the histogram's quantities, first axis last (dataOrder "C", the first varies fastest
 * as in the CSV); gridSpacing and gridGlobalOffset are the bin width and the range's lower edge
 * in each axis' own unit (m, gamma v / c, J, or none for gamma), gridUnitSI 1: openPMD 1.1 has
 * one grid unit for all axes, so a mixed phase space says its units in axisLabels' names
 * (docs/output.md). position 0.5: the values are at the bins' centres. */
#include "hist_openpmd.h"

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

/* The record: dataset, its mesh attributes, the bins written by rank 0 (collective). */
static int write_record(struct hio_file *file, hid_t meshes, const struct cfg_hist *h, const double *bins)
{
    static const double dim_none[7] = {0}, dim_charge[7] = {0, 0, 1, 1, 0, 0, 0}; /* C = A s */
    const int n = h->n_axes;
    hsize_t dims[CFG_HIST_MAX_AXES];
    const char *labels[CFG_HIST_MAX_AXES];
    double spacing[CFG_HIST_MAX_AXES], offset[CFG_HIST_MAX_AXES], position[CFG_HIST_MAX_AXES];
    for (int a = 0; a < n; a++) {
        const struct cfg_hist_axis *x = &h->axis[n - 1 - a];
        dims[a] = (hsize_t)x->bins;
        labels[a] = cfg_hist_quantity_names[x->quantity];
        spacing[a] = (x->max - x->min) / x->bins;
        offset[a] = x->min;
        position[a] = 0.5;
    }
    hid_t d = hio_make_dataset(meshes, h->name, H5T_NATIVE_DOUBLE, n, dims);
    if (d < 0)
        return -1;
    int bad = hio_attr_string(d, "geometry", "cartesian") | hio_attr_string(d, "dataOrder", "C") |
              hio_attr_strings(d, "axisLabels", labels, n) | hio_attr_doubles(d, "gridSpacing", spacing, n) |
              hio_attr_doubles(d, "gridGlobalOffset", offset, n) | hio_attr_double(d, "gridUnitSI", 1.0) |
              hio_attr_doubles(d, "unitDimension", h->charge ? dim_charge : dim_none, 7) |
              hio_attr_double(d, "timeOffset", 0.0) | hio_attr_doubles(d, "position", position, n) |
              hio_attr_double(d, "unitSI", 1.0);
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(n, dims, NULL);
    if (fs < 0 || ms < 0 || (hio_rank() != 0 && (H5Sselect_none(fs) < 0 || H5Sselect_none(ms) < 0)) ||
        H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, file->dxpl, bins) < 0)
        bad = 1;
    hio_close_transfer(d, fs, ms);
    return bad ? -1 : 0;
}

int hist_opmd_write(const struct io_state *io, const struct cfg_hist *h, const double *bins, char *err,
                    size_t err_len)
{
    char dir[CFG_PATH_LEN + CFG_NAME_LEN + 2], path[sizeof dir + 32], base[64];
    snprintf(dir, sizeof dir, "%s/%s", io->ctx->cfg->output_dir, h->name);
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
        write_record(&file, meshes, h, bins)) {
        char why[512];
        hio_reason(why, sizeof why);
        snprintf(err, err_len, "diagnostics.histograms.%s: writing '%s' failed%s%s", h->name, file.partial,
                 why[0] ? ": " : "", why);
        rc = -1;
    }
    if (it >= 0)
        H5Gclose(it);
    if (meshes >= 0)
        H5Gclose(meshes);
    char finish_err[1024] = "";
    if (hio_finish(&file, rc == 0, 0, finish_err, sizeof finish_err) && rc == 0) {
        snprintf(err, err_len, "diagnostics.histograms.%s: %s", h->name, finish_err);
        rc = -1;
    }
    return rc;
}
