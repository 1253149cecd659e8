/* config.h: the resolved simulation, plain C data.
 * lua/picl.lua validates an input script; cfg_load() copies the result here. Nothing after
 * this point reads Lua: the generator and the runtime see only struct picl_config. */
#ifndef PICL_CONFIG_H
#define PICL_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#define CFG_NAME_LEN 64
#define CFG_TEXT_LEN 1024
#define CFG_PATH_LEN 1024
#define CFG_MAX_SPECIES 8
#define CFG_MAX_CONSTANTS 64
#define CFG_MAX_REDUCED 8
#define CFG_MAX_SETS 64
#define CFG_MAX_FULL 8
#define CFG_MAX_DIAG_STEPS 64
#define CFG_MAX_LASERS 8
#define CFG_MAX_ELEMENTS 16
#define CFG_MAX_COLLISIONS 16

/* Each enum's names, one list per enum: X(ENUMERATOR, "name"), in the enum's order. The enum,
 * the NULL-terminated arrays cfg_*_names (base/config_names.c) and every message that names a
 * value come from these; lua/schema.lua's NAMES must equal them item for item (test_luatab). */
#define CFG_PRECISIONS(X) X(CFG_FLOAT, "float") X(CFG_DOUBLE, "double")
/* 3D; 2D with axes x and z (y dropped, as WarpX and openPMD); 1D with axis z; RZ, 2D's layout
 * with x -> r and azimuthal modes (docs/geometry.md, docs/rz.md) */
#define CFG_GEOMETRIES(X)                                                                          \
    X(CFG_GEOMETRY_3D, "3d") X(CFG_GEOMETRY_2D, "2d") X(CFG_GEOMETRY_1D, "1d") X(CFG_GEOMETRY_RZ, "rz")
#define CFG_SOLVERS(X) X(CFG_SOLVER_YEE, "yee") X(CFG_SOLVER_CKC, "ckc") X(CFG_SOLVER_PSATD, "psatd")
#define CFG_PUSHERS(X) X(CFG_PUSHER_BORIS, "boris") X(CFG_PUSHER_VAY, "vay") X(CFG_PUSHER_HIGUERA_CARY, "higuera_cary")
#define CFG_GATHERS(X) X(CFG_GATHER_ENERGY, "energy_conserving") X(CFG_GATHER_MOMENTUM, "momentum_conserving")
#define CFG_DEPOSITIONS(X) X(CFG_DEPOSIT_ESIRKEPOV, "esirkepov") X(CFG_DEPOSIT_DIRECT, "direct")
/* Where the field components sit: Yee's staggering, or all at the nodes (PSATD only; WarpX's
 * warpx.grid_type = collocated) */
#define CFG_GRID_TYPES(X) X(CFG_GRID_STAGGERED, "staggered") X(CFG_GRID_COLLOCATED, "collocated")
/* Boundaries of one face. Fields take periodic, pec or pml, particles periodic, absorbing or
 * reflecting (lua/schema.lua checks which goes where, and that a periodic axis is periodic on
 * both sides for fields and particles alike). */
#define CFG_BOUNDARIES(X)                                                                          \
    X(CFG_BOUNDARY_PERIODIC, "periodic") X(CFG_BOUNDARY_PEC, "pec") X(CFG_BOUNDARY_ABSORBING, "absorbing") \
    X(CFG_BOUNDARY_REFLECTING, "reflecting") X(CFG_BOUNDARY_PML, "pml")
#define CFG_DISTRIBUTIONS(X) X(CFG_DIST_SFC, "sfc") X(CFG_DIST_KNAPSACK, "knapsack") X(CFG_DIST_ROUND_ROBIN, "round_robin")
/* How the push walks the particles and deposition adds into J (gen/plan.c resolves "auto"). */
#define CFG_STRATEGIES(X)                                                                          \
    X(CFG_STRATEGY_AUTO, "auto") X(CFG_STRATEGY_DETERMINISTIC, "deterministic")                   \
    X(CFG_STRATEGY_GLOBAL_ATOMICS, "global_atomics") X(CFG_STRATEGY_LOCAL_TILES, "local_tiles")   \
    X(CFG_STRATEGY_SIMD_CELLS, "simd_cells")
