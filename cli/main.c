/* main.c: the picl command line. Parses arguments, loads the input, and decides how to stop:
 * 0 on success, 1 when a run fails, 2 for bad input or usage. Nothing below main() exits. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "checkpoint.h"
#include "agree.h"
#include "writable.h"
#include "comm.h"
#include "mem.h"
#include "config.h"
#include "device.h"
#include "diag_kernels.h"
#include "estimate.h"
#include "exprs_verify.h"
#include "exprs.h"
#include "log.h"
#include "luamod.h"
#include "program.h"
#include "scales.h"
#include "sim.h"
#include "tune.h"

#define ERR_LEN 65536

static const char usage[] =
    "usage: picl COMMAND [options]\n"
    "\n"
    "commands:\n"
    "  run INPUT.lua      run the simulation the input describes\n"
    "  check INPUT.lua    validate the input; print the resolved configuration, the boxes and\n"
    "                     the device memory it needs; build its kernels; run nothing\n"
    "  gen INPUT.lua -o DIR\n"
    "                     write the generated OpenCL program(s) of this run into DIR as .cl files\n"
    "  devices            list OpenCL platforms and devices with their key limits\n"
    "  bench SPEC.lua [-o RESULTS.jsonl]\n"
    "                     sweep the variants a benchmark spec names: time, gate and record each\n"
    "                     as a JSON line (a sweep run again skips what is recorded; docs/bench.md)\n"
    "  bench --report RESULTS.jsonl\n"
    "                     the results as a table sorted by time, and as RESULTS.csv\n"
    "  bench --device-limits\n"
    "                     the device's memory bandwidth and flop rates (picl's micro-benchmarks),\n"
    "                     stored in the tuning file for the roofline of run and bench\n"
    "  tune INPUT.lua     time the physics-neutral settings (deposition strategy, work groups,\n"
    "                     sorting) on this device and store the fastest that passes the\n"
    "                     correctness gate in the tuning file, which run then reads\n"
    "\n"
    "options:\n"
    "  --device SPEC      device index, 'cpu', 'gpu' or part of its name (default: $PICL_DEVICE,\n"
    "                     else a GPU when there is one, else the first device)\n"
    "  --set KEY=VALUE    override an input setting, e.g. --set steps=20 --set 'grid.cells={32,32,32}'\n"
    "                     (quote a value with braces, parentheses or spaces: the shell reads them)\n"
    "  --restart PATH     `run`: continue from a checkpoint file, or from the newest one in\n"
    "                     checkpoint.dir with `--restart latest` (same input and --set options)\n"
    "  -o DIR             output folder of `gen`; results file of `bench`\n"
    "  --tuning FILE      the tuning file of run, check, tune and bench (default: $PICL_TUNING,\n"
    "                     else ~/.cache/picl/tuning.lua)\n"
    "  --warmup N, --steps N, --repeats N\n"
    "                     `tune`: steps before timing, steps per timed run, timed runs (2, 16, 3)\n"
    "  --no-build         `check` without building the kernels on a device\n"
    "  --lua-limits S,M   CPU seconds and MiB of memory an input script may use (default 10,1024;\n"
    "                     also $PICL_LUA_LIMITS)\n"
    "  --ranks N          `check`: the boxes, cells and estimated particles of each of N MPI ranks\n"
    "  --profile          `run`: after the summary, the time of each kernel and the roofline table\n"
    "  -q, --quiet        errors only;  -v, --verbose  debug messages (and --profile's tables)\n"
    "  -h, --help         this text;    --version      picl's version\n";

struct args {
    const char *command, *input, *device, *outdir, *restart, *report, *tuning;
    const char *sets[CFG_MAX_SETS];
    int n_sets, no_build, help, version, device_limits, ranks;
    int profile; /* run: the kernel and roofline tables after the summary */
    int warmup, steps, repeats; /* tune; 0: its defaults */
};

