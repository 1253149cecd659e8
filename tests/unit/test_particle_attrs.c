/* test_particle_attrs.c: a run keeps per particle only the attributes something reads
 * (gen/particle_attrs.c). Ids: only with a full diagnostic that writes particles or
 * particle_ids = true; particle_ids = false beside such a diagnostic is an input error.
 * Weights: not for a plasma of uniform density or a beam, whose particles all weigh the
 * same; reading them gives that weight. And the physics does not notice: a plasma whose
 * density is the number 1e25 (one weight, no ids) and the same plasma given as the
 * expression '1e25' (a weight and an id per particle) step to the same energies and charge
 * residual. */
#include "check.h"
#include "fixture.h"

static const char *const input = "local picl = require('picl')\n"
                                 "return picl.simulation {\n"
                                 "  grid = { cells = {16, 16, 16}, lower = {0, 0, 0}, upper = {16e-6, 16e-6, 16e-6},\n"
                                 "           max_box = 8 },\n"
                                 "  steps = 20, precision = '%s', shape_order = 3,\n"
                                 "  species = { { name = 'electrons', particle = 'electron', density = %s, ppc = 2,\n"
                                 "                u_th = 0.05 } },\n"
                                 "  %s\n"
                                 "}\n";

static void load(struct picl_config *cfg, const char *precision, const char *density, const char *extra)
{
    fixture_config(cfg, NULL, 0, input, precision, density, extra);
}

/* Which attributes each input stores, and the bytes a particle slot then takes. */
static void test_decisions(void)
{
    struct picl_config cfg;
    struct gen_layout lay;
    static const struct {
        const char *density, *extra;
        int ids, weights;
        size_t slot; /* bytes in double */
    } cases[] = {
        {"1e25", "", 0, 0, 6 * 8 + 4},
        {"'1e25'", "", 0, 1, 7 * 8 + 4},
        {"'1e25 * (1 + 0.1 * sin(x / 1e-6))'", "", 0, 1, 7 * 8 + 4},
        {"1e25", "particle_ids = true,", 1, 0, 6 * 8 + 8 + 4},
        {"1e25", "diagnostics = { full = { { name = 'f', interval = 10, fields = {'E'} } } },", 1, 0, 6 * 8 + 8 + 4},
        {"1e25", "diagnostics = { full = { { name = 'f', interval = 10, fields = {'E'}, species = {} } } },", 0, 0,
         6 * 8 + 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        load(&cfg, "double", cases[i].density, cases[i].extra);
        CHECK(gen_layout(&cfg, &lay, fixture_err, sizeof fixture_err) == 0);
        const int ids = gen_stores_ids(&cfg), weights = gen_stores_weights(&cfg);
        const size_t slot = particles_slot_bytes(&cfg);
        if (ids != cases[i].ids || weights != cases[i].weights || slot != cases[i].slot)
            printf("FAIL density %s, %s: ids %d weights %d, %zu bytes a slot\n", cases[i].density, cases[i].extra, ids,
                   weights, slot);
        CHECK(ids == cases[i].ids && weights == cases[i].weights && slot == cases[i].slot);
    }
    REPORT("%zu inputs: ids only with a full diagnostic writing particles or particle_ids = true, weights only "
           "with a density expression; 52 bytes a particle slot in double without either (68 with both)",
           sizeof cases / sizeof *cases);

    /* a beam: one weight, the bunch's charge over its macro-particles */
    fixture_config(&cfg, NULL, 0,
                   FIXTURE_INPUT
                   "  grid = { cells = {16, 16, 32}, lower = {-8e-6, -8e-6, 0}, upper = {8e-6, 8e-6, 32e-6}, max_box = 16 },\n"
                   "  boundary = { field = 'pec' }, steps = 1,\n"
                   "  species = { { name = 'bunch', particle = 'electron', beam = { total_charge = -10e-12,\n"
                   "    particles = 1000, centroid = {0, 0, 16e-6}, rms = {1e-6, 1e-6, 2e-6}, gamma = 100 } } },\n"
                   "}\n");
    CHECK(gen_layout(&cfg, &lay, fixture_err, sizeof fixture_err) == 0);
    double w = 0;
    CHECK(gen_species_weight(&cfg, &lay, 0, &w) == 1 && !gen_stores_weights(&cfg));
    CHECK_NEAR(w, 10e-12 / PICL_Q_E / 1000, 1e-15);

    /* particle_ids = false cannot stand beside a diagnostic that writes particles */
    char path[] = "/tmp/picl_attrs_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        printf("FAIL: cannot write a temporary input\n");
        exit(1);
    }
    fprintf(f, input, "double", "1e25",
            "particle_ids = false,\n  diagnostics = { full = { { name = 'f', interval = 10 } } },");
    fclose(f);
    int rc = cfg_load(&cfg, path, NULL, 0, fixture_err, sizeof fixture_err);
    remove(path);
    const int named = rc != 0 && strstr(fixture_err, "diagnostics.full.f") &&
                      strstr(fixture_err, "particle_ids = false");
    if (!named)
        printf("FAIL particle_ids = false beside a particle diagnostic: %s\n", rc ? fixture_err : "accepted");
    CHECK(named);
    REPORT("particle_ids = false with particles in a full diagnostic: %s", fixture_err);
}