/* debug.drop_term (TEST ONLY): the term of Ampere's law left out. */
#define CFG_DROP_TERMS(X) X(CFG_DROP_NONE, "none") X(CFG_DROP_AMPERE_J, "ampere_J")
/* Particle attributes a full diagnostic writes, as bits (charge, mass and positionOffset are
 * always written). */
#define CFG_PARTICLE_ATTRS(X)                                                                      \
    X(CFG_ATTR_POSITION, "position") X(CFG_ATTR_MOMENTUM, "momentum") X(CFG_ATTR_WEIGHTING, "weighting") \
    X(CFG_ATTR_ID, "id")
/* Field components: the keys of `fields` (initial E and B), the bits of a full diagnostic's
 * fields, and the first members of enum field_comp (gen/layout.h), which is made from this. */
#define CFG_FIELD_COMPS(X)                                                                         \
    X(FC_EX, "Ex") X(FC_EY, "Ey") X(FC_EZ, "Ez") X(FC_BX, "Bx") X(FC_BY, "By") X(FC_BZ, "Bz")         \
    X(FC_JX, "Jx") X(FC_JY, "Jy") X(FC_JZ, "Jz") X(FC_RHO, "rho")

#define CFG_ENUMERATOR(id, name) id,
#define CFG_NAME(id, name) name,

enum cfg_precision { CFG_PRECISIONS(CFG_ENUMERATOR) };
enum cfg_geometry { CFG_GEOMETRIES(CFG_ENUMERATOR) };
enum cfg_solver { CFG_SOLVERS(CFG_ENUMERATOR) };
enum cfg_pusher { CFG_PUSHERS(CFG_ENUMERATOR) };
enum cfg_gather { CFG_GATHERS(CFG_ENUMERATOR) };
enum cfg_deposition { CFG_DEPOSITIONS(CFG_ENUMERATOR) };
enum cfg_grid_type { CFG_GRID_TYPES(CFG_ENUMERATOR) };
enum cfg_boundary { CFG_BOUNDARIES(CFG_ENUMERATOR) };
enum cfg_distribution { CFG_DISTRIBUTIONS(CFG_ENUMERATOR) };
enum cfg_strategy { CFG_STRATEGIES(CFG_ENUMERATOR) };
enum cfg_drop_term { CFG_DROP_TERMS(CFG_ENUMERATOR) };
enum cfg_particle_attr { CFG_PARTICLE_ATTRS(CFG_ENUMERATOR) CFG_ATTR_COUNT };

/* The names, indexed by the enum, NULL-terminated. */
extern const char *const cfg_precision_names[];
extern const char *const cfg_geometry_names[];
extern const char *const cfg_solver_names[];
extern const char *const cfg_pusher_names[];
extern const char *const cfg_gather_names[];
extern const char *const cfg_deposition_names[];
extern const char *const cfg_grid_type_names[];
extern const char *const cfg_boundary_names[];
extern const char *const cfg_distribution_names[];
extern const char *const cfg_strategy_names[];
extern const char *const cfg_drop_term_names[];
extern const char *const cfg_particle_attr_names[];
extern const char *const cfg_field_comp_names[];
/* The strategies' names as an initializer: static const char *const x[] = CFG_STRATEGY_NAMES; */
#define CFG_STRATEGY_NAMES {CFG_STRATEGIES(CFG_NAME) NULL}

/* A user expression: OpenCL C text in x, y, z (metres) and t (seconds), using the input's
 * named constants and picl's physical constants. It becomes an inline function in the
 * generated source; `key` and `where` let a compiler error point back at the input. */
struct cfg_expr {
    char text[CFG_TEXT_LEN]; /* empty: not given */
    char key[CFG_NAME_LEN * 2]; /* "species.electrons.density" */
    char where[CFG_PATH_LEN]; /* "inputs/x.lua:12" */
};

struct cfg_constant {
    char name[CFG_NAME_LEN];
    double value;
};

struct cfg_grid {
    int cells[3];
    double lower[3], upper[3]; /* m */
    int max_box[3]; /* cells per box along each axis; divides cells[] */
};

/* A Gaussian bunch (species.beam) instead of a plasma: `particles` macro-particles sharing
 * total_charge, drawn within `truncate` rms of the centroid (templates/particle_beam.cl). */