/* A count option's value: a positive integer. */
static int count_value(const char *opt, const char *v, int *out, char *err, size_t err_len)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (*v == '\0' || *end || n < 1 || n > 1000000) {
        snprintf(err, err_len, "%s: expected a positive integer, got '%s'", opt, v);
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* The key of a --set word ("grid.cells" of "grid.cells=64"), its length; 0 when it has none. */
static size_t set_key_len(const char *word)
{
    const char *eq = strchr(word, '=');
    return eq && eq > word ? (size_t)(eq - word) : 0;
}

/* An unquoted `--set grid.cells={64,64,64}` reaches picl as `--set grid.cells=64 grid.cells=64
 * grid.cells=64` (the shell's brace expansion; `--set=` gives three `--set=` words). Word i is
 * such a continuation when it and the words before it back to a --set carry that --set's key.
 * Returns -1 with a message that names what happened and the quoted form. */
static int brace_expanded(int argc, char **argv, int i, char *err, size_t err_len)
{
    const char *pre = strncmp(argv[i], "--set=", 6) ? "" : "--set=";
    const size_t np = strlen(pre), klen = set_key_len(argv[i] + np);
    if (!klen)
        return 0;
    const char *key = argv[i] + np;
#define SAME_KEY(w) (!strncmp((w), pre, np) && set_key_len((w) + np) == klen && !strncmp((w) + np, key, klen))
    int first = i; /* the --set's own word (its value, or the --set=KEY=VALUE) */
    while (first > 1 && (np || strcmp(argv[first - 1], "--set")) && SAME_KEY(argv[first - 1]))
        first--;
    if (first == i || (!np && strcmp(argv[first - 1], "--set")))
        return 0;
    int last = i;
    while (last + 1 < argc && SAME_KEY(argv[last + 1]))
        last++;
#undef SAME_KEY
    /* the values joined as the shell found them: {64,64,64} */
    char values[512] = "";
    size_t n = 0;
    for (int j = first; j <= last && n < sizeof values; j++)
        n += (size_t)snprintf(values + n, sizeof values - n, "%s%s", j > first ? "," : "", argv[j] + np + klen + 1);
    snprintf(err, err_len,
             "--set: the shell expanded the braces of an unquoted --set %.*s={%s} into %d words ('%s' follows "
             "%s%s); quote the value: --set '%.*s={%s}'",
             (int)klen, key, values, last - first + 1, argv[i], np ? "" : "--set ", argv[first], (int)klen, key,
             values);
    return -1;
}

static int parse_args(int argc, char **argv, struct args *a, char *err, size_t err_len)
{
    memset(a, 0, sizeof *a);
    a->device = getenv("PICL_DEVICE");
    /* the environment first, so that --lua-limits overrides it */
    const char *limits = getenv("PICL_LUA_LIMITS");
    if (limits && *limits && luamod_set_limits(limits, err, err_len)) {
        size_t n = strlen(err);
        snprintf(err + n, err_len - n, " (from PICL_LUA_LIMITS)");
        return -1;
    }
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(arg, "--ranks")) {
            char *end;
            long n = has_value ? strtol(argv[i + 1], &end, 10) : 0;
            if (!has_value || *end || n < 1 || n > 1000000) {
                snprintf(err, err_len, "--ranks needs a positive number of ranks");
                return -1;
            }
            a->ranks = (int)n;
            i++;
        } else if (!strcmp(arg, "--warmup") || !strcmp(arg, "--steps") || !strcmp(arg, "--repeats")) {
            if (!has_value) {
                snprintf(err, err_len, "%s needs a value", arg);
                return -1;
            }
            int *dst = !strcmp(arg, "--warmup") ? &a->warmup : !strcmp(arg, "--steps") ? &a->steps : &a->repeats;
            if (count_value(arg, argv[++i], dst, err, err_len))
                return -1;
        } else if (!strcmp(arg, "--lua-limits")) {
            if (!has_value) {
                snprintf(err, err_len, "--lua-limits needs a value: SECONDS,MIB");
                return -1;
            }
            if (luamod_set_limits(argv[++i], err, err_len))
                return -1;
        } else if (!strcmp(arg, "--device") || !strcmp(arg, "--set") || !strcmp(arg, "-o") ||
                   !strcmp(arg, "--restart") || !strcmp(arg, "--report") || !strcmp(arg, "--tuning")) {
            if (!has_value) {
                snprintf(err, err_len, "%s needs a value", arg);
                return -1;
            }
            const char *v = argv[++i];
            if (!strcmp(arg, "--device"))
                a->device = v;
            else if (!strcmp(arg, "--restart"))
                a->restart = v;
            else if (!strcmp(arg, "--report"))
                a->report = v;
            else if (!strcmp(arg, "--tuning"))
                a->tuning = v;
            else if (!strcmp(arg, "-o"))
                a->outdir = v;
            else if (a->n_sets == CFG_MAX_SETS) {
                snprintf(err, err_len, "at most %d --set options", CFG_MAX_SETS);
                return -1;
            } else
                a->sets[a->n_sets++] = v;
        } else if (!strncmp(arg, "--restart=", 10)) {
            a->restart = arg + 10;
        } else if (!strncmp(arg, "--device=", 9)) {
            a->device = arg + 9;
        } else if (!strncmp(arg, "--set=", 6)) {
            if (brace_expanded(argc, argv, i, err, err_len))
                return -1;
            if (a->n_sets == CFG_MAX_SETS) {
                snprintf(err, err_len, "at most %d --set options", CFG_MAX_SETS);
                return -1;
            }
            a->sets[a->n_sets++] = arg + 6;
        } else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            a->help = 1;
        } else if (!strcmp(arg, "--version")) {
            a->version = 1;
        } else if (!strcmp(arg, "--profile")) {
            a->profile = 1;
        } else if (!strcmp(arg, "--no-build")) {
            a->no_build = 1;
        } else if (!strcmp(arg, "--device-limits")) {
            a->device_limits = 1;
        } else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet")) {
            log_set_level(LOG_ERROR);
        } else if (!strcmp(arg, "-v") || !strcmp(arg, "--verbose")) {
            log_set_level(LOG_DEBUG);
        } else if (arg[0] == '-' && arg[1]) {
            snprintf(err, err_len, "unknown option '%s' (picl --help lists them)", arg);
            return -1;
        } else if (brace_expanded(argc, argv, i, err, err_len)) {
            return -1;
        } else if (!a->command) {
            a->command = arg;
        } else if (!a->input) {
            a->input = arg;
        } else {
            snprintf(err, err_len, "unexpected argument '%s'", arg);
            return -1;
        }
    }
    return 0;
}

