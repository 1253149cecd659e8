/* kernel.c: kernel objects, launches and the per-kernel time table. Events are kept until
 * timers_collect (once a step) so that reading them never stalls the queue mid-step. */
#include "kernel.h"

#include <string.h>

#include "device.h"
#include "kargs.h"
#include "kernel_iface.h"

static int timer_id(struct timers *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->entry[i].name, name))
            return i;
    if (t->n == TIMER_MAX)
        return TIMER_MAX - 1; /* the last slot absorbs overflow rather than failing a run */
    snprintf(t->entry[t->n].name, sizeof t->entry[t->n].name, "%s", name);
    return t->n++;
}

int kernel_create(struct kernel *kn, cl_program prog, const char *name, struct timers *t, char *err,
                  size_t err_len)
{
    return kernel_create_timed(kn, prog, name, name, t, err, err_len);
}

int kernel_create_timed(struct kernel *kn, cl_program prog, const char *name, const char *timer, struct timers *t,
                        char *err, size_t err_len)
{
    cl_int rc;
    memset(kn, 0, sizeof *kn);
    kn->k = clCreateKernel(prog, name, &rc);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "kernel %s: clCreateKernel failed: %s", name, device_error_name(rc));
        return -1;
    }
    snprintf(kn->name, sizeof kn->name, "%s", name);
    kn->timer = timer_id(t, timer);
    kn->args = kargs_find(name);
    return 0;
}

void kernel_release(struct kernel *kn)
{
    if (kn->k)
        clReleaseKernel(kn->k);
    kn->k = NULL;
}

static int set_at(struct kernel *kn, int i, const char *name, size_t size, const void *value, char *err,
                  size_t err_len)
{
    cl_int rc = clSetKernelArg(kn->k, (cl_uint)i, size, value);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "kernel %s: argument %s: %s", kn->name, name, device_error_name(rc));
        return -1;
    }
    return 0;
}

int kernel_set(struct kernel *kn, const char *name, size_t size, const void *value, char *err, size_t err_len)
{
    const int i = kn->args ? kargs_index(kn->args, kn->variant, name) : -1;
    if (i < 0) {
        snprintf(err, err_len, "kernel %s: no argument %s", kn->name, name);
        return -1;
    }
    return set_at(kn, i, name, size, value, err, err_len);
}

int kernel_set_acc(struct kernel *kn, const char *name, int fp64, double value, char *err, size_t err_len)
{
    const float vf = (float)value;
    return kernel_set(kn, name, fp64 ? sizeof value : sizeof vf, fp64 ? (const void *)&value : (const void *)&vf, err,
                      err_len);
}

int kernel_mem(struct kernel *kn, const char *name, cl_mem mem, char *err, size_t err_len)
{
    return kernel_set(kn, name, sizeof(cl_mem), &mem, err, err_len);
}

int kernel_particles(struct kernel *kn, const cl_mem *mems, char *err, size_t err_len)
{
    /* each array the kernel's parameter list names; the others it does not take */
#define SET_ARRAY(E, name, param, type, kept)                                                    \
    {                                                                                            \
        const int i = kn->args ? kargs_index(kn->args, kn->variant, #param) : -1;                \
        if (i >= 0 && set_at(kn, i, #param, sizeof(cl_mem), &mems[PA_##E], err, err_len))       \
            return -1;                                                                           \
    }
    PICL_PARTICLE_ARRAYS(SET_ARRAY)
    PICL_PARTICLE_SCRATCH(SET_ARRAY)
#undef SET_ARRAY
    return 0;
}

int kernel_launch(struct kernel *kn, cl_command_queue q, struct timers *t, cl_uint dims, const size_t *global,
                  const size_t *local, char *err, size_t err_len)
{
    for (cl_uint d = 0; d < dims; d++)
        if (global[d] == 0)
            return 0; /* nothing to do: an empty species, say */
    if (t->n_pending == TIMER_PENDING)
        timers_collect(t);
    cl_event ev;
    cl_int rc = clEnqueueNDRangeKernel(q, kn->k, dims, NULL, global, local, 0, NULL, &ev);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "kernel %s: launch over %zu x %zu x %zu failed: %s", kn->name, global[0],
                 dims > 1 ? global[1] : 1, dims > 2 ? global[2] : 1, device_error_name(rc));
        return -1;
    }
    t->pending[t->n_pending] = ev;
    t->pending_timer[t->n_pending] = kn->timer;
    t->n_pending++;
    t->launches++;
    return 0;
}

void timers_collect(struct timers *t)
{
    if (t->n_pending == 0)
        return;
    clWaitForEvents((cl_uint)t->n_pending, t->pending);
    t->waits++;
    for (int i = 0; i < t->n_pending; i++) {
        cl_ulong start = 0, end = 0;
        clGetEventProfilingInfo(t->pending[i], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
        clGetEventProfilingInfo(t->pending[i], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
        struct timer_entry *e = &t->entry[t->pending_timer[i]];
        e->seconds += end > start ? (double)(end - start) * 1e-9 : 0.0;
        e->launches++;
        clReleaseEvent(t->pending[i]);
    }
    t->n_pending = 0;
}

double timers_total(const struct timers *t)
{
    double s = 0;
    for (int i = 0; i < t->n; i++)
        s += t->entry[i].seconds;
    return s;
}

void timers_print(const struct timers *t, long steps, FILE *out)
{
    double total = timers_total(t);
    int order[TIMER_MAX];
    for (int i = 0; i < t->n; i++)
        order[i] = i;
    for (int i = 1; i < t->n; i++) /* insertion sort by time, largest first */
        for (int k = i; k > 0 && t->entry[order[k]].seconds > t->entry[order[k - 1]].seconds; k--) {
            int tmp = order[k];
            order[k] = order[k - 1];
            order[k - 1] = tmp;
        }
    fprintf(out, "%-28s %12s %7s %14s %14s\n", "kernel", "seconds", "share", "ms per step", "launches/step");
    for (int r = 0; r < t->n; r++) {
        const struct timer_entry *e = &t->entry[order[r]];
        if (e->launches == 0)
            continue;
        fprintf(out, "%-28s %12.4f %6.1f%% %14.4f %14.2f\n", e->name, e->seconds,
                total > 0 ? 100.0 * e->seconds / total : 0.0, steps > 0 ? 1e3 * e->seconds / steps : 0.0,
                steps > 0 ? (double)e->launches / steps : 0.0);
    }
    fprintf(out, "%-28s %12.4f %6.1f%%\n", "all kernels", total, 100.0);
}

void timers_release(struct timers *t)
{
    for (int i = 0; i < t->n_pending; i++)
        clReleaseEvent(t->pending[i]);
    t->n_pending = 0;
}

void timers_reset(struct timers *t)
{
    timers_collect(t);
    for (int i = 0; i < t->n; i++) {
        t->entry[i].seconds = 0;
        t->entry[i].launches = 0;
    }
}
