/* kargs.c: the table of kernel parameters. A species' arrays come from templates/kernel_iface.h in
 * the same groups as the templates' parameter lists, so a new array changes both at once. */
#include "kargs.h"

#include <string.h>

#include "kernel_iface.h"
#include "plan.h"

#define ARG(E, name, param, type, kept) {#param, 0},
#define ROW(kernel, list) {kernel, list, (int)(sizeof list / sizeof *list)}

static const struct karg field_only[] = {{"F", 0}};
static const struct karg field_psi[] = {{"F", 0}, {"psi", 0}};
static const struct karg laser_sheet[] = {{"F", 0}, {"t", 0}, {"shift", 0}};
static const struct karg psi_only[] = {{"psi", 0}};
static const struct karg psatd_copy[] = {{"F", 0}, {"Fk", 0}};
static const struct karg psatd_push[] = {{"F", 0}, {"coef", 0}, {"k", 0}, {"shift", 0}, {"gal", 0}};
static const struct karg reduce_fields[] = {{"F", 0}, {"out", 0}};
static const struct karg rz_reduce_fields[] = {{"F", 0}, {"out", 0}, {"mode", 0}};
static const struct karg reduce_gauss[] = {{"F", 0}, {"out", 0}, {"store", 0}};
static const struct karg psatd_reduce_gauss[] = {{"F", 0}, {"Fk", 0}, {"out", 0}, {"store", 0}};
static const struct karg psatd_gauss[] = {{"F", 0}, {"k", 0}, {"shift", 0}};
/* the electrostatic solver (templates/poisson.cl) */
static const struct karg es_boundary[] = {{"F", 0}, {"vxl", 0}, {"vxh", 0}, {"vyl", 0}, {"vyh", 0}, {"vzl", 0}, {"vzh", 0}};
static const struct karg es_rho_sum[] = {{"F", 0}, {"out", 0}};
static const struct karg es_residual[] = {{"F", 0}, {"W", 0}, {"out", 0}, {"rho_mean", 0}};
static const struct karg es_apply[] = {{"F", 0}, {"W", 0}, {"out", 0}};
static const struct karg es_update[] = {{"F", 0}, {"W", 0}, {"out", 0}, {"alpha", 0}};
static const struct karg es_direction[] = {{"F", 0}, {"W", 0}, {"beta", 0}};
static const struct karg halo_local_plan[] = {{"c", 0}, {"plan", 0}};
static const struct karg halo_fill[] = {{"F", 0}, {"dst", 0}, {"src", 0}, {"n", 0}, {"comps", 0}};
static const struct karg halo_sum[] = {{"F", 0}, {"target", 0}, {"first", 0}, {"order", 0}, {"n", 0}, {"comps", 0}};
static const struct karg halo_plan[] = {{"c", 0}, {"remote", 0}, {"remote_cell", 0}};
static const struct karg halo_pack[] = {{"F", 0}, {"index", 0}, {"buf", 0}};
static const struct karg halo_unpack_add[] = {{"F", 0}, {"target", 0}, {"first", 0}, {"order", 0}, {"buf", 0}};
static const struct karg window_shift_fields[] = {{"F", 0}, {"shifts", 0}};
static const struct karg load_count[] = {{"count", 0}};
static const struct karg beam_cell[] = {{"cell", 0}};
static const struct karg load_fill[] = {PICL_PARTICLE_ARRAYS(ARG){"offset", 0}};
static const struct karg beam_fill[] = {PICL_PARTICLE_ARRAYS(ARG){"slot", 0}};
static const struct karg push_deposit[] = {{"F", 0},
                                           PICL_PARTICLE_ARRAYS(ARG) PICL_PARTICLE_SCRATCH(ARG){"boxes", 0},
                                           {"J", KARGS_LOCAL_J},
                                           {"tile_list", KARGS_TILE_LIST},
                                           {"tile_end", KARGS_TILE_LIST},
                                           {"t_gather", KARGS_APPLIED},
                                           {"lab_offset", KARGS_APPLIED}};
static const struct karg push_back[] = {{"F", 0}, PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_MOMENTUM(ARG)
                                            PICL_PARTICLE_LEVEL(ARG){"boxes", 0},
                                        {"t_gather", KARGS_APPLIED},
                                        {"lab_offset", KARGS_APPLIED}};
static const struct karg deposit_rho[] = {{"F", 0},
                                          PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_WEIGHT(ARG)
                                              PICL_PARTICLE_LEVEL(ARG){"boxes", 0}};
static const struct karg reduce_kinetic[] = {PICL_PARTICLE_MOMENTUM(ARG) PICL_PARTICLE_WEIGHT(ARG){"boxes", 0},
                                             {"out", 0}};
