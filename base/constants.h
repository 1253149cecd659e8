/* constants.h: physical constants (SI, CODATA 2018), one definition for the generator, which
 * writes them into every program, and the runtime, which uses them for diagnostics. */
#ifndef PICL_CONSTANTS_H
#define PICL_CONSTANTS_H

#define PICL_C 299792458.0
#define PICL_EPS0 8.8541878128e-12
#define PICL_MU0 1.25663706212e-6
#define PICL_Q_E 1.602176634e-19
#define PICL_M_E 9.1093837015e-31
#define PICL_M_P 1.67262192369e-27
#define PICL_PI 3.14159265358979323846

#endif
