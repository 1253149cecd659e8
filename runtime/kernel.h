/* kernel.h: launching kernels and timing them with OpenCL profiling events. Every launch
 * goes through kernel_launch, so the launch count per step and the time table are exact. */
#ifndef PICL_KERNEL_H
#define PICL_KERNEL_H

#include <stdio.h>

#include <CL/cl.h>

#define TIMER_MAX 64
#define TIMER_PENDING 512

struct timer_entry {
    char name[64];
    double seconds; /* device time, from the profiling events */
    long launches;
};

struct timers {
    struct timer_entry entry[TIMER_MAX];
    int n;
    cl_event pending[TIMER_PENDING];
    int pending_timer[TIMER_PENDING];
    int n_pending;
    long launches; /* all kernels, ever */
    long waits; /* timers_collect's clWaitForEvents, ever (the host waits of device.h) */
};

struct kargs_row;

/* args: the kernel's parameters (kargs.c, found by name); variant: which of those that some
 * programs only have this program's kernel has (enum kargs_variant; 0 unless the caller says). */
struct kernel {
    cl_kernel k;
    int timer;
    char name[64];
    const struct kargs_row *args;
    unsigned variant;
};

int kernel_create(struct kernel *kn, cl_program prog, const char *name, struct timers *t, char *err,
                  size_t err_len);
/* The same, timed under `timer` rather than the kernel's name: one kernel serving several jobs
 * (the guard exchanges) compiles once and still shows each job in the time table. */
int kernel_create_timed(struct kernel *kn, cl_program prog, const char *name, const char *timer, struct timers *t,
                        char *err, size_t err_len);
void kernel_release(struct kernel *kn);
/* Sets the argument named `name` (the template's parameter) to `size` bytes at `value` (NULL with
 * a size: local memory); on failure names kernel and argument. */
int kernel_set(struct kernel *kn, const char *name, size_t size, const void *value, char *err, size_t err_len);
/* A scalar acc_real argument: double where the device has fp64 (fp64 nonzero), else float. */
int kernel_set_acc(struct kernel *kn, const char *name, int fp64, double value, char *err, size_t err_len);
/* The same for a buffer. */
int kernel_mem(struct kernel *kn, const char *name, cl_mem mem, char *err, size_t err_len);
/* Sets every particle array the kernel takes (templates/kernel_iface.h) from mems[PA_...]. */
int kernel_particles(struct kernel *kn, const cl_mem *mems, char *err, size_t err_len);
/* Enqueues over `global` (dims 1..3) with `local` (NULL: the driver chooses). */
int kernel_launch(struct kernel *kn, cl_command_queue q, struct timers *t, cl_uint dims, const size_t *global,
                  const size_t *local, char *err, size_t err_len);

/* Reads the profiling times of finished launches (waits for them) and releases the events. */
void timers_collect(struct timers *t);
/* The table at the end of a run: each timer's total, share and launches per step. */
void timers_print(const struct timers *t, long steps, FILE *out);
double timers_total(const struct timers *t);
void timers_release(struct timers *t);
/* Forgets the times and counts so far (set-up), keeping the timers' names. */
void timers_reset(struct timers *t);

#endif
