/* hist_openpmd.c: a histogram as one openPMD 1.1.0 scalar mesh record (hist_openpmd.h). Its
 * axes are the histogram's quantities, first axis last (dataOrder "C", the first varies fastest
 * as in the CSV); gridSpacing and gridGlobalOffset are the bin width and the range's lower edge
 * in each axis' own unit (m, gamma v / c, J, or none for gamma), gridUnitSI 1: openPMD 1.1 has
 * one grid unit for all axes, so a mixed phase space says its units in axisLabels' names
 * (docs/output.md). position 0.5: the values are at the bins' centres. */
#include "hist_openpmd.h"

#include <stdio.h>
#include <string.h>

#include "mesh_file.h"

/* The record: dataset, its mesh attributes, the bins written by rank 0 (collective). */
struct hist_data {
    const struct cfg_hist *h;
    const double *bins;
};

static int write_record(struct hio_file *file, hid_t meshes, const void *arg)
{
    const struct cfg_hist *h = ((const struct hist_data *)arg)->h;
    const double *bins = ((const struct hist_data *)arg)->bins;
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
    /* the write is collective: made whatever the attributes gave */
    return meshf_write_rank0(file, d, n, dims, bins) || bad ? -1 : 0;
}

int hist_opmd_write(const struct io_state *io, const struct cfg_hist *h, const double *bins, char *err,
                    size_t err_len)
{
    const struct hist_data data = {h, bins};
    return meshf_write(io, "diagnostics.histograms", h->name, write_record, &data, err, err_len);
}
