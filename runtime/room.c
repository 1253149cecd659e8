/* room.c: the slots each box of a species keeps (room.h).
 * - A plasma keeps its count at load plus an eighth and 64 (room_box_slots), its outbox an
 *   eighth and 64. With a moving window, at least the whole lattice of the box, because the
 *   window brings plasma from ahead into every box, and an outbox that also holds the layer of
 *   cells a shift hands down.
 * - A bunch moves as a block: in one step a whole cell layer of it can cross into the next box
 *   (and a window shift hands it back), and it is often thinner than a box. Over the run it
 *   drifts relative to the domain (its speed less a moving window's, along its axis; three
 *   standard deviations of its velocity spread, along every axis; at least a cell). So a box
 *   keeps room for the most the bunch puts, at load, in a block of box + 2 cells along the axis
 *   placed anywhere within that drift of the box, widened across by the drift; and an outbox as
 *   large (a thin bunch crosses a box edge all at once). Without a window that moves with it the
 *   drift spans the column, and each box of the column keeps room for the most the bunch puts
 *   in any box-long stretch of it. Beyond these a box can overflow, which stops the run with a
 *   message (docs/input.md).
 * - Particles from a file: every box and outbox the most of any block of 2 x 2 x 2 boxes
 *   (file_room).
 * - A flux species: the steady state of its stream, bounded by what the run brings in (flux_room).
 * - The product of field ionization (a plasma electron species): besides its own, room in every
 *   box for each electron the ions that start there can give, every ion ionized to its bare
 *   nucleus (ionization_electrons). */
#include "room.h"

#include <math.h>

#include "flux_defs.h"
#include "gen.h"
#include "mem.h"

/* Room for particles arriving from its neighbours, and the outbox. Density fluctuates by sqrt(n)
 * between boxes; a push moves a particle by less than a cell. */
long room_box_slots(long n) { return n + n / 8 + 64; }
long room_outbox_slots(long n) { return n / 8 + 64; }

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

/* Index i along axis a, wrapped on a periodic axis; -1 outside a non-periodic one. */
static int along(const struct picl_config *cfg, const struct gen_layout *lay, int a, int i)
{
    const int n = lay->cells[a];
    if (cfg->field_boundary[a][0] == CFG_BOUNDARY_PERIODIC)
        return ((i % n) + n) % n;
    return i >= 0 && i < n ? i : -1;
}

/* Cells a bunch may move along axis a during the whole run, relative to the domain (which a
 * moving window carries along): its mean velocity less the window's along its own axis, and
 * three standard deviations of the velocity spread (dv = c du / gamma^3 along the axis, c du /
 * gamma across), at least one cell (a step moves a particle by up to a cell). */
static int bunch_drift(const struct picl_config *cfg, const struct gen_layout *lay, int s, int a)
{
    const struct cfg_beam *b = &cfg->species[s].beam;
    const double gamma = sqrt(1 + b->u * b->u), t = (double)cfg->steps * cfg->dt;
    const double window = cfg->window.enabled && cfg->window.axis == a ? cfg->window.speed * PICL_C : 0;
    /* the divergence's u at the bunch's edge (truncate rms out) counted as spread, over gamma
     * along the axis too: an upper bound */
    double v = 3 * PICL_C * b->u_th[a] / (a == b->axis ? gamma * gamma * gamma : gamma) +
               PICL_C * fabs(b->divergence[a]) * b->truncate * b->rms[a] / gamma;
    if (a == b->axis)
        v += fabs(PICL_C * b->u / gamma - window);
    else
        v += window;
    const double cells = ceil(v * t / lay->dx[a] - 1e-9);
    return cells < 1 ? 1 : cells > lay->cells[a] ? lay->cells[a] : (int)cells;
}

/* The bunch's particles around box b (see the banner): the box's cross-section widened by the
 * drift across, and the most the bunch puts in a stretch of box + 2 cells along its axis among
 * the stretches within its drift of the box. prof: scratch of cells[axis] doubles. */
