/* device.h: the OpenCL device a rank runs on: selection by index, type or name, the context
 * and an in-order profiling queue, and its row of the traits table (base/traits.c). */
#ifndef PICL_DEVICE_H
#define PICL_DEVICE_H

#include <stdio.h>

#include <CL/cl.h>

#include "traits.h"

/* The calls that block the host on the queue (a blocking read or write, clFinish,
 * clWaitForEvents), counted by what makes them: `picl run -v` prints them per step, and
 * docs/speed.md ("Host synchronisation") says why each one that remains in a step is there. */
#define DEVICE_WAIT_KINDS 16
struct device_waits {
    const char *what[DEVICE_WAIT_KINDS]; /* static strings; the last slot takes any overflow */
    long count[DEVICE_WAIT_KINDS];
    int n;
};

struct device {
    cl_platform_id platform;
    cl_device_id id;
    cl_context context;
    cl_command_queue queue;
    int index; /* in the order `picl devices` lists */
    char name[256], vendor[256], version[256], driver[256], platform_name[256];
    cl_device_type type;
    cl_ulong global_mem, max_alloc, local_mem;
    cl_uint compute_units, mem_align_bits;
    const struct device_traits *traits; /* its kind's defaults */
    struct gen_device facts;
    struct device_waits waits;
};

/* Prints every platform and device with its key limits. Returns nonzero when none exists. */
int device_list(FILE *out);
/* spec: NULL or "" (a GPU if there is one, else the first device), an index, "cpu", "gpu",
 * or a case-insensitive substring of the device name. */
int device_open(struct device *dev, const char *spec, char *err, size_t err_len);
/* The same for the local_rank-th rank of a node: without a spec, the ranks take the node's GPUs
 * in turn. */
int device_open_ranked(struct device *dev, const char *spec, int local_rank, char *err, size_t err_len);
void device_close(struct device *dev);
/* One more blocking call for the reason `what` (a string literal). */
void device_waited(struct device *dev, const char *what);
/* All blocking calls counted so far. */
long device_waits_total(const struct device *dev);
const char *device_error_name(cl_int code);
/* 0 when rc is CL_SUCCESS; otherwise "<what> failed: <the error's name>" in err and -1. */
int device_check(cl_int rc, const char *what, char *err, size_t err_len);

#endif
