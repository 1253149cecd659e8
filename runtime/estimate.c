/* estimate.c: memory from the input, by the same rules the allocation follows (the layout of
 * fields, room.c for particles). Particle counts assume every lattice candidate in the species'
 * region is loaded, which is exact for uniform densities and an upper bound else; a beam's
 * count per box is its expected count plus four standard deviations (room_expected). */
#include "estimate.h"

#include "gen.h"
#include "godfrey.h"
#include "guards.h"
#include "layout.h"
#include "mem.h"
#include "pfile.h"
#include "particles.h"
#include "room.h"
#include "pml.h"

/* Each species' particles per cell before loading (room_expected), summed per box: the
 * lattice of a plasma, a bunch's expected count. */
int estimate_box_particles(const struct picl_config *cfg, const struct gen_layout *lay, double *count, char *err,
                           size_t err_len)
{
    const int *c = lay->cells;
    const size_t cells = (size_t)c[0] * c[1] * c[2];
    double *per_cell = NULL; /* a bunch's counts per cell; a plasma's are its boxes' lattices */
    for (int s = 0; s < cfg->n_species; s++) {
        if (!cfg->species[s].is_beam) {
            for (int b = 0; b < lay->n_boxes; b++)
                count[b] += (double)room_lattice(cfg, lay, s, b);
            continue;
        }
        if (!per_cell && !(per_cell = mem_alloc(cells * sizeof(double)))) {
            snprintf(err, err_len, "out of host memory for the particle estimate of %zu cells", cells);
            return -1;
        }
        room_expected(cfg, lay, s, per_cell);
        for (int k = 0; k < c[2]; k++)
            for (int j = 0; j < c[1]; j++)
                for (int i = 0; i < c[0]; i++) {
                    const int b = i / lay->box[0] + lay->nbox[0] * (j / lay->box[1] + lay->nbox[1] * (k / lay->box[2]));
                    count[b] += per_cell[i + (size_t)c[0] * (j + (size_t)c[1] * k)];
                }
    }
    mem_free(per_cell);
    return 0;
}

/* Particles and slots (the boxes' room and outboxes, as room_boxes lays them out). */
static int species_boxes(const struct picl_config *cfg, const struct gen_layout *lay, int s, long *total,
                         double *slots, char *err, size_t err_len)
{
    const int nb = lay->n_boxes;
    const size_t cells = (size_t)lay->cells[0] * lay->cells[1] * lay->cells[2];
    const int per_cell = cfg->species[s].is_beam || cfg->species[s].is_file; /* else room_lattice per box */
    long *cap = mem_calloc((size_t)nb * 2, sizeof(long)), *out_cap = cap ? cap + nb : NULL;
    double *count = per_cell ? mem_alloc(cells * sizeof(double)) : NULL;
    if (!cap || (per_cell && !count)) {
        mem_free(cap);
        mem_free(count);
        snprintf(err, err_len, "out of host memory for the memory estimate");
        return -1;
    }
    if (cfg->species[s].is_file) { /* the file's own counts; a bad file is reported here, before any build */
        int *n = mem_alloc(cells * sizeof(int));
        if (!n)
            snprintf(err, err_len, "out of host memory for the memory estimate");
        if (!n || pfile_read(&cfg->species[s], lay, cfg->precision == CFG_FLOAT, n, NULL, err, err_len)) {
            mem_free(n);
            mem_free(cap);
            mem_free(count);
            return -1;
        }
        for (size_t i = 0; i < cells; i++)
            count[i] = n[i];
        mem_free(n);
    } else if (count) {
        room_expected(cfg, lay, s, count);
    }
    room_boxes(cfg, lay, s, count, !cfg->species[s].is_file, cap, out_cap);
    double sum = 0;
    for (size_t i = 0; count && i < cells; i++)
        sum += count[i];
    for (int b = 0; !count && b < nb; b++)
        sum += (double)room_lattice(cfg, lay, s, b);
    *total = cfg->species[s].is_beam ? cfg->species[s].beam.particles : (long)sum;
    *slots = 0;
    for (int b = 0; b < nb; b++)
        *slots += (double)(cap[b] + out_cap[b]);
    mem_free(cap);
    mem_free(count);
    return 0;
}

double estimate_fields_bytes(const struct picl_config *cfg)
{
    struct gen_layout lay;
    char err[256];
    if (gen_layout(cfg, &lay, err, sizeof err))
        return 0;
    return gen_field_buffer_comps(cfg) * (double)lay.comp_stride * (cfg->precision == CFG_DOUBLE ? 8 : 4);
}

