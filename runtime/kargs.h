/* kargs.h: every kernel's parameters as the host knows them, by name in the order of the
 * template's list. The host sets an argument by its name; tests/unit/test_kernel_args.c checks the
 * table against every kernel of generated programs, so host and template cannot drift apart. */
#ifndef PICL_KARGS_H
#define PICL_KARGS_H


/* Parameters a kernel has in some programs only: the local_tiles push's tile of J in local
 * memory, the particles listed tile by tile that a push going tile by tile reads, and the time
 * and moving window's offset of the pushes of a run with applied_fields. */
enum kargs_variant { KARGS_LOCAL_J = 1, KARGS_TILE_LIST = 2, KARGS_APPLIED = 4 };

struct gen_plan;

/* The variant of the push kernels a run's plan asks for: the strategy row's tile of J in local
 * memory, and the tile list wherever the plan lists particles by tile. */
unsigned kargs_push_variant(const struct gen_plan *plan);

/* A parameter: its name and the variant bits a program needs for the kernel to have it (0: all). */
struct karg {
    const char *name;
    unsigned only;
};

/* The kernels of one parameter list: kernel names, a trailing "*" matching any ending (a species'
 * or laser's suffix, the halo fills, the PML's slabs). */
struct kargs_row {
    const char *kernel;
    const struct karg *arg;
    int n;
};

/* The row of kernel `name`, NULL for a kernel the host does not know. */
const struct kargs_row *kargs_find(const char *name);
/* The parameter names of `row` in a program of `variant`, in order; returns how many (at most max). */
int kargs_names(const struct kargs_row *row, unsigned variant, const char **names, int max);
/* The position of parameter `name` in a program of `variant`, -1 if the kernel has none. */
int kargs_index(const struct kargs_row *row, unsigned variant, const char *name);

#endif
