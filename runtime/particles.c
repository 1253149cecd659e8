/* particles.c: making and moving one species. Loading counts per cell on the device, lays the
 * boxes out on the host (set-up only), then fills on the device; particles of a box follow the
 * global cell order, so every decomposition loads the same particles with the same ids. */
#include "particles.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#include "beam.h"
#include "flux.h"
#include "gen.h"
#include "kargs.h"
#include "migrate.h"
#include "pfile.h"
#include "room.h"

#define ARRAY_NAME(E, name, param, type, kept) #name,
static const char *const array_names[PA_COUNT] = {PICL_PARTICLE_ARRAYS(ARRAY_NAME) PICL_PARTICLE_SCRATCH(ARRAY_NAME)};
#undef ARRAY_NAME

static int species_kernel(struct kernel *k, struct ctx *c, const char *base, int index, char *err, size_t err_len)
{
    char name[64];
    if (index < 0)
        snprintf(name, sizeof name, "%s", base);
    else
        snprintf(name, sizeof name, "%s_%d", base, index);
    return kernel_create(k, c->prog, name, &c->timers, err, err_len);
}

/* The arguments every species kernel shares: the arrays it takes, the box table and (f not NULL)
 * the field buffer. */
static int species_args(struct kernel *k, const cl_mem *a, const struct fields *f, const struct species *sp,
                        char *err, size_t err_len)
{
    return kernel_particles(k, a, err, err_len) || kernel_mem(k, "boxes", sp->boxes.mem, err, err_len) ||
           (f && kernel_mem(k, "F", f->buf.mem, err, err_len));
}

/* Box of global cell (i, j, k). */
static int cell_box(const struct gen_layout *lay, int i, int j, int k)
{
    return i / lay->box[0] + lay->nbox[0] * (j / lay->box[1] + lay->nbox[1] * (k / lay->box[2]));
}

/* From the per-cell counts of the whole domain: the box table of this rank's boxes (room per box
 * from room.c) and each cell's first slot (-1 for cells of other ranks' boxes). Returns the
 * particles this rank holds, or -1 without host memory. */
static long lay_out(struct species *sp, const struct ctx *c, const int *count, long *offset)
{
    const struct gen_layout *lay = &c->lay;
    const int *n = lay->cells, nb = lay->n_boxes;
    const long cells = (long)n[0] * n[1] * n[2];
    long *t = sp->boxes_host;
    long *scratch = mem_calloc((size_t)nb * 2, sizeof(long)), *cap = scratch, *out_cap = scratch + nb;
    double *per_cell = mem_alloc((size_t)cells * sizeof(double));
    if (!scratch || !per_cell) {
        mem_free(scratch);
        mem_free(per_cell);
        return -1;
    }
    memset(t, 0, sizeof(long) * BT_STRIDE * (size_t)lay->n_local);
    long held = 0;
    for (int k = 0; k < n[2]; k++)
        for (int j = 0; j < n[1]; j++)
            for (int i = 0; i < n[0]; i++) {
                const long cell = i + n[0] * ((long)j + n[1] * k);
                const int b = gen_box_slot(lay, cell_box(lay, i, j, k));
                per_cell[cell] = count[cell];
                if (b >= 0) {
                    t[b * BT_STRIDE + BT_COUNT] += count[cell];
                    held += count[cell];
                }
            }
    /* the room of every box of the domain, from the counts of all; this rank keeps its own */
    room_boxes(c->cfg, lay, sp->index, per_cell, 0, cap, out_cap);
    mem_free(per_cell);
    long slot = 0;
    for (int b = 0; b < lay->n_local; b++) {
        const int g = gen_box_gid(lay, b);
        t[b * BT_STRIDE + BT_START] = slot;
        t[b * BT_STRIDE + BT_CAP] = cap[g];
        slot += cap[g];
    }
    for (int b = 0; b < lay->n_local; b++) {
        const int g = gen_box_gid(lay, b);
        t[b * BT_STRIDE + BT_OUT_START] = slot;
        t[b * BT_STRIDE + BT_OUT_CAP] = out_cap[g];
        slot += out_cap[g];
    }
    sp->slots = slot;
    long *next = scratch; /* each local box's next free slot (the rooms are used) */
    for (int b = 0; b < lay->n_local; b++)
        next[b] = t[b * BT_STRIDE + BT_START];
    for (int k = 0; k < n[2]; k++)
        for (int j = 0; j < n[1]; j++)
            for (int i = 0; i < n[0]; i++) {
                long cell = i + n[0] * ((long)j + n[1] * k);
                int b = gen_box_slot(lay, cell_box(lay, i, j, k));
                offset[cell] = b < 0 ? -1 : next[b];
                if (b >= 0)
                    next[b] += count[cell];
            }
    mem_free(scratch);
    return held;
}

