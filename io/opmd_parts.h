/* opmd_parts.h: what an openPMD particle species is made of, for every writer of particles (full
 * diagnostics, io/openpmd.c; back-transformed snapshots, io/btd.c): the records' attributes,
 * constant components, and one rank's range of a dataset written collectively. */
#ifndef PICL_OPMD_PARTS_H
#define PICL_OPMD_PARTS_H

#include <stdint.h>

#include "hdf5io.h"

/* openPMD's unitDimension (powers of L, M, T, I, theta, N, J) of the particle records. */
extern const double opart_dim_length[7], opart_dim_mass[7], opart_dim_charge[7], opart_dim_momentum[7];

/* Attributes of a particle record; ED-PIC's weightingPower and macroWeighted say how the
 * record scales with the weight (every record is per physical particle except the weight). */
int opart_record_attrs(hid_t rec, const double unit_dimension[7], double time_offset, double weighting_power,
                       uint32_t macro_weighted);
/* A constant record component: the same value for all n particles (*out: its group, open, when
 * not NULL). */
int opart_constant(hid_t parent, const char *name, double value, uint64_t n, hid_t *out);
/* This rank's range of n in a dataset over all ranks: its offset and the total. Collective. */
void opart_range(long n, long *offset, long *total);
/* Writes n elements at [offset, offset + n) of a 1D dataset (collective; n may be 0). */
int opart_write_range(struct hio_file *f, hid_t dset, hid_t memtype, hsize_t offset, hsize_t n, const void *buf);

#endif