static const struct karg kinetic_centred[] = {{"F", 0},
                                              PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_MOMENTUM(ARG)
                                                  PICL_PARTICLE_WEIGHT(ARG) PICL_PARTICLE_LEVEL(ARG){"boxes", 0},
                                              {"out", 0},
                                              {"t_gather", KARGS_APPLIED},
                                              {"lab_offset", KARGS_APPLIED}};
static const struct karg diag_moments[] = {PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_MOMENTUM(ARG)
                                               PICL_PARTICLE_WEIGHT(ARG){"boxes", 0},
                                           {"frame", 0},
                                           {"out", 0}};
static const struct karg diag_histogram[] = {PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_MOMENTUM(ARG)
                                                 PICL_PARTICLE_WEIGHT(ARG){"boxes", 0},
                                             {"frame", 0},
                                             {"spec", 0},
                                             {"n_bins", 0},
                                             {"out", 0}};
static const struct karg field_probe[] = {{"F", 0}, {"pos", 0}, {"slot", 0}, {"out", 0}};
static const struct karg deliver[] = {PICL_PARTICLE_ARRAYS(ARG) PICL_PARTICLE_SCRATCH(ARG){"boxes", 0}};
static const struct karg outbox_reset[] = {{"boxes", 0}};
static const struct karg count_remote[] = {PICL_PARTICLE_SCRATCH(ARG){"boxes", 0}, {"count", 0}};
static const struct karg pack_remote[] = {PICL_PARTICLE_ARRAYS(ARG) PICL_PARTICLE_SCRATCH(ARG){"boxes", 0},
                                          {"offset", 0},
                                          {"send", 0}};
static const struct karg unpack_remote[] = {PICL_PARTICLE_ARRAYS(ARG){"boxes", 0}, {"recv", 0}, {"n", 0}};
static const struct karg bin[] = {PICL_PARTICLE_POSITION(ARG){"boxes", 0}, {"perm", 0}, {"bin_end", 0}};
static const struct karg reorder[] = {PICL_PARTICLE_ARRAYS(ARG){"boxes", 0}, {"perm", 0}, {"scratch", 0}};
static const struct karg tile_bin[] = {PICL_PARTICLE_POSITION(ARG){"boxes", 0}, {"tile_list", 0}, {"tile_end", 0}};
static const struct karg reorder_tiles[] = {PICL_PARTICLE_ARRAYS(ARG){"boxes", 0}, {"tile_list", 0}};
static const struct karg window_inject[] = {{"shifts", 0}, {"front_lo", 0}, {"front_hi", 0},
                                           PICL_PARTICLE_ARRAYS(ARG){"boxes", 0}};
static const struct karg flux_inject[] = {{"step", 0}, PICL_PARTICLE_ARRAYS(ARG){"boxes", 0}, {"F", 0}};
static const struct karg collide_list[] = {PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_ID(ARG){"boxes", 0}, {"cell_list", 0}, {"cell_end", 0}};
static const struct karg collide_entry[] = {{"n_step", 0},    {"aux", 0},    {"auy", 0},   {"auz", 0},     {"aw", 0},
                                            {"a_boxes", 0}, {"a_list", 0}, {"a_end", 0}, {"bux", 0},     {"buy", 0},
                                            {"buz", 0},     {"bw", 0},     {"b_boxes", 0}, {"b_list", 0}, {"b_end", 0}};
/* field ionization (templates/ionize.cl): the ion's arrays, then its product's, e_ before each */
#define ARG_PRODUCT(E, name, param, type, kept) {"e_" #param, 0},
static const struct karg ionize[] = {{"F", 0},
                                     {"n_step", 0},
                                     PICL_PARTICLE_ARRAYS(ARG){"boxes", 0},
                                     PICL_PARTICLE_ARRAYS(ARG_PRODUCT){"e_boxes", 0},
                                     {"t_gather", KARGS_APPLIED},
                                     {"lab_offset", KARGS_APPLIED}};

/* back-transformed particles (templates/btd_particles.cl) */
static const struct karg btd_cross[] = {PICL_PARTICLE_POSITION(ARG) PICL_PARTICLE_MOMENTUM(ARG) PICL_PARTICLE_WEIGHT(ARG)
                                            PICL_PARTICLE_ID(ARG){"boxes", 0},
                                        {"times", 0},
                                        {"n_times", 0},
                                        {"t_now", 0},
                                        {"lower_a", 0},
                                        {"count", 0},
                                        {"cap", 0},
                                        {"rec", 0},
                                        {"rec_id", 0}};

/* the input's expressions checked on the device before a run (gen/exprs_device.c, runtime/exprs_verify.c) */
static const struct karg expr_check[] = {{"bad", 0}, {"first", 0}, {"n", 0}};