static int cl_check(cl_int rc, const struct species *sp, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "species %s: %s failed: %s", sp->cfg->name, what, device_error_name(rc));
    return -1;
}

/* Bytes of one element of an array of OpenCL type `type` (templates/kernel_iface.h), and whether the
 * run stores an array kept as `kept`. */
#define ELEM_real(real_size) (real_size)
#define ELEM_ulong(real_size) sizeof(cl_ulong)
#define ELEM_int(real_size) sizeof(cl_int)
static int stored(const struct picl_config *cfg, enum pa_kept kept)
{
    return kept == PA_ALWAYS || (kept == PA_IF_WEIGHTS  ? gen_stores_weights(cfg)
                                 : kept == PA_IF_LEVELS ? gen_ionizes(cfg)
                                                        : gen_stores_ids(cfg));
}

static size_t elem_bytes(const struct picl_config *cfg, size_t real_size, enum particle_array a)
{
#define ELEM(E, name, param, type, kept)                                                         \
    case PA_##E:                                                                               \
        return stored(cfg, kept) ? ELEM_##type(real_size) : 0;
    switch (a) {
        PICL_PARTICLE_ARRAYS(ELEM)
        PICL_PARTICLE_SCRATCH(ELEM)
    default:
        return 0;
    }
#undef ELEM
}

size_t particles_elem(const struct ctx *c, enum particle_array a) { return elem_bytes(c->cfg, c->real_size, a); }

size_t particles_slot_bytes(const struct picl_config *cfg)
{
    const size_t real = cfg->precision == CFG_DOUBLE ? sizeof(double) : sizeof(float);
    size_t sum = 0;
    for (int a = 0; a < PA_COUNT; a++)
        sum += elem_bytes(cfg, real, (enum particle_array)a);
    return sum;
}

/* The species' count on this rank and on all, and its arrays of sp->slots slots each (an
 * attribute the run does not store gets a placeholder of one slot). */
static int take_arrays(struct species *sp, struct ctx *c, long total, char *err, size_t err_len)
{
    sp->np = sp->np_all = total;
    comm_sum_longs(c->comm, &sp->np_all, 1);
    for (int a = 0; a < PA_COUNT; a++) {
        char what[128];
        const size_t elem = particles_elem(c, (enum particle_array)a);
        snprintf(what, sizeof what, "species %s %s (%ld particles, %ld slots)", sp->cfg->name, array_names[a], total,
                 elem ? sp->slots : 1);
        if (arena_alloc(&c->arena, elem ? (size_t)sp->slots * elem : sizeof(cl_ulong), what, &sp->array[a], err,
                        err_len))
            return -1;
    }
    return 0;
}

