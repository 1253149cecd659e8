/* signals.c: the stop request. The handler only stores the signal's number in a
 * volatile sig_atomic_t, the one thing a handler may safely do; the time loop reads it once a
 * step, and under MPI every rank takes the largest over the ranks, so that a signal that reached
 * one rank stops them all after the same step (and the checkpoint they write together). This flag
 * is the second of picl's two pieces of global mutable state (the first is the log level): a
 * handler has no other way to reach the run. */
#include "signals.h"

#include <signal.h>
#include <string.h>

#include <mpi.h>

static volatile sig_atomic_t stop_requested = 0;
static struct sigaction saved_term, saved_int;
static int installed = 0;

static void on_signal(int sig) { stop_requested = sig; }

void signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* SA_RESETHAND: a second Ctrl-C or SIGTERM ends the process the usual way. SA_RESTART: a
     * system call the signal interrupts (a file write, MPI's socket I/O) carries on. */
    sa.sa_flags = SA_RESETHAND | SA_RESTART;
    stop_requested = 0;
    sigaction(SIGTERM, &sa, &saved_term);
    sigaction(SIGINT, &sa, &saved_int);
    installed = 1;
}

void signals_restore(void)
{
    if (!installed)
        return;
    sigaction(SIGTERM, &saved_term, NULL);
    sigaction(SIGINT, &saved_int, NULL);
    installed = 0;
}

int signals_pending(void)
{
    int sig = stop_requested, up = 0, down = 0;
    MPI_Initialized(&up);
    if (up)
        MPI_Finalized(&down);
    if (up && !down) {
        int any = sig;
        MPI_Allreduce(&sig, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        sig = any;
    }
    return sig;
}

const char *signals_name(int sig)
{
    return sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "a signal";
}