/* Exact names first: a "*" row matches what no exact row names. */
static const struct kargs_row rows[] = {
    ROW("init_fields", field_only),
    ROW("maxwell_push_B_half", field_only),
    ROW("maxwell_push_E", field_only),
    ROW("rz_push_B_half", field_only), /* RZ (templates/maxwell_rz.cl, rz_fields.cl) */
    ROW("rz_push_E", field_only),
    ROW("rz_reduce_fields", rz_reduce_fields),
    ROW("psatd_pack", psatd_copy),
    ROW("psatd_pack_rho", psatd_copy),
    ROW("psatd_unpack", psatd_copy),
    ROW("psatd_push", psatd_push),
    ROW("psatd_pack_gauss", psatd_copy),
    ROW("psatd_gauss", psatd_gauss),
    ROW("psatd_reduce_gauss", psatd_reduce_gauss),
    ROW("window_gauss_reference", field_only),
    ROW("reduce_fields", reduce_fields),
    ROW("reduce_gauss", reduce_gauss),
    ROW("rz_reduce_gauss", reduce_gauss),
    ROW("es_boundary", es_boundary),
    ROW("es_rho_sum", es_rho_sum),
    ROW("es_residual", es_residual),
    ROW("es_apply", es_apply),
    ROW("es_update", es_update),
    ROW("es_direction", es_direction),
    ROW("es_field", field_only),
    ROW("halo_local_plan", halo_local_plan),
    ROW("halo_plan", halo_plan),
    ROW("halo_pack", halo_pack),
    ROW("halo_unpack", halo_pack),
    ROW("halo_unpack_add", halo_unpack_add),
    ROW("window_shift_fields", window_shift_fields),
    ROW("window_shift_particles", deliver),
    ROW("particles_deliver", deliver),
    ROW("particles_outbox_reset", outbox_reset),
    ROW("particles_count_remote", count_remote),
    ROW("particles_pack_remote", pack_remote),
    ROW("particles_unpack_remote", unpack_remote),
    ROW("particles_bin", bin),
    ROW("particles_reorder", reorder),
    ROW("particles_tile_bin", tile_bin),
    ROW("particles_reorder_tiles", reorder_tiles),
    ROW("collide_list", collide_list),
    ROW("filter_*", field_only),
    ROW("godfrey_EB", field_only), /* the Godfrey filter's copy of E and B (templates/godfrey.cl) */
    ROW("halo_fill", halo_fill),
    ROW("halo_sum", halo_sum),
    ROW("laser_J_*", laser_sheet),
    ROW("laser_B_*", laser_sheet),
    ROW("pml_*", field_psi),
    ROW("window_shift_psi_*", psi_only),
    ROW("load_count_*", load_count),
    ROW("load_fill_*", load_fill),
    ROW("beam_cell_*", beam_cell),
    ROW("beam_fill_*", beam_fill),
    ROW("push_deposit_*", push_deposit),
    ROW("push_back_*", push_back),
    ROW("deposit_rho_*", deposit_rho),
    ROW("reduce_kinetic_*", reduce_kinetic),
    ROW("kinetic_centred_*", kinetic_centred),
    ROW("window_inject_*", window_inject),
    ROW("flux_inject_*", flux_inject),
    ROW("collide_*", collide_entry),
    ROW("ionize_*", ionize),
    ROW("btd_cross_*", btd_cross),
    ROW("field_probe", field_probe),
    ROW("reduce_field_max", reduce_fields),
    ROW("diag_moments_*", diag_moments),
    ROW("diag_histogram_*", diag_histogram),
    ROW("picl_check_*", expr_check),
};

unsigned kargs_push_variant(const struct gen_plan *plan)
{
    return (plan->ops->local_j ? KARGS_LOCAL_J : 0u) | (plan_lists_tiles(plan) ? KARGS_TILE_LIST : 0u);
}

const struct kargs_row *kargs_find(const char *name)
{
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *k = rows[i].kernel;
        const size_t n = strlen(k);
        if (k[n - 1] == '*' ? !strncmp(name, k, n - 1) : !strcmp(name, k))
            return &rows[i];
    }
    return NULL;
}

int kargs_names(const struct kargs_row *row, unsigned variant, const char **names, int max)
{
    int n = 0;
    for (int i = 0; i < row->n; i++)
        if ((row->arg[i].only & variant) == row->arg[i].only) {
            if (n < max)
                names[n] = row->arg[i].name;
            n++;
        }
    return n < max ? n : max;
}

int kargs_index(const struct kargs_row *row, unsigned variant, const char *name)
{
    int at = 0;
    for (int i = 0; i < row->n; i++) {
        if ((row->arg[i].only & variant) != row->arg[i].only)
            continue;
        if (!strcmp(row->arg[i].name, name))
            return at;
        at++;
    }
    return -1;
}