static int load(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    const struct gen_layout *lay = &c->lay;
    const int *n = lay->cells;
    size_t cells = (size_t)n[0] * n[1] * n[2];
    struct arena_buf count = {0}, offset = {0};
    struct kernel kcount = {0}, kfill = {0};
    int *host_count = mem_alloc(cells * sizeof(int));
    long *host_offset = mem_alloc(cells * sizeof(long));
    long *beam_cell = NULL; /* a beam: each particle's cell */
    const int beam = sp->cfg->is_beam, from_file = sp->cfg->is_file;
    struct pfile_particles kept = {0}; /* from a file: the particles of this rank's boxes */
    int rc = -1;
    if (!host_count || !host_offset) {
        snprintf(err, err_len, "species %s: out of host memory for loading", sp->cfg->name);
        goto done;
    }
    size_t g[3] = {(size_t)n[0], (size_t)n[1], (size_t)n[2]};
    if (beam) {
        if (beam_cells(sp, c, host_count, &beam_cell, err, err_len))
            goto done;
    } else if (from_file) {
        if (pfile_read(sp->cfg, &c->lay, c->real_size == sizeof(float), host_count, &kept, err, err_len))
            goto done;
    } else if (arena_alloc(&c->arena, cells * sizeof(int), "particle loading counts", &count, err, err_len) ||
               species_kernel(&kcount, c, "load_count", sp->index, err, err_len) ||
               species_kernel(&kfill, c, "load_fill", sp->index, err, err_len) ||
               kernel_mem(&kcount, "count", count.mem, err, err_len) ||
               kernel_launch(&kcount, c->dev->queue, &c->timers, 3, g, NULL, err, err_len) ||
               cl_check(clEnqueueReadBuffer(c->dev->queue, count.mem, CL_TRUE, 0, cells * sizeof(int), host_count, 0,
                                            NULL, NULL),
                        sp, "reading counts", err, err_len)) {
        goto done;
    }
    long total = lay_out(sp, c, host_count, host_offset);
    if (total < 0) {
        snprintf(err, err_len, "species %s: out of host memory for loading", sp->cfg->name);
        goto done;
    }
    if (take_arrays(sp, c, total, err, err_len))
        goto done;
    size_t table = sizeof(long) * BT_STRIDE * (size_t)lay->n_local;
    if (arena_alloc(&c->arena, table, "species box table", &sp->boxes, err, err_len) ||
        cl_check(clEnqueueWriteBuffer(c->dev->queue, sp->boxes.mem, CL_TRUE, 0, table, sp->boxes_host, 0, NULL, NULL),
                 sp, "writing the box table", err, err_len))
        goto done;
    if (beam) {
        rc = beam_fill(sp, c, beam_cell, host_offset, err, err_len);
        goto done;
    }
    if (from_file) {
        size_t elem[PA_ATTRS];
        for (int a = 0; a < PA_ATTRS; a++)
            elem[a] = particles_elem(c, (enum particle_array)a);
        rc = pfile_fill(sp, c, &kept, host_offset, elem, err, err_len);
        goto done;
    }
    if (arena_alloc(&c->arena, cells * sizeof(long), "particle loading offsets", &offset, err, err_len) ||
        cl_check(clEnqueueWriteBuffer(c->dev->queue, offset.mem, CL_TRUE, 0, cells * sizeof(long), host_offset, 0,
                                      NULL, NULL),
                 sp, "writing offsets", err, err_len))
        goto done;
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    if (kernel_particles(&kfill, a, err, err_len) || kernel_mem(&kfill, "offset", offset.mem, err, err_len) ||
        kernel_launch(&kfill, c->dev->queue, &c->timers, 3, g, NULL, err, err_len))
        goto done;
    clFinish(c->dev->queue);
    rc = 0;
done:
    kernel_release(&kcount);
    kernel_release(&kfill);
    if (count.mem)
        arena_free(&c->arena, &count);
    if (offset.mem)
        arena_free(&c->arena, &offset);
    mem_free(host_count);
    mem_free(host_offset);
    mem_free(beam_cell);
    pfile_free(&kept);
    return rc;
}

/* The list of each box's particles tile by tile that particles_tile_bin makes before every
 * push, handed to the push kernel as its arguments tile_list and tile_end. The list of a box's
 * particles lives in the destination array (PA_DEST) at the box's own slots, which nothing else
 * uses: destinations are written and read at outbox slots only. */
static int tile_list_create(struct species *sp, struct ctx *c, const cl_mem *a, char *err, size_t err_len)
{
    const int nb = c->lay.n_local;
    const size_t ends = (size_t)c->plan.tiles.per_box * (size_t)nb;
    if (arena_alloc(&c->arena, ends * sizeof(cl_int), "tile ends", &sp->tile_end, err, err_len))
        return -1;
    if (species_kernel(&sp->tile_bin, c, "particles_tile_bin", -1, err, err_len) ||
        kernel_particles(&sp->tile_bin, a, err, err_len) ||
        kernel_mem(&sp->tile_bin, "boxes", sp->boxes.mem, err, err_len) ||
        kernel_mem(&sp->tile_bin, "tile_list", a[PA_DEST], err, err_len) ||
        kernel_mem(&sp->tile_bin, "tile_end", sp->tile_end.mem, err, err_len) ||
        kernel_mem(&sp->push, "tile_list", a[PA_DEST], err, err_len) ||
        kernel_mem(&sp->push, "tile_end", sp->tile_end.mem, err, err_len))
        return -1;
    return 0;
}

/* deposition_strategy "local_tiles": the tile's local memory, the tile list when a box holds
 * several tiles, and the work-group size, which the compiled kernel must allow (registers can
 * lower the limit on GPUs). */
