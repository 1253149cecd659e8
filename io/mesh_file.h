/* mesh_file.h: one openPMD 1.1.0 file of meshes for one iteration, as the reduced diagnostics
 * that write meshes (histograms, line and plane probes) need: the file, its root and iteration
 * attributes, the records the caller writes, and the rename when it is complete. */
#ifndef PICL_MESH_FILE_H
#define PICL_MESH_FILE_H

#include "hdf5io.h"
#include "io_state.h"

/* Writes the records of one diagnostic in <output_dir>/<name>/openpmd_%06T.h5 at io->step:
 * records(file, meshes, arg) makes them in the meshes group. `key` names the diagnostic's kind
 * in a message ("diagnostics.histograms"). Collective. */
int meshf_write(const struct io_state *io, const char *key, const char *name,
                int (*records)(struct hio_file *file, hid_t meshes, const void *arg), const void *arg, char *err,
                size_t err_len);

/* The iteration's particles group, data/<step>/particles, for records that hold particles too
 * (the file's particlesPath names it). H5I_INVALID_HID on failure. */
hid_t meshf_particles(struct hio_file *file, long step);

/* The n-dimensional dataset d of dims, from rank 0's data (every rank holds the same values;
 * the others select nothing). Collective; -1 on failure. */
int meshf_write_rank0(struct hio_file *file, hid_t d, int n, const hsize_t *dims, const double *data);

#endif
