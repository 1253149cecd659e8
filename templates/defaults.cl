/* defaults.cl: stand-in values for every macro the generator defines, so that each template
 * compiles on its own (an editor, clang -cl-std=CL1.2 -I templates). Never part of a run. */
#ifndef PICL_DEFAULTS_CL
#define PICL_DEFAULTS_CL
typedef float real;
typedef float acc_real;
#define REAL_IS_DOUBLE 0
#define NX 8
#define NY 8
#define NZ 8
#define NG 2
#define PICL_DIM 3
#define HAS_X 1
#define HAS_Y 1
#define HAS_Z 1
#define NGX 2
#define NGY 2
#define NGZ 2
#define DIMX 12
#define DIMY 12
#define DIMZ 12
#define SY 12
#define SZ 144
#define BOX_STRIDE 1728
#define COMP_STRIDE 1728
#define NBX 1
#define NBY 1
#define NBZ 1
#define NBOXES 1
#define MODE_COMPS 1
#define NLOCAL 1
#define NRANKS 1
#define RANK 0
#define BOX_GID(s) (s)
#define BOX_SLOT(g) (g)
#define BOX_RANK(g) 0
#define CELLS_X 8
#define CELLS_Y 8
#define CELLS_Z 8
#define C_EX 0
#define C_EY 1
#define C_EZ 2
#define C_BX 3
#define C_BY 4
#define C_BZ 5
#define C_JX 6
#define C_JY 7
#define C_JZ 8
#define C_RHO 9
#define C_PHI 10
#define C_G0 11
#define C_ES_P 12
#define PICL_C ((real)299792458.0)
#define PICL_EPS0 ((real)8.8541878128e-12)
#define DT ((real)1e-15)
#define DX ((real)1e-6)
#define DY ((real)1e-6)
#define DZ ((real)1e-6)
#define LOWER_X ((real)0)
#define LOWER_Y ((real)0)
#define LOWER_Z ((real)0)
#define HDT_DX ((real)(0.5e-15 / 1e-6))
#define HDT_DY ((real)(0.5e-15 / 1e-6))
#define HDT_DZ ((real)(0.5e-15 / 1e-6))
#define C2DT_DX ((real)(8.987551787368176e16 * 1e-15 / 1e-6))
#define C2DT_DY ((real)(8.987551787368176e16 * 1e-15 / 1e-6))
#define C2DT_DZ ((real)(8.987551787368176e16 * 1e-15 / 1e-6))
#define DT_EPS0 ((real)(1e-15 / 8.8541878128e-12))
#define CELL_VOLUME ((real)1e-18)
#define INV_C2 ((real)1.1126500560536184e-17)
#define DT_DX ((real)1e-9)
#define DT_DY ((real)1e-9)
#define DT_DZ ((real)1e-9)
#define SHAPE_ORDER 1
#define DEPOSIT_ATOMIC 0
#define DEPOSIT_LOCAL_TILES 0
#define CELL_LISTS_DUAL 0
#define PARTICLE_HOLES 0
#define PARTICLE_IDS 1
#define PARTICLE_WEIGHTS 1
#define PARTICLE_LEVELS 1
#define PARTICLE_SORT 1
#define SORT_BX 1
#define SORT_BY 1
#define SORT_BZ 1
#define JX_PER_QW ((real)-1e33)
#define JY_PER_QW ((real)-1e33)
#define JZ_PER_QW ((real)-1e33)
#define SHAPE_ORDER_LOW 0
#define GRID_COLLOCATED 0
#define BC_X_PERIODIC 1
#define BC_Y_PERIODIC 1
#define BC_Z_PERIODIC 1
#define BC_X_LO_PEC 0
#define BC_X_HI_PEC 0
#define BC_Y_LO_PEC 0
#define BC_Y_HI_PEC 0
#define BC_Z_LO_PEC 0
#define BC_Z_HI_PEC 0
#define BC_X_LO_ABSORBING 0
#define BC_X_HI_ABSORBING 0
#define BC_Y_LO_ABSORBING 0
#define BC_Y_HI_ABSORBING 0
#define BC_Z_LO_ABSORBING 0
#define BC_Z_HI_ABSORBING 0
#define BC_X_LO_REFLECTING 0
#define BC_X_HI_REFLECTING 0
#define BC_Y_LO_REFLECTING 0
#define BC_Y_HI_REFLECTING 0
#define BC_Z_LO_REFLECTING 0
#define BC_Z_HI_REFLECTING 0
#define BC_ALL_PERIODIC 1
#define BC_X_LO_AXIS 0
/* PML cells per face: stand-ins with a PML on both x faces, so that pml.cl compiles kernels */
#define PML_X_LO 2
#define PML_X_HI 2
#define PML_Y_LO 0
#define PML_Y_HI 0
#define PML_Z_LO 0
#define PML_Z_HI 0
#define PML_PART_REALS 0L
#define PML_SIGMA_X ((acc_real)1.2e15)
#define PML_SIGMA_Y ((acc_real)1.2e15)
#define PML_SIGMA_Z ((acc_real)1.2e15)
#define PML_ORDER 3
#define PML_PSI_X_LO 0L
#define PML_SLAB_X_LO 128L
#define PML_PSI_X_HI 512L
#define PML_SLAB_X_HI 128L
#define PML_ITEM_X_LO 0L
#define PML_ITEM_X_HI 128L
#define PML_EACH_SLAB(DO) DO(X, Y, Z, LO, 0, 0) DO(X, Y, Z, HI, 1, 1)
#define PML_ITEMS 256L
#endif

