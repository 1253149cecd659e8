/* gen.h: the kernel generator. A pure function from the resolved configuration and a few
 * device facts to OpenCL C source: it never calls OpenCL, so it is tested without a device. */
#ifndef PICL_GEN_H
#define PICL_GEN_H

#include <stddef.h>

#include "config.h"
#include "layout.h"
#include "strbuf.h"

/* What the generator needs to know about the device it writes for. */
struct gen_device {
    char name[256];
    int has_fp64;
    int has_int64_atomics;
    int is_cpu;
    size_t max_work_group;
    size_t local_mem; /* bytes */
    size_t tile_group; /* work items of a local_tiles work-group unless work_group.particles says (0: 64) */
};

/* Physical constants (SI, CODATA 2018), one definition shared by generator and runtime. */
#define PICL_C 299792458.0
#define PICL_EPS0 8.8541878128e-12
#define PICL_MU0 1.25663706212e-6
#define PICL_Q_E 1.602176634e-19
#define PICL_M_E 9.1093837015e-31
#define PICL_M_P 1.67262192369e-27
#define PICL_PI 3.14159265358979323846

/* Writes the whole program for this run into out (appending). Returns nonzero with a message
 * naming the input key when the configuration cannot be generated. */
int gen_program(const struct picl_config *cfg, const struct gen_device *dev, struct strbuf *out,
                char *err, size_t err_len);

/* The same for one rank of several: lay is the layout decomp_apply narrowed to the rank's
 * boxes (NULL: the whole domain on one rank). */
int gen_program_for(const struct picl_config *cfg, const struct gen_device *dev, const struct gen_layout *lay,
                    struct strbuf *out, char *err, size_t err_len);

/* The deposition strategy a run uses on this device ("auto" resolved): on CPUs simd_cells where
 * it applies, else deterministic; elsewhere global_atomics. dev NULL: as on a CPU. */
enum cfg_strategy gen_strategy(const struct picl_config *cfg, const struct gen_device *dev);

/* Why deposition_strategy "simd_cells" does not apply to this run (a phrase naming the key),
 * NULL when it does: it needs the particles of a cell to share the nodes of their shapes (odd
 * shape orders, the energy-conserving gather) and Esirkepov's deposition. */
const char *gen_simd_cells_unfit(const struct picl_config *cfg);

/* Particles per vector (VW) of simd_cells. */
int gen_simd_width(const struct picl_config *cfg);

/* deposition_strategy "local_tiles": the cells one work-group deposits into local memory,
 * work_group.tile or, where it is 0, the whole box halved along its longest even axis until
 * the tile's J (three components with NG guard cells on each side) fits the device's local
 * memory. dev NULL: the given tile or the box, unchecked. Returns nonzero with a message that
 * names the key to change when the tile does not divide the box or does not fit. */
int gen_tile(const struct picl_config *cfg, const struct gen_layout *lay, const struct gen_device *dev, int tile[3],
             char *err, size_t err_len);
/* Bytes of local memory the J of a tile takes. */
size_t gen_tile_bytes(const struct picl_config *cfg, const struct gen_layout *lay, const int tile[3]);
/* Work items of a local_tiles work-group: work_group.particles, else the device's default. A
 * literal of the program (TILE_GROUP): with 1, the tile has one writer and needs no atomics. */
size_t gen_tile_group(const struct picl_config *cfg, const struct gen_device *dev);

/* Particle sorting on this device, "auto" (-1) resolved: on CPUs every 16 steps with bins of 4^3
 * cells (the best of the sort study in docs/bench.md), elsewhere never until measured. dev
 * NULL: as on a CPU (the estimate of `picl check --no-build`). */
void gen_sort(const struct picl_config *cfg, const struct gen_device *dev, int *interval, int bin[3]);

/* Particle attributes a run stores (particle_attrs.c): a 64-bit id per particle when a full
 * diagnostic writes particles or particle_ids = true; a weight per particle unless every species
 * gives all its particles one weight, *w (a plasma of uniform density, a beam: returns 1). */
int gen_stores_ids(const struct picl_config *cfg);
int gen_stores_weights(const struct picl_config *cfg);
int gen_species_weight(const struct picl_config *cfg, const struct gen_layout *lay, int s, double *w);
/* m^3 per unit density of one macro-particle of a plasma species: cell volume / particles per cell. */
double gen_weight_per_density(const struct cfg_species *sp, const struct gen_layout *lay);

/* A beam's positions: standard normals cut at |g| <= *cut, times *stretch, reach exactly
 * `truncate` and have unit rms (the runtime's estimate and the tests use it too). */
void gen_beam_cut(double truncate, double *cut, double *stretch);

/* The embedded text of templates/NAME (NULL when there is none). */
const char *gen_template(const char *name, size_t *len);

/* The C identifier the generator gives the expression held by input key `key`. */
void gen_expr_name(const char *key, char *out, size_t len);

#endif
