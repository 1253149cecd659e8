/* waits.c: the tally of the host's blocking calls in the time loop (waits.h). */
#include "waits.h"

#include <string.h>

#include "log.h"

static void counts(const struct device *dev, const struct timers *t, long now[DEVICE_WAIT_KINDS + 1])
{
    memset(now, 0, sizeof(long) * (DEVICE_WAIT_KINDS + 1));
    for (int i = 0; i < dev->waits.n; i++)
        now[i] = dev->waits.count[i];
    now[DEVICE_WAIT_KINDS] = t->waits;
}

void waits_mark(struct wait_tally *w, const struct device *dev, const struct timers *t)
{
    counts(dev, t, w->mark);
}

void waits_since(struct wait_tally *w, const struct device *dev, const struct timers *t, int in_step)
{
    long now[DEVICE_WAIT_KINDS + 1];
    counts(dev, t, now);
    long *into = in_step ? w->in_step : w->outside;
    for (int i = 0; i <= DEVICE_WAIT_KINDS; i++)
        into[i] += now[i] - w->mark[i];
    memcpy(w->mark, now, sizeof now);
}

long waits_in_step(const struct wait_tally *w)
{
    long n = 0;
    for (int i = 0; i <= DEVICE_WAIT_KINDS; i++)
        n += w->in_step[i];
    return n;
}

static const char *reason(const struct device *dev, int i)
{
    return i == DEVICE_WAIT_KINDS ? "timers_collect: the kernels' profiling events, once a step" : dev->waits.what[i];
}

void waits_report(const struct wait_tally *w, const struct device *dev, long steps)
{
    if (steps <= 0)
        return;
    long outside = 0;
    for (int i = 0; i <= DEVICE_WAIT_KINDS; i++)
        outside += w->outside[i];
    log_debug("host waits: %.2f blocking calls per step inside the step (%ld steps; docs/speed.md, \"Host "
              "synchronisation\"), %ld around the steps (diagnostics, output)",
              (double)waits_in_step(w) / (double)steps, steps, outside);
    for (int i = 0; i <= DEVICE_WAIT_KINDS; i++)
        if (w->in_step[i])
            log_debug("host waits:   %6.2f per step  %s", (double)w->in_step[i] / (double)steps, reason(dev, i));
    for (int i = 0; i <= DEVICE_WAIT_KINDS; i++)
        if (w->outside[i])
            log_debug("host waits:   %6ld around   %s", w->outside[i], reason(dev, i));
}