/* The moving window's axis (window.cl), when a run has one. */
#ifndef WINDOW_AXIS
#define WINDOW_AXIS 2
#endif
#ifndef WINDOW_SKIP_LO
#define WINDOW_SKIP_LO 0
#define WINDOW_SKIP_HI 0
#endif

/* The CKC solver's weights (maxwell_ckc.cl) on a cubic grid: Cowan's 7/12, 1/12, 1/48. */
#ifndef CKC_ALPHA_X
#define CKC_ALPHA_X ((real)(7.0 / 12.0))
#define CKC_ALPHA_Y ((real)(7.0 / 12.0))
#define CKC_ALPHA_Z ((real)(7.0 / 12.0))
#define CKC_BETA_XY ((real)(1.0 / 12.0))
#define CKC_BETA_XZ ((real)(1.0 / 12.0))
#define CKC_BETA_YX ((real)(1.0 / 12.0))
#define CKC_BETA_YZ ((real)(1.0 / 12.0))
#define CKC_BETA_ZX ((real)(1.0 / 12.0))
#define CKC_BETA_ZY ((real)(1.0 / 12.0))
#define CKC_GAMMA_X ((real)(1.0 / 48.0))
#define CKC_GAMMA_Y ((real)(1.0 / 48.0))
#define CKC_GAMMA_Z ((real)(1.0 / 48.0))
#endif

/* One species' macros, as the generator writes them before each inclusion. */
#ifndef SP_SUFFIX
#define SP_SUFFIX _0
#define SP_QDT_2M ((real)-8.8e-5)
#define SP_Q ((real)-1.602176634e-19)
#define SP_RHO_PER_W ((real)-1.6e-1)
#define SP_PPC_X 1
#define SP_PPC_Y 1
#define SP_PPC_Z 1
#define SP_HAS_REGION 0
#define SP_DENSITY(x, y, z) ((acc_real)1e25)
#define SP_W_PER_DENSITY ((acc_real)1e-18)
#define SP_SEED_LO 1u
#define SP_SEED_HI 0u
#define SP_UD_X(x, y, z) ((acc_real)0)
#define SP_UD_Y(x, y, z) ((acc_real)0)
#define SP_UD_Z(x, y, z) ((acc_real)0)
#define SP_UTH_X(x, y, z) ((acc_real)0.01)
#define SP_UTH_Y(x, y, z) ((acc_real)0.01)
#define SP_UTH_Z(x, y, z) ((acc_real)0.01)
#define SP_THERMAL 0
#define SP_FROZEN 1
#define SP_THETA(x, y, z) ((acc_real)0)
#define SP_BEAM_N 1000
#define SP_WEIGHT ((acc_real)6.2e3)
#define SP_ZQ(i) ((real)1)
#define SP_LEVEL0 0
#define SP_BEAM_CUT ((acc_real)3.999)
#define SP_BEAM_CX ((acc_real)4e-6)
#define SP_BEAM_CY ((acc_real)4e-6)
#define SP_BEAM_CZ ((acc_real)4e-6)
#define SP_BEAM_SX ((acc_real)5e-7)
#define SP_BEAM_SY ((acc_real)5e-7)
#define SP_BEAM_SZ ((acc_real)5e-7)
#define INIT_Ex(x, y, z) ((real)0)
#define INIT_Ey(x, y, z) ((real)0)
#define INIT_Ez(x, y, z) ((real)0)
#define INIT_Bx(x, y, z) ((real)0)
#define INIT_By(x, y, z) ((real)0)
#define INIT_Bz(x, y, z) ((real)0)
#endif

/* One laser's macros, as the generator writes them before each inclusion of laser.cl. */
#ifndef LASER_SUFFIX
#define LASER_SUFFIX _0
#define LASER_AXIS 0
#define LASER_B 1
#define LASER_C 2
#define LASER_E_PLANE 2
#define LASER_B_PLANE 1
#define LASER_X_ANTENNA ((acc_real)2e-6)
#define LASER_POL_B ((acc_real)1)
#define LASER_POL_C ((acc_real)0)
#define LASER_J_PER_E ((acc_real)-2.65e-3)
#define LASER_B_PER_E ((acc_real)5e-10)
#define LASER_DELAY ((acc_real)1.7e-15)
#define LASER_HAS_PROFILE 0
#define LASER_AMP ((acc_real)1e12)
#define LASER_CENTER_B ((acc_real)4e-6)
#define LASER_CENTER_C ((acc_real)4e-6)
#define LASER_INV_W2 ((acc_real)1e11)
#define LASER_CURV ((acc_real)0)
#define LASER_T_PEAK ((acc_real)3e-14)
#define LASER_INV_TAU2 ((acc_real)1e27)
#define LASER_OMEGA ((acc_real)2.35e15)
#define LASER_PHASE0 ((acc_real)0)
#define LASER_HAS_B 1
#define LASER_HAS_C 1
#define LASER_OBLIQUE 0
#endif