static void print_memory(const struct picl_config *cfg, FILE *out)
{
    struct gen_layout lay;
    struct memory_estimate m;
    char err[256];
    if (gen_layout(cfg, &lay, err, sizeof err) || estimate_memory(cfg, NULL, &m, err, sizeof err))
        return;
    fprintf(out, "boxes: %d x %d x %d = %d boxes of %d x %d x %d cells, %d guard cells each side", lay.nbox[0],
            lay.nbox[1], lay.nbox[2], lay.n_boxes, lay.box[0], lay.box[1], lay.box[2], lay.ng);
    if (lay.ngs[2] != lay.ng && lay.ngs[2] > 0) /* the Godfrey filter's, along z only */
        fprintf(out, " (%d along z, the Godfrey filter's stencil)", lay.ngs[2]);
    fprintf(out, "\n");
    estimate_print(cfg, &m, out);
}

/* The tuning file's settings for the keys cfg leaves at auto (tune_db.c); 2 for a damaged file.
 * On success db holds the file (tune_db_free it); on failure nothing is left to free. */
static int apply_tuning(const struct args *a, struct picl_config *cfg, const struct device *dev, struct tune_db *db,
                        char *err)
{
    char path[CFG_PATH_LEN];
    memset(db, 0, sizeof *db);
    if (tune_path(a->tuning, path, sizeof path, err, ERR_LEN) || tune_db_load(db, path, err, ERR_LEN))
        return 2;
    if (tune_apply(cfg, dev, db, err, ERR_LEN)) {
        tune_db_free(db);
        return 2;
    }
    return 0;
}