static double bunch_room(const struct picl_config *cfg, const struct gen_layout *lay, int s, const double *count,
                         int b, double *prof)
{
    const int axis = cfg->species[s].beam.axis;
    const int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
    const int t0 = axis == 0 ? 1 : 0, t1 = axis == 2 ? 1 : 2; /* the axes across the bunch's */
    const int n = lay->cells[axis];
    int lo[3], hi[3]; /* the widened cross-section, in global cells (wrapped or clipped by along()) */
    for (int q = 0; q < 2; q++) {
        const int a = q ? t1 : t0, d = bunch_drift(cfg, lay, s, a);
        lo[a] = bi[a] * lay->box[a] - d;
        hi[a] = (bi[a] + 1) * lay->box[a] - 1 + d;
        if (hi[a] - lo[a] + 1 >= lay->cells[a]) { /* the whole axis, each cell once */
            lo[a] = 0;
            hi[a] = lay->cells[a] - 1;
        }
    }
    /* the column's profile along the axis over that cross-section */
    for (int k = 0; k < n; k++)
        prof[k] = 0;
    for (int i1 = lo[t1]; i1 <= hi[t1]; i1++) {
        const int g1 = along(cfg, lay, t1, i1);
        if (g1 < 0)
            continue;
        for (int i0 = lo[t0]; i0 <= hi[t0]; i0++) {
            const int g0 = along(cfg, lay, t0, i0);
            if (g0 < 0)
                continue;
            for (int k = 0; k < n; k++) {
                int g[3];
                g[t0] = g0;
                g[t1] = g1;
                g[axis] = k;
                prof[k] += count[g[0] + (long)lay->cells[0] * (g[1] + (long)lay->cells[1] * g[2])];
            }
        }
    }
    /* stretches of box + 2 cells starting within the drift of the box's own */
    const int len = lay->box[axis] + 2, d = bunch_drift(cfg, lay, s, axis);
    int first = bi[axis] * lay->box[axis] - 1 - d, last = bi[axis] * lay->box[axis] - 1 + d;
    if (last - first + 1 >= n) { /* anywhere along the column */
        first = cfg->field_boundary[axis][0] == CFG_BOUNDARY_PERIODIC ? 0 : -len;
        last = n - 1;
    }
    double most = 0;
    for (int start = first; start <= last; start++) {
        double sum = 0;
        for (int k = start; k < start + len; k++) {
            const int g = along(cfg, lay, axis, k);
            sum += g < 0 ? 0 : prof[g];
        }
        most = sum > most ? sum : most;
    }
    return most;
}

/* Particles from a file may be a bunch of any shape and speed: every box, and its outbox, keeps
 * room for the most the particles put at load in any block of 2 x 2 x 2 boxes (a block that one
 * box can come to hold when they move as one, since the boxes they straddle fall into it). */
static void file_room(const struct gen_layout *lay, const double *cell_count, long *cap, long *out_cap)
{
    const int *c = lay->cells, *nb = lay->nbox;
    double most = 0;
    for (int b = 0; b < lay->n_boxes; b++) {
        const int bi[3] = {b % nb[0], (b / nb[0]) % nb[1], b / (nb[0] * nb[1])};
        double sum = 0;
        for (int k = bi[2] * lay->box[2]; k < (bi[2] + 2) * lay->box[2] && k < c[2]; k++)
            for (int j = bi[1] * lay->box[1]; j < (bi[1] + 2) * lay->box[1] && j < c[1]; j++)
                for (int i = bi[0] * lay->box[0]; i < (bi[0] + 2) * lay->box[0] && i < c[0]; i++)
                    sum += cell_count[i + (long)c[0] * (j + (long)c[1] * k)];
        most = fmax(most, sum);
    }
    for (int b = 0; b < lay->n_boxes; b++)
        cap[b] = out_cap[b] = room_box_slots((long)most);
}

/* A flux species, empty at load, fills the domain as it streams in: a face cell's per_cell
 * particles a step, at inward u_n from the flux distribution, stay u_n^-1-weighted, so in
 * the steady state a cell holds per_cell dx_n P(u_n > 0) / (v dt) of them, v = c <u_n, u_n > 0>
 * (units of the non-relativistic flux, an upper bound since gamma v <= u), times 1.25; and never
 * more than the run can bring in, per_cell x the box's face cells x steps. Every box keeps that
 * room, and an outbox of one layer of face cells more. */
