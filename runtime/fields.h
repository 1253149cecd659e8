/* fields.h: E, B, J and rho of every box in one arena buffer, the Maxwell solver's launches,
 * and the guard exchanges between boxes (FillBoundary, SumBoundary). */
#ifndef PICL_FIELDS_H
#define PICL_FIELDS_H

#include "ctx.h"
#include "guards.h"

struct exchange;
struct pml;
struct lasers;
struct psatd_solver;

struct fields {
    struct arena_buf buf; /* FC_COUNT components x n_boxes x box_stride reals */
    struct arena_buf sums; /* partial sums of reduce_fields, one row per (j, k, box) */
    size_t rows;
    double *sums_host;
    double gauss_scale; /* max |rho/eps0| when the Gauss reference was stored */
    struct kernel init, push_B_half, push_E, reduce, gauss;
    struct kernel filter[3], filter_rho[3]; /* binomial passes along x, y, z */
    struct kernel godfrey; /* the Godfrey filter's copy of E and B (filter.godfrey) */
    struct guards guards; /* FillBoundary and SumBoundary between this rank's boxes */
    struct exchange *xc; /* guards other ranks own; NULL on one rank */
    struct psatd_solver *psatd; /* solver psatd: the spectral step instead of the leapfrog; else NULL */
    /* borrowed from the run, NULL when it has none: corrections between a Maxwell update and
     * its guard fill (pml.c, laser.c) */
    struct pml *pml;
    struct lasers *lasers;
};

int fields_create(struct fields *f, struct ctx *c, char *err, size_t err_len);
void fields_destroy(struct fields *f, struct ctx *c);
/* Evaluates the input's initial fields, zeroes J and rho, fills guards. */
int fields_initialize(struct fields *f, struct ctx *c, char *err, size_t err_len);
/* FillBoundary g (enum xgroup_id of exchange.h): this rank's boxes by plan, then the exchange
 * with other ranks; for stages outside this module (the moving window). */
int fields_fill_group(struct fields *f, struct ctx *c, int g, char *err, size_t err_len);
/* Zeroes J (guards included) before deposition. */
int fields_zero_J(struct fields *f, struct ctx *c, char *err, size_t err_len);
int fields_zero_rho(struct fields *f, struct ctx *c, char *err, size_t err_len);
int fields_zero_phi(struct fields *f, struct ctx *c, char *err, size_t err_len);
int fields_sum_J(struct fields *f, struct ctx *c, char *err, size_t err_len);
/* The input's binomial passes on J (filter.passes), each after a FillBoundary of J. */
int fields_filter_J(struct fields *f, struct ctx *c, char *err, size_t err_len);
/* The same passes on rho, for the charge-conservation diagnostic. */
int fields_filter_rho(struct fields *f, struct ctx *c, char *err, size_t err_len);
int fields_sum_rho(struct fields *f, struct ctx *c, char *err, size_t err_len);
/* One leapfrog step of Maxwell's equations from time t with the J already summed: B half step,
 * E, B half step, with guards refreshed so that E and B are ready for the next gather. The PML
 * and the lasers' magnetic sheets act after each update, before its guard fill. With PSATD, E
 * and B go from t to t + dt together in k-space (psatd_solver.c), then the same guard fill. */
int fields_advance(struct fields *f, struct ctx *c, double t, char *err, size_t err_len);
/* With filter.godfrey: the filtered copy of E and B that the gather reads, from the E and B
 * of now (guards filled); before every gather. Nothing otherwise. */
int fields_godfrey(struct fields *f, struct ctx *c, char *err, size_t err_len);
/* Runs row reduction k (two values per row of NX valid cells, written to f->sums) and combines
 * the rows of every box and rank: by sum, or by maximum when `max` is set. `what` names the
 * host's wait for the sums (device_waited; a string that outlives the run). */
int fields_reduce_rows(struct fields *f, struct ctx *c, struct kernel *k, int max, const char *what, double out[2],
                       char *err, size_t err_len);
/* Electric and magnetic energy in J (eps0/2 E^2 and B^2/(2 mu0) summed over cells times dV). */
int fields_energy(struct fields *f, struct ctx *c, double *we, double *wb, char *err, size_t err_len);
/* The same per azimuthal mode in RZ, we[m] and wb[m] for m = 0 .. modes - 1 (docs/rz.md, "Field
 * energy"); one entry, the whole energy, in the other geometries. fields_energy is their sum. */
#define FIELDS_MAX_MODES 8 /* the schema's largest `modes` */
int fields_energy_modes(struct fields *f, struct ctx *c, double *we, double *wb, char *err, size_t err_len);
/* Charge conservation: max |G - G0| / scale with G = div E - rho/eps0 and G0 its value when store
 * was last set (rho must be deposited and summed). The scale is the largest of max |rho/eps0| and
 * species_scale (the largest one species' max |rho/eps0|), now or at the reference (absolute when
 * all are zero). */
int fields_gauss(struct fields *f, struct ctx *c, int store, double species_scale, double *residual, char *err,
                 size_t err_len);
/* max |rho/eps0| over the nodes the residual counts (rho deposited and summed). */
int fields_rho_max(struct fields *f, struct ctx *c, double *rho_max, char *err, size_t err_len);
/* Copies the valid cells of component `comp` of all boxes into out[cells_x * cells_y * cells_z]
 * (global index, x fastest), converted to double. */
int fields_read(struct fields *f, struct ctx *c, enum field_comp comp, double *out, char *err, size_t err_len);
/* The same for n_comp consecutive components from `first` (out holds n_comp whole grids), in one
 * read from the device: E and B together for the back-transformed diagnostics. */
int fields_read_comps(struct fields *f, struct ctx *c, enum field_comp first, int n_comp, double *out, char *err,
                      size_t err_len);

#endif