/* `check --ranks N`: the distribution an N-rank run would make, rank by rank. */
static int print_ranks(const struct picl_config *cfg, int ranks, char *err)
{
    struct gen_layout lay;
    if (gen_layout(cfg, &lay, err, ERR_LEN))
        return -1;
    double *weight = mem_calloc((size_t)lay.n_boxes, sizeof *weight), *parts = mem_calloc((size_t)lay.n_boxes, sizeof *parts);
    struct gen_decomp d;
    int rc = -1;
    if (!weight || !parts) {
        snprintf(err, ERR_LEN, "out of host memory");
        goto done;
    }
    if (sim_box_weights(cfg, &lay, weight, err, ERR_LEN) || estimate_box_particles(cfg, &lay, parts, err, ERR_LEN) ||
        decomp_make(&d, &lay, cfg->distribution, weight, ranks, 0, err, ERR_LEN))
        goto done;
    printf("ranks: %d, %s distribution of %d boxes; imbalance (largest rank cost / mean) %.3f\n", ranks,
           cfg_distribution_names[cfg->distribution], lay.n_boxes, decomp_imbalance(&d, weight));
    printf("  rank   boxes        cells    particles (est.)\n");
    const long box_cells = (long)lay.box[0] * lay.box[1] * lay.box[2];
    for (int r = 0; r < ranks; r++) {
        long boxes = 0;
        double np = 0;
        for (int b = 0; b < lay.n_boxes; b++)
            if (d.owner[b] == r) {
                boxes++;
                np += parts[b];
            }
        printf("  %4d  %6ld  %11ld  %18.0f\n", r, boxes, boxes * box_cells, np);
    }
    decomp_free(&d);
    rc = 0;
done:
    mem_free(weight);
    mem_free(parts);
    return rc;
}

static int cmd_check(const struct args *a, struct picl_config *cfg, char *err)
{
    struct device dev;
    if (!a->no_build) {
        /* the device first: the tuning file's settings are part of what check prints */
        struct tune_db db;
        if (device_open(&dev, a->device, err, ERR_LEN))
            return 2;
        if (apply_tuning(a, cfg, &dev, &db, err)) {
            device_close(&dev);
            return 2;
        }
        tune_db_free(&db);
    }
    /* a grid whose fields alone exceed the device is refused before the estimate's host arrays */
    if (!a->no_build && estimate_fields_bytes(cfg) > (double)sim_memory_limit(cfg, &dev) &&
        sim_check_memory(cfg, &dev, err, ERR_LEN)) {
        device_close(&dev);
        return 2;
    }
    cfg_print(cfg, stdout);
    scales_print(cfg, stdout);
    print_memory(cfg, stdout);
    if (a->ranks > 0 && print_ranks(cfg, a->ranks, err)) {
        if (!a->no_build)
            device_close(&dev);
        return 2;
    }
    if (a->no_build)
        return 0;
    if (sim_check_memory(cfg, &dev, err, ERR_LEN)) {
        device_close(&dev);
        return 2;
    }
    if (exprs_verify(cfg, &dev, err, ERR_LEN)) {
        device_close(&dev);
        return 2;
    }
    struct strbuf src;
    sb_init(&src);
    cl_program prog = NULL;
    int rc = sim_generate(cfg, &dev.facts, &src, err, ERR_LEN);
    if (rc == 0)
        rc = program_build(&dev, cfg, src.data, "picl.cl", &prog, err, ERR_LEN);
    /* every kernel compiled now, into the device's cache, so the run after check compiles none */
    if (rc == 0)
        rc = program_compile_all(&dev, prog, "picl.cl", err, ERR_LEN);
    if (prog)
        clReleaseProgram(prog);
    sb_free(&src);
    if (rc == 0)
        printf("kernels: generated and built on %s\n", dev.name);
    struct gen_layout lay;
    struct gen_plan plan;
    if (rc == 0 && !gen_layout(cfg, &lay, err, ERR_LEN)) {
        plan_resolve(cfg, &dev.facts, &lay, &plan);
        const struct strategy_tiles *t = &plan.tiles;
        if (plan.ops->local_j && t->per_box)
            printf("deposition: local_tiles, tiles of %d x %d x %d cells (%d per box), %zu of %zu bytes of local "
                   "memory, %zu work item%s each\n",
                   t->tile[0], t->tile[1], t->tile[2], t->per_box, t->bytes, dev.facts.local_mem, t->group,
                   t->group == 1 ? "" : "s");
    }
    device_close(&dev);
    return rc ? 2 : 0;
}