static void flux_room(const struct picl_config *cfg, const struct gen_layout *lay, int s, long *cap, long *out_cap)
{
    const struct cfg_species *sp = &cfg->species[s];
    const int a = sp->flux.axis;
    const double v = gen_flux_rate(sp) / sp->flux.density; /* m/s */
    const double p = gen_flux_inward(sp);
    const double per_cell_step = sp->flux.per_cell * lay->dx[a] * p / (v * cfg->dt);
    const long face = (long)lay->box[(a + 1) % 3] * lay->box[(a + 2) % 3];
    const double box_cells = (double)face * lay->box[a];
    const double steady = 1.25 * per_cell_step * box_cells, most = (double)sp->flux.per_cell * face * (cfg->steps + 1);
    const long n = (long)ceil(fmin(steady, most));
    for (int b = 0; b < lay->n_boxes; b++) {
        cap[b] = room_box_slots(n);
        out_cap[b] = room_outbox_slots(n) + (long)sp->flux.per_cell * face;
    }
}

/* Electrons the ionizable species whose product is s can make in each box of the domain: each
 * of its lattice candidates (room_lattice) times the charge states above its initial one. NULL
 * when s is no product (or out of memory, which room_boxes then treats alike: no extra room). */
static long *ionization_electrons(const struct picl_config *cfg, const struct gen_layout *lay, int s)
{
    long *per_box = NULL;
    for (int j = 0; j < cfg->n_species; j++) {
        const struct cfg_ionization *io = &cfg->species[j].ionization;
        if (!io->enabled || io->product != s)
            continue;
        if (!per_box && !(per_box = mem_calloc((size_t)lay->n_boxes, sizeof(long))))
            return NULL;
        for (int b = 0; b < lay->n_boxes; b++) /* an ionizable species is a plasma: its lattice */
            per_box[b] += room_lattice(cfg, lay, j, b) * (io->z - io->initial_level);
    }
    return per_box;
}

