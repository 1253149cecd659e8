/* psatd_inputs.h: the PSATD inputs that the box and the rank tests share (test_psatd_boxes.c,
 * tests/mpi/test_mpi_psatd.c): fixture_config formats whose first %s is grid.max_box. */
#ifndef PICL_PSATD_INPUTS_H
#define PICL_PSATD_INPUTS_H

#include "fixture.h"

/* a plane wave oblique to the box faces, 2 x 3 periods, c dt = 2 dx (no CFL limit) */
#define PSATD_INPUT_VACUUM_2D                                                                                    \
    FIXTURE_INPUT                                                                                                \
    "  geometry = '2d',\n"                                                                                       \
    "  grid = { cells = {32, 32}, lower = {0, 0}, upper = {32e-6, 32e-6}, max_box = %s },\n"                     \
    "  boundary = { field = 'periodic', particles = 'periodic' },\n"                                             \
    "  solver = { name = 'psatd', dt = 6.671281903963041e-15 }, steps = 1, precision = 'double',\n"             \
    "  constants = { kx = 392699.0816987241, kz = 589048.6225480862 },\n"                                        \
    "  fields = { Ey = '1e9*cos(kx*x + kz*z)', Bx = '-1e9/299792458*0.8320502943378437*cos(kx*x + kz*z)',\n"    \
    "             Bz = '1e9/299792458*0.5547001962252291*cos(kx*x + kz*z)' },\n"                                 \
    "}\n"

/* WarpX's Langmuir set-up (tests/unit/test_psatd_langmuir.c) on 32^2; the second %s is the deposition */
#define PSATD_INPUT_LANGMUIR_2D                                                                                  \
    FIXTURE_INPUT                                                                                                \
    "  geometry = '2d',\n"                                                                                       \
    "  grid = { cells = {32, 32}, lower = {-20e-6, -20e-6}, upper = {20e-6, 20e-6}, max_box = %s },\n"           \
    "  boundary = { field = 'periodic', particles = 'periodic' },\n"                                             \
    "  solver = { name = 'psatd', cfl = 0.7071067811865475 }, steps = 1, precision = 'double',\n"               \
    "  shape_order = 1, deposition = '%s',\n"                                                                    \
    "  constants = { a = 0.0083, k = 314159.2653589793 },\n"                                                     \
    "  species = {\n"                                                                                            \
    "    { name = 'electrons', particle = 'electron', density = 2e24, ppc = {2, 2},\n"                           \
    "      u_drift = { 'a*sin(k*x)*cos(k*z)', 0, 'a*cos(k*x)*sin(k*z)' } },\n"                                   \
    "    { name = 'positrons', particle = 'positron', density = 2e24, ppc = {2, 2},\n"                           \
    "      u_drift = { '-a*sin(k*x)*cos(k*z)', 0, '-a*cos(k*x)*sin(k*z)' } },\n"                                 \
    "  },\n}\n"

#endif