static int cmd_gen(const struct args *a, struct picl_config *cfg, char *err)
{
    if (!a->outdir) {
        snprintf(err, ERR_LEN, "gen needs -o DIR");
        return 2;
    }
    if (writable_dir("gen -o", a->outdir, err, ERR_LEN)) /* the user's path: 2, as a run's folders */
        return 2;
    /* Generate for the device the run would use; without one, for a generic fp64 device. */
    struct gen_device facts = {.name = "generic OpenCL 1.2 device", .has_fp64 = 1, .has_int64_atomics = 1,
                               .max_work_group = 256, .local_mem = 32768, .traits = traits_for_type(0, 0)};
    struct device dev;
    char derr[1024];
    if (device_open(&dev, a->device, derr, sizeof derr) == 0) {
        /* the program the run would build: with the tuning file's settings for this device */
        struct tune_db db;
        int rc = apply_tuning(a, cfg, &dev, &db, err);
        tune_db_free(&db);
        facts = dev.facts;
        device_close(&dev);
        if (rc)
            return rc;
    } else if (a->device) { /* asked for a device by name: a typo must not pass silently */
        snprintf(err, ERR_LEN, "%s", derr);
        return 2;
    }
    struct strbuf src;
    sb_init(&src);
    if (sim_generate(cfg, &facts, &src, err, ERR_LEN)) {
        sb_free(&src);
        return 2;
    }
    if (mkdir(a->outdir, 0777) && errno != EEXIST) {
        snprintf(err, ERR_LEN, "gen -o: cannot create '%s': %s", a->outdir, strerror(errno));
        sb_free(&src);
        return 2;
    }
    char path[4096], tmp[4200];
    size_t dir_len = strlen(a->outdir);
    snprintf(path, sizeof path, "%s%spicl.cl", a->outdir, dir_len && a->outdir[dir_len - 1] == '/' ? "" : "/");
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    int ok = f && fwrite(src.data, 1, src.len, f) == src.len;
    ok = f && fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path)) {
        snprintf(err, ERR_LEN, "cannot write '%s': %s", path, strerror(errno));
        remove(tmp);
        sb_free(&src);
        return 1;
    }
    printf("%s (%zu lines)\n", path, (size_t)sb_lines(&src));
    sb_free(&src);
    return 0;
}

/* Several ranks on one CPU: each rank's OpenCL thread pool (PoCL) gets its share of the cores,
 * unless the environment or parallel.threads says otherwise. Before the first OpenCL call. */
static void share_cores(const struct picl_config *cfg, const struct comm *comm)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long threads = cfg->threads > 0 ? cfg->threads : (cores > 0 ? cores : 1) / comm->local_size;
    if (threads < 1)
        threads = 1;
    if (comm->size == 1 && cfg->threads <= 0)
        return;
    char text[32];
    snprintf(text, sizeof text, "%ld", threads);
    setenv("POCL_MAX_PTHREAD_COUNT", text, cfg->threads > 0); /* PoCL 3 and older */
    setenv("POCL_CPU_MAX_CU_NUM", text, cfg->threads > 0); /* PoCL 4 and newer */
}

/* The folders a run writes into (diagnostics, and checkpoints, which SIGTERM may ask for at any
 * step) are checked before anything is built: a read-only disk or a folder that is a file is the
 * user's path, told at once with exit 2, not at the first file. Rank 0 writes those folders. */
static int check_folders(const struct picl_config *cfg, const struct comm *comm, char *err)
{
    int rc = 0;
    if (comm->rank == 0)
        rc = writable_dir("diagnostics.output_dir", cfg->output_dir, err, ERR_LEN) ||
             writable_dir("checkpoint.dir", cfg->checkpoint.dir, err, ERR_LEN);
    if (comm->size > 1) {
        MPI_Bcast(&rc, 1, MPI_INT, 0, comm->world);
        if (rc)
            MPI_Bcast(err, ERR_LEN, MPI_CHAR, 0, comm->world);
    }
    return rc;
}

