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

/* The deposition strategy a run uses on this device ("auto" resolved). */
enum cfg_strategy gen_strategy(const struct picl_config *cfg, const struct gen_device *dev);

/* Particle sorting on this device, "auto" (-1) resolved: on CPUs every 16 steps with bins of 4^3
 * cells (the best of the sort study in docs/bench.md), elsewhere never until measured. dev
 * NULL: as on a CPU (the estimate of `picl check --no-build`). */
void gen_sort(const struct picl_config *cfg, const struct gen_device *dev, int *interval, int bin[3]);

/* The embedded text of templates/NAME (NULL when there is none). */
const char *gen_template(const char *name, size_t *len);

/* The C identifier the generator gives the expression held by input key `key`. */
void gen_expr_name(const char *key, char *out, size_t len);

#endif