void room_boxes(const struct picl_config *cfg, const struct gen_layout *lay, int s, const double *cell_count,
                int expected, long *cap, long *out_cap)
{
    const struct cfg_species *sp = &cfg->species[s];
    const struct cfg_window *w = &cfg->window;
    const int *c = lay->cells;
    double *prof = sp->is_beam ? mem_calloc((size_t)c[sp->beam.axis], sizeof(double)) : NULL;
    if (sp->is_file) {
        file_room(lay, cell_count, cap, out_cap);
        return;
    }
    if (sp->flux.enabled) {
        flux_room(cfg, lay, s, cap, out_cap);
        return;
    }
    long *ion_e = sp->is_beam ? NULL : ionization_electrons(cfg, lay, s);
    for (int b = 0; b < lay->n_boxes; b++) {
        const int bi[3] = {b % lay->nbox[0], (b / lay->nbox[0]) % lay->nbox[1], b / (lay->nbox[0] * lay->nbox[1])};
        if (sp->is_beam) {
            double n = prof ? bunch_room(cfg, lay, s, cell_count, b, prof) : (double)sp->beam.particles;
            if (expected) /* the count is binomial: four standard deviations above the mean */
                n = ceil(n + 4 * sqrt(n) + 1);
            n = fmin(n, (double)sp->beam.particles);
            cap[b] = out_cap[b] = room_box_slots((long)n);
            continue;
        }
        double sum = 0;
        if (!cell_count) /* room_expected's counts of a plasma, summed over the box */
            sum = (double)room_lattice(cfg, lay, s, b);
        for (int k = bi[2] * lay->box[2]; cell_count && k < (bi[2] + 1) * lay->box[2]; k++)
            for (int j = bi[1] * lay->box[1]; j < (bi[1] + 1) * lay->box[1]; j++)
                for (int i = bi[0] * lay->box[0]; i < (bi[0] + 1) * lay->box[0]; i++)
                    sum += cell_count[i + (long)c[0] * (j + (long)c[1] * k)];
        long n = (long)sum, layer = 0;
        if (w->enabled) {
            const long lattice = room_lattice(cfg, lay, s, b);
            n = lattice > n ? lattice : n;
            layer = (n + lay->box[w->axis] - 1) / lay->box[w->axis];
        }
        if (ion_e)
            n += ion_e[b];
        cap[b] = room_box_slots(n);
        out_cap[b] = room_outbox_slots(n) + layer;
    }
    mem_free(prof);
    mem_free(ion_e);
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

void room_expected(const struct picl_config *cfg, const struct gen_layout *lay, int s, double *cell_count)
{
    const struct cfg_species *sp = &cfg->species[s];
    const int *c = lay->cells;
    const long ppc = (long)sp->ppc[0] * sp->ppc[1] * sp->ppc[2];
    double *p[3] = {NULL, NULL, NULL};
    if (sp->is_beam) { /* separable: the product of the three axes' probabilities */
        double cut, stretch;
        gen_beam_cut(sp->beam.truncate, &cut, &stretch);
        for (int a = 0; a < 3; a++) {
            p[a] = mem_calloc((size_t)c[a], sizeof(double));
            if (p[a] && a < 2 && cfg->geometry == CFG_GEOMETRY_RZ) {
                /* RZ: x, y are Cartesian about the axis, not the grid's r; the boxes hold the
                 * whole of r (the schema keeps the bunch inside r_max), so only the sum over r
                 * counts: all of it on the first r cell */
                p[a][0] = 1;
                continue;
            }
            for (int i = 0; p[a] && i < c[a]; i++) {
                const double lo = cfg->grid.lower[a] + i * lay->dx[a] - sp->beam.centroid[a];
                p[a][i] = cut_probability(lo / sp->beam.rms[a], (lo + lay->dx[a]) / sp->beam.rms[a], cut, stretch);
            }
        }
    }
    for (int k = 0; k < c[2]; k++)
        for (int j = 0; j < c[1]; j++)
            for (int i = 0; i < c[0]; i++) {
                double n = (double)ppc;
                if (sp->is_beam) {
                    n = p[0] && p[1] && p[2] ? (double)sp->beam.particles * p[0][i] * p[1][j] * p[2][k]
                                             : (double)sp->beam.particles;
                } else if (sp->has_region) {
                    const int g[3] = {i, j, k};
                    for (int a = 0; a < 3; a++) {
                        const double x = cfg->grid.lower[a] + (g[a] + 0.5) * lay->dx[a];
                        const int whole = cfg->window.enabled && cfg->window.axis == a;
                        if (!whole && (x < sp->region_lower[a] || x >= sp->region_upper[a]))
                            n = 0;
                    }
                }
                cell_count[i + (long)c[0] * (j + (long)c[1] * k)] = n;
            }
    for (int a = 0; a < 3; a++)
        mem_free(p[a]);
}

int room_floor(const struct picl_config *cfg, const struct gen_layout *lay, int s, long *cap, long *out_cap)
{
    const struct cfg_species *sp = &cfg->species[s];
    for (int b = 0; b < lay->n_boxes; b++)
        cap[b] = out_cap[b] = 0;
    int product = 0; /* of field ionization: its room must outlast the ions' events */
    for (int j = 0; j < cfg->n_species; j++)
        product |= cfg->species[j].ionization.enabled && cfg->species[j].ionization.product == s;
    if (!sp->is_beam && !sp->flux.enabled && !cfg->window.enabled && !product)
        return 0;
    const size_t cells = (size_t)lay->cells[0] * lay->cells[1] * lay->cells[2];
    double *count = NULL; /* per cell for a bunch only: a plasma's room is its boxes' lattices */
    if (sp->is_beam && !(count = mem_alloc(cells * sizeof(double))))
        return -1;
    if (count)
        room_expected(cfg, lay, s, count);
    room_boxes(cfg, lay, s, count, 1, cap, out_cap);
    mem_free(count);
    return 0;
}