static int cmd_run(const struct args *a, struct picl_config *cfg, const struct comm *comm, char *err)
{
    struct device dev;
    if (check_folders(cfg, comm, err))
        return 2;
    share_cores(cfg, comm);
    if (device_open_ranked(&dev, a->device, comm->local_rank, err, ERR_LEN))
        return 2;
    if (comm->size > 1)
        log_info("rank %d of %d: device %s (%s)", comm->rank, comm->size, dev.name, dev.platform_name);
    else
        log_info("device: %s (%s)", dev.name, dev.platform_name);
    struct tune_db db;
    if (apply_tuning(a, cfg, &dev, &db, err)) {
        device_close(&dev);
        return 2;
    }
    /* every value of the input's expressions, on this device, before anything is allocated or
     * written (the host's check in load_input thins a large grid's points) */
    if (exprs_verify(cfg, &dev, err, ERR_LEN)) {
        tune_db_free(&db);
        device_close(&dev);
        return 2;
    }
    struct sim *s = mem_calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, ERR_LEN, "out of host memory");
        tune_db_free(&db);
        device_close(&dev);
        return 1;
    }
    int rc = sim_create_ranked(s, cfg, &dev, comm, err, ERR_LEN) ? 2 : 0;
    if (rc == 0 && a->restart) {
        /* a checkpoint that is missing, damaged or of another input is a usage error (2) */
        char path[CFG_PATH_LEN + 64];
        snprintf(path, sizeof path, "%s", a->restart);
        if ((!strcmp(a->restart, "latest") && ckpt_latest(cfg, path, sizeof path, err, ERR_LEN)) ||
            ckpt_restore(s, path, err, ERR_LEN))
            rc = 2;
    }
    if (rc == 0 && sim_run(s, err, ERR_LEN))
        rc = 1;
    /* -q: errors only, unless the tables were asked for by name; -v includes them */
    const int profile = a->profile || log_get_level() >= LOG_DEBUG;
    if (rc == 0 && (profile || log_get_level() >= LOG_INFO))
        sim_summary(s, comm->rank == 0 ? stdout : NULL);
    if (rc == 0 && comm->rank == 0 && profile) {
        timers_print(&s->ctx.timers, s->step - s->start_step, stdout);
        /* each hot kernel of this rank against the device's roofs, when the tuning file holds them */
        struct bench_roof_row rows[TIMER_MAX];
        const int n = bench_roofline_rows(s, s->step - s->start_step, rows, TIMER_MAX);
        const struct tune_entry *lim = tune_db_limits(&db, &dev);
        bench_roofline_print(rows, n, lim ? &lim->lim : NULL, cfg->precision, 0.01, stdout);
    }
    sim_destroy(s);
    mem_free(s);
    tune_db_free(&db);
    device_close(&dev);
    return rc;
}

/* `picl bench`: a sweep (2 for a bad spec, 1 when the sweep cannot go on), a report, or the
 * device's limits. A variant that fails its gate or its build is recorded, not an exit status. */
static int cmd_bench(const struct args *a, char *err)
{
    if (a->device_limits)
        return bench_device_limits(a->device, a->tuning, stdout, err, ERR_LEN) ? 1 : 0;
    if (a->report)
        return bench_report(a->report, stdout, err, ERR_LEN) ? 1 : 0;
    if (!a->input) {
        snprintf(err, ERR_LEN, "bench needs a spec: picl bench SPEC.lua, --report RESULTS.jsonl or --device-limits");
        return 2;
    }
    struct bench_spec spec;
    if (bench_spec_load(&spec, a->input, a->sets, a->n_sets, err, ERR_LEN))
        return 2;
    int rc = bench_run(&spec, a->device, a->outdir, a->tuning, err, ERR_LEN) ? 1 : 0;
    bench_spec_free(&spec);
    return rc;
}

/* The rank mpirun (Open MPI, MPICH, Slurm) gave this process, read before MPI_Init: every rank
 * parses the same arguments, so a mistake in them is told by rank 0 alone. 0 without a launcher. */
static int launcher_rank(void)
{
    const char *names[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v && v[0])
            return atoi(v);
    }
    return 0;
}

/* The input read and every expression in it parsed and evaluated (gen_exprs_check and the
 * diagnostics' filters), so check --no-build, gen and run refuse the same inputs. */
static int load_input(struct picl_config *cfg, const struct args *a, char *err)
{
    if (cfg_load(cfg, a->input, a->sets, a->n_sets, err, ERR_LEN))
        return -1;
    if (cfg->set_note[0])
        log_info("%s", cfg->set_note);
    return gen_exprs_check(cfg, err, ERR_LEN) || gen_diag_filters_check(cfg, err, ERR_LEN);
}