struct cfg_beam {
    double total_charge; /* C, with the particle's sign */
    long particles;
    double centroid[3]; /* m */
    double rms[3]; /* m, per axis */
    int axis; /* 0, 1, 2: the direction of the mean momentum */
    double u; /* mean gamma v / c along the axis */
    double u_th[3]; /* rms of gamma v / c per axis (energy_spread resolved into the axis's) */
    double divergence[3]; /* 1/m: a correlated spread, u_a += divergence[a] * (x_a - centroid[a]) */
    double truncate; /* in rms */
};

/* Particles read from an openPMD file (runtime/pfile.c): species `species` of iteration
 * `iteration`, positions shifted by offset (m); has_region: only those inside lower .. upper.
 * Or, n_list > 0, the few particles listed in the input (species.particles): positions (m),
 * u = gamma v / c and weights, loaded as a file's are. */
#define CFG_MAX_LIST 64
struct cfg_from_file {
    int n_list;
    double list_x[CFG_MAX_LIST][3], list_u[CFG_MAX_LIST][3], list_w[CFG_MAX_LIST];
    char path[CFG_PATH_LEN];
    char species[CFG_PATH_LEN];
    long iteration;
    double offset[3];
    int has_region;
    double lower[3], upper[3];
    char where[CFG_PATH_LEN]; /* FILE:LINE of the from_file key */
};

/* A hard-edged element of applied_fields.elements, along z from z[0] to z[1] (m) about the axis
 * (center[0], center[1]) (m): a solenoid's Bz (T) with its paraxial fringe over `fringe` m at each
 * edge (< 0: one cell along z), a quadrupole's gradient (T/m), or a plasma lens' E and B
 * gradients. */
enum cfg_element_kind { CFG_SOLENOID, CFG_QUADRUPOLE, CFG_PLASMA_LENS };
struct cfg_element {
    enum cfg_element_kind kind;
    double strength;   /* T (solenoid), T/m (quadrupole) or V/m^2 (a plasma lens' strength_E) */
    double strength_b; /* T/m, a plasma lens' strength_B */
    double z[2], center[2], fringe;
};

/* applied_fields: external E (V/m) and B (T) added to the gathered fields in the push only;
 * an empty expression is a component left out (zero). */
struct cfg_applied {
    int enabled;
    struct cfg_expr E[3], B[3];
    struct cfg_element elements[CFG_MAX_ELEMENTS];
    int n_elements;
};

/* Flux injection (WarpX NFluxPerCell): per_cell macro-particles per cell of a domain face per
 * step, of weight density * mean inward normal velocity * dt * cell area / per_cell. */
struct cfg_flux {
    int enabled;
    int axis, side; /* the face: axis 0..2, side 0 lower (particles move up), 1 upper */
    int per_cell;
    double density; /* m^-3, of the (drifting) Maxwellian whose flux enters; 1 with density_expr */
    /* the density as an expression in x, y, z (m) and t (s), evaluated where and when each
     * particle crosses the face (text empty for a number): the rate and weight are then per unit
     * density and each particle's weight takes the expression's factor */
    struct cfg_expr density_expr;
    /* kT / (m c^2) of a Maxwell-Juttner flux (the species' distribution "maxwell_juttner"; lua/schema.lua
     * computes it from the temperature), 0 otherwise */
    double theta;
};

/* Field ionization of an ion species (gen/ionization.c, templates/ionize.cl): its element's
 * atomic number z, the charge state its particles start in, and the electron species each event
 * adds to. The species' charge is then e per charge state (each particle's charge is its level
 * times e). */
struct cfg_ionization {
    int enabled;
    char element[4]; /* symbol, "N" */
    int z; /* atomic number */
    int initial_level; /* 0 .. z - 1 */
    int product; /* index of the electron species */
};

