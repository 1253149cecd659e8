/* opmd_parts.c: the parts of an openPMD particle species (opmd_parts.h). */
#include "opmd_parts.h"

#include <mpi.h>

const double opart_dim_length[7] = {1, 0, 0, 0, 0, 0, 0};
const double opart_dim_mass[7] = {0, 1, 0, 0, 0, 0, 0};
const double opart_dim_charge[7] = {0, 0, 1, 1, 0, 0, 0}; /* A s */
const double opart_dim_momentum[7] = {1, 1, -1, 0, 0, 0, 0};

int opart_record_attrs(hid_t rec, const double unit_dimension[7], double time_offset, double weighting_power,
                       uint32_t macro_weighted)
{
    return hio_attr_doubles(rec, "unitDimension", unit_dimension, 7) | hio_attr_double(rec, "timeOffset", time_offset) |
           hio_attr_double(rec, "weightingPower", weighting_power) | hio_attr_u32(rec, "macroWeighted", macro_weighted);
}

int opart_constant(hid_t parent, const char *name, double value, uint64_t n, hid_t *out)
{
    hid_t g = hio_group(parent, name);
    if (g < 0)
        return -1;
    int bad = hio_attr_double(g, "value", value) | hio_attr_u64s(g, "shape", &n, 1) | hio_attr_double(g, "unitSI", 1.0);
    if (out && !bad)
        *out = g;
    else
        H5Gclose(g);
    return bad;
}

void opart_range(long n, long *offset, long *total)
{
    *offset = 0;
    *total = n;
    if (hio_mpi()) {
        MPI_Exscan(&n, offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (hio_rank() == 0)
            *offset = 0;
        MPI_Allreduce(&n, total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
}

int opart_write_range(struct hio_file *f, hid_t dset, hid_t memtype, hsize_t offset, hsize_t n, const void *buf)
{
    static const uint64_t none; /* a rank with nothing to write may have no buffer */
    if (!buf)
        buf = &none;
    hid_t fs = H5Dget_space(dset);
    hsize_t one = 1;
    hid_t ms = H5Screate_simple(1, n ? &n : &one, NULL);
    int rc = -1;
    if (fs >= 0 && ms >= 0) {
        herr_t sel = n ? H5Sselect_hyperslab(fs, H5S_SELECT_SET, &offset, NULL, &n, NULL)
                       : (H5Sselect_none(fs) < 0 ? -1 : H5Sselect_none(ms));
        if (sel >= 0 && hio_write(dset, memtype, ms, fs, f->dxpl, buf) >= 0)
            rc = 0;
    }
    hio_close_transfer(H5I_INVALID_HID, fs, ms);
    return rc;
}
