/* fuzz_checkpoint.c: libFuzzer harness of the checkpoint reader's header checks (ckpt_check_header):
 * any bytes as a checkpoint file must give a message, never a crash. `make fuzz-checkpoint`.
 * The run it checks against is inputs/langmuir.lua as tests/fuzz/checkpoint_corpus/seed.h5 was
 * written for (8 x 4 x 4 cells in 2 boxes, 4 steps), so a mutated seed passes the input's hash
 * and reaches the layout, clock and scale checks. No device: the header is plain data. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint.h"
#include "fields.h"
#include "hdf5io.h"
#include "layout.h"

static struct picl_config cfg;
static struct ctx ctx;
static struct fields fields;
static struct pml pml;
static struct io_state io;
static char path[64];

/* The --set options the seed was written with, in this order (the input's hash covers them):
 *   bin/picl run inputs/langmuir.lua --set OPTION ... ; cp ckseed/checkpoint_000004.h5 \
 *       tests/fuzz/checkpoint_corpus/seed.h5 */
static const char *const sets[] = {"stop_time=nil",         "steps=4",
                                   "grid.cells={8,4,4}",    "grid.max_box={4,4,4}",
                                   "species.electrons.ppc={1,1,1}", "species.ions.ppc={1,1,1}",
                                   "diagnostics.full={}",   "diagnostics.reduced={}",
                                   "checkpoint={interval=4, dir=\"ckseed\"}"};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[4096];
    const char *root = getenv("PICL_ROOT");
    char input[4096];
    snprintf(input, sizeof input, "%s/inputs/langmuir.lua", root ? root : ".");
    if (cfg_load(&cfg, input, sets, (int)(sizeof sets / sizeof sets[0]), err, sizeof err) ||
        gen_layout(&cfg, &ctx.lay, err, sizeof err)) {
        fprintf(stderr, "fuzz_checkpoint: %s\n", err);
        exit(1);
    }
    ctx.cfg = &cfg;
    ctx.real_size = cfg.precision == CFG_FLOAT ? 4 : 8;
    io = (struct io_state){.ctx = &ctx, .fields = &fields, .pml = &pml, .n_species = cfg.n_species};
    /* the Gauss scale the run would compute: the seed's own */
    char seed[4096];
    snprintf(seed, sizeof seed, "%s/tests/fuzz/checkpoint_corpus/seed.h5", root ? root : ".");
    hid_t f;
    if (hio_open_read(seed, &f, err, sizeof err) == 0) {
        hio_read_double(f, "gauss_scale", &fields.gauss_scale);
        H5Fclose(f);
    }
    snprintf(path, sizeof path, "/tmp/picl_fuzz_checkpoint_%d.h5", (int)getpid());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    char err[4096];
    long step = 0;
    ckpt_check_header(&io, path, &step, err, sizeof err);
    remove(path);
    return 0;
}