struct cfg_species {
    char name[CFG_NAME_LEN];
    double charge; /* C */
    double mass; /* kg */
    double density; /* m^-3, used when density_expr is empty */
    struct cfg_expr density_expr; /* m^-3 */
    int has_region;
    double region_lower[3], region_upper[3]; /* m; particles only inside */
    int ppc[3]; /* particles per cell per axis */
    double u_drift[3]; /* u = gamma v / c, dimensionless; 0 where u_drift_expr[a] is given */
    double u_th[3]; /* Gaussian spread of u/c per axis; 0 where u_th_expr[a] is given */
    struct cfg_expr u_drift_expr[3], u_th_expr[3]; /* per axis, in x, y, z; empty: the number */
    /* temperature: kT = kT_unit * kT_expr (kT_unit = q_e for a temperature in eV, 1 for kT in J),
     * drawn as `distribution`; CFG_THERMAL_U_TH: none given, u_th applies */
    enum cfg_thermal { CFG_THERMAL_U_TH, CFG_THERMAL_MAXWELLIAN, CFG_THERMAL_MAXWELL_JUTTNER } distribution;
    struct cfg_expr kT_expr;
    double kT_unit;
    uint64_t seed;
    int frozen; /* 1: never pushed, deposits nothing (fixed background) */
    int no_deposit; /* 1: pushed, deposits neither J nor rho (WarpX's do_not_deposit) */
    int is_beam; /* 1: a bunch (beam); density, region, ppc, u_drift and u_th do not apply */
    struct cfg_beam beam;
    int is_file; /* 1: from an openPMD file; density, region, ppc, u_drift and u_th do not apply */
    struct cfg_from_file file;
    struct cfg_flux flux;
    struct cfg_ionization ionization;
    char where[CFG_PATH_LEN];
};

/* The moving window (moving_window): along `axis`, at speed * c from time `start`, in whole
 * cells (runtime/window.c). */
struct cfg_window {
    int enabled;
    int axis; /* 0, 1, 2 */
    double speed; /* in units of c */
    double start; /* s */
};

/* A laser injected by an antenna plane (templates/laser.cl): a Gaussian beam, or the input's
 * profile expression, along an axis. lua/picl.lua resolves a0 and E0, tau and fwhm into each
 * other, normalizes the polarization and finds the antenna's node plane. */
struct cfg_laser {
    char name[CFG_NAME_LEN];
    int axis; /* 0, 1, 2: x, y, z */
    int sign; /* +1: towards upper, -1: towards lower */
    int plane; /* node index of the antenna plane along axis */
    int oblique; /* direction is not along axis: axis is its largest component's (templates/laser.cl) */
    double direction[3]; /* unit vector of propagation (along axis unless oblique) */
    double position[3]; /* m, where the beam's axis crosses the antenna plane */
    double polarization[3]; /* unit vector of E, perpendicular to axis */
    double wavelength; /* m; 0 with a profile that did not give one */
    double E0, a0; /* V/m and e E0 / (m_e c omega): peak at the focus */
    double waist; /* m, 1/e radius of the field at the focus */
    double tau, fwhm; /* s: 1/e half-duration of the field; FWHM of the intensity */
    double t_peak; /* s, when the envelope's peak crosses the plane through position */
    double focal_distance; /* m, from position to the focus along the direction */
    int has_profile;
    struct cfg_expr profile; /* V/m, instead of the Gaussian */
    char where[CFG_PATH_LEN];
};

struct cfg_reduced {
    char name[CFG_NAME_LEN]; /* also the CSV's base name */
    int interval; /* steps */
};

/* A full diagnostic: one openPMD file per output step in <output_dir>/<name>/ (docs/output.md). */
struct cfg_full {
    char name[CFG_NAME_LEN];
    int interval; /* steps; 0 when `at` lists the steps instead */
    long at[CFG_MAX_DIAG_STEPS]; /* ascending */
    int n_at;
    unsigned fields; /* bit c: field component c of enum field_comp (gen/layout.h), Ex .. rho */
    unsigned species_rho; /* bit i: the charge density of species i alone */
    unsigned species; /* bit i: the particles of species i */
    unsigned attributes; /* bit a: enum cfg_particle_attr a */
    int stride; /* every stride-th particle */
    double particle_fraction; /* and of those, each with this probability (1: all), by id */
    uint64_t particle_seed; /* the selection's seed */
    struct cfg_expr particle_filter; /* and of those, the ones for which it holds (text "": all) */
    /* the fields' cells written: [cell_lo, cell_hi) per axis (grid.lower's frame: the moving
     * window's), every coarsening-th of them from cell_lo */
    int cell_lo[3], cell_hi[3], coarsening[3];
};

struct cfg_checkpoint {
    int enabled; /* the input has a checkpoint table; signals write one to `dir` regardless */
    int interval; /* steps; 0: none on a schedule */
    int keep; /* the newest so many files are kept */
    int at_end; /* one when the run ends */
    char dir[CFG_PATH_LEN];
};

#include "config_diags.h" /* after struct cfg_expr, which a filter is */

