/* room.c: the slots each box of a species keeps (room.h). A plasma keeps its count at load plus
 * an eighth and 64 (particles_box_room); with a moving window, at least the whole lattice of the
 * box, because the window brings plasma from ahead into every box, and an outbox that holds the
 * layer of cells a shift hands down. A bunch moves as a block: in one step a whole cell layer of
 * it can cross into the next box (and a window shift hands it back). So a box keeps room for
 * the bunch's particles in the boxes around it; without a window along the bunch's axis, for
 * all the boxes along that axis too, since the bunch travels through them; and an outbox as
 * large. */
#include "room.h"

#include <math.h>

#include "gen.h"
#include "particles.h"

long room_lattice(const struct picl_config *cfg, const struct gen_layout *lay, int s, int b)
{
    const struct cfg_species *sp = &cfg->species[s];
    const int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
    long cells = 1;
    for (int a = 0; a < 3; a++) {
        const int whole = !sp->has_region || (cfg->window.enabled && cfg->window.axis == a);
        int n = 0;
        for (int i = 0; i < lay->box[a]; i++) {
            double x = cfg->grid.lower[a] + (bi[a] * lay->box[a] + i + 0.5) * lay->dx[a];
            n += whole || (x >= sp->region_lower[a] && x < sp->region_upper[a]);
        }
        cells *= n;
    }
    return cells * sp->ppc[0] * sp->ppc[1] * sp->ppc[2];
}

/* The particles a bunch has at load in the boxes around b: those within one box of it along
 * every axis (as a push or a shift moves a particle by at most a cell), and with `whole_axis`
 * >= 0 all boxes along that axis (the bunch travels along it). Periodic axes wrap. */
static long around(const struct picl_config *cfg, const struct gen_layout *lay, const long *count, int b,
                   int whole_axis)
{
    const int p[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
    int lo[3], hi[3];
    for (int a = 0; a < 3; a++) {
        const int nb = lay->nbox[a];
        const int periodic = cfg->field_boundary[a][0] == CFG_BOUNDARY_PERIODIC;
        lo[a] = a == whole_axis || nb <= 3 ? 0 : periodic ? p[a] - 1 : (p[a] > 0 ? p[a] - 1 : 0);
        hi[a] = a == whole_axis || nb <= 3 ? nb - 1 : periodic ? p[a] + 1 : (p[a] < nb - 1 ? p[a] + 1 : nb - 1);
    }
    long sum = 0;
    for (int k = lo[2]; k <= hi[2]; k++)
        for (int j = lo[1]; j <= hi[1]; j++)
            for (int i = lo[0]; i <= hi[0]; i++) {
                const int q[3] = {(i + lay->nbox[0]) % lay->nbox[0], (j + lay->nbox[1]) % lay->nbox[1],
                                  (k + lay->nbox[2]) % lay->nbox[2]};
                sum += count[q[0] + lay->nbox[0] * (q[1] + lay->nbox[1] * q[2])];
            }
    return sum;
}

void room_boxes(const struct picl_config *cfg, const struct gen_layout *lay, int s, const long *count, long *cap,
                long *out_cap)
{
    const struct cfg_species *sp = &cfg->species[s];
    const struct cfg_window *w = &cfg->window;
    for (int b = 0; b < lay->n_boxes; b++) {
        long n = count[b];
        if (sp->is_beam) {
            n = around(cfg, lay, count, b, w->enabled && w->axis == sp->beam.axis ? -1 : sp->beam.axis);
            cap[b] = particles_box_room(n);
            out_cap[b] = particles_box_room(n); /* a thin bunch crosses a box edge all at once */
        } else {
            long layer = 0;
            if (w->enabled) {
                const long lattice = room_lattice(cfg, lay, s, b);
                n = lattice > n ? lattice : n;
                layer = (n + lay->box[w->axis] - 1) / lay->box[w->axis];
            }
            cap[b] = particles_box_room(n);
            out_cap[b] = particles_outbox_room(n) + layer;
        }
    }
}

/* Probability that a cut and stretched normal (beam positions along one axis, in units of the
 * requested rms about the centroid) lies in [lo, hi). */
static double cut_probability(double lo, double hi, double cut, double stretch)
{
    const double a = fmax(lo / stretch, -cut), z = fmin(hi / stretch, cut);
    if (z <= a)
        return 0;
    return (erf(z / sqrt(2.0)) - erf(a / sqrt(2.0))) / (2 * erf(cut / sqrt(2.0)));
}

void room_expected(const struct picl_config *cfg, const struct gen_layout *lay, int s, long *count)
{
    const struct cfg_species *sp = &cfg->species[s];
    for (int b = 0; b < lay->n_boxes; b++) {
        if (!sp->is_beam) {
            count[b] = room_lattice(cfg, lay, s, b);
            continue;
        }
        const struct cfg_beam *beam = &sp->beam;
        const int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
        double cut, stretch, p = 1;
        gen_beam_cut(beam->truncate, &cut, &stretch);
        for (int a = 0; a < 3; a++) {
            const double lo = cfg->grid.lower[a] + bi[a] * lay->box[a] * lay->dx[a] - beam->centroid[a];
            const double hi = lo + lay->box[a] * lay->dx[a];
            p *= cut_probability(lo / beam->rms[a], hi / beam->rms[a], cut, stretch);
        }
        const double mean = (double)beam->particles * p;
        const double n = ceil(mean + 4 * sqrt(mean * (1 - p)) + (p > 0));
        count[b] = n < (double)beam->particles ? (long)n : beam->particles;
    }
}
