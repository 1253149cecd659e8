/* test_variant_space.c: the whole variant space. Every combination of solver x pusher x gather
 * x deposition x deposition strategy x precision x shape order (2 x 3 x 2 x 2 x 4 x 2 x 3 = 576)
 * is generated, names its choices in the header, and builds on the device; except that
 * simd_cells, which needs the energy-conserving gather and Esirkepov, refuses the 108 others
 * with a message that says so (468 programs).
 *
 * What costs time is the OpenCL compiler: on PoCL a full clBuildProgram of one of these
 * programs takes about a second, and the first launch of its kernels several more (PoCL
 * compiles each kernel for its work-group size then). So nothing is launched here (the physics
 * tests run representative combinations), and the programs are built with -cl-opt-disable,
 * which keeps everything that can reject a program (preprocessing, parsing, types, address
 * spaces, the link with the built-in library) and skips LLVM's optimisation passes, a third of
 * the time. The builds run on as many threads as the machine has cores, at most 4. */
#include <pthread.h>
#include <unistd.h>

#include "check.h"
#include "fixture.h"
#include "gen.h"

static const char *const solvers[] = {"yee", "ckc"};
static const char *const pushers[] = {"boris", "vay", "higuera_cary"};
static const char *const gathers[] = {"energy_conserving", "momentum_conserving"};
static const char *const depositions[] = {"esirkepov", "direct"};
static const char *const strategies[] = {"deterministic", "global_atomics", "local_tiles", "simd_cells"};
static const char *const precisions[] = {"float", "double"};
#define COUNT(a) ((int)(sizeof a / sizeof *a))
#define N_VARIANTS (COUNT(solvers) * COUNT(pushers) * COUNT(gathers) * COUNT(depositions) * COUNT(strategies) * COUNT(precisions) * 3)

/* Two species (one frozen), two boxes, initial fields: every template of a run is there. */
static const char *const input =
    FIXTURE_INPUT
    "  grid = { cells = {16, 8, 8}, lower = {0, 0, 0}, upper = {16e-7, 8e-7, 8e-7}, max_box = 8 },\n"
    "  steps = 2,\n"
    "  constants = { k = 2*math.pi/16e-7, E0 = 1e6 },\n"
    "  fields = { Ey = 'E0*cos(k*x)', Bz = 'E0/c*cos(k*x)' },\n"
    "  species = { { name = 'e', particle = 'electron', density = 1e24, ppc = 1, u_th = 0.01 },\n"
    "              { name = 'p', particle = 'proton', density = 1e24, ppc = 1, frozen = true } },\n"
    "}\n";

struct variant {
    char name[160];
    struct strbuf src;
    int generated, built;
    char log[1024]; /* the start of the build log of a program that does not build */
};

struct pool {
    struct device *dev;
    struct variant *v;
    int n, next;
    pthread_mutex_t lock;
};

static int in_header(const char *src, const char *text)
{
    const char *end = strstr(src, "*/"), *at = strstr(src, text);
    return end && at && at < end;
}

static void build_one(struct device *dev, struct variant *v)
{
    cl_int rc;
    const char *text = v->src.data;
    cl_program prog = clCreateProgramWithSource(dev->context, 1, &text, NULL, &rc);
    if (rc != CL_SUCCESS) {
        snprintf(v->log, sizeof v->log, "clCreateProgramWithSource: %s", device_error_name(rc));
        return;
    }
    rc = clBuildProgram(prog, 1, &dev->id, "-cl-std=CL1.2 -cl-opt-disable", NULL, NULL);
    cl_uint kernels = 0;
    if (rc == CL_SUCCESS)
        rc = clCreateKernelsInProgram(prog, 0, NULL, &kernels);
    v->built = rc == CL_SUCCESS && kernels > 0;
    if (!v->built) {
        size_t len = 0;
        clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, sizeof v->log - 1, v->log, &len);
        v->log[sizeof v->log - 1] = '\0';
    }
    clReleaseProgram(prog);
}

static void *builder(void *arg)
{
    struct pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->n)
            return NULL;
        if (p->v[i].generated)
            build_one(p->dev, &p->v[i]);
    }
}