/* Binary Coulomb collisions between two species, or within one (species[0] == species[1]):
 * Takizuka-Abe pairing in each cell, Perez et al. 2012 scattering (templates/collisions.cl,
 * docs/collisions.md). */
struct cfg_collision {
    char name[CFG_NAME_LEN];
    int species[2]; /* indices into picl_config.species; equal: intra-species */
    double coulomb_log; /* > 0: fixed; 0: computed per cell and pair (Perez eq. 22-23) */
    int interval; /* steps between collision stages, each with dt * interval; >= 1 */
};

/* The Lorentz-boosted frame (boost = {...}, lua/boost.lua, docs/boosted_frame.md): the run is in
 * the frame moving at beta c along `axis`; lua/boost.lua has already rewritten the grid, dt, the
 * lasers, the densities and the window into it. What the device still does per particle (the
 * lab position of a plasma candidate, each particle's 4-momentum) and the back-transformed
 * diagnostics read these. */
struct cfg_boost {
    int enabled;
    int axis; /* 0, 1, 2 */
    double gamma, beta; /* of the boosted frame in the lab */
    double lab_lower[3], lab_upper[3]; /* m: the input's (lab-frame) grid */
    double lab_stop_time; /* s: stop_time as given in the lab frame; 0 when not given so */
};

/* A back-transformed diagnostic (diagnostics.back_transformed, io/btd.c): lab-frame snapshots of
 * E and B at the lab times `times`, on the lab grid: the input's across the boost, `cells` cells
 * from lower to upper (m, lab frame at lab time 0) along it, which move with a window at c T. */
#define CFG_MAX_BTD 4
#define CFG_MAX_BTD_TIMES 64
struct cfg_btd {
    char name[CFG_NAME_LEN];
    double times[CFG_MAX_BTD_TIMES]; /* s, lab frame, ascending */
    int n_times;
    int cells; /* along the boost's axis */
    double lower, upper; /* m */
    unsigned species; /* bit i: species i's particles, as they cross each snapshot's lab time */
};

struct picl_config {
    char input_path[CFG_PATH_LEN];
    uint64_t input_hash; /* FNV-1a of the input text and the --set list */

    /* The dropped axes of 2D (y) and 1D (x, y) are one cell of 1 m (grid.lower -0.5, upper 0.5)
     * with no guard cells, periodic: the program has no derivative, shape or move along them. */
    enum cfg_geometry geometry;
    int modes; /* RZ: azimuthal modes m = 0 .. modes-1 (docs/rz.md); 1 otherwise */
    struct cfg_grid grid;
    enum cfg_boundary field_boundary[3][2]; /* [axis][0: lower face, 1: upper face] */
    enum cfg_boundary particle_boundary[3][2];
    int pml_cells[3][2]; /* cells of the PML inside each face; 0 where the face has none */
    /* boundary.pml_outside: the schema grew `grid` by pml_cells beyond the user's faces, so
     * from here on the PMLs are inside `grid` as ever; `domain_lower`/`upper` are the user's */
    int pml_outside;
    double domain_lower[3], domain_upper[3];

    enum cfg_solver solver;
    double cfl; /* c dt / (c dt at the 3D Yee limit) as given, or 0 when dt was given */
    double dt; /* s, always resolved */
    long steps; /* always resolved (from stop_time when that was given) */
    double dt_limit; /* s, the chosen solver's stability limit on this grid (cfl 1) */
    double v_galilean[3]; /* PSATD's Galilean velocity in units of c (WarpX's psatd.v_galilean); 0: standard */
    enum cfg_grid_type grid_type; /* solver.grid: staggered (Yee) or collocated (PSATD only) */
    int psatd_rho; /* solver.update_with_rho: PSATD takes rho deposited at t^n and t^{n+1} (WarpX's name) */
    int psatd_cc; /* solver.current_correction: PSATD projects J onto the spectral continuity equation */
    int psatd_cc_by_default; /* 1: solver.current_correction was left unset and direct deposition turned it on */
    double stop_time; /* s as given, or 0 when steps was given */
    char set_note[CFG_TEXT_LEN]; /* what a --set replaced besides its own key (lua/set.lua); "" if nothing */

    enum cfg_precision precision;
    int shape_order; /* 1..3 */
    enum cfg_pusher pusher;
    enum cfg_gather gather;
    enum cfg_deposition deposition;
    enum cfg_strategy deposition_strategy;

