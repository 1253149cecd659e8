/* pml_slabs.c: the slabs of the perfectly matched layer and their literals for templates/pml.cl. The
 * runtime (runtime/pml.c) allocates and launches by the same table. */
#include "pml_slabs.h"

#include <stdio.h>

#include "constants.h"

int gen_pml_slabs(const struct picl_config *cfg, const struct gen_layout *lay, struct gen_pml_slab slab[6],
                  long *total)
{
    int n = 0;
    *total = 0;
    for (int a = 0; a < 3; a++)
        for (int side = 0; side < 2; side++) {
            const int cells = cfg->field_boundary[a][side] == CFG_BOUNDARY_PML ? cfg->pml_cells[a][side] : 0;
            if (cells <= 0)
                continue;
            struct gen_pml_slab *s = &slab[n++];
            const int b = (a + 1) % 3, c = (a + 2) % 3;
            s->axis = a;
            s->side = side;
            s->cells = cells;
            s->size = (long)cells * lay->cells[b] * lay->cells[c];
            s->offset = *total;
            s->range[0] = (size_t)cells;
            s->range[1] = (size_t)lay->cells[b];
            s->range[2] = (size_t)lay->cells[c];
            snprintf(s->name, sizeof s->name, "%c_%s", "XYZ"[a], side ? "HI" : "LO");
            *total += GEN_PML_ARRAYS * s->size;
        }
    return n;
}

double gen_pml_sigma_max(double d)
{
    return GEN_PML_SIGMA_FACTOR * (GEN_PML_ORDER + 1) * PICL_C / d;
}

void gen_pml_emit(struct strbuf *sb, const struct picl_config *cfg, const struct gen_layout *lay)
{
    sb_puts(sb, "\n/* PML (pml.cl): cells inside each face (0: none), sigma/eps0 at the wall (1/s), grading\n"
                " * order, and where each slab's psi arrays start in the PML buffer and how long each is. */\n");
    for (int a = 0; a < 3; a++)
        for (int side = 0; side < 2; side++)
            sb_printf(sb, "#define PML_%c_%s %d\n", "XYZ"[a], side ? "HI" : "LO",
                      cfg->field_boundary[a][side] == CFG_BOUNDARY_PML ? cfg->pml_cells[a][side] : 0);
    for (int a = 0; a < 3; a++)
        sb_printf(sb, "#define PML_SIGMA_%c ((acc_real)%.17g)\n", "XYZ"[a], gen_pml_sigma_max(lay->dx[a]));
    sb_printf(sb, "#define PML_ORDER %d\n", GEN_PML_ORDER);
    struct gen_pml_slab slab[6];
    long total;
    const int n = gen_pml_slabs(cfg, lay, slab, &total);
    for (int i = 0; i < n; i++)
        sb_printf(sb, "#define PML_PSI_%s %ldL\n#define PML_SLAB_%s %ldL\n#define PML_ITEM_%s %ldL\n", slab[i].name,
                  slab[i].offset, slab[i].name, slab[i].size, slab[i].name, slab[i].offset / GEN_PML_ARRAYS);
    /* The slabs in order, for the kernels' item-to-cell walk: axis, the next two, face, id. */
    sb_puts(sb, "#define PML_EACH_SLAB(DO)");
    for (int i = 0; i < n; i++) {
        const int a = slab[i].axis;
        sb_printf(sb, " DO(%c, %c, %c, %s, %d, %d)", "XYZ"[a], "XYZ"[(a + 1) % 3], "XYZ"[(a + 2) % 3],
                  slab[i].side ? "HI" : "LO", slab[i].side, i);
    }
    sb_printf(sb, "\n#define PML_ITEMS %ldL\n", total / GEN_PML_ARRAYS);
    /* RZ: every part of every mode (MODE_COMPS of them) has its own psi, the table's whole
     * buffer again per part, in get_global_id(1); z and r stretch the same way in each part. */
    sb_printf(sb, "#define PML_PART_REALS %ldL\n", total);
}
