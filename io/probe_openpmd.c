/* probe_openpmd.c: a line or plane probe as two openPMD 1.1.0 vector mesh records, E and B, on
 * the probe's own grid: the axes it spans (a plane's second first, dataOrder "C"), gridSpacing
 * the points' spacing, gridGlobalOffset the start corner, position 0 (the values are at the
 * points), gridUnitSI 1 (m). The probe's fixed coordinates are in the attribute probeStart. */
#include "probe_openpmd.h"

#include <stdio.h>
#include <string.h>

#include "mesh_file.h"

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
        bad |= meshf_write_rank0(file, d, n, dims, comp) != 0; /* collective: made whatever the attributes gave */
    }
    H5Gclose(rec);
    return bad ? -1 : 0;
}

struct probe_data {
    const struct cfg_probe *p;
    const double *values;
};

static int write_records(struct hio_file *file, hid_t meshes, const void *arg)
{
    const struct probe_data *pd = arg;
    return write_vector(file, meshes, pd->p, 0, pd->values) || write_vector(file, meshes, pd->p, 3, pd->values);
}

int probe_opmd_write(const struct io_state *io, const struct cfg_probe *p, const double *values, char *err,
                     size_t err_len)
{
    const struct probe_data data = {p, values};
    return meshf_write(io, "diagnostics.probes", p->name, write_records, &data, err, err_len);
}
