/* checkpoint_format.h: what the checkpoint writer and reader agree on (io/ only): the file's name,
 * the per-box datasets beside the particles, the arrays' types in a file and a rank's boxes in it. */
#ifndef PICL_CHECKPOINT_FORMAT_H
#define PICL_CHECKPOINT_FORMAT_H

#include <stdint.h>

#include "hdf5io.h"
#include "io_state.h"

#define CKPT_MAGIC "picl checkpoint"
#define CKPT_PREFIX "checkpoint_"
#define CKPT_MAX_LISTED 4096

/* Per box and species beside the particles, one dataset each: the box's state (templates/kernel_iface.h:
 * its count, absorbed-face counters and the moving window's dropped and injected counters), its
 * offset into the packed arrays and its room (slots, outbox slots). */
#define CKPT_STATE_ENUM_(name, first, n) BOX_##name,
enum { PICL_BOX_STATE(CKPT_STATE_ENUM_) BOX_OFFSET, BOX_ROOM, BOX_SETS };
struct ckpt_box_set {
    const char *name;
    int width; /* 0: [n_boxes], else [n_boxes][width] */
    int at; /* a box's state: its first box-table entry; else -1 */
};
extern const struct ckpt_box_set ckpt_box_sets[BOX_SETS];
/* Entries per box of set i (1 for a [n_boxes] set). */
size_t ckpt_box_width(int i);

/* The sets for n boxes, in one allocation. */
struct ckpt_box_rows {
    int64_t *set[BOX_SETS];
};
int ckpt_box_rows_alloc(struct ckpt_box_rows *r, int n);
void ckpt_box_rows_free(struct ckpt_box_rows *r);

/* The particle attributes in a file: dataset names, HDF5 types, bytes, and when a run keeps one. */
extern const char *const ckpt_array_names[PA_ATTRS];
hid_t ckpt_real_type(const struct ctx *c);
hid_t ckpt_array_type(const struct ctx *c, int a);
size_t ckpt_array_elem(const struct ctx *c, int a);
enum pa_kept ckpt_array_kept(int a);

/* Selects, in the file space of a per-box dataset, the entries of this rank's boxes: the dataset
 * is [n_boxes] (lead 0, row 0), [n_boxes][row] (lead 0) or [lead][n_boxes][row]. */
int ckpt_select_my_boxes(hid_t fs, const struct gen_layout *lay, hsize_t lead, hsize_t row);
/* The field components a checkpoint holds: FC_COUNT, each with its MODE_COMPS parts in RZ. */
int ckpt_field_comps(const struct ctx *c);
/* Checksum of local box s's fields, all components with their guards. */
uint64_t ckpt_box_fields_hash(const struct ctx *c, const char *host, int s);
/* Steps of the complete checkpoints in dir, newest first; returns how many (at most max). */
int ckpt_list(const char *dir, long *steps, int max);

#endif
