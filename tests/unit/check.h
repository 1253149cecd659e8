/* check.h: the smallest test harness that can say what failed and by how much.
 * Each test binary ends with the line "N passed, N failed" and exits nonzero on failure. */
#ifndef PICL_CHECK_H
#define PICL_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                                           \
    do {                                                                                      \
        if (cond) {                                                                           \
            check_passed++;                                                                   \
        } else {                                                                              \
            check_failed++;                                                                   \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                            \
        }                                                                                     \
    } while (0)

/* |got - want| <= tol * max(|want|, floor): a relative tolerance with an absolute floor. */
#define CHECK_NEAR(got, want, tol)                                                            \
    do {                                                                                      \
        double g_ = (got), w_ = (want), t_ = (tol);                                           \
        double e_ = fabs(g_ - w_) / (fabs(w_) > 1e-300 ? fabs(w_) : 1.0);                     \
        if (e_ <= t_) {                                                                       \
            check_passed++;                                                                   \
        } else {                                                                              \
            check_failed++;                                                                   \
            printf("FAIL %s:%d: %s = %.15g, want %.15g (relative error %.3g > %.3g)\n",      \
                   __FILE__, __LINE__, #got, g_, w_, e_, t_);                                 \
        }                                                                                     \
    } while (0)

/* Prints a measured figure so the test log records it. */
#define REPORT(...)                                                                           \
    do {                                                                                      \
        printf("  ");                                                                         \
        printf(__VA_ARGS__);                                                                  \
        printf("\n");                                                                         \
    } while (0)

static int check_finish(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
