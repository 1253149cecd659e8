/* estimate.c: memory from the input, by the same rules the allocation follows (the layout of
 * fields, particles_box_room for particles). Particle counts assume every lattice candidate in
 * the species' region is loaded, which is exact for uniform densities and an upper bound else. */
#include "estimate.h"

#include "gen.h"
#include "layout.h"
#include "particles.h"
#include "pml.h"

/* Candidates in box b: cells of the box inside the region times particles per cell. */
static long box_candidates(const struct cfg_species *sp, const struct picl_config *cfg, const struct gen_layout *lay,
                           int b)
{
    const long ppc = (long)sp->ppc[0] * sp->ppc[1] * sp->ppc[2];
    const int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
    long cells = 1;
    for (int a = 0; a < 3; a++) {
        int n = 0;
        for (int i = 0; i < lay->box[a]; i++) {
            double x = cfg->grid.lower[a] + (bi[a] * lay->box[a] + i + 0.5) * lay->dx[a];
            n += !sp->has_region || (x >= sp->region_lower[a] && x < sp->region_upper[a]);
        }
        cells *= n;
    }
    return cells * ppc;
}

int estimate_box_particles(const struct picl_config *cfg, const struct gen_layout *lay, double *count, char *err,
                           size_t err_len)
{
    (void)err;
    (void)err_len;
    for (int s = 0; s < cfg->n_species; s++)
        for (int b = 0; b < lay->n_boxes; b++)
            count[b] += (double)box_candidates(&cfg->species[s], cfg, lay, b);
    return 0;
}

/* Candidates of a species in all boxes, and the slots they take. */
static void species_boxes(const struct cfg_species *sp, const struct picl_config *cfg, const struct gen_layout *lay,
                          long *total, double *slots)
{
    *total = 0;
    *slots = 0;
    for (int b = 0; b < lay->n_boxes; b++) {
        long n = box_candidates(sp, cfg, lay, b);
        *total += n;
        *slots += (double)(particles_box_room(n) + particles_outbox_room(n));
    }
}

int estimate_memory(const struct picl_config *cfg, const struct gen_device *dev, struct memory_estimate *m, char *err,
                    size_t err_len)
{
    struct gen_layout lay;
    if (gen_layout(cfg, &lay, err, err_len))
        return -1;
    const double real = cfg->precision == CFG_DOUBLE ? 8 : 4;
    const double cells = (double)lay.cells[0] * lay.cells[1] * lay.cells[2];
    const double rows = (double)lay.box[1] * lay.box[2] * lay.n_boxes;
    *m = (struct memory_estimate){0};
    m->fields = FC_COUNT * (double)lay.comp_stride * real;
    m->pml = pml_bytes(cfg, &lay, (size_t)real);
    m->diagnostics = rows * 2 * sizeof(double);
    m->loading = cells * (sizeof(int) + sizeof(long));
    double resident = m->fields + m->pml + m->diagnostics, peak = resident;
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        double slots;
        species_boxes(sp, cfg, &lay, &m->count[s], &slots);
        m->particles[s] = slots * (double)PARTICLE_SLOT_BYTES((size_t)real) +
                          (double)lay.n_boxes * (8 * sizeof(long) + sizeof(double));
        /* while loading: the counts, the arrays, then the offsets */
        peak = resident + m->particles[s] + m->loading > peak ? resident + m->particles[s] + m->loading : peak;
        resident += m->particles[s];
        int sort_interval, sort_bin[3];
        gen_sort(cfg, dev, &sort_interval, sort_bin);
        if (sort_interval > 0 && !sp->frozen) {
            double bins = 1;
            for (int a = 0; a < 3; a++)
                bins *= (lay.box[a] + sort_bin[a] - 1) / sort_bin[a];
            double sort = slots * (sizeof(int) + sizeof(long)) + bins * lay.n_boxes * sizeof(int);
            m->sort += sort;
            resident += sort;
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
    fprintf(out, "  fields      %10.1f MiB  (%d components with guard cells)\n", m->fields / MiB, 11);
    if (m->pml > 0)
        fprintf(out, "  pml         %10.1f MiB  (auxiliary fields of the absorbing layers)\n", m->pml / MiB);
    for (int s = 0; s < cfg->n_species; s++)
        fprintf(out, "  %-11s %10.1f MiB  (%ld particles, with room to move between boxes)\n", cfg->species[s].name,
                m->particles[s] / MiB, m->count[s]);
    if (m->sort > 0)
        fprintf(out, "  sorting     %10.1f MiB\n", m->sort / MiB);
    fprintf(out, "  loading     %10.1f MiB  (transient)\n", m->loading / MiB);
}
