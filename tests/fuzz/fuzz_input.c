/* fuzz_input.c: libFuzzer harness of the input loader (make fuzz): each input is written to a
 * file and loaded as picl would (cfg_load, then the expression checks); it must load or be
 * refused with a message, within the Lua limits set low here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "config.h"
#include "exprs.h"
#include "luamod.h"
#include "mem.h"

static char path[64];
static struct picl_config *cfg;

static void remove_input(void)
{
    remove(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[256];
    snprintf(path, sizeof path, "/tmp/picl-fuzz-input-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        abort();
    close(fd);
    atexit(remove_input);
    /* a fuzzer finds endless loops fast; a second each keeps the run moving */
    if (luamod_set_limits("1,256", err, sizeof err))
        abort();
    cfg = mem_calloc(1, sizeof *cfg);
    return cfg ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f))
        abort();
    char err[4096] = "";
    const char *sets[1] = {"steps=1"};
    int rc = cfg_load(cfg, path, sets, size % 2, err, sizeof err);
    if (rc == 0)
        rc = gen_exprs_check(cfg, err, sizeof err);
    if (rc && !err[0])
        abort(); /* a refusal without a message */
    return 0;
}
