/* coarsen.c: block means of a field over a full diagnostic's sub-region, the coarse grid of
 * WarpX's coarsening_ratio, computed in double in an order a reader can repeat to the bit. */
#include "coarsen.h"

#include <string.h>

#include <mpi.h>

#include "hdf5io.h"

int coarsen_active(const struct cfg_full *d)
{
    return d->coarsening[0] > 1 || d->coarsening[1] > 1 || d->coarsening[2] > 1;
}

size_t coarsen_count(const struct cfg_full *d, int dims[3])
{
    size_t n = 1;
    for (int a = 0; a < 3; a++) {
        dims[a] = (d->cell_hi[a] - d->cell_lo[a]) / d->coarsening[a];
        n *= (size_t)dims[a];
    }
    return n;
}

size_t coarsen_region_cells(const struct cfg_full *d)
{
    size_t n = 1;
    for (int a = 0; a < 3; a++)
        n *= (size_t)(d->cell_hi[a] - d->cell_lo[a]);
    return n;
}

static double value_at(const char *comp, size_t i, size_t real_size)
{
    if (real_size == sizeof(double)) {
        double v;
        memcpy(&v, comp + i * real_size, sizeof v);
        return v;
    }
    float v;
    memcpy(&v, comp + i * real_size, sizeof v);
    return v;
}

/* This rank's cells of the sub-region into `fine` (x fastest), zero where another rank owns the
 * cell: summed over ranks, each cell is its owner's value exactly (x + 0 = x). */
static void fill_region(const struct gen_layout *lay, const struct cfg_full *d, const char *comp, size_t real_size,
                        double *fine)
{
    const int n[3] = {d->cell_hi[0] - d->cell_lo[0], d->cell_hi[1] - d->cell_lo[1], d->cell_hi[2] - d->cell_lo[2]};
    memset(fine, 0, coarsen_region_cells(d) * sizeof *fine);
    for (int k = 0; k < n[2]; k++)
        for (int j = 0; j < n[1]; j++)
            for (int i = 0; i < n[0]; i++) {
                const int g[3] = {d->cell_lo[0] + i, d->cell_lo[1] + j, d->cell_lo[2] + k};
                const int b = g[0] / lay->box[0] + lay->nbox[0] * (g[1] / lay->box[1] + lay->nbox[1] * (g[2] / lay->box[2]));
                const int slot = gen_box_slot(lay, b);
                if (slot < 0)
                    continue;
                const size_t src = (size_t)slot * (size_t)lay->box_stride + (size_t)(g[0] % lay->box[0] + lay->ngs[0]) +
                                   (size_t)(g[1] % lay->box[1] + lay->ngs[1]) * (size_t)lay->dim[0] +
                                   (size_t)(g[2] % lay->box[2] + lay->ngs[2]) * (size_t)lay->dim[0] * (size_t)lay->dim[1];
                fine[(size_t)i + (size_t)n[0] * ((size_t)j + (size_t)n[1] * (size_t)k)] = value_at(comp, src, real_size);
            }
}

int coarsen_average(const struct gen_layout *lay, const struct cfg_full *d, const char *comp, size_t real_size,
                    double *scratch, char *out)
{
    const size_t n_fine = coarsen_region_cells(d);
    fill_region(lay, d, comp, real_size, scratch);
    const int root = hio_rank() == 0;
    if (hio_mpi() && MPI_Reduce(root ? MPI_IN_PLACE : scratch, scratch, (int)n_fine, MPI_DOUBLE, MPI_SUM, 0,
                                MPI_COMM_WORLD) != MPI_SUCCESS)
        return -1;
    if (!root)
        return 0;
    const int *f = d->coarsening;
    const int n[3] = {d->cell_hi[0] - d->cell_lo[0], d->cell_hi[1] - d->cell_lo[1], d->cell_hi[2] - d->cell_lo[2]};
    int m[3];
    coarsen_count(d, m);
    const double per_block = (double)f[0] * (double)f[1] * (double)f[2];
    size_t o = 0;
    /* the sum runs z, then y, then x offsets within the block, from 0, and is divided once: the
     * order tests/output/coarsen.py repeats, so the mean is the same double on both sides */
    for (int K = 0; K < m[2]; K++)
        for (int J = 0; J < m[1]; J++)
            for (int I = 0; I < m[0]; I++, o++) {
                double s = 0.0;
                for (int dk = 0; dk < f[2]; dk++)
                    for (int dj = 0; dj < f[1]; dj++)
                        for (int di = 0; di < f[0]; di++)
                            s += scratch[(size_t)(I * f[0] + di) +
                                         (size_t)n[0] * ((size_t)(J * f[1] + dj) + (size_t)n[1] * (size_t)(K * f[2] + dk))];
                const double mean = s / per_block;
                if (real_size == sizeof(double))
                    memcpy(out + o * real_size, &mean, sizeof mean);
                else {
                    const float v = (float)mean;
                    memcpy(out + o * real_size, &v, sizeof v);
                }
            }
    return 0;
}