/* The number and the expression of the same uniform density: energies and residual after 20
 * steps agree; weights read back as the literal the kernels use. */
static void test_same_physics(struct device *dev, const char *precision, double tol)
{
    double energy[2], residual[2], weight[2];
    size_t arena[2];
    const char *density[2] = {"1e25", "'1e25'"};
    for (int k = 0; k < 2; k++) {
        struct picl_config cfg;
        load(&cfg, precision, density[k], k ? "particle_ids = true," : "");
        struct sim *s = fixture_sim(&cfg, dev);
        struct species *sp = &s->species[0];
        fixture_steps(s, 20);
        double we, wb, kin;
        CHECK(fields_energy(&s->fields, &s->ctx, &we, &wb, fixture_err, sizeof fixture_err) == 0);
        CHECK(particles_kinetic(sp, &s->ctx, &kin, fixture_err, sizeof fixture_err) == 0);
        CHECK(sim_gauss(s, 0, &residual[k], fixture_err, sizeof fixture_err) == 0);
        energy[k] = we + wb + kin;
        double *w = fixture_particles(s, 0, PA_W);
        weight[k] = w[0];
        int same = 1;
        for (long i = 0; i < sp->np; i++)
            same &= w[i] == w[0];
        CHECK(same);
        free(w);
        arena[k] = 0;
        for (int a = 0; a < PA_COUNT; a++)
            arena[k] += sp->array[a].size;
        /* reading ids that are not stored is an error that says so */
        if (k == 0) {
            double *id = malloc(sizeof(double) * (size_t)(sp->np + 1));
            const int refused = particles_read(sp, &s->ctx, PA_ID, id, fixture_err, sizeof fixture_err) != 0 &&
                                strstr(fixture_err, "particle_ids");
            CHECK(refused);
            free(id);
        }
        fixture_free_sim(s);
    }
    REPORT("%s: total energy %.15g (one weight, no ids) vs %.15g (stored), relative %.1e; residual %.2e vs %.2e; "
           "weight %.17g vs %.17g; particle arrays %.2f vs %.2f MiB",
           precision, energy[0], energy[1], fabs(energy[0] - energy[1]) / energy[1], residual[0], residual[1],
           weight[0], weight[1], arena[0] / 1048576.0, arena[1] / 1048576.0);
    CHECK_NEAR(energy[0], energy[1], tol);
    CHECK(residual[0] <= 1e3 * tol && residual[1] <= 1e3 * tol);
    CHECK_NEAR(weight[0], weight[1], tol);
    CHECK(arena[0] < arena[1]);
}

int main(void)
{
    test_decisions();
    struct device dev;
    fixture_device(&dev);
    test_same_physics(&dev, "double", 1e-13);
    test_same_physics(&dev, "float", 1e-5);
    device_close(&dev);
    return check_finish();
}
