/* fuzz_checkpoint.c: libFuzzer harness of the checkpoint reader's header checks (ckpt_check_header):
 * any bytes as a checkpoint file must give a message, never a crash. `make fuzz-checkpoint`.
 * The run it checks against is inputs/langmuir.lua with the --set options of
 * tests/fuzz/checkpoint_sets.txt, which `make fuzz` runs to write the seed checkpoint
 * build-fuzz/seeds/checkpoint/seed.h5 (built, never tracked), written for (8 x 4 x 4 cells in 2 boxes, 4 steps), so a mutated seed passes the input's hash
 * and reaches the layout, clock and scale checks. No device: the header is plain data.
 * Two kinds of input: up to 64 bytes edit one root attribute of the seed (the first byte picks
 * it, the rest are its value's bytes), since HDF5 1.10's metadata checksums stop almost every
 * mutation of a whole file before picl's checks; anything longer is the whole file. */
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
static unsigned char *seed_bytes;
static size_t seed_size;

/* The root attributes a run checks, as written (checkpoint_write.c's layout_attrs). */
static const struct {
    const char *name;
    hid_t *type;
    size_t size;
} attrs[] = {{"time", &H5T_NATIVE_DOUBLE_g, 8},   {"dt", &H5T_NATIVE_DOUBLE_g, 8},
             {"gauss_scale", &H5T_NATIVE_DOUBLE_g, 8}, {"step", &H5T_NATIVE_INT64_g, 8},
             {"ranks", &H5T_NATIVE_INT64_g, 8},   {"species", &H5T_NATIVE_INT64_g, 8},
             {"format_version", &H5T_NATIVE_INT64_g, 8}, {"input_hash", &H5T_NATIVE_UINT64_g, 8},
             {"cells", &H5T_NATIVE_INT_g, 12},    {"box", &H5T_NATIVE_INT_g, 12},
             {"boxes", &H5T_NATIVE_INT_g, 12},    {"real_bytes_guards_components", &H5T_NATIVE_INT_g, 12}};

/* Writes the seed with attribute data[0] set from the bytes after it; 0 when done. */
static int edit_seed(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(seed_bytes, 1, seed_size, f) != seed_size) {
        if (f)
            fclose(f);
        return -1;
    }
    fclose(f);
    const size_t n = sizeof attrs / sizeof attrs[0], i = data[0] % n;
    unsigned char value[16] = {0};
    memcpy(value, data + 1, size - 1 < attrs[i].size ? size - 1 : attrs[i].size);
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (file < 0)
        return -1;
    hid_t a = H5Aopen(file, attrs[i].name, H5P_DEFAULT);
    if (a >= 0) {
        H5Awrite(a, *attrs[i].type, value);
        H5Aclose(a);
    }
    H5Fclose(file);
    return 0;
}

/* The --set options the seed was written with, one a line (the input's hash covers them, in
 * this order): tests/fuzz/checkpoint_sets.txt, which the Makefile's seed rule reads too. */
#define MAX_SETS 16
static char set_lines[MAX_SETS][256];
static const char *sets[MAX_SETS];

static int read_sets(const char *path)
{
    FILE *f = fopen(path, "r");
    int n = 0;
    if (!f)
        return -1;
    while (n < MAX_SETS && fgets(set_lines[n], sizeof set_lines[n], f)) {
        set_lines[n][strcspn(set_lines[n], "\n")] = 0;
        if (set_lines[n][0])
            sets[n] = set_lines[n], n++;
    }
    fclose(f);
    return n;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[4096];
    const char *root = getenv("PICL_ROOT");
    char input[4096], sets_path[4096];
    snprintf(input, sizeof input, "%s/inputs/langmuir.lua", root ? root : ".");
    snprintf(sets_path, sizeof sets_path, "%s/tests/fuzz/checkpoint_sets.txt", root ? root : ".");
    const int n_sets = read_sets(sets_path);
    if (n_sets < 0) {
        fprintf(stderr, "fuzz_checkpoint: cannot read %s\n", sets_path);
        exit(1);
    }
    if (cfg_load(&cfg, input, sets, n_sets, err, sizeof err) ||
        gen_layout(&cfg, &ctx.lay, err, sizeof err)) {
        fprintf(stderr, "fuzz_checkpoint: %s\n", err);
        exit(1);
    }
    ctx.cfg = &cfg;
    ctx.real_size = cfg.precision == CFG_FLOAT ? 4 : 8;
    io = (struct io_state){.ctx = &ctx, .fields = &fields, .pml = &pml, .n_species = cfg.n_species};
    /* the Gauss scale the run would compute: the seed's own */
    char seed[4096];
    snprintf(seed, sizeof seed, "%s/build-fuzz/seeds/checkpoint/seed.h5", root ? root : ".");
    hid_t f;
    if (hio_open_read(seed, &f, err, sizeof err) == 0) {
        hio_read_double(f, "gauss_scale", &fields.gauss_scale);
        H5Fclose(f);
    }
    FILE *in = fopen(seed, "rb");
    if (in && fseek(in, 0, SEEK_END) == 0) {
        long n = ftell(in);
        seed_bytes = n > 0 ? malloc((size_t)n) : NULL;
        if (seed_bytes && fseek(in, 0, SEEK_SET) == 0 && fread(seed_bytes, 1, (size_t)n, in) == (size_t)n)
            seed_size = (size_t)n;
    }
    if (in)
        fclose(in);
    snprintf(path, sizeof path, "/tmp/picl_fuzz_checkpoint_%d.h5", (int)getpid());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 1 && size <= 64 && seed_size) {
        if (edit_seed(data, size))
            return 0;
    } else {
        FILE *f = fopen(path, "wb");
        if (!f)
            return 0;
        fwrite(data, 1, size, f);
        fclose(f);
    }
    char err[4096];
    long step = 0;
    ckpt_check_header(&io, path, &step, err, sizeof err);
    remove(path);
    return 0;
}