static int local_tiles_create(struct species *sp, struct ctx *c, const cl_mem *a, char *err, size_t err_len)
{
    const struct strategy_tiles *t = &c->plan.tiles;
    if (kernel_set(&sp->push, "J", t->bytes, NULL, err, err_len))
        return -1;
    if (t->per_box > 1 && tile_list_create(sp, c, a, err, err_len))
        return -1;
    size_t most = 0;
    cl_ulong local = 0;
    cl_int rc = clGetKernelWorkGroupInfo(sp->push.k, c->dev->id, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetKernelWorkGroupInfo(sp->push.k, c->dev->id, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
    if (cl_check(rc, sp, "querying the push kernel", err, err_len))
        return -1;
    if (local > c->dev->local_mem) {
        snprintf(err, err_len,
                 "deposition_strategy: \"local_tiles\": the push kernel of species %s needs %llu bytes of local memory, "
                 "%s has %llu; give a smaller work_group.tile",
                 sp->cfg->name, (unsigned long long)local, c->dev->name, (unsigned long long)c->dev->local_mem);
        return -1;
    }
    /* the program was written for this many (TILE_GROUP, reqd_work_group_size) */
    if (t->group > most) {
        snprintf(err, err_len, "work_group.particles: the local_tiles push kernel of species %s runs at most %zu work "
                 "items per work-group on %s, not %zu; give work_group.particles = %zu", sp->cfg->name, most,
                 c->dev->name, t->group, most);
        return -1;
    }
    return 0;
}

/* Room for count[b] particles in each local box b, nothing written: the caller fills the
 * arrays (redistribution between ranks, restart). room[2 b], room[2 b + 1] (room NULL: from the
 * counts) are the box's slots and outbox slots. */
static int allocate(struct species *sp, struct ctx *c, const long *count, const long *room, char *err,
                    size_t err_len)
{
    const int nb = c->lay.n_local;
    long *t = sp->boxes_host, slot = 0, total = 0;
    /* a moving window's plasma and a bunch keep the room their rules give, wherever they are */
    long *floor_cap = mem_calloc((size_t)c->lay.n_boxes * 2, sizeof(long)), *floor_out = floor_cap + c->lay.n_boxes;
    if (!floor_cap || room_floor(c->cfg, &c->lay, sp->index, floor_cap, floor_out)) {
        mem_free(floor_cap);
        snprintf(err, err_len, "species %s: out of host memory for the box table", sp->cfg->name);
        return -1;
    }
    memset(t, 0, sizeof(long) * BT_STRIDE * (size_t)nb);
    for (int b = 0; b < nb; b++) {
        const long own = room_box_slots(count[b]), floor = floor_cap[gen_box_gid(&c->lay, b)];
        t[b * BT_STRIDE + BT_START] = slot;
        t[b * BT_STRIDE + BT_COUNT] = count[b];
        t[b * BT_STRIDE + BT_CAP] = room ? room[2 * b] : own > floor ? own : floor;
        slot += t[b * BT_STRIDE + BT_CAP];
        total += count[b];
    }
    for (int b = 0; b < nb; b++) {
        const long own = room_outbox_slots(count[b]), floor = floor_out[gen_box_gid(&c->lay, b)];
        t[b * BT_STRIDE + BT_OUT_START] = slot;
        t[b * BT_STRIDE + BT_OUT_CAP] = room ? room[2 * b + 1] : own > floor ? own : floor;
        slot += t[b * BT_STRIDE + BT_OUT_CAP];
    }
    mem_free(floor_cap);
    sp->slots = slot;
    if (take_arrays(sp, c, total, err, err_len))
        return -1;
    size_t table = sizeof(long) * BT_STRIDE * (size_t)nb;
    if (arena_alloc(&c->arena, table, "species box table", &sp->boxes, err, err_len))
        return -1;
    return cl_check(clEnqueueWriteBuffer(c->dev->queue, sp->boxes.mem, CL_TRUE, 0, table, t, 0, NULL, NULL), sp,
                    "writing the box table", err, err_len);
}

int particles_create(struct species *sp, struct ctx *c, struct fields *f, int index, char *err, size_t err_len)
{
    return particles_create_from(sp, c, f, index, NULL, err, err_len);
}

int particles_create_from(struct species *sp, struct ctx *c, struct fields *f, int index, const long *count, char *err,
                          size_t err_len)
{
    return particles_create_room(sp, c, f, index, count, NULL, err, err_len);
}

int particles_create_room(struct species *sp, struct ctx *c, struct fields *f, int index, const long *count,
                          const long *room, char *err, size_t err_len)
{
    memset(sp, 0, sizeof *sp);
    sp->index = index;
    sp->cfg = &c->cfg->species[index];
    const int nb = c->lay.n_local;
    sp->boxes_host = mem_calloc((size_t)nb * BT_STRIDE, sizeof(long));
    sp->sums_host = mem_calloc((size_t)nb, sizeof(double));
    if (!sp->boxes_host || !sp->sums_host) {
        snprintf(err, err_len, "out of host memory");
        return -1;
    }
    if (count ? allocate(sp, c, count, room, err, err_len) : load(sp, c, err, err_len))
        return -1;
    for (int b = 0; b < nb; b++)
        if (sp->boxes_host[b * BT_STRIDE + BT_CAP] > sp->max_cap)
            sp->max_cap = sp->boxes_host[b * BT_STRIDE + BT_CAP];
    cl_mem a[PA_COUNT];
    for (int i = 0; i < PA_COUNT; i++)
        a[i] = sp->array[i].mem;
    if (!sp->cfg->frozen) {
        if (species_kernel(&sp->push, c, "push_deposit", index, err, err_len))
            return -1;
        const unsigned applied = c->cfg->applied.enabled ? KARGS_APPLIED : 0u;
        sp->push.variant = kargs_push_variant(&c->plan) | applied;
        if (species_args(&sp->push, a, f, sp, err, err_len) ||
            species_kernel(&sp->push_back, c, "push_back", index, err, err_len))
            return -1;
        sp->push_back.variant = applied;
        if (species_args(&sp->push_back, a, f, sp, err, err_len) ||
            species_kernel(&sp->deliver, c, "particles_deliver", -1, err, err_len) ||
            species_args(&sp->deliver, a, NULL, sp, err, err_len))
            return -1;
        if (c->plan.ops->holes &&
            (species_kernel(&sp->outbox_reset, c, "particles_outbox_reset", -1, err, err_len) ||
             species_args(&sp->outbox_reset, a, NULL, sp, err, err_len)))
            return -1;
        if (c->plan.ops->local_j && local_tiles_create(sp, c, a, err, err_len))
            return -1;
        if (c->plan.ops->cell_tiles) { /* the particles listed by cell (tiles of one cell) */
            if (tile_list_create(sp, c, a, err, err_len))
                return -1;
        }
    }
    /* a moving window moves frozen particles too, across ranks as well */
    if (c->lay.n_ranks > 1 && (!sp->cfg->frozen || c->cfg->window.enabled)) {
        sp->mg = mem_calloc(1, sizeof *sp->mg);
        if (!sp->mg) {
            snprintf(err, err_len, "out of host memory");
            return -1;
        }
        if (migrate_create(sp->mg, sp, c, err, err_len))
            return -1;
    }
    const int sort_interval = c->plan.sort_interval, *sort_bin = c->plan.sort_bin;
    if (sort_interval > 0 && !sp->cfg->frozen && c->plan.ops->cell_tiles) {
        /* by cell, through the cell list, in place (particles_reorder_tiles) */
        if (species_kernel(&sp->reorder, c, "particles_reorder_tiles", -1, err, err_len) ||
            species_args(&sp->reorder, a, NULL, sp, err, err_len) ||
            kernel_mem(&sp->reorder, "tile_list", a[PA_DEST], err, err_len))
            return -1;
    } else if (sort_interval > 0 && !sp->cfg->frozen) {
        long bins = 1;
        for (int d = 0; d < 3; d++)
            bins *= (c->lay.box[d] + sort_bin[d] - 1) / sort_bin[d];
        if (arena_alloc(&c->arena, (size_t)sp->slots * sizeof(cl_int), "sort permutation", &sp->perm, err, err_len) ||
            arena_alloc(&c->arena, (size_t)sp->slots * sizeof(cl_ulong), "sort scratch", &sp->scratch, err, err_len) ||
            arena_alloc(&c->arena, (size_t)(bins * nb) * sizeof(cl_int), "sort bins", &sp->bin_end, err, err_len))
            return -1;
        if (species_kernel(&sp->bin, c, "particles_bin", -1, err, err_len) ||
            species_args(&sp->bin, a, NULL, sp, err, err_len) ||
            kernel_mem(&sp->bin, "perm", sp->perm.mem, err, err_len) ||
            kernel_mem(&sp->bin, "bin_end", sp->bin_end.mem, err, err_len) ||
            species_kernel(&sp->reorder, c, "particles_reorder", -1, err, err_len) ||
            species_args(&sp->reorder, a, NULL, sp, err, err_len) ||
            kernel_mem(&sp->reorder, "perm", sp->perm.mem, err, err_len) ||
            kernel_mem(&sp->reorder, "scratch", sp->scratch.mem, err, err_len))
            return -1;
    }
    if (arena_alloc(&c->arena, (size_t)nb * sizeof(double), "particle sums", &sp->sums, err, err_len) ||
        flux_create(sp, c, f, err, err_len))
        return -1;
    if (species_kernel(&sp->rho, c, "deposit_rho", index, err, err_len) ||
        species_args(&sp->rho, a, f, sp, err, err_len) ||
        species_kernel(&sp->kinetic, c, sp->cfg->frozen ? "reduce_kinetic" : "kinetic_centred", index, err, err_len))
        return -1;
    /* a species that moves: its kinetic energy at the fields' time (kinetic_centred.cl) */
    sp->kinetic.variant = !sp->cfg->frozen && c->cfg->applied.enabled ? KARGS_APPLIED : 0u;
    if (species_args(&sp->kinetic, a, sp->cfg->frozen ? NULL : f, sp, err, err_len) ||
        kernel_mem(&sp->kinetic, "out", sp->sums.mem, err, err_len))
        return -1;
    return 0;
}

void particles_destroy(struct species *sp, struct ctx *c)
{
    if (sp->mg) {
        migrate_destroy(sp->mg, c);
        mem_free(sp->mg);
        sp->mg = NULL;
    }
    struct kernel *k[] = {&sp->push, &sp->push_back, &sp->deliver, &sp->rho, &sp->kinetic, &sp->bin,
                          &sp->reorder, &sp->outbox_reset, &sp->tile_bin, &sp->flux_inject, &sp->ionize};
    for (size_t i = 0; i < sizeof k / sizeof *k; i++)
        kernel_release(k[i]);
    struct arena_buf *scratch[] = {&sp->perm, &sp->scratch, &sp->bin_end, &sp->tile_end};
    for (size_t i = 0; i < sizeof scratch / sizeof *scratch; i++)
        if (scratch[i]->mem)
            arena_free(&c->arena, scratch[i]);
    for (int a = 0; a < PA_COUNT; a++)
        if (sp->array[a].mem)
            arena_free(&c->arena, &sp->array[a]);
    if (sp->boxes.mem)
        arena_free(&c->arena, &sp->boxes);
    if (sp->sums.mem)
        arena_free(&c->arena, &sp->sums);
    mem_free(sp->sums_host);
    mem_free(sp->boxes_host);
    sp->sums_host = NULL;
    sp->boxes_host = NULL;
}

/* One work item per box, each in a work-group of its own so that boxes spread over the
 * compute units (a CPU runs a work-group on one thread). */
static int launch_boxes(struct kernel *k, struct ctx *c, char *err, size_t err_len)
{
    size_t g = (size_t)c->lay.n_local, l = 1;
    return kernel_launch(k, c->dev->queue, &c->timers, 1, &g, &l, err, err_len);
}

int particles_push(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    if (sp->cfg->frozen)
        return 0;
    /* leavers leave holes: the outbox starts empty; tiles: the particles listed tile by tile,
     * unless a sort has just left them in the order of their list (nothing moves between the
     * sort and the push) */
    if ((c->plan.ops->holes && launch_boxes(&sp->outbox_reset, c, err, err_len)) ||
        (sp->tile_bin.k && !sp->cells_listed && launch_boxes(&sp->tile_bin, c, err, err_len)))
        return -1;
    sp->cells_listed = 0;
    if (c->plan.ops->launch == STRATEGY_LAUNCH_PARTICLES) {
        const size_t w = c->plan.wg_particles;
        size_t g[2] = {(size_t)sp->max_cap, (size_t)c->lay.n_local}, l[2] = {w, 1};
        if (w)
            g[0] = (g[0] + w - 1) / w * w; /* slots past a box's count return at once */
        if (kernel_launch(&sp->push, c->dev->queue, &c->timers, 2, g, w ? l : NULL, err, err_len))
            return -1;
    } else if (c->plan.ops->launch == STRATEGY_LAUNCH_TILES) {
        /* a work-group per tile of every box */
        const struct strategy_tiles *t = &c->plan.tiles;
        size_t g[2] = {(size_t)t->per_box * t->group, (size_t)c->lay.n_local}, l[2] = {t->group, 1};
        if (kernel_launch(&sp->push, c->dev->queue, &c->timers, 2, g, l, err, err_len))
            return -1;
    } else if (launch_boxes(&sp->push, c, err, err_len)) {
        return -1;
    }
    if (launch_boxes(&sp->deliver, c, err, err_len))
        return -1;
    return sp->mg ? migrate_run(sp->mg, sp, c, err, err_len) : 0;
}

int particles_bin(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    if (!sp->bin.k)
        return 0;
    return launch_boxes(&sp->bin, c, err, err_len);
}

int particles_sort(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    if (c->plan.ops->cell_tiles && sp->reorder.k) {
        if (launch_boxes(&sp->tile_bin, c, err, err_len) || launch_boxes(&sp->reorder, c, err, err_len))
            return -1;
        sp->cells_listed = 1; /* the reorder leaves list = identity and the cell ends as they were */
        return 0;
    }
    if (!sp->bin.k)
        return 0;
    return particles_bin(sp, c, err, err_len) || launch_boxes(&sp->reorder, c, err, err_len);
}

int particles_check(struct species *sp, struct ctx *c, long *count, char *err, size_t err_len)
{
    const int nb = c->lay.n_local;
    device_waited(c->dev, "particles_check: the box tables (counts, room, absorbed)");
    if (cl_check(clEnqueueReadBuffer(c->dev->queue, sp->boxes.mem, CL_TRUE, 0, sizeof(long) * BT_STRIDE * (size_t)nb,
                                     sp->boxes_host, 0, NULL, NULL),
                 sp, "reading the box table", err, err_len))
        return -1;
    long n = 0, overflow = -1;
    /* count, overflowing boxes, absorbed per face, the moving window's removed and injected: one
     * reduction over the ranks */
    long all[10] = {0};
    for (int b = 0; b < nb; b++) {
        const long *t = sp->boxes_host + b * BT_STRIDE;
        if (t[BT_OVERFLOW] && (overflow < 0 || (t[BT_OVERFLOW] == 4 && sp->boxes_host[overflow * BT_STRIDE +
                                                                                        BT_OVERFLOW] != 4)))
            overflow = b; /* the first box in trouble, one with a bad particle before all */
        n += t[BT_COUNT];
        for (int face = 0; face < 6; face++)
            all[2 + face] += t[BT_LOST + face];
        all[8] += t[BT_WINDOW_OUT];
        all[9] += t[BT_WINDOW_IN];
    }
    all[0] = n;
    all[1] = overflow >= 0;
    comm_sum_longs(c->comm, all, 10);
    if (overflow >= 0) {
        const long *t = sp->boxes_host + overflow * BT_STRIDE;
        const int g = gen_box_gid(&c->lay, (int)overflow);
        if (t[BT_OVERFLOW] == 4) { /* the push's guard (species_step.cl, in_reach) */
            char who[64];
            if (t[BT_BAD] >= 0)
                snprintf(who, sizeof who, "particle id %ld", t[BT_BAD]);
            else
                snprintf(who, sizeof who, "the particle in slot %ld", -1 - t[BT_BAD]);
            snprintf(err, err_len,
                     "species %s: %s of box %d went to a position that is no number or lies beyond its box "
                     "(a non-finite momentum, or a field that is no number); it was not deposited and the run "
                     "stops (docs/input.md, \"Bounds on values\")",
                     sp->cfg->name, who, g);
        } else if (t[BT_OVERFLOW] == 3) /* field ionization's electrons (ionize.cl) */
            snprintf(err, err_len,
                     "species %s: box %d has no room for the electrons field ionization makes (%ld of %ld slots); "
                     "a product species keeps room for every ion of its box to be ionized to its bare nucleus, "
                     "beyond which particles have gathered in it: use larger boxes (grid.max_box)",
                     sp->cfg->name, g, t[BT_COUNT], t[BT_CAP]);
        else if (t[BT_OVERFLOW] == 2) /* injection (window_inject.cl) */
            snprintf(err, err_len,
                     "species %s: box %d has no room for the plasma the moving window brings in (%ld of %ld slots); "
                     "particles have gathered in it beyond the room kept at load (the lattice of the box, plus an "
                     "eighth and 64): use larger boxes (grid.max_box)",
                     sp->cfg->name, g, t[BT_COUNT], t[BT_CAP]);
        else
            snprintf(err, err_len,
                     "species %s: box %d ran out of room for particles (%ld of %ld slots, outbox %ld of %ld); boxes "
                     "keep the room they were given at load (docs/input.md, \"Room for particles\"): %s",
                     sp->cfg->name, g, t[BT_COUNT], t[BT_CAP], t[BT_OUT_COUNT], t[BT_OUT_CAP],
                     sp->cfg->is_beam ? "a bunch gets room for where its mean velocity and spread take it over the "
                                        "run; it went further (pushed by fields?): use larger boxes (grid.max_box)"
                                      : "the plasma is far from uniform over boxes: use larger boxes (grid.max_box)");
        return -1;
    }
    if (all[1]) {
        snprintf(err, err_len, "species %s: a box on another rank ran out of room for particles or met a particle beyond "
                 "its reach (its message says which)",
                 sp->cfg->name);
        return -1;
    }
    sp->np = n;
    sp->np_all = all[0];
    for (int face = 0; face < 6; face++)
        sp->lost_all[face] = all[2 + face];
    sp->window_all[0] = all[8];
    sp->window_all[1] = all[9];
    if (count)
        *count = n;
    return 0;
}

/* One acc_real argument (double where the device has it) of the push, push_back and kinetic. */
static int set_acc(struct species *sp, struct ctx *c, const char *name, double value, char *err, size_t err_len)
{
    const int fp64 = c->dev->facts.has_fp64;
    return kernel_set_acc(&sp->push, name, fp64, value, err, err_len) ||
           kernel_set_acc(&sp->push_back, name, fp64, value, err, err_len) ||
           kernel_set_acc(&sp->kinetic, name, fp64, value, err, err_len);
}

int particles_time(struct species *sp, struct ctx *c, double t, double lab_offset, char *err, size_t err_len)
{
    if (sp->cfg->frozen || !c->cfg->applied.enabled)
        return 0;
    return set_acc(sp, c, "t_gather", t, err, err_len) || set_acc(sp, c, "lab_offset", lab_offset, err, err_len);
}

int particles_push_back(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    if (sp->cfg->frozen)
        return 0;
    return launch_boxes(&sp->push_back, c, err, err_len);
}

int particles_deposit_rho(struct species *sp, struct ctx *c, char *err, size_t err_len)
{
    return launch_boxes(&sp->rho, c, err, err_len);
}

int particles_kinetic(struct species *sp, struct ctx *c, double *energy, char *err, size_t err_len)
{
    const int nb = c->lay.n_local;
    *energy = 0;
    if (launch_boxes(&sp->kinetic, c, err, err_len))
        return -1;
    size_t acc = c->dev->facts.has_fp64 ? sizeof(double) : sizeof(float);
    device_waited(c->dev, "particles_kinetic: a diagnostic's kinetic energy");
    if (cl_check(clEnqueueReadBuffer(c->dev->queue, sp->sums.mem, CL_TRUE, 0, (size_t)nb * acc, sp->sums_host, 0,
                                     NULL, NULL),
                 sp, "reading kinetic energy", err, err_len))
        return -1;
    double sum = 0;
    for (int i = 0; i < nb; i++)
        sum += acc == sizeof(double) ? sp->sums_host[i] : ((float *)sp->sums_host)[i];
    comm_sum_doubles(c->comm, &sum, 1);
    *energy = sum * sp->cfg->mass * PICL_C * PICL_C;
    return 0;
}

int particles_read(struct species *sp, struct ctx *c, enum particle_array a, double *out, char *err, size_t err_len)
{
    long live;
    if (particles_check(sp, c, &live, err, err_len))
        return -1;
    const size_t elem = particles_elem(c, a);
    if (!elem && a == PA_W) { /* every particle of the species weighs the same */
        double w;
        gen_species_weight(c->cfg, &c->lay, sp->index, &w);
        w = c->real_size == sizeof(float) ? (double)(float)w : w;
        for (long i = 0; i < live; i++)
            out[i] = w;
        return 0;
    }
    if (!elem) {
        snprintf(err, err_len,
                 "species %s: this run stores no particle ids (particle_ids = true, or a full diagnostic that "
                 "writes particles, keeps them)",
                 sp->cfg->name);
        return -1;
    }
    void *host = mem_alloc((size_t)sp->slots * elem);
    if (!host) {
        snprintf(err, err_len, "out of host memory");
        return -1;
    }
    device_waited(c->dev, "particles_read: a diagnostic's particle data");
    if (cl_check(clEnqueueReadBuffer(c->dev->queue, sp->array[a].mem, CL_TRUE, 0, (size_t)sp->slots * elem, host, 0,
                                     NULL, NULL),
                 sp, "reading particles", err, err_len)) {
        mem_free(host);
        return -1;
    }
    long m = 0;
    for (int b = 0; b < c->lay.n_local; b++) {
        const long *t = sp->boxes_host + b * BT_STRIDE;
        for (long i = t[BT_START]; i < t[BT_START] + t[BT_COUNT]; i++)
            out[m++] = a == PA_ID     ? (double)((cl_ulong *)host)[i]
                       : a == PA_DEST || a == PA_LEVEL ? (double)((cl_int *)host)[i]
                       : elem == sizeof(double) ? ((double *)host)[i]
                                                : ((float *)host)[i];
    }
    mem_free(host);
    return 0;
}

long particles_absorbed(const struct species *sp, const struct ctx *c, int face)
{
    (void)c;
    return sp->lost_all[face];
}
