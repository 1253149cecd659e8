/* common.cl: where things are in the field buffer. All components of all boxes live in one
 * buffer F: component c of box b starts at F + c * COMP_STRIDE + b * BOX_STRIDE. */
#ifndef PICL_COMMON_CL
#define PICL_COMMON_CL
#ifndef PICL_PRELUDE
#include "defaults.cl"
#include "kernel_iface.h"
#endif

/* Offset of cell (i, j, k) of a box, i in [-NGX, NX + NGX): valid cells are [0, NX). NGX = NGY
 * = NGZ = NG in 3D; a dropped axis of 2D or 1D has no guards (NGY 0). */
#define IDX(i, j, k) ((i) + NGX + ((j) + NGY) * SY + ((k) + NGZ) * SZ)

/* A term along an axis 2D or 1D drops (a derivative, a move) is compiled out there: ALONG_Y(e)
 * is (e) in 3D and 0 in 2D and 1D, ALONG_X(e) 0 in 1D. */
#if HAS_X
#define ALONG_X(e) (e)
#else
#define ALONG_X(e) ((real)0)
#endif
#if HAS_Y
#define ALONG_Y(e) (e)
#else
#define ALONG_Y(e) ((real)0)
#endif
#if HAS_Z
#define ALONG_Z(e) (e)
#else
#define ALONG_Z(e) ((real)0)
#endif

/* Start of component c of box b. */
#define COMP(F, c, b) ((F) + (c) * COMP_STRIDE + (b) * BOX_STRIDE)

/* The E and B the particles gather: the Godfrey-filtered copy (godfrey.cl) where the run has
 * one, GODFREY_EB_OFFSET reals after the solver's fields in the same buffer; F itself otherwise. */
#ifdef GODFREY_FILTER
#define GATHER_EB(F) ((F) + GODFREY_EB_OFFSET)
#else
#define GATHER_EB(F) (F)
#endif

/* The particles' faces along axis a, in cells of the domain: the domain's faces, or a PML's
 * inner edge where there is one (particles never enter a PML; flux injection starts there). */
#define PART_FACE_LO(a) ((a) == 0 ? PML_X_LO : (a) == 1 ? PML_Y_LO : PML_Z_LO)
#define PART_FACE_HI(a) ((a) == 0 ? CELLS_X - PML_X_HI : (a) == 1 ? CELLS_Y - PML_Y_HI : CELLS_Z - PML_Z_HI)

/* Box index from its position in the box grid, x fastest. */
#define BOX_INDEX(bx, by, bz) ((bx) + NBX * ((by) + NBY * (bz)))

/* Position of global box g in the box grid, and the lower corner of local box s in cells of
 * the domain (BOX_GID: the generator's map of this rank's boxes). */
#define BOX_X(g) ((g) % NBX)
#define BOX_Y(g) (((g) / NBX) % NBY)
#define BOX_Z(g) ((g) / (NBX * NBY))
#define BOX_ORIGIN(s, ox, oy, oz)                                                                \
    const real ox = (real)(BOX_X(BOX_GID(s)) * NX), oy = (real)(BOX_Y(BOX_GID(s)) * NY),       \
               oz = (real)(BOX_Z(BOX_GID(s)) * NZ)

/* Cell-centred work items: get_global_id(2) runs over NZ cells of every box in turn. */
#define CELL_ITEM(i, j, k, b)                                                                    \
    const int i = (int)get_global_id(0);                                                       \
    const int j = (int)get_global_id(1);                                                       \
    const int b = (int)get_global_id(2) / NZ;                                                  \
    const int k = (int)get_global_id(2) - b * NZ

/* The box table (BT_*) and the particle arrays are kernel_iface.h's, emitted before this. */
/* The x of a slot a particle left (PARTICLE_HOLES strategies) until particles_deliver fills it:
 * no particle is ever there. */
#define HOLE_X ((real)-1e30)
/* Slot i of the attributes a run may leave out (gen/particle_attrs.c), in kernels whose
 * arrays are named pw and pid: without weights every particle of the species weighs
 * SP_WEIGHT, without ids there is nothing to keep. */
#if PARTICLE_WEIGHTS
#define WEIGHT_AT(i) (pw[i])
#define SET_WEIGHT(i, v) (pw[i] = (v))
#else
#define WEIGHT_AT(i) ((real)SP_WEIGHT)
#define SET_WEIGHT(i, v) ((void)0)
#endif
#if PARTICLE_IDS
#define ID_AT(i) (pid[i])
#define SET_ID(i, v) (pid[i] = (v))
#else
#define ID_AT(i) 0UL
#define SET_ID(i, v) ((void)0)
#endif
/* The charge state (array plevel) where some species is ionizable (templates/ionize.cl); a
 * species' own charge factor is SP_ZQ(i) (gen/ionization.c): its level, or 1. */
#if PARTICLE_LEVELS
#define LEVEL_AT(i) (plevel[i])
#define SET_LEVEL(i, v) (plevel[i] = (v))
#else
#define LEVEL_AT(i) 0
#define SET_LEVEL(i, v) ((void)0)
#endif
#endif /* PICL_COMMON_CL */
