/* sim.h: one run: the generated program on its device, the fields and species of every box,
 * the time loop, its diagnostics and its summary. */
#ifndef PICL_SIM_H
#define PICL_SIM_H

#include <stdio.h>

#include "collide.h"
#include "ctx.h"
#include "decomp.h"
#include "diags.h"
#include "fields.h"
#include "hdf5io.h"
#include "io_state.h"
#include "laser.h"
#include "openpmd.h"
#include "particles.h"
#include "pml.h"
#include "poisson.h"
#include "reduced.h"
#include "waits.h"
#include "window.h"

struct sim {
    struct ctx ctx;
    struct gen_decomp decomp; /* this rank's boxes (empty on one rank) */
    struct fields fields;
    struct pml pml; /* absorbing layers at the faces with field boundary "pml" */
    struct lasers lasers; /* laser antennas */
    struct poisson *poisson; /* solver "electrostatic": Poisson's equation each step; NULL otherwise */
    struct species species[CFG_MAX_SPECIES];
    int n_species;
    struct reduced reduced;
    struct diags *diags; /* moments, extrema, histograms, probes (io/diags.h); NULL: none asked for */
    struct costs *costs; /* per-box costs (sim/costs.h); NULL: none asked for */
    struct btd *btd; /* back-transformed diagnostics (io/btd.h); NULL: none asked for */
    struct window window; /* the moving window, when the input has one */
    struct collide collide; /* binary collisions (runtime/collide.h); idle without them */
    long step;
    double time; /* s */
    double wall_loop; /* s spent in the time loop */
    double wall_first; /* s of the first step: it includes the driver's just-in-time compiles */
    struct wait_tally waits; /* the host's blocking calls in the loop (picl run -v) */
    /* output: full diagnostics (openpmd.c) and checkpoints (checkpoint_write.c, checkpoint_read.c) */
    struct hio_staging staging; /* host memory reused by every write */
    struct opmd_filter full_filter[CFG_MAX_FULL]; /* each full diagnostic's particle_filter */
    long start_step; /* where this process began: 0, or the step of the checkpoint it continued from */
    int restarted; /* 1 when the state came from a checkpoint (--restart) */
    char restart_path[CFG_PATH_LEN + 64]; /* that checkpoint */
    int stop_signal; /* the signal that ended the run early, or 0 */
    /* load balancing: events so far, and the kernel times when the last interval began */
    int balance_events;
    double balance_particle_time, balance_field_time;
    long io_files;
    double io_bytes, io_seconds; /* data this rank wrote, and the wall time output took */
    double io_bytes_all; /* io_bytes summed over the ranks, once the time loop is over */
};

/* The device memory the arena may take, and whether the estimate fits in it. */
size_t sim_memory_limit(const struct picl_config *cfg, const struct device *dev);
int sim_check_memory(const struct picl_config *cfg, const struct device *dev, char *err, size_t err_len);
/* The PMLs and the laser antennas, once the fields exist (their kernels borrow the field buffer). */
int sim_attach_sources(struct sim *s, char *err, size_t err_len);
/* Generates and builds the kernels, allocates and initialises every buffer. */
int sim_create(struct sim *s, const struct picl_config *cfg, struct device *dev, char *err, size_t err_len);
/* The same as one rank of comm (NULL or one rank: sim_create). Collective. */
int sim_create_ranked(struct sim *s, const struct picl_config *cfg, struct device *dev, const struct comm *comm,
                      char *err, size_t err_len);
/* The device side of a run for the layout in s->ctx.lay: arenas and the built program
 * (sim_create's middle; a redistribution between ranks runs it again). sim_unbuild releases the
 * fields, species, program and arenas, keeping everything else. */
int sim_build(struct sim *s, char *err, size_t err_len);
void sim_unbuild(struct sim *s);
/* Moves every box to owner[box] (all ranks pass the same map; collective): the fields and
 * particles of each box travel to their new rank, and the kernels are built for the new map. */
int sim_redistribute(struct sim *s, const int *owner, char *err, size_t err_len);
/* Dynamic load balancing (parallel.balance_interval): the cost of each box from this interval's
 * kernel times, and a redistribution when it lowers the imbalance by more than
 * parallel.balance_threshold. Collective. */
int sim_balance(struct sim *s, char *err, size_t err_len);
/* The estimated cost of each box (particles plus cells), the weights of the distribution. */
int sim_box_weights(const struct picl_config *cfg, const struct gen_layout *lay, double *weight, char *err,
                    size_t err_len);
/* Kernel time since the timers' start, split into particle work (push, particle kernels, rho
 * deposition) and field work: what load balancing and the costs diagnostic apportion to boxes. */
void sim_kernel_times(const struct timers *t, double *particles, double *fields);
/* Charge-conservation residual now (deposits rho of every species); store: make now the
 * reference state. */
int sim_gauss(struct sim *s, int store, double *residual, char *err, size_t err_len);
/* Total particles of all species. */
long sim_particles(const struct sim *s);
/* One PIC step (docs/design.md section 3). */
int sim_step(struct sim *s, char *err, size_t err_len);
/* The whole run: steps, diagnostics at their intervals, progress, and the summary table. */
int sim_run(struct sim *s, char *err, size_t err_len);
void sim_destroy(struct sim *s);
/* The end-of-run summary: steps, particles, time per step, ns per particle per step, the
 * paper's figure of merit, memory and output (the kernel table: timers_print, `run --profile`). */
void sim_summary(const struct sim *s, FILE *out);

/* What io/ sees of the run (pointers into s, its step and time). */
struct io_state sim_io_state(struct sim *s);
/* A checkpoint of the run now, and the run continued from one (io/checkpoint.h through
 * sim_io_state; the names the callers have always used). */
int ckpt_write(struct sim *s, double *bytes, char *path, size_t path_len, char *err, size_t err_len);
int ckpt_restore(struct sim *s, const char *path, char *err, size_t err_len);

/* Generates the program source for cfg on a device with these facts (for `picl gen`). */
int sim_generate(const struct picl_config *cfg, const struct gen_device *facts, struct strbuf *out, char *err,
                 size_t err_len);

#endif
