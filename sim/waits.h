/* waits.h: the host's blocking calls on the queue (runtime/device.h) during the time loop,
 * split into those inside sim_step and those around it (diagnostics, output), for `picl run -v`
 * and the test that keeps the step's count where docs/speed.md says it is. */
#ifndef PICL_WAITS_H
#define PICL_WAITS_H

#include "device.h"
#include "kernel.h"

/* slot DEVICE_WAIT_KINDS: timers_collect's waits (counted by the timers, not the device) */
struct wait_tally {
    long mark[DEVICE_WAIT_KINDS + 1];
    long in_step[DEVICE_WAIT_KINDS + 1];
    long outside[DEVICE_WAIT_KINDS + 1];
};

/* The counts now, from which the next waits_since counts. */
void waits_mark(struct wait_tally *w, const struct device *dev, const struct timers *t);
/* The waits since the last mark, added to the step's (in_step nonzero) or the rest's; marks. */
void waits_since(struct wait_tally *w, const struct device *dev, const struct timers *t, int in_step);
/* The step's waits per step, by reason, then the others', as debug messages. */
void waits_report(const struct wait_tally *w, const struct device *dev, long steps);
/* The step's waits over all steps counted. */
long waits_in_step(const struct wait_tally *w);

#endif
