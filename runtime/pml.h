/* pml.h: the perfectly matched layers of a run (templates/pml.cl): their auxiliary arrays, in
 * one arena buffer, and the corrections launched after each Maxwell update. */
#ifndef PICL_PML_H
#define PICL_PML_H

#include "ctx.h"
#include "pml_slabs.h"

struct pml {
    int n; /* slabs; 0: the run has no PML and nothing here is allocated */
    struct gen_pml_slab slab[6];
    long part_reals; /* of one part's slabs (gen_pml_slabs' table) */
    int parts;       /* RZ: the stored parts of the modes (cfg_mode_comps), each with its psi; 1 elsewhere */
    long reals;      /* of the whole psi buffer: part_reals x parts */
    struct arena_buf psi;
    size_t items[2]; /* the kernels' work items: every slab's cells, times the parts */
    struct kernel E, B[2]; /* one for all slabs; B[0]: after the first B half step, B[1]: after the second */
};

/* Allocates and zeroes the psi arrays and binds the kernels to the field buffer `fields`. */
int pml_create(struct pml *p, struct ctx *c, cl_mem fields, char *err, size_t err_len);
void pml_destroy(struct pml *p, struct ctx *c);
/* After the solver's E update (before FillBoundary of E). */
int pml_push_E(struct pml *p, struct ctx *c, char *err, size_t err_len);
/* After B half step `half` (0: the first of a step, 1: the second), before FillBoundary of B. */
int pml_push_B(struct pml *p, struct ctx *c, int half, char *err, size_t err_len);
/* Boxes changing rank (rebalance.c): pml_save copies psi to the host (NULL where there is no
 * PML; mem_free it) before the device side is rebuilt; pml_adopt, on the rebuilt PML, sums the
 * copies of all ranks (each holds its own boxes' cells, zeros elsewhere) and keeps the cells of
 * this rank's new boxes. Collective. */
int pml_save(struct pml *p, struct ctx *c, double **host, char *err, size_t err_len);
int pml_adopt(struct pml *p, struct ctx *c, double *host, char *err, size_t err_len);
/* Checkpoints: pml_gather gives every rank the whole layers' psi (host, as doubles; mem_free
 * it); pml_load keeps, from a whole copy (sum 0) or from the ranks' parts (sum 1, collective),
 * the cells of this rank's boxes and puts them on the device (host is overwritten). */
int pml_gather(struct pml *p, struct ctx *c, double **host, char *err, size_t err_len);
int pml_load(struct pml *p, struct ctx *c, double *host, int sum, char *err, size_t err_len);
/* Bytes of the psi buffer a configuration needs (for the memory estimate). */
double pml_bytes(const struct picl_config *cfg, const struct gen_layout *lay, size_t real_size);

#endif