    struct cfg_constant constants[CFG_MAX_CONSTANTS];
    int n_constants;

    /* initial fields, each an expression evaluated at the component's staggered position */
    struct cfg_expr init_E[3], init_B[3];
    struct cfg_applied applied;

    struct cfg_species species[CFG_MAX_SPECIES];
    int n_species;

    struct cfg_laser lasers[CFG_MAX_LASERS];
    int n_lasers;

    struct cfg_reduced reduced[CFG_MAX_REDUCED];
    int n_reduced;
    char output_dir[CFG_PATH_LEN]; /* where diagnostics go; default "diags" */
    struct cfg_full full[CFG_MAX_FULL];
    int n_full;
    struct cfg_checkpoint checkpoint;
    struct cfg_diags diags; /* moments, extrema, histograms, probes (config_diags.h) */

    struct cfg_window window;

    int progress_interval; /* steps between log lines when not on a terminal */

    int wg_cells[3]; /* work-group of per-cell kernels; 0: the device's default */
    int wg_particles; /* work-group of per-particle kernels; 0: the device's default */
    int wg_tile[3]; /* cells of a local_tiles tile; 0: the whole box, halved until it fits */
    int filter_passes[3]; /* binomial passes on J along each axis; 0: none */
    int filter_godfrey; /* 1: the Godfrey filter on the E and B the gather reads (docs/filters.md) */
    int filter_godfrey_by_boost; /* 1: filter.godfrey was left unset and the boost turned it on */
    int sort_interval; /* steps between particle sorts; 0: never */
    int sort_bin[3]; /* cells per bin */
    double memory_device; /* bytes for the device arena; 0: the device's default share */
    double memory_pinned; /* bytes of host-mapped staging memory; 0: default */
    int particle_ids; /* 1: store every particle's id, 0: never, -1: when a full diagnostic writes particles */
    int use_tuning; /* tuning = true: the tuning file fills the neutral keys left at auto (tune_apply) */
    /* parallel: boxes over MPI ranks (docs/design.md section 4) */
    enum cfg_distribution distribution;
    int balance_interval; /* steps between load-balancing checks; 0: never */
    double balance_threshold; /* redistribute when the imbalance improves by more than this fraction */
    int threads; /* CPU threads per rank (PoCL); 0: the cores shared among the node's ranks */
    int debug_drop_term; /* TEST ONLY (debug.drop_term), enum cfg_drop_term: CFG_DROP_AMPERE_J drops -dt J/eps0 */

    /* binary collisions (collisions = {...}); none: no collision code in the program */
    struct cfg_collision collisions[CFG_MAX_COLLISIONS];
    int n_collisions;

    struct cfg_boost boost; /* enabled 0: the lab frame, and nothing of the boost is emitted */
    struct cfg_btd btd[CFG_MAX_BTD]; /* back-transformed diagnostics; only with a boost */
    int n_btd;
};

/* Whether a back-transformed diagnostic writes the particles of species s. */
static inline int cfg_btd_writes(const struct picl_config *cfg, int s)
{
    for (int i = 0; i < cfg->n_btd; i++)
        if (cfg->btd[i].species & (1u << s))
            return 1;
    return 0;
}

/* Whether the geometry keeps axis a (0 x, 1 y, 2 z): every axis in 3D, x and z in 2D, z in 1D. */
static inline int cfg_has_axis(const struct picl_config *cfg, int a)
{
    return cfg->geometry == CFG_GEOMETRY_3D || a == 2 ||
           (a == 0 && (cfg->geometry == CFG_GEOMETRY_2D || cfg->geometry == CFG_GEOMETRY_RZ));
}

/* Components stored per field: 2 modes - 1 in RZ (mode 0, then re, im of each m >= 1), else 1. */
static inline int cfg_mode_comps(const struct picl_config *cfg)
{
    return cfg->geometry == CFG_GEOMETRY_RZ ? 2 * cfg->modes - 1 : 1;
}

/* Loads and validates `path`, applying `sets` ("key=value" strings, n_sets of them).
 * On failure returns nonzero and writes one message (file:line: key: what was expected)
 * into err. */
int cfg_load(struct picl_config *cfg, const char *path, const char *const *sets, int n_sets,
             char *err, size_t err_len);

/* Writes a human-readable dump of the resolved configuration (for `picl check`). */
void cfg_print(const struct picl_config *cfg, void *file);

#endif
