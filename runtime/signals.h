/* signals.h: SIGTERM and SIGINT during a run ask it to stop at the end of the current step,
 * write a checkpoint and exit 0 (batch systems send SIGTERM ahead of the time limit). */
#ifndef PICL_SIGNALS_H
#define PICL_SIGNALS_H

/* Installs the handlers (a second signal of the same kind then stops the process at once). */
void signals_install(void);
/* Puts the previous handlers back. */
void signals_restore(void);
/* The signal that asked the run to stop, or 0; under MPI, any rank's request counts for all
 * (collective: every rank calls it at the same point of the step). */
int signals_pending(void);
const char *signals_name(int sig);

#endif