int main(int argc, char **argv)
{
    static char err[ERR_LEN];
    struct args a;
    /* whole lines: under mpirun stdout and stderr are forwarded as two streams, and a buffer of
     * stdout flushed mid-line is cut there by stderr's lines in a log that takes both */
    setvbuf(stdout, NULL, _IOLBF, 0);
    mem_return_large();
    const int quiet_rank = launcher_rank() != 0;
    if (parse_args(argc, argv, &a, err, sizeof err)) {
        if (!quiet_rank)
            log_error("%s", err);
        return 2;
    }
    /* until MPI is up (cmd_run decides for itself), ranks other than 0 keep quiet */
    if (quiet_rank && log_get_level() < LOG_DEBUG)
        log_set_level(LOG_QUIET);
    if (a.help) {
        fputs(usage, stdout);
        return 0;
    }
    if (a.version) {
        printf("picl %s\n", PICL_VERSION);
        return 0;
    }
    if (!a.command) {
        fputs(usage, stderr);
        return 2;
    }
    if (!strcmp(a.command, "devices"))
        return device_list(stdout);
    if (!strcmp(a.command, "bench")) {
        int rc = cmd_bench(&a, err);
        if (rc)
            log_error("%s", err);
        return rc;
    }
    if ((a.warmup || a.steps || a.repeats) && strcmp(a.command, "tune")) {
        log_error("--warmup, --steps and --repeats belong to tune (a run's steps: --set steps=N)");
        return 2;
    }
    if (!strcmp(a.command, "tune")) {
        if (!a.input) {
            log_error("tune needs an input file: picl tune INPUT.lua");
            return 2;
        }
        const struct tune_options o = {a.input, a.device, a.tuning, a.sets, a.n_sets, a.warmup, a.steps, a.repeats};
        int rc = tune_run(&o, stdout, err, sizeof err);
        if (rc)
            log_error("%s", err);
        return rc;
    }
    if (strcmp(a.command, "run") && strcmp(a.command, "check") && strcmp(a.command, "gen")) {
        log_error("unknown command '%s' (picl --help lists them)", a.command);
        return 2;
    }
    if (!a.input) {
        log_error("%s needs an input file: picl %s INPUT.lua", a.command, a.command);
        return 2;
    }
    if (a.restart && strcmp(a.command, "run")) {
        log_error("--restart belongs to run: picl run INPUT.lua --restart PATH|latest");
        return 2;
    }
    struct picl_config *cfg = mem_calloc(1, sizeof *cfg);
    if (!cfg) {
        log_error("out of host memory");
        return 1;
    }
    int rc;
    if (!strcmp(a.command, "run")) {
        /* MPI first, so that a bad input (every rank reads the same one) is reported once */
        struct comm comm;
        if (comm_init(&comm, &argc, &argv)) {
            log_error("MPI_Init failed");
            mem_free(cfg);
            return 1;
        }
        /* only rank 0 talks, unless asked for debug output; the others tell their errors
         * through comm_fail */
        if (comm.rank != 0 && log_get_level() < LOG_DEBUG)
            log_set_level(LOG_ERROR);
        /* every rank must resolve the same run before any allocates: a rank-dependent input
         * (os.getenv, os.time) would wait in a collective the others never reach */
        int failed = load_input(cfg, &a, err) != 0;
        const int any = comm.size > 1 ? comm_any(&comm, failed) : failed;
        if (any && !failed) {
            snprintf(err, ERR_LEN, "another rank could not load the input (its message follows)");
            failed = 1;
        } else if (!any && agree_config(&comm, cfg, err, ERR_LEN))
            failed = 1;
        rc = failed ? 2 : cmd_run(&a, cfg, &comm, err);
        /* the other ranks may be waiting in a collective: when they did not all fail, stop them
         * all (never hang) */
        if (rc && !comm_fail(&comm, err, 5.0))
            MPI_Abort(comm.world, rc);
        comm_finalize(&comm);
        mem_free(cfg);
        return rc;
    }
    if (load_input(cfg, &a, err))
        rc = 2;
    else if (!strcmp(a.command, "check"))
        rc = cmd_check(&a, cfg, err);
    else
        rc = cmd_gen(&a, cfg, err);
    if (rc)
        log_error("%s", err);
    mem_free(cfg);
    return rc;
}