int estimate_memory(const struct picl_config *cfg, const struct gen_device *dev, struct memory_estimate *m, char *err,
                    size_t err_len)
{
    struct gen_layout lay;
    if (gen_layout(cfg, &lay, err, err_len))
        return -1;
    struct gen_plan plan;
    plan_resolve(cfg, dev, &lay, &plan);
    const double real = cfg->precision == CFG_DOUBLE ? 8 : 4;
    const double cells = (double)lay.cells[0] * lay.cells[1] * lay.cells[2];
    const double rows = (double)lay.box[1] * lay.box[2] * lay.n_boxes;
    *m = (struct memory_estimate){0};
    /* with the Godfrey filter, its copy of E and B too (gen/godfrey.h) */
    m->fields = gen_field_buffer_comps(cfg) * (double)lay.comp_stride * real;
    if (cfg->solver == CFG_SOLVER_ELECTROSTATIC) /* the conjugate gradients' r and A p (runtime/poisson.c) */
        m->fields += 2 * (double)lay.comp_stride * real;
    m->pml = pml_bytes(cfg, &lay, (size_t)real);
    if (cfg->solver == CFG_SOLVER_PSATD) /* 9 complex arrays and 4 coefficients a k-point; k and shifts per axis */
        m->psatd = (9 * 2 + 4) * cells * real + 3 * (double)(lay.cells[0] + lay.cells[1] + lay.cells[2]) * real;
    m->diagnostics = rows * 2 * sizeof(double);
    m->loading = cells * (sizeof(int) + sizeof(long));
    m->guards = guards_estimate(cfg, &lay);
    /* while the guard plans are made, an int per cell of a component as scratch */
    double resident = m->fields + m->guards + m->pml + m->psatd + m->diagnostics;
    double peak = resident + (double)lay.comp_stride * sizeof(int);
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        double slots;
        if (species_boxes(cfg, &lay, s, &m->count[s], &slots, err, err_len))
            return -1;
        /* a beam's loading also holds each particle's cell and slot */
        const double loading = m->loading + (sp->is_beam ? (double)sp->beam.particles * 2 * sizeof(long) : 0);
        m->particles[s] = slots * (double)particles_slot_bytes(cfg) +
                          (double)lay.n_boxes * (8 * sizeof(long) + sizeof(double));
        /* while loading: the counts, the arrays, then the offsets */
        peak = resident + m->particles[s] + loading > peak ? resident + m->particles[s] + loading : peak;
        resident += m->particles[s];
        /* simd_cells sorts in place through its cell list */
        if (plan.sort_interval > 0 && !sp->frozen && !plan.ops->cell_tiles) {
            double bins = 1;
            for (int a = 0; a < 3; a++)
                bins *= (lay.box[a] + plan.sort_bin[a] - 1) / plan.sort_bin[a];
            double sort = slots * (sizeof(int) + sizeof(long)) + bins * lay.n_boxes * sizeof(int);
            m->sort += sort;
            resident += sort;
        }
        /* local_tiles with several tiles per box, simd_cells (tiles of one cell): tile ends (the
         * list itself shares the destination array) */
        if (plan_lists_tiles(&plan) && !sp->frozen) {
            const double tiles = (double)plan.tiles.per_box;
            m->tiles += tiles * lay.n_boxes * sizeof(int);
            resident += tiles * lay.n_boxes * sizeof(int);
        }
        /* collide.c: a species in any collision entry keeps its cell list and each box's cell ends */
        int listed = 0;
        for (int i = 0; i < cfg->n_collisions; i++)
            listed |= cfg->collisions[i].species[0] == s || cfg->collisions[i].species[1] == s;
        if (listed) {
            const double bytes = (slots > 0 ? slots : 1) * sizeof(int) +
                                 (double)lay.box[0] * lay.box[1] * lay.box[2] * lay.n_local * sizeof(int);
            m->collide += bytes;
            resident += bytes;
        }
        if (resident > peak)
            peak = resident;
    }
    m->peak = peak;
    return 0;
}

void estimate_print(const struct picl_config *cfg, const struct memory_estimate *m, FILE *out)
{
    const double MiB = 1048576.0;
    fprintf(out, "device memory (estimate): %.1f MiB at peak\n", m->peak / MiB);
    fprintf(out, "  fields      %10.1f MiB  (%d components with guard cells%s)\n", m->fields / MiB,
            gen_field_buffer_comps(cfg), cfg->filter_godfrey                          ? ", 6 of them the Godfrey-filtered E and B"
                                      : cfg->solver == CFG_SOLVER_ELECTROSTATIC ? ", and the Poisson solver's 2"
                                                                                : "");
    fprintf(out, "  guard plans %10.1f MiB  (FillBoundary and SumBoundary lists between boxes)\n", m->guards / MiB);
    if (m->pml > 0)
        fprintf(out, "  pml         %10.1f MiB  (auxiliary fields of the absorbing layers)\n", m->pml / MiB);
    if (m->psatd > 0)
        fprintf(out, "  psatd       %10.1f MiB  (complex E, B, J of the domain and the k-space tables; not VkFFT's own buffers)\n",
                m->psatd / MiB);
    for (int s = 0; s < cfg->n_species; s++)
        fprintf(out, "  %-11s %10.1f MiB  (%ld particles, with room to move between boxes)\n", cfg->species[s].name,
                m->particles[s] / MiB, m->count[s]);
    fprintf(out, "  (a particle slot: %zu bytes: position, momentum, destination%s%s%s)\n", particles_slot_bytes(cfg),
            gen_stores_weights(cfg) ? ", weight" : "", gen_stores_ids(cfg) ? ", 64-bit id" : "",
            gen_ionizes(cfg) ? ", charge state" : "");
    if (m->sort > 0)
        fprintf(out, "  sorting     %10.1f MiB\n", m->sort / MiB);
    if (m->tiles > 0)
        fprintf(out, "  tile lists  %10.1f MiB\n", m->tiles / MiB);
    if (m->collide > 0)
        fprintf(out, "  collisions  %10.1f MiB  (cell lists)\n", m->collide / MiB);
    fprintf(out, "  loading     %10.1f MiB  (transient)\n", m->loading / MiB);
}