int main(void)
{
    struct device dev;
    fixture_device(&dev);
    struct variant *v = calloc(N_VARIANTS, sizeof *v);
    if (!v)
        return 1;
    const double t0 = fixture_seconds();
    int n = 0, named = 0, refused = 0;
    for (int so = 0; so < COUNT(solvers); so++)
        for (int pu = 0; pu < COUNT(pushers); pu++)
            for (int ga = 0; ga < COUNT(gathers); ga++)
                for (int de = 0; de < COUNT(depositions); de++)
                    for (int st = 0; st < COUNT(strategies); st++)
                        for (int pr = 0; pr < COUNT(precisions); pr++)
                            for (int order = 1; order <= 3; order++, n++) {
                                char set[9][64];
                                snprintf(set[0], 64, "solver=%s", solvers[so]);
                                snprintf(set[1], 64, "pusher=%s", pushers[pu]);
                                snprintf(set[2], 64, "gather=%s", gathers[ga]);
                                snprintf(set[3], 64, "deposition=%s", depositions[de]);
                                snprintf(set[4], 64, "deposition_strategy=%s", strategies[st]);
                                snprintf(set[5], 64, "precision=%s", precisions[pr]);
                                snprintf(set[6], 64, "shape_order=%d", order);
                                /* local_tiles: one tile per box and the device's work-group with
                                 * Yee (one work item on CPUs: plain additions into the tile); 8
                                 * tiles of 4^3 and 64 work items with CKC (atomics into it) */
                                snprintf(set[7], 64, "work_group.tile=%d", so ? 4 : 0);
                                snprintf(set[8], 64, "work_group.particles=%d", so ? 64 : 0);
                                const char *sets[9];
                                for (int i = 0; i < 9; i++)
                                    sets[i] = set[i];
                                snprintf(v[n].name, sizeof v[n].name, "%s %s %s %s %s %s order %d", solvers[so],
                                         pushers[pu], gathers[ga], depositions[de], strategies[st], precisions[pr],
                                         order);
                                struct picl_config *cfg = calloc(1, sizeof *cfg);
                                if (!cfg)
                                    return 1;
                                fixture_config(cfg, sets, 9, "%s", input);
                                sb_init(&v[n].src);
                                v[n].generated =
                                    gen_program(cfg, &dev.facts, &v[n].src, fixture_err, sizeof fixture_err) == 0;
                                if (!strcmp(strategies[st], "simd_cells") && gen_simd_cells_unfit(cfg)) {
                                    /* refused, naming the strategy and what it does not apply to */
                                    const int clear = !v[n].generated && strstr(fixture_err, "\"simd_cells\"") &&
                                                      strstr(fixture_err, "does not apply");
                                    if (!clear)
                                        printf("FAIL %s: not refused clearly: %s\n", v[n].name,
                                               v[n].generated ? "(generated)" : fixture_err);
                                    CHECK(clear);
                                    refused += clear;
                                    named++;
                                    free(cfg);
                                    continue;
                                }
                                if (!v[n].generated)
                                    printf("FAIL %s: not generated: %s\n", v[n].name, fixture_err);
                                CHECK(v[n].generated);
                                /* the header names every choice */
                                char want[3][160];
                                snprintf(want[0], 160, "shape order %d, pusher %s, gather %s, deposition %s (%s)",
                                         order, pushers[pu], gathers[ga], depositions[de], strategies[st]);
                                snprintf(want[1], 160, " * solver       %s,", solvers[so]);
                                snprintf(want[2], 160, " * precision    %s", precisions[pr]);
                                int ok = v[n].generated;
                                for (int i = 0; ok && i < 3; i++)
                                    ok = in_header(v[n].src.data, want[i]);
                                if (v[n].generated && !ok)
                                    printf("FAIL %s: the header does not name every choice\n", v[n].name);
                                named += ok;
                                free(cfg);
                            }
    CHECK(n == N_VARIANTS);
    CHECK(named == n);
    const double t1 = fixture_seconds();

    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores < 1 ? 1 : cores > 4 ? 4 : (int)cores;
    struct pool pool = {.dev = &dev, .v = v, .n = n, .next = 0};
    pthread_mutex_init(&pool.lock, NULL);
    pthread_t tid[4];
    for (int i = 0; i < threads; i++)
        if (pthread_create(&tid[i], NULL, builder, &pool)) {
            printf("FAIL pthread_create\n");
            return 1;
        }
    for (int i = 0; i < threads; i++)
        pthread_join(tid[i], NULL);
    pthread_mutex_destroy(&pool.lock);
    const double t2 = fixture_seconds();

    int built = 0;
    for (int i = 0; i < n; i++) {
        if (v[i].generated && !v[i].built)
            printf("FAIL %s does not build:\n%.1000s\n", v[i].name, v[i].log);
        built += v[i].built;
        sb_free(&v[i].src);
    }
    CHECK(refused == 108);
    CHECK(built == n - refused);
    REPORT("%d combinations (solver 2 x pusher 3 x gather 2 x deposition 2 x strategy 4 x precision 2 x order 3): "
           "%d refused (simd_cells where it does not apply), %d generated with their choices in the header, %d built "
           "on %s",
           n, refused, named - refused, built, dev.name);
    REPORT("generating took %.1f s; building %.1f s on %d threads (%.2f s per program, -cl-opt-disable, nothing "
           "launched)",
           t1 - t0, t2 - t1, threads, (t2 - t1) * threads / n);
    free(v);
    device_close(&dev);
    return check_finish();
}
